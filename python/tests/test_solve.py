"""solve and count: answers against known solutions, rows equal to the command line's, threads."""
import warnings

import numpy as np
import pandas as pd
import pytest

import sudoku_bench as sb
from conftest import first_lines, read_results, run_cli, same_rows


@pytest.fixture(scope="module")
def tdoku(datasets):
    """tdoku's test set: 18 unique puzzles with their solution, 10 with none, 15 with 3 to 847."""
    return pd.read_csv(datasets / "tdoku_test_puzzles.csv", dtype={"solution": str})


def sudoku_solvers():
    """The built-in 9x9 solvers (those from outside that other tests register are theirs)."""
    s = sb.solvers()
    return [n for n, k, sizes, o in zip(s.name, s.kind, s.sizes, s.origin) if k == "sudoku" and 9 in sizes and not o]


@pytest.mark.parametrize("solver", sudoku_solvers())
def test_answers_are_the_known_solutions(tdoku, solver):
    rows = sb.solve(tdoku.puzzle, solver, limit=2, solutions=True)
    known = tdoku.solution_count
    assert (rows.status[known == 1] == "unique").all()
    assert (rows.status[known == 0] == "none").all()
    assert (rows.status[known > 1] == "multiple").all()
    unique = known == 1
    assert (rows.solution[unique].to_numpy() == tdoku.solution[unique].to_numpy()).all()
    # The same as arrays: the answers as an (n, 81) array equal the known solutions'.
    got = sb.to_array(rows.solution[unique])
    assert got.dtype == np.uint8 and got.shape == (unique.sum(), 81)
    assert (got == sb.to_array(tdoku.solution[unique])).all()


def test_count_to_a_limit(tdoku):
    rows = sb.count(tdoku.puzzle, "dlx", limit=1000)
    assert (rows.solutions.to_numpy() == tdoku.solution_count.to_numpy()).all()
    capped = sb.count(tdoku.puzzle, "dlx", limit=5)
    assert (capped.solutions.to_numpy() == np.minimum(tdoku.solution_count, 5)).all()
    assert set(capped.status[tdoku.solution_count > 5]) == {"multiple"}


def test_array_and_strings_give_the_same_rows(datasets):
    lines = first_lines(datasets / "magictour_top1465.txt", 300, "/dev/null")
    a = sb.to_array(lines)
    assert a.shape == (300, 81) and a.dtype == np.uint8
    from_array = sb.solve(a, solutions=True)
    from_strings = sb.solve(lines, solutions=True)
    from_grids = sb.solve(a.reshape(-1, 9, 9).astype(np.int64), solutions=True)
    for other in (from_strings, from_grids):
        same_rows(from_array, other)
    assert (from_array.line.to_numpy() == np.arange(1, 301)).all()
    assert (sb.to_strings(a) == [s for s in lines])
    # Every answer is a completion of its puzzle.
    sol = sb.to_array(from_array.solution)
    assert ((a == 0) | (a == sol)).all() and (sol > 0).all()


def test_rows_equal_the_cli_on_the_same_file(tmp_path, exe, datasets):
    # A file with comments, a blank line, unreadable lines, contradictory givens, many solutions.
    good = first_lines(datasets / "norvig_top95.txt", 40, tmp_path / "a.txt")
    bad = ["1" * 81, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
           "123", ".........", "5" + "." * 80]
    f = tmp_path / "mixed.txt"
    f.write_text("# a comment\n" + "\n".join(good[:20] + bad[:2] + [""] + good[20:] + bad[2:]) + "\n")
    out = tmp_path / "rows.csv"
    r = run_cli(exe, "solve", f, "-s", "propagation,dlx", "--limit", "2", "--solutions", "-o", out, "-j", "2")
    assert r.returncode == 0, r.stderr
    cli = read_results(out)
    py = sb.solve(f, ["propagation", "dlx"], limit=2, solutions=True, threads=2)
    assert list(py.columns[:len(cli.columns)]) == list(cli.columns)
    same_rows(py, cli)
    assert (py.status == "invalid").sum() == 2 * 4 and (py.status == "multiple").sum() == 2
    assert py.message[py.status == "invalid"].str.len().min() > 0
    # The summary is the --summary CSV's table.
    assert list(py.attrs["summary"].solver) == ["propagation", "dlx"]
    assert py.attrs["summary"].puzzles.tolist() == [45, 45]


def test_rows_from_an_array_equal_the_cli_on_its_lines(tmp_path, exe, datasets):
    lines = first_lines(datasets / "17_clue.txt", 3000, tmp_path / "p.txt")
    out = tmp_path / "rows.csv"
    assert run_cli(exe, "solve", tmp_path / "p.txt", "--limit", "2", "-o", out).returncode == 0
    py = sb.solve(sb.to_array(lines), limit=2, name=str(tmp_path / "p.txt"))
    same_rows(py, read_results(out))


def test_more_threads_same_rows(datasets):
    path = datasets / "forum_hardest_1106.txt"
    one = sb.solve(path, ["scored", "dlx"], limit=2, threads=1, solutions=True)
    for t in (2, 3):
        same_rows(sb.solve(path, ["scored", "dlx"], limit=2, threads=t, solutions=True), one)
    assert len(one) == 2 * 375 and (one.status == "unique").all()


def test_every_solver_by_name_and_all(datasets):
    lines = first_lines(datasets / "norvig_easy50.txt", 50, "/dev/null")
    registered = sb.solvers()
    with warnings.catch_warnings():  # "all" includes the liars other tests may have registered
        warnings.simplefilter("ignore", RuntimeWarning)
        rows = sb.solve(lines[:10], "all", limit=2)
    assert list(rows.solver.cat.categories) == list(registered.name[registered.kind == "sudoku"])
    built_in = rows[rows.solver.isin(sudoku_solvers()).to_numpy()]
    assert len(built_in) == 10 * len(sudoku_solvers()) and (built_in.status == "unique").all()
    with pytest.raises(ValueError, match="did you mean 'dlx'"):
        sb.solve(lines, "dlz")


def test_other_sizes(project_datasets):
    path = project_datasets / "sudoku16_40-50.txt"
    rows = sb.solve(path, "dlx", limit=2, solutions=True)
    assert len(rows) > 0 and (rows.status == "unique").all()
    a = sb.to_array(rows.solution)
    assert a.shape[1] == 256 and a.max() == 16
    # A 16x16 array straight in: the same answers.
    puzzles = [ln.split(",")[0] for ln in open(path) if ln.strip() and not ln.startswith("#")]
    again = sb.solve(sb.to_array(puzzles), "dlx", limit=2, solutions=True)
    assert (again.solution.to_numpy() == rows.solution.to_numpy()).all()
    # A solver of other sizes: `unsupported` rows, as the command line, and a warning.
    with pytest.warns(RuntimeWarning, match="unsupported"):
        un = sb.solve(sb.to_array(puzzles)[:5], "propagation")
    assert (un.status == "unsupported").all()


def test_progress_callback(datasets):
    seen = []
    rows = sb.solve(datasets / "17_clue.txt", ["propagation", "dlx"], progress=seen.append, threads=2)
    assert len(rows) == 2 * 49158
    assert seen and seen[-1].fraction == pytest.approx(1.0)
    assert all(b.fraction >= a.fraction for a, b in zip(seen, seen[1:]))
    assert {p.solver for p in seen} <= {"propagation", "dlx"}
    a = sb.to_array(first_lines(datasets / "17_clue.txt", 5000, "/dev/null"))
    seen.clear()
    sb.solve(a, progress=seen.append)
    assert seen[-1].done == 5000 and seen[-1].total == 5000


def test_a_failing_progress_callback_stops_the_run(datasets):
    class Enough(Exception):
        pass

    def stop(p):
        if p.done > 0:
            raise Enough()

    with pytest.raises(Enough) as e:
        sb.solve(datasets / "17_clue.txt", "dlx", progress=stop, threads=2)
    part = e.value.partial
    assert 0 < len(part) < 49158
    assert (part.status == "solved").all()
