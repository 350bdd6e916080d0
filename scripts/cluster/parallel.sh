#!/usr/bin/env bash
# Run a sudoku-bench job as N shards with GNU parallel, on this machine's cores or on ssh hosts,
# then merge the parts into one file, as if one process had run the whole job.
#
#   scripts/cluster/parallel.sh [options] -o OUT [--summary S] -- SUBCOMMAND ARGS...
#   scripts/cluster/parallel.sh -n 8 -o rows.csv --summary summary.csv -- solve big.txt -s dlx
#   scripts/cluster/parallel.sh -n 32 -j 2 -S node1,node2 -o rated.csv -- rate big.txt
#
# Shard K (0..N-1) runs
#   BIN SUBCOMMAND ARGS... --shard K/N --resume -o PARTS/part-K.csv [-j THREADS]
# and at the end `BIN merge -o OUT [--summary S] PARTS/part-0.csv ... PARTS/part-(N-1).csv`.
#
# Options:
#   -n SHARDS           number of shards (default: one per job slot, hosts x JOBS; more shards
#                       than slots evens out shards of unequal difficulty and makes a retry
#                       cheaper)
#   -j JOBS             shards running at once on each host (default 1). Each shard gets
#                       -j (that host's cores / JOBS) unless ARGS already give -j/--threads;
#                       with JOBS=1 sudoku-bench uses every core it may (affinity, cgroup quota).
#   -S, --sshlogin L    run on these hosts (GNU parallel syntax: host[,host...], user@host,
#                       'ssh -p 2222 host'; ':' is this machine, without ssh); repeatable
#   --sshloginfile F    hosts from a file, one per line; repeatable
#   --basefile FILE     copy FILE to every remote host (same path) before its first shard, for
#                       a binary or an input that is not on a shared file system; repeatable
#   --bin PATH          the sudoku-bench binary (default: $SUDOKU_BENCH, else this checkout's
#                       build/sudoku-bench, else sudoku-bench on PATH)
#   --parts DIR         folder of the parts, their log and the shard script (default: OUT
#                       without .csv, + .parts)
#   --retries R         run a failed shard up to R times in all (default 3; it resumes its part)
#   -o OUT              the merged file (required)
#   --summary S         also the merged summary CSV
#   -h, --help          this text
#
# Interruptions: Ctrl-C or SIGTERM stops every shard with one SIGTERM (GNU parallel --termseq;
# each shard finishes its puzzle, keeps PARTS/part-K.csv.partial and exits; it gets SIGKILL only
# after a minute). Run the same command again to continue: complete parts are kept, interrupted
# ones resume with --resume, then the merge runs. Remove PARTS to start over; a PARTS folder
# made for another command (another N, binary or ARGS) is refused. A failed shard is retried
# (--retries), then no new shard starts; the exit status names the failed shard (exit 1, or 2
# for a usage error); a rerun continues from there. Exit 130/143 when interrupted.
#
# Remote hosts: the parts folder (PARTS) must be on a file system every host sees at the same
# path (NFS, CephFS, ...), as must the binary and the inputs unless --basefile copies them.
# Shards write their parts there directly; nothing is copied back (a part left on one host's
# local disk could not be resumed by a retry on another host). Each shard starts in this
# folder, so relative input paths work. An interrupted remote shard may still be finishing its
# puzzle after this script has returned: each shard holds a lock on PARTS/part-K.csv.lock, and a
# rerun's shard waits for it (up to 90 s). Needs GNU parallel here (Debian package: parallel),
# and on the hosts ssh access without a password, perl (GNU parallel's remote wrapper), /bin/sh,
# flock and nproc (util-linux, coreutils); rsync on both ends for --basefile.
set -euo pipefail

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "parallel.sh: $*" >&2; exit 2; }
say() { echo "== $*"; }
# Quote a word for /bin/sh (and any POSIX shell): 'it'\''s'.
shq() { printf "'%s'" "${1//\'/\'\\\'\'}"; }

here=$(cd "$(dirname "$0")" && pwd)
n='' jobs=1 out='' summary='' parts='' bin=${SUDOKU_BENCH:-} retries=3
logins=() basefiles=()
# --termseq: SIGTERM, then SIGKILL after 2 x 30 s (time to finish the puzzle in progress). ZERO
# sends nothing: it is there for remote shards. GNU parallel's remote wrapper sleeps between the
# steps in a select() that the first SIGCHLD cuts short (the wrapper's shell dies of the SIGTERM
# at once), and would then send the next signal at once; a second SIGTERM would stop
# sudoku-bench before it writes its rows, a SIGKILL would lose them. After ZERO it sleeps 30 s.
termseq=TERM,30000,ZERO,30000,KILL,25

while (($#)); do
  case $1 in
    -h|--help) usage; exit 0 ;;
    -n) n=${2:?-n needs a value}; shift 2 ;;
    -j) jobs=${2:?-j needs a value}; shift 2 ;;
    -S|--sshlogin) logins+=(--sshlogin "${2:?$1 needs a value}"); shift 2 ;;
    --sshloginfile|--slf) logins+=(--sshloginfile "${2:?$1 needs a value}"); shift 2 ;;
    --basefile|--bf) basefiles+=(--basefile "${2:?$1 needs a value}"); shift 2 ;;
    --bin) bin=${2:?--bin needs a value}; shift 2 ;;
    --parts) parts=${2:?--parts needs a value}; shift 2 ;;
    --retries) retries=${2:?--retries needs a value}; shift 2 ;;
    -o) out=${2:?-o needs a value}; shift 2 ;;
    --summary) summary=${2:?--summary needs a value}; shift 2 ;;
    --) shift; break ;;
    *) die "unknown option '$1' (the sudoku-bench command comes after --; -h for help)" ;;
  esac
done
(($#)) || die "no sudoku-bench command after -- (e.g. -- solve big.txt -s dlx); -h for help"
[ -n "$out" ] || die "-o OUT is required"
[ "$out" != - ] || [ -n "$parts" ] || die "-o -: give --parts DIR"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "-j: a number of shards per host >= 1"
[[ $retries =~ ^[1-9][0-9]*$ ]] || die "--retries: a number >= 1"
[ -z "$n" ] || [[ $n =~ ^[1-9][0-9]*$ ]] || die "-n: a number of shards >= 1"
command -v parallel >/dev/null || die "GNU parallel not found (Debian package: parallel)"
parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
  die "'parallel' is not GNU parallel (moreutils has another one; Debian package: parallel)"

user_threads=0
for a in "$@"; do
  case $a in
    -o|--output|-o?*|--output=*|--shard|--shard=*|--resume)
      die "'$a' is set by this script for each shard; remove it" ;;
    --summary|--summary=*) die "'$a' would be written by every shard: give --summary before --" ;;
    --stats|--stats=*)
      die "'$a': every shard would write that file; run generate/transform's --stats on one machine" ;;
    -j|-j[0-9]*|--threads|--threads=*) user_threads=1 ;;
  esac
done

# Absolute paths: the shards may run on another host, and start in --workdir.
abspath() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
if [ -z "$bin" ]; then
  if [ -x "$here/../../build/sudoku-bench" ]; then bin=$here/../../build/sudoku-bench
  else bin=$(command -v sudoku-bench) || die "no sudoku-bench binary: give --bin PATH"; fi
elif [[ $bin != */* ]]; then
  bin=$(command -v "$bin") || die "'$bin' not found on PATH"
fi
[ -x "$bin" ] || die "not an executable: $bin"
bin=$(realpath -s "$(abspath "$bin")")
[ "$out" = - ] || out=$(abspath "$out")
[ -z "$summary" ] || [ "$summary" = - ] || summary=$(abspath "$summary")
parts=$(realpath -ms "$(abspath "${parts:-${out%.csv}.parts}")")

# Default N: the job slots, JOBS on each host.
if [ -z "$n" ]; then
  hosts=0
  for ((i = 0; i < ${#logins[@]}; i += 2)); do
    if [ "${logins[i]}" = --sshlogin ]; then IFS=, read -ra h <<<"${logins[i + 1]}"
    else mapfile -t h < <(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "${logins[i + 1]}"); fi
    hosts=$((hosts + ${#h[@]}))
  done
  n=$((jobs * (hosts > 0 ? hosts : 1)))
fi

mkdir -p "$parts"
# One run at a time per parts folder: two would resume the same partial files. The lock is
# inherited by the shards, so it also holds while shards of a killed run are still stopping.
exec 9>>"$parts/.lock"
flock -n 9 || die "$parts is in use by another run (or its shards are still stopping)"

# The shard script: the whole job's command, on the shared parts folder (no quoting through
# GNU parallel and ssh). Its text identifies the job: a rerun of another command is refused.
script=$parts/shard.sh
{
  cat <<EOF
#!/bin/sh
# One shard of a sudoku-bench job run by scripts/cluster/parallel.sh ($n shards).
# Usage: sh shard.sh JOBS_PER_HOST K. Do not edit: a rerun of parallel.sh compares this text.
n=$n
cd $(shq "$PWD") || exit 2
p=$(shq "$parts")/part-\$2.csv
EOF
  cat <<'EOF'
jobs=$1 k=$2
# One process per part, whatever the host: a shard of an interrupted run may still be finishing
# its puzzle (remote shards outlive the local parallel.sh by that long). The lock is held by
# sudoku-bench itself (it inherits fd 8); on NFS, flock works as a POSIX lock.
exec 8>>"$p.lock"
if ! flock -w 90 8; then
  echo "part-$k.csv: still locked by another process after 90 s" >&2
  exit 75
fi
if [ -e "$p" ] && [ ! -e "$p.partial" ]; then
  echo "part-$k.csv is complete already, written by an attempt that failed: not run again" >&2
  exit 1
fi
set --
EOF
  if [ "$user_threads" = 0 ]; then
    cat <<'EOF'
if [ "$jobs" -gt 1 ]; then
  c=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)
  t=$((c / jobs)); [ "$t" -ge 1 ] || t=1
  set -- -j "$t"
fi
EOF
  fi
  cat <<'EOF'
if [ -e "$p.partial" ]; then r="resuming $p.partial"; else r="-> $p"; fi
echo "== shard $k/$n on $(uname -n)${1:+ with $*}: $r"
EOF
  printf 'exec %s' "$(shq "$bin")"
  for a in "$@"; do printf ' %s' "$(shq "$a")"; done
  # shellcheck disable=SC2016  # expanded by shard.sh
  echo ' --shard "$k/$n" --resume -o "$p" "$@"'
} >"$script.new"
if [ -e "$script" ] && ! cmp -s "$script" "$script.new"; then
  rm -f "$script.new"
  die "$parts holds the parts of another job (see $script): give another --parts, or remove it to start over"
fi
mv "$script.new" "$script"

part() { printf '%s/part-%d.csv' "$parts" "$1"; }
complete() { [ -e "$(part "$1")" ] && [ ! -e "$(part "$1").partial" ]; }
pending=()
for ((k = 0; k < n; k++)); do complete "$k" || pending+=("$k"); done

sig=''
trap 'sig=${sig:-INT}' INT
trap 'sig=${sig:-TERM}' TERM
where="this machine"
remote=()
if ((${#logins[@]})); then
  where="${logins[*]}"
  remote=("${logins[@]}" --workdir "$PWD" "${basefiles[@]}")
fi
if ((${#pending[@]})); then
  say "$n shards of '$*' on $where, $jobs at once per host; parts in $parts"
  ((${#pending[@]} == n)) ||
    say "$((n - ${#pending[@]})) of $n parts are complete already; running shards ${pending[*]}"
  # Shards run in their own process groups, so a Ctrl-C reaches them only as parallel's one
  # SIGTERM (--termseq): a second signal would make sudoku-bench stop at once. GNU parallel runs
  # in the background so that a SIGTERM to this script alone is passed on at once.
  parallel --jobs "$jobs" --line-buffer --tagstring 'shard {}' \
    --joblog "+$parts/joblog" --halt soon,fail=1 --retries "$retries" \
    --termseq "$termseq" "${remote[@]}" \
    -q /bin/sh "$script" "$jobs" {} ::: "${pending[@]}" &
  par=$!
  trap 'sig=${sig:-INT}; kill -TERM "$par" 2>/dev/null || true' INT
  trap 'sig=${sig:-TERM}; kill -TERM "$par" 2>/dev/null || true' TERM
  rc=0
  wait "$par" || rc=$?
  while kill -0 "$par" 2>/dev/null; do rc=0; wait "$par" || rc=$?; done
  trap 'sig=${sig:-INT}' INT
  trap 'sig=${sig:-TERM}' TERM
else
  say "all $n parts are complete in $parts"
fi

# The last status of each shard in the job log (kept across reruns): "exit signal host".
declare -A last=()
if [ -e "$parts/joblog" ]; then
  while IFS=$'\t' read -r k st; do last[$k]=$st; done < <(awk -F'\t' '
    $1 ~ /^[0-9]+$/ { m = split($NF, w, " "); print w[m] "\t" $7 " " $8 " " $2 }' "$parts/joblog")
fi
describe() {  # K: what became of shard K
  local st=${last[$1]:-} e s h
  [ -n "$st" ] || { echo "shard $1/$n is not complete (not started, or stopped)"; return; }
  read -r e s h <<<"$st"
  [ "$h" != : ] || h="this machine"
  if [ "$s" != 0 ]; then echo "shard $1/$n failed: killed by signal $s on $h"
  elif [ "$e" != 0 ]; then echo "shard $1/$n failed: exit $e on $h"
  else echo "shard $1/$n is not complete (exit 0 on $h)"; fi
}

incomplete=() failed=() usage_error=0
for ((k = 0; k < n; k++)); do
  complete "$k" || incomplete+=("$k")
  read -r e s _ <<<"${last[$k]:-0 0 -}"
  if [ "$e" != 0 ] || [ "$s" != 0 ]; then failed+=("$k"); [ "$e" != 2 ] || usage_error=1; fi
done
if [ -n "$sig" ]; then
  echo "parallel.sh: interrupted (SIG$sig): $((n - ${#incomplete[@]}))/$n parts complete, the" \
    "others keep their partial files in $parts; run the same command again to resume" >&2
  [ "$sig" = INT ] && exit 130 || exit 143
fi
if ((${#incomplete[@]})); then
  for k in "${incomplete[@]}"; do echo "parallel.sh: $(describe "$k")" >&2; done
  # GNU parallel exits 255 when it was stopped by a signal (one this script could not trap).
  [ "${rc:-0}" != 255 ] || echo "parallel.sh: GNU parallel was stopped (exit 255)" >&2
  echo "parallel.sh: ${#incomplete[@]} of $n parts are not complete (log: $parts/joblog and the" \
    "shard lines above); fix the cause and run the same command again to resume" >&2
  ((usage_error)) && exit 2 || exit 1
fi

# Every part is complete: merge them in shard order (part-10 after part-9).
merge=("$bin" merge -o "$out")
[ -z "$summary" ] || merge+=(--summary "$summary")
for ((k = 0; k < n; k++)); do merge+=("$(part "$k")"); done
# A merge this script started and that was interrupted leaves OUT.partial: the parts are all
# here, so it is safe to start that merge again from scratch.
if [ -e "$parts/merging" ]; then
  for f in "$out" "$summary"; do [ -z "$f" ] || [ "$f" = - ] || rm -f "$f.partial"; done
fi
: >"$parts/merging"
say "merge $n parts -> $out${summary:+ and $summary}"
mrc=0
"${merge[@]}" || mrc=$?
# Done, or refused before writing anything (exit 2: e.g. an OUT.partial this script did not make).
if ((mrc == 0 || mrc == 2)); then rm -f "$parts/merging"; fi
((mrc == 0)) || { echo "parallel.sh: the merge failed (exit $mrc): ${merge[*]@Q}" >&2; exit "$mrc"; }
if ((${#failed[@]})); then
  # Complete parts whose shard exited non-zero: wrong answers or failed checks (see its lines).
  for k in "${failed[@]}"; do echo "parallel.sh: $(describe "$k")" >&2; done
  exit 1
fi
say "done: $out"
