#!/usr/bin/env bash
# tests/cluster/slurm_test.sh stops the daemons it started on every way out: a failure after
# slurmd died with munged and slurmctld up (SUDOKU_SLURM_TEST_FAIL=slurmd-died: what a chroot
# once left running), and a SIGTERM while its jobs run. After each,
# no process may be left whose command line names that run's temp folder (munged, slurmctld,
# slurmd and the jobs do), no slurmstepd it started, and the folder is gone.
#
#   tests/cluster/slurm_cleanup_test.sh BIN DATASET
#
# Exit 0 pass, 1 fail, 77 when slurm_test.sh itself skips (its reason printed).
set -euo pipefail
bin=${1:?usage: slurm_cleanup_test.sh BIN DATASET}
data=${2:?usage: slurm_cleanup_test.sh BIN DATASET}
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAILED: $*" >&2; exit 1; }
log=$(mktemp /tmp/sudoku-slurm-cleanup.XXXXXX)
run=''  # the background slurm_test.sh, if any
cleanup() {
  local rc=$?
  set +e
  if [ -n "$run" ] && kill -0 "$run" 2>/dev/null; then kill -TERM "$run"; wait "$run"; fi
  rm -f "$log"
  exit "$rc"
}
trap cleanup EXIT

stepds_before=$(pgrep -x slurmstepd | sort || true)  # a system Slurm's, if any: not ours
new_stepds() { comm -13 <(echo "$stepds_before") <(pgrep -x slurmstepd | sort || true); }
left_over() {  # TMP: processes still naming it, or slurmstepd started since, after up to 10 s
  local i
  for ((i = 0; i < 100; i++)); do
    pgrep -f -- "$1" >/dev/null || [ -n "$(new_stepds)" ] || return 0
    sleep 0.1
  done
  pgrep -a -f -- "$1" || true
  new_stepds
  return 1
}
tmp_of() { sed -n 's/^== munged with its own key and socket in \(.*\)\/munge$/\1/p' "$log" | head -n 1; }

# 1. A failure after slurmd died.
rc=0
SUDOKU_SLURM_TEST_FAIL=slurmd-died "$here/slurm_test.sh" "$bin" "$data" >"$log" 2>&1 || rc=$?
if ((rc == 77)); then grep SKIPPED "$log"; exit 77; fi
((rc == 1)) || { cat "$log"; fail "the forced failure exited $rc, not 1"; }
grep -q 'FAILED: on purpose' "$log" || { cat "$log"; fail "it did not fail where asked"; }
tmp=$(tmp_of)
[ -n "$tmp" ] || { cat "$log"; fail "no temp folder in the log"; }
left_over "$tmp" || fail "processes of $tmp left after a failure"
[ ! -e "$tmp" ] || fail "$tmp left after a failure"
echo "ok: after a failure with slurmd dead and the others up, nothing of $tmp is left"

# 2. SIGTERM while the jobs run.
"$here/slurm_test.sh" "$bin" "$data" >"$log" 2>&1 &
run=$!
for ((i = 0; i < 1200; i++)); do
  grep -q '^== requeued shard 0' "$log" && break
  kill -0 "$run" 2>/dev/null || break
  sleep 0.1
done
grep -q '^== requeued shard 0' "$log" || { cat "$log"; fail "the run did not reach its jobs"; }
tmp=$(tmp_of)
kill -TERM "$run"
rc=0
wait "$run" || rc=$?
run=''
((rc == 143)) || { cat "$log"; fail "SIGTERM: exit $rc, not 143"; }
left_over "$tmp" || fail "processes of $tmp left after SIGTERM"
[ ! -e "$tmp" ] || fail "$tmp left after SIGTERM"
echo "ok: after SIGTERM with jobs running, nothing of $tmp is left"
