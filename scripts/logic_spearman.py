#!/usr/bin/env python3
"""Spearman rank correlation between `sudoku-bench rate` scores and Sudoku Explainer ratings.

  build/sudoku-bench rate ../shared/datasets/sudoku_exchange_diabolical.txt -j 2 -o rate.csv
  scripts/logic_spearman.py rate.csv ../shared/datasets/sudoku_exchange_diabolical_ratings.csv

Both files list the same puzzles in the same order (the rate CSV is in input order). Prints the
correlation on the whole set and on each half (first half / second half, for a held-out check),
and the mean score per SE rating. Pure Python (no SciPy): ties get their average rank.
"""
import csv
import sys


def ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i])
    r = [0.0] * len(v)
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and v[order[j]] == v[order[i]]:
            j += 1
        for k in range(i, j):
            r[order[k]] = (i + j + 1) / 2.0
        i = j
    return r


def spearman(x, y):
    rx, ry = ranks(x), ranks(y)
    n = len(rx)
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / (sxx * syy) ** 0.5


def main():
    rate_path, se_path = sys.argv[1], sys.argv[2]
    column = sys.argv[3] if len(sys.argv) > 3 else "difficulty_score"
    with open(rate_path) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    with open(se_path) as f:
        se = [float(r["se_rating"]) for r in csv.DictReader(f)]
    if len(rows) != len(se):
        sys.exit(f"{len(rows)} rated rows but {len(se)} SE ratings")
    pairs = [(float(r[column]), s) for r, s in zip(rows, se) if r[column] != ""]
    print(f"rated {len(pairs)} of {len(rows)} puzzles (column {column})")
    half = len(pairs) // 2
    for name, part in (("all", pairs), ("first half", pairs[:half]), ("second half", pairs[half:])):
        print(f"spearman {name:12} n={len(part):6}  {spearman([p[0] for p in part], [p[1] for p in part]):.4f}")
    by = {}
    for score, s in pairs:
        by.setdefault(s, []).append(score)
    print("se_rating  puzzles  mean_score")
    for s in sorted(by):
        print(f"{s:9.1f}  {len(by[s]):7}  {sum(by[s]) / len(by[s]):10.3f}")


if __name__ == "__main__":
    main()
