"""Ctrl-C: SIGINT sent to the interpreter during a long run stops it between two puzzles, as on
the command line; KeyboardInterrupt carries the rows done, a prefix of the input."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

CHILD = textwrap.dedent("""
    import signal, sys, time
    import numpy as np
    import sudoku_bench as sb
    # Python installs its Ctrl-C handler only where SIGINT is not ignored at start-up, and a
    # test run started in the background (`scripts/test.sh &`, nohup) ignores it: install it,
    # as an interpreter in a terminal has it.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    path = sys.argv[1]
    started = []
    def progress(p):
        if not started:
            started.append(1)
            print("started", flush=True)
    t0 = time.monotonic()
    try:
        # forum_hardest with the naive baseline, limit 2: minutes of work on 2 threads.
        sb.solve(path, "backtracking", limit=2, threads=2, progress=progress)
    except KeyboardInterrupt as e:
        part = e.partial
        lines = part.line.to_numpy()
        assert (np.diff(lines) > 0).all(), "rows out of order"
        print("interrupted", len(part), f"{time.monotonic() - t0:.1f}", flush=True)
        sys.exit(0)
    print("finished", flush=True)
    sys.exit(1)
""")


def test_sigint_stops_a_long_run(datasets):
    path = datasets / "forum_hardest_1106.txt"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=os.environ.copy())
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
        took = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, (out, err)
    word, rows, _ = out.split()
    assert word == "interrupted" and 0 < int(rows) < 375
    # Between two puzzles: at most one puzzle per thread to finish (seconds with this solver).
    assert took < 60
