"""Every CSV the command line writes reads back in pandas, whole, with README's recipe and with
sudoku_bench.read_results: no field cut at a `#` (a nonogram's picture), no puzzle or solution
turned into a number (a 4x4 solution)."""
import csv
import math
import re

import pandas as pd
import pytest

import sudoku_bench as sb
from conftest import ROOT, run_cli


def readme_recipe():
    """README's pandas recipe, run as it is written there."""
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    recipe = [b for b in blocks if "def read_results" in b]
    assert len(recipe) == 1, "README has one pandas recipe (def read_results)"
    scope = {}
    exec(recipe[0], scope)
    return scope["read_results"]


def raw_rows(path):
    """The data lines of a results CSV, as the csv module reads them: (header, rows)."""
    with open(path, newline="") as f:
        lines = [ln for ln in f if not ln.startswith("#")]
    rows = list(csv.reader(lines))
    return rows[0], rows[1:]


def same_as_written(df: pd.DataFrame, path):
    header, rows = raw_rows(path)
    assert list(df.columns) == header, path
    assert len(df) == len(rows), path
    for j, col in enumerate(header):
        for i, row in enumerate(rows):
            v, text = df[col].iloc[i], row[j]
            if text == "":
                assert v is None or (isinstance(v, float) and math.isnan(v)) or v == "", (path, col, i, v)
            elif col in ("puzzle", "solution") or isinstance(v, str):
                assert v == text, (path, col, i, v, text)
            else:
                assert float(v) == float(text), (path, col, i, v, text)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory, exe, datasets, project_datasets):
    d = tmp_path_factory.mktemp("outputs")
    mixed = d / "mixed.txt"  # a 4x4 puzzle, whose solution reads as a number, and 9x9 ones
    mixed.write_text("1...34...1.....2\n" + "".join(
        ln for ln in (project_datasets / "default.txt").read_text().splitlines(True)[:5]))
    nono = project_datasets / "nonogram" / "sgt_pattern_10x10.txt"
    made = []

    def cli(*args):
        r = run_cli(exe, *args)
        assert r.returncode == 0, r.stderr
        made.extend(str(a) for a in args if str(a).startswith(str(d)) and str(a).endswith(".csv"))

    cli("solve", mixed, "-s", "dlx", "--solutions", "--limit", "2", "-o", d / "rows.csv", "--summary", d / "summary.csv")
    cli("solve", nono, "--solutions", "-o", d / "nonogram_rows.csv")
    cli("rate", project_datasets / "default.txt", "-o", d / "rate.csv", "--summary", d / "rate_summary.csv")
    cli("bench", mixed, "-s", "dlx,backtracking", "--reps", "2", "-o", d / "bench.csv", "--summary", d / "bench_summary.csv")
    cli("generate", "-n", "5", "-o", d / "gen.txt", "--stats", d / "gen_stats.csv", "--solutions")
    cli("generate", "-n", "5", "--kind", "nonogram", "-o", d / "ngen.txt", "--stats", d / "ngen_stats.csv")
    cli("transform", project_datasets / "default.txt", "-n", "5", "-o", d / "tr.txt", "--stats", d / "tr_stats.csv")
    for k in (0, 1):
        cli("solve", nono, "--solutions", "--shard", f"{k}/2", "-o", d / f"part{k}.csv")
    cli("merge", "-o", d / "merged.csv", d / "part0.csv", d / "part1.csv")
    return made


def test_every_output_reads_back_whole_with_the_readme_recipe(outputs):
    read = readme_recipe()
    assert len(outputs) >= 12
    for path in outputs:
        same_as_written(read(path), path)


def test_read_results_keeps_the_provenance_and_the_pictures(outputs):
    for path in outputs:
        df = sb.read_results(path)
        same_as_written(df, path)
        assert dict(df.attrs["meta"])["tool"].startswith("sudoku-bench")
    pictures = sb.read_results([p for p in outputs if p.endswith("nonogram_rows.csv")][0]).solution
    assert pictures.str.contains("#").all() and (pictures.str.len() == 100).all()
    four = sb.read_results([p for p in outputs if p.endswith("/rows.csv")][0]).solution[0]
    assert isinstance(four, str) and len(four) == 16


def test_comment_hash_would_eat_the_pictures(outputs):
    """Why the recipe skips by count: pandas' comment='#' cuts a picture at its first `#`."""
    path = [p for p in outputs if p.endswith("nonogram_rows.csv")][0]
    eaten = pd.read_csv(path, comment="#", dtype={"solution": str}).solution
    assert not (eaten.fillna("").str.len() == 100).all()
