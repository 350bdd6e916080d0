#!/usr/bin/env bash
# Does the counted CI gate catch a small slowdown every time, on a loaded machine, and never
# fail an unchanged solver? Plants known slowdowns in a test plug-in and runs the gate's
# commands on it again and again while other CPU-bound jobs share the cores.
#
#   scripts/ci_gate_trials.sh [--runs N] [--load J] [-o FILE]   # default: 20 runs, 2 jobs
#   scripts/ci_gate_trials.sh --quick                           # 1 run each, no load (ctest)
#
# The plug-in (tests/plugins/slowdown_plugin.c) is examples/plugin's solver plus
# SLOWDOWN_PER_NODE x nodes iterations of an empty loop in the same solve call: the same answers
# and work counters, only more instructions. The script counts the unchanged plug-in (the
# baseline) and once with a known factor, and from the two sets the factor of each planted
# slowdown: +3%, +10% and +30% instructions per puzzle on its puzzles (the first 50 of
# datasets/default.txt and of the shared 17_clue.txt, in one file, so that each planted figure
# is exact for the one (dataset, solver) pair the gate compares). Then, round-robin so that all
# see the same load, N times each: the unchanged plug-in and the three slowdowns, each a gate
# run, `bench --measure instructions --count-with callgrind`, then `regress` against the
# baseline with its default tolerance (1%). Meanwhile J jobs run the naive `backtracking` solver
# on forum_hardest_1106 in a loop, on one core each (stopped on every way out of the script).
#
# Prints a markdown report (-o FILE: also there): per variant the planted and measured change
# of instructions and estimated cycles, how many runs failed the gate, in how many the report
# named the planted function (planted_slowdown) first with more than 90% of the change, the
# spread of the counts across runs, and the wall time of a gate run. Exit 0 when the unchanged
# plug-in passed every run and each slowdown failed every run with its function named, 1 otherwise, 2 on bad usage, 77 (skipped, with the
# reason) where nothing can count (no valgrind; a sanitizer build).
# Environment: BUILD_DIR (default build), SHARED (default ../shared/datasets), PLUGIN (default
# BUILD_DIR/tests/libslowdown_plugin.so).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
SHARED=${SHARED:-../shared/datasets}
EXE=$BUILD_DIR/sudoku-bench
PLUGIN=${PLUGIN:-$BUILD_DIR/tests/libslowdown_plugin.so}
runs=20 load=2 out=''
usage() { echo "usage: $0 [--runs N] [--load J] [-o FILE] | --quick" >&2; exit 2; }
while (($#)); do
  case $1 in
    --runs) runs=${2:?}; shift 2 ;;
    --load) load=${2:?}; shift 2 ;;
    -o) out=${2:?}; shift 2 ;;
    --quick) runs=1 load=0; shift ;;
    *) usage ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ && $load =~ ^[0-9]+$ ]] || usage
[ -x "$EXE" ] || { echo "ci_gate_trials: $EXE not built (run scripts/setup.sh)" >&2; exit 2; }
[ -r "$PLUGIN" ] || { echo "ci_gate_trials: no plug-in $PLUGIN (cmake --build $BUILD_DIR --target slowdown_plugin)" >&2; exit 2; }

tmp=$(mktemp -d /tmp/sudoku-gate-trials.XXXXXX)
loaders=()  # process groups of the load jobs
cleanup() {
  local rc=$? p
  trap - EXIT INT TERM
  for p in "${loaders[@]}"; do kill -TERM -- "-$p" 2>/dev/null || true; done
  for p in "${loaders[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

awk -F, 'FNR == 1 { n = 0 } !/^#/ && n++ < 50 { print $1 }' datasets/default.txt "$SHARED/17_clue.txt" \
  >"$tmp/trial.txt"

calc() { awk "BEGIN { printf \"%.6f\", ($1) }"; }  # calc EXPR: a number (awk: no bc needed)
# gate FACTOR NAME [check]: one run of the gate's commands on the plug-in with
# SLOWDOWN_PER_NODE=FACTOR (its CSV in NAME.csv); with `check`, regress against base.csv and
# print "EXIT SECONDS FUNCTION SHARE": the function its report names first for the slowdown
# solver and that function's share of the change of its self instructions ("- -" when none).
gate() {
  local t0 rc=0
  t0=$(date +%s%N)
  SLOWDOWN_PER_NODE=$1 "$EXE" bench "$tmp/trial.txt" --plugin "$PLUGIN" -s slowdown --measure instructions \
    --count-with callgrind -o "$tmp/$2.csv" >"$tmp/$2.log" 2>&1 || { cat "$tmp/$2.log" >&2; return 1; }
  [ "${3:-}" = check ] || return 0
  "$EXE" regress "$tmp/base.csv" "$tmp/$2.csv" -o "$tmp/$2.md" >/dev/null 2>&1 || rc=$?
  echo "$rc $(calc "($(date +%s%N) - $t0) / 1e9") $(first_function "$tmp/$2.md")"
}
# first_function REPORT: the first row of the report's "Where slowdown" table: "FUNCTION SHARE%".
first_function() {
  awk -F'|' '/^### Where slowdown/ { w = 1; next } w && /^\| `/ { f = $2; gsub(/[ `]/, "", f); s = $6; gsub(/[ %]/, "", s);
             print f, s; found = 1; exit } END { if (!found) print "- -" }' "$1"
}
# col FILE NAME: column NAME of the single data row of a bench CSV.
col() {
  grep -v '^#' "$1" | awk -F, -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next }
                                         { print $c; exit }'
}

# Where nothing can count (no valgrind, a sanitizer build), say so and skip (ctest: 77).
if ! why=$("$EXE" bench "$tmp/trial.txt" -s dlx --first 1 --measure instructions --count-with callgrind 2>&1 >/dev/null); then
  echo "SKIPPED: cannot count under callgrind here: ${why#sudoku-bench: }"
  exit 77
fi
gate 0 base
gate 10 calibrate
i0=$(col "$tmp/base.csv" instructions) i1=$(col "$tmp/calibrate.csv" instructions)
c0=$(col "$tmp/base.csv" est_cycles)
per_unit=$(calc "($i1 - $i0) / 10")  # instructions a unit of the factor adds
[ "$(calc "$per_unit > 0")" = 1.000000 ] || { echo "ci_gate_trials: the planted loop added nothing" >&2; exit 1; }
names=(unchanged plus3 plus10 plus30)
targets=(0 3 10 30)
factors=()
for t in "${targets[@]}"; do factors+=("$(calc "$t / 100 * $i0 / $per_unit")"); done

for ((j = 0; j < load; j++)); do
  set -m
  (while :; do "$EXE" solve "$SHARED/forum_hardest_1106.txt" -s backtracking -j 1 >/dev/null 2>&1; done) &
  loaders+=($!)
  set +m
done
load_start=$(cut -d' ' -f1 /proc/loadavg)
declare -A fails secs instr cycles named shares
for ((r = 1; r <= runs; r++)); do
  for v in 0 1 2 3; do
    read -r rc s fn share < <(gate "${factors[v]}" "${names[v]}-$r" check)
    # Named: the planted function first, with more than 90% of the change of self instructions.
    if [ "$fn" = planted_slowdown ] && [ "$(calc "$share > 90")" = 1.000000 ]; then
      named[$v]=$((${named[$v]:-0} + 1))
      shares[$v]="${shares[$v]:-} $share"
    fi
    [ "$rc" = 0 ] || [ "$rc" = 1 ] || { cat "$tmp/${names[v]}-$r.log" >&2; echo "ci_gate_trials: regress exit $rc" >&2; exit 1; }
    fails[$v]=$((${fails[$v]:-0} + rc))
    secs[$v]="${secs[$v]:-} $s"
    instr[$v]="${instr[$v]:-} $(col "$tmp/${names[v]}-$r.csv" instructions)"
    cycles[$v]="${cycles[$v]:-} $(col "$tmp/${names[v]}-$r.csv" est_cycles)"
  done
  echo "ci_gate_trials: round $r of $runs done" >&2
done
load_end=$(cut -d' ' -f1 /proc/loadavg)

# stats "V1 V2 ...": min max median
stats() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{ v[NR] = $1 } END {
  m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%s %s %s\n", v[1], v[NR], m }'; }
ok=1
{
  echo "| variant | planted: instructions | measured: instructions | est. cycles | the counts across the $runs runs | gate failed | expected | planted function named first, >90% of the change | gate run: median wall s (min-max) |"
  echo "|---|---:|---:|---:|---|---:|---|---:|---:|"
  for v in 0 1 2 3; do
    read -r imin imax imed < <(stats "${instr[$v]}")
    read -r cmin cmax cmed < <(stats "${cycles[$v]}")
    read -r smin smax smed < <(stats "${secs[$v]}")
    expect=$((v == 0 ? 0 : runs))
    [ "${fails[$v]}" = "$expect" ] || ok=0
    [ "${named[$v]:-0}" = "$expect" ] || ok=0  # an unchanged plug-in has nothing to name
    spread() { if [ "$1" = "$2" ]; then echo equal; else printf 'within %.4f%%' "$(calc "($2 - $1) / $1 * 100")"; fi; }
    spread="instructions $(spread "$imin" "$imax"), est. cycles $(spread "$cmin" "$cmax")"
    printf '| %s | %+.1f%% | %+.3f%% | %+.3f%% | %s | %d of %d | %s | %s | %.1f (%.1f-%.1f) |\n' "${names[v]}" \
      "${targets[v]}" "$(calc "($imed / $i0 - 1) * 100")" "$(calc "($cmed / $c0 - 1) * 100")" "$spread" \
      "${fails[$v]}" "$runs" "$([ "$v" = 0 ] && echo "pass every run" || echo "fail every run")" \
      "$([ "$v" = 0 ] && echo "-" || echo "${named[$v]:-0} of $runs$([ -n "${shares[$v]:-}" ] &&
         echo " (share $(stats "${shares[$v]}" | cut -d' ' -f1)% or more)")")" "$smed" "$smin" "$smax"
  done
  echo
  echo "Baseline: $(printf %.1f "$(calc "$i0 / 100")") instructions and $(printf %.1f "$(calc "$c0 / 100")")" \
       "estimated cycles per puzzle (100 puzzles);" \
       "$runs runs of each variant, round-robin, with $load other CPU-bound jobs beside them (load average" \
       "$load_start at the start, $load_end at the end, $(nproc) cores)."
  if [ "$ok" = 1 ]; then echo "Verdict: every slowdown caught in every run, its planted function named first with more than 90% of the change; the unchanged plug-in passed every run."
  else echo "Verdict: **NOT** as expected."; fi
} | tee "$tmp/report.md"
[ -z "$out" ] || cp "$tmp/report.md" "$out"
[ "$ok" = 1 ]
