#!/usr/bin/env bash
# The merge Job's script of scripts/cluster/k8s-indexed-job.yaml, run by /bin/sh without a
# cluster: taken out of the YAML (python3-yaml), with the ConfigMap's variables set, a local
# folder for the volume and BIN as `sudoku-bench` on PATH. The parts of `solve` merge with the
# summary; those of `generate` (which has no summary) merge into a single run's bytes, with
# SUMMARY still set as in the shipped ConfigMap. A missing part is refused (exit 2).
#
#   tests/cluster/k8s_merge_test.sh BIN DATASET
#
# Exit 0 pass, 1 fail, 77 skipped (no python3 with the yaml module: Debian package python3-yaml).
set -euo pipefail

bin=${1:?usage: k8s_merge_test.sh BIN DATASET}
data=${2:?usage: k8s_merge_test.sh BIN DATASET}
here=$(cd "$(dirname "$0")" && pwd)
yaml=$here/../../scripts/cluster/k8s-indexed-job.yaml

fail() { echo "FAILED: $*" >&2; exit 1; }
python3 -c 'import yaml' 2>/dev/null || { echo "SKIPPED: python3-yaml not installed"; exit 77; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
tmp=$(mktemp -d /tmp/sudoku-k8s.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
mkdir bin && ln -s "$bin" bin/sudoku-bench
python3 - "$yaml" >merge.sh <<'PY'
import sys, yaml
for doc in yaml.safe_load_all(open(sys.argv[1])):
    if doc and doc.get("kind") == "Job" and doc["metadata"]["name"] == "sudoku-bench-merge":
        print(doc["spec"]["template"]["spec"]["containers"][0]["args"][0])
PY
[ -s merge.sh ] || fail "no merge Job script in $yaml"

merge() {  # PARTS: the merge Job on them, as the pod runs it
  PATH=$tmp/bin:$PATH SHARDS=3 PARTS=$1 OUT=$tmp/out/$2 SUMMARY=$tmp/out/summary-$2.csv \
    /bin/sh merge.sh >"$2.log" 2>&1
}

# solve: rows, merged with their summary.
mkdir -p solve
for k in 0 1 2; do "$bin" solve "$data" -s dlx --shard "$k/3" -o "solve/part-$k.csv" >/dev/null; done
"$bin" solve "$data" -s dlx -o single.csv >/dev/null
merge solve rows.csv || { cat rows.csv.log; fail "merge of solve parts failed"; }
[ -s out/summary-rows.csv.csv ] || fail "no summary for solve's rows"
diff <(grep -v '^#' single.csv | cut -d, -f1-4) <(grep -v '^#' out/rows.csv | cut -d, -f1-4) >/dev/null ||
  fail "merged rows differ from a single run's"

# generate: no summary, byte-identical to a single run.
mkdir -p gen
for k in 0 1 2; do "$bin" generate -n 30 --seed 5 --shard "$k/3" -o "gen/part-$k.csv" >/dev/null 2>&1; done
"$bin" generate -n 30 --seed 5 -o single.txt >/dev/null 2>&1
merge gen gen.txt || { cat gen.txt.log; fail "merge of generate parts failed"; }
cmp single.txt out/gen.txt || fail "merged generate output differs from a single run's"
[ ! -e out/summary-gen.txt.csv ] || fail "a summary for generate"

# A part missing: refused.
rm gen/part-1.csv
rc=0
merge gen gen2.txt || rc=$?
((rc == 2)) || { cat gen2.txt.log; fail "missing part: exit $rc, expected 2"; }
echo "ok: the merge Job's script merges solve (with summary) and generate (without)"
