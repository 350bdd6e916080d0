#!/usr/bin/env bash
# End-to-end test of scripts/cluster/slurm_submit.sh and slurm.sbatch on a private one-node
# Slurm cluster: its own munged, slurmctld and slurmd, with every file (config, key, sockets,
# state, logs) in a temp folder and free ports. It never touches a system-wide Slurm or munge
# (no /etc writes, no systemctl) and stops exactly the daemons it started.
#
#   tests/cluster/slurm_test.sh BIN DATASET
#
# Submits `BIN rate DATASET` as 3 shards plus the merge job, requeues shard 0 while it runs (as a
# preemption would: SIGTERM, then the task starts again and resumes from its .partial file), and
# checks that the merged rows are a single run's rows (apart from time_ns and the `#` lines).
# About 20 s with a few hundred puzzles (DATASET should keep a shard busy for a second or more).
# It runs where no cgroup is usable (a chroot or container with its own proc, sys and cgroup2, or
# none): nothing in its configuration uses cgroups, and cgroup.conf pins the cgroup/v1 plugin,
# which slurmd 22.05 loads but leaves idle (autodetect would load cgroup/v2 on a cgroup2 mount and
# stop: "Hybrid mode is not supported" over a v1 host, "No filesystem mounted" without one).
# Exit 0 pass, 1 fail, 77 skipped with the reason (not root; Slurm or munge not installed: Debian
# packages slurmctld slurmd slurm-client munge; slurmd cannot start here for a reason of the
# machine's cgroups, its message quoted). Whatever the outcome, the daemons it started are
# stopped (SIGTERM, then SIGKILL) and their jobs cancelled. SUDOKU_KEEP_TMP=1 keeps the temp folder.
set -euo pipefail

bin=${1:?usage: slurm_test.sh BIN DATASET}
data=${2:?usage: slurm_test.sh BIN DATASET}
here=$(cd "$(dirname "$0")" && pwd)
submit=$here/../../scripts/cluster/slurm_submit.sh
shards=3

skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAILED: $*" >&2; exit 1; }
say() { echo "== $*"; }

PATH=$PATH:/usr/sbin:/sbin
[ "$(id -u)" = 0 ] || skip "needs root (it runs its own munged, slurmctld and slurmd)"
for c in munged slurmctld slurmd sbatch scontrol sinfo squeue scancel; do
  command -v "$c" >/dev/null ||
    skip "$c not found (Debian packages: slurmctld slurmd slurm-client munge)"
done
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ -x "$bin" ] || fail "not an executable: $bin"
[ -r "$data" ] || fail "no dataset: $data"
data=$(cd "$(dirname "$data")" && pwd)/$(basename "$data")

# Nothing from an enclosing Slurm job or the caller's settings may leak into this cluster.
while read -r v; do unset "$v"; done < <(compgen -e | grep -E '^(SLURM|SBATCH|SALLOC|SRUN)_' || true)

# munged wants every folder above its socket searchable by all: 0755, not mktemp's 0700.
tmp=$(mktemp -d /tmp/sudoku-slurm.XXXXXX)
chmod 755 "$tmp"
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/run"

pids=()  # the daemons this test started, in start order: munged, slurmctld, slurmd
stop_pid() {  # PID NAME: SIGTERM, up to 15 s, then SIGKILL; reap it (it is our child)
  local pid=$1 i
  # `return 0`, not `return`: in a trap, a bare return gives the status of the command before
  # the trap (the failing test's exit 1), which under set -e ended the cleanup before it
  # stopped slurmctld and munged.
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
  kill "$pid" 2>/dev/null || true
  for ((i = 0; i < 150; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then echo "== $2 (pid $pid) ignored SIGTERM: SIGKILL"; kill -9 "$pid"; fi
  wait "$pid" 2>/dev/null || true
  return 0
}
cleanup() {
  local rc=$? i
  set +e  # nothing here may stop the cleanup half-way
  trap - EXIT INT TERM
  if ((${#pids[@]} >= 2)) && kill -0 "${pids[1]}" 2>/dev/null; then
    # Cancel whatever is left of our jobs (all on this private cluster) so none outlives slurmd.
    scancel --quiet --user=root 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.2; done
  fi
  local names=(munged slurmctld slurmd)
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do stop_pid "${pids[i]}" "${names[i]}"; done
  if [ "${SUDOKU_KEEP_TMP:-0}" = 1 ]; then echo "== kept $tmp"; else rm -rf "$tmp"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

logs() {  # print the daemon logs and the job logs, for a failure message
  local f
  for f in "$tmp"/log/* "$tmp"/run/*.parts/logs/*; do
    [ -f "$f" ] || continue
    # A daemon's stderr repeats its log file; it is worth reading only when there is no log.
    [[ $f == *.out && -s ${f%.out}.log ]] && continue
    echo "---- $f (last 40 lines, without the PMIx plugin's noise)"
    grep -vi -e pmix -e 'MPI: ' "$f" | tail -n 40 || true
  done
}

# Two free ports (nothing listening or bound on them), below the ephemeral range.
used=$(for f in /proc/net/tcp /proc/net/tcp6; do if [ -r "$f" ]; then tail -n +2 "$f"; fi; done |
       awk '{ n = split($2, a, ":"); print a[n] }' | while read -r h; do echo $((16#$h)); done)
port=''
for ((i = 0; i < 200; i++)); do
  p=$((20000 + RANDOM % 10000))
  if ! grep -qx -e "$p" -e "$((p + 1))" <<<"$used"; then port=$p; break; fi
done
[ -n "$port" ] || fail "no free pair of ports found"

say "munged with its own key and socket in $tmp/munge"
key=$tmp/munge/munge.key
if command -v mungekey >/dev/null; then mungekey --create --keyfile="$key" --bits=1024
else dd if=/dev/urandom of="$key" bs=128 count=1 status=none; fi
chmod 0400 "$key"
sock=$tmp/munge/munge.socket
munged --foreground --socket="$sock" --key-file="$key" --pid-file="$tmp/munge/munged.pid" \
  --log-file="$tmp/log/munged.log" --seed-file="$tmp/munge/munged.seed" \
  >"$tmp/log/munged.out" 2>&1 &
pids+=($!)
for ((i = 0; i < 100; i++)); do [ -S "$sock" ] && break; kill -0 "${pids[0]}" 2>/dev/null || break; sleep 0.1; done
[ -S "$sock" ] || { logs; fail "munged did not start"; }

node=$(uname -n); node=${node%%.*}
# The node's real hardware, as slurmd measures it at registration (CPUs, sockets, memory).
hw=$(slurmd -C 2>/dev/null | sed -n 's/^NodeName=[^ ]* //p' | head -n 1)
[ -n "$hw" ] || hw="CPUs=$(nproc)"
export SLURM_CONF=$tmp/slurm.conf
: >"$tmp/plugstack.conf"
# Read from beside slurm.conf. See the top: no cgroup plugin is used, so the v1 one, which
# touches nothing until a plugin asks, lets slurmd start wherever it runs.
cat >"$tmp/cgroup.conf" <<'EOF'
CgroupPlugin=cgroup/v1
EOF
cat >"$SLURM_CONF" <<EOF
# A private one-node cluster for tests/cluster/slurm_test.sh; everything lives in $tmp.
ClusterName=sudokutest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire: a requeued job may start again only after it (default 120 s).
AuthInfo=socket=$sock,cred_expire=10
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
PlugStackConfig=$tmp/plugstack.conf
# No cgroups (a container may have none we may use): track processes through /proc.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=2,bf_interval=2
MpiDefault=none
SwitchType=switch/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
ReturnToService=2
KillWait=5
# Keep finished jobs for scontrol (there is no slurmdbd for sacct).
MinJobAge=3600
NodeName=$node NodeAddr=127.0.0.1 $hw State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

say "slurmctld and slurmd for node $node (ports $port, $((port + 1)))"
slurmctld -D -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
pids+=($!)
for ((i = 0; i < 150; i++)); do
  scontrol ping 2>/dev/null | grep -q 'is UP' && break
  kill -0 "${pids[1]}" 2>/dev/null || break
  sleep 0.2
done
scontrol ping 2>/dev/null | grep -q 'is UP' || { logs; fail "slurmctld did not come up"; }
slurmd -D -f "$SLURM_CONF" -N "$node" >"$tmp/log/slurmd.out" 2>&1 &
pids+=($!)
state=''
for ((i = 0; i < 300; i++)); do
  state=$(sinfo -h -N -n "$node" -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  kill -0 "${pids[2]}" 2>/dev/null || break
  sleep 0.2
done
if [ "$state" != idle ] && ! kill -0 "${pids[2]}" 2>/dev/null; then
  # slurmd stopped at start. A machine whose cgroups it cannot use: say so and skip. Else fail.
  why=$(grep -h -e 'fatal:' -e 'error:.*cgroup' "$tmp/log/slurmd.log" "$tmp/log/slurmd.out" 2>/dev/null | head -n 3 || true)
  if grep -qi cgroup <<<"$why"; then skip "slurmd cannot start on this machine: $why"; fi
  logs
  fail "slurmd exited before node $node registered${why:+: $why}"
fi
[ "$state" = idle ] || { logs; sinfo -N -l || true; fail "node $node is '$state', not idle, after 60 s"; }
# For tests/cluster/slurm_cleanup_test.sh: a failure after slurmd died and the others are up
# (as when slurmd stopped at start in a chroot, and munged and slurmctld were left running).
if [ "${SUDOKU_SLURM_TEST_FAIL:-}" = slurmd-died ]; then
  kill -9 "${pids[2]}"
  while kill -0 "${pids[2]}" 2>/dev/null && [ "$(ps -o stat= -p "${pids[2]}")" != Z ]; do sleep 0.1; done
  fail "on purpose, slurmd killed, munged and slurmctld up (SUDOKU_SLURM_TEST_FAIL)"
fi

say "submit: $shards shards of 'rate $(basename "$data")' and the merge job"
cd "$tmp/run"
jobs_out=$("$submit" -n "$shards" -c 1 -b "$bin" -o merged.csv --summary summary.csv -- \
           rate "$data") || { logs; fail "slurm_submit.sh failed"; }
array_job=$(sed -n 's/^array_job=//p' <<<"$jobs_out")
merge_job=$(sed -n 's/^merge_job=//p' <<<"$jobs_out")
[ -n "$array_job" ] && [ -n "$merge_job" ] || fail "no job ids in: $jobs_out"

# JobState of every record of a job (an array has one per task once they have started).
job_states() { scontrol -o show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2; }

# Preemption: requeue shard 0 soon after it starts. Slurm sends SIGTERM; sudoku-bench stops
# between two puzzles and keeps part-0.csv.partial; the task runs again (cred_expire later) and
# slurm.sbatch passes --resume. Should shard 0 end first, the requeue reruns a complete shard.
for ((i = 0; i < 600; i++)); do
  [ "$(job_states "${array_job}_0")" = RUNNING ] && break
  sleep 0.1
done
[ "$(job_states "${array_job}_0")" = RUNNING ] || { logs; fail "shard 0 did not start within 60 s"; }
sleep 0.3
for ((i = 0; i < 20; i++)); do  # refused while the job is completing: try again
  scontrol requeue "${array_job}_0" 2>"$tmp/requeue.err" && break
  sleep 0.5
done
((i < 20)) || { logs; cat "$tmp/requeue.err"; fail "scontrol requeue ${array_job}_0 failed"; }
say "requeued shard 0 (job ${array_job}_0) while it ran"

deadline=$((SECONDS + 300))
merge_state=''
while :; do
  merge_state=$(job_states "$merge_job")
  case $merge_state in
    COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE|PREEMPTED) break ;;
  esac
  ((SECONDS < deadline)) || { logs; scontrol show job || true; fail "merge job $merge_job still '$merge_state' after 300 s"; }
  sleep 0.5
done
say "array job $array_job: $(job_states "$array_job" | sort | uniq -c | xargs); merge job $merge_job: $merge_state"

# Every shard and the merge must have ended COMPLETED with exit code 0.
records=$(scontrol -o show job "$array_job"; scontrol -o show job "$merge_job")
bad=$(grep -v 'JobState=COMPLETED .*ExitCode=0:0' <<<"$records" || true)
[ -z "$bad" ] || { logs; echo "$bad"; fail "a job did not complete with exit code 0"; }
n_tasks=$(grep -c "ArrayJobId=$array_job " <<<"$records" || true)
[ "$n_tasks" = "$shards" ] || fail "$n_tasks array tasks, expected $shards"
grep -q -- "--shard 0/$shards --resume -o .* -j 1\$" merged.parts/logs/shard-0.log ||
  { logs; fail "shard 0 did not run with --shard 0/$shards --resume -o ... -j 1"; }
grep -q 'Restarts=1 ' <<<"$(scontrol -o show job "${array_job}_0")" ||
  { logs; fail "shard 0 was not restarted once"; }
if resumed=$(grep -o 'resuming from .*' merged.parts/logs/shard-0.log); then
  say "shard 0 was interrupted and ${resumed}"
else
  say "note: shard 0 had finished before the requeue, so its rerun found it complete (no resume)"
fi

say "compare the merged rows with a single run (without time_ns and # lines)"
"$bin" rate "$data" -o single.csv >/dev/null
# Data rows with the time_ns column emptied; the column is found by its header name.
rows() {
  grep -v '^#' "$1" | awk -F, -v OFS=, '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_ns") t = i
              if (!t) { print "no time_ns column" > "/dev/stderr"; exit 1 } }
    { $t = ""; print }'
}
rows single.csv >single.rows
rows merged.csv >merged.rows
n_rows=$(($(wc -l <single.rows) - 1))
((n_rows > 0)) || fail "the single run has no rows"
for ((k = 0; k < shards; k++)); do
  part_rows=$(($(grep -vc '^#' "merged.parts/part-$k.csv") - 1))
  ((part_rows > 0)) || fail "part $k has no rows"
done
diff single.rows merged.rows >rows.diff || { head -n 20 rows.diff; fail "merged rows differ from a single run"; }
[ -s summary.csv ] || fail "no merged summary"
say "ok: $n_rows rows in $shards shards equal a single run"
