#!/usr/bin/env bash
# The solver figures of issue 29 (results/solvers.md): this tree's band solvers against those of a
# reference revision (default 4a11e67, before issue 29), both as plug-ins alternating in one
# `bench` run per (dataset, limit), on one core.
#
#   scripts/solver_figures.sh [REF]                   # speed: alternated bench runs
#   scripts/solver_figures.sh --instructions [REF]    # instructions (valgrind), portable path
#
# Builds, once per revision (cached in $BUILD_DIR/reference/): scripts/reference_plugin.cpp
# compiled with REF's solver sources, and again with this tree's (`-HEAD`; uncommitted changes
# included), each with this tree's plug-in header and a Release build's flags (-O3 -DNDEBUG,
# REF's own Highway targets), so that both sides pay the plug-in call (results/plugins.md: ~2%).
# Then for each dataset and limit: `bench -s propagation-REF,scored-REF,propagation-HEAD,
# scored-HEAD,scored -j 1` under `taskset -c $CPU`, the built-in `scored` last for reference.
# It prints, per (dataset, limit), the median over the repetitions of each solver's throughput
# over the better of REF's two in the same repetition, [min-max], and guesses per puzzle.
#
# --instructions: instead, valgrind's count of the instructions executed inside the solvers'
# solve() (callgrind --toggle-collect on SolverOf<...>::solve: the built-in solver's, or the host's
# wrapper of a plug-in, whose code callgrind cannot name; matching Propagation::solve_one too
# would toggle twice and count nothing), on the path SIMD (default portable: valgrind cannot run
# AVX-512, and the count should not depend on the CPU; avx2 is the path most CPUs take), on the
# first FIRST puzzles of each set (FIRST, default
# "forum_hardest_1106=200 magictour_top1465=500 sudoku_exchange_diabolical=3000 17_clue=3000
# multi_solution=1000"): one line per (dataset, limit, solver), in millions.
#
# Environment: BUILD_DIR (default build), SHARED (default ../shared/datasets), REPS (9),
# MIN_TIME (0.5 s a pass), CPU (1), LIMITS ("2 1"), DATASETS (names under SHARED, or paths),
# OUT (a folder to keep the bench CSVs in; default a temp folder, removed).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=speed
if [ "${1:-}" = "--instructions" ]; then
  mode=instructions
  shift
fi
REF=${1:-4a11e67}
BUILD_DIR=${BUILD_DIR:-build}
SHARED=${SHARED:-../shared/datasets}
REPS=${REPS:-9}
MIN_TIME=${MIN_TIME:-0.5}
CPU=${CPU:-1}
LIMITS=${LIMITS:-"2 1"}
DATASETS=${DATASETS:-"forum_hardest_1106 magictour_top1465 sudoku_exchange_diabolical 17_clue datasets/multi_solution.txt"}
EXE="$BUILD_DIR/sudoku-bench"
[ -x "$EXE" ] || { echo "solver_figures: $EXE not built (run scripts/setup.sh)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${OUT:-$tmp}
mkdir -p "$out" "$BUILD_DIR/reference"

# plugin NAME SOURCE_ROOT OUTPUT: the reference plug-in over SOURCE_ROOT's solver sources.
plugin() {
  local name=$1 root=$2 lib=$3
  local targets
  # The include root: src/ (one folder a layer), src/core/ before that layout; the kind-neutral
  # core in it: puzzle/, or sudoku/ in the oldest revisions.
  local inc="$root/src"
  [ -d "$inc/puzzle" ] || inc="$root/src/core"
  local core="$inc/puzzle"
  [ -f "$core/solver.cpp" ] || core="$inc/sudoku"
  targets=$(sed -n 's/.*"HWY_DISABLED_TARGETS=\(([A-Z0-9_|]*)\)".*/\1/p' "$root/CMakeLists.txt" | head -1)
  g++ -std=c++20 -O3 -DNDEBUG -fPIC -shared -fvisibility=hidden -fvisibility-inlines-hidden \
    -DSUDOKU_REFERENCE_NAME="\"$name\"" "-DHWY_DISABLED_TARGETS=${targets:-(HWY_SSSE3|HWY_AVX3_DL)}" \
    -DHWY_DISABLE_F16C -I"$inc" -Iinclude \
    scripts/reference_plugin.cpp "$inc"/sudoku/solvers/propagation.cpp \
    "$core"/simd.cpp "$inc"/sudoku/grid.cpp "$core"/solver.cpp \
    -lfmt -o "$lib"
}

ref_lib="$BUILD_DIR/reference/libreference-$REF.so"
if [ ! -f "$ref_lib" ]; then
  git archive --format=tar --prefix="ref/" "$REF" | tar -x -C "$tmp"
  echo "solver_figures: building $ref_lib" >&2
  plugin "$REF" "$tmp/ref" "$ref_lib"
fi
head_lib="$tmp/libreference-HEAD.so"
plugin HEAD . "$head_lib"

solvers="propagation-$REF,scored-$REF,propagation-HEAD,scored-HEAD,scored"
if [ "$mode" = instructions ]; then
  FIRST=${FIRST:-"forum_hardest_1106=200 magictour_top1465=500 sudoku_exchange_diabolical=3000 17_clue=3000 multi_solution=1000"}
  for limit in $LIMITS; do
    for ds in $DATASETS; do
      file=$ds
      [ -f "$file" ] || file="$SHARED/$ds.txt"
      name=$(basename "$file" .txt)
      n=1000
      for kv in $FIRST; do [ "${kv%%=*}" != "$name" ] || n=${kv#*=}; done
      awk -v n="$n" '!/^#/ { if (k++ < n) print; else exit }' "$file" > "$tmp/first.txt"
      for solver in ${solvers//,/ }; do
        SUDOKU_SIMD=${SIMD:-portable} valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
          --toggle-collect='*SolverOf*::solve(*' "$EXE" solve "$tmp/first.txt" --plugin "$ref_lib" \
          --plugin "$head_lib" -s "$solver" --limit "$limit" -j 1 > /dev/null 2> "$tmp/vg.txt"
        ir=$(sed -n 's/.*refs: *//p' "$tmp/vg.txt" | tr -d ,)
        echo "$name first $n limit $limit ${SIMD:-portable} $solver: $(awk -v x="$ir" 'BEGIN { printf "%.1fM", x / 1e6 }')"
      done
    done
  done
  exit 0
fi
for limit in $LIMITS; do
  for ds in $DATASETS; do
    file=$ds
    [ -f "$file" ] || file="$SHARED/$ds.txt"
    name=$(basename "$file" .txt)
    csv="$out/$name-limit$limit.csv"
    taskset -c "$CPU" "$EXE" bench "$file" --plugin "$ref_lib" --plugin "$head_lib" -s "$solvers" \
      --limit "$limit" -j 1 --reps "$REPS" --min-time "$MIN_TIME" --seed 29 -o "$csv" > /dev/null
    python3 - "$csv" "$REF" "$name" "$limit" <<'EOF'
import csv, statistics, sys
path, ref, name, limit = sys.argv[1:]
rows = [r for r in csv.DictReader(l for l in open(path) if not l.startswith("#"))]
reps = {}
for r in rows:
    reps.setdefault(r["rep"], {})[r["solver"]] = float(r["puzzles_per_s"])
guesses = {r["solver"]: float(r["guesses_per_puzzle"]) for r in rows}
best_ref = {k: max(v[f"propagation-{ref}"], v[f"scored-{ref}"]) for k, v in reps.items()}
parts = []
for s in guesses:
    ratios = sorted(v[s] / best_ref[k] for k, v in reps.items())
    parts.append(f"{s} {statistics.median(ratios):.3f}x [{ratios[0]:.2f}-{ratios[-1]:.2f}] g={guesses[s]:.2f}")
print(f"{name} limit {limit}: " + "; ".join(parts))
EOF
  done
done
