#!/usr/bin/env python3
"""Makes datasets/default.txt, the small dataset the main job runs on.

Method (documented in datasets/MANIFEST.md): for each puzzle, a random complete grid is made by a
randomised depth-first search (cells with the fewest candidates first, digits in random order);
then givens are removed one at a time in random order, a removal kept only while the puzzle still
has exactly one solution (counted up to 2 by an independent solver written here), until the
puzzle reaches its target clue count or no further given can be removed (minimal).
Targets are spread from 22 to 34 clues, so the set mixes easy and harder puzzles.

The solver here is deliberately separate from the project's C++ solvers: the dataset must not
depend on the code it is used to test. The output is deterministic for a seed.

Usage: scripts/make_default_dataset.py [-n 1000] [--seed 2026] [-o datasets/default.txt]
"""
import argparse
import random
import sys

ALL = 0x3FE  # bits 1..9
PEERS = []
for _cell in range(81):
    r, c = divmod(_cell, 9)
    b0 = (r // 3) * 27 + (c // 3) * 3
    peers = {r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)} | \
        {b0 + (k // 3) * 9 + k % 3 for k in range(9)}
    peers.discard(_cell)
    PEERS.append(tuple(sorted(peers)))


def candidates(grid, cell):
    used = 0
    for p in PEERS[cell]:
        used |= 1 << grid[p]
    return ALL & ~used


def count_solutions(grid, limit, rng=None):
    """Counts solutions up to `limit` (mutates and restores `grid`). With rng, digits are tried in
    random order and the first solution is left in `grid` (used to make full grids)."""
    best, best_mask, best_n = -1, 0, 10
    for cell in range(81):
        if grid[cell] == 0:
            m = candidates(grid, cell)
            n = bin(m).count("1")
            if n < best_n:
                best, best_mask, best_n = cell, m, n
                if n <= 1:
                    break
    if best < 0:
        return 1
    if best_n == 0:
        return 0
    digits = [d for d in range(1, 10) if best_mask >> d & 1]
    if rng is not None:
        rng.shuffle(digits)
    total = 0
    for d in digits:
        grid[best] = d
        total += count_solutions(grid, limit - total, rng)
        if total >= limit:
            if rng is None:
                grid[best] = 0
            return total
    grid[best] = 0
    return total


def random_full_grid(rng):
    grid = [0] * 81
    if count_solutions(grid, 1, rng) != 1:
        raise RuntimeError("no grid")
    return grid


def make_puzzle(rng, target):
    grid = random_full_grid(rng)
    puzzle = grid[:]
    order = list(range(81))
    rng.shuffle(order)
    clues = 81
    for cell in order:
        if clues <= target:
            break
        keep = puzzle[cell]
        puzzle[cell] = 0
        if count_solutions(puzzle, 2) == 1:
            clues -= 1
        else:
            puzzle[cell] = keep
    return puzzle, grid


def line(g):
    return "".join(str(v) if v else "." for v in g)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=1000, help="number of puzzles")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("-o", "--output", default="datasets/default.txt")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = [
        "# sudoku-bench default dataset: made by scripts/make_default_dataset.py "
        f"-n {args.n} --seed {args.seed}",
        "# each line: puzzle (81 cells, '.' empty), a comma, its unique solution",
        "# method: random full grid, givens removed in random order while the solution stays unique,",
        "# down to a target of 22-34 clues or until minimal; see datasets/MANIFEST.md",
    ]
    for i in range(args.n):
        target = 22 + i % 13
        puzzle, solution = make_puzzle(rng, target)
        out.append(f"{line(puzzle)},{line(solution)}")
        if (i + 1) % 100 == 0:
            print(f"{i + 1}/{args.n}", file=sys.stderr)
    with open(args.output, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
