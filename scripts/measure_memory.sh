#!/usr/bin/env bash
# Peak RSS of `solve` on a 10,000-line and a 1,000,000-line file made from a shared dataset
# (repeated to length, in /tmp; nothing is committed). Memory must not grow with the file.
#
#   scripts/measure_memory.sh [SOLVER] [DATASET]     (defaults: backtracking, bug_plus_n.txt)
# Needs GNU time (/usr/bin/time; Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
solver=${1:-backtracking}
src=${2:-../shared/datasets/bug_plus_n.txt}
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$src" > "$tmp/all.txt"
lines=$(wc -l < "$tmp/all.txt")
[ "$lines" -gt 0 ] || { echo "no puzzles in $src" >&2; exit 1; }
# Enough copies for a million lines, counted once (not after every append).
# (No `| head` on the loop: with pipefail, the SIGPIPE it sends would fail the script.)
for _ in $(seq $(( (1000000 + lines - 1) / lines ))); do cat "$tmp/all.txt"; done > "$tmp/copies.txt"
head -n 1000000 "$tmp/copies.txt" > "$tmp/1m.txt"
rm "$tmp/copies.txt"
head -n 10000 "$tmp/1m.txt" > "$tmp/10k.txt"
for f in 10k 1m; do
  /usr/bin/time -v build/sudoku-bench solve "$tmp/$f.txt" -s "$solver" -o "$tmp/rows.csv" \
    > "$tmp/$f.out" 2> "$tmp/$f.time"
  rss=$(awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print $2}' "$tmp/$f.time")
  wall=$(awk '/Elapsed/ {print $NF}' "$tmp/$f.time")
  echo "$f lines: peak RSS ${rss} KiB, wall ${wall}, rows $(grep -vc '^#' "$tmp/rows.csv")"
done
