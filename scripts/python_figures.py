#!/usr/bin/python3
"""Makes results/python.md: what the Python module costs over the command line, its memory on a
large file, and how fast Ctrl-C stops it.

    /usr/bin/python3 scripts/python_figures.py [--build build] [--runs 7] [--out results/python.md]

1. Overhead (issue 31's targets): the same puzzles through `sudoku-bench solve` / `rate` (a child
   process writing its per-puzzle CSV to a file) and through sudoku_bench.solve / rate (an
   (n, 81) uint8 array in, a DataFrame out), on one core (`taskset -c 1`, -j 1 / threads=1) and
   on every core; the two alternate run by run (which goes first alternates too) and the ratio
   is of the medians. Wall times: whatever else runs on the machine slows both alike.
2. Memory: peak RSS of a fresh interpreter solving a file of N puzzles (17_clue.txt repeated)
   from its path, for growing N, against the CLI's on the same files: the input is streamed,
   so what grows is the returned rows.
3. Ctrl-C: SIGINT to an interpreter rating the whole diabolical set; the time until
   KeyboardInterrupt is raised, and whether its `partial` rows are the input's prefix.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default=str(ROOT / "build"))
    p.add_argument("--shared", default=str(ROOT.parent / "shared" / "datasets"))
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--out", default=str(ROOT / "results" / "python.md"))
    return p.parse_args()


A = args()
BUILD = Path(A.build).resolve()
SHARED = Path(A.shared).resolve()
EXE = BUILD / "sudoku-bench"
sys.path.insert(0, str(BUILD / "python"))
import sudoku_bench as sb  # noqa: E402

TMP = Path(tempfile.mkdtemp(prefix="python_figures."))


def puzzles_of(path, first=None):
    lines = [ln.strip() for ln in open(path) if ln.strip() and not ln.startswith("#")]
    return lines[:first] if first else lines


def cli_time(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def py_time(call):
    t = time.perf_counter()
    df = call()
    return time.perf_counter() - t, df


def alternate(cli_cmd, py_call, runs):
    """Runs of the two, alternated (and which goes first alternated): the medians."""
    cli, py = [], []
    py_time(py_call), cli_time(cli_cmd)  # warm-up: page cache, the module's first calls
    for r in range(runs):
        if r % 2 == 0:
            cli.append(cli_time(cli_cmd))
            py.append(py_time(py_call)[0])
        else:
            py.append(py_time(py_call)[0])
            cli.append(cli_time(cli_cmd))
    return statistics.median(cli), statistics.median(py), cli, py


def overhead(rows_out):
    clue17 = SHARED / "17_clue.txt"
    a17 = sb.to_array(puzzles_of(clue17))
    dia = puzzles_of(SHARED / "sudoku_exchange_diabolical.txt", 1000)
    dia_file = TMP / "diabolical_first1000.txt"
    dia_file.write_text("\n".join(dia) + "\n")
    adia = sb.to_array(dia)
    allowed = os.sched_getaffinity(0)
    cores = len(allowed)
    for label, one_core in (("one core", True), (f"all cores ({cores})", False)):
        j = 1 if one_core else cores
        if one_core:
            os.sched_setaffinity(0, {max(allowed)})
        try:
            for what, cmd, call, n in (
                    ("solve 17_clue.txt, propagation", [str(EXE), "solve", str(clue17), "-s", "propagation",
                                                         "-j", str(j), "-o", str(TMP / "solve.csv")],
                     lambda: sb.solve(a17, "propagation", threads=j), len(a17)),
                    ("rate the first 1,000 of sudoku_exchange_diabolical.txt",
                     [str(EXE), "rate", str(dia_file), "-j", str(j), "-o", str(TMP / "rate.csv")],
                     lambda: sb.rate(adia, threads=j), len(adia))):
                c, p, cs, ps = alternate(cmd, call, A.runs)
                rows_out.append((what, label, n, c, p, cs, ps))
                print(f"{what} ({label}): cli {c:.3f} s, python {p:.3f} s, ratio {p / c:.3f}", file=sys.stderr)
        finally:
            os.sched_setaffinity(0, allowed)


def child_rss(code):
    """Peak RSS (MiB) of a fresh interpreter running `code`."""
    env = dict(os.environ, PYTHONPATH=str(BUILD / "python"))
    out = subprocess.run([sys.executable, "-c", code + "\nimport resource\n"
                          "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"],
                         check=True, capture_output=True, text=True, env=env)
    return int(out.stdout.split()[-1]) / 1024


def memory(rows_out):
    src = (SHARED / "17_clue.txt").read_text()
    lines = [ln for ln in src.splitlines() if ln and not ln.startswith("#")]
    base = child_rss("import numpy, pandas, sudoku_bench")
    rows_out.append(("import sudoku_bench (numpy, pandas)", 0, 0, base, None))
    for copies in (1, 4, 10):
        f = TMP / f"17_clue_x{copies}.txt"
        f.write_text("\n".join(lines * copies) + "\n")
        n = len(lines) * copies
        rss = child_rss(f"import sudoku_bench as sb\ndf = sb.solve({str(f)!r}, 'propagation')\n"
                        f"assert len(df) == {n} and (df.status == 'solved').all()")
        t = time.perf_counter()
        out = subprocess.run(["/usr/bin/time", "-f", "%M", str(EXE), "solve", str(f), "-s", "propagation",
                              "-o", str(TMP / "mem.csv")], check=True, capture_output=True, text=True)
        cli = int(out.stderr.split()[-1]) / 1024
        rows_out.append((f.name, n, f.stat().st_size, rss, cli))
        print(f"memory {f.name}: python {rss:.0f} MiB, cli {cli:.0f} MiB ({time.perf_counter() - t:.1f} s)",
              file=sys.stderr)
        f.unlink()


INTERRUPT = textwrap.dedent("""
    import os, signal, sys, threading, time
    import sudoku_bench as sb
    # Python installs its Ctrl-C handler only where SIGINT is not ignored at start-up, as it is
    # for a job started in the background (`cmd &`): install it, as a terminal's interpreter has.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    path = sys.argv[1]
    lines = [l.strip() for l in open(path) if l.strip() and not l.startswith('#')]
    a = sb.to_array(lines)
    sent = []
    def kill():
        time.sleep(1.0)
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)
    threading.Thread(target=kill, daemon=True).start()
    try:
        sb.rate(a)
        print('finished')
    except KeyboardInterrupt as e:
        latency = time.perf_counter() - sent[0]
        p = e.partial
        prefix = bool((p.line.to_numpy() == range(1, len(p) + 1)).all())
        print(f'{latency:.4f} {len(p)} {len(a)} {prefix}')
""")


def interrupt(rows_out, trials=5):
    env = dict(os.environ, PYTHONPATH=str(BUILD / "python"))
    for _ in range(trials):
        out = subprocess.run([sys.executable, "-c", INTERRUPT, str(SHARED / "sudoku_exchange_diabolical.txt")],
                             check=True, capture_output=True, text=True, env=env).stdout.split()
        if out[0] == "finished":  # the whole set rated before the signal came: nothing to measure
            rows_out.append((None, 0, 0, False))
        else:
            rows_out.append((float(out[0]), int(out[1]), int(out[2]), out[3] == "True"))
        print(f"interrupt: {out}", file=sys.stderr)


def main():
    over, mem, intr = [], [], []
    overhead(over)
    memory(mem)
    interrupt(intr)
    rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                         text=True).stdout.strip()
    load = os.getloadavg()[0]
    md = [
        "# The Python module: overhead, memory, Ctrl-C",
        "",
        f"Made by `/usr/bin/python3 scripts/python_figures.py --runs {A.runs}` at {rev} on "
        f"{os.cpu_count()} cores (load average {load:.1f} when it ended: the machine is shared, "
        "so the absolute times are noisy; the ratios compare runs alternated one by one).",
        "",
        "## Overhead over the command line (issue 31: solve at most 5%, rate at most 2% more)",
        "",
        "The command line reads the file and writes its per-puzzle CSV (`-o`); the module takes "
        "the same puzzles as an (n, 81) uint8 array and returns the DataFrame. Median wall time "
        f"of {A.runs} alternated runs each; one core is `taskset` to one CPU with -j 1 / threads=1.",
        "",
        "| work | cores | puzzles | `sudoku-bench` s | `sudoku_bench` s | Python / CLI |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for what, label, n, c, p, cs, ps in over:
        md.append(f"| {what} | {label} | {n:,} | {c:.3f} | {p:.3f} | {p / c:.3f} |")
    md += ["", "Every run (seconds), CLI / Python:", ""]
    for what, label, n, c, p, cs, ps in over:
        md.append(f"- {what}, {label}: {' '.join(f'{x:.3f}' for x in cs)} / {' '.join(f'{x:.3f}' for x in ps)}")
    md += [
        "",
        "## Memory on a large file",
        "",
        "Peak RSS of a fresh interpreter running `sudoku_bench.solve(path, 'propagation')` on "
        "17_clue.txt repeated, and of `sudoku-bench solve` on the same file (`/usr/bin/time -f %M`). "
        "The module streams the file through the driver's reader like the command line (the "
        "input is never held whole); what grows is the DataFrame it returns, one row per puzzle.",
        "",
        "| input | puzzles | file MiB | Python peak MiB | bytes per row more than the size above | CLI peak MiB |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    prev_n, prev_rss = 0, mem[0][3]
    for name, n, size, rss, cli in mem:
        if n == 0:
            md.append(f"| {name} | | | {rss:.0f} | | |")
        else:
            md.append(f"| {name} | {n:,} | {size / 2**20:.1f} | {rss:.0f} | "
                      f"{(rss - prev_rss) * 2**20 / (n - prev_n):.0f} | {cli:.0f} |")
            prev_n, prev_rss = n, rss
    md += [
        "",
        "## Ctrl-C",
        "",
        "SIGINT sent to an interpreter 1 s into `sudoku_bench.rate` of the whole "
        "sudoku_exchange_diabolical.txt (all cores): the time from the signal to "
        "KeyboardInterrupt in Python, the rows in its `partial` DataFrame, and whether they are "
        "lines 1..k of the input (the command line's guarantee: a contiguous prefix).",
        "",
        "| trial | latency ms | partial rows | of | a prefix |",
        "|---:|---:|---:|---:|---|",
    ]
    for i, (lat, k, n, prefix) in enumerate(intr, 1):
        if lat is None:
            md.append(f"| {i} | finished before the signal | | | |")
            continue
        md.append(f"| {i} | {lat * 1e3:.0f} | {k:,} | {n:,} | {'yes' if prefix else 'NO'} |")
    md.append("")
    md.append(f"Median latency {statistics.median(x[0] for x in intr if x[0] is not None) * 1e3:.0f} ms: the waiting thread wakes "
              "every 50 ms, then the workers finish the puzzle they are on.")
    Path(A.out).write_text("\n".join(md) + "\n")
    print(f"wrote {A.out}", file=sys.stderr)


if __name__ == "__main__":
    try:
        main()
    finally:
        subprocess.run(["rm", "-rf", str(TMP)])
