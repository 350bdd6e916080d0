#!/usr/bin/env bash
# Do two builds write the same rows? For a refactor that must not change behaviour (issue 27).
#
#   scripts/compare_outputs.sh OLD_EXE NEW_EXE [N]
#   scripts/compare_outputs.sh /tmp/old/sudoku-bench build/sudoku-bench 100
#
# Runs `solve` (the fast solvers of the file's kind, limit 2, with solutions, rows and summary),
# `rate` (rows and summary), `bench` (one repetition, no warm-up) and `generate` (Sudoku of
# several sizes, with an ER band, nonograms; output and --stats) with both builds on the first N
# puzzles (default 50; nonograms: N/5 records; rate: N/4; the naive solver: N/4 of norvig_easy50) of every
# dataset in $SHARED (default ../shared/datasets), then diffs what they wrote, ignoring what
# is expected to differ: times (time_ns, wall_s, the rates and percentiles of the summaries,
# bench's ratios and counted instructions) and the provenance lines that name the build (tool,
# git revision, compiler, flags, cpu, simd, date, threads, command). Columns that a change
# drops or adds on purpose: IGNORE_COLUMNS="logic_score,..." drops them from both sides, and
# IGNORE_LINES="solvers,rater" the `# solvers:` and `# rater:` provenance lines.
# Exit 0 when every output matches, 1 otherwise (the diffs printed). A few minutes at N=50
# on two cores.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,18p' "$0" >&2; exit 2; }
old=$1 new=$2 n=${3:-50}
SHARED=${SHARED:-$(cd "$(dirname "$0")/.." && pwd)/../shared/datasets}
for exe in "$old" "$new"; do [ -x "$exe" ] || { echo "compare_outputs: $exe is not executable" >&2; exit 2; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/in" "$work/old" "$work/new"

# The subsets: leading `#` lines (and a CSV's column line) kept, then the first N records.
nono=$(( n / 5 > 0 ? n / 5 : 1 )) small=$(( n / 4 > 0 ? n / 4 : 1 ))
sudoku=() nonograms=()
for f in "$SHARED"/*.txt "$SHARED"/*.csv; do
  base=$(basename "$f")
  case $base in se_steps_*) continue ;; esac  # step traces, not puzzle lists
  awk -v n="$n" -v csv="${base##*.}" '
    /^#/ && !started { print; next }
    csv == "csv" && !header { header = 1; print; next }
    { started = 1; if (++k > n) exit; print }' "$f" >"$work/in/$base"
  sudoku+=("$work/in/$base")
done
for f in "$SHARED"/nonogram/*-question.txt; do
  base=$(basename "$f")
  awk -v n="$nono" '/^\$/ { if (++k > n) exit } { print }' "$f" >"$work/in/$base"
  nonograms+=("$work/in/$base")
done

run() {  # run NAME ARGS...: both builds, each into its own directory (same input paths)
  local name=$1
  shift
  for side in old new; do
    local exe=$old
    [ $side = new ] && exe=$new
    local rc=0
    (cd "$work/$side" && "$exe" "$@" >"$name.stdout" 2>"$name.stderr") || rc=$?
    echo "exit $rc" >"$work/$side/$name.exit"
  done
}

for f in "${sudoku[@]}"; do
  b=$(basename "$f")
  run "solve-$b" solve "$f" -s propagation,scored,dlx,logic --limit 2 --solutions -o "solve-$b.rows.csv" --summary "solve-$b.summary.csv" -j 2
  head -n "$(( $(grep -c '^#' "$f" || true) + small + 1 ))" "$f" >"$work/in/small-$b"
  run "rate-$b" rate "$work/in/small-$b" -o "rate-$b.rows.csv" --summary "rate-$b.summary.csv" -j 2
  run "bench-$b" bench "$f" -s propagation,scored,dlx,logic --reps 1 --warmup 0 -o "bench-$b.csv" -j 2
done
for f in "${nonograms[@]}"; do
  b=$(basename "$f")
  run "solve-$b" solve "$f" -s nonogram-line,nonogram-cdcl --limit 2 --solutions -o "solve-$b.rows.csv" --summary "solve-$b.summary.csv" -j 2
  run "bench-$b" bench "$f" -s nonogram-line,nonogram-cdcl --reps 1 --warmup 0 -o "bench-$b.csv" -j 2
done
# the naive baseline on the easy set only (17 clues at limit 2 take it minutes)
run solve-backtracking solve "$work/in/small-norvig_easy50.txt" -s backtracking --limit 2 --solutions -o solve-backtracking.rows.csv -j 2
run gen-9 generate -n "$n" --seed 7 --solutions --stats gen-9.stats.csv -o gen-9.txt -j 2
run gen-4 generate -n "$n" --size 4 --symmetry rotate180 --stats gen-4.stats.csv -o gen-4.txt -j 2
run gen-16 generate -n 4 --size 16 --clues 160 --stats gen-16.stats.csv -o gen-16.txt -j 2
run gen-er generate -n "$small" --seed 3 --er 2.0-4.0 --stats gen-er.stats.csv -o gen-er.txt -j 2
run gen-nono generate -n "$n" --kind nonogram --size 10x10 --solutions --stats gen-nono.stats.csv -o gen-nono.txt -j 2

# Normalise: drop the build's provenance lines and the columns that hold times.
normalise() {
  python3 - "$1" "${IGNORE_COLUMNS:-}" "${IGNORE_LINES:-}" <<'EOF'
import re, sys
path, extra, lines = sys.argv[1], sys.argv[2], sys.argv[3]
timed = {"time_ns", "wall_s", "puzzles_per_s", "mean_us", "median_us", "p90_us", "p99_us", "max_us",
         "ratio_to_baseline", "instructions", "instructions_per_puzzle", "l1_hits", "ll_hits",
         "ram_hits", "est_cycles", "est_cycles_per_puzzle"} | {c for c in extra.split(",") if c}
keys = "tool|git_revision|compiler|build|flags|cpu|simd|date|threads|command"
keys += "".join("|" + re.escape(k) for k in lines.split(",") if k)
build = re.compile(r"^# (" + keys + "):")
keep = None
for line in open(path, errors="replace"):
    line = line.rstrip("\n")
    if build.match(line):
        continue
    if line.startswith("#") or "," not in line:
        print(line); keep = None if line.startswith("#") else keep; continue
    cells = line.split(",")
    if keep is None or cells == header:
        header = cells
        keep = [i for i, c in enumerate(cells) if c not in timed]
    print(",".join(cells[i] for i in keep if i < len(cells)))
EOF
}
status=0 files=0
for o in "$work"/old/*; do
  name=$(basename "$o")
  case $name in *.stderr|*.stdout) continue ;; esac  # tables and messages show times
  files=$((files + 1))
  if ! diff -q <(normalise "$o") <(normalise "$work/new/$name") >/dev/null; then
    echo "== $name differs"
    diff <(normalise "$o") <(normalise "$work/new/$name") | head -20 || true  # head may cut diff short
    status=1
  fi
done
for nw in "$work"/new/*; do [ -e "$work/old/$(basename "$nw")" ] || { echo "== $(basename "$nw") only in the new build"; status=1; }; done
echo "compare_outputs: $files outputs of $(basename "$old") and $(basename "$new") on ${#sudoku[@]} Sudoku and ${#nonograms[@]} nonogram subsets (N=$n): $([ $status = 0 ] && echo same || echo DIFFERENT)"
exit $status
