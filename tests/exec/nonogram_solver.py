#!/usr/bin/env python3
"""A small nonogram solver speaking sudoku-bench's --exec line protocol (docs/exec.md).

    sudoku-bench solve nonograms.txt -s pyn --exec pyn='python3 tests/exec/nonogram_solver.py'

Each input line is `PUZZLE LIMIT`; a nonogram comes as its game ID (`WxH:` then the column
clues, then the row clues, separated by `/`, runs within a clue by `.`), anything else (a
Sudoku grid) gets `unsupported`. Each answer is one line: `COUNT PICTURE` (the first picture
found, W*H characters row by row, `#` shaded and `.` blank; the number found up to LIMIT) or
`none`, followed by `guesses=N nodes=N`. Line logic (every placement of a line's runs that fits
what is known, the cells they all agree on fixed), then branching on a row's placements.

The options make it misbehave on purpose, for the tests of the tool's recovery:
  --lie-on ID       answer the game ID ID with a picture that is not a solution (a cell flipped)
  --crash-on ID     exit with status 3, without answering, when given ID
"""
import sys
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

    def propagate(self, row_cands, col_cands):
        """Filters both sides against each other to a fixpoint; False on a contradiction."""
        w, h = self.w, self.h
        changed = True
        while changed:
            changed = False
            # What the rows agree on, by cell: known shaded / known blank per row.
            shaded = [0] * h
            blank = [0] * h
            for r, cands in enumerate(row_cands):
                if not cands:
                    return False
                a, o = ~0, 0
                for c in cands:
                    a &= c
                    o |= c
                shaded[r], blank[r] = a, ~o
            for c in range(w):
                must = sum(1 << r for r in range(h) if (shaded[r] >> c) & 1)
                never = sum(1 << r for r in range(h) if (blank[r] >> c) & 1)
                kept = [x for x in col_cands[c] if x & must == must and x & never == 0]
                if not kept:
                    return False
                if len(kept) != len(col_cands[c]):
                    col_cands[c] = kept
                    changed = True
            shaded = [0] * w
            blank = [0] * w
            for c, cands in enumerate(col_cands):
                a, o = ~0, 0
                for x in cands:
                    a &= x
                    o |= x
                shaded[c], blank[c] = a, ~o
            for r in range(h):
                must = sum(1 << c for c in range(w) if (shaded[c] >> r) & 1)
                never = sum(1 << c for c in range(w) if (blank[c] >> r) & 1)
                kept = [x for x in row_cands[r] if x & must == must and x & never == 0]
                if not kept:
                    return False
                if len(kept) != len(row_cands[r]):
                    row_cands[r] = kept
                    changed = True
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
    for line in sys.stdin:
        words = line.split()
        if len(words) != 2:
            print("error expected PUZZLE LIMIT", flush=True)
            continue
        text, limit = words[0], int(words[1])
        parsed = parse_id(text)
        if parsed is None:
            print("unsupported", flush=True)
            continue
        if text == crash_on:
            print("nonogram_solver.py: crashing on purpose", file=sys.stderr, flush=True)
            sys.exit(3)
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
