"""Shared fixtures: where the datasets, the command line and the test plug-ins are.

ctest (python/CMakeLists.txt) sets SUDOKU_BENCH_EXE, SUDOKU_SHARED_DATASETS, SUDOKU_EXAMPLE_PLUGIN
SUDOKU_HARNESS_PLUGIN and SUDOKU_FILE_SCOPE_PLUGIN; run by hand, the defaults are the project's build/ and
../shared/datasets. A test that needs the command line or a plug-in that is not there is
skipped, saying which.
"""
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[2]

# The package: the one on the path (PYTHONPATH, as ctest sets it, or installed by pip), else
# the one scripts/setup.sh assembles in build/python.
if importlib.util.find_spec("sudoku_bench") is None:
    sys.path.insert(0, str(ROOT / "build" / "python"))


def _path(env, default):
    p = os.environ.get(env)
    return Path(p) if p else default


@pytest.fixture(scope="session")
def datasets():
    d = _path("SUDOKU_SHARED_DATASETS", ROOT.parent / "shared" / "datasets")
    if not (d / "17_clue.txt").exists():
        pytest.skip(f"the shared datasets are not at {d}")
    return d


@pytest.fixture(scope="session")
def project_datasets():
    return ROOT / "datasets"


@pytest.fixture(scope="session")
def exe():
    e = _path("SUDOKU_BENCH_EXE", ROOT / "build" / "sudoku-bench")
    if not e.exists():
        found = shutil.which("sudoku-bench")
        if found is None:
            pytest.skip(f"no sudoku-bench program at {e} (set SUDOKU_BENCH_EXE)")
        e = Path(found)
    return e


def _test_library(env, name):
    p = _path(env, ROOT / "build" / "tests" / name)
    if not p.exists():
        pytest.skip(f"no test plug-in at {p} (set {env})")
    return p


@pytest.fixture(scope="session")
def example_plugin():
    return _test_library("SUDOKU_EXAMPLE_PLUGIN", "libexample_plugin.so")


@pytest.fixture(scope="session")
def harness_plugin():
    return _test_library("SUDOKU_HARNESS_PLUGIN", "libharness_solver.so")


@pytest.fixture(scope="session")
def file_scope_plugin():
    return _test_library("SUDOKU_FILE_SCOPE_PLUGIN", "libfile_scope_solver.so")


def run_cli(exe, *args):
    """Runs the command line; returns the CompletedProcess (returncode, stderr)."""
    return subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True)


def read_results(path) -> pd.DataFrame:
    """A results CSV as a user reads it: sudoku_bench.read_results (README's recipe)."""
    import sudoku_bench
    return sudoku_bench.read_results(path)


def first_lines(src, n, dst):
    """The first n puzzle lines of src (no `#` lines) into dst."""
    out = []
    with open(src) as f:
        for ln in f:
            if ln.startswith("#") or not ln.strip():
                continue
            out.append(ln.strip())
            if len(out) == n:
                break
    Path(dst).write_text("\n".join(out) + "\n")
    return out


def same_rows(py: pd.DataFrame, cli: pd.DataFrame, skip=("time_ns",)):
    """Every column of the CLI's CSV equal in the module's frame (values as CSV text)."""
    assert len(py) == len(cli)
    for col in cli.columns:
        if col in skip:
            continue
        a = py[col].astype(str).replace({"nan": ""}).to_numpy()
        b = cli[col].astype(str).replace({"nan": ""}).to_numpy()
        diff = (a != b).nonzero()[0]
        assert len(diff) == 0, f"column {col}: row {diff[0]}: module {a[diff[0]]!r}, CLI {b[diff[0]]!r}"
