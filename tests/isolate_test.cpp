// Plug-ins isolated in child processes (ext/isolate.hpp), through the
// component itself: slices of puzzles to a child re-executed from the built tool, with a
// library that crashes (SIGSEGV, abort, exit) on chosen puzzles or never returns on one.
// Exactly those puzzles are `error` / `timeout`; every other answer is verified.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "ext/isolate.hpp"
#include "sudoku/verify.hpp"
#include "test_util.hpp"

namespace {

using test::has;

using puzzle::sudoku::Grid;
using puzzle::Status;

using test::kFileScope;

/// The LoadError's message of an isolated load that must fail (a test failure, and empty, when
/// it loads).
std::string load_error(const std::string& name, const std::string& path, const std::string& symbol,
                       const puzzle::ext::IsolateOptions& o) {
  try {
    puzzle::ext::load_isolated(name, path, symbol, o);
    ADD_FAILURE() << path << " loaded";
  } catch (const puzzle::ext::LoadError& e) {
    return e.what();
  }
  return {};
}

/// The hash the crashing functions of file_scope_solver.c use: they crash when it is 0 mod 500.
uint32_t fnv1a(const Grid& g) {
  const std::string s = puzzle::sudoku::to_line(g);
  uint32_t h = 2166136261u;
  for (char c : s) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  return h;
}

std::vector<Grid> first_puzzles(std::size_t n) {
  std::vector<Grid> out;
  for (const auto& r : test::load(test::shared("17_clue.txt"), n)) out.push_back(r.parsed.puzzle);
  return out;
}

std::unique_ptr<puzzle::SliceSolver> isolated(const std::string& name, const std::string& symbol,
                                         std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
  puzzle::ext::IsolateOptions o;
  o.exe = SUDOKU_BENCH_EXE;
  o.timeout = timeout;
  puzzle::ext::Loaded l = puzzle::ext::load_isolated(name, kFileScope, symbol, o);
  EXPECT_EQ(l.solvers.size(), 1u);
  std::unique_ptr<puzzle::Solver> s = l.solvers.at(0).make();
  return std::unique_ptr<puzzle::SliceSolver>(dynamic_cast<puzzle::SliceSolver*>(s.release()));
}

/// Solves `puzzles` in slices of 256, as the driver would.
std::vector<puzzle::SliceAnswer> solve_all(puzzle::SliceSolver& s, const std::vector<Grid>& puzzles) {
  std::vector<puzzle::PuzzleRef> ptrs;
  for (const Grid& g : puzzles) ptrs.emplace_back(g);
  std::vector<puzzle::SliceAnswer> out(puzzles.size());
  for (std::size_t at = 0; at < ptrs.size(); at += 256) {
    const std::size_t n = std::min<std::size_t>(256, ptrs.size() - at);
    EXPECT_EQ(s.solve_slice({ptrs.data() + at, n}, puzzle::Limits{}, {out.data() + at, n}, nullptr), n);
  }
  return out;
}

/// Every answer but those at `bad` is a verified solution with a time of its own.
void expect_verified_except(const std::vector<Grid>& puzzles, const std::vector<puzzle::SliceAnswer>& out,
                            const std::set<std::size_t>& bad) {
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (bad.count(i)) continue;
    ASSERT_EQ(out[i].result.status, Status::solved) << i << " " << out[i].message;
    EXPECT_FALSE(out[i].unusable) << i;
    EXPECT_EQ(puzzle::sudoku::verify(puzzles[i], out[i].result, 1, {}), std::nullopt) << i;
    EXPECT_GT(out[i].time_ns, 0u) << i;
  }
}

TEST(Isolate, CrashesCostExactlyTheirPuzzle) {
  const std::vector<Grid> puzzles = first_puzzles(5000);
  std::set<std::size_t> crashing;
  for (std::size_t i = 0; i < puzzles.size(); ++i)
    if (fnv1a(puzzles[i]) % 500 == 0) crashing.insert(i);
  ASSERT_GE(crashing.size(), 3u);  // the hash picks about one in 500
  // The children inherit it (only the address sanitizer's build reads it).
  ::setenv("ASAN_OPTIONS", test::asan_options_segv_kills().c_str(), 1);
  for (const auto& [symbol, cause] : std::vector<std::pair<std::string, std::string>>{
           {"solve_crash_every_500", "crashed on this puzzle: its process was killed by signal 11 (SIGSEGV)"},
           {"solve_abort_every_500", "crashed on this puzzle: its process was killed by signal 6 (SIGABRT)"},
           {"solve_exit_every_500", "ended its process on this puzzle: its process exited with status 3"}}) {
    auto s = isolated("fs", symbol);
    const auto out = solve_all(*s, puzzles);
    for (std::size_t i : crashing) {
      EXPECT_EQ(out[i].result.status, Status::error) << symbol << " " << i;
      EXPECT_TRUE(has(out[i].message, "fs: the plug-in " + cause)) << out[i].message;
    }
    expect_verified_except(puzzles, out, crashing);
  }
}

// A library that writes over the memory its process shares with the tool (stray stores: here
// every byte of the block past the handshake, on about one puzzle in 500, answers, counters,
// times, the slice's parameters and the puzzles still to come among them) costs no answer:
// what it wrote over fails its checksum and is asked for again in a new process.
TEST(Isolate, StrayStoresIntoTheSharedBlockCostNoAnswer) {
  const std::vector<Grid> puzzles = first_puzzles(3000);
  std::set<std::string> scribbling;
  for (const Grid& g : puzzles)
    if (fnv1a(g) % 500 == 0) scribbling.insert(puzzle::sudoku::to_line(g));
  ASSERT_GE(scribbling.size(), 2u);
  const test::TempDir dir;
  const std::string log = dir.path("scribbled.txt");
  ::setenv("SUDOKU_TEST_SCRIBBLE_LOG", log.c_str(), 1);  // children inherit it
  auto s = isolated("fs", "solve_scribble_every_500");
  const auto out = solve_all(*s, puzzles);
  ::unsetenv("SUDOKU_TEST_SCRIBBLE_LOG");
  // It did write over the block, once on each of those puzzles (none of them is asked again:
  // each one's own answer is written after its stores).
  std::ifstream in(log);
  std::multiset<std::string> scribbled;
  for (std::string line; std::getline(in, line);) scribbled.insert(line);
  EXPECT_EQ(scribbled, std::multiset<std::string>(scribbling.begin(), scribbling.end()));
  expect_verified_except(puzzles, out, {});
  for (const auto& a : out) EXPECT_LT(a.time_ns, 1'000'000'000u) << "a time written over was believed";
}

TEST(Isolate, AHangIsATimeoutAndTheRestGoesOn) {
  const std::vector<Grid> puzzles = first_puzzles(600);
  const std::size_t hang = 300;
  ::setenv("SUDOKU_TEST_HANG_PUZZLE", puzzle::sudoku::to_line(puzzles[hang]).c_str(), 1);  // children inherit it
  auto s = isolated("fs", "solve_hang_on", std::chrono::milliseconds(300));
  const auto out = solve_all(*s, puzzles);
  ::unsetenv("SUDOKU_TEST_HANG_PUZZLE");
  EXPECT_EQ(out[hang].result.status, Status::timeout);
  EXPECT_TRUE(has(out[hang].message, "fs: no answer within 0.3 s: its process was killed")) << out[hang].message;
  EXPECT_GE(out[hang].time_ns, 300'000'000u);
  expect_verified_except(puzzles, out, {hang});
}

// A stop (Ctrl-C) ends the slice between two puzzles: what was answered is kept.
TEST(Isolate, AStopEndsTheSliceBetweenTwoPuzzles) {
  const std::vector<Grid> puzzles = first_puzzles(5000);
  auto s = isolated("fs", "solve");
  std::vector<puzzle::PuzzleRef> ptrs;
  for (const Grid& g : puzzles) ptrs.emplace_back(g);
  std::vector<puzzle::SliceAnswer> out(puzzles.size());
  std::atomic<bool> stop{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    stop = true;
  });
  const std::size_t done = s->solve_slice(ptrs, puzzle::Limits{}, out, &stop);
  stopper.join();
  EXPECT_LT(done, puzzles.size());
  out.resize(done);
  expect_verified_except({puzzles.begin(), puzzles.begin() + static_cast<std::ptrdiff_t>(done)}, out, {});
  // The child is still fit: the next slice is answered.
  stop = false;
  EXPECT_EQ(s->solve_slice({ptrs.data(), 10}, puzzle::Limits{}, {out.data(), 10}, &stop), 10u);
}

// One puzzle at a time (generate's checker, show), through the Solver interface.
TEST(Isolate, OnePuzzleAtATimeThroughTheSolverInterface) {
  auto s = isolated("fs", "solve");
  const Grid g = test::parse(test::kPuzzle);
  puzzle::Result r = s->solve(g, puzzle::Limits{2, 0});
  EXPECT_EQ(r.status, Status::unique);
  EXPECT_EQ(s->complete(g, r), std::nullopt);
  EXPECT_EQ(puzzle::sudoku::to_line(test::grid(r.answer)), test::kSolution);
}

TEST(Isolate, ALibraryTheChildCannotLoadIsRefusedWithItsReason) {
  puzzle::ext::IsolateOptions o;
  o.exe = SUDOKU_BENCH_EXE;
  const std::string no_symbol = load_error("fs", kFileScope, "no_such_symbol", o);
  EXPECT_TRUE(has(no_symbol, kFileScope + ": no symbol 'no_such_symbol'")) << no_symbol;
  const std::string bad_version = load_error("", TEST_PLUGIN_BAD_VERSION, "", o);
  EXPECT_TRUE(has(bad_version, "plug-in ABI version 999")) << bad_version;
  EXPECT_THROW(puzzle::ext::load_isolated("fs", "/nonexistent/lib.so", "solve", o), puzzle::ext::LoadError);
}

// A host of another build (a stale sudoku-bench-plugin-host beside a new tool): the handshake
// at the child's start refuses it with one message naming both builds, before any work; the
// host of this build, put in the same place, serves.
TEST(Isolate, AHostOfAnotherBuildIsRefusedWithOneMessage) {
  puzzle::ext::IsolateOptions o;
  o.exe = STALE_PLUGIN_HOST;
  const std::string stale = load_error("fs", kFileScope, "solve", o);
  EXPECT_TRUE(has(stale, o.exe + " is from another build of sudoku-bench (0.0.0 stale-build, protocol 0, "
                             "block 0 bytes) than this tool (" + puzzle::ext::build_identity() + ")"))
      << stale;
  // The tool as a user has it: copied with the stale host beside it, under the host's name.
  test::TempDir dir;
  namespace fs = std::filesystem;
  const fs::path tool = dir.path("sudoku-bench"), host = dir.path(std::string(puzzle::ext::kPluginHostProgram));
  fs::copy_file(SUDOKU_BENCH_EXE, tool);
  const std::string rows = dir.path("rows.csv");
  const std::string args = " solve " + test::shared("norvig_easy50.txt") + " --plugin fs=" + kFileScope +
                           ":solve -s fs --isolate -o " + rows;
  fs::copy_file(STALE_PLUGIN_HOST, host);
  auto r = test::run(tool.string() + args);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  const std::string why = "is from another build of sudoku-bench (0.0.0 stale-build";
  EXPECT_EQ(r.out.find(why), r.out.rfind(why)) << r.out;  // once
  EXPECT_TRUE(has(r.out, host.string() + " " + why)) << r.out;
  EXPECT_FALSE(fs::exists(rows));
  fs::remove(host);
  fs::copy_file(fs::path(SUDOKU_BENCH_EXE).parent_path() / puzzle::ext::kPluginHostProgram, host);
  r = test::run(tool.string() + args);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(test::data_lines(test::slurp(rows)).size(), 50u);
}

/// The pids whose parent is `parent`.
std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> out;
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(e.path() / "stat");
    std::string text;
    std::getline(stat, text);
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(text.substr(close + 2));
    char state;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid == parent) out.push_back(std::stoi(name));
  }
  return out;
}

// `kill -9` of the tool while a child hangs in its library: the child sees its socket end and
// exits at once (nothing keeps running, nothing to clean up).
TEST(Isolate, ChildrenEndWhenTheToolIsKilled) {
  test::TempDir dir;
  const std::vector<Grid> puzzles = first_puzzles(20);
  const std::string file = dir.write("p.txt", puzzle::sudoku::to_line(puzzles[5]) + "\n");
  const pid_t tool = ::fork();
  ASSERT_GE(tool, 0);
  if (tool == 0) {
    ::setenv("SUDOKU_TEST_HANG_PUZZLE", puzzle::sudoku::to_line(puzzles[5]).c_str(), 1);
    const std::string plugin = "fs=" + kFileScope + ":solve_hang_on";
    ::execl(SUDOKU_BENCH_EXE, "sudoku-bench", "solve", file.c_str(), "--isolate", "--plugin", plugin.c_str(),
            "-s", "fs", "-j", "1", "--timeout", "100", "-o", "/dev/null", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::vector<pid_t> kids;
  for (int i = 0; i < 200 && kids.empty(); ++i) {  // the first child starts at registration
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    kids = children_of(tool);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // in the hanging call by now
  ASSERT_FALSE(kids.empty());
  // The tool starts them from the slim host built beside it (sudoku-bench-plugin-host), not
  // from itself.
  for (pid_t k : kids) {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/" + std::to_string(k) + "/exe", ec);
    EXPECT_EQ(exe.filename().string(), std::string(puzzle::ext::kPluginHostProgram)) << exe;
  }
  ::kill(tool, SIGKILL);
  int st = 0;
  ::waitpid(tool, &st, 0);
  const auto alive = [](pid_t pid) {  // a zombie not reaped yet has ended too
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return false;
    const std::size_t close = text.rfind(')');
    return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z' && text[close + 2] != 'X';
  };
  const auto any_alive = [&] { return std::any_of(kids.begin(), kids.end(), alive); };
  for (int i = 0; i < 100 && any_alive(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  for (pid_t k : kids) {
    EXPECT_FALSE(alive(k)) << "child " << k << " runs on";
    if (alive(k)) ::kill(k, SIGKILL);  // ours: not left behind holding the test's output pipe
  }
}

}  // namespace
