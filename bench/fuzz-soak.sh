#!/usr/bin/env bash
# Runs the libFuzzer targets (tools/layout-fuzz/targets), as many at once as
# the machine has cores ($FUZZ_JOBS to override), for a fixed budget each
# (each target is one process on one core), under ASan+UBSan with
# -rss_limit_mb=2048
# -timeout=10, and prints per target the inputs executed and the findings
# (crashes, sanitizer reports, asserts, leaks, timeouts, out-of-memory).
# Exits 1 when any target has a finding. .ci/run runs it with 30 seconds.
# usage: bench/fuzz-soak.sh [build-dir] [seconds-per-target] [target...]
#   build-dir: a build with LAYOUT_OPT_ENABLE_FUZZERS (default
#              build-sanitizers/, what `scripts/build.sh --sanitizers` makes
#              with clang-22); targets: parse passes layout hosttensor.
# Seeds come from tools/layout-fuzz/make_corpus.py (lit tests split at
# `// -----`, generated programs); what the fuzzer adds is kept in
# <build-dir>/fuzz/corpus/<target>, findings in <build-dir>/fuzz/findings/.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build-sanitizers}"
seconds="${2:-300}"
shift 2 2>/dev/null || shift $#
targets=("$@")
[ "${#targets[@]}" -eq 0 ] && targets=(parse passes layout hosttensor)
declare -A dicts=([parse]=mlir.dict [passes]=mlir.dict [hosttensor]=hosttensor.dict)

work="$build/fuzz"
python3 "$root/tools/layout-fuzz/make_corpus.py" "$work/seeds" >/dev/null || exit 2
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

parallel="${FUZZ_JOBS:-$(nproc)}"
[ "$parallel" -ge 1 ] 2>/dev/null || parallel=1

# Runs target $1; its exit status goes to $work/$1.status.
run_target() {
  local t="$1"
  local bin="$build/bin/layout-fuzz-$t"
  mkdir -p "$work/corpus/$t" "$work/findings/$t"
  local log="$work/$t.log"
  local flags=(-rss_limit_mb=2048 -timeout=10 -max_total_time="$seconds"
               -print_final_stats=1 -artifact_prefix="$work/findings/$t/")
  [ -n "${dicts[$t]:-}" ] && flags+=(-dict="$root/tools/layout-fuzz/targets/${dicts[$t]}")
  "$bin" "${flags[@]}" "$work/corpus/$t" "$work/seeds/$t" >"$log" 2>&1
  echo $? >"$work/$t.status"
}

for t in "${targets[@]}"; do
  if [ ! -x "$build/bin/layout-fuzz-$t" ]; then
    echo "fuzz-soak: $build/bin/layout-fuzz-$t missing (build with LAYOUT_OPT_ENABLE_FUZZERS, scripts/build.sh --sanitizers)" >&2
    exit 2
  fi
done
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do
    wait -n
  done
  rm -f "$work/$t.status"
  run_target "$t" &
done
wait

total=0
found=0
printf '%-12s %12s %8s %9s  %s\n' target executed exec/s findings log
for t in "${targets[@]}"; do
  log="$work/$t.log"
  status=$(cat "$work/$t.status" 2>/dev/null || echo 2)
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  if [ -z "$executed" ]; then
    executed=$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#')
  fi
  executed=${executed:-0}
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  n=0
  if [ "$status" -ne 0 ]; then
    n=1
    echo "== $t: finding (exit $status), last lines of $log:" >&2
    grep -E 'FUZZ FINDING|ERROR: |SUMMARY|Test unit written|assert|LLVM ERROR' "$log" | head -n 12 >&2
  fi
  total=$((total + executed))
  found=$((found + n))
  printf '%-12s %12s %8s %9s  %s\n' "$t" "$executed" "${rate:-?}" "$n" "$log"
done
printf '%-12s %12s %8s %9s\n' total "$total" "" "$found"
[ "$found" -eq 0 ]
