#!/usr/bin/env bash
# Sets up, builds, and runs layout-opt on the bundled example.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
build_dir="$("$root/scripts/build.sh" | tail -n 1)"
example="${1:-$root/examples/two-devices.mlir}"
echo "== layout-opt $example"
"$build_dir/bin/layout-opt" "$example"
