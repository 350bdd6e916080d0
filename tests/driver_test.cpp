#include <filesystem>
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <sstream>
#include <tuple>

#include "run/pipeline.hpp"
#include "puzzle/registry.hpp"
#include "test_util.hpp"

namespace {

using puzzle::Status;

using test::kPuzzle;
using test::kSolution;

/// Runs the driver and returns the rows CSV text.
std::string run_rows(puzzle::run::RunConfig cfg, puzzle::run::RunReport* report = nullptr) {
  test::TempDir dir("-rows");
  const auto path = dir.path("rows.csv");
  puzzle::io::OutputFile f(path, "rows");
  f.open();
  cfg.rows = &f;
  auto r = puzzle::run::run_passes(cfg);
  f.commit();
  if (report) *report = r;
  return test::slurp(path);
}

/// The rows with the time_ns column (7th) blanked.
std::string without_time(const std::string& csv) {
  std::istringstream in(csv);
  std::string line, out;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ls(line);
    std::string cell;
    while (std::getline(ls, cell, ',')) f.push_back(cell);
    if (f.size() > 6) f[6] = "";
    for (std::size_t i = 0; i < f.size(); ++i) out += (i ? "," : "") + f[i];
    out += "\n";
  }
  return out;
}

/// Collects the driver's problem messages, each as "line: message".
std::shared_ptr<std::vector<std::string>> collect_problems(puzzle::run::RunConfig& cfg) {
  auto out = std::make_shared<std::vector<std::string>>();
  cfg.on_problem = [out](const std::string&, uint64_t line, const std::string& msg) {
    out->push_back(std::to_string(line) + ": " + msg);
  };
  return out;
}

puzzle::run::RunConfig config(std::vector<std::string> files, int threads) {
  puzzle::run::RunConfig cfg;
  cfg.files = std::move(files);
  // The driver is under test, not the solver: dlx handles every size and is quick.
  cfg.solvers = {puzzle::find_builtin("dlx")};
  cfg.threads = threads;
  cfg.slice_records = 7;  // many small slices: in-order output is really exercised
  cfg.limits.solutions = 2;
  return cfg;
}

TEST(Driver, SameRowsWithOneAndTwoThreads) {
  // A slice of an easy set, then tdoku's test set (unique, none and multiple; limit 20).
  test::TempDir dir;
  std::string easy;
  for (const auto& r : test::load(test::shared("bug_plus_n.txt"), 3000)) easy += puzzle::sudoku::to_line(r.parsed.puzzle) + "\n";
  const auto files = std::vector<std::string>{dir.write("easy.txt", easy),
                                              test::shared("tdoku_test_puzzles.csv")};
  auto one = config(files, 1), two = config(files, 2);
  one.limits.solutions = two.limits.solutions = 20;
  one.solutions = two.solutions = true;
  puzzle::run::RunReport r1, r2;
  const std::string a = run_rows(one, &r1), b = run_rows(two, &r2);
  EXPECT_EQ(std::count(a.begin(), a.end(), '\n'), 3000 + 43);
  EXPECT_EQ(without_time(a), without_time(b));
  EXPECT_NE(a, b) << "times should differ somewhere";
  ASSERT_EQ(r2.summaries.size(), 2u);
  EXPECT_EQ(r2.summaries[0].threads, 2);
  EXPECT_EQ(r2.summaries[0].count(Status::unique), 3000u);
  EXPECT_EQ(r2.summaries[1].count(Status::multiple), 15u);
  EXPECT_EQ(r2.wrong(), 0u);
}

TEST(Driver, BadLinesAreCountedAndTheBatchGoesOn) {
  test::TempDir dir;
  std::string bad_char = kPuzzle, twice = kPuzzle;
  bad_char[3] = 'x';
  twice[1] = '4';
  const auto f = dir.write("mixed.txt", kPuzzle + "\n" + kPuzzle.substr(0, 80) + "\n" + kPuzzle + "5\n" +
                                            bad_char + "\n" + twice + "\n" + kPuzzle + "\n");
  auto cfg = config({f}, 2);
  std::vector<std::string> problems;
  cfg.on_problem = [&](const std::string& file, uint64_t line, const std::string& msg) {
    problems.push_back(file + ":" + std::to_string(line) + ": " + msg);
  };
  puzzle::run::RunReport report;
  const std::string rows = run_rows(cfg, &report);
  ASSERT_EQ(report.summaries.size(), 1u);
  const auto& s = report.summaries[0];
  EXPECT_EQ(s.puzzles, 6u);
  EXPECT_EQ(s.count(Status::unique), 2u);
  EXPECT_EQ(s.count(Status::invalid), 4u);
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_EQ(problems[0], f + ":2: too short: 80 cells, a 9x9 puzzle has 81");
  EXPECT_EQ(problems[1], f + ":3: too long: 82 cells, a 9x9 puzzle has 81");
  EXPECT_EQ(problems[2], f + ":4: bad character 'x' at column 4");
  EXPECT_EQ(problems[3], f + ":5: contradictory givens: digit 4 twice in row 1 (r1c1, r1c2)");
  EXPECT_NE(rows.find(",5,dlx,invalid,"), std::string::npos);
}

TEST(Driver, WrongKnownSolutionIsCaught) {
  test::TempDir dir;
  std::string fake = kSolution;
  std::swap(fake[1], fake[2]);  // not the puzzle's solution
  const auto f = dir.write("wrong.txt", kPuzzle + "," + kSolution + "\n" + kPuzzle + ":1:" + fake + "\n");
  auto cfg = config({f}, 2);
  const auto problems = collect_problems(cfg);
  puzzle::run::RunReport report;
  const std::string rows = run_rows(cfg, &report);
  EXPECT_EQ(report.wrong(), 1u);
  EXPECT_EQ(report.summaries[0].found(), 1u);  // a wrong answer is never counted as solved
  ASSERT_EQ(problems->size(), 1u);
  EXPECT_NE((*problems)[0].find("2: answer differs from the known solution at r1c2"), std::string::npos)
      << (*problems)[0];
  EXPECT_NE(rows.find(",2,dlx,wrong,"), std::string::npos);
}

// A solver that calls every puzzle contradictory.
class CallsEverythingInvalid final : public puzzle::Solver {
 public:
  puzzle::Result solve(puzzle::PuzzleRef, const puzzle::Limits&) override {
    puzzle::Result r;
    r.status = Status::invalid;
    return r;
  }
};
std::unique_ptr<puzzle::Solver> make_calls_everything_invalid() {
  return std::make_unique<CallsEverythingInvalid>();
}

TEST(Driver, AFalseInvalidClaimIsWrongAndATrueOneNamesTheConflict) {
  static const puzzle::SolverInfo liar{"liar", "says invalid", puzzle::sudoku::kBox9, &make_calls_everything_invalid};
  test::TempDir dir;
  std::string twice = kPuzzle;
  twice[1] = twice[0];
  const auto f = dir.write("claims.txt", kPuzzle + "\n" + twice + "\n");
  auto cfg = config({f}, 1);
  cfg.solvers = {&liar};
  const auto problems = collect_problems(cfg);
  puzzle::run::RunReport report;
  const std::string rows = run_rows(cfg, &report);
  EXPECT_EQ(report.wrong(), 1u);
  EXPECT_EQ(report.summaries[0].count(Status::invalid), 1u);
  EXPECT_NE(rows.find(",1,liar,wrong,"), std::string::npos) << rows;
  ASSERT_GE(problems->size(), 1u);
  EXPECT_NE((*problems)[0].find("1: solver says the givens contradict each other, but no unit repeats"),
            std::string::npos) << (*problems)[0];
}

TEST(Driver, StopFlagEndsCleanlyWithCompleteRows) {
  auto cfg = config({test::shared("bug_plus_n.txt")}, 2);
  std::atomic<bool> stop{false};
  cfg.stop = &stop;
  cfg.on_progress = [&](const puzzle::run::Progress& p) {
    if (p.puzzles >= 100) stop = true;
  };
  puzzle::run::RunReport report;
  const std::string rows = run_rows(cfg, &report);
  EXPECT_TRUE(report.interrupted);
  ASSERT_EQ(report.summaries.size(), 1u);
  const auto& s = report.summaries[0];
  EXPECT_TRUE(s.interrupted);
  EXPECT_GE(s.puzzles, 100u);
  EXPECT_LT(s.puzzles, 36267u);
  // Every row the summary counts was written, completely (a newline ends the text).
  EXPECT_EQ(static_cast<uint64_t>(std::count(rows.begin(), rows.end(), '\n')), s.puzzles);
  EXPECT_EQ(rows.back(), '\n');
}

// RunConfig::slice_seconds (`rate`): slices sized by the time a record takes. When every record
// is slower than the aim, each slice is one record, so the progress moves record by record;
// when all are far faster, slices grow back to slice_records. The rows are the same either way.
TEST(Driver, SlicesSizedByTimeKeepTheRowsAndFollowTheRecordsPace) {
  test::TempDir dir;
  std::string text;
  for (const auto& r : test::load(test::shared("bug_plus_n.txt"), 60)) text += puzzle::sudoku::to_line(r.parsed.puzzle) + "\n";
  const auto file = dir.write("p.txt", text);
  const std::string plain = without_time(run_rows(config({file}, 2)));
  for (const double aim : {1e-12, 1e9}) {
    auto cfg = config({file}, 2);
    cfg.slice_seconds = aim;
    std::vector<uint64_t> seen;  // records written at each progress report
    cfg.on_progress = [&](const puzzle::run::Progress& p) { seen.push_back(p.puzzles); };
    EXPECT_EQ(without_time(run_rows(cfg)), plain) << aim;
    ASSERT_FALSE(seen.empty());
    EXPECT_EQ(seen.back(), 60u);
    if (aim < 1) {
      EXPECT_EQ(seen.size(), 60u) << "one record a slice";
    } else {
      EXPECT_LT(seen.size(), 25u) << "slices of up to 7 records once the pace is known";
    }
  }
}

// The progress's bytes come from the slices, in order: they never step back while the reader
// refills its buffer on another thread, and they end at the file's size.
TEST(Driver, ProgressBytesOnlyGrowAndEndAtTheFilesSize) {
  auto cfg = config({test::shared("bug_plus_n.txt")}, 2);
  cfg.slice_records = 8;
  std::vector<puzzle::run::Progress> seen;
  cfg.on_progress = [&](const puzzle::run::Progress& p) { seen.push_back(p); };
  run_rows(cfg);
  ASSERT_GT(seen.size(), 1000u);
  for (std::size_t i = 1; i < seen.size(); ++i) {
    ASSERT_GE(seen[i].done, seen[i - 1].done) << "report " << i;
    ASSERT_LE(seen[i].done, seen[i].total);
  }
  EXPECT_EQ(seen.back().done, seen.back().total);
  EXPECT_EQ(seen.back().total, std::filesystem::file_size(test::shared("bug_plus_n.txt")));
}

TEST(Driver, UnreadableFileFailsBeforeAnyWork) {
  auto cfg = config({test::shared("norvig_easy50.txt"), "/nonexistent/puzzles.txt"}, 1);
  EXPECT_THROW(puzzle::run::run_passes(cfg), puzzle::io::InputError);
}

TEST(Driver, BudgetExceededIsAStatusNotAStall) {
  test::TempDir dir;
  const auto f = dir.write("hard.txt",
                           "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n"
                           "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n");
  auto cfg = config({f}, 1);
  cfg.solvers = {puzzle::find_builtin("backtracking")};  // the naive search is what runs out
  cfg.limits.budget = 100'000;
  puzzle::run::RunReport report;
  const std::string rows = run_rows(cfg, &report);
  EXPECT_EQ(report.summaries[0].count(Status::budget_exceeded), 1u);
  EXPECT_EQ(report.summaries[0].count(Status::unique), 1u);
}

TEST(Driver, UnsupportedSizeReportedOnce) {
  // A solver that only does 9x9 meets 4x4 puzzles: `unsupported`, one message for the pass.
  const puzzle::SolverInfo* nine_only = nullptr;
  for (const auto& s : puzzle::builtin_solvers())
    if (s.kind == puzzle::PuzzleKind::sudoku && !s.supports(2)) nine_only = &s;
  if (nine_only == nullptr) GTEST_SKIP() << "every registered solver handles 4x4";
  test::TempDir dir;
  const auto f = dir.write("four.txt", "1...............\n.2..............\n");
  auto cfg = config({f}, 1);
  cfg.solvers = {nine_only};
  int messages = 0;
  cfg.on_problem = [&](const std::string&, uint64_t, const std::string& msg) {
    ++messages;
    EXPECT_NE(msg.find("does not support 4x4"), std::string::npos) << msg;
  };
  puzzle::run::RunReport report;
  run_rows(cfg, &report);
  EXPECT_EQ(report.summaries[0].count(Status::unsupported), 2u);
  EXPECT_EQ(messages, 1);
}

// ---- a solver that runs elsewhere (SliceSolver: a plug-in under --isolate) ------------------

/// What a FakeRemote saw, over every worker.
struct RemoteLog {
  std::mutex mutex;
  std::vector<std::size_t> slices;  // the size of each solve_slice call
  int single_calls = 0;             // solve(): the driver must not use it
};

/// A SliceSolver that answers with dlx in this process: `error` on the puzzle `fail`, an
/// unusable answer (complete()'s verdict from its side) on `unusable`, every time 4242 ns; it
/// sets `*stop` after answering `stop_after` puzzles (0: never) and then returns, as the
/// isolated solver does.
class FakeRemote final : public puzzle::SliceSolver {
 public:
  FakeRemote(RemoteLog& log, std::string fail, std::string unusable, std::size_t stop_after,
             std::atomic<bool>* stop)
      : log_(log), fail_(std::move(fail)), unusable_(std::move(unusable)), stop_after_(stop_after), stop_(stop) {}
  puzzle::Result solve(puzzle::PuzzleRef, const puzzle::Limits&) override {
    std::lock_guard lock(log_.mutex);
    ++log_.single_calls;
    return {};
  }
  std::size_t solve_slice(std::span<const puzzle::PuzzleRef> puzzles, const puzzle::Limits& limits,
                          std::span<puzzle::SliceAnswer> out, const std::atomic<bool>* stop) override {
    {
      std::lock_guard lock(log_.mutex);
      log_.slices.push_back(puzzles.size());
    }
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      if (stop != nullptr && stop->load()) return i;
      const std::string line = puzzle::sudoku::to_line(*puzzles[i].get<puzzle::sudoku::Grid>());
      puzzle::SliceAnswer& a = out[i];
      a = puzzle::SliceAnswer{};
      a.time_ns = 4242;
      if (line == fail_) {
        a.result.status = Status::error;
        a.message = "fake: its process was killed by signal 11 (SIGSEGV)";
      } else {
        a.result = dlx_->solve(puzzles[i], limits);
        if (line == unusable_) a.unusable = "fake: the count disagrees with the status";
      }
      if (stop_after_ != 0 && ++answered_ == stop_after_) {
        stop_->store(true);
        return i + 1;
      }
    }
    return puzzles.size();
  }

 private:
  RemoteLog& log_;
  std::string fail_, unusable_;
  std::size_t stop_after_, answered_ = 0;
  std::atomic<bool>* stop_;
  std::unique_ptr<puzzle::Solver> dlx_ = puzzle::find_builtin("dlx")->make();
};

/// Rows as (line, status, time_ns).
std::vector<std::tuple<uint64_t, std::string, uint64_t>> parse_rows(const std::string& csv) {
  std::istringstream in(csv);
  std::vector<std::tuple<uint64_t, std::string, uint64_t>> out;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f;
    std::stringstream ls(line);
    for (std::string cell; std::getline(ls, cell, ',');) f.push_back(cell);
    out.emplace_back(std::stoull(f.at(1)), f.at(3), std::stoull(f.at(6)));  // file,line,solver,status,..,time_ns
  }
  return out;
}

// The driver hands a SliceSolver each slice's puzzles in one call (the lines it could not parse
// stay out), never one at a time; its answers are settled as an in-process solver's are: its
// time is the row's, `error` keeps its message, an unusable answer is `wrong`, the rest verified.
TEST(Driver, ASliceSolverGetsEachSliceInOneCall) {
  test::TempDir dir;
  const auto records = test::load(test::shared("norvig_easy50.txt"), 20);
  std::string text;
  for (std::size_t i = 0; i < records.size(); ++i) text += (i == 4 ? "not a puzzle" : puzzle::sudoku::to_line(records[i].parsed.puzzle)) + "\n";
  const auto f = dir.write("twenty.txt", text);
  const std::string fail = puzzle::sudoku::to_line(records[9].parsed.puzzle), unusable = puzzle::sudoku::to_line(records[12].parsed.puzzle);
  RemoteLog log;
  puzzle::SolverInfo info{"fake", "a SliceSolver", puzzle::sudoku::kAllBoxes, [&] {
                            return std::make_unique<FakeRemote>(log, fail, unusable, 0, nullptr);
                          }};
  auto cfg = config({f}, 2);
  cfg.solvers = {&info};
  cfg.limits.solutions = 1;
  const auto problems = collect_problems(cfg);
  puzzle::run::RunReport report;
  const auto rows = parse_rows(run_rows(cfg, &report));
  ASSERT_EQ(rows.size(), 20u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& [line, status, time_ns] = rows[i];
    EXPECT_EQ(line, i + 1);
    EXPECT_EQ(status, i == 4 ? "invalid" : i == 9 ? "error" : i == 12 ? "wrong" : "solved") << line;
    EXPECT_EQ(time_ns, i == 4 ? 0u : 4242u) << line;
  }
  for (const char* p : {"10: fake: its process was killed by signal 11 (SIGSEGV)",
                        "13: fake: the count disagrees with the status"})
    EXPECT_NE(std::find(problems->begin(), problems->end(), p), problems->end()) << p;
  // Slices of 7 records: 1-7 (one not a puzzle), 8-14, 15-20.
  std::sort(log.slices.begin(), log.slices.end());
  EXPECT_EQ(log.slices, (std::vector<std::size_t>{6, 6, 7}));
  EXPECT_EQ(log.single_calls, 0);
  EXPECT_EQ(report.summaries.at(0).count(Status::error), 1u);
  EXPECT_EQ(report.summaries.at(0).count(Status::wrong), 1u);
}

// A stop in the middle of a SliceSolver's slice: the rows are those answered, a contiguous
// prefix of the input, and the pass is interrupted.
TEST(Driver, AStopInsideASliceSolversSliceKeepsAPrefix) {
  RemoteLog log;
  std::atomic<bool> stop{false};
  puzzle::SolverInfo info{"fake", "a SliceSolver", puzzle::sudoku::kAllBoxes, [&] {
                            return std::make_unique<FakeRemote>(log, "", "", 10, &stop);
                          }};
  auto cfg = config({test::shared("norvig_easy50.txt")}, 1);
  cfg.solvers = {&info};
  cfg.stop = &stop;
  puzzle::run::RunReport report;
  const auto rows = parse_rows(run_rows(cfg, &report));
  EXPECT_TRUE(report.interrupted);
  ASSERT_EQ(rows.size(), 10u);
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(std::get<1>(rows[i]), "unique") << i;
  EXPECT_EQ(std::get<0>(rows.back()), std::get<0>(parse_rows(run_rows(config({test::shared("norvig_easy50.txt")}, 1)))[9]));
}

}  // namespace
