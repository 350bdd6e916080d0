#!/usr/bin/env bash
# bench's Google Benchmark JSON (-o FILE.json) read by Google Benchmark's own compare.py
# (Debian's libbenchmark-tools, with python3-scipy): two timed runs of two solvers compared, the
# change it shows for each benchmark equal to the one `regress` reports on the same runs' CSVs.
#
#   tests/gbench_compare_test.sh BIN PUZZLES
#
# Exit 0 pass, 1 fail, 77 skipped (no compare.py or scipy here).
set -euo pipefail
bin=${1:?usage: gbench_compare_test.sh BIN PUZZLES} puzzles=${2:?}
compare=${GBENCH_COMPARE:-/usr/share/benchmark/compare.py}
[ -r "$compare" ] || { echo "SKIPPED: no $compare (Debian package libbenchmark-tools)"; exit 77; }
# An interpreter with scipy: python3 on PATH, else Debian's (PATH may start with another, pyenv's).
py=
for p in python3 /usr/bin/python3; do "$p" -c 'import scipy' 2>/dev/null && { py=$p; break; }; done
[ -n "$py" ] || { echo "SKIPPED: no scipy (Debian package python3-scipy)"; exit 77; }
tmp=$(mktemp -d /tmp/sudoku-gbench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

for side in a b; do
  "$bin" bench "$puzzles" -s dlx,propagation --first 40 --reps 3 --warmup 0 -j 1 \
    -o "$tmp/$side.csv" -o "$tmp/$side.json" >/dev/null 2>&1 || fail "bench $side"
done
"$py" "$compare" --no-color -d "$tmp/diff.json" benchmarks "$tmp/a.json" "$tmp/b.json" >"$tmp/compare.txt" 2>&1 ||
  { cat "$tmp/compare.txt"; fail "compare.py did not read the files"; }
name=$(basename "$puzzles")
grep -q "^$name/dlx " "$tmp/compare.txt" || { cat "$tmp/compare.txt"; fail "no $name/dlx in compare.py's table"; }
grep -q "OVERALL_GEOMEAN" "$tmp/compare.txt" || fail "no geometric mean"
# The change of each benchmark's median real_time, as compare.py computes it, against regress's
# time change (base median time / current median time - 1: the same quantity).
"$bin" regress "$tmp/a.csv" "$tmp/b.csv" --time-report-only >"$tmp/regress.md" 2>&1 || true
python3 - "$tmp/diff.json" "$tmp/regress.md" "$name" <<'PY'
import json, re, sys
diff = {d["name"]: d for d in json.load(open(sys.argv[1]))}
md = open(sys.argv[2]).read()
for solver in ("dlx", "propagation"):
    key = f"{sys.argv[3]}/{solver}_median"
    ours = diff[key]["measurements"][0]["time"]  # new / old - 1 of real_time
    m = re.search(r"\| " + re.escape(sys.argv[3]) + r" \| " + solver + r" \| [^|]+ \| [^|]+ \| ([-+0-9.]+)% \|", md)
    assert m, md
    theirs = float(m.group(1)) / 100
    assert abs(ours - theirs) < 0.0015, (solver, ours, theirs)
    print(f"{solver}: compare.py {100 * ours:+.2f}%, regress {100 * theirs:+.1f}%")
PY
echo "gbench_compare_test: ok"
