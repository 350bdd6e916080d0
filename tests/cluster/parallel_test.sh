#!/usr/bin/env bash
# End-to-end test of scripts/cluster/parallel.sh (GNU parallel) on this machine.
#
#   tests/cluster/parallel_test.sh BIN DATASET [RATE_DATASET]
#
# Runs `solve DATASET` as 3 local shards and `rate RATE_DATASET` as 3 shards, 2 at once, through
# `--sshlogin :` (GNU parallel's sshlogin path for this machine, without ssh), and checks that
# each merged file has a single run's rows (apart from time_ns and the `#` provenance lines) and
# that the summary is written.
# Then interrupts a slow run (`solve -s backtracking -j 1`, 4 shards) with SIGINT to its process
# group, as Ctrl-C would, checks that the shards kept partial files with rows, runs the same
# command again and checks that it resumed them and equals a single run. Also: a failing shard is
# named and the exit is non-zero; a parts folder of another command is refused; generate's parts
# merge into a single run's bytes, and --stats (one file for every shard) is refused.
# DATASET: forum_hardest_1106.txt (about 8 s of backtracking, most of it in the first quarter of
# the file, so shard 0 of 4 is still running when shard 1 is done: the moment of the interrupt).
# Exit 0 pass, 1 fail, 77 skipped (GNU parallel not installed: Debian package parallel).
# SUDOKU_KEEP_TMP=1 keeps the temp folder.
set -euo pipefail

bin=${1:?usage: parallel_test.sh BIN DATASET}
data=${2:?usage: parallel_test.sh BIN DATASET [RATE_DATASET]}
# What `rate` runs on (default DATASET): the SE rater takes about a second a puzzle on
# forum_hardest (nested chains), so CMake passes magictour_top1465 (13 s on one core).
rate_data=${3:-$data}
here=$(cd "$(dirname "$0")" && pwd)
script=$here/../../scripts/cluster/parallel.sh

skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAILED: $*" >&2; exit 1; }
say() { echo "== [${SECONDS}s] $*"; }

command -v parallel >/dev/null || skip "GNU parallel not found (Debian package: parallel)"
parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
  skip "'parallel' is not GNU parallel (Debian package: parallel)"
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ -x "$bin" ] || fail "not an executable: $bin"
[ -r "$data" ] || fail "no dataset: $data"
data=$(cd "$(dirname "$data")" && pwd)/$(basename "$data")
[ -r "$rate_data" ] || fail "no dataset: $rate_data"
rate_data=$(cd "$(dirname "$rate_data")" && pwd)/$(basename "$rate_data")

tmp=$(mktemp -d /tmp/sudoku-parallel.XXXXXX)
bg=''  # the pid (= process group) of a background parallel.sh run
cleanup() {
  local rc=$? i
  trap - EXIT INT TERM
  if [ -n "$bg" ] && kill -0 "$bg" 2>/dev/null; then
    kill -TERM -- "-$bg" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do kill -0 "$bg" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$bg" 2>/dev/null || true
  fi
  if [ "${SUDOKU_KEEP_TMP:-0}" = 1 ]; then echo "== kept $tmp"; else rm -rf "$tmp"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
cd "$tmp"
# GNU parallel keeps state in ~/.parallel: keep it in the temp folder.
export PARALLEL_HOME=$tmp/.parallel
unset PARALLEL SUDOKU_BENCH

# Data rows with the time_ns column emptied; the column is found by its header name.
rows() {
  grep -v '^#' "$1" | awk -F, -v OFS=, '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_ns") t = i
              if (!t) { print "no time_ns column" > "/dev/stderr"; exit 1 } }
    { $t = ""; print }'
}
same_rows() {  # SINGLE MERGED: the same rows apart from time_ns
  rows "$1" >"$1.rows" || fail "$1: no rows"
  rows "$2" >"$2.rows" || fail "$2: no rows"
  (($(wc -l <"$1.rows") > 1)) || fail "$1 has no data rows"
  diff "$1.rows" "$2.rows" >rows.diff || { head -n 20 rows.diff; fail "$2: rows differ from $1"; }
}
parts_made() {  # PARTS N: N complete parts with rows, no partial file left
  local k
  for ((k = 0; k < $2; k++)); do
    [ -s "$1/part-$k.csv" ] || fail "$1/part-$k.csv missing"
    [ ! -e "$1/part-$k.csv.partial" ] || fail "$1/part-$k.csv.partial left"
  done
  [ ! -e "$1/part-$2.csv" ] || fail "$1 has more than $2 parts"
}

say "solve $(basename "$data"): 3 local shards vs a single run"
"$bin" solve "$data" -o single_solve.csv >/dev/null
"$script" --bin "$bin" -n 3 -o solve.csv --summary solve_summary.csv -- solve "$data" >solve.log 2>&1 ||
  { cat solve.log; fail "parallel.sh solve failed"; }
parts_made solve.parts 3
same_rows single_solve.csv solve.csv
[ -s solve_summary.csv ] || fail "no summary"
grep -q $'^shard 2\t== shard 2/3 ' solve.log || { cat solve.log; fail "no tagged line of shard 2"; }

say "rate $(basename "$rate_data"): 3 shards through --sshlogin :, 2 at once, vs a single run"
"$bin" rate "$rate_data" -o single_rate.csv >/dev/null
"$script" --bin "$bin" -n 3 -j 2 --sshlogin : -o rate.csv --summary rate_summary.csv -- \
  rate "$rate_data" -j 1 >rate.log 2>&1 || { cat rate.log; fail "parallel.sh --sshlogin : rate failed"; }
parts_made rate.parts 3
same_rows single_rate.csv rate.csv
[ -s rate_summary.csv ] || fail "no summary"
grep -q -- "^# command: .* --shard 1/3 --resume -o $tmp/rate.parts/part-1.csv" rate.parts/part-1.csv ||
  { grep '^# command' rate.parts/part-1.csv; fail "part 1 was not made by '... --shard 1/3 --resume -o PARTS/part-1.csv'"; }

say "generate: 3 shards merge into a single run's bytes (no summary: none is asked)"
"$bin" generate -n 30 --seed 5 -o single_gen.txt >/dev/null
"$script" --bin "$bin" -n 3 -o gen.txt -- generate -n 30 --seed 5 >gen.log 2>&1 ||
  { cat gen.log; fail "parallel.sh generate failed"; }
cmp single_gen.txt gen.txt || fail "merged generate output differs from a single run's"
rc=0
"$script" --bin "$bin" -n 3 -o gen2.txt -- generate -n 30 --stats s.csv >stats.log 2>&1 || rc=$?
if ((rc != 2)) || ! grep -q "'--stats': every shard would write" stats.log; then
  cat stats.log; fail "--stats: exit $rc, expected a refusal (2)"
fi
[ ! -e gen2.txt.parts ] || fail "--stats refused after making the parts folder"

say "a parts folder of another command is refused; a failing shard is named"
rc=0
"$script" --bin "$bin" -n 3 -o rate.csv -- rate "$rate_data" >other.log 2>&1 || rc=$?
if ((rc != 2)) || ! grep -q 'another job' other.log; then cat other.log; fail "reuse of rate.parts: exit $rc"; fi
rc=0
"$script" --bin "$bin" -n 2 -o bad.csv -- solve "$data" -s no_such_solver >bad.log 2>&1 || rc=$?
if ((rc != 2)) || ! grep -q 'shard 0/2 failed: exit 2' bad.log; then cat bad.log; fail "failing shard: exit $rc"; fi

slow=(--bin "$bin" -n 4 -j 2 -o slow.csv --summary slow_summary.csv -- solve "$data" -s backtracking -j 1)
say "solve -s backtracking: interrupt 4 shards with SIGINT to the process group, then resume"
set -m  # the background run gets its own process group, as a foreground job at a terminal
"$script" "${slow[@]}" >slow1.log 2>&1 &
bg=$!
set +m
# Shard 0 takes several times as long as shard 1 (its puzzles are the hardest): interrupt once
# shard 1 is done, whatever the machine's speed, so both complete and partial parts are left.
for ((i = 0; i < 600; i++)); do
  [ -e slow.parts/part-1.csv ] && break
  kill -0 "$bg" 2>/dev/null || break
  sleep 0.05
done
[ -e slow.parts/part-1.csv ] || { cat slow1.log; fail "shard 1 did not complete within 30 s"; }
sleep 0.5
kill -INT -- "-$bg"
rc=0
wait "$bg" || rc=$?
bg=''
((rc == 130)) || { cat slow1.log; fail "interrupted run: exit $rc, expected 130"; }
[ ! -e slow.csv ] || fail "slow.csv written by an interrupted run"
partials=0 kept=0
for f in slow.parts/part-*.csv.partial; do
  [ -e "$f" ] || continue
  partials=$((partials + 1))
  kept=$((kept + $(awk '!/^#/ { n++ } END { print (n > 1 ? n - 1 : 0) }' "$f")))  # rows, no header
done
((kept > 0)) || { cat slow1.log; fail "no rows kept in $partials partial files"; }
say "interrupted (exit 130): $partials partial parts kept, $kept rows in them"
"$bin" solve "$data" -s backtracking -o single_slow.csv >/dev/null
"$script" "${slow[@]}" >slow2.log 2>&1 || { cat slow2.log; fail "the rerun failed"; }
grep -q 'resuming .*part-[0-9]*\.csv\.partial' slow2.log || { cat slow2.log; fail "the rerun did not resume"; }
grep -q 'parts are complete already' slow2.log || { cat slow2.log; fail "the rerun did not keep part 1"; }
parts_made slow.parts 4
same_rows single_slow.csv slow.csv
[ -s slow_summary.csv ] || fail "no summary"
say "ok: sharded runs, the interrupted and resumed run and the failures behave"
