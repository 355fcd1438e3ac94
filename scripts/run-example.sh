#!/usr/bin/env bash
# Sets up, builds, and runs layout-opt's layout pipeline on the bundled
# example: encoding specialization, transfer planning (its explanations as
# remarks on stderr) and the lowering to byte-level async ops.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
build_dir="$("$root/scripts/build.sh" | tail -n 1)"
example="${1:-$root/examples/two-devices.mlir}"
flags=(--stream-lite-layout-pipeline
       --remarks-filter=stream-lite-materialize-builtins)
echo "== layout-opt ${flags[*]} $example"
"$build_dir/bin/layout-opt" "${flags[@]}" "$example"
