// Solvers from shared libraries, through the CLI as a user meets them: the native C
// ABI (examples/plugin's solver, the built-in propagation as a plug-in), the reference
// harness's function convention (tests/plugins/harness_solver.c), liars caught by the verifier,
// and libraries that cannot be used refused before any work. The libraries' paths come from
// tests/CMakeLists.txt.
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include <gtest/gtest.h>

#include <dlfcn.h>

#include "ext/library.hpp"
#include "io/reader.hpp"
#include "io/results.hpp"
#include "sudoku/grid.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using test::has;

const std::string kExample = EXAMPLE_PLUGIN;
const std::string kHarness = HARNESS_PLUGIN;
const std::string kPropagation = PROPAGATION_PLUGIN;
using test::kFileScope;

using test::read_rows;
using test::Row;

/// (file, line) -> row, for one solver.
std::map<std::pair<std::string, uint64_t>, Row> by_puzzle(const std::vector<Row>& rows,
                                                          const std::string& solver) {
  std::map<std::pair<std::string, uint64_t>, Row> out;
  for (const Row& r : rows)
    if (r.solver == solver) out[{r.file, r.line}] = r;
  return out;
}

/// Runs `solve FILES -s dlx,NAME` with `extra` options and checks that NAME agrees with dlx on
/// every puzzle (status and count), that none is wrong, and that there were `expected` rows each.
void expect_agrees_with_dlx(const std::string& files, const std::string& name, const std::string& extra,
                            std::size_t expected) {
  test::TempDir dir("-" + name);
  const std::string rows = dir.path("rows.csv");
  const auto r = test::command("solve " + files + " -s dlx," + name + " " + extra + " -o " + rows);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto all = read_rows(rows);
  const auto dlx = by_puzzle(all, "dlx"), mine = by_puzzle(all, name);
  EXPECT_EQ(dlx.size(), expected);
  ASSERT_EQ(mine.size(), dlx.size());
  for (const auto& [key, d] : dlx) {
    const Row& m = mine.at(key);
    EXPECT_EQ(m.status, d.status) << key.first << ":" << key.second << " " << extra;
    EXPECT_EQ(m.solutions, d.solutions) << key.first << ":" << key.second << " " << extra;
    EXPECT_NE(m.status, "wrong");
  }
}

// ---- the native C ABI --------------------------------------------------------------------

TEST(Plugin, ListShowsPluginSolversAndWhereTheyComeFrom) {
  const auto r = test::command("list --plugin " + kExample + " --plugin h=" + kHarness + ":solve");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "propagation")) << r.out;  // the built-ins are still there
  // name, sizes, description, origin
  std::istringstream lines(r.out);
  bool example = false, harness = false;
  for (std::string l; std::getline(lines, l);) {
    if (l.starts_with("example-bitmask ")) {
      example = true;
      EXPECT_TRUE(has(l, "4,9,16,25")) << l;
      EXPECT_TRUE(has(l, "plugin " + kExample)) << l;
    }
    if (l.starts_with("h ")) {
      harness = true;
      EXPECT_TRUE(has(l, " 9 ")) << l;
      EXPECT_TRUE(has(l, "plugin " + kHarness + ":solve")) << l;
    }
  }
  EXPECT_TRUE(example) << r.out;
  EXPECT_TRUE(harness) << r.out;
  // Without --plugin they are gone: registration lasts one process.
  EXPECT_FALSE(has(test::command("list").out, "example-bitmask"));
}

TEST(Plugin, ProvenanceRecordsEachLibraryPathAndSha256) {
  test::TempDir dir;
  const std::string rows = dir.path("rows.csv"), summary = dir.path("summary.csv");
  const auto r = test::command("solve " + test::shared("norvig_easy50.txt") + " --plugin " + kExample +
                           " --plugin h=" + kHarness + ":solve -s example-bitmask,h -o " + rows +
                           " --summary " + summary);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string ex = "# plugin: example-bitmask " + kExample + " sha256=" + puzzle::io::sha256_file(kExample) +
                         "; example-bitmask: one instance shared by every worker thread (declared re-entrant)\n";
  const std::string h = "# plugin: h " + kHarness + ":solve sha256=" + puzzle::io::sha256_file(kHarness) +
                        "; h: a private instance per worker thread\n";
  EXPECT_EQ(puzzle::io::sha256_file(kExample).size(), 64u);
  for (const std::string& f : {rows, summary}) {
    const std::string text = test::slurp(f);
    EXPECT_TRUE(has(text, ex)) << text;
    EXPECT_TRUE(has(text, h)) << text;
  }
}

/// Lines of side x side puzzles cut from a valid pattern grid: a fraction of the cells emptied
/// by a fixed rule, so most have several solutions (the count up to 2 is what is compared).
std::string pattern_puzzles(int box, int count, int empty_percent) {
  const int n = box * box;
  std::string out;
  for (int k = 0; k < count; ++k) {
    puzzle::sudoku::Grid g(box);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const int cell = r * n + c;
        const bool empty = (cell * 7919 + k * 104729) % 100 < empty_percent;
        // Rows and digits permuted per k, so the puzzles differ.
        const int rr = (r + k) % n;
        g.set(cell, empty ? 0 : ((rr % box * box + rr / box + c) + k) % n + 1);
      }
    out += puzzle::sudoku::to_line(g) + "\n";
  }
  return out;
}

TEST(Plugin, NativeExampleAgreesWithDlxOnEverySize) {
  test::TempDir dir;
  // 4x4 and 25x25 pattern puzzles, the project's 16x16 set (known solutions) and 9x9 files
  // (known solutions; tdoku's with known counts, none and several).
  const std::string small = dir.write("sizes.txt", pattern_puzzles(2, 20, 60) + pattern_puzzles(5, 3, 40));
  std::string set16;
  int k = 0;
  for (const auto& rec : test::load(test::dataset("sudoku16_40-50.txt"), 40))
    if (k++ % 2 == 0)
      set16 += puzzle::sudoku::to_line(rec.parsed.puzzle) + "," + puzzle::sudoku::to_line(*rec.parsed.known.solution) + "\n";
  const std::string f16 = dir.write("set16.txt", set16);
  const std::string files = small + " " + f16 + " " + test::shared("norvig_top95.txt") + " " +
                            test::shared("tdoku_test_puzzles.csv");
  const std::string plugin = "--plugin " + kExample + " --budget 0";
  expect_agrees_with_dlx(files, "example-bitmask", plugin + " --limit 2", 23 + 20 + 95 + 43);
  expect_agrees_with_dlx(files, "example-bitmask", plugin + " --limit 1 -j 1", 23 + 20 + 95 + 43);
}

TEST(Plugin, BudgetIsHonoured) {
  test::TempDir dir;
  const std::string rows = dir.path("rows.csv");
  const auto r = test::command("solve " + test::shared("forum_hardest_1106.txt") + " --plugin " + kExample +
                           " -s example-bitmask --budget 100 -o " + rows);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::size_t over = 0, solved = 0;
  for (const Row& row : read_rows(rows)) {
    if (row.status == "budget_exceeded") {
      ++over;
      EXPECT_EQ(row.nodes, 100u) << row.line;
    } else {
      EXPECT_EQ(row.status, "solved") << row.line;
      EXPECT_LE(row.nodes, 100u) << row.line;
      ++solved;
    }
  }
  EXPECT_GT(over, 300u);  // the hardest list: almost none fits in 100 nodes
  EXPECT_EQ(over + solved, 375u);
}

// The built-in propagation behind the ABI: the same answers and exactly the same work counters
// (the ABI passes them through untouched); `bench` runs plug-ins too.
TEST(Plugin, PropagationPluginMatchesTheBuiltInExactly) {
  test::TempDir dir;
  const std::string rows = dir.path("rows.csv");
  const auto r = test::command("solve " + test::shared("norvig_top95.txt") + " " + test::shared("tdoku_test_puzzles.csv") +
                           " --plugin " + kPropagation + " -s propagation,propagation-plugin --limit 2 -o " + rows);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto all = read_rows(rows);
  const auto builtin = by_puzzle(all, "propagation"), plugin = by_puzzle(all, "propagation-plugin");
  ASSERT_EQ(builtin.size(), 95u + 43u);
  ASSERT_EQ(plugin.size(), builtin.size());
  for (const auto& [key, b] : builtin) {
    const Row& p = plugin.at(key);
    EXPECT_EQ(std::tie(p.status, p.solutions, p.guesses, p.backtracks, p.nodes),
              std::tie(b.status, b.solutions, b.guesses, b.backtracks, b.nodes))
        << key.first << ":" << key.second;
  }
  const auto bench = test::command("bench " + test::shared("norvig_easy50.txt") + " --plugin " + kPropagation +
                               " -s propagation-plugin --reps 2 -j 1 -o " + dir.path("bench.csv"));
  EXPECT_EQ(bench.exit_code, 0) << bench.out;
  EXPECT_TRUE(has(test::slurp(dir.path("bench.csv")), "propagation-plugin")) << bench.out;
}

// ---- the harness convention --------------------------------------------------------------

TEST(Plugin, HarnessFunctionAgreesWithDlx) {
  const std::string files = test::shared("norvig_top95.txt") + " " + test::shared("tdoku_test_puzzles.csv");
  const std::string plugin = "--plugin h=" + kHarness + ":solve";
  // limit 1: its own solution; limit 2: it writes none, so the host's extra call provides it.
  expect_agrees_with_dlx(files, "h", plugin + " --limit 1", 95 + 43);
  expect_agrees_with_dlx(files, "h", plugin + " --limit 2", 95 + 43);
}

TEST(Plugin, HarnessReportsGuessesOnlyAndRefusesOtherSizes) {
  test::TempDir dir;
  const std::string rows = dir.path("rows.csv");
  const std::string f16 = dir.write("16.txt", pattern_puzzles(4, 1, 30));
  const auto r = test::command("solve " + test::shared("norvig_top95.txt") + " " + f16 + " --plugin h=" + kHarness +
                           ":solve -s h -o " + rows);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  uint64_t guesses = 0;
  for (const Row& row : read_rows(rows)) {
    if (row.file == f16) {
      EXPECT_EQ(row.status, "unsupported");
      continue;
    }
    EXPECT_EQ(row.status, "solved");
    EXPECT_EQ(row.nodes, 0u);  // the convention reports guesses only
    EXPECT_EQ(row.backtracks, 0u);
    guesses += row.guesses;
  }
  EXPECT_GT(guesses, 95u);  // top95 cannot be solved without guessing by this solver
}

// ---- liars -------------------------------------------------------------------------------

TEST(Plugin, LiarsAreCaughtByTheVerifier) {
  test::TempDir dir;
  const std::string liars = TEST_PLUGIN_LIARS;
  struct Case {
    std::string plugin, solver, limit, message;
  };
  const std::vector<Case> cases = {
      {"h=" + kHarness + ":solve_liar", "h", "1", "answer breaks the rules"},
      {"h=" + kHarness + ":solve_liar", "h", "2", "answer breaks the rules"},
      // A wrong solution written at limit 2 is the answer: the extra limit-1 call (which would
      // tell the truth) is only for a function that wrote nothing.
      {"h=" + kHarness + ":solve_liar_above_1", "h", "2", "answer breaks the rules"},
      {liars, "liar", "1", "answer changes the given"},
      {liars, "liar", "2", "answer changes the given"},
      {liars, "miscounter", "2", "the plug-in returned status 'unique' with 2 solutions at limit 2"},
  };
  for (const Case& c : cases) {
    const std::string rows = dir.path("rows.csv");
    std::filesystem::remove(rows);
    const auto r = test::command("solve " + test::shared("norvig_top95.txt") + " --plugin " + c.plugin + " -s " +
                             c.solver + " --limit " + c.limit + " -o " + rows);
    EXPECT_EQ(r.exit_code, 1) << c.solver << " " << r.out;
    EXPECT_TRUE(has(r.out, c.message)) << c.solver << " " << r.out;
    const auto all = read_rows(rows);
    EXPECT_EQ(all.size(), 95u);
    for (const Row& row : all) EXPECT_EQ(row.status, "wrong") << c.solver << " line " << row.line;
  }
}

// ---- libraries that cannot be used: exit 2, one message naming them, before any work ------

TEST(Plugin, UnusableLibrariesAreRefusedBeforeAnyWork) {
  test::TempDir dir;
  const std::string text = dir.write("notalib.so", "this is not a shared library\n");
  std::filesystem::create_directories(dir.path("adir"));
  struct Case {
    std::string spec, message;
  };
  const std::vector<Case> cases = {
      {"/nonexistent/libnope.so", "/nonexistent/libnope.so: no such file"},
      {"h=/nonexistent/libnope.so:solve", "/nonexistent/libnope.so: no such file"},
      {text, text + ": cannot load it as a shared library: "},
      {dir.path("adir"), dir.path("adir") + ": a directory, not a shared library"},
      {kHarness, kHarness + ": no entry point 'sudoku_bench_plugin_entry'"},
      {"h=" + kHarness + ":no_such_symbol", kHarness + ": no symbol 'no_such_symbol'"},
      {"h=" + kHarness, "--plugin 'h=" + kHarness + "': expected NAME=PATH:SYMBOL or PATH"},
      {"dlx=" + kHarness + ":solve", "a solver called 'dlx' is already registered"},
      {"bad,name=" + kHarness + ":solve", "'bad,name' cannot be a solver name"},
      {TEST_PLUGIN_BAD_VERSION, std::string(TEST_PLUGIN_BAD_VERSION) +
                                    ": plug-in ABI version 999, but this sudoku-bench speaks version 2 "
                                    "(and still loads version 1)"},
      {TEST_PLUGIN_EMPTY, std::string(TEST_PLUGIN_EMPTY) + ": the plug-in lists no solver"},
      {TEST_PLUGIN_DUPLICATE, std::string(TEST_PLUGIN_DUPLICATE) + ": the plug-in lists solver 'twin' twice"},
      {TEST_PLUGIN_REFUSE, std::string(TEST_PLUGIN_REFUSE) + ": the library refused plug-in ABI version 2"},
      {kExample + " --plugin " + kExample, kExample + ": a solver called 'example-bitmask' is already registered"},
  };
  for (const Case& c : cases) {
    const std::string rows = dir.path("rows.csv");
    const auto r = test::command("solve " + test::shared("norvig_top95.txt") + " --plugin " + c.spec +
                             " -s dlx -o " + rows);
    EXPECT_EQ(r.exit_code, 2) << c.spec << "\n" << r.out;
    EXPECT_TRUE(has(r.out, c.message)) << c.spec << "\n" << r.out;
    EXPECT_FALSE(has(r.out, "terminate")) << r.out;
    EXPECT_FALSE(std::filesystem::exists(rows)) << c.spec;  // refused before any work
    EXPECT_FALSE(std::filesystem::exists(rows + ".partial")) << c.spec;
  }
  // `list` refuses them the same way.
  const auto l = test::command("list --plugin " + std::string(TEST_PLUGIN_BAD_VERSION));
  EXPECT_EQ(l.exit_code, 2) << l.out;
  EXPECT_TRUE(has(l.out, "plug-in ABI version 999")) << l.out;
}

TEST(Plugin, SolverThatCannotMakeItsStateIsRefusedBeforeAnyWork) {
  test::TempDir dir;
  const std::string lib = TEST_PLUGIN_NO_STATE;
  for (const std::string& args : {"list --plugin " + lib,
                                  "solve " + test::shared("norvig_easy50.txt") + " --plugin " + lib +
                                      " -s stateless -o " + dir.path("rows.csv")}) {
    const auto r = test::command(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_TRUE(has(r.out, lib + ": solver 'stateless' could not make its state (create() returned NULL)")) << r.out;
    EXPECT_FALSE(has(r.out, "terminate")) << r.out;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path("rows.csv")));
  EXPECT_FALSE(std::filesystem::exists(dir.path("rows.csv.partial")));
}

// A worker thread that cannot make its state in the middle of a run (the trial state at load
// time worked): one message naming the library and solver; the run stops, exit 1, and the
// outputs stay partial and are named, as for any run that stops early (README, "Outputs never
// lose data"). The same under --isolate, where the worker's child process fails to make it
// (there it is not the puzzle's fault: no `error` row, no new child per puzzle).
TEST(Plugin, SolverThatCannotMakeAWorkersStateStopsTheRunWithOneMessage) {
  test::TempDir dir;
  const std::string lib = TEST_PLUGIN_LATE_NO_STATE;
  const std::string why = "--plugin " + lib + ": solver 'late-stateless' could not make the state of "
                          "a new worker thread (create() returned NULL), so the run stopped";
  for (const auto& [args, out] : std::vector<std::pair<std::string, std::string>>{
           {"solve " + test::shared("norvig_easy50.txt") + " -s late-stateless -j 2", "rows.csv"},
           {"generate -n 50 --checker late-stateless -j 2", "puzzles.txt"},
           {"solve " + test::shared("norvig_easy50.txt") + " -s late-stateless -j 2 --isolate", "rows.csv"},
           {"generate -n 50 --checker late-stateless -j 2 --isolate", "puzzles.txt"}}) {
    const std::string path = dir.path(out);
    // A process each: the library counts its create() calls at file scope, for the process.
    const auto r = test::cli(args + " --plugin " + lib + " -o " + path);
    EXPECT_EQ(r.exit_code, 1) << args << "\n" << r.out;
    std::size_t n = 0;
    for (std::size_t at = r.out.find(why); at != std::string::npos; at = r.out.find(why, at + 1)) ++n;
    EXPECT_EQ(n, 1u) << args << "\n" << r.out;
    EXPECT_FALSE(has(r.out, "terminate")) << r.out;
    EXPECT_FALSE(std::filesystem::exists(path)) << args;
    EXPECT_TRUE(std::filesystem::exists(path + ".partial")) << args;
    EXPECT_TRUE(has(r.out, "kept as " + path + ".partial")) << args << "\n" << r.out;
    std::filesystem::remove(path + ".partial");
  }
}

// ---- generate, transform, show: a solver from outside wherever it makes sense ------------

// A checker from outside has its answers verified: each puzzle cut from a full grid has that
// grid as a solution, so a lie shows. The item fails (named, exit 1), with or without --verify.
TEST(Plugin, GenerateChecksTheAnswersOfACheckerFromOutside) {
  test::TempDir dir;
  const std::string liars = TEST_PLUGIN_LIARS;
  struct Case {
    std::string plugin, checker, message;
  };
  for (const Case& c : std::vector<Case>{
           {liars, "liar", "checker liar gave a wrong answer: answer changes the given"},
           {liars, "miscounter", "checker miscounter gave a wrong answer: the plug-in returned status "
                                 "'unique' with 2 solutions at limit 2"},
           {"h=" + kHarness + ":solve_liar", "h", "checker h gave a wrong answer: answer breaks the rules"}}) {
    const std::string out = dir.path("puzzles.txt");
    const auto r = test::command("generate -n 4 -j 1 --plugin " + c.plugin + " --checker " + c.checker +
                             " -o " + out);
    EXPECT_EQ(r.exit_code, 1) << c.checker << "\n" << r.out;
    EXPECT_TRUE(has(r.out, "item 0: " + c.message)) << c.checker << "\n" << r.out;
    std::filesystem::remove(out);
    std::filesystem::remove(out + ".partial");
  }
  // An honest one makes the same puzzles as the built-in checker it wraps.
  const auto a = test::command("generate -n 20 -j 2 --seed 7 -o " + dir.path("a.txt"));
  const auto b = test::command("generate -n 20 -j 2 --seed 7 --plugin " + kPropagation +
                           " --checker propagation-plugin -o " + dir.path("b.txt"));
  ASSERT_EQ(a.exit_code, 0) << a.out;
  ASSERT_EQ(b.exit_code, 0) << b.out;
  EXPECT_EQ(test::slurp(dir.path("a.txt")), test::slurp(dir.path("b.txt")));
}

// An isolated checker that crashes on some of generate's checks (file_scope_solver.c's
// solve_crash_every_500: the candidates whose FNV-1a is 0 mod 500): the tool goes on; each item
// that met a crash fails, named with the cause (its answer cannot be trusted), and every other
// item is the very puzzle the same library makes without the crash (its `solve`, in this
// process). The output is complete (every item, no .partial), exit 1.
TEST(Plugin, GenerateWithACrashingIsolatedCheckerLosesNothing) {
  test::TempDir dir;
  const std::string base = " -n 60 -j 2 --seed 7 --plugin cr=" + kFileScope + ":solve_crash_every_500 --plugin ok=" +
                           kFileScope + ":solve -o ";
  const auto crash = test::cli("generate --checker cr --isolate" + base + dir.path("cr.txt"),
                               "ASAN_OPTIONS=" + test::asan_options_segv_kills() + " ");
  const auto honest = test::command("generate --checker ok" + base + dir.path("ok.txt"));
  ASSERT_EQ(honest.exit_code, 0) << honest.out;
  EXPECT_EQ(crash.exit_code, 1) << crash.out;
  EXPECT_FALSE(has(crash.out, "terminate")) << crash.out;
  EXPECT_FALSE(std::filesystem::exists(dir.path("cr.txt.partial")));
  const auto puzzles = [](const std::string& file) {
    std::vector<std::string> out;
    std::istringstream in(test::slurp(file));
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] != '#') out.push_back(line);
    return out;
  };
  const std::vector<std::string> a = puzzles(dir.path("cr.txt")), b = puzzles(dir.path("ok.txt"));
  ASSERT_EQ(a.size(), 60u);
  ASSERT_EQ(b.size(), 60u);
  std::set<std::size_t> failed;
  std::istringstream log(crash.out);
  for (std::string line; std::getline(log, line);) {
    if (!line.starts_with("item ") || !has(line, ": checker cr failed: ")) continue;
    EXPECT_TRUE(has(line, "crashed on this puzzle: its process was killed by signal 11 (SIGSEGV)")) << line;
    failed.insert(std::stoul(line.substr(5)));
  }
  EXPECT_FALSE(failed.empty()) << crash.out;  // the seed meets crashes (8 of 60 today)
  EXPECT_LT(failed.size(), 30u) << crash.out;
  EXPECT_TRUE(has(crash.out, std::to_string(failed.size()) + " item(s) failed")) << crash.out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!failed.contains(i)) {
      EXPECT_EQ(a[i], b[i]) << "item " << i;
    }
  }
}

TEST(Plugin, GenerateAndTransformVerifyWithASolverFromOutside) {
  test::TempDir dir;
  const std::string liars = TEST_PLUGIN_LIARS;
  const std::string data = test::shared("norvig_top95.txt");
  // An honest verifier from outside: every item checked, exit 0; a lying one: exit 1, named.
  for (const std::string& cmd : {std::string("generate -n 10 -j 2"), "transform " + data + " -n 10 -j 2"}) {
    auto r = test::command(cmd + " --plugin " + kExample + " --verifier example-bitmask");
    EXPECT_EQ(r.exit_code, 0) << cmd << "\n" << r.out;
    r = test::command(cmd + " --plugin " + liars + " --verifier liar");
    EXPECT_EQ(r.exit_code, 1) << cmd << "\n" << r.out;
    EXPECT_TRUE(has(r.out, "item 0: liar gave a wrong answer: answer ")) << cmd << "\n" << r.out;
    // The provenance records the verifier and its library.
    const std::string stats = dir.path("stats.csv");
    r = test::command(cmd + " --plugin " + kExample + " --verifier example-bitmask -o /dev/null --stats " + stats);
    EXPECT_EQ(r.exit_code, 0) << cmd << "\n" << r.out;
    EXPECT_TRUE(has(test::slurp(stats), "# verifier: example-bitmask\n")) << cmd << "\n" << test::slurp(stats);
    EXPECT_TRUE(has(test::slurp(stats), "# plugin: example-bitmask ")) << cmd << "\n" << test::slurp(stats);
  }
  // An --exec verifier: the Python solver.
  if (std::filesystem::exists("/usr/bin/python3")) {
    const std::string py = std::string("--exec py='/usr/bin/python3 ") + SUDOKU_SOURCE_DIR + "/tests/exec/solver.py'";
    const auto r = test::command("transform " + data + " -n 5 -j 1 --verifier py " + py);
    EXPECT_EQ(r.exit_code, 0) << r.out;
  }
  // The verifier is a second opinion: not the checker itself.
  const auto r = test::command("generate -n 1 --checker dlx --verifier dlx");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "--verifier dlx: it is also the --checker")) << r.out;
}

TEST(Plugin, ShowTakesASolverFromOutside) {
  auto r = test::command("show " + test::kPuzzle + " --plugin " + kExample + " -s example-bitmask");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "example-bitmask: unique")) << r.out;
  r = test::command("show " + test::kPuzzle + " --plugin " + std::string(TEST_PLUGIN_LIARS) + " -s liar");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "liar: wrong")) << r.out;
  // The harness convention's extra untimed call happens here too (a unique puzzle at limit 2).
  r = test::command("show " + test::kPuzzle + " --plugin h=" + kHarness + ":solve -s h");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "h: unique")) << r.out;
}

// ---- threads: a private instance per worker -----------------------------------

/// The first `n` lines of 17_clue.txt, in `dir`.
std::string first_17_clue(const test::TempDir& dir, std::size_t n) {
  std::istringstream in(test::slurp(test::shared("17_clue.txt")));
  std::string out, line;
  for (std::size_t i = 0; i < n && std::getline(in, line); ++i) out += line + "\n";
  return dir.write("17_clue_first.txt", out);
}

/// Status -> rows of `solve FILE ARGS -o rows.csv`, and the exit code.
std::pair<int, std::map<std::string, std::size_t>> statuses(const test::TempDir& dir, const std::string& file,
                                                            const std::string& args) {
  const std::string rows = dir.path("rows.csv");
  std::filesystem::remove(rows);
  const auto r = test::command("solve " + file + " " + args + " -o " + rows);
  std::map<std::string, std::size_t> count;
  for (const Row& row : read_rows(rows)) ++count[row.status];
  return {r.exit_code, count};
}

// The field's convention with its state at file scope, as the reference harness's libraries
// keep it: every worker thread gets a private instance, so every answer is right whatever the
// thread count; forced to share one instance (--reentrant), threads overwrite each other's
// search and answers go wrong (the test can fail).
TEST(PluginThreads, FileScopeStateGivesNoWrongAnswerOnAnyThreadCount) {
  test::TempDir dir;
  const std::string file = first_17_clue(dir, 5000);
  const std::string harness = "--plugin fs=" + kFileScope + ":solve -s fs";
  for (const char* j : {"1", "2", "8"}) {
    const auto [code, count] = statuses(dir, file, harness + " -j " + j);
    EXPECT_EQ(code, 0) << "-j " << j;
    EXPECT_EQ(count.size(), 1u) << "-j " << j;
    EXPECT_EQ(count.count("solved") ? count.at("solved") : 0, 4987u) << "-j " << j;  // 13 comment lines
  }
  // The native ABI: a solver that does not declare SUDOKU_BENCH_SOLVER_REENTRANT, the same.
  const auto [code, count] = statuses(dir, file, "--plugin " + kFileScope + " -s file-scope -j 8");
  EXPECT_EQ(code, 0);
  EXPECT_EQ(count.count("solved") ? count.at("solved") : 0, 4987u);
  // One shared instance: wrong answers (caught by the verifier: exit 1), or a `none` for
  // puzzles that have a solution.
  const auto [shared_code, shared] = statuses(dir, file, harness + " -j 8 --reentrant fs");
  EXPECT_LT(shared.count("solved") ? shared.at("solved") : 0, 4987u);
  if (shared.count("wrong") != 0) {
    EXPECT_EQ(shared_code, 1);
  }
}

TEST(PluginThreads, ListAndProvenanceSayHowEachPluginIsLoaded) {
  const std::string v1 = TEST_PLUGIN_V1_LIARS;
  const auto r = test::command("list --plugin fs=" + kFileScope + ":solve --plugin fs2=" + kFileScope +
                           ":solve --reentrant fs2 --plugin " + kFileScope + " --plugin " + kExample +
                           " --plugin " + v1);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::map<std::string, std::string> from;
  std::istringstream lines(r.out);
  for (std::string l; std::getline(lines, l);) from[l.substr(0, l.find(' '))] = l;
  const std::string priv = "a private instance per worker thread";
  EXPECT_TRUE(has(from["fs"], "plugin " + kFileScope + ":solve; " + priv)) << r.out;
  EXPECT_TRUE(has(from["file-scope"], "plugin " + kFileScope + "; " + priv)) << r.out;
  EXPECT_TRUE(has(from["fs2"], "one instance shared by every worker thread (--reentrant)")) << r.out;
  EXPECT_TRUE(has(from["example-bitmask"], "one instance shared by every worker thread (declared re-entrant)"))
      << r.out;
  EXPECT_TRUE(has(from["liar"], "one instance shared by every worker thread (ABI version 1: re-entrant by "
                                "its contract)")) << r.out;

  test::TempDir dir;
  const std::string rows = dir.path("rows.csv");
  const auto s = test::command("solve " + test::shared("norvig_easy50.txt") + " --plugin fs=" + kFileScope +
                           ":solve -s fs -o " + rows);
  ASSERT_EQ(s.exit_code, 0) << s.out;
  const std::string line = "# plugin: fs " + kFileScope + ":solve sha256=" + puzzle::io::sha256_file(kFileScope) +
                           "; fs: " + priv + "\n";
  EXPECT_TRUE(has(test::slurp(rows), line)) << test::slurp(rows);
  // How the threads reach the library is not part of what a run is: a run may be continued
  // (--resume) or merged under another way of loading it; its file is.
  const auto identity = [](const std::string& plugin) {
    return puzzle::io::run_identity({{"solvers", "fs"}, {"plugin", plugin}});
  };
  const std::string sha = "fs /x/lib.so:solve sha256=" + std::string(64, 'a');
  EXPECT_EQ(identity(sha + "; fs: " + priv), identity(sha + "; fs: one instance shared by every worker thread"));
  EXPECT_EQ(identity(sha + "; fs: " + priv), identity(sha));
  EXPECT_NE(identity(sha), identity("fs /x/lib.so:solve sha256=" + std::string(64, 'b')));
}

TEST(PluginThreads, ReentrantNamesAPluginSolver) {
  auto r = test::command("list --plugin fs=" + kFileScope + ":solve --reentrant fx");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "--reentrant fx: no plug-in solver of that name (did you mean 'fs'?)")) << r.out;
  r = test::command("list --reentrant dlx");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "--reentrant dlx: no plug-in solver of that name (no --plugin given)")) << r.out;
  r = test::command("list --plugin fs=" + kFileScope + ":solve --plugin " + kFileScope + " --reentrant all");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_FALSE(has(r.out, "a private instance")) << r.out;
}

// Under --isolate each child runs its library on one thread: --reentrant has nothing to share,
// and is refused with one message (it was once accepted and ignored), on every subcommand that
// takes --plugin, before any child starts or any output is made.
TEST(PluginThreads, ReentrantWithIsolateIsRefused) {
  test::TempDir dir;
  const std::string rows = dir.path("rows.csv");
  for (const std::string& args :
       {"list --plugin fs=" + kFileScope + ":solve --isolate --reentrant fs",
        "solve " + test::shared("norvig_easy50.txt") + " --plugin fs=" + kFileScope +
            ":solve -s fs --isolate --reentrant all -o " + rows}) {
    const auto r = test::command(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
    EXPECT_TRUE(has(r.out, "--reentrant and --isolate do not go together")) << r.out;
    EXPECT_FALSE(std::filesystem::exists(rows)) << args;
  }
  // Each alone still works.
  EXPECT_EQ(test::command("list --plugin fs=" + kFileScope + ":solve --isolate").exit_code, 0);
  EXPECT_EQ(test::command("list --plugin fs=" + kFileScope + ":solve --reentrant fs").exit_code, 0);
}

// A library built against version 1 of plugin.h (no `flags` in its solver table) still loads,
// its table read with version 1's layout: the liars are caught as before.
TEST(PluginThreads, VersionOnePluginsStillLoad) {
  const std::string v1 = TEST_PLUGIN_V1_LIARS;
  for (const auto& [solver, message] : std::vector<std::pair<std::string, std::string>>{
           {"liar", "answer changes the given"},
           {"miscounter", "the plug-in returned status 'unique' with 2 solutions at limit 2"}}) {
    const auto r = test::command("solve " + test::shared("norvig_easy50.txt") + " --plugin " + v1 + " -s " + solver +
                             " --limit 2 -j 2");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_TRUE(has(r.out, message)) << r.out;
  }
}

// The two ways a private instance is made: each load is an instance of its own (glibc gives the
// handle of the instance it has when a file is loaded again), and the fallback's file and
// folder are gone as soon as it is loaded.
TEST(PluginThreads, PrivateInstancesAreDistinctAndLeaveNothingOnDisk) {
  const std::string bytes = test::slurp(kFileScope);
  test::TempDir tmp;
  const char* old_tmp = std::getenv("TMPDIR");
  const std::string saved = old_tmp != nullptr ? old_tmp : "";
  ::setenv("TMPDIR", tmp.path("").c_str(), 1);
  std::string why;
  void* a = puzzle::ext::detail::load_copy_in_memory(bytes, "libfs.so", why);
  void* b = puzzle::ext::detail::load_copy_in_memory(bytes, "libfs.so", why);
  void* c = puzzle::ext::detail::load_copy_in_file(bytes, "libfs.so", why);
  void* d = puzzle::ext::detail::load_copy_in_file(bytes, "libfs.so", why);
  if (old_tmp != nullptr) ::setenv("TMPDIR", saved.c_str(), 1);
  else ::unsetenv("TMPDIR");
  ASSERT_TRUE(a && b && c && d) << why;
  void* original = ::dlopen(kFileScope.c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(original, nullptr);
  const std::set<void*> handles = {original, a, b, c, d};
  EXPECT_EQ(handles.size(), 5u);
  // Each has its own copy of the solver's globals: its functions are at addresses of their own.
  std::set<void*> solve;
  for (void* h : handles) solve.insert(::dlsym(h, "solve"));
  EXPECT_EQ(solve.size(), 5u);
  EXPECT_TRUE(std::filesystem::is_empty(tmp.path(""))) << "a copy was left in " << tmp.path("");
  // Bytes that are not a library: refused with the loader's reason, nothing left either.
  EXPECT_EQ(puzzle::ext::detail::load_copy_in_file("not a library", "x.so", why), nullptr);
  EXPECT_FALSE(why.empty());
}

// ---- isolation: a crash costs its puzzle, not the run --------------------------

/// The lines of `file` holding the puzzles file_scope_solver.c's *_every_500 functions crash on
/// (the FNV-1a hash of the 81 characters is 0 mod 500).
std::set<uint64_t> crashing_lines(const std::string& file) {
  std::set<uint64_t> out;
  for (const auto& rec : test::load(file)) {
    uint32_t h = 2166136261u;
    for (char c : puzzle::sudoku::to_line(rec.parsed.puzzle)) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
    if (h % 500 == 0) out.insert(rec.line);
  }
  return out;
}

/// Checks the rows of `rows` (solver `solver`'s, or all): `bad` on exactly the lines
/// `expected`, every other puzzle solved, `puzzles` rows in all.
void expect_status_exactly_at(const std::vector<Row>& rows, const std::string& solver, const std::string& bad,
                              const std::set<uint64_t>& expected, std::size_t puzzles) {
  std::size_t n = 0;
  std::set<uint64_t> got;
  for (const Row& row : rows) {
    if (!solver.empty() && row.solver != solver) continue;
    ++n;
    if (row.status == bad) got.insert(row.line);
    else EXPECT_EQ(row.status, "solved") << solver << " line " << row.line;
  }
  EXPECT_EQ(n, puzzles) << solver;
  EXPECT_EQ(got, expected) << solver;
}

void expect_errors_exactly_at(const std::string& rows, const std::set<uint64_t>& crashing, std::size_t puzzles) {
  expect_status_exactly_at(read_rows(rows), "", "error", crashing, puzzles);
}

// The case: plug-ins that crash on every 500th puzzle (a signal, abort(), exit()) and
// one that hangs on one puzzle, in one run under --isolate: exactly those rows `error` (the
// cause named) and `timeout`, every other answer verified, the output complete, exit 1.
TEST(PluginIsolate, CrashesAndAHangCostTheirPuzzlesOnly) {
  test::TempDir dir;
  const std::string file = first_17_clue(dir, 5000), rows = dir.path("rows.csv");
  const std::set<uint64_t> crashing = crashing_lines(file);
  ASSERT_GE(crashing.size(), 3u);
  const auto records = test::load(file);
  const auto& hang = records.at(2345);
  std::string plugins;
  for (const char* f : {"hang=:solve_hang_on", "segv=:solve_crash_every_500", "abrt=:solve_abort_every_500",
                        "exit=:solve_exit_every_500"}) {
    const std::string spec = f;
    const std::size_t eq = spec.find('=');
    plugins += " --plugin " + spec.substr(0, eq + 1) + kFileScope + spec.substr(eq + 1);
  }
  // The hang's pass first: only the first 20 problems are printed.
  const auto r = test::cli("solve " + file + plugins + " -s hang,segv,abrt,exit --isolate -j 2 --timeout 2 -o " + rows,
                           "SUDOKU_TEST_HANG_PUZZLE=" + puzzle::sudoku::to_line(hang.parsed.puzzle) +
                               " ASAN_OPTIONS=" + test::asan_options_segv_kills() + " ");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "segv: the plug-in crashed on this puzzle: its process was killed by signal 11 (SIGSEGV)"))
      << r.out;
  EXPECT_TRUE(has(r.out, "error: " + std::to_string(3 * crashing.size()) + " puzzle(s) with status 'error'")) << r.out;
  EXPECT_TRUE(has(r.out, ":" + std::to_string(hang.line) + ": hang: no answer within 2 s: its process was killed"))
      << r.out;
  EXPECT_TRUE(has(r.out, "error: 1 puzzle(s) with status 'timeout'")) << r.out;
  EXPECT_FALSE(std::filesystem::exists(rows + ".partial"));  // the output is complete
  const std::vector<Row> all = read_rows(rows);
  for (const char* s : {"segv", "abrt", "exit"}) expect_status_exactly_at(all, s, "error", crashing, 4987);
  expect_status_exactly_at(all, "hang", "timeout", {hang.line}, 4987);
  const std::string text = test::slurp(rows);
  EXPECT_TRUE(has(text, ":solve_crash_every_500 sha256=" + puzzle::io::sha256_file(kFileScope) +
                            "; segv: isolated: a child process per worker thread\n")) << text;
}

// The same through the messages: abort() and exit() are named as what they are.
TEST(PluginIsolate, TheCauseOfEachCrashIsNamed) {
  test::TempDir dir;
  const std::string file = first_17_clue(dir, 5000);
  for (const auto& [symbol, cause] : std::vector<std::pair<std::string, std::string>>{
           {"solve_abort_every_500", "crashed on this puzzle: its process was killed by signal 6 (SIGABRT)"},
           {"solve_exit_every_500", "ended its process on this puzzle: its process exited with status 3"}}) {
    const auto r = test::command("solve " + file + " --plugin fs=" + kFileScope + ":" + symbol + " -s fs --isolate");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_TRUE(has(r.out, "fs: the plug-in " + cause + "; a new one takes the next puzzle")) << r.out;
  }
}

// --isolate wherever an outside solver runs (a native library here: every solver it lists goes
// through a child): each command works as in-process, and liars are caught as in-process (the
// child's complete() and the parent's verifier); a hang in bench is a `timeout`, exit 1.
TEST(PluginIsolate, EverySubcommandThatTakesPluginTakesIsolate) {
  const std::string data = test::shared("norvig_top95.txt"), easy = test::shared("norvig_easy50.txt");
  const std::string ok = " --plugin " + kExample + " --isolate";
  for (const auto& [cmd, what] : std::vector<std::pair<std::string, std::string>>{
           {"list" + ok, "isolated: a child process per worker thread"},
           {"show " + test::kPuzzle + " -s example-bitmask" + ok, "example-bitmask: unique"},
           {"solve " + data + " -s example-bitmask -j 2" + ok, "example-bitmask"},
           {"bench " + easy + " -s example-bitmask --reps 2 --min-time 0 -j 2" + ok, "example-bitmask"},
           {"generate -n 10 -j 2 --checker example-bitmask" + ok, ""},
           {"generate -n 10 -j 2 --verifier example-bitmask" + ok, ""},
           {"transform " + data + " -n 10 -j 2 --verifier example-bitmask" + ok, ""}}) {
    const auto r = test::command(cmd);
    EXPECT_EQ(r.exit_code, 0) << cmd << "\n" << r.out;
    EXPECT_TRUE(has(r.out, what)) << cmd << "\n" << r.out;
  }
  const std::string liars = " --plugin " + std::string(TEST_PLUGIN_LIARS) + " --isolate";
  for (const auto& [cmd, what] : std::vector<std::pair<std::string, std::string>>{
           {"solve " + easy + " -s liar -j 2" + liars, "answer changes the given"},
           {"solve " + easy + " -s miscounter --limit 2" + liars,
            "the plug-in returned status 'unique' with 2 solutions at limit 2"},
           {"show " + test::kPuzzle + " -s liar" + liars, "liar: wrong"},
           {"generate -n 4 -j 1 --checker liar" + liars, "item 0: checker liar gave a wrong answer: answer changes "
                                                         "the given"},
           {"transform " + data + " -n 5 -j 1 --verifier liar" + liars, "item 0: liar gave a wrong answer: answer "}}) {
    const auto r = test::command(cmd);
    EXPECT_EQ(r.exit_code, 1) << cmd << "\n" << r.out;
    EXPECT_TRUE(has(r.out, what)) << cmd << "\n" << r.out;
  }
  const std::string hang = puzzle::sudoku::to_line(test::load(easy).at(7).parsed.puzzle);
  const auto r = test::cli("bench " + easy + " --plugin h=" + kFileScope + ":solve_hang_on -s h --isolate --timeout 1 "
                           "--reps 1 --warmup 0 --min-time 0 -j 1",
                           "SUDOKU_TEST_HANG_PUZZLE=" + hang + " ");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "error: 1 puzzle(s) with status 'timeout'")) << r.out;
}

// Without --isolate a crash ends the tool, and the rows solved so far stay in the partial file;
// the same command with --isolate --resume goes on from there (README).
TEST(PluginIsolate, WithoutIsolateACrashKeepsThePartialFileAndIsolateResumeGoesOn) {
  test::TempDir dir;
  const std::string file = first_17_clue(dir, 5000), rows = dir.path("rows.csv");
  const std::string cmd = "solve " + file + " --plugin fs=" + kFileScope + ":solve_crash_every_500 -s fs -j 1 -o " + rows;
  const auto crashed = test::cli(cmd, "ASAN_OPTIONS=" + test::asan_options_segv_kills() + " ");
  EXPECT_NE(crashed.exit_code, 0) << crashed.out;
  EXPECT_NE(crashed.exit_code, 1) << crashed.out;  // killed by the signal, not a reported failure
  ASSERT_TRUE(std::filesystem::exists(rows + ".partial")) << crashed.out;
  EXPECT_FALSE(std::filesystem::exists(rows));
  const std::size_t kept = read_rows(rows + ".partial").size();
  EXPECT_LT(kept, 4987u);
  const auto resumed = test::command(cmd + " --isolate --resume");
  EXPECT_EQ(resumed.exit_code, 1) << resumed.out;
  EXPECT_FALSE(std::filesystem::exists(rows + ".partial")) << resumed.out;
  expect_errors_exactly_at(rows, crashing_lines(file), 4987);
}

}  // namespace
