#!/usr/bin/python3
"""Charts (PNG) from sudoku-bench CSVs, with Debian's python3-matplotlib (hence /usr/bin/python3).

  scripts/plot.py --bench results/bench_baseline.csv --rows rows.csv [--generate gen.csv] --out charts/

Charts, each made only when its input is given:
  bench_throughput.png         --bench: puzzles/s per solver per dataset (log scale), the bar at
                               the median of the repetitions, the whisker from min to max
                               (`sudoku-bench bench -o`; concatenated files are fine)
  bench_time_distribution.png  --rows: per-puzzle solve time, one cumulative curve per solver, log
                               axis, one panel per dataset (`sudoku-bench solve -o rows.csv`)
  generation_rate.png          --generate: puzzles generated per second per method and the
                               distribution of the time per puzzle (a generator stats CSV with
                               columns index,method,attempts,restarts,time_ns,clues)
Lines starting with '#' (the provenance header) are skipped; the first chart's title carries the
git revision and CPU from it.
"""
import argparse
import csv
import math
import os
import sys
from collections import OrderedDict, defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_csv(path):
    """(meta dict, list of row dicts); skips '#' lines and repeated header lines."""
    meta, rows, header = {}, [], None
    with open(path, newline="") as f:
        data = []
        for line in f:
            if line.startswith("#"):
                k, _, v = line[1:].partition(":")
                meta.setdefault(k.strip(), v.strip())
            elif line.strip():
                data.append(line)
    for rec in csv.reader(data):
        if header is None:
            header = rec
        elif rec != header:
            rows.append(dict(zip(header, rec)))
    return meta, rows


COLORS = {}


def color(solver):
    """The same colour for a solver in every chart."""
    return COLORS.setdefault(solver, "C%d" % len(COLORS))


def base(path):
    return os.path.basename(path)


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def subtitle(meta):
    parts = [meta.get("git_revision", ""), meta.get("cpu", ""), "threads " + meta.get("threads", "?")]
    return ", ".join(p for p in parts if p)


def plot_throughput(paths, out):
    groups = OrderedDict()  # dataset -> solver -> [pps]
    meta = {}
    for p in paths:
        m, rows = read_csv(p)
        meta = meta or m
        for r in rows:
            groups.setdefault(base(r["dataset"]), OrderedDict()).setdefault(r["solver"], []).append(
                float(r["puzzles_per_s"]))
    solvers = []
    for d in groups.values():
        for s in d:
            if s not in solvers:
                solvers.append(s)
    fig, ax = plt.subplots(figsize=(9, 4.8), dpi=100)
    width = 0.8 / max(1, len(solvers))
    for i, s in enumerate(solvers):
        xs, meds, lo, hi = [], [], [], []
        for j, d in enumerate(groups.values()):
            if s not in d or not d[s]:
                continue
            v = d[s]
            m = median(v)
            xs.append(j + (i - (len(solvers) - 1) / 2) * width)
            meds.append(m)
            lo.append(m - min(v))
            hi.append(max(v) - m)
        ax.bar(xs, meds, width, label=s, yerr=[lo, hi], capsize=2, color=color(s))
    ax.set_yscale("log")
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(list(groups.keys()), rotation=10)
    ax.set_ylabel("puzzles / s (log)")
    ax.set_title("Throughput per solver and dataset (median of repetitions, min-max)\n" + subtitle(meta),
                 fontsize=10)
    ax.grid(axis="y", which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


def plot_distribution(paths, out):
    times = OrderedDict()  # dataset -> solver -> [us]
    for p in paths:
        _, rows = read_csv(p)
        for r in rows:
            if r["status"] in ("invalid", "unsupported"):
                continue
            times.setdefault(base(r["file"]), OrderedDict()).setdefault(r["solver"], []).append(
                max(int(r["time_ns"]), 1) / 1e3)
    n = len(times)
    cols = min(n, 2)
    rws = math.ceil(n / cols)
    fig, axes = plt.subplots(rws, cols, figsize=(9, 3.4 * rws), dpi=100, squeeze=False)
    for ax, (ds, by_solver) in zip(axes.flat, times.items()):
        for s, v in by_solver.items():
            v = sorted(v)
            ax.plot(v, [(i + 1) / len(v) for i in range(len(v))], label=s, linewidth=1.2, color=color(s))
        ax.set_xscale("log")
        ax.set_title(ds, fontsize=10)
        ax.set_xlabel("solve time per puzzle, µs (log)")
        ax.set_ylabel("share of puzzles")
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=8)
    for ax in list(axes.flat)[n:]:
        ax.axis("off")
    fig.suptitle("Distribution of per-puzzle solve times (cumulative)", fontsize=11)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


def plot_generation(paths, out):
    by_method = defaultdict(list)  # method -> [seconds]
    for p in paths:
        _, rows = read_csv(p)
        for r in rows:
            # Full grids and puzzles from the same method are different jobs: label them apart.
            clues = int(r.get("clues") or 0)
            kind = "grids" if clues in (16, 81, 256, 625) else "puzzles"
            by_method[f'{r["method"]}\n{kind}'].append(int(r["time_ns"]) / 1e9)
    if not by_method:
        print(f"plot: no generation rows in {paths}; chart skipped", file=sys.stderr)
        return False
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.8), dpi=100)
    methods = sorted(by_method)
    rates = [len(by_method[m]) / sum(by_method[m]) if sum(by_method[m]) > 0 else 0 for m in methods]
    a.bar(methods, rates)
    a.set_yscale("log")
    a.set_ylabel("puzzles / s, one thread (log)")
    a.set_title("Generation rate per method (full grids, minimal puzzles)", fontsize=10)
    a.grid(axis="y", which="both", alpha=0.3)
    for m in methods:
        v = sorted(t * 1e3 for t in by_method[m])
        b.plot(v, [(i + 1) / len(v) for i in range(len(v))], label=m.replace("\n", " "))
    b.set_xscale("log")
    b.set_xlabel("time per generated puzzle, ms (log)")
    b.set_ylabel("share of puzzles")
    b.set_title("Distribution of generation times", fontsize=10)
    b.grid(which="both", alpha=0.3)
    b.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", nargs="*", default=[], help="bench CSVs (sudoku-bench bench -o)")
    ap.add_argument("--rows", nargs="*", default=[], help="per-puzzle CSVs (sudoku-bench solve -o)")
    ap.add_argument("--generate", nargs="*", default=[], help="generator stats CSVs (optional)")
    # Not results/ by default: run from the project's root that would overwrite the committed
    # charts; they are made again by naming it.
    ap.add_argument("--out", default="charts", help="output folder (default: charts; the committed "
                    "charts are made with --out results/)")
    a = ap.parse_args()
    if not (a.bench or a.rows or a.generate):
        ap.error("nothing to plot: give --bench, --rows or --generate")
    os.makedirs(a.out, exist_ok=True)
    made = []
    if a.bench:
        plot_throughput(a.bench, os.path.join(a.out, "bench_throughput.png"))
        made.append("bench_throughput.png")
    if a.rows:
        plot_distribution(a.rows, os.path.join(a.out, "bench_time_distribution.png"))
        made.append("bench_time_distribution.png")
    gens = [g for g in a.generate if os.path.exists(g)]
    if gens and plot_generation(gens, os.path.join(a.out, "generation_rate.png")):
        made.append("generation_rate.png")
    elif a.generate:
        print("plot: generation CSV absent; generation_rate.png skipped", file=sys.stderr)
    for m in made:
        print(os.path.join(a.out, m))


if __name__ == "__main__":
    main()
