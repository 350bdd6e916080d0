"""Nonograms through the same calls: game IDs in, the same rows as the command line."""
import pytest

import sudoku_bench as sb
from conftest import read_results, run_cli, same_rows


def test_nonogram_rows_equal_the_cli(tmp_path, exe, project_datasets):
    path = project_datasets / "nonogram" / "sgt_pattern_15x15.txt"
    out = tmp_path / "rows.csv"
    r = run_cli(exe, "solve", path, "-s", "all", "--limit", "2", "--solutions", "-o", out)
    assert r.returncode == 0, r.stderr
    cli = read_results(out)
    py = sb.solve(path, "all", limit=2, solutions=True)
    same_rows(py, cli)
    assert set(py.solver) == {"nonogram-backtracking", "nonogram-cdcl", "nonogram-line"}
    ids = [ln.strip() for ln in open(path) if ln.strip() and not ln.startswith("#")]
    strings = sb.solve(ids, limit=2, solutions=True)
    assert (strings.solver == "nonogram-cdcl").all() and (strings.status == "unique").all()
    for name in ("nonogram-cdcl", "nonogram-line"):
        rows = py[py.solver == name].reset_index(drop=True)
        assert (strings.solution.to_numpy() == rows.solution.to_numpy()).all()


def test_bad_nonograms():
    rows = sb.solve(["4x6:5/4/1/2/1.2/1.1/2/2/2/1", "4x6:5/4/1/2/9/1.1/2/2/2/1", "10x10#1234", "." * 81])
    assert rows.status.tolist()[0] in ("solved", "unique")
    assert rows.status.tolist()[1:] == ["invalid"] * 3
    assert "needs" in rows.message[1] or "cells" in rows.message[1]
    with pytest.warns(RuntimeWarning, match="unsupported"):
        un = sb.solve(["4x6:5/4/1/2/1.2/1.1/2/2/2/1"], "dlx")
    assert un.status.tolist() == ["unsupported"]
