#!/bin/sh
# The plug-in SDK as an outside author meets it: install this build into a temporary
# prefix, build examples/plugin against it with find_package(sudoku_bench), and solve shared
# datasets with the installed sudoku-bench and the plug-in: every answer verified.
# Usage: sdk_test.sh CMAKE BUILD_DIR EXAMPLE_SOURCE_DIR SHARED_DATASETS_DIR
set -eu
cmake=$1 build=$2 example=$3 data=$4
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-sdk-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# 1. Install: the header, the CMake package and the program.
"$cmake" --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in include/sudoku_bench/plugin.h bin/sudoku-bench; do
  [ -f "$tmp/prefix/$f" ] || fail "the install has no $f"
done
config=$(find "$tmp/prefix" -name sudoku_benchConfig.cmake)
[ -n "$config" ] || fail "the install has no sudoku_benchConfig.cmake"
[ -f "$(dirname "$config")/sudoku_benchConfigVersion.cmake" ] || fail "no sudoku_benchConfigVersion.cmake"

# 2. Build the example as its own project (a copy, so the source folder stays clean), against
#    the installed package only.
cp -r "$example" "$tmp/src"
"$cmake" -S "$tmp/src" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" > "$tmp/configure.log" 2>&1 \
  || { cat "$tmp/configure.log"; fail "configuring examples/plugin against the installed package"; }
abi=$(sed -n 's/^#define SUDOKU_BENCH_PLUGIN_ABI_VERSION \([0-9]*\)u$/\1/p' "$tmp/prefix/include/sudoku_bench/plugin.h")
[ -n "$abi" ] || fail "the installed header has no SUDOKU_BENCH_PLUGIN_ABI_VERSION"
grep -q "sudoku-bench: $tmp/prefix/bin/sudoku-bench (plug-in ABI version $abi)" "$tmp/configure.log" \
  || { cat "$tmp/configure.log"; fail "the package does not give the program's path and the ABI version"; }
"$cmake" --build "$tmp/build" > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "building examples/plugin"; }
grep -q "warning" "$tmp/build.log" && { cat "$tmp/build.log"; fail "examples/plugin builds with warnings"; }
lib=$(find "$tmp/build" -name 'libexample_plugin.so')
[ -n "$lib" ] || fail "no libexample_plugin.so was built"
exe=$tmp/prefix/bin/sudoku-bench

# 3. Solve shared datasets with it, proving uniqueness: exit 0 means no answer was wrong.
#    expect FILE LIMIT "STATUS=COUNT ..." (every status of the rows, counted)
expect() {
  file=$1 limit=$2 want=$3
  # The exit status is kept before anything else runs: `$?` after `cat` would be cat's.
  rc=0
  "$exe" solve "$data/$file" --plugin "$lib" -s example-bitmask --limit "$limit" -o "$tmp/rows.csv" \
    > "$tmp/solve.log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || { cat "$tmp/solve.log"; fail "solve $file --limit $limit exited $rc"; }
  got=$(grep -v '^#' "$tmp/rows.csv" | tail -n +2 | cut -d, -f4 | sort | uniq -c | awk '{printf "%s=%s ", $2, $1}')
  [ "$got" = "$want " ] || fail "$file --limit $limit: statuses '$got', expected '$want'"
  # The provenance names the library, its sha256 and how the threads reach it.
  grep -q "^# plugin: example-bitmask $lib sha256=$(sha256sum "$lib" | cut -d" " -f1); example-bitmask: one instance shared by every worker thread (declared re-entrant)$" "$tmp/rows.csv" \
    || fail "$file: no provenance line for the plug-in"
  echo "ok: $file --limit $limit: $got"
}
expect norvig_top95.txt 2 "unique=95"
expect norvig_top95.txt 1 "solved=95"
# tdoku's test set: 18 unique (solutions given), 10 without a solution, 15 with several (counts given).
expect tdoku_test_puzzles.csv 2 "multiple=15 none=10 unique=18"
expect tdoku_test_puzzles.csv 1000 "multiple=15 none=10 unique=18"

# 4. The example's own `check` target runs the installed program through the package's
#    imported target.
"$cmake" --build "$tmp/build" --target check > "$tmp/check.log" 2>&1 || { cat "$tmp/check.log"; fail "the check target"; }
grep -q "example-bitmask" "$tmp/check.log" || { cat "$tmp/check.log"; fail "the check target ran no solve"; }
echo "ok: the SDK builds and runs examples/plugin"
