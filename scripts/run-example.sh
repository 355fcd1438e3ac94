#!/usr/bin/env bash
# Sets up, builds, and runs the bundled example: layout-opt's layout pipeline
# (encoding specialization, transfer planning with its explanations as
# remarks on stderr, lowering to byte-level async ops), then layout-run
# executes it and compares it bit for bit with its encoding-free reference.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
build_dir="$("$root/scripts/build.sh" | tail -n 1)"
example="${1:-$root/examples/two-devices.mlir}"
flags=(--stream-lite-layout-pipeline
       --remarks-filter=stream-lite-materialize-builtins)
echo "== layout-opt ${flags[*]} $example"
"$build_dir/bin/layout-opt" "${flags[@]}" "$example"
echo "== layout-run $example --input=3x4xf32=1,...,12 --input=index=3 --compare-to-reference --check-padding"
"$build_dir/bin/layout-run" "$example" --input=3x4xf32=1,2,3,4,5,6,7,8,9,10,11,12 \
  --input=index=3 --compare-to-reference --check-padding
