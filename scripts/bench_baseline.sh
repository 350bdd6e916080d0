#!/usr/bin/env bash
# The bench baseline that CI's regression gate compares against, and the gate itself.
#
#   scripts/bench_baseline.sh            # (re)make results/bench_baseline.csv: commit it with any
#                                        # change that alters a solver's work counters
#   scripts/bench_baseline.sh --check    # the CI gate: the same bench, then `regress` against
#                                        # the committed baseline (exit 1 on a regression)
#
# Inputs are small and fixed so the gate takes well under a minute on 2 cores: the first 100
# puzzles of datasets/default.txt through every 9x9 solver named below (the naive baseline is
# slow, so only there), and the first 200 of three shared sets of known difficulty (very easy,
# moderate, hardest) through the fast solvers. `-j 1`: a second thread on a loaded 2-core
# machine only adds noise, and the counters are the same for any thread count.
#
# What fails the gate: any change in a work counter (records, nodes, guesses, backtracks,
# statuses: exact, machine-independent), a missing (dataset, solver), or a solver whose speed
# relative to dlx, measured in the same run, fell more than 4x (--tolerance 300%) with
# Mann-Whitney significance over 5 repetitions. Time is judged only that widely because the
# baseline may come from another machine and CI machines are noisy; set BENCH_TIME_REPORT_ONLY=1
# to report time without gating on it. New solvers appear as "new" and pass until added here.
#
# Environment: BUILD_DIR (default build), SHARED (default ../shared/datasets),
# BENCH_OUT (--check: where the current CSV goes; default a temp file).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
SHARED=${SHARED:-../shared/datasets}
EXE="$BUILD_DIR/sudoku-bench"
BASELINE=results/bench_baseline.csv
check=0
[ "${1:-}" = "--check" ] && check=1
[ -x "$EXE" ] || { echo "bench_baseline: $EXE not built (run scripts/setup.sh)" >&2; exit 2; }

ALL_SOLVERS=backtracking,propagation,scored,dlx,logic   # every 9x9 solver; the ratios are to dlx
FAST_SOLVERS=propagation,scored,dlx        # those that finish the hard sets quickly
COMMON=(--baseline-solver dlx --reps 5 --warmup 0.05 --min-time 0.1 -j 1 --seed 1)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$EXE" bench datasets/default.txt -s "$ALL_SOLVERS" --first 100 "${COMMON[@]}" -o "$tmp/a.csv"
"$EXE" bench "$SHARED/17_clue.txt" "$SHARED/magictour_top1465.txt" "$SHARED/forum_hardest_1106.txt" \
  -s "$FAST_SOLVERS" --first 200 "${COMMON[@]}" -o "$tmp/b.csv"
# One file: regress reads concatenated bench CSVs (repeated `#` and header lines are skipped).
cat "$tmp/a.csv" "$tmp/b.csv" > "$tmp/current.csv"

if [ "$check" = 0 ]; then
  cp "$tmp/current.csv" "$BASELINE"
  echo "bench_baseline: wrote $BASELINE" >&2
  exit 0
fi
[ -n "${BENCH_OUT:-}" ] && cp "$tmp/current.csv" "$BENCH_OUT"
time_gate=(--metric ratio --tolerance 300%)
[ "${BENCH_TIME_REPORT_ONLY:-0}" = 1 ] && time_gate+=(--time-report-only)
"$EXE" regress "$BASELINE" "$tmp/current.csv" "${time_gate[@]}"
