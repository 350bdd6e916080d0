#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (clang, ASan + UBSan, in build-fuzz/) and runs them, one
# process a target and as many at once as there are cores, then prints executions, speed,
# coverage and findings per target.
#
#   scripts/fuzz.sh --ci                  # CI: every target for 5 s from its seed corpus
#   scripts/fuzz.sh --runs 10000000       # a campaign: this many executions per target
#   scripts/fuzz.sh --seconds 3600        # a campaign: this long per target
#   scripts/fuzz.sh --runs 1000000 --targets fuzz_csv,fuzz_gzip
#   scripts/fuzz.sh --ci --no-build       # run what build-fuzz/ holds
#
# Work files stay out of the repository: the corpus each target grows and its findings go to
# --work DIR (default: ${TMPDIR:-/tmp}/sudoku-fuzz, kept between campaigns so they resume; --ci
# uses a fresh directory, removed unless something was found). fuzz/corpus/<target>/ (the
# committed seeds) and fuzz/<target>.dict are only read. Exit status 1 when a target finds a
# crash, a sanitizer report, a broken invariant, a leak, a timeout or an out-of-memory; the
# reproducer is WORK/<target>/findings/*, rerun with: build-fuzz/fuzz/<target> FILE
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

mode="" runs="" seconds="" work="" build=1
targets="fuzz_lines,fuzz_csv,fuzz_grid,fuzz_gzip,fuzz_bench_csv,fuzz_nonogram_id,fuzz_tournament,fuzz_non,fuzz_nin"
while (($#)); do
  case "$1" in
    --ci) mode=ci; seconds=5 ;;
    --runs) mode=campaign; runs="$2"; shift ;;
    --seconds) mode=campaign; seconds="$2"; shift ;;
    --targets) targets="$2"; shift ;;
    --work) work="$2"; shift ;;
    --no-build) build=0 ;;
    -h|--help) usage ;;
    *) echo "fuzz.sh: unknown option '$1'" >&2; usage ;;
  esac
  shift
done
[ -n "$mode" ] || usage

BUILD_DIR=${FUZZ_BUILD_DIR:-build-fuzz}
if [ "$build" = 1 ]; then
  command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ is missing (scripts/setup.sh installs it)" >&2; exit 2; }
  echo "== fuzz: building the targets in $BUILD_DIR (clang, libFuzzer, ASan + UBSan)" >&2
  CC=clang CXX=clang++ cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSUDOKU_FUZZ=ON \
    -DSUDOKU_TESTS=OFF -DSUDOKU_BENCH=OFF >/dev/null
  # At most 2 compile jobs: the machines this runs on are small and shared.
  cmake --build "$BUILD_DIR" -j "$(( $(nproc) < 2 ? $(nproc) : 2 ))" --target fuzz_targets >/dev/null
fi

fresh=0
if [ -z "$work" ]; then
  if [ "$mode" = ci ]; then work=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-fuzz-ci.XXXXXX"); fresh=1
  else work="${TMPDIR:-/tmp}/sudoku-fuzz"; fi
fi
mkdir -p "$work"

# Symbolized stacks in the reports when LLVM's symbolizer is there.
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ]; then
  for s in "$(command -v llvm-symbolizer || true)" /usr/lib/llvm-*/bin/llvm-symbolizer; do
    if [ -x "$s" ]; then export ASAN_SYMBOLIZER_PATH="$s"; break; fi
  done
fi
# allocator_release_to_os_interval_ms=-1: ASan's periodic return of freed memory (madvise) stalled for
# over 10 s on this VM under load, three times in one campaign, and libFuzzer called each stall
# a timeout; every such input ran in 0.2-0.4 s alone (results/fuzz.md).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_release_to_os_interval_ms=-1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

limits=()
[ -n "$runs" ] && limits+=(-runs="$runs")
[ -n "$seconds" ] && limits+=(-max_total_time="$seconds")

# One target: its libFuzzer process, then its line of the summary in WORK/<target>/summary and,
# when it found something, WORK/<target>/failed.
fuzz_one() {
  local t=$1 bin="$BUILD_DIR/fuzz/$1" log="$work/$1/last.log" dict=() start rc=0
  [ -f "fuzz/$t.dict" ] && dict=(-dict="fuzz/$t.dict")
  echo "== fuzz: $t (${runs:+$runs runs}${seconds:+$seconds s}), log $log" >&2
  start=$(date +%s.%N)
  # New inputs go to the work corpus (the first directory); the committed seeds are only read.
  "$bin" "${limits[@]}" "${dict[@]}" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/$t/findings/" \
    "$work/$t/corpus" "fuzz/corpus/$t" >"$log" 2>&1 || rc=$?
  local secs execs rate added last cov ft corp found
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  added=$(sed -n 's/^stat::new_units_added: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$last")
  found=$(find "$work/$t/findings" -type f | wc -l)
  if [ "$rc" != 0 ] || [ "$found" != 0 ]; then
    touch "$work/$t/failed"
    { echo "fuzz.sh: $t FOUND something (exit $rc): $work/$t/findings/, log $log"
      grep -E 'ERROR|invariant broken|SUMMARY|runtime error' "$log" | head -5 || true; } >&2
  fi
  printf '%-16s %12s %8s %7s %8s %7s %9s %9s  %s\n' "$t" "${execs:-?}" "${rate:-?}" \
    "$secs" "${cov:-?}" "${ft:-?}" "${corp:-?}" "${added:-?}" "$found" >"$work/$t/summary"
}

# As many targets at once as there are cores, each one process on one core.
IFS=, read -r -a list <<<"$targets"
for t in "${list[@]}"; do
  [ -x "$BUILD_DIR/fuzz/$t" ] || { echo "fuzz.sh: no $BUILD_DIR/fuzz/$t (build it, or check --targets)" >&2; exit 2; }
  [ -d "fuzz/corpus/$t" ] || { echo "fuzz.sh: no seed corpus fuzz/corpus/$t" >&2; exit 2; }
  mkdir -p "$work/$t/corpus" "$work/$t/findings"
  rm -f "$work/$t/failed" "$work/$t/summary"
done
for t in "${list[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
  fuzz_one "$t" &
done
wait

status=0
summary=$(printf '%-16s %12s %8s %7s %8s %7s %9s %9s  %s' target executions exec/s seconds cov ft corpus new findings)
for t in "${list[@]}"; do
  [ -f "$work/$t/summary" ] || { echo "fuzz.sh: $t left no summary" >&2; status=1; continue; }
  summary+=$'\n'$(cat "$work/$t/summary")
  [ -e "$work/$t/failed" ] && status=1
done

echo "$summary"
if [ "$fresh" = 1 ] && [ "$status" = 0 ]; then rm -rf "$work"; else echo "work directory: $work"; fi
exit "$status"
