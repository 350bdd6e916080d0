#!/usr/bin/env bash
# Set-up, then the whole test suite:
#   1. Release build, every test (ctest; with tests/cluster: GNU parallel and a local Slurm,
#      which need root and start and stop their own daemons), then the bench regression gate
#      (instruction counts under callgrind, scripts/bench_baseline.sh --check);
#   2. AddressSanitizer + UndefinedBehaviorSanitizer build, every test;
#   3. ThreadSanitizer build, the solver thread-safety test (plain std::thread: Debian's libtbb
#      is not built for TSan and would report false races inside TBB);
#   4. the libFuzzer target of every reader, a few seconds each (scripts/fuzz.sh --ci).
#   5. the Python package installed by pip (`pip install --no-build-isolation .` into a virtual
#      environment beside Debian's packages, offline) from step 1's build (setup.py's
#      SUDOKU_BENCH_CMAKE_BUILD: nothing compiled again), then a part of its tests against it.
# Steps 1 and 2 run the Python tests on the module of their build (ctest label python; under
# ASan with the runtime preloaded). The whole pip build from source, which compiles the library
# again, is scripts/python_install_check.sh, outside CI. `scripts/test.sh --quick` runs step 1
# only. The tests read ../shared/datasets.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
[ "${1:-}" = "--quick" ] && quick=1

# Each step's heading says how long the script has run, so that a slow CI run says where.
step() { echo "== [$((SECONDS / 60))m$((SECONDS % 60))s] $*" >&2; }

step "set-up: missing packages, then the release build (scripts/setup.sh)"
scripts/setup.sh
jobs=$(nproc)
step "tests: release build"
ctest --test-dir build -j "$jobs" --output-on-failure

# Speed and work regression gate (about 10 s of CPU): instructions of the solve calls, counted
# under callgrind, within 1% of the committed results/bench_baseline.csv (estimated cycles
# within 5%), and exact work counters (scripts/bench_baseline.sh). GITHUB_STEP_SUMMARY, when set (GitHub
# Actions), gets the markdown report.
step "bench regression gate (scripts/bench_baseline.sh --check)"
BUILD_DIR=build BENCH_REPORT=${GITHUB_STEP_SUMMARY:-} scripts/bench_baseline.sh --check

if [ "$quick" = 0 ]; then
  step "tests: address + undefined-behaviour sanitizers"
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSUDOKU_SANITIZE=address \
    -DSUDOKU_PYTHON=ON -DPython_EXECUTABLE=/usr/bin/python3 >/dev/null
  cmake --build build-asan -j "$jobs"
  # The cluster recipes (tests/cluster: GNU parallel, a local Slurm) test scripts, not code:
  # they ran in the Release step; the code they drive is under the sanitizers through
  # distributed_test.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan -j "$jobs" --output-on-failure -LE cluster

  step "tests: thread sanitizer (solvers on plain std::thread)"
  cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSUDOKU_SANITIZE=thread >/dev/null
  cmake --build build-tsan -j "$jobs" --target solver_threads_test
  TSAN_OPTIONS=halt_on_error=1 build-tsan/tests/solver_threads_test

  step "fuzz: every reader's libFuzzer target, 5 s each (scripts/fuzz.sh --ci)"
  scripts/fuzz.sh --ci

  step "python: pip install --no-build-isolation . from build/ into a venv, then its solve tests"
  venv=build-python/venv
  rm -rf "$venv"
  /usr/bin/python3 -m venv --system-site-packages "$venv"
  SUDOKU_BENCH_CMAKE_BUILD="$PWD/build" "$venv/bin/python" -m pip install --no-build-isolation --no-index -q .
  # From another folder, so that the import finds the installed package, not python/.
  (cd build-python && SUDOKU_BENCH_EXE="$PWD/../build/sudoku-bench" SUDOKU_SHARED_DATASETS="$PWD/../../shared/datasets" \
     venv/bin/python -c 'import sudoku_bench, sys; sys.exit("/venv/" not in sudoku_bench.__file__)' &&
     venv/bin/python -m pytest -q -p no:cacheprovider ../python/tests/test_solve.py)
fi
step "done"
