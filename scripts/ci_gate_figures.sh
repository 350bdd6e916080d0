#!/usr/bin/env bash
# Makes results/ci_gate.md: the figures of the counted CI gate (scripts/bench_baseline.sh --check).
#
#   scripts/ci_gate_figures.sh [--runs N] [-o FILE]    # default: 20 trial runs, results/ci_gate.md
#
# 1. the gate twice on this build: how long it takes (wall and CPU, with the load average) and
#    how far apart the two runs' counts are, pair by pair;
# 2. every solver's counts on the gate's set (the first run);
# 3. the gate with SUDOKU_SIMD=portable against the committed baseline (counted with the vector
#    path, avx2): propagation and scored must fail, the others pass;
# 4. scripts/ci_gate_trials.sh --runs N: planted slowdowns of +3%, +10%, +30% in a test plug-in,
#    N gate runs each beside two CPU-bound jobs, and the unchanged plug-in N times.
# Environment: BUILD_DIR (default build), SHARED (default ../shared/datasets).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
export BUILD_DIR SHARED=${SHARED:-../shared/datasets}
runs=20 out=results/ci_gate.md
while (($#)); do
  case $1 in
    --runs) runs=${2:?}; shift 2 ;;
    -o) out=${2:?}; shift 2 ;;
    *) echo "usage: $0 [--runs N] [-o FILE]" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d /tmp/sudoku-gate-figures.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

gate() {  # NAME [ENV...]: the gate, its CSV in NAME.csv, report NAME.md, "exit wall user load" in NAME.time
  local name=$1 rc=0 load
  shift
  load=$(cut -d' ' -f1 /proc/loadavg)
  env "$@" BENCH_OUT="$tmp/$name.csv" BENCH_REPORT="$tmp/$name.md" /usr/bin/time -f "%e %U" -o "$tmp/$name.t" \
    scripts/bench_baseline.sh --check >"$tmp/$name.log" 2>&1 || rc=$?
  echo "$rc $(tail -n 1 "$tmp/$name.t") $load" >"$tmp/$name.time"
  echo "ci_gate_figures: $name: exit $rc" >&2
}
gate run1
gate run2
gate portable SUDOKU_SIMD=portable
scripts/ci_gate_trials.sh --runs "$runs" --load 2 -o "$tmp/trials.md" >"$tmp/trials.log" 2>&1 || true

python3 - "$tmp" "$out" "$runs" <<'PY'
import csv, io, os, subprocess, sys
tmp, out, runs = sys.argv[1], sys.argv[2], sys.argv[3]

def rows(path):
    lines = [l for l in open(path) if not l.startswith("#")]
    out = []
    for r in csv.DictReader(io.StringIO("".join(l for i, l in enumerate(lines) if i == 0 or not l.startswith("dataset,")))):
        out.append(r)
    return out

def meta(path, key):
    for l in open(path):
        if l.startswith(f"# {key}: "):
            return l.split(": ", 1)[1].strip()
    return "?"

def timing(name):
    rc, wall, user, load = open(f"{tmp}/{name}.time").read().split()
    return int(rc), float(wall), float(user), load

a, b = rows(f"{tmp}/run1.csv"), rows(f"{tmp}/run2.csv")
key = lambda r: (os.path.basename(r["dataset"]), r["solver"])
bmap = {key(r): r for r in b}
spread_i = spread_c = 0.0
for r in a:
    s = bmap[key(r)]
    for col, acc in (("instructions", "i"), ("est_cycles", "c")):
        x, y = float(r[col]), float(s[col])
        d = abs(y - x) / x * 100
        if acc == "i": spread_i = max(spread_i, d)
        else: spread_c = max(spread_c, d)

rev = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True).stdout.strip()
run1 = f"{tmp}/run1.csv"
t1, t2, tp = timing("run1"), timing("run2"), timing("portable")
md = []
w = md.append
w("# The counted CI gate")
w("")
w("`scripts/bench_baseline.sh --check` (CI's `scripts/test.sh` runs it): the gate's set counted by")
w("`bench --measure instructions --count-with callgrind` (docs/counting.md), then `regress` against the")
w("committed `results/bench_baseline.csv`: any work counter changed, or instructions or estimated cycles")
w("per puzzle grown by more than 1%, fails. Made by `scripts/ci_gate_figures.sh --runs " + runs + "` at " + rev + ";")
w(f"{meta(run1, 'cpu')}, {os.cpu_count()} cores shared with other jobs, {meta(run1, 'compiler')}, "
  f"{meta(run1, 'count_tool').split(' --tool')[0]}, simd {meta(run1, 'simd')}.")
w("")
w("## How long it takes, and how far apart two runs of one build are")
w("")
w("| run | exit | wall s | CPU s (user) | load average at the start |")
w("|---|---:|---:|---:|---:|")
for name, t in (("first", t1), ("second", t2)):
    w(f"| {name} | {t[0]} | {t[1]:.1f} | {t[2]:.1f} | {t[3]} |")
w("")
w(f"The gate is one process at a time, so on an idle machine its wall time is about its CPU time;"
  f" here other jobs shared the two cores. Between the two runs, over all {len(a)} (dataset, solver) pairs:"
  f" instructions at most {spread_i:.4f}% apart, estimated cycles at most {spread_c:.4f}% apart (goal: under 0.1%;"
  f" the gate fails at 1%).")
w("")
w("## Every solver's counts on the gate's set (first run)")
w("")
w("| dataset | solver | puzzles | instructions/puzzle | est. cycles/puzzle | L1 / LL / RAM hits | nodes | guesses |")
w("|---|---|---:|---:|---:|---|---:|---:|")
for r in a:
    acc = float(r["l1_hits"]) + float(r["ll_hits"]) + float(r["ram_hits"])
    hits = " / ".join(f"{100 * float(r[c]) / acc:.3f}%" for c in ("l1_hits", "ll_hits", "ram_hits"))
    w(f"| {os.path.basename(r['dataset'])} | {r['solver']} | {r['puzzles']} | {float(r['instructions_per_puzzle']):,.1f} |"
      f" {float(r['est_cycles_per_puzzle']):,.1f} | {hits} | {r['nodes']} | {r['guesses_total']} |")
w("")
w("## A lost vector path: SUDOKU_SIMD=portable against the baseline counted with avx2")
w("")
w(f"`SUDOKU_SIMD=portable scripts/bench_baseline.sh --check`: exit {tp[0]} (1 is a caught regression). The pairs")
w("that changed by more than 1% (every other pair passed):")
w("")
rep = open(f"{tmp}/portable.md").read().splitlines()
head = [l for l in rep if l.startswith("| dataset |") or l.startswith("|---")]
w("\n".join(head[:2]))
for l in rep:
    if "FAIL" in l and l.startswith("|"):
        w(l)
w("")
w(f"## Planted slowdowns, {runs} runs each on a loaded machine")
w("")
w("`scripts/ci_gate_trials.sh --runs " + runs + " --load 2`: a test plug-in (examples/plugin's solver plus a loop")
w("in its solve call, calibrated to +3%, +10%, +30% instructions on 100 puzzles), counted and compared")
w("with `regress`'s default tolerance, round-robin with the unchanged plug-in, while two other jobs run")
w("the naive solver on forum_hardest_1106 on both cores.")
w("")
if os.path.exists(f"{tmp}/trials.md"):
    w(open(f"{tmp}/trials.md").read().rstrip())
else:
    w("**The trials did not finish:**\n\n```\n" + open(f"{tmp}/trials.log").read()[-2000:] + "\n```")
open(out, "w").write("\n".join(md) + "\n")
PY
echo "ci_gate_figures: wrote $out" >&2
