#!/usr/bin/env bash
# examples/ci/sudoku-bench-gate.yml's own commands, run here: the steps "Count the base and the
# head", "Compare" and "Report" taken out of the YAML (python3-yaml) and run by bash with the
# workflow's variables, as the runner would, on a local plug-in (base and head the same
# library: the gate passes and the report reaches the job summary; then the head's counts grown
# by 5%: the gate fails and the report says so). Keeps the recipe true to the tool's options.
#
#   tests/ci_example_test.sh BIN PLUGIN SOLVER PUZZLES
#
# Exit 0 pass, 1 fail, 77 skipped (no python3 yaml module: Debian package python3-yaml; or
# nothing can count under callgrind here: no valgrind, a sanitizer build).
set -euo pipefail
bin=${1:?usage: ci_example_test.sh BIN PLUGIN SOLVER PUZZLES}
plugin=${2:?} solver=${3:?} puzzles=${4:?}
here=$(cd "$(dirname "$0")" && pwd)
workflow=$here/../examples/ci/sudoku-bench-gate.yml

fail() { echo "FAILED: $*" >&2; exit 1; }
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
bin=$(abs "$bin") plugin=$(abs "$plugin") puzzles=$(abs "$puzzles")
python3 -c 'import yaml' 2>/dev/null || { echo "SKIPPED: python3-yaml not installed"; exit 77; }
if ! why=$("$bin" bench "$puzzles" -s dlx --first 1 --measure instructions --count-with callgrind 2>&1 >/dev/null); then
  echo "SKIPPED: cannot count under callgrind here: $why"; exit 77
fi
tmp=$(mktemp -d /tmp/sudoku-ci-example.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# Each step's script, and the workflow's variables (a shell file of exports).
python3 - "$workflow" "$tmp" <<'PY'
import shlex, sys, yaml
wf = yaml.safe_load(open(sys.argv[1]))
out = sys.argv[2]
steps = {s.get("name"): s for s in wf["jobs"]["count"]["steps"]}
for name, file in [("Count the base and the head", "count.sh"), ("Compare", "compare.sh"), ("Report", "report.sh")]:
    open(f"{out}/{file}", "w").write(steps[name]["run"])
assert steps["Report"].get("if") == "always()", "the report must be written when the gate fails"
with open(f"{out}/env.sh", "w") as f:
    for k, v in wf["env"].items():
        f.write(f"export {k}={shlex.quote(str(v))}\n")
PY
# This machine's stand-ins for the runner's paths.
ws=$tmp/workspace
mkdir -p "$ws/base/build" "$ws/head/build"
cp "$puzzles" "$ws/head/puzzles.txt"
ln -s "$plugin" "$ws/base/build/lib.so"
ln -s "$plugin" "$ws/head/build/lib.so"
run() {  # STEP: the step's script with the workflow's variables, in the workspace
  (cd "$ws" && . "$tmp/env.sh" && export SUDOKU_BENCH=$bin SOLVERS=$solver PLUGIN=build/lib.so \
     PUZZLES=puzzles.txt GITHUB_WORKSPACE=$ws GITHUB_STEP_SUMMARY=$tmp/summary.md && bash -e "$tmp/$1")
}

run count.sh >"$tmp/count.log" 2>&1 || { cat "$tmp/count.log"; fail "the count step failed"; }
grep -q '^# count_method: callgrind' "$ws/head.csv" || fail "head.csv was not counted by callgrind"
run compare.sh >"$tmp/compare.log" 2>&1 || { cat "$tmp/compare.log"; fail "the same library did not pass"; }
run report.sh
grep -q '\*\*PASS\*\*' "$tmp/summary.md" || { cat "$tmp/summary.md"; fail "no PASS in the job summary"; }

# The head's solver 5% more instructions: the compare step fails, the report still comes.
awk -F, -v OFS=, '/^#/ { print; next } !h { for (i = 1; i <= NF; i++) if ($i == "instructions_per_puzzle") c = i; h = 1; print; next }
                  { $c = $c * 1.05; print }' "$ws/head.csv" >"$ws/head2.csv"
mv "$ws/head2.csv" "$ws/head.csv"
rm -f "$ws/report.md" "$tmp/summary.md"
rc=0
run compare.sh >"$tmp/compare2.log" 2>&1 || rc=$?
((rc == 1)) || { cat "$tmp/compare2.log"; fail "5% more instructions: the compare step exited $rc, not 1"; }
run report.sh
grep -q 'FAIL: more work' "$tmp/summary.md" || { cat "$tmp/summary.md"; fail "the summary does not show the failure"; }
echo "ok: the workflow's steps count, compare and report (pass, then a 5% growth caught)"
