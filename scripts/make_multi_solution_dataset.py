#!/usr/bin/env python3
"""Makes datasets/multi_solution.txt: puzzles with two or more solutions, for timing solvers where
a search must find a second solution (issue 29).

Method (documented in datasets/MANIFEST.md): puzzles of the shared public sets lose givens chosen
by a fixed pseudo-random stream; a puzzle is kept when it then has at least two solutions. No
public set of multi-solution puzzles is among the shared ones, and a real one (a generator's
rejects, a typo'd puzzle, a puzzle read with a given missing) is a valid puzzle with some givens
gone, which this is. Three sources give three kinds:
  - sudoku_exchange_diabolical: every 16th puzzle (from the first) loses 1 to 3 givens: hard for
    humans, few solutions, a short search;
  - 17_clue: every 32nd puzzle loses 1 given: 16 clues, very many solutions, found quickly;
  - forum_hardest_1106: every puzzle loses 1 given: the hardest searches.
The counts are checked by a small solver written here (naked and hidden singles, then the cell
with the fewest candidates; the dataset must not depend on the code it measures). The output is deterministic: the stream is splitmix64 from the seed, the source
name and the puzzle's index (no dependence on Python's random module).

Usage: scripts/make_multi_solution_dataset.py [--shared ../shared/datasets] [--seed 29]
                                              [-o datasets/multi_solution.txt]
"""
import argparse
import itertools
import os
import sys

from make_default_dataset import PEERS, line

MASK64 = (1 << 64) - 1
SOURCES = (  # file, every k-th puzzle, givens removed (min, max)
    ("sudoku_exchange_diabolical.txt", 16, 1, 3),
    ("17_clue.txt", 32, 1, 1),
    ("forum_hardest_1106.txt", 1, 1, 1),
)


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n  # bias below 2^-50 for n <= 81


UNITS = [[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)] + \
    [[(b // 3) * 27 + (b % 3) * 3 + (k // 3) * 9 + k % 3 for k in range(9)] for b in range(9)]
ALL = 0x3FE  # bits 1..9


def settle(cand):
    """Naked and hidden singles to a fixed point on candidate masks (bit d for digit d); False on
    a contradiction. Mutates `cand`."""
    changed = True
    while changed:
        changed = False
        for cell in range(81):
            m = cand[cell]
            if m == 0:
                return False
            if m & (m - 1) == 0:
                for p in PEERS[cell]:
                    if cand[p] & m:
                        cand[p] &= ~m
                        changed = True
                        if cand[p] == 0:
                            return False
        for unit in UNITS:
            seen = once = 0
            for cell in unit:
                once = (once & ~cand[cell]) | (cand[cell] & ~seen)
                seen |= cand[cell]
            if seen != ALL:
                return False
            for cell in unit:
                m = cand[cell] & once
                if m and cand[cell] != m:
                    if m & (m - 1):
                        return False  # two digits that each have only this cell
                    cand[cell] = m
                    changed = True
    return True


def solutions(grid):
    """The solutions of `grid` (0 for empty), one at a time as cell values, in the search's order
    (the cell with the fewest candidates, its digits from the largest)."""
    stack = [[ALL if v == 0 else 1 << v for v in grid]]
    while stack:
        cand = stack.pop()
        if not settle(cand):
            continue
        best, best_n = -1, 10
        for cell in range(81):
            n = bin(cand[cell]).count("1")
            if 1 < n < best_n:
                best, best_n = cell, n
        if best < 0:
            yield [m.bit_length() - 1 for m in cand]
            continue
        m = cand[best]
        while m:
            bit = m & -m
            m ^= bit
            nxt = cand[:]
            nxt[best] = bit
            stack.append(nxt)


def count_solutions(grid, limit):
    """Solutions of `grid` (0 for empty) counted up to `limit`."""
    return sum(1 for _ in itertools.islice(solutions(grid), limit))


def name_hash(name):
    h = 0xCBF29CE484222325  # FNV-1a
    for ch in name.encode():
        h = ((h ^ ch) * 0x100000001B3) & MASK64
    return h


def read_puzzles(path):
    with open(path) as f:
        for text in f:
            text = text.strip()
            if text and not text.startswith("#"):
                yield [0 if ch == "." else int(ch) for ch in text[:81]]


def parse_args(doc, output):
    """The options both dataset scripts take: --shared, --seed, -o (default `output`)."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "datasets"))
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("-o", "--output", default=output)
    return ap.parse_args()


def remove_givens(puzzle, rng, lo, hi):
    """Empties lo to hi of the puzzle's givens (how many and which from `rng`), in place."""
    givens = [cell for cell in range(81) if puzzle[cell]]
    for _ in range(lo + rng.below(hi - lo + 1)):
        puzzle[givens.pop(rng.below(len(givens)))] = 0


def keep_if_multiple(puzzle, out):
    """Appends the puzzle's line to `out` when it has two solutions or more; 1 when kept."""
    if count_solutions(puzzle, 2) >= 2:
        out.append(line(puzzle))
        return 1
    return 0


def write_dataset(path, lines):
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    args = parse_args(__doc__, "datasets/multi_solution.txt")
    out = [
        "# sudoku-bench multi-solution dataset: made by scripts/make_multi_solution_dataset.py "
        f"--seed {args.seed}",
        "# each line: a puzzle with two or more solutions (81 cells, '.' empty): a shared public puzzle",
        "# less 1-3 givens chosen by a seeded stream; sources in order: "
        + ", ".join(f"{name} (every {k}, -{lo}..{hi})" for name, k, lo, hi in SOURCES),
        "# see datasets/MANIFEST.md",
    ]
    for name, every, lo, hi in SOURCES:
        kept = tried = 0
        for index, puzzle in enumerate(read_puzzles(os.path.join(args.shared, name))):
            if index % every:
                continue
            tried += 1
            rng = SplitMix64(args.seed ^ name_hash(name) ^ (index * 0x9E3779B97F4A7C15 & MASK64))
            remove_givens(puzzle, rng, lo, hi)
            kept += keep_if_multiple(puzzle, out)
        print(f"{name}: {kept} of {tried} kept", file=sys.stderr)
    write_dataset(args.output, out)


if __name__ == "__main__":
    main()
