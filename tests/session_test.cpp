// Outputs that never lose data (io/output.hpp) and the batch session's signals (cli/session.hpp):
// partial files, checked writes, and SIGINT/SIGTERM in the middle of real runs.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <sstream>
#include <thread>

#include "measure/bench.hpp"
#include "measure/count.hpp"
#include "io/output.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;
using puzzle::io::OutputFile;

TEST(Output, CommitRenamesThePartialFile) {
  test::TempDir dir;
  const auto path = dir.write("out.csv", "what the user had\n");
  OutputFile f(path, "rows");
  f.open();
  EXPECT_TRUE(f.renames());
  EXPECT_TRUE(fs::exists(path + ".partial"));
  f.write("a,b\n1,2\n");
  EXPECT_EQ(test::slurp(path), "what the user had\n");  // untouched until complete
  f.commit();
  EXPECT_EQ(test::slurp(path), "a,b\n1,2\n");
  EXPECT_FALSE(fs::exists(path + ".partial"));
}

TEST(Output, AnAbandonedFileStaysPartialAndIsNeverOverwritten) {
  test::TempDir dir;
  const auto path = dir.path("out.csv");
  {
    OutputFile f(path, "rows");
    f.open();
    f.write("row 1\n");
  }  // destroyed without commit: a failed or interrupted run
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(test::slurp(path + ".partial"), "row 1\n");
  OutputFile again(path, "rows");
  try {
    again.open();
    ADD_FAILURE() << "an earlier partial file was opened for writing";
  } catch (const puzzle::io::OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("out.csv.partial exists"), std::string::npos) << e.what();
  }
  EXPECT_EQ(test::slurp(path + ".partial"), "row 1\n");
}

// A run holds its partial file's lock while it writes: another run on the same output is
// refused, fresh or resuming, and the partial file is left as it was; the lock goes with the
// run, even when it is killed with SIGKILL, and a resume then continues the file.
TEST(Output, APartialFileAnotherRunIsWritingIsRefusedEvenWithResume) {
  test::TempDir dir;
  const auto path = dir.path("out.csv");
  const auto refused = [&path](bool resume) {
    OutputFile other(path, "rows");
    if (resume) other.resume_at(0);
    try {
      other.open();
      return std::string("opened");
    } catch (const puzzle::io::OutputError& e) {
      return std::string(e.what());
    }
  };
  // In a child, which is then killed: the lock is the kernel's, dropped with the process.
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    OutputFile f(path, "rows");
    f.open();
    f.write("row 1\n");
    f.flush();
    (void)!::write(ready[1], "x", 1);
    for (;;) ::pause();
  }
  ::close(ready[1]);
  char c;
  ASSERT_EQ(::read(ready[0], &c, 1), 1);
  ::close(ready[0]);
  for (const bool resume : {false, true}) {
    const std::string why = refused(resume);
    EXPECT_TRUE(test::has(why, "out.csv.partial is being written by another run that is still going")) << why;
  }
  EXPECT_EQ(test::slurp(path + ".partial"), "row 1\n");  // not cut by the refused resume
  ::kill(pid, SIGKILL);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(test::has(refused(false), "left by an earlier run that did not finish"));
  OutputFile resumed(path, "rows");
  resumed.resume_at(6);
  resumed.open();
  resumed.write("row 2\n");
  EXPECT_TRUE(test::has(refused(true), "is being written by another run")) << "the resuming run holds it";
  resumed.commit();
  EXPECT_EQ(test::slurp(path), "row 1\nrow 2\n");
}

TEST(Output, AFailedWriteCutsTheFileBackToItsLastWholeWrite) {
  test::TempDir dir;
  const auto path = dir.path("out.csv");
  const std::string row(1000, 'x');
  // In a child: a file-size limit makes a write fail part-way, as a full disk would.
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    rlimit lim{150 * 1000 + 500, 150 * 1000 + 500};
    ::setrlimit(RLIMIT_FSIZE, &lim);
    OutputFile f(path, "rows");
    f.open();
    try {
      for (int i = 0; i < 1000; ++i) f.write(row + "\n");
      f.flush();
    } catch (const puzzle::io::WriteError& e) {
      const bool named = std::string(e.what()).find("out.csv.partial: writing rows failed") != std::string::npos;
      ::_exit(named ? 3 : 4);
    }
    ::_exit(5);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 3) << "3: the error named the file; 4: it did not; 5: no error";
  const std::string kept = test::slurp(path + ".partial");
  EXPECT_GT(kept.size(), 0u);
  EXPECT_EQ(kept.size() % (row.size() + 1), 0u) << "the partial file ends inside a row";
  EXPECT_FALSE(fs::exists(path));
}

TEST(Output, DevicesAreWrittenInPlace) {
  OutputFile f("/dev/null", "rows");
  f.open();
  EXPECT_FALSE(f.renames());
  f.write("x\n");
  f.commit();
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  OutputFile full("/dev/full", "rows");
  full.open();
  EXPECT_THROW(full.write("x\n"), puzzle::io::WriteError) << "the first write reaches the device at once";
}

TEST(Output, SameFileSeesThroughPaths) {
  test::TempDir dir;
  const auto a = dir.write("a.txt", "1\n");
  fs::create_symlink(a, dir.path("link.txt"));
  EXPECT_TRUE(puzzle::io::same_file(a, dir.path("link.txt")));
  EXPECT_TRUE(puzzle::io::same_file(a, dir.path("./sub/../a.txt")));
  EXPECT_TRUE(puzzle::io::same_file(dir.path("new.csv"), dir.path("./new.csv")));  // neither exists yet
  EXPECT_FALSE(puzzle::io::same_file(a, dir.path("b.txt")));
  EXPECT_TRUE(puzzle::io::same_file("-", "-"));
  EXPECT_FALSE(puzzle::io::same_file("-", a));
}

/// Starts the CLI, sends `sig` after `delay` and then once `ready` (polled, for at most a
/// minute) holds, and returns the exit code; fails (and kills it) if it does not stop within a
/// minute of the signal.
int run_and_signal(const std::string& args, const std::string& log, int sig, std::chrono::milliseconds delay,
                   const std::function<bool()>& ready = [] { return true; }) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string cmd = "exec " + std::string(SUDOKU_BENCH_EXE) + " " + args + " >" + log + " 2>&1";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::this_thread::sleep_for(delay);
  for (int i = 0; i < 1200 && !ready(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ::kill(pid, sig);
  int status = 0;
  for (int i = 0; i < 600; ++i) {
    if (::waitpid(pid, &status, WNOHANG) == pid)
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  ADD_FAILURE() << "did not stop within a minute of the signal: " << args;
  return -1;
}

TEST(SessionSignals, SigtermKeepsAContiguousPartialAndNoFinalFile) {
  test::TempDir dir;
  const auto rows = dir.path("rows.csv"), summary = dir.path("s.csv"), log = dir.path("log");
  // The naive baseline on hard puzzles: slow enough to be stopped half-way. The puzzle each
  // thread is in when the signal comes gets no row (the solver stops inside it), so the signal
  // waits for the first rows to reach the partial file, however loaded the machine (a fixed
  // 4 s once saw none on a CI machine).
  const int code = run_and_signal(
      "solve " + test::shared("magictour_top1465.txt") + " -s backtracking -j 2 -o " + rows + " --summary " + summary,
      log, SIGTERM, std::chrono::milliseconds(0),
      [&] { return !test::data_lines(test::slurp(rows + ".partial")).empty(); });
  const std::string out = test::slurp(log);
  EXPECT_EQ(code, 143) << out;
  EXPECT_NE(out.find("interrupted by SIGTERM"), std::string::npos) << out;
  EXPECT_NE(out.find("kept as " + rows + ".partial"), std::string::npos) << out;
  EXPECT_FALSE(fs::exists(rows));
  EXPECT_FALSE(fs::exists(summary));
  const auto lines = test::data_lines(test::slurp(rows + ".partial"));
  ASSERT_FALSE(lines.empty()) << out;
  EXPECT_LT(lines.size(), 1465u);
  // Every row whole, and the rows a prefix of the file: lines 1, 2, 3, ... with none missing.
  uint64_t expect_line = 1;
  for (const std::string& l : lines) {
    std::vector<std::string> f;
    std::stringstream ls(l);
    std::string cell;
    while (std::getline(ls, cell, ',')) f.push_back(cell);
    ASSERT_EQ(f.size(), 10u) << l;
    while (expect_line < std::stoull(f[1])) ++expect_line;  // the file's `#` lines have no row
    EXPECT_EQ(std::stoull(f[1]), expect_line) << l;
    EXPECT_EQ(f[3], "solved") << l;
    ++expect_line;
  }
  const auto sum = test::data_lines(test::slurp(summary + ".partial"));
  ASSERT_EQ(sum.size(), 1u);
  EXPECT_TRUE(sum[0].ends_with(",1")) << "the summary says it was interrupted: " << sum[0];
}

TEST(SessionSignals, KillNineLeavesOnlyThePartialFileAndARerunRefusesToClobberIt) {
  test::TempDir dir;
  const auto rows = dir.path("rows.csv"), log = dir.path("log");
  const std::string args = "solve " + test::shared("magictour_top1465.txt") + " -s backtracking -j 2 -o " + rows;
  EXPECT_EQ(run_and_signal(args, log, SIGKILL, std::chrono::milliseconds(1500)), 128 + SIGKILL);
  EXPECT_FALSE(fs::exists(rows));
  ASSERT_TRUE(fs::exists(rows + ".partial"));
  const std::string kept = test::slurp(rows + ".partial");
  EXPECT_TRUE(kept.empty() || kept.back() == '\n') << "whole writes only";
  const auto again = test::command(args);
  EXPECT_EQ(again.exit_code, 2) << again.out;
  EXPECT_NE(again.out.find("rows.csv.partial exists"), std::string::npos) << again.out;
  EXPECT_EQ(test::slurp(rows + ".partial"), kept);
}

TEST(SessionSignals, TheSameStopArrivingTwiceIsOneStop) {
  // Ctrl-C reaches the whole process group and a supervisor (GNU parallel, Slurm) forwards its
  // own SIGTERM: the second signal, a moment later, must not kill the run and lose its rows.
  test::TempDir dir;
  const auto rows = dir.path("rows.csv"), log = dir.path("log");
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string cmd = "exec " + std::string(SUDOKU_BENCH_EXE) + " solve " +
                            test::shared("magictour_top1465.txt") + " -s backtracking -j 2 -o " +
                            rows + " >" + log + " 2>&1";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  for (int i = 0; i < 600 && !(fs::exists(rows + ".partial") && fs::file_size(rows + ".partial") > 2000); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ::kill(pid, SIGINT);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status) << ": " << test::slurp(log);
  EXPECT_EQ(WEXITSTATUS(status), 130) << test::slurp(log);
  EXPECT_FALSE(test::data_lines(test::slurp(rows + ".partial")).empty());
}

TEST(SessionSignals, CtrlCDuringRateBenchAndGenerate) {
  test::TempDir dir;
  const auto log = dir.path("log");
  // rate: Ctrl-C stops it like solve (it used to have no handler at all).
  int code = run_and_signal("rate " + test::shared("forum_hardest_1106.txt") + " -j 1 -o " + dir.path("r.csv"),
                            log, SIGINT, std::chrono::milliseconds(800));
  EXPECT_EQ(code, 130) << test::slurp(log);
  EXPECT_FALSE(fs::exists(dir.path("r.csv")));
  EXPECT_TRUE(fs::exists(dir.path("r.csv.partial")));

  // bench: the repetitions that ended are in the partial CSV, readable by regress.
  code = run_and_signal("bench " + test::shared("forum_hardest_1106.txt") +
                            " -s dlx,propagation --first 20 --reps 100000 --warmup 0 -j 1 -o " + dir.path("b.csv"),
                        log, SIGTERM, std::chrono::milliseconds(1500));
  EXPECT_EQ(code, 143) << test::slurp(log);
  const auto bench = puzzle::measure::read_bench_csv(dir.path("b.csv.partial"));
  ASSERT_GE(bench.rows.size(), 2u) << test::slurp(log);
  EXPECT_EQ(bench.rows.size() % 2, 0u) << "a repetition was cut";

  // generate: whole lines only.
  code = run_and_signal("generate -n 100000000 -j 2 -o " + dir.path("g.txt"), log, SIGINT,
                        std::chrono::milliseconds(1000));
  EXPECT_EQ(code, 130) << test::slurp(log);
  const std::string gen = test::slurp(dir.path("g.txt.partial"));
  ASSERT_FALSE(gen.empty());
  EXPECT_EQ(gen.back(), '\n');
  EXPECT_EQ(gen.size() % 82, 0u) << "81 cells and a newline per puzzle";
}

}  // namespace

// a stop inside one puzzle. Each file holds one puzzle whose search would run for
// ages (an empty 16x16 grid counted to 10^12 solutions; a 20x20 nonogram whose every line is
// `1`, whose 20! pictures are counted the same way): SIGTERM must end it mid-puzzle, the
// stopped puzzle gets no row, and the run ends as interrupted (before, a solver was only
// stopped between two puzzles, and these runs went on until killed).
TEST(SessionSignals, ACountedBenchSaysItsStopOnceAndNamesOnlyTheUsersFiles) {
  std::string why;
  if (!puzzle::measure::find_valgrind(&why)) GTEST_SKIP() << "cannot count under callgrind: " << why;
  test::TempDir dir;
  const auto log = dir.path("log");
  // The counted child runs under callgrind in a scratch folder the parent removes: a stop is
  // said once, by the parent, and names the user's file alone.
  // Its own temporary folder, so that the scratch folder seen is this run's.
  const std::string tmp = dir.path("tmp");
  fs::create_directory(tmp);
  const char* old_tmp = std::getenv("TMPDIR");
  const std::string kept_tmp = old_tmp != nullptr ? old_tmp : "";
  ::setenv("TMPDIR", tmp.c_str(), 1);
  const int code = run_and_signal("bench " + test::shared("17_clue.txt") + " -s scored --measure instructions "
                                  "--count-with callgrind -o " + dir.path("c.csv"),
                                  log, SIGINT, std::chrono::milliseconds(500), [&] {
                                    // the child has begun writing in its scratch folder
                                    for (const auto& e : fs::directory_iterator(tmp))
                                      if (e.path().filename().string().starts_with("sudoku-count.") &&
                                          fs::exists(e.path() / "rows.csv.partial"))
                                        return true;
                                    return false;
                                  });
  if (old_tmp != nullptr) ::setenv("TMPDIR", kept_tmp.c_str(), 1);
  else ::unsetenv("TMPDIR");
  const std::string out = test::slurp(log);
  EXPECT_EQ(code, 130) << out;
  EXPECT_TRUE(fs::is_empty(tmp)) << "the scratch folder is removed";
  std::size_t stops = 0;
  for (std::size_t at = out.find("interrupted by"); at != std::string::npos; at = out.find("interrupted by", at + 1))
    ++stops;
  EXPECT_EQ(stops, 1u) << out;
  EXPECT_FALSE(test::has(out, "sudoku-count.")) << out;
  EXPECT_TRUE(test::has(out, "kept as " + dir.path("c.csv.partial"))) << out;
  EXPECT_TRUE(fs::exists(dir.path("c.csv.partial")));
}

TEST(SessionSignals, SigtermStopsInsideAPuzzle) {
  test::TempDir dir;
  std::string ones = "20x20:";
  for (int i = 0; i < 40; ++i) ones += i ? "/1" : "1";
  const auto sudoku = dir.write("empty16.txt", std::string(256, '.') + "\n");
  const auto nonogram = dir.write("ones.txt", ones + "\n");
  for (const auto& [file, solver] : {std::pair{sudoku, "backtracking"}, {sudoku, "dlx"},
                                     {nonogram, "nonogram-line"}, {nonogram, "nonogram-backtracking"},
                                     {nonogram, "nonogram-cdcl"}}) {
    const auto rows = dir.path(std::string(solver) + ".csv"), log = dir.path("log");
    // The signal comes 0.2 s after the partial file appears (the run's signal handling is set
    // up right after it opens its outputs), however long the process took to start.
    std::optional<std::chrono::steady_clock::time_point> opened;
    const int code = run_and_signal("solve " + file + " -s " + solver +
                                        " -j 1 --limit 1000000000000 --budget 0 -o " + rows,
                                    log, SIGTERM, std::chrono::milliseconds(0), [&] {
                                      if (!fs::exists(rows + ".partial")) return false;
                                      const auto now = std::chrono::steady_clock::now();
                                      if (!opened) opened = now;
                                      return now - *opened >= std::chrono::milliseconds(200);
                                    });
    const std::string out = test::slurp(log);
    EXPECT_EQ(code, 143) << solver << ": " << out;
    EXPECT_NE(out.find("interrupted by SIGTERM"), std::string::npos) << solver << ": " << out;
    EXPECT_TRUE(test::data_lines(test::slurp(rows + ".partial")).empty()) << solver;
  }
}

namespace {

/// The slowdown plug-in made slow enough that one puzzle takes many seconds (tens of billions
/// of loop iterations), for the stops that must wait for, or cut short, a plug-in's puzzle.
const std::string kSlowPlugin = std::string("SLOWDOWN_PER_NODE=3000000000 exec ") + SUDOKU_BENCH_EXE;

/// Starts `command` (a shell command line) with its output in `log`; returns its pid.
pid_t start_shell(const std::string& command, const std::string& log) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string cmd = command + " >" + log + " 2>&1";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

/// Waits up to `limit` for `what` to hold; whether it did.
bool wait_until(const std::function<bool()>& what, std::chrono::milliseconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (!what()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

/// The wait status of `pid` once it ends (killed after a minute: a test failure).
int reap_within_a_minute(pid_t pid) {
  int status = 0;
  if (!wait_until([&] { return ::waitpid(pid, &status, WNOHANG) == pid; }, std::chrono::seconds(60))) {
    ADD_FAILURE() << "did not end within a minute";
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  return status;
}

}  // namespace

// A plug-in in the tool's process cannot be stopped inside a puzzle: the first Ctrl-C must say
// so at once, naming the puzzle it waits for, the partial file must already hold the
// provenance (it was 0 bytes), and a second Ctrl-C must end the run with a message saying
// where the rows are. bench has no --resume, so the next run must not offer it.
TEST(SessionSignals, AStopWaitingForAPlugInSaysSoAndASecondEndsIt) {
  test::TempDir dir;
  const auto rows = dir.path("base.csv"), log = dir.path("log");
  const std::string args = " bench " + test::shared("17_clue.txt") + " --first 30 --plugin " SLOWDOWN_PLUGIN
                           " -s slowdown,scored -j 1 --reps 5 -o " + rows;
  const pid_t pid = start_shell(kSlowPlugin + args, log);
  ASSERT_TRUE(wait_until([&] { return fs::exists(rows + ".partial"); }, std::chrono::seconds(30)));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(test::slurp(rows + ".partial").starts_with("# tool: ")) << "the provenance is on disk at once";
  ::kill(pid, SIGINT);
  // "At once": well within the few seconds the slow puzzle still needs.
  EXPECT_TRUE(wait_until([&] { return test::has(test::slurp(log), "waiting for 'slowdown'"); }, std::chrono::seconds(2)))
      << test::slurp(log);
  const std::string said = test::slurp(log);
  EXPECT_TRUE(test::has(said, "17_clue.txt line ")) << said;
  EXPECT_TRUE(test::has(said, "only --isolate can cut a plug-in's puzzle short")) << said;
  std::this_thread::sleep_for(std::chrono::milliseconds(2200));  // a second stop, not the same one twice
  ::kill(pid, SIGINT);
  const int status = reap_within_a_minute(pid);
  const std::string out = test::slurp(log);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << out;
  EXPECT_TRUE(test::has(out, "a second signal: ending at once; the rows written so far are kept in " + rows +
                                 ".partial"))
      << out;
  EXPECT_FALSE(test::has(out, "--resume")) << "bench cannot resume: " << out;
  EXPECT_TRUE(test::slurp(rows + ".partial").starts_with("# tool: "));
  const auto again = test::command(args);
  EXPECT_EQ(again.exit_code, 2) << again.out;
  EXPECT_TRUE(test::has(again.out, "this command cannot continue it: move it away")) << again.out;
  EXPECT_FALSE(test::has(again.out, "--resume")) << again.out;
}

// Under --isolate the plug-in's puzzle is cut short: the child is killed when its puzzle is not
// done soon after the stop, and the run ends as interrupted, the stopped puzzle with no row.
TEST(SessionSignals, IsolateCutsAPlugInsPuzzleShort) {
  test::TempDir dir;
  const auto rows = dir.path("rows.csv"), log = dir.path("log");
  const pid_t pid = start_shell(kSlowPlugin + " solve " + test::shared("17_clue.txt") + " --plugin " SLOWDOWN_PLUGIN
                              " -s slowdown --isolate -j 1 -o " + rows,
                          log);
  ASSERT_TRUE(wait_until([&] { return fs::exists(rows + ".partial"); }, std::chrono::seconds(30)));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto sent = std::chrono::steady_clock::now();
  ::kill(pid, SIGTERM);
  const int status = reap_within_a_minute(pid);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  const std::string out = test::slurp(log);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 143) << out;
  EXPECT_LT(took, 10.0) << "the puzzle in flight was waited for: " << out;
  EXPECT_TRUE(test::has(out, "interrupted by SIGTERM")) << out;
  EXPECT_FALSE(test::has(out, "waiting for")) << out;
  EXPECT_TRUE(test::data_lines(test::slurp(rows + ".partial")).empty());
}

namespace {

/// Runs `args` and sends SIGTERM once `ready` holds (after `delay`); the seconds from the
/// signal to the exit, with the exit code in `code`.
double seconds_to_stop(const std::string& args, const std::string& log, std::chrono::milliseconds delay,
                       const std::function<bool()>& ready, int& code) {
  std::chrono::steady_clock::time_point sent;
  code = run_and_signal(args, log, SIGTERM, delay, [&] {
    const bool go = ready();
    if (go) sent = std::chrono::steady_clock::now();
    return go;
  });
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
}

/// The rows of a CSV results file (no `#` lines, no header).
std::vector<std::string> rows_of(const std::string& path) { return test::data_lines(test::slurp(path)); }

/// The lines of a file of puzzles (generate's output) but its `#` lines.
std::vector<std::string> puzzles_of(const std::string& path) {
  std::vector<std::string> out;
  std::istringstream in(test::slurp(path));
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') out.push_back(line);
  return out;
}

}  // namespace

// A stop holds inside every long step: a 25x25 generation item (its reduction's checks: one
// such item took minutes before, and a stop waited for it), a transform's verification, a
// rating. Each run ends at once (well under the seconds allowed here for a loaded machine)
// with its partial output complete up to its last row.
TEST(SessionSignals, SigtermStopsInsideGenerateTransformAndRate) {
  test::TempDir dir;
  const std::string out = dir.path("out"), log = dir.path("log");
  // Hard 9x9 puzzles, enough that neither run can end before the signal on a fast machine: the
  // naive baseline verifies each for a tenth of a second or more; the SE rater rates each for
  // about a second (ER 11).
  std::string hard;
  for (const std::string& l : test::data_lines(test::slurp(test::shared("forum_hardest_1106.txt"))))
    if (hard.size() < 82 * 40) hard += l.substr(0, 81) + "\n";
  const std::string hard_file = dir.write("hard.txt", hard);
  for (const std::string& args : {"generate -n 2 --size 25 --seed 2 -j 1 -o " + out,
                                  "transform " + hard_file + " -n 400 --verifier backtracking -j 1 -o " + out,
                                  "rate " + hard_file + " -j 1 -o " + out}) {
    fs::remove(out + ".partial");
    fs::remove(out);
    int code = 0;
    const double took = seconds_to_stop(args, log, std::chrono::milliseconds(1500), [] { return true; }, code);
    const std::string said = test::slurp(log);
    EXPECT_EQ(code, 143) << args << "\n" << said;
    EXPECT_LT(took, 10.0) << args << ": the step in flight was waited for\n" << said;
    EXPECT_TRUE(test::has(said, "interrupted by SIGTERM")) << said;
    EXPECT_FALSE(fs::exists(out)) << args;
    const std::string kept = test::slurp(out + ".partial");
    EXPECT_TRUE(kept.empty() || kept.back() == '\n') << args << ": whole rows only";
  }
}

// A generation stopped part-way (items of several threads in flight) and resumed gives the
// file an uninterrupted run gives; a rating resumed finishes the file with its rows in order.
TEST(SessionSignals, GenerateAndRateStoppedInsideAnItemResume) {
  test::TempDir dir;
  const std::string a = dir.path("a.txt"), b = dir.path("b.txt"), log = dir.path("log");
  // Slices of 64 items reach the file whole: the stop comes when the first slice is there, with
  // three to go (a 16x16 item takes about 10 ms of CPU).
  const std::string gen = "generate -n 256 --size 16 --seed 5 -o ";
  int code = 0;
  seconds_to_stop(gen + a + " -j 2", log, std::chrono::milliseconds(0),
                  [&] { return !puzzles_of(a + ".partial").empty(); }, code);
  ASSERT_EQ(code, 143) << test::slurp(log);
  EXPECT_LT(puzzles_of(a + ".partial").size(), 256u);
  EXPECT_EQ(test::command(gen + a + " -j 2 --resume").exit_code, 0);
  EXPECT_EQ(test::command(gen + b + " -j 1").exit_code, 0);
  EXPECT_EQ(puzzles_of(a), puzzles_of(b));
  ASSERT_EQ(puzzles_of(a).size(), 256u);

  std::string hard;
  for (const std::string& l : test::data_lines(test::slurp(test::shared("forum_hardest_1106.txt"))))
    if (hard.size() < 82 * 3) hard += l.substr(0, 81) + "\n";
  const std::string hard_file = dir.write("hard.txt", hard), rated = dir.path("rated.csv");
  seconds_to_stop("rate " + hard_file + " -j 1 -o " + rated, log, std::chrono::milliseconds(0),
                  [&] { return !rows_of(rated + ".partial").empty(); }, code);
  ASSERT_EQ(code, 143) << test::slurp(log);
  const auto resumed = test::command("rate " + hard_file + " -j 1 -o " + rated + " --resume");
  EXPECT_EQ(resumed.exit_code, 0) << resumed.out;
  const auto rows = rows_of(rated);
  ASSERT_EQ(rows.size(), 3u);
  for (std::size_t i = 0; i < rows.size(); ++i)
    EXPECT_TRUE(rows[i].starts_with(hard_file + "," + std::to_string(i + 1) + ",scored,unique,")) << rows[i];
}
