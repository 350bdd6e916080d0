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
head -n 10000 "$tmp/all.txt" > "$tmp/10k.txt"
: > "$tmp/1m.txt"
while [ "$(wc -l < "$tmp/1m.txt")" -lt 1000000 ]; do cat "$tmp/all.txt" >> "$tmp/1m.txt"; done
head -n 1000000 "$tmp/1m.txt" > "$tmp/1m.cut" && mv "$tmp/1m.cut" "$tmp/1m.txt"
for f in 10k 1m; do
  /usr/bin/time -v build/sudoku-bench solve "$tmp/$f.txt" -s "$solver" -o "$tmp/rows.csv" \
    > "$tmp/$f.out" 2> "$tmp/$f.time"
  rss=$(awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print $2}' "$tmp/$f.time")
  wall=$(awk '/Elapsed/ {print $NF}' "$tmp/$f.time")
  echo "$f lines: peak RSS ${rss} KiB, wall ${wall}, rows $(grep -vc '^#' "$tmp/rows.csv")"
done
