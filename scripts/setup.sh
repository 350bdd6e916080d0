#!/usr/bin/env bash
# Installs what is missing (Debian packages only) and builds sudoku-bench in build/ (Release).
# Safe to run again: it installs nothing that is already there and rebuilds incrementally.
#
#   scripts/setup.sh                 # packages + Release build in build/
#   BUILD_DIR=out scripts/setup.sh   # another build folder
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(g++ cmake make git libtbb-dev libcli11-dev libfmt-dev libbenchmark-dev libgtest-dev
          zlib1g-dev libssl-dev python3 nlohmann-json3-dev python3-matplotlib
          python3-yaml  # tests/cluster/k8s_merge_test.sh, tests/ci_example_test.sh: scripts out of YAML files
          libhwy-dev  # Highway: the solvers' instruction set chosen at run time
          libcadical-dev  # CaDiCaL: the nonogram search's CDCL stage (nonogram/sat.cpp)
          libxxhash-dev  # xxHash: the checksum on an isolated plug-in's answers (ext/isolate_wire.hpp)
          clang libclang-rt-dev  # fuzz/ (scripts/fuzz.sh): libFuzzer and the sanitizer runtimes
          parallel slurmctld slurmd slurm-client munge  # tests/cluster: GNU parallel, a local Slurm
          valgrind  # bench --measure instructions (callgrind, valgrind/callgrind.h) and the CI gate
          libbenchmark-tools python3-scipy  # Google Benchmark's compare.py on bench -o FILE.json (tests/gbench_compare_test.sh)
          time  # /usr/bin/time for scripts/cluster/figures.sh
          qqwing  # tests/exec_test.cpp and results/exec.md: a solver program for --exec-batch
          sgt-puzzles  # sgt-pattern: datasets/nonogram/ and results/nonogram.md (scripts/make_nonogram_datasets.sh --sgt, scripts/nonogram_figures.sh)
          # The Python module (python/, -DSUDOKU_PYTHON=ON below) and its tests; pip, setuptools
          # and wheel for `pip install --no-build-isolation .` (pyproject.toml), venv for a
          # virtual environment beside Debian's packages (README).
          pybind11-dev python3-dev python3-numpy python3-pandas python3-pytest
          python3-pip python3-setuptools python3-wheel python3-venv)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    SUDO=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

BUILD_DIR=${BUILD_DIR:-build}
# The module is built for Debian's own interpreter, the one python3-numpy and python3-pandas
# are installed for (not whichever `python3` comes first on PATH).
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DSUDOKU_PYTHON=ON -DPython_EXECUTABLE=/usr/bin/python3 \
  "$@" >/dev/null
cmake --build "$BUILD_DIR" -j "$(nproc)"
