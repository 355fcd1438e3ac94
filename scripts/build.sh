#!/usr/bin/env bash
# Configures and builds layout-opt into build/ (or $LAYOUT_OPT_BUILD_DIR).
# `--sanitizers` builds with ASan+UBSan and assertions into build-sanitizers/
# instead; with clang-22 installed (an optional package of
# ./scripts/setup.sh) that build also builds the libFuzzer targets, so one
# build serves the sanitizer suite and the fuzz run.
#
# Both builds use clang-22 when it is installed and CC/CXX do not name
# another compiler: the project compiles in about a quarter of g++'s CPU
# time with it (bench/README.md, "Build time"), and CI's time limit
# counts. Without clang-22 the default compiler (g++) builds the same.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${LAYOUT_OPT_BUILD_DIR:-$root/build}"
extra=()
use_clang=0
if [ -z "${CC:-}${CXX:-}" ] && command -v clang++-22 >/dev/null && command -v clang-22 >/dev/null; then
  use_clang=1
  extra+=(-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22)
fi
if [ "${1:-}" = "--sanitizers" ]; then
  build_dir="${LAYOUT_OPT_BUILD_DIR:-$root/build-sanitizers}"
  # -O1 and line tables only: what sanitizer reports need (symbolized
  # frames), at a shorter build than -O2 -g.
  extra+=(-DLAYOUT_OPT_ENABLE_SANITIZERS=ON -DLAYOUT_OPT_ENABLE_ASSERTIONS=ON
          -DCMAKE_BUILD_TYPE=RelWithDebInfo
          "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG"
          "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG")
  if [ "$use_clang" -eq 1 ]; then
    extra+=(-DLAYOUT_OPT_ENABLE_FUZZERS=ON)
  else
    echo "build.sh: clang-22 not used: sanitizer build with ${CXX:-the default compiler}, no fuzz targets" >&2
    extra+=(-DLAYOUT_OPT_ENABLE_FUZZERS=OFF)
  fi
fi
# A cache made with another compiler cannot switch: start over.
cache="$build_dir/CMakeCache.txt"
if [ "$use_clang" -eq 1 ] && [ -f "$cache" ] &&
   ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++-22$' "$cache"; then
  echo "build.sh: $build_dir was configured with another compiler; reconfiguring with clang-22" >&2
  rm -rf "$cache" "$build_dir/CMakeFiles"
fi
cmake -G Ninja -S "$root" -B "$build_dir" "${extra[@]}" >&2
cmake --build "$build_dir" >&2
echo "$build_dir"
