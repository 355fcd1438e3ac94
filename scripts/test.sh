#!/usr/bin/env bash
# Sets up, builds, and runs every test: the lit suite (which includes the
# Catch2 unit tests and the installed-package consumer test), then ctest.
# `--sanitizers` does the same on an ASan+UBSan build (any report fails).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
build_dir="$("$root/scripts/build.sh" "$@" | tail -n 1)"
if [ "${1:-}" = "--sanitizers" ]; then
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
fi
status=0
cmake --build "$build_dir" --target check-layout-opt || status=1
(cd "$build_dir" && ctest --output-on-failure) || status=1
exit $status
