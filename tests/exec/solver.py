#!/usr/bin/env python3
"""A small Sudoku solver speaking sudoku-bench's --exec line protocol (docs/exec.md).

    sudoku-bench solve puzzles.txt -s py --exec py='python3 tests/exec/solver.py'

Each input line is `PUZZLE LIMIT`; each answer is one line: `COUNT SOLUTION` (the first
solution found, the number found up to LIMIT), `none`, `invalid` or `unsupported`, followed by
counters `guesses=N backtracks=N nodes=N`. Backtracking on the cell with the fewest candidates,
row, column and box masks; grids up to 9x9 (larger ones get `unsupported`).

The options make it misbehave on purpose, for the tests of the tool's recovery:
  --crash-on PUZZLE    exit with status 3, without answering, when given PUZZLE
  --hang-on PUZZLE     sleep (as if stuck) when given PUZZLE
  --lie-on PUZZLE      answer PUZZLE with a grid that is not its solution
  --garbage-on PUZZLE  answer PUZZLE with a line that is not the protocol
  --exit-after K       exit with status 0 after answering K lines (its first puzzle included)
and one to count its starts:
  --log-start FILE     append a line to FILE when it starts
"""
import sys
import time

SYMBOLS = "123456789"


class Search:
    """Counts solutions up to `limit`; row, column and box masks of the digits placed."""

    def __init__(self, box, limit):
        self.box, self.side, self.limit = box, box * box, limit
        self.full = (1 << self.side) - 1
        self.count = 0
        self.first = None
        self.guesses = self.backtracks = self.nodes = 0

    def start(self, grid):
        """False when two givens repeat a digit in a unit."""
        side, box = self.side, self.box
        self.rows, self.cols, self.boxes = [0] * side, [0] * side, [0] * side
        self.unit = [(c // side, c % side, (c // side) // box * box + (c % side) // box)
                     for c in range(side * side)]
        for cell, v in enumerate(grid):
            if v:
                r, c, b = self.unit[cell]
                bit = 1 << (v - 1)
                if (self.rows[r] | self.cols[c] | self.boxes[b]) & bit:
                    return False
                self.rows[r] |= bit
                self.cols[c] |= bit
                self.boxes[b] |= bit
        self.empty = [cell for cell, v in enumerate(grid) if not v]
        return True

    def run(self, grid):
        """Returns True to stop (the limit is reached)."""
        rows, cols, boxes, unit, full = self.rows, self.cols, self.boxes, self.unit, self.full
        best, best_mask, best_n = -1, 0, self.side + 1
        for cell in self.empty:
            if grid[cell]:
                continue
            r, c, b = unit[cell]
            mask = full & ~(rows[r] | cols[c] | boxes[b])
            n = bin(mask).count("1")
            if n < best_n:
                best, best_mask, best_n = cell, mask, n
                if n <= 1:
                    break
        if best < 0:
            self.count += 1
            if self.first is None:
                self.first = list(grid)
            return self.count >= self.limit
        if best_n == 0:
            self.backtracks += 1
            return False
        if best_n > 1:
            self.guesses += 1
        r, c, b = unit[best]
        mask = best_mask
        while mask:
            bit = mask & -mask
            mask ^= bit
            grid[best] = bit.bit_length()
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            self.nodes += 1
            stop = self.run(grid)
            rows[r] &= ~bit
            cols[c] &= ~bit
            boxes[b] &= ~bit
            if stop:
                grid[best] = 0
                return True
        grid[best] = 0
        return False


def answer(puzzle, limit):
    box = {16: 2, 81: 3}.get(len(puzzle))
    if box is None:
        return "unsupported"
    side = box * box
    grid = []
    for ch in puzzle:
        if ch in ".0":
            grid.append(0)
        elif ch in SYMBOLS[:side]:
            grid.append(int(ch))
        else:
            return "error bad character %r" % ch
    s = Search(box, limit)
    if not s.start(grid):
        return "invalid"
    s.run(grid)
    counters = "guesses=%d backtracks=%d nodes=%d" % (s.guesses, s.backtracks, s.nodes)
    if s.count == 0:
        return "none " + counters
    return "%d %s %s" % (s.count, "".join(str(v) for v in s.first), counters)


def main(argv):
    crash = hang = lie = garbage = None
    exit_after = 0
    i = 1
    while i < len(argv):
        opt, val = argv[i], argv[i + 1] if i + 1 < len(argv) else ""
        if opt == "--crash-on":
            crash = val
        elif opt == "--hang-on":
            hang = val
        elif opt == "--lie-on":
            lie = val
        elif opt == "--garbage-on":
            garbage = val
        elif opt == "--exit-after":
            exit_after = int(val)
        elif opt == "--log-start":
            with open(val, "a") as log:
                log.write("start\n")
        else:
            sys.exit("solver.py: unknown option " + opt)
        i += 2
    answered = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        puzzle = words[0]
        limit = int(words[1]) if len(words) > 1 else 1
        if puzzle == crash:
            print("solver.py: crashing on purpose", file=sys.stderr)
            sys.exit(3)
        if puzzle == hang:
            time.sleep(3600)
        if puzzle == garbage:
            out = "this is not an answer"
        else:
            out = answer(puzzle, limit)
            if puzzle == lie and out[0].isdigit():
                count, sol, rest = out.split(" ", 2)
                sol = sol[1] + sol[0] + sol[2:]  # two cells swapped: breaks a row
                out = " ".join((count, sol, rest))
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
        answered += 1
        if exit_after and answered >= exit_after:
            return


if __name__ == "__main__":
    main(sys.argv)
