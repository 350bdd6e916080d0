#!/usr/bin/env bash
# Submit a sharded sudoku-bench run to Slurm: a job array of N shards (scripts/cluster/slurm.sbatch),
# then a merge job that starts when every shard has succeeded.
#
#   scripts/cluster/slurm_submit.sh -n N -o OUT [options] -- SUBCOMMAND ARGS...
#   scripts/cluster/slurm_submit.sh -n 16 -c 4 -o rows.csv --summary summary.csv -- \
#       solve big.txt -s dlx,propagation
#
# Options:
#   -n N              number of shards (array tasks 0..N-1)                         (required)
#   -o OUT            the merged output: rows CSV of solve/rate, or generate/transform's
#                     puzzles; the parts get OUT's extension                          (required)
#   --summary S       also the merged summary CSV
#   -c CPUS           CPUs per shard (sbatch --cpus-per-task; the shard runs -j CPUS)
#   -p DIR            folder of the part files and logs (default: OUT without its extension,
#                     + .parts: rows.csv -> rows.parts/part-0.csv ...)
#   -b BIN            the sudoku-bench binary (default: $SUDOKU_BENCH, else this checkout's
#                     build/sudoku-bench, else sudoku-bench on PATH)
#   --throttle M      at most M shards running at once (--array=0-(N-1)%M)
#   --sbatch OPT      pass OPT to both sbatch calls; repeatable (e.g. --sbatch --time=2:00:00).
#                     SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT, ... work as usual.
#   --continue        reuse a parts folder that already has parts (resubmitting after a failure
#                     or a time limit: complete shards are skipped, interrupted ones resume)
#   -h, --help        this text
# Prints `array_job=ID` and `merge_job=ID` on stdout. Logs: DIR/logs/. The merge job is
# cancelled by Slurm if a shard fails (--kill-on-invalid-dep); fix the cause, then submit again
# with --continue.
set -euo pipefail

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "slurm_submit.sh: $*" >&2; exit 2; }

here=$(cd "$(dirname "$0")" && pwd)
n='' out='' summary='' cpus='' parts='' bin=${SUDOKU_BENCH:-} throttle='' continue=0
extra=()
while (($#)); do
  case $1 in
    -h|--help) usage; exit 0 ;;
    -n) n=${2:?-n needs a value}; shift 2 ;;
    -o) out=${2:?-o needs a value}; shift 2 ;;
    --summary) summary=${2:?--summary needs a value}; shift 2 ;;
    -c) cpus=${2:?-c needs a value}; shift 2 ;;
    -p) parts=${2:?-p needs a value}; shift 2 ;;
    -b) bin=${2:?-b needs a value}; shift 2 ;;
    --throttle) throttle=${2:?--throttle needs a value}; shift 2 ;;
    --sbatch) extra+=("${2:?--sbatch needs a value}"); shift 2 ;;
    --continue) continue=1; shift ;;
    --) shift; break ;;
    *) die "unknown option '$1' (the sudoku-bench command comes after --; -h for help)" ;;
  esac
done
(($#)) || die "no sudoku-bench command after -- (e.g. -- solve big.txt -s dlx); -h for help"
[[ $n =~ ^[1-9][0-9]*$ ]] || die "-n N: a number of shards >= 1 is required"
[ -n "$out" ] && [ "$out" != - ] || die "-o OUT (a file) is required"
[ -z "$cpus" ] || [[ $cpus =~ ^[1-9][0-9]*$ ]] || die "-c: a number of CPUs >= 1"
[ -z "$throttle" ] || [[ $throttle =~ ^[1-9][0-9]*$ ]] || die "--throttle: a number >= 1"
command -v sbatch >/dev/null || die "sbatch not found (is this a Slurm submit host?)"

# Absolute paths: the jobs start in this folder, but may run after a cd or on another node.
abspath() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
if [ -z "$bin" ]; then
  if [ -x "$here/../../build/sudoku-bench" ]; then bin=$(cd "$here/../../build" && pwd)/sudoku-bench
  else bin=$(command -v sudoku-bench) || die "no sudoku-bench binary: give -b BIN"; fi
elif [[ $bin != */* ]]; then
  bin=$(command -v "$bin") || die "'$bin' not found on PATH"
fi
[ -x "$bin" ] || die "not an executable: $bin"
bin=$(abspath "$bin")
out=$(abspath "$out")
[ -z "$summary" ] || summary=$(abspath "$summary")
# The parts take OUT's extension: rows.csv -> rows.parts/part-K.csv, new.txt -> new.parts/part-K.txt.
name=${out##*/}
if [[ $name == ?*.* ]]; then ext=${name##*.} stem=${out%.*}; else ext=csv stem=$out; fi
parts=$(abspath "${parts:-$stem.parts}")

mkdir -p "$parts/logs"
if [ "$continue" = 0 ] && compgen -G "$parts/part-*" >/dev/null; then
  die "$parts already has part files: move them away, or give --continue to reuse them"
fi

array=0-$((n - 1))${throttle:+%$throttle}
export SUDOKU_BENCH=$bin SUDOKU_PARTS=$parts SUDOKU_SHARDS=$n SUDOKU_PART_EXT=$ext
# --parsable prints "ID" or "ID;CLUSTER".
array_job=$(sbatch --parsable --export=ALL --array="$array" ${cpus:+--cpus-per-task="$cpus"} \
  --output="$parts/logs/shard-%a.log" --open-mode=append "${extra[@]}" \
  "$here/slurm.sbatch" "$@")
array_job=${array_job%%;*}
echo "array_job=$array_job"

# The merge job: every part, in shard order (a missing part fails the merge, not a silent gap).
merge=("$bin" merge -o "$out")
[ -z "$summary" ] || merge+=(--summary "$summary")
for ((k = 0; k < n; k++)); do merge+=("$parts/part-$k.$ext"); done
merge_job=$(sbatch --parsable --job-name=sudoku-bench-merge --dependency="afterok:$array_job" \
  --kill-on-invalid-dep=yes --output="$parts/logs/merge.log" --open-mode=append "${extra[@]}" \
  <<EOF
#!/bin/bash
echo "== \$(date -u +%FT%TZ) merge job \$SLURM_JOB_ID on \$(uname -n): $n parts -> ${out@Q}"
set -x
exec ${merge[@]@Q}
EOF
)
merge_job=${merge_job%%;*}

echo "slurm_submit.sh: array job $array_job: $n shards of '$*' -> $parts/part-K.$ext" >&2
echo "slurm_submit.sh: merge job $merge_job after it succeeds -> $out (logs: $parts/logs)" >&2
echo "merge_job=$merge_job"
