#!/usr/bin/env python3
"""Makes datasets/multi_solution_17plus.txt: puzzles with two or more solutions and 17 givens or
more, for timing solvers on multi-solution puzzles that no rule about the number of givens can
settle (issue 29: no 16-clue Sudoku exists, so a puzzle of 16 givens or fewer is never unique and
a solver may stop at its first solution; these puzzles are the ones a search must really finish).

Method (documented in datasets/MANIFEST.md), as scripts/make_multi_solution_dataset.py (whose
solver, stream and line format it uses): shared public puzzles lose givens chosen by a fixed
pseudo-random stream and are kept when they then have at least two solutions and 17 givens or
more. Other puzzles than multi_solution.txt's (other offsets, other removals), five kinds:
  - sudoku_exchange_diabolical: every 16th puzzle from the 9th, less 1 to 3 givens: few
    solutions, a short search;
  - magictour_top1465: every puzzle less 1 given (those left with 17 or more);
  - forum_hardest_1106: every puzzle less 2 givens: the hardest searches, more solutions;
  - 17_clue: every 32nd puzzle from the 17th less 1 given, then one cell of its first solution
    (in the script's search order) given instead, at a place the stream picks: 17 givens, very
    many solutions (the kind the 16-givens rule settles, one given more);
  - bug_plus_n: every 32nd puzzle less 2 to 4 givens: many givens, easy.

Usage: scripts/make_multi_solution_17plus_dataset.py [--shared ../shared/datasets] [--seed 29]
                                                     [-o datasets/multi_solution_17plus.txt]
"""
import os
import sys

from make_multi_solution_dataset import (MASK64, SplitMix64, keep_if_multiple, name_hash, parse_args, read_puzzles,
                                         remove_givens, solutions, write_dataset)

MIN_GIVENS = 17
SOURCES = (  # file, every k-th puzzle, from index, givens removed (min, max), solution cells added
    ("sudoku_exchange_diabolical.txt", 16, 8, 1, 3, 0),
    ("magictour_top1465.txt", 1, 0, 1, 1, 0),
    ("forum_hardest_1106.txt", 1, 0, 2, 2, 0),
    ("17_clue.txt", 32, 16, 1, 1, 1),
    ("bug_plus_n.txt", 32, 0, 2, 4, 0),
)


def main():
    args = parse_args(__doc__, "datasets/multi_solution_17plus.txt")
    out = [
        "# sudoku-bench multi-solution dataset, 17 givens or more: made by "
        f"scripts/make_multi_solution_17plus_dataset.py --seed {args.seed}",
        "# each line: a puzzle with two or more solutions and 17+ givens (81 cells, '.' empty): a shared",
        "# public puzzle less givens chosen by a seeded stream (17_clue: less one, plus one solution cell);",
        "# sources in order: " + ", ".join(f"{name} (every {k} from {start}, -{lo}..{hi}{f', +{add}' if add else ''})"
                                           for name, k, start, lo, hi, add in SOURCES),
        "# see datasets/MANIFEST.md",
    ]
    for name, every, start, lo, hi, add in SOURCES:
        kept = tried = 0
        for index, puzzle in enumerate(read_puzzles(os.path.join(args.shared, name))):
            if index < start or (index - start) % every:
                continue
            tried += 1
            rng = SplitMix64(args.seed ^ name_hash(name) ^ name_hash("17plus") ^ (index * 0x9E3779B97F4A7C15 & MASK64))
            remove_givens(puzzle, rng, lo, hi)
            if add:
                solution = next(solutions(puzzle), None)
                if solution is None:
                    continue
                for _ in range(add):
                    empty = [cell for cell in range(81) if not puzzle[cell]]
                    cell = empty[rng.below(len(empty))]
                    puzzle[cell] = solution[cell]
            if sum(1 for v in puzzle if v) < MIN_GIVENS:
                continue
            kept += keep_if_multiple(puzzle, out)
        print(f"{name}: {kept} of {tried} kept", file=sys.stderr)
    write_dataset(args.output, out)


if __name__ == "__main__":
    main()
