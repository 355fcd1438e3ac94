#!/usr/bin/env bash
# Sets up, builds, and runs every test: the lit suite, which includes the
# Catch2 unit tests (test/Unit; ctest would run them a second time) and the
# installed-package consumer test. `--sanitizers` does the same on an
# ASan+UBSan build (any report fails).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
build_dir="$("$root/scripts/build.sh" "$@" | tail -n 1)"
if [ "${1:-}" = "--sanitizers" ]; then
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
fi
cmake --build "$build_dir" --target check-layout-opt
