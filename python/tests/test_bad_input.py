"""Bad input: a clear exception naming the index and the reason, or `invalid` rows; no crash."""
import numpy as np
import pytest

import sudoku_bench as sb

P = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_array_values_out_of_range():
    a = np.zeros((5, 81), dtype=np.int64)
    a[:] = sb.to_array([P])[0]
    a[3, 17] = 12
    a[4, 0] = -1
    with pytest.raises(ValueError, match=r"puzzles\[3\]: cell 17 \(r2c9\) holds 12"):
        sb.solve(a, invalid="raise")
    rows = sb.solve(a)
    assert rows.status.tolist() == ["solved"] * 3 + ["invalid"] * 2
    assert rows.message[3].startswith("cell 17 (r2c9) holds 12") and "holds -1" in rows.message[4]


def test_strings_that_are_not_puzzles():
    bad = [P, P[:-1] + "x", P[:40], "5" + P[1:9] + "5" + P[10:], "", "\xff" * 81, "4x4:1/1/1/1/1/1/1/1"]
    rows = sb.solve(bad, limit=2)
    assert rows.status.tolist() == ["unique"] + ["invalid"] * 6
    assert "bad character 'x' at column 81" in rows.message[1]
    assert "40 cells" in rows.message[2]
    assert "twice" in rows.message[3]
    assert "nonogram" in rows.message[6]
    with pytest.raises(ValueError, match=r"puzzles\[1\]: bad character 'x' at column 81"):
        sb.solve(bad, invalid="raise")
    with pytest.raises(ValueError, match=r"puzzles\[3\]: .*twice"):
        sb.solve([P, P, P, bad[3]], invalid="raise")


def test_containers_that_are_not_puzzles(tmp_path):
    with pytest.raises(ValueError, match=r"shape \(2, 80\)"):
        sb.solve(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(ValueError, match="shape"):
        sb.solve(np.zeros(81, dtype=np.uint8))
    with pytest.raises(TypeError, match="float"):
        sb.solve(np.zeros((2, 81)))
    with pytest.raises(TypeError, match=r"puzzles\[1\]: a int"):
        sb.solve([P, 5])
    with pytest.raises(FileNotFoundError, match="in a list"):
        sb.solve(P)
    with pytest.raises(TypeError, match="DataFrame"):
        import pandas as pd
        sb.solve(pd.DataFrame({"puzzle": [P]}))
    with pytest.raises(ValueError, match="invalid="):
        sb.solve([P], invalid="skip")
    with pytest.raises(ValueError, match="threads"):
        sb.solve([P], threads=-1)
    with pytest.raises(ValueError, match="limit"):
        sb.solve([P], limit=0)
    d = tmp_path / "dir"
    d.mkdir()
    with pytest.raises(sb.InputError, match="directory"):
        sb.solve(d)
    with pytest.raises(OSError):  # InputError is an OSError
        sb.solve(d)


def test_a_cut_gzip_file(tmp_path, datasets):
    import gzip
    data = gzip.compress((datasets / "17_clue.txt").read_bytes())
    f = tmp_path / "cut.txt.gz"
    f.write_bytes(data[: len(data) // 2])
    with pytest.raises(sb.InputError, match="truncated|read error") as e:
        sb.solve(f)
    assert 0 < len(e.value.partial) < 49158


def test_empty_inputs(tmp_path):
    rows = sb.solve([])
    assert len(rows) == 0 and "status" in rows.columns
    assert len(sb.solve(np.zeros((0, 81), dtype=np.uint8))) == 0
    assert len(sb.rate([])) == 0
    (tmp_path / "e.txt").write_text("# nothing\n\n")
    assert len(sb.solve(tmp_path / "e.txt")) == 0


def test_random_bytes_never_crash():
    rng = np.random.default_rng(1)
    junk = [bytes(rng.integers(0, 256, size=int(rng.integers(0, 120)), dtype=np.uint8)) for _ in range(300)]
    rows = sb.solve(junk, ["propagation", "dlx"], limit=2)
    assert len(rows) == 600 and set(rows.status) <= {"invalid", "unique", "multiple", "none", "solved"}
    junk_array = rng.integers(0, 10, size=(300, 81)).astype(np.uint8)
    rows = sb.solve(junk_array, limit=2)
    assert set(rows.status) <= {"invalid", "none", "multiple", "unique"}
    # A conflict is `invalid`, named; a puzzle without one that has no solution is `none`.
    assert (rows.message[rows.status == "invalid"].str.contains("contradictory givens")).all()
