#!/usr/bin/env python3
"""Makes datasets/multi_solution_34.txt: puzzles of 34 or 35 givens with two or more solutions,
the kind of tdoku's serg_benchmark (many givens, several solutions), made from shared public
puzzles: each puzzle is completed to its solution (the first the script's solver finds), then
loses 46 or 47 cells chosen by a fixed pseudo-random stream, and is kept when it then has at
least two solutions. No puzzle has 16 givens or fewer, so no rule about the number of givens
settles one: the search must find a second solution.

Method as scripts/make_multi_solution_dataset.py (whose solver, stream and line format it uses),
from every 16th puzzle of sudoku_exchange_diabolical.txt from the 5th (index 4) and every 2nd
of magictour_top1465.txt: other puzzles than the other multi-solution sets' removals.

Usage: scripts/make_multi_solution_34_dataset.py [--shared ../shared/datasets] [--seed 29]
                                                 [-o datasets/multi_solution_34.txt]
"""
import os
import sys

from make_multi_solution_dataset import (MASK64, SplitMix64, keep_if_multiple, name_hash, parse_args, read_puzzles,
                                         remove_givens, solutions, write_dataset)

SOURCES = (  # file, every k-th puzzle, from index
    ("sudoku_exchange_diabolical.txt", 16, 4),
    ("magictour_top1465.txt", 2, 0),
)
REMOVED = (46, 47)  # cells emptied from the solution: 35 or 34 givens left


def main():
    args = parse_args(__doc__, "datasets/multi_solution_34.txt")
    out = [
        "# sudoku-bench multi-solution dataset, 34-35 givens: made by "
        f"scripts/make_multi_solution_34_dataset.py --seed {args.seed}",
        "# each line: a puzzle with two or more solutions and 34 or 35 givens (81 cells, '.' empty): the",
        "# solution of a shared public puzzle less 46-47 cells chosen by a seeded stream; sources in order: "
        + ", ".join(f"{name} (every {k} from {start})" for name, k, start in SOURCES),
        "# see datasets/MANIFEST.md",
    ]
    for name, every, start in SOURCES:
        kept = tried = 0
        for index, puzzle in enumerate(read_puzzles(os.path.join(args.shared, name))):
            if index < start or (index - start) % every:
                continue
            tried += 1
            solution = next(solutions(puzzle), None)
            if solution is None:
                continue
            rng = SplitMix64(args.seed ^ name_hash(name) ^ name_hash("34") ^ (index * 0x9E3779B97F4A7C15 & MASK64))
            remove_givens(solution, rng, *REMOVED)
            kept += keep_if_multiple(solution, out)
        print(f"{name}: {kept} of {tried} kept", file=sys.stderr)
    write_dataset(args.output, out)


if __name__ == "__main__":
    main()
