#!/usr/bin/env bash
# Long differential soak: random programs through layout-run
# --compare-to-reference --check-padding. Failing programs are kept.
# usage: bench/soak-differential.sh [build-dir] [seeds] [first-seed]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
seeds="${2:-5000}"
first="${3:-1}"
exec python3 "$root/tools/layout-fuzz/run_differential.py" "$build/bin/layout-run" \
  --seeds "$seeds" --first "$first" --perturb-dims --keep "${SOAK_KEEP_DIR:-$root/build/soak-failures}"
