#!/usr/bin/env bash
# Times, in one run, `layout-opt` parse+print against parse+specialize+print
# on generated modules of 1k, 10k and 100k tensor-phase ops; prints the
# pass's overhead ratio and the growth factor per 10x ops.
# usage: bench/run-specialize.sh [build-dir] [repetitions]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
reps="${2:-3}"
opt="$build/bin/layout-opt"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Best of $reps wall-clock seconds of a command.
best() {
  local best_time=""
  for _ in $(seq "$reps"); do
    local start end t
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best_time" ] || [ "$(echo "$t < $best_time" | bc -l)" = 1 ]; then best_time=$t; fi
  done
  echo "$best_time"
}

printf "%8s %12s %12s %8s %10s\n" ops parse+print +specialize ratio growth
prev=""
for n in 1000 10000 100000; do
  # The testing mix: the modules its recorded numbers were measured on.
  python3 "$root/bench/gen_module.py" "$n" --mix testing > "$work/m$n.mlir"
  base=$(best "$opt" "$work/m$n.mlir" -o /dev/null)
  pass=$(best "$opt" "$work/m$n.mlir" --stream-lite-specialize-encodings -o /dev/null)
  ratio=$(echo "$pass / $base" | bc -l)
  growth="-"
  if [ -n "$prev" ]; then growth=$(printf "%.2fx" "$(echo "$pass / $prev" | bc -l)"); fi
  printf "%8d %11.3fs %11.3fs %7.2fx %10s\n" "$n" "$base" "$pass" "$ratio" "$growth"
  prev=$pass
done
