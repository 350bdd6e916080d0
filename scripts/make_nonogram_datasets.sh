#!/usr/bin/env bash
# Remakes the nonogram datasets of datasets/nonogram/ (datasets/MANIFEST.md). The generated sets
# are deterministic (seeded); sgt-pattern has no seed option, so `--sgt` draws new ones.
#   BUILD_DIR=build scripts/make_nonogram_datasets.sh [--sgt]
set -euo pipefail
cd "$(dirname "$0")/.."
B="${BUILD_DIR:-build}/sudoku-bench"
D=datasets/nonogram
mkdir -p "$D"
if [[ "${1:-}" == "--sgt" ]]; then
  for s in 10x10 15x15 25x25 30x30; do
    /usr/games/sgt-pattern --generate 100 "$s" 2>/dev/null >"$D/sgt_pattern_$s.txt"
  done
fi
gen() { "$B" generate --kind nonogram -j 2 --seed 1 "$@"; }
# Unique 15x15 noise pictures with their solutions: the naive baseline's hardest set here.
gen --size 15x15 -n 100 --solutions -o "$D/gen_15x15_unique.txt"
# Line-solvable, as sgt-pattern's: smoothed pictures of its density.
for s in 15x15 25x25 30x30; do gen --size "$s" --smooth --line-solvable -n 100 -o "$D/gen_${s}_line.txt"; done
# Unique puzzles that line logic cannot finish: unique 20x20 noise pictures whose nonogram-line
# row shows probing or search (nodes > 0), the first 100 of 1000.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gen --size 20x20 -n 1000 --solutions -o "$tmp/u.txt"
"$B" solve "$tmp/u.txt" -s nonogram-line --limit 2 -j 2 -o "$tmp/rows.csv" >/dev/null
awk -F, 'NR == FNR { if ($0 !~ /^#/ && $1 != "file" && $10 > 0) keep[$2] = 1; next } FNR in keep' \
  "$tmp/rows.csv" "$tmp/u.txt" | awk "NR <= 100" >"$D/gen_20x20_not_line.txt"
wc -l "$D"/*.txt
