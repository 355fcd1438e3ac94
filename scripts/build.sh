#!/usr/bin/env bash
# Configures and builds layout-opt into build/ (or $LAYOUT_OPT_BUILD_DIR).
# `--sanitizers` builds with ASan+UBSan into build-sanitizers/ instead.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${LAYOUT_OPT_BUILD_DIR:-$root/build}"
extra=()
if [ "${1:-}" = "--sanitizers" ]; then
  build_dir="${LAYOUT_OPT_BUILD_DIR:-$root/build-sanitizers}"
  extra+=(-DLAYOUT_OPT_ENABLE_SANITIZERS=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo)
fi
cmake -G Ninja -S "$root" -B "$build_dir" "${extra[@]}" >&2
cmake --build "$build_dir" >&2
echo "$build_dir"
