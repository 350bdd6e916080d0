#pragma once
// Helpers shared by the tests: dataset paths, loading puzzles, temp files, running the CLI.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/reader.hpp"
#include "sudoku/sudoku_kind.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace test {

/// The grid a Sudoku result's answer holds (a grid of no cells when none).
inline const puzzle::sudoku::Grid& grid(const puzzle::Answer& a) { return puzzle::sudoku::SudokuKind::solution(a); }

/// Whether `text` contains `part`.
inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

#ifdef FILE_SCOPE_PLUGIN
/// The test plug-in whose solver keeps its search state at file scope (plugin and isolate tests).
inline const std::string kFileScope = FILE_SCOPE_PLUGIN;
#endif

/// A file of the project's datasets/.
inline std::string dataset(const std::string& name) { return std::string(SUDOKU_SOURCE_DIR) + "/datasets/" + name; }
/// The project's default dataset (datasets/default.txt).
inline std::string default_dataset() { return dataset("default.txt"); }

// Project Euler 96, grid 1 (norvig_easy50.txt): singles alone solve it.
inline const std::string kEasy =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
// forum_hardest_1106.txt, first line: needs guesses.
inline const std::string kHard =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/// A 17-clue puzzle and its unique solution, used across the tests.
inline const std::string kPuzzle =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
inline const std::string kSolution =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// A grid from its cell string (any size); a test failure if it does not parse.
inline puzzle::sudoku::Grid parse(const std::string& s) {
  puzzle::sudoku::Grid g;
  std::string err;
  EXPECT_TRUE(puzzle::sudoku::parse_cells(s, 0, g, err)) << err;
  return g;
}

/// A file of ../shared/datasets (the tests need them: they are never copied into the project).
inline std::string shared(const std::string& name) {
  const std::string p = std::string(SUDOKU_SHARED_DATASETS) + "/" + name;
  if (!std::filesystem::exists(p))
    ADD_FAILURE() << p << " is missing: the tests read the shared public datasets from there";
  return p;
}

struct Record {
  uint64_t line;
  puzzle::sudoku::Parsed parsed;
};

/// Every record of a file, parsed, up to `max` (0 = all).
inline std::vector<Record> load(const std::string& path, std::size_t max = 0) {
  puzzle::io::PuzzleReader reader(path);
  puzzle::io::RawSlice slice;
  std::vector<Record> out;
  while (reader.read(slice, 64)) {
    for (std::size_t i = 0; i < slice.records.size(); ++i) {
      out.push_back({slice.records[i].line, puzzle::sudoku::parse_record(reader.format(), slice.record(i))});
      if (max != 0 && out.size() >= max) return out;
    }
  }
  EXPECT_EQ(reader.error(), "");
  return out;
}

/// A fresh directory for one test, removed by the destructor.
class TempDir {
 public:
  explicit TempDir(const std::string& suffix = "") {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            (std::string("sudoku-test-") + info->test_suite_name() + "-" + info->name() + "-" +
             std::to_string(::getpid()) + suffix);
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  /// Writes `text` to a file in the directory and returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    const auto p = path_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
  std::string path(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Writes `text` to `path` (a file a test prepares: a partial output, a list of seeds).
inline void spill(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

/// The data lines of a CSV (no `#` lines, no header).
inline std::vector<std::string> data_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (header) header = false;
    else out.push_back(line);
  }
  return out;
}

/// One row of a per-puzzle CSV (`file,line,solver,status,solutions,clues,time_ns,guesses,
/// backtracks,nodes[,solution]`).
struct Row {
  std::string file, solver, status, solution;
  uint64_t line = 0, solutions = 0, time_ns = 0, guesses = 0, backtracks = 0, nodes = 0;
};

/// The rows of a per-puzzle CSV; a test failure for another header or a short row.
inline std::vector<Row> read_rows(const std::string& path) {
  const std::string text = slurp(path);
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') {
      EXPECT_TRUE(line.starts_with("file,line,solver,status,solutions,")) << path << ": " << line;
      break;
    }
  std::vector<Row> rows;
  for (const std::string& line : data_lines(text)) {
    std::vector<std::string> f;
    std::istringstream cells(line);
    for (std::string c; std::getline(cells, c, ',');) f.push_back(c);
    if (f.size() < 10) {
      ADD_FAILURE() << "short row: " << line;
      continue;
    }
    Row r;
    r.file = f[0], r.solver = f[2], r.status = f[3];
    r.line = std::stoull(f[1]), r.solutions = std::stoull(f[4]), r.time_ns = std::stoull(f[6]);
    r.guesses = std::stoull(f[7]), r.backtracks = std::stoull(f[8]), r.nodes = std::stoull(f[9]);
    if (f.size() > 10) r.solution = f[10];
    rows.push_back(r);
  }
  return rows;
}

struct CliResult {
  int exit_code;
  std::string out;  // stdout and stderr together
};

/// Runs the shell command `command` and captures its output (stdout and stderr together).
inline CliResult run(const std::string& command) {
  const std::string cmd = command + " 2>&1";
  FILE* p = ::popen(cmd.c_str(), "r");
  CliResult r{-1, {}};
  if (p == nullptr) return r;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = ::pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/// Runs the sudoku-bench binary with `args` (a shell fragment) and captures its output.
/// `prefix` goes before the binary (an environment, a wrapper).
inline CliResult cli(const std::string& args, const std::string& prefix = "") {
  return run(prefix + std::string(SUDOKU_BENCH_EXE) + " " + args);
}

/// ASAN_OPTIONS for a child whose plug-in crashes on purpose: the address sanitizer's SIGSEGV
/// handler off, so that the crash kills the process by its signal, as in a plain build (the
/// handler would report it and exit 1). Nothing changes in a build without the sanitizer.
inline std::string asan_options_segv_kills() {
  const char* old = std::getenv("ASAN_OPTIONS");
  return (old != nullptr && *old != '\0' ? std::string(old) + ":" : std::string()) + "handle_segv=0";
}

/// The same as the unprivileged user `nobody` (for permission checks when the tests run as root).
inline CliResult cli_as_nobody(const std::string& args) {
  return cli(args, "setpriv --reuid=65534 --regid=65534 --clear-groups ");
}

}  // namespace test
