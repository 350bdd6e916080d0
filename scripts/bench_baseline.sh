#!/usr/bin/env bash
# The bench baseline that CI's regression gate compares against, and the gate itself.
#
#   scripts/bench_baseline.sh            # (re)make results/bench_baseline.csv: commit it, reviewed,
#                                        # with any change that alters a solver's work or counts
#   scripts/bench_baseline.sh --check    # the CI gate: the same counts, then `regress` against
#                                        # the committed baseline (exit 1 on a regression)
#
# The gate counts, it does not time: `bench --measure instructions --count-with callgrind` runs
# the passes under valgrind and counts the instructions of the solve calls alone, and the
# simulated cache hits that estimate cycles (docs/counting.md). The counts are the same on any
# x86-64 machine whatever its load, so the gate can be tight: a (dataset, solver) fails when its
# instructions per puzzle grew by more than 1% (regress --count-tolerance; another checkout of
# the same commit counts them the same to 0.001%), its estimated cycles by more than 5%
# (--cycles-tolerance: cache misses move with the memory layout, up to 1.2% between checkouts),
# any work counter (records, nodes, guesses, backtracks, statuses) changed at all, or it is
# missing. New solvers appear as "new" and pass until added here.
#
# The set is fixed and small (about 10 s of CPU on an idle machine; well under a minute on a
# loaded 2-core one), yet reaches every solver and size: the first 50 puzzles of
# datasets/default.txt through every 9x9 solver (the naive baseline is slow, so only there);
# the first 100 of three shared sets of known difficulty (very easy, moderate, hardest) through
# the fast ones, and of datasets/multi_solution_17plus.txt and multi_solution_34.txt (several
# solutions; 17 givens or more, 34-35) at limit 2, where the search goes on past the first
# solution; 16x16 and 25x25 puzzles through dlx and wide; nonograms through every nonogram solver
# (the default, nonogram-cdcl, also on the first 30 of a tournament set, which reach its CaDiCaL
# stage).
#
# Environment: BUILD_DIR (default build), SHARED (default ../shared/datasets), BENCH_OUT (--check:
# where the current CSV goes; default a temp file), BENCH_REPORT (--check: where the markdown
# report goes, e.g. a CI job summary), SUDOKU_SIMD (default avx2: the vector path of propagation
# and scored, which the baseline was counted with; valgrind runs up to AVX2. A CPU without AVX2
# must make its own baseline with its own SUDOKU_SIMD: the report says when they differ).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
SHARED=${SHARED:-../shared/datasets}
EXE="$BUILD_DIR/sudoku-bench"
BASELINE=results/bench_baseline.csv
check=0
[ "${1:-}" = "--check" ] && check=1
[ -x "$EXE" ] || { echo "bench_baseline: $EXE not built (run scripts/setup.sh)" >&2; exit 2; }
export SUDOKU_SIMD=${SUDOKU_SIMD:-avx2}

COUNT=(--measure instructions --count-with callgrind --baseline-solver dlx --seed 1)
NONO=datasets/nonogram

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS
"$EXE" bench datasets/default.txt -s backtracking,propagation,scored,dlx,logic --first 50 "${COUNT[@]}" \
  -o "$tmp/a.csv" >/dev/null
"$EXE" bench "$SHARED/17_clue.txt" "$SHARED/magictour_top1465.txt" "$SHARED/forum_hardest_1106.txt" \
  -s propagation,scored,dlx --first 100 "${COUNT[@]}" -o "$tmp/b.csv" >/dev/null
"$EXE" bench datasets/multi_solution_17plus.txt datasets/multi_solution_34.txt -s propagation,scored,dlx --first 100 \
  --limit 2 "${COUNT[@]}" -o "$tmp/g.csv" >/dev/null
"$EXE" bench datasets/sudoku16_40-50.txt datasets/sudoku25_310-360.txt -s dlx,wide --first 10 "${COUNT[@]}" \
  -o "$tmp/c.csv" >/dev/null
"$EXE" bench "$NONO/sgt_pattern_10x10.txt" -s nonogram-line,nonogram-backtracking --first 30 \
  --measure instructions --count-with callgrind --seed 1 -o "$tmp/d.csv" >/dev/null
"$EXE" bench "$NONO/sgt_pattern_15x15.txt" "$NONO/gen_20x20_not_line.txt" -s nonogram-line --first 30 \
  --measure instructions --count-with callgrind --seed 1 -o "$tmp/e.csv" >/dev/null
"$EXE" bench "$NONO/sgt_pattern_15x15.txt" "$NONO/gen_20x20_not_line.txt" "$SHARED/nonogram/taai2011-question.txt" \
  -s nonogram-cdcl --first 30 --measure instructions --count-with callgrind --seed 1 -o "$tmp/f.csv" >/dev/null
# One file: regress reads concatenated bench CSVs (repeated `#` and header lines are skipped).
cat "$tmp"/[a-g].csv > "$tmp/current.csv"
echo "bench_baseline: counted in $((SECONDS - start)) s (SUDOKU_SIMD=$SUDOKU_SIMD)" >&2

if [ "$check" = 0 ]; then
  cp "$tmp/current.csv" "$BASELINE"
  echo "bench_baseline: wrote $BASELINE" >&2
  exit 0
fi
[ -n "${BENCH_OUT:-}" ] && cp "$tmp/current.csv" "$BENCH_OUT"
report=()
[ -n "${BENCH_REPORT:-}" ] && report=(-o "$BENCH_REPORT")
rc=0
"$EXE" regress "$BASELINE" "$tmp/current.csv" "${report[@]}" || rc=$?
echo "bench_baseline: the gate took $((SECONDS - start)) s" >&2
exit "$rc"
