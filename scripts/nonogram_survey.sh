#!/usr/bin/env bash
# The 14 puzzles of Wolter's survey (../shared/datasets/nonogram/survey/, .nin files) through
# nonogram-cdcl on one thread, at limit 1 (a picture) and limit 2 (uniqueness proved or a
# second picture), each file a run of its own with a per-puzzle time limit; every answer is
# verified against the clues by the tool. One line per (puzzle, limit): the status, the
# solve's own time (the rows' time_ns: the puzzle alone, no process start), the process's CPU
# time (user + sys, start-up and reading included), probes and conflicts.
#   BUILD_DIR=build scripts/nonogram_survey.sh OUT_DIR [TIME_LIMIT_S]   # default 120
# (SURVEY_DIR=... when the shared datasets are not at ../shared/datasets.)
set -euo pipefail
cd "$(dirname "$0")/.."
B="${BUILD_DIR:-build}/sudoku-bench"
OUT="${1:?output folder}"
T="${2:-120}"
S="${SURVEY_DIR:-../shared/datasets/nonogram/survey}"
mkdir -p "$OUT"
printf '%-14s %-6s %-5s %-16s %12s %8s %10s %10s\n' puzzle size limit status solve_s cpu_s probes conflicts
for f in "$S"/*.nin; do
  name=$(basename "$f" .nin)
  size=$(head -1 "$f" | tr -d '\r' | awk '{ print $1 "x" $2 }')
  for limit in 1 2; do
    rows="$OUT/$name.limit$limit.csv"
    /usr/bin/time -f '%U %S' -o "$OUT/time.txt" "$B" solve "$f" -s nonogram-cdcl -j 1 --limit $limit \
      --time-limit "$T" -o "$rows" >"$OUT/$name.limit$limit.out" 2>&1 || true
    cpu=$(awk '{ printf "%.3f", $1 + $2 }' "$OUT/time.txt")
    if [ ! -s "$rows" ]; then  # refused (the first line of the tool's output says why)
      printf '%-14s %-6s %-5s %s\n' "$name" "$size" $limit "$(head -1 "$OUT/$name.limit$limit.out")"
      continue
    fi
    # file,line,solver,status,solutions,clues,time_ns,guesses,backtracks,nodes
    grep -v '^#' "$rows" | tail -n +2 | awk -F, -v n="$name" -v s="$size" -v l=$limit -v c="$cpu" \
      '{ printf "%-14s %-6s %-5s %-16s %12.4f %8s %10d %10d\n", n, s, l, $4, $7 / 1e9, c, $10 - $9, $9 }'
  done
done
