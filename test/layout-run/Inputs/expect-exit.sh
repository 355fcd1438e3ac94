#!/bin/sh
# expect-exit.sh [--memory-limit-mb=N] CODE COMMAND...: runs COMMAND with
# stderr merged into stdout (and, with --memory-limit-mb, an address-space
# limit of N MiB) and succeeds only if it exits with CODE. An exit by a
# signal shows here as a status above 128, which no CODE the tests expect
# matches. (The suite runs this some 200 times: a shell starts in a few
# milliseconds, Python in a quarter of a second on the CI machines.)
case "${1:-}" in
--memory-limit-mb=*)
  ulimit -v $((${1#--memory-limit-mb=} * 1024)) || exit 1
  shift
  ;;
esac
want=${1:-}
case "$want" in
'' | *[!0-9]*)
  echo "expect-exit.sh: CODE must be a number, not '$want'"
  exit 2
  ;;
esac
shift
"$@" 2>&1
code=$?
if [ "$code" -ne "$want" ]; then
  echo "expect-exit.sh: exit code $code, expected $want"
  exit 1
fi
