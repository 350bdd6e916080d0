#!/usr/bin/env bash
# Set-up, then the main job: every solver on the default dataset, compared in one table.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec build/sudoku-bench "$@"
