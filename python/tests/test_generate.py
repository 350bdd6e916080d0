"""generate and transform: the command line's output for the same seed, whatever the threads."""
import numpy as np
import pandas as pd
import pytest

import sudoku_bench as sb
from conftest import first_lines, read_results, run_cli, same_rows


def cli_items(exe, tmp_path, *args):
    out, stats = tmp_path / "out.txt", tmp_path / "stats.csv"
    r = run_cli(exe, *args, "-o", out, "--stats", stats)
    assert r.returncode == 0, r.stderr
    return out.read_text().splitlines(), read_results(stats)


def check_same(df, lines, stats, solutions):
    got = (df.puzzle + "," + df.solution).tolist() if solutions else df.puzzle.tolist()
    assert got == lines
    same_rows(df[stats.columns], stats)


@pytest.mark.parametrize("args,kw", [
    (["--clues", "24-30", "--solutions", "--symmetry", "rotate180"],
     dict(clues=(24, 30), solutions=True, symmetry="rotate180")),
    (["--minimal", "-m", "guided", "--verify"], dict(minimal=True, method="guided", verify=True)),
    (["--er", "2.0-4.0", "--solutions"], dict(er=(2.0, 4.0), solutions=True)),
    (["--size", "16", "--clues", "150"], dict(size=16, clues=150)),
    (["--grids"], dict(grids=True)),
    (["--difficulty", "easy,medium", "--clues", "30"], dict(difficulty=["easy", "medium"], clues="30")),
])
def test_generate_equals_the_cli(tmp_path, exe, args, kw):
    lines, stats = cli_items(exe, tmp_path, "generate", "-n", "24", "--seed", "7", *args)
    df = sb.generate(24, seed=7, **kw)
    check_same(df, lines, stats, kw.get("solutions", False))
    same_rows(sb.generate(24, seed=7, threads=1, **kw), df)


def test_generated_puzzles_are_unique_with_their_solution():
    df = sb.generate(40, seed=3, clues="25-28", solutions=True)
    rows = sb.solve(df.puzzle, "dlx", limit=2, solutions=True)
    assert (rows.status == "unique").all()
    assert (rows.solution.to_numpy() == df.solution.to_numpy()).all()
    assert df.clues.between(25, 28).all() and (df.reached == 1).all()


def test_a_missed_target_has_no_puzzle():
    with pytest.warns(RuntimeWarning, match="2 item.s. missed the clue target"):
        df = sb.generate(2, seed=7, clues="17-18", max_attempts=2)
    assert (df.reached == 0).all() and (df.puzzle == "").all()


def test_nonogram_generation_equals_the_cli(tmp_path, exe):
    lines, stats = cli_items(exe, tmp_path, "generate", "--kind", "nonogram", "--size", "12x10", "-n", "12",
                             "--seed", "5", "--solutions", "--verify")
    df = sb.generate(12, kind="nonogram", size=(12, 10), seed=5, solutions=True, verify=True)
    check_same(df, lines, stats, True)
    # Nonograms through the same solve call: every one unique, the picture the generator's.
    rows = sb.solve(df.puzzle, limit=2, solutions=True)
    assert (rows.solver == "nonogram-cdcl").all() and (rows.status == "unique").all()
    assert (rows.solution.to_numpy() == df.solution.to_numpy()).all()


def test_transform_equals_the_cli(tmp_path, exe, datasets):
    lines = first_lines(datasets / "norvig_top95.txt", 95, tmp_path / "src.txt")
    out, stats = cli_items(exe, tmp_path, "transform", tmp_path / "src.txt", "-n", "300", "--seed", "11",
                           "--verify", "--solutions")
    df = sb.transform(tmp_path / "src.txt", 300, seed=11, verify=True, solutions=True)
    check_same(df, out, stats, True)
    from_array = sb.transform(sb.to_array(lines), 300, seed=11, verify=True, solutions=True, threads=1)
    same_rows(from_array, df)


def test_bad_generation_options():
    with pytest.raises(ValueError, match="cells"):
        sb.generate(1, clues=90)
    with pytest.raises(ValueError, match="LO is above HI"):
        sb.generate(1, clues=(30, 20))
    with pytest.raises(ValueError, match="unknown level"):
        sb.generate(1, difficulty="impossible")
    with pytest.raises(ValueError, match="one decimal"):
        sb.generate(1, er=7.25)
    with pytest.raises(ValueError, match="for Sudoku"):
        sb.generate(1, kind="nonogram", clues=30)
    with pytest.raises(ValueError, match="unknown method"):
        sb.generate(1, method="nope")
    with pytest.raises(ValueError, match="also the checker"):
        sb.generate(1, checker="dlx", verifier="dlx")
    # The library checks the options for both (plan_generate) and names them as Python does.
    with pytest.raises(ValueError, match=r"^clues='90': a 9x9 grid has 81 cells"):
        sb.generate(1, clues=90)
    with pytest.raises(ValueError, match=r"clues=30, minimal=True"):
        sb.generate(1, clues=(0, 30))
    with pytest.raises(ValueError, match="^max_attempts: at least 1"):
        sb.generate(1, max_attempts=0)
    with pytest.raises(ValueError, match="verifier 'dlx' does not solve nonograms"):
        sb.generate(1, kind="nonogram", verifier="dlx")
    with pytest.raises(ValueError, match=r"checker: unknown solver 'propagaton' \(did you mean 'propagation'\?\)"):
        sb.generate(1, checker="propagaton")
    # A kind's own options come from the library's table of kinds: another kind's is refused by
    # name, an option no kind has is Python's TypeError, and the docstring lists them all.
    with pytest.raises(ValueError, match=r"^smooth is for nonograms \(kind='nonogram'\); a Sudoku takes size, method,"):
        sb.generate(1, smooth=True)
    with pytest.raises(TypeError, match="unexpected keyword argument 'cluse'"):
        sb.generate(1, cluse=30)
    assert "``line_solvable``: Nonogram: keep only puzzles" in sb.generate.__doc__
    assert "``size``: Sudoku: the grid side, 4, 9, 16 or 25 (default 9); Nonogram: WxH" in sb.generate.__doc__


def test_nonogram_verifier_is_the_one_named(tmp_path, exe):
    lines, stats = cli_items(exe, tmp_path, "generate", "--kind", "nonogram", "--size", "8x8", "-n", "6",
                             "--seed", "2", "--verifier", "nonogram-line", "--checker", "nonogram-backtracking")
    df = sb.generate(6, kind="nonogram", size="8x8", seed=2, verifier="nonogram-line", checker="nonogram-backtracking")
    check_same(df, lines, stats, False)
    assert "# verifier: nonogram-line\n" in (tmp_path / "stats.csv").read_text()  # the command line's too


def test_every_generator_by_name(tmp_path, exe):
    names = sb.generators().name.tolist()
    assert {"restart", "restart-dfs", "guided"} <= set(names)
    for m in names:  # full grids: the generator alone, as the command line makes them
        lines, stats = cli_items(exe, tmp_path, "generate", "-n", "4", "--seed", "3", "-m", m, "--grids")
        check_same(sb.generate(4, seed=3, method=m, grids=True), lines, stats, False)
