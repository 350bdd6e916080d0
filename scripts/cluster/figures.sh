#!/usr/bin/env bash
# The figures of results/distributed.md: a 1M-puzzle rating run whole and as 2 and 4 shards
# (CPU time of the shards added up against the single run's), the merge time, and a run killed
# with kill -9 then resumed (output identical to the single run's).
#
#   scripts/cluster/figures.sh [WORK_DIR]     # default /tmp/sudoku-distributed; ~10 min on 2 cores
#
# Each run is one process with -j 1, one after another, so that user+sys CPU time compares
# like with like on a shared machine (wall times are printed too, but mean little there).
# BIN (default build/sudoku-bench) is the binary measured.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=$(realpath "${BIN:-build/sudoku-bench}")
WORK=${1:-${TMPDIR:-/tmp}/sudoku-distributed}
mkdir -p "$WORK"
cd "$WORK"
SHARED=$(realpath "$OLDPWD/../shared/datasets")

# The 1M puzzles: 17-clue puzzles under the symmetries that keep difficulty (not committed).
[ -f m1.txt ] || "$BIN" transform "$SHARED/17_clue.txt" -n 1000000 --seed 1 -o m1.txt >/dev/null
echo "dataset: m1.txt, $(grep -vc '^#' m1.txt) puzzles, sha256 $(sha256sum m1.txt | cut -c1-16)..."

# Runs "$@" quietly; prints "CPU WALL": user+sys and elapsed seconds.
timed() {
  /usr/bin/time -o time.txt -f "%U %S %e" "$@" >/dev/null 2>&1
  awk '{printf "%.2f %.2f\n", $1 + $2, $3}' time.txt
}

# Rows with the time_ns column blanked: what a merge or resume must give back exactly.
rows() { grep -v '^#' "$1" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_ns") c = i } { $c = ""; print }' OFS=,; }

rm -f single.csv* part-*.csv* merged*.csv* killed.csv*
read -r cpu1 wall1 < <(timed "$BIN" rate m1.txt -j 1 -o single.csv)
echo "1 shard : cpu ${cpu1} s (wall ${wall1} s)"
for n in 2 4; do
  total=0
  parts=()
  for ((k = 0; k < n; k++)); do
    read -r cpu wall < <(timed "$BIN" rate m1.txt -j 1 --shard "$k/$n" -o "part-$k-of-$n.csv")
    echo "  shard $k/$n: cpu $cpu s (wall $wall s)"
    total=$(awk -v a="$total" -v b="$cpu" 'BEGIN { printf "%.2f", a + b }')
    parts+=("part-$k-of-$n.csv")
  done
  echo "$n shards: cpu ${total} s in all, $(awk -v a="$total" -v b="$cpu1" 'BEGIN { printf "%+.1f%%", 100 * (a / b - 1) }') against 1 shard"
  read -r mcpu mwall < <(timed "$BIN" merge -o "merged-$n.csv" --summary "merged-$n-summary.csv" "${parts[@]}")
  echo "  merge of $n parts: wall ${mwall} s (cpu ${mcpu} s)"
  cmp -s <(rows single.csv) <(rows "merged-$n.csv") && echo "  merged rows = single run's rows (time_ns aside)" \
    || { echo "  MERGED ROWS DIFFER" >&2; exit 1; }
done

# kill -9 half-way, then the same command with --resume.
"$BIN" rate m1.txt -j 1 -o killed.csv >/dev/null 2>&1 &
pid=$!
sleep "${KILL_AFTER:-30}"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
kept=$(grep -vc '^#' killed.csv.partial || true)
echo "kill -9 after ${KILL_AFTER:-30} s: killed.csv.partial holds $((kept - 1)) rows ($(stat -c %s killed.csv.partial) bytes)"
read -r rcpu rwall < <(timed "$BIN" rate m1.txt -j 1 -o killed.csv --resume)
echo "  resumed: cpu ${rcpu} s (wall ${rwall} s)"
cmp -s <(rows single.csv) <(rows killed.csv) && echo "  resumed rows = single run's rows (time_ns aside)" \
  || { echo "  RESUMED ROWS DIFFER" >&2; exit 1; }

# Exact work, for what CPU time on a shared machine cannot show (a few per cent): instructions
# (valgrind --tool=callgrind, every thread) of the first 20,000 puzzles rated whole, as 2 and
# as 4 shards. Slow (some minutes a run); skipped with EXACT=0.
if [ "${EXACT:-1}" = 1 ]; then
  head -n 20000 m1.txt > m20k.txt
  instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      awk '/Collected :/ { print $NF }'
  }
  rm -f ir-*.csv*
  ir1=$(instructions "$BIN" rate m20k.txt -j 1 -o ir-single.csv)
  echo "instructions, 20,000 puzzles: 1 shard $ir1"
  for n in 2 4; do
    sum=0
    for ((k = 0; k < n; k++)); do
      ir=$(instructions "$BIN" rate m20k.txt -j 1 --shard "$k/$n" -o "ir-$k-of-$n.csv")
      sum=$((sum + ir))
    done
    echo "  $n shards: $sum in all, $(awk -v a="$sum" -v b="$ir1" 'BEGIN { printf "%+.3f%%", 100 * (a / b - 1) }') against 1 shard"
  done
fi
