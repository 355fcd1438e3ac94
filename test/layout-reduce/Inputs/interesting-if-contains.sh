#!/usr/bin/env bash
# Interesting (exit 1) when the candidate (the last argument) contains the
# text given first: for testing the reduction patterns without layout-run.
grep -qF -- "$1" "${@: -1}" && exit 1
exit 0
