#!/usr/bin/env bash
# Interestingness test for layout-reduce (upstream's reduction tree):
#
#   layout-reduce prog.mlir \
#     '-reduction-tree=traversal-mode=0 test=scripts/interesting-mismatch.sh test-arg=--input=f32=2'
#
# Usage: interesting-mismatch.sh [LAYOUT-RUN OPTION]... PROGRAM.mlir
# Runs `layout-run PROGRAM.mlir --compare-to-reference OPTION...` (the
# reduction tree passes its `test-arg`s first and the candidate file last).
# The program is interesting (exit 1, as the reduction tree expects) when
# layout-run finds a mismatch with the reference (its exit code 1) or
# crashes (killed by a signal); anything else, including bad input (exit 2)
# and success, is not (exit 0). layout-run is $LAYOUT_RUN, else the one in
# this checkout's build/bin.
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
layout_run="${LAYOUT_RUN:-$root/build/bin/layout-run}"
if [ "$#" -lt 1 ]; then
  echo "usage: $0 [LAYOUT-RUN OPTION]... PROGRAM.mlir" >&2
  exit 0
fi
program="${*: -1}"
options=("${@:1:$#-1}")
"$layout_run" "$program" --compare-to-reference "${options[@]}" >/dev/null 2>&1
status=$?
if [ "$status" -eq 1 ] || [ "$status" -ge 128 ]; then
  exit 1
fi
exit 0
