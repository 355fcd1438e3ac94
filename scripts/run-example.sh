#!/usr/bin/env bash
# Sets up, builds, and runs layout-opt's layout passes on the bundled example
# (today: encoding specialization; later passes join as they land).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
build_dir="$("$root/scripts/build.sh" | tail -n 1)"
example="${1:-$root/examples/two-devices.mlir}"
echo "== layout-opt --stream-lite-specialize-encodings $example"
"$build_dir/bin/layout-opt" --stream-lite-specialize-encodings "$example"
