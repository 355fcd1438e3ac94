#!/usr/bin/env bash
# Sets up, builds, and runs layout-opt's layout passes on the bundled example:
# encoding specialization, then transfer planning with its explanations
# (remarks on stderr). Later passes join as they land.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
build_dir="$("$root/scripts/build.sh" | tail -n 1)"
example="${1:-$root/examples/two-devices.mlir}"
flags=(--stream-lite-specialize-encodings --stream-lite-materialize-builtins
       --remarks-filter=stream-lite-materialize-builtins)
echo "== layout-opt ${flags[*]} $example"
"$build_dir/bin/layout-opt" "${flags[@]}" "$example"
