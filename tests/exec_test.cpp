// Solvers that are programs (docs/exec.md), through the CLI as a user meets them:
// a Python solver (tests/exec/solver.py) through --exec, its answers checked against dlx; the
// same child made to crash, hang, lie or babble on chosen puzzles, recovered with the right
// status and the batch completed; commands that cannot be used refused before any work; qqwing
// through --exec-batch; and the answer parser and the round-trip floor in process.
#include <dirent.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "run/pipeline.hpp"
#include "ext/exec.hpp"
#include "nonogram/nonogram.hpp"
#include "puzzle/kinds.hpp"
#include "sudoku/grid.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using test::has;

const char* kPython = "/usr/bin/python3";

/// The Python solver's command, with `args` (its misbehaviour options).
std::string py(const std::string& args = "") {
  std::string cmd = std::string(kPython) + " " + SUDOKU_SOURCE_DIR + "/tests/exec/solver.py";
  return args.empty() ? cmd : cmd + " " + args;
}

/// The Python nonogram solver's command (tests/exec/nonogram_solver.py), with `args`.
std::string pyn(const std::string& args = "") {
  std::string cmd = std::string(kPython) + " " + SUDOKU_SOURCE_DIR + "/tests/exec/nonogram_solver.py";
  return args.empty() ? cmd : cmd + " " + args;
}

bool have_qqwing() { return std::filesystem::exists("/usr/games/qqwing") || std::filesystem::exists("/usr/bin/qqwing"); }

/// `--exec NAME='COMMAND'` (the command has no single quotes).
std::string exec(const std::string& name, const std::string& command, const char* kind = "--exec") {
  return std::string(kind) + " " + name + "='" + command + "'";
}

/// Skips a test that needs the Python solver when there is no python3 (statement, no `;`).
#define NEED_PYTHON()                                                                       \
  if (!std::filesystem::exists(kPython)) {                                                  \
    GTEST_SKIP() << kPython << " is missing: scripts/setup.sh installs python3";            \
  }

using test::read_rows;
using test::Row;

/// A summary CSV as (solver -> column -> value); one dataset per file in these tests.
std::map<std::string, std::map<std::string, std::string>> read_summary(const std::string& path) {
  std::istringstream in(test::slurp(path));
  std::map<std::string, std::map<std::string, std::string>> out;
  std::vector<std::string> names;
  std::string text;
  while (std::getline(in, text)) {
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ls(text);
    std::string cell;
    while (std::getline(ls, cell, ',')) f.push_back(cell);
    if (text.size() > 0 && text.back() == ',') f.emplace_back();
    if (names.empty()) {
      names = f;
      continue;
    }
    for (std::size_t i = 0; i < f.size() && i < names.size(); ++i) out[f[1]][names[i]] = f[i];
  }
  return out;
}

/// The puzzle lines the child receives (to_line) of a dataset's first records, by line number.
std::map<uint64_t, std::string> puzzles(const std::string& file, std::size_t max = 0) {
  std::map<uint64_t, std::string> out;
  for (const auto& r : test::load(file, max)) out[r.line] = puzzle::sudoku::to_line(r.parsed.puzzle);
  return out;
}

/// Processes whose command line contains `marker` (children left behind would show here).
int processes_with(const std::string& marker) {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string pid = e.path().filename().string();
    if (pid.empty() || !std::all_of(pid.begin(), pid.end(), ::isdigit)) continue;
    std::string cmd = test::slurp(e.path().string() + "/cmdline");
    std::replace(cmd.begin(), cmd.end(), '\0', ' ');
    if (has(cmd, marker)) ++n;
  }
  return n;
}

// ---- the answer parser ---------------------------------------------------------------------

TEST(ExecProtocol, ReadsEveryFormOfAnswer) {
  const puzzle::sudoku::Grid p = test::parse(test::kPuzzle);
  puzzle::Result r;
  std::string why;
  using puzzle::Status;
  ASSERT_TRUE(puzzle::ext::parse_answer(test::kSolution, p, 1, r, why)) << why;
  EXPECT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_EQ(puzzle::sudoku::to_line(test::grid(r.answer)), test::kSolution);
  // A bare solution under limit 2 claims it is the only one.
  ASSERT_TRUE(puzzle::ext::parse_answer(test::kSolution + " nodes=7 guesses=2 backtracks=1\r", p, 2, r, why)) << why;
  EXPECT_EQ(r.status, Status::unique);
  EXPECT_EQ(r.work.nodes, 7u);
  EXPECT_EQ(r.work.guesses, 2u);
  EXPECT_EQ(r.work.backtracks, 1u);
  ASSERT_TRUE(puzzle::ext::parse_answer("2 " + test::kSolution + " future=3", p, 2, r, why)) << why;
  EXPECT_EQ(r.status, Status::multiple);
  EXPECT_EQ(r.solutions, 2u);
  ASSERT_TRUE(puzzle::ext::parse_answer("0 guesses=5", p, 2, r, why)) << why;
  EXPECT_EQ(r.status, Status::none);
  EXPECT_EQ(r.work.guesses, 5u);
  for (const auto& [line, status] : std::vector<std::pair<std::string, Status>>{
           {"none", Status::none},
           {"invalid", Status::invalid},
           {"unsupported", Status::unsupported},
           {"Puzzle has no solution.", Status::none},  // qqwing
           {"Puzzle is not possible.", Status::none}}) {
    ASSERT_TRUE(puzzle::ext::parse_answer(line, p, 1, r, why)) << line << ": " << why;
    EXPECT_EQ(r.status, status) << line;
  }
  ASSERT_TRUE(puzzle::ext::parse_answer("error out of memory", p, 1, r, why));
  EXPECT_EQ(r.status, Status::error);
  EXPECT_EQ(why, "out of memory");
  // 16x16 in the tool's alphabet, letters in either case.
  const std::string s16 = "123456789ABCDEFG";
  puzzle::sudoku::Grid p16(4);
  const std::string lower16 = "123456789abcdefg" + std::string(240, '1');
  ASSERT_TRUE(puzzle::ext::parse_answer(lower16, p16, 1, r, why)) << why;
  EXPECT_EQ(test::grid(r.answer).box(), 4);
  EXPECT_EQ(test::grid(r.answer)[15], 16);
}

TEST(ExecProtocol, RefusesWhatIsNotTheProtocol) {
  const puzzle::sudoku::Grid p = test::parse(test::kPuzzle);
  puzzle::Result r;
  std::string why;
  for (const std::string& line : {std::string(""), std::string("   "), std::string("hello"),
                                 std::string("1"),  // a count without its solution
                                 "1 " + test::kSolution.substr(1),
                                 test::kSolution + " 1",  // an echo of the request
                                 test::kSolution + " nodes=x",
                                 test::kSolution.substr(0, 80) + "x"}) {
    EXPECT_FALSE(puzzle::ext::parse_answer(line, p, 1, r, why)) << "'" << line << "'";
    EXPECT_FALSE(why.empty()) << line;
  }
}

// A nonogram's answer: its picture, `#`/`.` or `1`/`0`, row by row; the same grammar around it.
TEST(ExecProtocol, ReadsANonogramAnswer) {
  puzzle::nonogram::Puzzle p;
  std::string why;
  ASSERT_TRUE(puzzle::nonogram::parse_id("4x6:5/4/1/2/1.2/1.1/2/2/2/1", p, why)) << why;
  const std::string pic = "#.##" "#..#" "##.." "##.." "##.." ".#..";
  puzzle::Result r;
  using puzzle::Status;
  ASSERT_TRUE(puzzle::ext::parse_answer(pic + " nodes=3", p, 2, r, why)) << why;
  EXPECT_EQ(r.status, Status::unique);
  EXPECT_EQ(puzzle::nonogram::to_text(puzzle::nonogram::NonogramKind::solution(r.answer)), pic);
  EXPECT_EQ(r.work.nodes, 3u);
  std::string ones = pic;
  std::replace(ones.begin(), ones.end(), '#', '1');
  std::replace(ones.begin(), ones.end(), '.', '0');
  ASSERT_TRUE(puzzle::ext::parse_answer("2 " + ones, p, 2, r, why)) << why;
  EXPECT_EQ(r.status, Status::multiple);
  EXPECT_EQ(puzzle::nonogram::to_text(puzzle::nonogram::NonogramKind::solution(r.answer)), pic);
  ASSERT_TRUE(puzzle::ext::parse_answer("none guesses=4", p, 1, r, why)) << why;
  EXPECT_EQ(r.status, Status::none);
  EXPECT_EQ(r.work.guesses, 4u);
  for (const std::string& line : {pic.substr(1), "1 " + pic + "#", std::string("1")}) {
    EXPECT_FALSE(puzzle::ext::parse_answer(line, p, 1, r, why)) << line;
    EXPECT_TRUE(has(why, "4x6 picture") || has(why, "without the solution")) << why;
  }
}

TEST(ExecProtocol, FloorIsMeasured) {
  const auto f = puzzle::ext::measure_floor(300);
  EXPECT_EQ(f.round_trips, 300u);
  EXPECT_GT(f.min_us, 0);
  EXPECT_LE(f.min_us, f.median_us);
  EXPECT_LE(f.median_us, f.p90_us);
  EXPECT_LT(f.median_us, 10'000);  // a round trip through cat, well under 10 ms even when loaded
}

// ---- --exec through the CLI ----------------------------------------------------------------

TEST(Exec, PythonSolverAgreesWithDlx) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string rows = dir.path("rows.csv"), sum = dir.path("sum.csv");
  const std::string data = test::shared("norvig_easy50.txt");
  auto r = test::command("solve " + data + " -s dlx,py " + exec("py", py()) +
                     " -j 2 --solutions -o " + rows + " --summary " + sum);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "--exec round-trip floor on this machine: median ")) << r.out;
  EXPECT_TRUE(has(test::slurp(rows), "# exec: py: " + py() + "\n"));  // provenance
  auto s = read_summary(sum);
  EXPECT_EQ(s["py"]["solved"], "50");
  EXPECT_EQ(s["py"]["wrong"], "0");
  EXPECT_EQ(s["py"]["error"], "0");
  EXPECT_EQ(s["py"]["timeout"], "0");
  std::map<uint64_t, Row> dlx, mine;
  for (const Row& row : read_rows(rows)) (row.solver == "dlx" ? dlx : mine)[row.line] = row;
  ASSERT_EQ(mine.size(), 50u);
  for (const auto& [line, row] : mine) {
    EXPECT_EQ(row.status, dlx[line].status) << line;
    EXPECT_EQ(row.solution, dlx[line].solution) << line;
    EXPECT_GT(row.time_ns, 0u) << line;
    EXPECT_GT(row.nodes, 0u) << line;  // the child's counters reach the rows
  }

  // Uniqueness proofs and puzzles with no or many solutions (counts known by the file), limit 2.
  r = test::command("solve " + test::shared("tdoku_test_puzzles.csv") + " -s py " + exec("py", py()) +
                " -j 2 --limit 2 --summary " + sum);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  s = read_summary(sum);
  EXPECT_EQ(s["py"]["unique"], "18");
  EXPECT_EQ(s["py"]["multiple"], "15");
  EXPECT_EQ(s["py"]["none"], "10");
  EXPECT_EQ(s["py"]["wrong"], "0");
}

TEST(Exec, CrashingChildIsRestartedAndTheBatchGoesOn) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string data = test::shared("norvig_easy50.txt");
  auto lines = puzzles(data);
  ASSERT_EQ(lines.size(), 50u);
  const uint64_t a = std::next(lines.begin(), 10)->first;
  const std::string rows = dir.path("rows.csv"), sum = dir.path("sum.csv");
  const std::string child = py("--crash-on " + lines[a]);
  // A process: the child's stderr passes through to the tool's.
  auto r = test::cli("solve " + data + " -s py " + exec("py", child) + " -j 1 -o " + rows + " --summary " + sum);
  EXPECT_EQ(r.exit_code, 1) << r.out;  // an error is a failure, like a wrong answer
  EXPECT_TRUE(has(r.out, ":" + std::to_string(a) + ": py: no answer; the child exited with status 3; restarted")) << r.out;
  EXPECT_TRUE(has(r.out, "1 puzzle(s) with status 'error'")) << r.out;
  EXPECT_TRUE(has(r.out, "solver.py: crashing on purpose")) << r.out;  // its stderr passes through
  const auto got = read_rows(rows);
  ASSERT_EQ(got.size(), 50u);
  for (const Row& row : got) EXPECT_EQ(row.status, row.line == a ? "error" : "solved") << row.line;
  auto s = read_summary(sum);
  EXPECT_EQ(s["py"]["error"], "1");
  EXPECT_EQ(s["py"]["solved"], "49");

  // A child that exits after every 7 answers (its first, untimed puzzle included), on two
  // threads: every puzzle is answered or `error`, nothing is wrong, the batch completes.
  r = test::command("solve " + data + " -s py " + exec("py", py("--exit-after 7")) + " -j 2 --summary " + sum);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  s = read_summary(sum);
  EXPECT_EQ(s["py"]["puzzles"], "50");
  EXPECT_EQ(s["py"]["wrong"], "0");
  const int errors = std::stoi(s["py"]["error"]), solved = std::stoi(s["py"]["solved"]);
  EXPECT_EQ(errors + solved, 50);
  EXPECT_GE(errors, 6);  // at most 6 answers per child life: 50 puzzles need 8 lives or more
  EXPECT_TRUE(has(r.out, "no answer; the child exited with status 0; restarted")) << r.out;
}

TEST(Exec, ErrorRowsAreReadBackByResume) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string data = test::shared("norvig_easy50.txt");
  auto lines = puzzles(data);
  const uint64_t a = std::next(lines.begin(), 3)->first;
  const std::string rows = dir.path("rows.csv"), sum = dir.path("sum.csv");
  const std::string args = "solve " + data + " -s py " + exec("py", py("--crash-on " + lines[a])) +
                           " -j 1 -o " + rows + " --summary " + sum;
  auto r = test::command(args);
  ASSERT_EQ(r.exit_code, 1) << r.out;
  // Keep the `#` lines, the header and the first 10 rows (the error among them) as a partial
  // file, and resume: the kept rows, `error` included, are read back into the summary.
  std::istringstream in(test::slurp(rows));
  std::string text, partial;
  int data_lines = 0;
  while (std::getline(in, text) && data_lines < 11) {
    partial += text + "\n";
    if (!text.empty() && text[0] != '#') ++data_lines;
  }
  std::filesystem::remove(rows);
  std::ofstream(rows + ".partial", std::ios::binary) << partial;
  r = test::command(args + " --resume");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "10 rows kept")) << r.out;
  const auto s = read_summary(sum);
  EXPECT_EQ(s.at("py").at("error"), "1");
  EXPECT_EQ(s.at("py").at("solved"), "49");
  EXPECT_EQ(read_rows(rows).size(), 50u);
}

TEST(Exec, HangingChildTimesOutAndIsKilled) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string data = test::shared("norvig_easy50.txt");
  auto lines = puzzles(data);
  const uint64_t a = std::next(lines.begin(), 5)->first;
  const std::string rows = dir.path("rows.csv"), sum = dir.path("sum.csv");
  // The child hangs on one puzzle: after --timeout it is killed and replaced, the rest solved.
  const std::string marker = "--hang-on " + lines[a];
  const auto t0 = std::chrono::steady_clock::now();
  auto r = test::command("solve " + data + " -s py " + exec("py", py(marker)) + " -j 2 --timeout 0.5 -o " +
                     rows + " --summary " + sum);
  const double s_taken = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.exit_code, 1) << r.out;  // a puzzle without an answer: the run is not whole
  EXPECT_TRUE(has(r.out, "error: 1 puzzle(s) with status 'timeout': no answer within --timeout")) << r.out;
  EXPECT_TRUE(has(r.out, ":" + std::to_string(a) + ": py: no answer within 0.5 s; the child was killed by "
                         "signal 9 (SIGKILL); restarted")) << r.out;
  for (const Row& row : read_rows(rows)) {
    EXPECT_EQ(row.status, row.line == a ? "timeout" : "solved") << row.line;
    if (row.line == a) {
      EXPECT_GE(row.time_ns, 500'000'000u);  // the wait for --timeout is the puzzle's time
    }
  }
  EXPECT_EQ(read_summary(sum)["py"]["timeout"], "1");
  EXPECT_LT(s_taken, 30);
  EXPECT_EQ(processes_with(marker), 0) << "a hanging child was left behind";
}

TEST(Exec, ProtocolBreachIsAnErrorAndALieIsWrong) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string data = test::shared("norvig_easy50.txt");
  auto lines = puzzles(data);
  const uint64_t a = std::next(lines.begin(), 7)->first;
  const std::string rows = dir.path("rows.csv");
  auto r = test::command("solve " + data + " -s py " + exec("py", py("--garbage-on " + lines[a])) +
                     " -j 1 -o " + rows);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, ":" + std::to_string(a) + ": py: broke the protocol: 'this' is not a 9x9 "
                         "solution, a count or a status word (answer 'this is not an answer')")) << r.out;
  for (const Row& row : read_rows(rows)) EXPECT_EQ(row.status, row.line == a ? "error" : "solved") << row.line;

  r = test::command("solve " + data + " -s py " + exec("py", py("--lie-on " + lines[a])) + " -j 1 -o " + rows);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "1 wrong answer(s)")) << r.out;
  for (const Row& row : read_rows(rows)) EXPECT_EQ(row.status, row.line == a ? "wrong" : "solved") << row.line;
}

TEST(Exec, UnusableCommandsAreRefusedBeforeAnyWork) {
  const std::string data = test::shared("norvig_easy50.txt");
  struct Case {
    std::string option, expect;
  };
  for (const Case& c : std::vector<Case>{
           {exec("x", "no_such_solver_xyz"),
            "--exec x: 'no_such_solver_xyz' exited with status 127: command not found before "
            "answering a first puzzle"},
           {exec("x", "true"), "--exec x: 'true' exited with status 0 before answering a first puzzle"},
           {exec("x", "cat"), "--exec x: 'cat' broke the protocol: '1' after the answer is not a counter"},
           {exec("dlx", "cat"), "--exec dlx: a solver of that name exists already"},
           {"--exec nameless", "--exec 'nameless': expected NAME=..."},
           {exec("x", "no_such_solver_xyz", "--exec-batch"),
            "--exec-batch x: 'no_such_solver_xyz' did not answer a first puzzle: x ended after 0 "
            "answers (it exited with status 127: command not found)\n"},
           // cat echoes the puzzle: an answer, but not a solution (the verifier checks it).
           {exec("c", "cat", "--exec-batch"),
            "--exec-batch c: 'cat' answered a first, easy puzzle wrongly: answer is incomplete at "},
           {exec("c", "echo 0", "--exec-batch"),
            "--exec-batch c: 'echo 0' answered a first, easy puzzle wrongly: solver found no "
            "solution but the file gives one (answer '0')"},
           // Names that -s could never pick, refused as plug-in names are, before any start.
           {"--exec 'a b=cat'", "--exec a b: 'a b' cannot be a solver name (letters, digits, '-', '_', '.')"},
           {"--exec-batch 'x,y=cat'", "--exec-batch x,y: 'x,y' cannot be a solver name (letters, digits"},
           // --timeout: more than 0, at most 10^6 s (its deadlines are nanoseconds of the clock).
           {exec("x", "cat") + " --timeout 1e300", "--timeout: 1e300 s: give more than 0 and at most 1e+06 seconds"},
           {exec("x", "cat") + " --timeout nan", "--timeout: nan s: give more than 0 and at most 1e+06 seconds"},
           {exec("x", "cat") + " --timeout 0", "--timeout: 0 s: give more than 0 and at most 1e+06 seconds"},
           {exec("x", "cat") + " --timeout soon", "--timeout: 'soon' is not a number of seconds"},
       }) {
    for (const char* cmd : {"solve ", "list "}) {
      const std::string args = std::string(cmd) + (cmd[0] == 's' ? data + " -s dlx " : "") + c.option;
      const auto t0 = std::chrono::steady_clock::now();
      const auto r = test::command(args);
      EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
      EXPECT_TRUE(has(r.out, c.expect)) << args << "\n" << r.out;
      EXPECT_FALSE(has(r.out, "dataset")) << "work was done: " << r.out;
      EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10);
    }
  }
}

// A start is no puzzle: a child has --timeout or 10 s, whichever is longer, to start and answer
// its first, untimed puzzle (an --exec-batch program: to give its first answer), so a program
// that starts slower than a short --timeout is used, not refused; one that never answers is
// refused once the 10 s are over.
TEST(Exec, AStartHasTenSecondsWhateverTheTimeout) {
  NEED_PYTHON();
  const std::string data = test::shared("norvig_easy50.txt");
  test::TempDir dir;
  const std::string sum = dir.path("sum.csv");
  auto r = test::command("solve " + data + " -s py " + exec("py", "sleep 0.8; exec " + py()) +
                         " --timeout 0.3 -j 2 --summary " + sum);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(read_summary(sum)["py"]["solved"], "50") << r.out;
  if (have_qqwing()) {
    r = test::command("solve " + data + " -s qq " +
                      exec("qq", "sleep 0.8; exec qqwing --solve --one-line", "--exec-batch") +
                      " --timeout 0.3 --summary " + sum);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(read_summary(sum)["qq"]["solved"], "50") << r.out;
  }
  const auto t0 = std::chrono::steady_clock::now();
  r = test::command("solve " + data + " -s dlx " + exec("x", "sleep 60") + " --timeout 0.3");
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "--exec x: 'sleep 60' gave no answer within 10 s to a first puzzle (it was killed by signal 9"))
      << r.out;
  EXPECT_GE(took, 9.9);
  EXPECT_LT(took, 30);
}

TEST(Exec, AChildThatAnswersItsFirstPuzzleWronglyIsRefused) {
  NEED_PYTHON()
  // The first, untimed puzzle every child gets (the first row's probe); the child lies on it only.
  const std::string probe = puzzle::sudoku::SudokuKind::puzzle_text(puzzle::sudoku::SudokuKind::probe().puzzle);
  const auto r = test::command("solve " + test::shared("norvig_easy50.txt") + " -s x " +
                           exec("x", py("--lie-on " + probe)));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "--exec x: '" + py("--lie-on " + probe) +
                             "' answered a first, easy puzzle wrongly: answer ")) << r.out;
  EXPECT_FALSE(has(r.out, "dataset")) << "work was done: " << r.out;
}

// A worker thread whose child cannot start in the middle of a run: one message naming the
// solver; the run stops (a failure, exit 1; the outputs are kept partial, as for any run that
// stops early: README, "Outputs never lose data").
TEST(Exec, AWorkerWhoseChildCannotStartStopsTheRunWithOneMessage) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string marker = dir.path("started");
  // Starts once (the child that answers at registration), then exits 3 before any answer.
  const std::string cmd = "test -e " + marker + " && exit 3; touch " + marker + "; exec " + py();
  const puzzle::SolverInfo info = puzzle::ext::exec_solver("late", cmd, std::chrono::seconds(20));
  auto first = info.make();  // takes the child that answered at registration
  try {
    auto second = info.make();
    ADD_FAILURE() << "a worker without a child was made";
  } catch (const puzzle::ext::LoadError& e) {
    ADD_FAILURE() << "a mid-run failure is not a refused command (exit 2): " << e.what();
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()),
              "--exec late: the child of a new worker thread could not be started, so the run "
              "stopped: '" + cmd + "' exited with status 3 before answering a first puzzle");
  }
}

TEST(Exec, ListAndBenchShowExecSolvers) {
  NEED_PYTHON()
  auto r = test::command("list " + exec("py", py()));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "py")) << r.out;
  EXPECT_TRUE(has(r.out, "exec: " + py())) << r.out;
  test::TempDir dir;
  const std::string out = dir.path("bench.csv");
  r = test::command("bench " + test::shared("norvig_easy50.txt") + " -s dlx,py " + exec("py", py()) +
                " --reps 2 --warmup 0 -j 1 -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "--exec round-trip floor on this machine")) << r.out;
  EXPECT_TRUE(has(test::slurp(out), ",wrong,timeout,error,")) << test::slurp(out);
}

TEST(Exec, ChildrenAreStartedOnceAndKeptWarmBetweenPasses) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string log = dir.path("starts.log");
  const std::string data = test::shared("norvig_easy50.txt");
  auto starts = [&log] {
    const std::string text = test::slurp(log);
    return std::count(text.begin(), text.end(), '\n');
  };
  // The child that answered at registration solves the whole file: one start.
  auto r = test::command("solve " + data + " -s py " + exec("py", py("--log-start " + log)) + " -j 1");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(starts(), 1);
  // bench: a warm-up and 3 repetitions of 2 files, one child all along.
  std::filesystem::remove(log);
  r = test::command("bench " + data + " " + test::shared("norvig_top95.txt") + " -s py " +
                exec("py", py("--log-start " + log)) + " -j 1 --reps 3 --first 5");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(starts(), 1);
  // Two threads: a second child, started once.
  std::filesystem::remove(log);
  r = test::command("bench " + data + " -s py " + exec("py", py("--log-start " + log)) + " -j 2 --reps 3");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_LE(starts(), 2);
}

// The driver in process: one child per worker thread, answers verified, children reaped.
TEST(Exec, DriverRunsOneChildPerThread) {
  NEED_PYTHON()
  const puzzle::SolverInfo info = puzzle::ext::exec_solver("py", py(), std::chrono::seconds(20));
  EXPECT_EQ(info.origin, "exec: " + py());
  puzzle::run::RunConfig cfg;
  cfg.files = {test::shared("norvig_easy50.txt")};
  cfg.solvers = {&info};
  cfg.threads = 2;
  const auto report = puzzle::run::run_passes(cfg);
  ASSERT_EQ(report.summaries.size(), 1u);
  EXPECT_EQ(report.summaries[0].found(), 50u);
  EXPECT_EQ(report.summaries[0].count(puzzle::Status::wrong), 0u);
}

// ---- --exec-batch --------------------------------------------------------------------------

TEST(ExecBatch, QqwingAnswersAreVerified) {
  if (!have_qqwing()) GTEST_SKIP() << "qqwing is not installed (Debian package qqwing; scripts/setup.sh installs it)";
  test::TempDir dir;
  const std::string rows = dir.path("rows.csv"), sum = dir.path("sum.csv");
  const std::string qq = exec("qq", "qqwing --solve --one-line", "--exec-batch");
  auto r = test::command("solve " + test::shared("norvig_top95.txt") + " -s dlx,qq " + qq +
                     " --solutions -o " + rows + " --summary " + sum);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_FALSE(has(r.out, "round-trip floor")) << r.out;  // a batch program has no round trips
  auto s = read_summary(sum);
  EXPECT_EQ(s["qq"]["solved"], "95");
  EXPECT_EQ(s["qq"]["wrong"], "0");
  EXPECT_EQ(s["qq"]["threads"], "1");
  EXPECT_EQ(s["qq"]["median_us"], "");  // no per-puzzle time
  EXPECT_NE(s["qq"]["puzzles_per_s"], "");
  std::map<uint64_t, Row> dlx, qqr;
  for (const Row& row : read_rows(rows)) (row.solver == "dlx" ? dlx : qqr)[row.line] = row;
  ASSERT_EQ(qqr.size(), 95u);
  for (const auto& [line, row] : qqr) {
    EXPECT_EQ(row.solution, dlx[line].solution) << line;  // unique puzzles: the same grid
    EXPECT_EQ(row.time_ns, 0u);
  }

  // No solution ("Puzzle has no solution.") and several solutions (any one, verified).
  r = test::command("solve " + test::shared("tdoku_test_puzzles.csv") + " -s qq " + qq + " --summary " + sum);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  s = read_summary(sum);
  EXPECT_EQ(s["qq"]["solved"], "33");
  EXPECT_EQ(s["qq"]["none"], "10");
  EXPECT_EQ(s["qq"]["wrong"], "0");
}

TEST(ExecBatch, AProgramThatStopsEarlyOrHangsLeavesTheRestFailed) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string data = test::shared("norvig_easy50.txt");
  const std::string rows = dir.path("rows.csv");
  // solver.py reads a bare puzzle line as limit 1: it works as a batch program too.
  auto r = test::command("solve " + data + " -s pb " + exec("pb", py("--exit-after 20"), "--exec-batch") +
                     " -o " + rows);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "pb ended after 20 answers (it exited with status 0): this puzzle and every "
                         "later one get 'error'")) << r.out;
  auto got = read_rows(rows);
  ASSERT_EQ(got.size(), 50u);
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i].status, i < 20 ? "solved" : "error") << i;

  auto lines = puzzles(data);
  const uint64_t a = std::next(lines.begin(), 30)->first;
  const std::string marker = "--hang-on " + lines[a];
  r = test::command("solve " + data + " -s pb " + exec("pb", py(marker), "--exec-batch") +
                " --timeout 0.5 -o " + rows);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "pb gave no answer for 0.5 s (it was killed by signal 9 (SIGKILL)): "
                         "this puzzle and every later one get 'timeout'")) << r.out;
  got = read_rows(rows);
  ASSERT_EQ(got.size(), 50u);
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i].status, i < 30 ? "solved" : "timeout") << i;
  EXPECT_EQ(processes_with(marker), 0) << "a hanging program was left behind";
}

TEST(ExecBatch, IsNotAPerPuzzleSolver) {
  if (!have_qqwing()) GTEST_SKIP() << "qqwing is not installed";
  test::TempDir dir;
  const std::string out = dir.path("out.txt"), data = test::shared("norvig_top95.txt");
  const std::string qq = exec("qq", "qqwing --solve --one-line", "--exec-batch");
  // Refused before any work (exit 2), as a usage error: no output, not even a partial one
  // that would block the next run.
  for (const auto& [args, role] : std::vector<std::pair<std::string, std::string>>{
           {"generate -n 1 --checker qq " + qq, "--checker"},
           {"generate -n 1 --verifier qq " + qq, "--verifier"},
           {"transform " + data + " -n 1 --verifier qq " + qq, "--verifier"},
           {"show " + test::kPuzzle + " -s qq " + qq, "solver"}}) {
    const auto r = test::command(role == "solver" ? args : args + " -o " + out);  // show writes no file
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
    EXPECT_TRUE(has(r.out, role + " 'qq' is an --exec-batch program: it answers whole files (solve, "
                           "bench), not one puzzle at a time, so it cannot be the " + role)) << r.out;
    EXPECT_FALSE(std::filesystem::exists(out)) << args;
    EXPECT_FALSE(std::filesystem::exists(out + ".partial")) << args;
  }
}

// ---- nonograms through --exec ---------------------------------------------------------------

/// A file of `n` unique `size` nonograms (game IDs with their pictures), made by `generate`.
std::string nonogram_file(test::TempDir& dir, const std::string& size, int n) {
  const std::string f = dir.path("nonograms-" + size + ".txt");
  const auto r = test::command("generate --kind nonogram --size " + size + " -n " + std::to_string(n) +
                           " --seed 11 --solutions -o " + f);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  return f;
}

/// The game IDs of a file of nonograms, by line number.
std::map<uint64_t, std::string> game_ids(const std::string& file) {
  std::map<uint64_t, std::string> out;
  uint64_t line = 0;
  std::istringstream in(test::slurp(file));
  for (std::string text; std::getline(in, text);) {
    ++line;
    if (!text.empty() && text[0] != '#') out[line] = text.substr(0, text.find_first_of(" \t,"));
  }
  return out;
}

// The same child protocol carries nonograms: a program in Python, sent game IDs, answers with
// pictures that the verifier checks; at limit 2 it proves each generated puzzle unique and its
// pictures are the built-in solver's; a Sudoku file sent to it is `unsupported`, not a failure.
TEST(ExecNonogram, PythonSolverAgreesWithNonogramLine) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string data = nonogram_file(dir, "10x10", 30);
  const std::string rows = dir.path("rows.csv"), sum = dir.path("sum.csv");
  auto r = test::command("solve " + data + " -s nonogram-line,pyn " + exec("pyn", pyn()) +
                     " -j 2 --limit 2 --solutions -o " + rows + " --summary " + sum);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto s = read_summary(sum);
  EXPECT_EQ(s["pyn"]["unique"], "30");
  EXPECT_EQ(s["pyn"]["wrong"], "0");
  EXPECT_EQ(s["pyn"]["error"], "0");
  std::map<uint64_t, Row> line, mine;
  for (const Row& row : read_rows(rows)) (row.solver == "pyn" ? mine : line)[row.line] = row;
  ASSERT_EQ(mine.size(), 30u);
  for (const auto& [n, row] : mine) {
    EXPECT_EQ(row.status, "unique") << n;
    EXPECT_EQ(row.solution, line[n].solution) << n;
    EXPECT_EQ(row.solution.size(), 100u) << n;
    EXPECT_GT(row.nodes, 0u) << n;  // the child's counters reach the rows
  }
  // A Sudoku file: the child answers `unsupported` (its first, untimed puzzle too).
  r = test::command("solve " + test::shared("norvig_easy50.txt") + " -s pyn " + exec("pyn", pyn()) + " --summary " + sum);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(read_summary(sum)["pyn"]["unsupported"], "50");
  // `list` says it takes nonograms too.
  r = test::command("list " + exec("pyn", pyn()));
  EXPECT_TRUE(has(r.out, "4,9,16,25,nonogram")) << r.out;
}

// Lines longer than a machine word cross the protocol too: a 70x3 puzzle (row 1 shaded, row 2
// every other cell, row 3 blank: unique) sent as its game ID; the child's picture is verified
// and is nonogram-cdcl's.
TEST(ExecNonogram, WidePuzzlesCrossTheProtocol) {
  NEED_PYTHON()
  namespace ng = puzzle::nonogram;
  test::TempDir dir;
  ng::Picture pic(70, 3);
  for (int c = 0; c < 70; ++c) {
    pic.set(0, c);
    if (c % 2 == 0) pic.set(1, c);
  }
  const std::string data = dir.write("wide.txt", ng::to_id(ng::clues_of(pic)) + "," + ng::to_text(pic) + "\n");
  const std::string rows = dir.path("rows.csv"), sum = dir.path("sum.csv");
  const auto r = test::command("solve " + data + " -s nonogram-cdcl,pyn " + exec("pyn", pyn()) +
                               " --limit 2 --solutions -o " + rows + " --summary " + sum);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto s = read_summary(sum);
  EXPECT_EQ(s["pyn"]["unique"], "1");
  EXPECT_EQ(s["nonogram-cdcl"]["unique"], "1");
  std::map<std::string, Row> by;
  for (const Row& row : read_rows(rows)) by[row.solver] = row;
  EXPECT_EQ(by["pyn"].solution, ng::to_text(pic));
  EXPECT_EQ(by["nonogram-cdcl"].solution, ng::to_text(pic));
}

// A picture that does not fit the clues is `wrong` (exit 1), whoever drew it; a child that dies
// on a nonogram gives that one `error`, is restarted, and the others are solved.
TEST(ExecNonogram, ALieIsWrongAndACrashIsAnError) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string data = nonogram_file(dir, "8x8", 12);
  const auto ids = game_ids(data);
  ASSERT_EQ(ids.size(), 12u);
  const uint64_t a = std::next(ids.begin(), 4)->first;
  const std::string rows = dir.path("rows.csv");
  auto r = test::command("solve " + data + " -s pyn " + exec("pyn", pyn("--lie-on " + ids.at(a))) + " -j 1 -o " + rows);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "1 wrong answer(s)")) << r.out;
  EXPECT_TRUE(has(r.out, ":" + std::to_string(a) + ": ")) << r.out;
  for (const Row& row : read_rows(rows)) EXPECT_EQ(row.status, row.line == a ? "wrong" : "solved") << row.line;

  r = test::cli("solve " + data + " -s pyn " + exec("pyn", pyn("--crash-on " + ids.at(a))) + " -j 1 -o " + rows);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, ":" + std::to_string(a) + ": pyn: no answer; the child exited with status 3; restarted")) << r.out;
  EXPECT_TRUE(has(r.out, "nonogram_solver.py: crashing on purpose")) << r.out;
  for (const Row& row : read_rows(rows)) EXPECT_EQ(row.status, row.line == a ? "error" : "solved") << row.line;

  // `show` takes it too, and says when its picture is wrong.
  r = test::command("show '" + ids.at(a) + "' -s pyn " + exec("pyn", pyn()));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "pyn: unique")) << r.out;
  r = test::command("show '" + ids.at(a) + "' -s pyn " + exec("pyn", pyn("--lie-on " + ids.at(a))));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "pyn: wrong")) << r.out;
}

// An --exec-batch program is sent the sizes of the rows' probes (the 9x9 it answered first):
// a 4x4 line is `unsupported` without reaching it (a program that does not know the size could
// not stay in step), the 9x9 lines around it are solved, and `list` names what it takes.
TEST(ExecBatch, OnlyTheProbesSizesAreSent) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string data = dir.write("mixed.txt", test::kEasy + "\n...1.4.22.......\n" + test::kEasy + "\n");
  const std::string rows = dir.path("rows.csv");
  const std::string pb = exec("pb", py(), "--exec-batch");
  auto r = test::command("solve " + data + " -s pb " + pb + " -o " + rows);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto got = read_rows(rows);
  ASSERT_EQ(got.size(), 3u) << r.out;
  EXPECT_EQ(got[0].status, "solved");
  EXPECT_EQ(got[1].status, "unsupported");
  EXPECT_EQ(got[2].status, "solved");
  r = test::command("list " + pb);
  EXPECT_TRUE(has(r.out, "9,nonogram")) << r.out;
}

// --exec-batch takes nonograms too: a program that answers the 9x9 probe `unsupported` is
// tried on a small nonogram, then given the file's game IDs (one a line, no limit); its pictures
// are verified (a lie is `wrong`), and agree with the built-in solver's on unique puzzles; a
// Sudoku file sent to it is `unsupported`; a program that solves neither kind is refused.
TEST(ExecBatch, NonogramsThroughAWholeFileProgram) {
  NEED_PYTHON()
  test::TempDir dir;
  const std::string data = nonogram_file(dir, "10x10", 20);
  const auto ids = game_ids(data);
  ASSERT_EQ(ids.size(), 20u);
  const std::string rows = dir.path("rows.csv"), sum = dir.path("sum.csv");
  auto r = test::command("solve " + data + " -s nonogram-line,pb " + exec("pb", pyn(), "--exec-batch") +
                     " --solutions -o " + rows + " --summary " + sum);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(read_summary(sum)["pb"]["solved"], "20");
  std::map<uint64_t, Row> line, batch;
  for (const Row& row : read_rows(rows)) (row.solver == "pb" ? batch : line)[row.line] = row;
  ASSERT_EQ(batch.size(), 20u);
  for (const auto& [n, row] : batch) {
    EXPECT_EQ(row.status, "solved") << n;
    EXPECT_EQ(row.solution, line[n].solution) << n;  // unique puzzles: the same picture
    EXPECT_EQ(row.solution.size(), 100u) << n;
  }

  const uint64_t a = std::next(ids.begin(), 7)->first;
  r = test::command("solve " + data + " -s pb " + exec("pb", pyn("--lie-on " + ids.at(a)), "--exec-batch") + " -o " + rows);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "1 wrong answer(s)")) << r.out;
  for (const Row& row : read_rows(rows)) EXPECT_EQ(row.status, row.line == a ? "wrong" : "solved") << row.line;

  r = test::command("solve " + test::shared("norvig_easy50.txt") + " -s pb " + exec("pb", pyn(), "--exec-batch") +
                " --summary " + sum);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(read_summary(sum)["pb"]["unsupported"], "50");

  // `sed`'s answer to every line is `unsupported`: it solves neither kind.
  r = test::command("solve " + data + " -s no " + exec("no", "sed s/.*/unsupported/", "--exec-batch"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "answered a 9x9 Sudoku 'unsupported' and a first, easy nonogram (3x3:1/3/1/1/3/1) wrongly"))
      << r.out;
}

// `show` judges its one puzzle as `solve` judges a row, whatever the kind: an outside solver
// that hangs (`timeout`) or crashes (`error`) on it gives no answer, says why, and exits 1, as
// solve does; one that answers exits 0. (Before, a Sudoku `timeout` exited 0.)
TEST(ExecShow, AFailedSolverExitsOneForEitherKind) {
  NEED_PYTHON()
  const std::string id = "4x6:5/4/1/2/1.2/1.1/2/2/2/1";
  struct Case {
    std::string puzzle, command;
  };
  for (const Case& c : {Case{test::kPuzzle, py()}, Case{"'" + id + "'", pyn()}}) {
    const std::string bare = c.puzzle[0] == '\'' ? id : c.puzzle;
    auto r = test::command("show " + c.puzzle + " -s mine " + exec("mine", c.command));
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_TRUE(has(r.out, "mine: unique")) << r.out;

    const std::string marker = "--hang-on " + bare;
    r = test::command("show " + c.puzzle + " -s mine " + exec("mine", c.command + " " + marker) + " --timeout 0.5");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_TRUE(has(r.out, "mine: timeout")) << r.out;
    EXPECT_TRUE(has(r.out, "no answer within 0.5 s")) << r.out;
    EXPECT_EQ(processes_with(marker), 0) << "a hanging child was left behind";

    r = test::cli("show " + c.puzzle + " -s mine " + exec("mine", c.command + " --crash-on " + bare));
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_TRUE(has(r.out, "mine: error")) << r.out;
    EXPECT_TRUE(has(r.out, "crashing on purpose")) << r.out;
  }
}

}  // namespace
