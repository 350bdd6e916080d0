"""rate: the rows and ratings of `sudoku-bench rate`, and the reference's own ratings."""
import numpy as np
import pandas as pd
import pytest

import sudoku_bench as sb
from conftest import first_lines, read_results, run_cli, same_rows


def test_ratings_equal_the_cli(tmp_path, exe, datasets):
    lines = first_lines(datasets / "sudoku_exchange_diabolical.txt", 150, tmp_path / "d.txt")
    # One that is not unique and one that is invalid: rows with blank rating fields.
    lines += ["." * 81, "11" + "." * 79]
    (tmp_path / "d.txt").write_text("\n".join(lines) + "\n")
    out = tmp_path / "r.csv"
    r = run_cli(exe, "rate", tmp_path / "d.txt", "-o", out)
    assert r.returncode == 0, r.stderr
    cli = read_results(out)
    py = sb.rate(tmp_path / "d.txt")
    assert list(py.columns[:len(cli.columns)]) == list(cli.columns)
    same_rows(py, cli)
    # From an array, the same ratings.
    a = sb.rate(sb.to_array(lines))
    same_rows(a.drop(columns=["file"]), cli.drop(columns=["file"]))
    assert py.er.iloc[-2:].isna().all() and (py.status.iloc[-2:].tolist() == ["multiple", "invalid"])


def test_ratings_are_the_references(datasets):
    ref = pd.read_csv(datasets / "sudoku_exchange_diabolical_ratings.csv", nrows=200)
    rows = sb.rate(ref.puzzle)
    assert (rows.er.to_numpy() == ref.se_rating.to_numpy()).all()
    assert rows.level.notna().all()


def test_rate_threads_identical(datasets):
    lines = first_lines(datasets / "magictour_top1465.txt", 120, "/dev/null")
    one = sb.rate(lines, threads=1)
    same_rows(sb.rate(lines, threads=2), one)
    same_rows(sb.rate(lines, threads=4), one)
