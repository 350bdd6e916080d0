#!/usr/bin/env python3
"""A small nonogram solver speaking sudoku-bench's --exec line protocol (docs/exec.md).

    sudoku-bench solve nonograms.txt -s pyn --exec pyn='python3 tests/exec/nonogram_solver.py'

Each input line is `PUZZLE LIMIT` (`PUZZLE` alone under --exec-batch: limit 1); a nonogram comes as its game ID (`WxH:` then the column
clues, then the row clues, separated by `/`, runs within a clue by `.`), anything else (a
Sudoku grid) gets `unsupported`. Each answer is one line: `COUNT PICTURE` (the first picture
found, W*H characters row by row, `#` shaded and `.` blank; the number found up to LIMIT) or
`none`, followed by `guesses=N nodes=N`. Line logic (every placement of a line's runs that fits
what is known, the cells they all agree on fixed), then branching on a row's placements.

The options make it misbehave on purpose, for the tests of the tool's recovery:
  --lie-on ID       answer the game ID ID with a picture that is not a solution (a cell flipped)
  --crash-on ID     exit with status 3, without answering, when given ID
  --hang-on ID      sleep (as if stuck) when given ID
"""
import sys
import time
from functools import lru_cache


@lru_cache(maxsize=None)
def placements(runs, n):
    """Every line of n cells (bit i = cell i) whose runs are `runs`."""
    if not runs:
        return (0,)
    out = []
    first, rest = runs[0], runs[1:]
    need_rest = sum(rest) + len(rest)
    for start in range(0, n - need_rest - first + 1):
        block = ((1 << first) - 1) << start
        if not rest:
            out.append(block)
            continue
        skip = start + first + 1
        for tail in placements(rest, n - skip):
            out.append(block | (tail << skip))
    return tuple(out)


class Solver:
    def __init__(self, width, height, cols, rows, limit):
        self.w, self.h, self.limit = width, height, limit
        self.cols, self.rows = cols, rows
        self.count, self.first = 0, None
        self.guesses = self.nodes = 0

    @staticmethod
    def settle(these, those, n):
        """Keeps the placements of `those` lines (n of them, crossing `these`) that agree with
        every cell all of `these` lines' placements agree on. None on a contradiction, else
        whether anything was dropped."""
        must, never = [0] * n, [0] * n
        for i, cands in enumerate(these):
            if not cands:
                return None
            shaded, any_shaded = ~0, 0
            for x in cands:
                shaded &= x
                any_shaded |= x
            for j in range(n):
                if (shaded >> j) & 1:
                    must[j] |= 1 << i
                elif not (any_shaded >> j) & 1:
                    never[j] |= 1 << i
        dropped = False
        for j in range(n):
            kept = [x for x in those[j] if x & must[j] == must[j] and x & never[j] == 0]
            if not kept:
                return None
            if len(kept) != len(those[j]):
                those[j] = kept
                dropped = True
        return dropped

    def propagate(self, row_cands, col_cands):
        """Filters both sides against each other to a fixpoint; False on a contradiction."""
        while True:
            cols = self.settle(row_cands, col_cands, self.w)
            rows = None if cols is None else self.settle(col_cands, row_cands, self.h)
            if cols is None or rows is None:
                return False
            if not cols and not rows:
                return True

    def run(self, row_cands, col_cands):
        """Returns True to stop (the limit is reached)."""
        self.nodes += 1
        if not self.propagate(row_cands, col_cands):
            return False
        open_rows = [r for r in range(self.h) if len(row_cands[r]) > 1]
        if not open_rows:
            self.count += 1
            if self.first is None:
                self.first = [row_cands[r][0] for r in range(self.h)]
            return self.count >= self.limit
        r = min(open_rows, key=lambda i: len(row_cands[i]))
        for choice in row_cands[r]:
            self.guesses += 1
            rows = list(row_cands)
            rows[r] = [choice]
            if self.run(rows, list(col_cands)):
                return True
        return False

    def solve(self):
        rows = [list(placements(self.rows[r], self.w)) for r in range(self.h)]
        cols = [list(placements(self.cols[c], self.h)) for c in range(self.w)]
        self.run(rows, cols)


def parse_id(text):
    """(width, height, column runs, row runs) of a game ID, or None."""
    size, sep, clues = text.partition(":")
    if not sep or "x" not in size:
        return None
    w, h = (int(v) for v in size.split("x"))
    parts = clues.split("/")
    if len(parts) != w + h:
        return None
    lines = [tuple(int(v) for v in p.split(".") if v and v != "0") for p in parts]
    return w, h, lines[:w], lines[w:]


def picture(first, w):
    return "".join("#" if (row >> c) & 1 else "." for row in first for c in range(w))


def main():
    args = sys.argv[1:]
    lie_on = args[args.index("--lie-on") + 1] if "--lie-on" in args else None
    crash_on = args[args.index("--crash-on") + 1] if "--crash-on" in args else None
    hang_on = args[args.index("--hang-on") + 1] if "--hang-on" in args else None
    for line in sys.stdin:
        words = line.split()
        if len(words) not in (1, 2):
            print("error expected PUZZLE LIMIT", flush=True)
            continue
        text, limit = words[0], int(words[1]) if len(words) > 1 else 1  # --exec-batch: no limit
        parsed = parse_id(text)
        if parsed is None:
            print("unsupported", flush=True)
            continue
        if text == crash_on:
            print("nonogram_solver.py: crashing on purpose", file=sys.stderr, flush=True)
            sys.exit(3)
        if text == hang_on:
            time.sleep(3600)
        w, h, cols, rows = parsed
        s = Solver(w, h, cols, rows, max(limit, 1))
        s.solve()
        counters = "guesses=%d nodes=%d" % (s.guesses, s.nodes)
        if s.count == 0:
            print("none " + counters, flush=True)
            continue
        pic = picture(s.first, w)
        if text == lie_on:
            pic = ("." if pic[0] == "#" else "#") + pic[1:]
        print("%d %s %s" % (s.count, pic, counters), flush=True)


if __name__ == "__main__":
    main()
