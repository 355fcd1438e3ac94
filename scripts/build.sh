#!/usr/bin/env bash
# Configures and builds layout-opt into build/ (or $LAYOUT_OPT_BUILD_DIR).
# `--sanitizers` builds with ASan+UBSan and assertions into build-sanitizers/
# instead; with clang-22 installed (an optional package of
# ./scripts/setup.sh) that build uses clang and also builds the libFuzzer
# targets, so one build serves the sanitizer suite and the fuzz run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${LAYOUT_OPT_BUILD_DIR:-$root/build}"
extra=()
if [ "${1:-}" = "--sanitizers" ]; then
  build_dir="${LAYOUT_OPT_BUILD_DIR:-$root/build-sanitizers}"
  # -O1 and line tables only: what sanitizer reports need (symbolized
  # frames), at a shorter build than -O2 -g.
  extra+=(-DLAYOUT_OPT_ENABLE_SANITIZERS=ON -DLAYOUT_OPT_ENABLE_ASSERTIONS=ON
          -DCMAKE_BUILD_TYPE=RelWithDebInfo
          "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG"
          "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG")
  if command -v clang++-22 >/dev/null && command -v clang-22 >/dev/null; then
    extra+=(-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
            -DLAYOUT_OPT_ENABLE_FUZZERS=ON)
    # A cache made with another compiler cannot switch: start over.
    cache="$build_dir/CMakeCache.txt"
    if [ -f "$cache" ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++-22$' "$cache"; then
      echo "build.sh: $build_dir was configured with another compiler; reconfiguring" >&2
      rm -rf "$cache" "$build_dir/CMakeFiles"
    fi
  else
    echo "build.sh: clang-22 not installed: sanitizer build with the default compiler, no fuzz targets" >&2
    extra+=(-DLAYOUT_OPT_ENABLE_FUZZERS=OFF)
  fi
fi
cmake -G Ninja -S "$root" -B "$build_dir" "${extra[@]}" >&2
cmake --build "$build_dir" >&2
echo "$build_dir"
