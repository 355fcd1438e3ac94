#!/usr/bin/env bash
# Differential soak of programs whose user kernels see their bindings
# through dispatch.tensor views (gen_program.py --views), in chunks so that
# it can stop between them: touch $OUT/stop. One layout-run at a time.
# usage: bench/soak-views.sh [build-dir] [seeds] [first-seed] [chunk] [out-dir]
# Per chunk, $OUT/chunk-FIRST.log holds run_differential.py's report and
# the chunk's wall seconds; failing programs are kept in $OUT/failures.
# SOAK_PASSES (default none) is run_differential.py's --passes; with
# SOAK_VIEW_REUSE=1 the programs also reuse view executables across layouts
# and devices, merge view-kernel results and read untied results
# (--view-reuse); SOAK_REGION_MERGES=1 with it makes half of the two-armed
# merges scf.execute_region ops (--region-merges).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
seeds="${2:-2000}"
first="${3:-100000}"
chunk="${4:-250}"
out="${5:-$root/build/soak-views}"
mkdir -p "$out"
end=$((first + seeds))
for ((s = first; s < end; s += chunk)); do
  [[ -e "$out/stop" ]] && { echo "stopped before seed $s"; exit 0; }
  n=$((end - s < chunk ? end - s : chunk))
  t0=$(date +%s)
  python3 "$root/tools/layout-fuzz/run_differential.py" "$build/bin/layout-run" \
    --views ${SOAK_VIEW_REUSE:+--view-reuse} ${SOAK_REGION_MERGES:+--region-merges} --no-huge --passes "${SOAK_PASSES:-none}" --seeds "$n" --first "$s" \
    --timeout 120 --keep "$out/failures" > "$out/chunk-$s.log" 2>&1
  echo "wall: $(( $(date +%s) - t0 )) s" >> "$out/chunk-$s.log"
  tail -2 "$out/chunk-$s.log"
done
