#!/usr/bin/env bash
# Compare two builds of sudoku-bench on one dataset on a loaded machine: `solve` run RUNS times,
# the two builds alternated, each puzzle's fastest time (time_ns of the output CSV) kept per build,
# and puzzles / (sum of those minima) for each, with their ratio. A puzzle of a few microseconds
# that a preemption hits costs milliseconds in that run only: the minima ignore it, where a median
# of whole-run rates (scripts/ab_compare.sh) moves with the machine's load.
#
#   scripts/ab_min_compare.sh OLD_EXE NEW_EXE FILE [RUNS] [-- solve options]
#   scripts/ab_min_compare.sh /tmp/old/sudoku-bench build/sudoku-bench \
#       datasets/multi_solution_17plus.txt 5 -- -s scored -j 1 --limit 2
#
# Default RUNS 5 and options `-s scored -j 1`. Every answer is checked by `solve` as usual; a
# status other than solved/unique/multiple is reported.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
old=$1 new=$2 file=$3
shift 3
runs=5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then runs=$1; shift; fi
[ "${1:-}" = "--" ] && shift
opts=("$@")
[ ${#opts[@]} -gt 0 ] || opts=(-s scored -j 1)
for exe in "$old" "$new"; do [ -x "$exe" ] || { echo "ab_min_compare: $exe is not executable" >&2; exit 2; }; done
[ -r "$file" ] || { echo "ab_min_compare: cannot read $file" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for i in $(seq "$runs"); do
  "$old" solve "$file" "${opts[@]}" -o "$tmp/old_$i.csv" >/dev/null 2>&1
  "$new" solve "$file" "${opts[@]}" -o "$tmp/new_$i.csv" >/dev/null 2>&1
done
python3 - "$tmp" "$file" <<'PY'
import csv, glob, sys
tmp, file = sys.argv[1:3]
rates = {}
for side in ("old", "new"):
    best = {}
    for path in glob.glob(f"{tmp}/{side}_*.csv"):
        with open(path) as f:
            for r in csv.DictReader(line for line in f if not line.startswith("#")):
                if r["status"] not in ("solved", "unique", "multiple"):
                    print(f"{side}: line {r['line']}: {r['status']}")
                t = int(r["time_ns"])
                best[r["line"]] = min(t, best.get(r["line"], t))
    rates[side] = len(best) / sum(best.values()) * 1e9
    print(f"{side}: {len(best)} puzzles, {rates[side]:,.0f} puzzles/s (sum of per-puzzle minima)")
print(f"new / old: {rates['new'] / rates['old']:.3f}x  ({file})")
PY
