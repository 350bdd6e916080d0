#!/usr/bin/env bash
# The Python package as a user installs it from source, from scratch: the committed tree (git
# archive of HEAD, so a file missing from git is caught) installed by
# `pip install --no-build-isolation --no-index` into a fresh virtual environment beside Debian's
# packages (offline), its CMake build in a new folder, then every Python test against the
# installed package. It compiles the library once more (about 5 min on 2 cores with a cold
# ccache), which is why CI (scripts/test.sh) does not run it: CI installs the module of its own
# Release build (SUDOKU_BENCH_CMAKE_BUILD, setup.py) and runs the tests on that. Run this
# before a release or after changing pyproject.toml, setup.py or python/CMakeLists.txt.
#
#   scripts/python_install_check.sh            # needs scripts/setup.sh's build/ for the CLI and
#                                              # test plug-ins the tests compare against
#   KEEP=1 scripts/python_install_check.sh     # keep the scratch folder (printed)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
[ -x build/sudoku-bench ] || { echo "python_install_check: run scripts/setup.sh first (build/sudoku-bench)" >&2; exit 1; }
scratch=$(mktemp -d /tmp/sudoku-bench-pip.XXXXXX)
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$scratch"' EXIT
git archive --format=tar.gz --prefix=sudoku-bench/ -o "$scratch/sudoku-bench.tar.gz" HEAD
/usr/bin/python3 -m venv --system-site-packages "$scratch/venv"
start=$(date +%s)
SUDOKU_BENCH_BUILD_DIR="$scratch/cmake" "$scratch/venv/bin/python" -m pip install \
  --no-build-isolation --no-index -q "$scratch/sudoku-bench.tar.gz"
echo "python_install_check: pip install took $(( $(date +%s) - start )) s" >&2
# From the scratch folder, so that the import finds the installed package, not python/.
(cd "$scratch" && SUDOKU_BENCH_EXE="$root/build/sudoku-bench" SUDOKU_SHARED_DATASETS="$root/../shared/datasets" \
   SUDOKU_EXAMPLE_PLUGIN="$root/build/tests/libexample_plugin.so" SUDOKU_HARNESS_PLUGIN="$root/build/tests/libharness_solver.so" \
   venv/bin/python -c 'import sudoku_bench, sys; f = sudoku_bench.__file__; print("installed:", f); sys.exit("/venv/" not in f)' &&
   venv/bin/python -m pytest -q -p no:cacheprovider "$root/python/tests")
[ "${KEEP:-0}" = 1 ] && echo "python_install_check: kept $scratch" >&2
echo "python_install_check: ok" >&2
