#!/usr/bin/env bash
# The figures of results/nonogram.md: solver throughput (bench) and generation rate beside
# sgt-pattern on one core (CPU seconds of one pinned process, median of 3 alternating runs),
# and the tournament sets (issue 28) through nonogram-cdcl.
#   BUILD_DIR=build scripts/nonogram_figures.sh OUT_DIR            # everything (about an hour)
#   BUILD_DIR=build scripts/nonogram_figures.sh OUT_DIR tournament # only the tournament part
set -euo pipefail
cd "$(dirname "$0")/.."
B="${BUILD_DIR:-build}/sudoku-bench"
OUT="${1:?output folder}"
mkdir -p "$OUT"
D=datasets/nonogram
T=../shared/datasets/nonogram
# 4. The tournament sets (TAAI 2011, TCGA 2016, ICGA 2017; 1,000 25x25 puzzles each) through
# nonogram-cdcl, one thread, a per-puzzle time limit of 60 s (wall clock; a puzzle past it
# counts as over time), limit 1 (the tournaments' rule) and limit 2 (uniqueness). The harness
# reports each puzzle's CPU time (the machine is shared) and verifies every answer against the
# clues, and a `unique` one against the file's picture. Then nonogram-cdcl beside
# nonogram-line on sgt-pattern's and the project's sets (bench rotates the two solvers within
# each repetition: the same machine weather for both).
tournament() {
  local H="${BUILD_DIR:-build}/tests/nonogram_tournament"
  for set in taai2011 tcga2016 icga2017; do
    for limit in 1 2; do
      "$H" "$T/$set-question.txt" "$T/$set-solution.txt" --limit $limit --time-limit 60 \
        --csv "$OUT/tournament_${set}_limit$limit.csv" | tee "$OUT/tournament_${set}_limit$limit.txt"
    done
  done
  "$B" bench $D/sgt_pattern_*.txt $D/gen_*.txt -s nonogram-line,nonogram-cdcl -j 1 --reps 5 --limit 2 \
    --min-time 0.5 -o "$OUT/bench_cdcl.csv"
}
if [ "${2:-}" = tournament ]; then
  tournament
  exit 0
fi
# 1. The naive baseline against the line solver on 15x15 (and 10x10), limit 2 (uniqueness).
"$B" bench $D/sgt_pattern_10x10.txt $D/sgt_pattern_15x15.txt $D/gen_15x15_unique.txt \
  -s nonogram-backtracking,nonogram-line -j 1 --reps 3 --limit 2 -o "$OUT/bench_naive.csv"
# 2. The line solver on every set, limit 2.
"$B" bench $D/sgt_pattern_*.txt $D/gen_*.txt -s nonogram-line -j 1 --reps 5 --limit 2 \
  --min-time 0.5 -o "$OUT/bench_line.csv"
# 3. Generation, one core: sgt-pattern --generate against generate --kind nonogram.
cpu() {  # CPU seconds (user + sys) of a command pinned to core 0
  /usr/bin/time -f '%U %S' -o "$OUT/time.txt" taskset -c 0 "$@" >/dev/null 2>&1
  awk '{ printf "%.3f\n", $1 + $2 }' "$OUT/time.txt"
}
median3() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
echo "size,program,options,puzzles,cpu_s_median,per_s" >"$OUT/generation.csv"
for s in 15x15 25x25 30x30; do
  case $s in 15x15) ns=4000 n=40000 ;; 25x25) ns=1000 n=10000 ;; 30x30) ns=300 n=3000 ;; esac
  for opts in "--smooth" "--fill 0.65" "--fill 0.5"; do
    [[ "$opts" == "--fill 0.5" && $s != 15x15 ]] && n=$((n / 10))
    a=() b=()
    for _ in 1 2 3; do
      a+=("$(cpu /usr/games/sgt-pattern --generate $ns $s)")
      b+=("$(cpu "$B" generate --kind nonogram --size $s --line-solvable $opts -n $n -j 1 -o /dev/null)")
    done
    ma=$(median3 "${a[@]}") mb=$(median3 "${b[@]}")
    echo "$s,sgt-pattern,--generate,$ns,$ma,$(awk -v n=$ns -v t="$ma" 'BEGIN { printf "%.0f", n / t }')" >>"$OUT/generation.csv"
    echo "$s,sudoku-bench,--line-solvable $opts,$n,$mb,$(awk -v n=$n -v t="$mb" 'BEGIN { printf "%.0f", n / t }')" >>"$OUT/generation.csv"
  done
done
rm -f "$OUT/time.txt"
cat "$OUT/generation.csv"
tournament
