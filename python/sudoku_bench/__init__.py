"""sudoku-bench from Python: solve, count, rate, generate and transform puzzle datasets on all cores.

Puzzles go in as an ``(n, 81)`` integer array (0 = empty; also ``(n, 9, 9)``, and 4x4, 16x16,
25x25 grids), a sequence of strings (one puzzle each, any form a line of ``sudoku-bench solve``
takes, nonogram game IDs too), or a path to a file (plain or gzip, read by the tool's own
reader). Results come back as a :class:`pandas.DataFrame` whose columns are those of the CSV
rows ``sudoku-bench`` writes, plus ``message`` (why a row is invalid, wrong, unsupported, timeout
or error: what the command line prints on stderr).

Every call runs the same C++ driver as the command line: the same parser, solvers, verifier and
rater, on all cores, with the GIL released. Ctrl-C stops a run between two puzzles and raises
KeyboardInterrupt, whose ``partial`` attribute holds the rows done (a prefix of the input).

    >>> import sudoku_bench as sb
    >>> rows = sb.solve(puzzles, solutions=True)         # puzzles: (n, 81) uint8
    >>> answers = sb.to_array(rows.solution)             # (n, 81) uint8
    >>> rated = sb.rate(puzzles)                         # er, ep, ed, level, ...
"""
from __future__ import annotations

import io
import math
import os
import sys
import time
import warnings
from typing import Callable, Iterable, NamedTuple, Optional, Sequence, Union

import numpy as np
import pandas as pd

from . import _core

__all__ = [
    "solve", "count", "rate", "generate", "transform", "solvers", "generators", "levels", "load_plugin",
    "add_exec", "to_array", "to_strings", "read_results", "Progress", "InputError", "LoadError", "STATUSES",
    "DEFAULT_BUDGET", "DEFAULT_SE_BUDGET",
]

#: Every status a row can have, in the order of the C++ enum (and the plug-in ABI).
STATUSES = tuple(_core.statuses())
#: The default work budget per puzzle, in search nodes (``--budget``).
DEFAULT_BUDGET = _core.DEFAULT_BUDGET
#: The default work budget of the Sudoku Explainer rater per puzzle (``--se-budget``).
DEFAULT_SE_BUDGET = _core.DEFAULT_SE_BUDGET
#: An input that cannot be read (a missing file, a corrupt gzip stream); an OSError.
InputError = _core.InputError
#: A plug-in library or program that cannot be used; a RuntimeError.
LoadError = _core.LoadError

_BOX_OF_CELLS = {16: 2, 81: 3, 256: 4, 625: 5}
_ARRAY_NAME = "<array>"


class Progress(NamedTuple):
    """What a progress callback receives, about every 50 ms while there is news."""

    done: int                #: puzzles (or items) finished, over all passes
    total: Optional[int]     #: how many in all, when known (not for a file)
    fraction: float          #: 0 to 1
    elapsed: float           #: seconds since the current pass started
    solver: str              #: the current solver (or generation method)


# ---- inputs -------------------------------------------------------------------------------------

class _Input(NamedTuple):
    spec: tuple           # what _core takes: ("file", path) | ("array", a) | ("strings", list)
    n: Optional[int]      # puzzles, when known
    box: int              # 0 when not known in advance
    bad: dict             # index -> why, for array cells out of range


def _input(puzzles, invalid: str) -> _Input:
    if invalid not in ("row", "raise"):
        raise ValueError(f"invalid={invalid!r}: 'row' (an invalid row, as the command line) or 'raise'")
    if isinstance(puzzles, (str, os.PathLike)):
        path = os.fspath(puzzles)
        if not os.path.exists(path):
            raise FileNotFoundError(f"{path}: no such file (a single puzzle string goes in a list: [puzzle])")
        return _Input(("file", path), None, 0, {})
    if isinstance(puzzles, pd.DataFrame):
        raise TypeError("puzzles: a DataFrame; pass its puzzle column (df['puzzle'])")
    if isinstance(puzzles, pd.Series):
        puzzles = puzzles.to_numpy()
    if isinstance(puzzles, (bytes, bytearray)):
        raise TypeError("puzzles: bytes; pass a list of puzzles ([puzzle])")
    if isinstance(puzzles, np.ndarray) and puzzles.dtype.kind in "iub":
        return _array_input(puzzles, invalid)
    if isinstance(puzzles, np.ndarray):
        if puzzles.dtype.kind not in "USO":
            raise TypeError(f"puzzles: an array of {puzzles.dtype}; give integers (0 = empty) or strings")
        if puzzles.ndim != 1:
            raise ValueError(f"puzzles: a {puzzles.ndim}-D array of strings; give one string per puzzle (1-D)")
        puzzles = puzzles.tolist()
    elif not isinstance(puzzles, list):
        if not isinstance(puzzles, (Sequence, Iterable)):
            raise TypeError(f"puzzles: a {type(puzzles).__name__}; give an (n, 81) array, strings or a path")
        puzzles = list(puzzles)
    return _Input(("strings", puzzles), len(puzzles), 0, {})


def _array_input(a: np.ndarray, invalid: str) -> _Input:
    if a.ndim == 3 and a.shape[1] == a.shape[2]:
        a = a.reshape(a.shape[0], -1)
    if a.ndim != 2 or a.shape[1] not in _BOX_OF_CELLS:
        raise ValueError(f"puzzles: an array of shape {a.shape}; give (n, cells) or (n, side, side) with "
                         "16, 81, 256 or 625 cells a puzzle (one row a puzzle; one puzzle: a[None])")
    box = _BOX_OF_CELLS[a.shape[1]]
    side = box * box
    out_of_range = (a > side) if a.dtype.kind in "ub" else ((a < 0) | (a > side))
    bad = {}
    if out_of_range.any():
        rows, cells = np.nonzero(out_of_range)
        first = np.unique(rows, return_index=True)
        for r, at in zip(*first):
            c = int(cells[at])
            bad[int(r)] = (f"cell {c} (r{c // side + 1}c{c % side + 1}) holds {a[r, c]}: a {side}x{side} "
                           f"puzzle's cells hold 0 (empty) to {side}")
        if invalid == "raise":
            r = min(bad)
            raise ValueError(f"puzzles[{r}]: {bad[r]}")
        a = np.where(out_of_range, 255, a)  # the source writes '?': the parser makes it invalid
    a = np.ascontiguousarray(a, dtype=np.uint8)
    return _Input(("array", a), a.shape[0], box, bad)


def _solver_names(solver, kind: str, spec) -> list:
    if solver is None:
        return [_core.default_solver(spec)]
    names = [solver] if isinstance(solver, str) else list(solver)
    if names == ["all"]:
        return [s["name"] for s in _core.solvers() if s["kind"] == kind]
    if not names:
        raise ValueError("solver: no solver given")
    for n in names:
        if not isinstance(n, str):
            raise TypeError(f"solver: {n!r} is not a solver name")
    return names


# ---- progress -----------------------------------------------------------------------------------

class _ProgressAdapter:
    """Turns the driver's ticks (pass, puzzles in pass, done, total, elapsed, solver) into
    Progress for the user's callback, or draws a bar on stderr for progress=True."""

    def __init__(self, progress, n: Optional[int], passes: int, what: str):
        self.user = progress if callable(progress) else None
        self.bar = progress is True
        self.n, self.passes, self.what = n, passes, what
        self.before = 0      # puzzles of the passes finished
        self.pass_ = 0
        self.last = 0        # puzzles of the current pass
        self.drawn = 0.0

    def tick(self, pass_, puzzles, done, total, elapsed, solver):
        if pass_ != self.pass_:
            self.before += self.last
            self.pass_ = pass_
        self.last = puzzles
        part = done / total if total else 0.0
        fraction = min(1.0, (pass_ + part) / max(1, self.passes))
        overall = None if self.n is None else self.n * self.passes
        p = Progress(self.before + puzzles, overall, fraction, elapsed, solver)
        if self.user is not None:
            self.user(p)
        if self.bar:
            now = time.monotonic()
            if now - self.drawn >= 0.2 or fraction >= 1.0:
                self.drawn = now
                width = 30
                fill = int(round(fraction * width))
                of = f"/{p.total:,}" if p.total is not None else ""
                sys.stderr.write(f"\r{self.what} {solver}: [{'#' * fill}{'.' * (width - fill)}] "
                                 f"{p.done:,}{of} {fraction:6.1%} {elapsed:7.1f} s")
                sys.stderr.flush()

    def close(self):
        if self.bar and self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()

    @property
    def callback(self):
        return self.tick if (self.user is not None or self.bar) else None


def _check_threads(threads):
    if not isinstance(threads, (int, np.integer)) or threads < 0 or threads > 1024:
        raise ValueError(f"threads={threads!r}: 0 (every core this process may use) or 1 to 1024")
    return int(threads)


def _raise_error(error, partial):
    """A Python exception raised while the driver ran (Ctrl-C, the progress callback's own):
    re-raised with the rows done so far as its ``partial`` attribute."""
    try:
        error.partial = partial
    except AttributeError:
        pass
    raise error


# ---- solve, count, rate -------------------------------------------------------------------------

def _rows_frame(res: dict, inp: _Input, name: str, solutions: bool, rating: bool) -> pd.DataFrame:
    n = len(res["line"])
    data = {
        "file": pd.Categorical.from_codes(np.zeros(n, dtype=np.int8), [name]),
        "line": res["line"].astype(np.int64),
        "solver": pd.Categorical.from_codes(res["solver"].astype(np.int16), res["solvers"]),
        "status": pd.Categorical.from_codes(res["status"].astype(np.int8), STATUSES),
    }
    for col in ("solutions", "clues", "time_ns", "guesses", "backtracks", "nodes"):
        data[col] = res[col].astype(np.int64)
    if solutions:
        data["solution"] = np.array(res["solution"], dtype=object)
    # The CSV's columns in its order, named by the library: one it adds that is not filled here
    # is a KeyError in every test, not a silent difference from the command line.
    df = pd.DataFrame({c: data[c] for c in _core.row_columns(solutions).split(",")})
    if rating:
        names = _core.rating_columns()
        blank = "," * names.count(",")
        text = names + "\n" + "\n".join(e[1:] if e else blank for e in res["extra"]) + "\n"
        extra = pd.read_csv(io.StringIO(text)) if n else pd.DataFrame(columns=names.split(","))
        df = pd.concat([df, extra.set_index(df.index)], axis=1)
    message = np.full(n, "", dtype=object)
    message[res["message_at"]] = res["message"]
    if inp.bad:  # array cells out of range: say it of the array, not of the text the source wrote
        rows = np.nonzero(np.isin(res["line"] - 1, list(inp.bad)) & (res["status"] == STATUSES.index("invalid")))[0]
        for r in rows:
            message[r] = inp.bad[int(res["line"][r]) - 1]
    df["message"] = message
    df.attrs["summary"] = pd.read_csv(io.StringIO(res["summary_csv"]))
    df.attrs["interrupted"] = bool(res["interrupted"])
    return df


def _where(inp: _Input, name: str, line: int) -> str:
    return f"puzzles[{line - 1}]" if inp.spec[0] != "file" else f"{name}:{line}"


def _warn_statuses(df: pd.DataFrame, inp: _Input, name: str):
    for status, what in (("wrong", "wrong answer(s)"), ("error", "puzzle(s) an external solver failed on"),
                         ("timeout", "puzzle(s) past the timeout"), ("unsupported", "unsupported puzzle(s)")):
        hit = np.nonzero((df["status"] == status).to_numpy())[0]
        if len(hit):
            r = hit[0]
            warnings.warn(f"{len(hit)} {what}; the first, {_where(inp, name, df['line'].iat[r])} "
                          f"({df['solver'].iat[r]}): {df['message'].iat[r]}", RuntimeWarning, stacklevel=3)


def _run(puzzles, solver, *, limit, budget, threads, solutions, se_budget, invalid, progress, name):
    inp = _input(puzzles, invalid)
    threads = _check_threads(threads)
    if limit < 1:
        raise ValueError(f"limit={limit}: 1 finds one solution, 2 proves uniqueness, N counts up to N")
    if budget < 0:
        raise ValueError(f"budget={budget}: search nodes per puzzle, 0 for no limit")
    kind = _core.input_kind(inp.spec)
    names = ["scored"] if se_budget is not None else _solver_names(solver, kind, inp.spec)
    label = name if name is not None else (inp.spec[1] if inp.spec[0] == "file" else _ARRAY_NAME)
    adapter = _ProgressAdapter(progress, inp.n, len(names), "rate" if se_budget is not None else "solve")
    try:
        if se_budget is None:
            res = _core.run(inp.spec, label, names, int(limit), int(budget), threads, bool(solutions),
                            invalid == "raise", adapter.callback)
        else:
            res = _core.rate(inp.spec, label, int(budget), threads, se_budget, invalid == "raise", adapter.callback)
    finally:
        adapter.close()
    df = _rows_frame(res, inp, label, bool(solutions) and se_budget is None, se_budget is not None)
    if res["error"] is not None:
        _raise_error(res["error"], df)
    if res["read_errors"]:
        _raise_error(InputError("; ".join(res["read_errors"])), df)
    if invalid == "raise" and res["first_invalid"] is not None:
        r = res["first_invalid"]
        raise ValueError(f"{_where(inp, label, int(df['line'].iat[r]))}: {df['message'].iat[r]}")
    _warn_statuses(df, inp, label)
    return df


def solve(puzzles, solver: Union[str, Sequence[str], None] = None, *, limit: int = 1,
          budget: int = DEFAULT_BUDGET, threads: int = 0, solutions: bool = False, invalid: str = "row",
          progress: Union[bool, Callable[[Progress], None], None] = None,
          name: Optional[str] = None) -> pd.DataFrame:
    """Solves every puzzle with each solver in turn (``sudoku-bench solve``); every answer verified.

    puzzles: an (n, cells) or (n, side, side) integer array (0 = empty), a sequence of strings,
        or a path to a puzzle file (plain or gzip; any format the command line reads).
    solver: a name, a list of names (each gets a pass: n rows each) or "all" (every solver of
        the puzzles' kind); default: the command line's, the fastest that takes the
        first puzzle's size (scored for 9x9, wide for 16x16 and 25x25; nonogram-cdcl for
        nonograms). Solvers from outside count once registered (load_plugin, add_exec).
    limit: stop at this many solutions (1 finds one, 2 proves uniqueness, N counts up to N).
    budget: search nodes per puzzle (0: no limit); past it the row is budget_exceeded.
    threads: worker threads; 0 is every core this process may use.
    solutions: add the ``solution`` column (the first solution, as the CSV writes it).
    invalid: "row" gives a puzzle that cannot be used the status ``invalid`` with the reason
        in ``message`` (as the command line does); "raise" stops at the first and raises
        ValueError naming its index and the reason.
    progress: a callable taking a Progress (called on this thread, about every 50 ms while
        there is news), or True for a bar on stderr.
    name: the ``file`` column for an array or strings (default "<array>").

    Returns one row per puzzle and solver, in input order, with the CSV's columns
    (file, line, solver, status, solutions, clues, time_ns, guesses, backtracks, nodes
    [, solution]) and ``message``; ``line`` is the index + 1 for an array or strings, the file's
    line otherwise. ``df.attrs["summary"]`` is the ``--summary`` CSV's table. Wrong answers,
    unsupported puzzles and failures of outside solvers give a RuntimeWarning.
    """
    return _run(puzzles, solver, limit=limit, budget=budget, threads=threads, solutions=solutions,
                se_budget=None, invalid=invalid, progress=progress, name=name)


def count(puzzles, solver: Union[str, Sequence[str], None] = None, *, limit: int = 2,
          budget: int = DEFAULT_BUDGET, threads: int = 0, invalid: str = "row",
          progress: Union[bool, Callable[[Progress], None], None] = None,
          name: Optional[str] = None) -> pd.DataFrame:
    """Counts each puzzle's solutions up to ``limit`` (2: is it unique?): :func:`solve` with a
    limit, the count in the ``solutions`` column and ``status`` unique / multiple / none."""
    return _run(puzzles, solver, limit=limit, budget=budget, threads=threads, solutions=False,
                se_budget=None, invalid=invalid, progress=progress, name=name)


def rate(puzzles, *, budget: int = DEFAULT_BUDGET, se_budget: int = DEFAULT_SE_BUDGET, threads: int = 0,
         invalid: str = "row", progress: Union[bool, Callable[[Progress], None], None] = None,
         name: Optional[str] = None) -> pd.DataFrame:
    """Rates every 9x9 puzzle with the Sudoku Explainer rating (``sudoku-bench rate``).

    The rows of :func:`solve` with the default solver at limit 2 (which proves the one
    solution), then the rating columns of ``rate``'s CSV: er, ep, ed, level,
    hardest_technique, rating_status and one n_<technique> count each (blank, NaN,
    for puzzles that are not unique). ``se_budget`` bounds the rater's work per puzzle (0: no
    limit); ``budget`` the solver's search nodes. Levels and columns: docs/rating.md.
    """
    if se_budget < 0:
        raise ValueError(f"se_budget={se_budget}: the rater's work per puzzle, 0 for no limit")
    return _run(puzzles, None, limit=2, budget=budget, threads=threads, solutions=False,
                se_budget=int(se_budget), invalid=invalid, progress=progress, name=name)


# ---- generate, transform ------------------------------------------------------------------------

def _items_frame(res: dict, solutions: bool) -> pd.DataFrame:
    # An item that missed its target has no puzzle: its line is a "# missed item N: ..." comment.
    lines = ["" if ln.startswith("#") else ln for ln in res["lines"]]
    stats = pd.read_csv(io.StringIO(res["stats_csv"]))
    if solutions:
        split = [ln.split(",", 1) for ln in lines]
        front = pd.DataFrame({"puzzle": [s[0] for s in split],
                              "solution": [s[1] if len(s) > 1 else "" for s in split]})
    else:
        front = pd.DataFrame({"puzzle": lines})
    df = pd.concat([front, stats], axis=1)
    df.index = df["index"].to_numpy()
    return df


def _finish_items(res: dict, solutions: bool, what: str) -> pd.DataFrame:
    df = _items_frame(res, solutions)
    if res["error"] is not None:
        _raise_error(res["error"], df)
    if res["problems"]:
        warnings.warn(f"{len(res['problems'])} item(s) failed verification; the first, item "
                      f"{res['problem_at'][0]}: {res['problems'][0]}", RuntimeWarning, stacklevel=3)
    missed = int((df["reached"] == 0).sum()) if "reached" in df else 0
    if missed:
        warnings.warn(f"{missed} item(s) missed the {what} target after max_attempts (no puzzle: 'puzzle' is empty and 'reached' is 0)",
                      RuntimeWarning, stacklevel=3)
    return df


def _number_text(x) -> str:
    """A number as the command line's option text (7 -> "7", 8.4 -> "8.4"); anything else as given."""
    if isinstance(x, (bool, np.bool_)):
        return str(x)
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    if isinstance(x, (float, np.floating)):
        return repr(float(x))
    return str(x)


def _option_text(value, sep: str) -> str:
    """An option given as a value, a pair (LO, HI) or a list, as the command line writes it
    ("30", "20-25", "7.0-8.4", "hard,expert", "20x15"); None is "" (not given)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (tuple, list)):
        return sep.join(_number_text(v) for v in value)
    return _number_text(value)


#: The kinds' own options of :func:`generate` (beyond the shared ones), from the library's table
#: of puzzle kinds: name (as a keyword: ``line_solvable``), help, default, flag, join.
_GENERATE_OPTIONS = {o["name"].replace("-", "_"): o for o in _core.generate_options()}


def generate(n: int, *, kind: str = "sudoku", seed: int = 1, solutions: bool = False, verify: bool = False,
             checker: Optional[str] = None, verifier: Optional[str] = None, max_attempts: int = 1000,
             threads: int = 0, progress: Union[bool, Callable[[Progress], None], None] = None,
             **options) -> pd.DataFrame:
    """Makes ``n`` puzzles (``sudoku-bench generate``): item i depends only on (seed, i), so the
    output is the same as the command line's for the same options, whatever ``threads``.

    ``kind`` the puzzle kind; ``checker`` / ``verifier`` / ``verify`` / ``max_attempts`` as on
    the command line. Each kind's own options are keyword arguments too, as on the command line
    (below): a value, a sequence (joined as the command line writes it: ``clues=(24, 30)`` is
    ``--clues 24-30``, ``size=(12, 10)`` is ``--size 12x10``), True for a flag; one the kind
    does not take is a ValueError.

    Returns one row per item: ``puzzle`` (the line the command line writes; with
    ``solutions=True`` also ``solution``), then the ``--stats`` CSV's columns (index, method,
    attempts, restarts, placements, checks, time_ns, clues, target, reached, then the kind's
    own: er, level with a difficulty or ER target).
    """
    threads = _check_threads(threads)
    if n < 0:
        raise ValueError(f"n={n}: how many puzzles")
    # The options as the command line's text; the library checks them and picks the defaults
    # (plan_generate, src/puzzle/generate_options.hpp), for both. Not given: None, or a
    # flag False.
    own = {}
    for key, value in options.items():
        decl = _GENERATE_OPTIONS.get(key)
        if decl is None:
            raise TypeError(f"generate() got an unexpected keyword argument '{key}'")
        if value is None or (decl["flag"] and not value):
            continue
        own[decl["name"]] = "true" if decl["flag"] else _option_text(value, decl["join"])
    shared = dict(kind=str(kind), seed=int(seed), max_attempts=max(0, int(max_attempts)),
                  solutions=bool(solutions), verify=bool(verify), checker=checker or "",
                  verifier=verifier or "", options=own)
    adapter = _ProgressAdapter(progress, int(n), 1, "generate")
    try:
        res = _core.generate(int(n), threads, shared, adapter.callback)
    finally:
        adapter.close()
    return _finish_items(res, solutions, res["target"])


if generate.__doc__:  # not under python -OO
    generate.__doc__ += "\n    The kinds' own options (each kind's part):\n\n" + "\n".join(
        f"    ``{key}``: " + " ".join(o["help"].replace("--", "").split()) for key, o in _GENERATE_OPTIONS.items()) + "\n"


def transform(puzzles, n: int, *, seed: int = 1, solutions: bool = False, verify: bool = False,
              verifier: Optional[str] = None, threads: int = 0, invalid: str = "row",
              progress: Union[bool, Callable[[Progress], None], None] = None) -> pd.DataFrame:
    """Makes ``n`` puzzles from ``puzzles`` by the symmetries that keep difficulty
    (``sudoku-bench transform``): item i transforms source i mod the number of sources, from the
    stream of (seed, i). A source that is not a valid puzzle is skipped with a warning
    (``invalid="raise"``: ValueError naming it). Columns as :func:`generate`'s.
    """
    inp = _input(puzzles, invalid)
    threads = _check_threads(threads)
    if n < 0:
        raise ValueError(f"n={n}: how many puzzles")
    adapter = _ProgressAdapter(progress, int(n), 1, "transform")
    try:
        res = _core.transform(inp.spec, int(n), int(seed), threads, verifier or "", bool(verify or verifier),
                              bool(solutions), adapter.callback)
    finally:
        adapter.close()
    where = (lambda line: f"puzzles[{line - 1}]") if inp.spec[0] != "file" else (lambda line: f"{inp.spec[1]}:{line}")
    if res["skipped"]:
        first = f"{where(res['skipped_at'][0])}: {res['skipped'][0]}"
        if invalid == "raise":
            raise ValueError(first)
        warnings.warn(f"{len(res['skipped'])} source(s) skipped; the first, {first}", RuntimeWarning, stacklevel=2)
    if not res["lines"] and "stats_csv" not in res:
        raise ValueError("puzzles: no usable puzzle to transform")
    return _finish_items(res, solutions, "")


# ---- solvers, conversions ----------------------------------------------------------------------

def solvers() -> pd.DataFrame:
    """Every registered solver (``sudoku-bench list``): name, kind, sizes (sides), description,
    origin (empty for a built-in one; the library or command otherwise) and batch (an exec-batch
    program, which solve() runs as one pass over the whole input)."""
    return pd.DataFrame(_core.solvers(), columns=["name", "kind", "sizes", "description", "origin", "batch"])


def generators() -> pd.DataFrame:
    """The full-grid generators ``generate(method=...)`` takes: name and description."""
    return pd.DataFrame(_core.generators(), columns=["name", "description"])


def levels() -> pd.DataFrame:
    """The difficulty levels of the Sudoku Explainer rating: name and the lowest ER of each."""
    return pd.DataFrame([(n, t / 10) for n, t in _core.levels()], columns=["level", "from_er"])


_loaded: dict = {}


def load_plugin(path, *, name: Optional[str] = None, symbol: Optional[str] = None,
                reentrant: bool = False, isolate: bool = False, timeout: float = 10.0) -> list:
    """Registers the solvers of a shared library (``--plugin``) and returns their names.

    load_plugin(path): a library of sudoku-bench's C ABI (include/sudoku_bench/plugin.h), every
    solver it lists. load_plugin(path, name=N, symbol=S): the function S of the reference
    harness's convention as the 9x9 solver N. Each worker thread gets a private instance of the
    library, so a solver keeping state at file scope stays correct on every core; a library
    known to be re-entrant may share one (``reentrant=True``, the command line's ``--reentrant``;
    a solver of our C ABI that says it may be shared is shared anyway). ``isolate=True`` (the
    command line's ``--isolate``): each worker's instance runs in a child process, so a call
    that crashes costs its own row (``error``, the cause in ``message``) and one past
    ``timeout`` seconds gets ``timeout``, never the Python process. The ``origin`` column of
    solvers() says how each was loaded. Loading the same library the same way again returns
    the same names; raises LoadError when it cannot be used, ValueError when a name is taken
    (or for ``reentrant=True`` with ``isolate=True``: a child process has one thread, nothing to
    share).
    """
    if (name is None) != (symbol is None):
        raise ValueError("load_plugin: give both name= and symbol= (a harness function), or neither (our C ABI)")
    if not (0 < timeout <= 1e6):
        raise ValueError(f"timeout={timeout}: more than 0 and at most 1e6 seconds")
    if reentrant and isolate:  # as the command line: nothing to share in a child process of one thread
        raise ValueError("load_plugin: reentrant=True and isolate=True do not go together (each worker's "
                         "instance runs in a child process of its own, one thread each; nothing to share)")
    path = os.fspath(path)
    key = (os.path.realpath(path), name, symbol, reentrant, isolate)
    if key in _loaded:
        return list(_loaded[key])
    # dlopen() takes a name without a slash from the library path: a file here is meant as one.
    where = path if "/" in path or not os.path.exists(path) else "./" + path
    names = _core.load_plugin(name or "", where, symbol or "", bool(reentrant), bool(isolate), float(timeout))
    _loaded[key] = list(names)
    return list(names)


def add_exec(name: str, command: str, *, timeout: float = 10.0, batch: bool = False) -> str:
    """Registers a program as the solver ``name`` (``--exec``; ``batch=True``: ``--exec-batch``).

    ``command`` runs under /bin/sh. --exec: a child per worker thread, one puzzle line in, one
    answer line out (docs/exec.md); a puzzle past ``timeout`` seconds gets ``timeout``.
    --exec-batch: one program reads the whole input and answers in order; ``timeout`` is the
    longest silence while an answer is due. The command must answer a first easy puzzle now
    (LoadError otherwise).
    """
    if not (0 < timeout <= 1e6):
        raise ValueError(f"timeout={timeout}: more than 0 and at most 1e6 seconds")
    return _core.add_exec(name, command, float(timeout), bool(batch))


def to_array(strings, size: Optional[int] = None) -> np.ndarray:
    """Puzzle or solution strings (e.g. ``rows.solution``) as an (n, cells) uint8 array, 0 for
    empty cells and for blank strings, read by the tool's own cell parser. ``size``: the side
    (default: from the first non-blank string)."""
    if isinstance(strings, pd.Series):
        strings = strings.to_numpy()
    lines = ["" if (s is None or (isinstance(s, float) and math.isnan(s))) else str(s) for s in strings]
    if size is None:
        first = next((s for s in lines if s), "")
        box = _BOX_OF_CELLS.get(len(first))
        if box is None:
            raise ValueError(f"to_array: cannot tell the size from a string of {len(first)} characters; give size=")
    else:
        box = math.isqrt(int(size))
        if box * box != size or box not in (2, 3, 4, 5):
            raise ValueError(f"size={size}: 4, 9, 16 or 25")
    return _core.parse_cells(lines, box)


def to_strings(puzzles) -> list:
    """An (n, cells) or (n, side, side) array as puzzle lines ('.' for empty), as the tool writes them."""
    inp = _array_input(np.asarray(puzzles), "raise")
    return _core.to_lines(inp.spec[1])


# ---- the command line's files -------------------------------------------------------------------

def read_results(path) -> pd.DataFrame:
    """A CSV the command line wrote (``solve``/``rate``/``bench`` rows and summaries, ``generate``
    and ``transform`` stats) as a DataFrame, its leading ``#`` provenance lines as
    ``(key, value)`` pairs in ``df.attrs["meta"]``.

    The ``#`` lines are skipped by count, not with ``comment='#'``, which would cut a line at any
    ``#`` (a nonogram's picture uses one for a shaded cell); the puzzle and solution columns are
    read as text (a 4x4 solution would read as a number). README's recipe, with the metadata.
    """
    meta, skip = [], 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                break
            skip += 1
            key, sep, value = line[1:].strip().partition(":")
            if sep:
                meta.append((key.strip(), value.strip()))
    df = pd.read_csv(path, skiprows=skip, dtype={"puzzle": str, "solution": str})
    df.attrs["meta"] = meta
    return df
