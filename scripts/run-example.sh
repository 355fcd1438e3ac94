#!/usr/bin/env bash
# Sets up, builds, and runs a bundled example: layout-opt's layout pipeline
# (encoding specialization, transfer planning with its explanations as
# remarks on stderr, lowering to byte-level async ops), then runs it.
#
# Usage: run-example.sh [EXAMPLE.mlir]
# EXAMPLE is one of the programs in examples/ (default
# examples/two-devices.mlir), each run with its own inputs, as
# test/examples/*.test run them:
#   two-devices.mlir, mlp-two-devices.mlir: layout-run executes @main on
#     fixed inputs and compares it bit for bit with its encoding-free
#     reference, checking that the padding of tiled tensors stays zero;
#   print-tiled.mlir (its @main takes no arguments and prints its result):
#     the to-llvm pipeline, run by upstream mlir-runner.
# Another program is refused before anything is built: run it with
# build/bin/layout-run PROGRAM.mlir --input=SPEC... (docs/tools.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
example="${1:-$root/examples/two-devices.mlir}"
if [ "$#" -gt 1 ]; then
  echo "usage: $0 [EXAMPLE.mlir]" >&2
  exit 2
fi
bundled="examples/two-devices.mlir, examples/mlp-two-devices.mlir or examples/print-tiled.mlir in $root"
if [ ! -f "$example" ]; then
  echo "$0: error: no file '$example'; the bundled examples are $bundled" >&2
  exit 2
fi
# The example's absolute path, to tell the bundled ones from other files
# of the same name.
example="$(cd "$(dirname "$example")" && pwd)/$(basename "$example")"
runner=layout-run
inputs=()
case "$example" in
  "$root/examples/two-devices.mlir")
    inputs=("--input=3x4xf32=1,2,3,4,5,6,7,8,9,10,11,12" "--input=index=3") ;;
  "$root/examples/mlp-two-devices.mlir")
    inputs=("--input=4x6xf32=1,-2,3,0.5,1,2,0,1,-1,2,3,-0.5,2,2,2,2,2,2,-1,-1,1,1,0,3"
            "--input=6x5xf32=0.5,-1,1,2,0,1,0.5,-0.5,1,2,-1,1,0,0.25,1,0.5,0.5,0.5,-1,1,2,0,1,1,-2,1,1,-1,0.5,0"
            "--input=5x3xf32=1,0,-1,0.5,2,1,-1,1,0,2,-0.5,0.25,1,1,1") ;;
  "$root/examples/print-tiled.mlir")
    runner=mlir-runner ;;
  *)
    echo "$0: error: '$example' is not a bundled example, whose inputs this script knows ($bundled); run another program with build/bin/layout-run PROGRAM.mlir --input=SPEC... (docs/tools.md)" >&2
    exit 2 ;;
esac
"$root/scripts/setup.sh"
build_dir="$("$root/scripts/build.sh" | tail -n 1)"
flags=(--stream-lite-layout-pipeline
       --remarks-filter=stream-lite-materialize-builtins)
echo "== layout-opt ${flags[*]} $example"
"$build_dir/bin/layout-opt" "${flags[@]}" "$example"
if [ "$runner" = mlir-runner ]; then
  llvm_bin=/usr/lib/llvm-22/bin
  runner_utils=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so
  echo "== layout-opt --stream-lite-to-llvm-pipeline $example | mlir-runner -e main -entry-point-result=void -shared-libs=$runner_utils"
  "$build_dir/bin/layout-opt" --stream-lite-to-llvm-pipeline "$example" |
    "$llvm_bin/mlir-runner" -e main -entry-point-result=void \
      -shared-libs="$runner_utils"
else
  echo "== layout-run $example ${inputs[*]} --compare-to-reference --check-padding"
  "$build_dir/bin/layout-run" "$example" "${inputs[@]}" \
    --compare-to-reference --check-padding
fi
