#!/usr/bin/env bash
# Interestingness test for layout-reduce (upstream's reduction tree):
#
#   layout-reduce prog.mlir -o reduced.mlir \
#     '-reduction-tree=traversal-mode=0 test=scripts/interesting-mismatch.sh test-arg=--input=f32=2'
#
# Usage: interesting-mismatch.sh [LAYOUT-RUN OPTION]... PROGRAM.mlir
# Runs `layout-run PROGRAM.mlir --compare-to-reference --zero-buffers
# OPTION...` (the tree passes its test-args first and the candidate last).
# Interesting (exit 1, what the tree wants) when the results differ from
# the reference (layout-run's exit 1) or layout-run crashes (a signal).
# Not interesting (exit 0): a clean pass, bad input (exit 2: a program that
# does not parse, verify, lower or pass its runtime checks), or a run that
# takes longer than $LAYOUT_REDUCE_TIMEOUT seconds (default 60).
# --zero-buffers makes contents a reduction left undefined (tensor.empty)
# read the same in both runs, so they cannot fake a mismatch.
# layout-run is $LAYOUT_RUN, else the one next to this script (where
# `cmake --install` puts both), else the one in this checkout's build/bin.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ -x "$here/layout-run" ]; then
  default_layout_run="$here/layout-run"
else
  # cd, not the path as it is: a symlinked scripts/ stays in its checkout.
  default_layout_run="$(cd "$here/.." && pwd)/build/bin/layout-run"
fi
layout_run="${LAYOUT_RUN:-$default_layout_run}"
if [ "$#" -lt 1 ]; then
  echo "usage: $0 [LAYOUT-RUN OPTION]... PROGRAM.mlir" >&2
  exit 0
fi
if [ ! -x "$layout_run" ]; then
  echo "$0: error: no layout-run at '$layout_run' (set LAYOUT_RUN)" >&2
  exit 0
fi
program="${*: -1}"
options=("${@:1:$#-1}")
# No symbolizer on a crash: a crash handler that forks it can hang on a
# heap the crash corrupted. The group's redirection also silences bash's
# own report of a child killed by a signal ("line N: PID Aborted ...").
{
  LLVM_DISABLE_SYMBOLIZATION=1 timeout -s KILL "${LAYOUT_REDUCE_TIMEOUT:-60}" \
    "$layout_run" "$program" --compare-to-reference --zero-buffers \
    "${options[@]}" >/dev/null 2>&1
} 2>/dev/null
status=$?
# 137 is timeout's KILL: a hang, not a crash.
if [ "$status" -eq 1 ] || { [ "$status" -ge 128 ] && [ "$status" -ne 137 ]; }; then
  exit 1
fi
exit 0
