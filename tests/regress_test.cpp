// The regression gate (measure/regress.hpp): a deliberately slowed solver is caught, an
// unchanged one passes, a changed work counter fails whatever the time; and the CLI around it.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "measure/regress.hpp"
#include "puzzle/registry.hpp"
#include "regress_util.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using test::has;
using test::default_dataset;
using test::item;

using puzzle::measure::BenchFile;
using puzzle::measure::RegressOptions;
using puzzle::measure::TimeMetric;

/// `propagation` made 50 times slower by spinning after each solve: identical answers and
/// counters, only time differs. Test only. (20x once went unnoticed under ctest -j 2 on two
/// loaded cores, when the baseline bench ran slow: the slowdown must dwarf the 4x tolerance.)
class Spinning : public puzzle::Solver {
 public:
  puzzle::Result solve(puzzle::PuzzleRef g, const puzzle::Limits& l) override {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    auto r = inner_->solve(g, l);
    const auto until = t0 + (Clock::now() - t0) * 50 + std::chrono::microseconds(50);
    while (Clock::now() < until) {
    }
    return r;
  }
  std::unique_ptr<puzzle::Solver> inner_ = puzzle::find_builtin("propagation")->make();
};
std::unique_ptr<puzzle::Solver> make_spinning() { return std::make_unique<Spinning>(); }

/// `propagation` with one node more per puzzle: same speed, changed work. Test only.
class Counting : public puzzle::Solver {
 public:
  puzzle::Result solve(puzzle::PuzzleRef g, const puzzle::Limits& l) override {
    auto r = inner_->solve(g, l);
    ++r.work.nodes;
    return r;
  }
  std::unique_ptr<puzzle::Solver> inner_ = puzzle::find_builtin("propagation")->make();
};
std::unique_ptr<puzzle::Solver> make_counting() { return std::make_unique<Counting>(); }

// Same names as the real solver: to `regress` they are the same (dataset, solver).
const puzzle::SolverInfo kSpinning{"propagation", "test only: 50x slower", puzzle::sudoku::kBox9, &make_spinning};
const puzzle::SolverInfo kCounting{"propagation", "test only: +1 node", puzzle::sudoku::kBox9, &make_counting};

/// A bench of `solver` against dlx (the baseline solver) on a small easy set, as a parsed CSV.
BenchFile bench(const puzzle::SolverInfo* solver, int reps = 5) {
  puzzle::measure::BenchConfig bc;
  bc.files = {default_dataset()};
  bc.solvers = {puzzle::find_builtin("dlx"), solver};
  bc.reps = reps;
  bc.warmup_s = 0.005;
  bc.min_time_s = 0.02;
  bc.first = 100;
  bc.threads = 1;
  const auto res = puzzle::measure::run_bench(bc);
  std::string csv = "# baseline_solver: dlx\n" + puzzle::measure::bench_schema().header();
  for (const auto& r : res.rows) csv += puzzle::measure::bench_schema().row(r);
  return puzzle::measure::parse_bench_csv(csv, "bench");
}

class Regress : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    base_ = new BenchFile(bench(puzzle::find_builtin("propagation")));
    same_ = new BenchFile(bench(puzzle::find_builtin("propagation")));
    slow_ = new BenchFile(bench(&kSpinning));
  }
  static void TearDownTestSuite() {
    delete base_, delete same_, delete slow_;
    base_ = same_ = slow_ = nullptr;
  }
  static BenchFile *base_, *same_, *slow_;
};
BenchFile *Regress::base_, *Regress::same_, *Regress::slow_;

TEST_F(Regress, SlowedSolverIsCaught) {
  for (TimeMetric m : {TimeMetric::throughput, TimeMetric::ratio}) {
    RegressOptions o;
    o.metric = m;
    o.tolerance = 3.0;  // wide (4x): a loaded machine cannot fake it; the spinner is about 50x
    const auto rep = puzzle::measure::regress(*base_, *slow_, o);
    const auto& c = item(rep, "propagation");
    EXPECT_TRUE(c.counter_changes.empty());  // identical work
    EXPECT_TRUE(c.tested);
    EXPECT_TRUE(c.slower) << rep.markdown();
    EXPECT_LT(c.p, 0.05);
    EXPECT_GT(c.time_change, 4.0);
    EXPECT_TRUE(rep.failed());
    EXPECT_EQ(rep.slower, 1 + (m == TimeMetric::throughput ? item(rep, "dlx").slower : 0));
    EXPECT_NE(rep.markdown().find("**FAIL: slower**"), std::string::npos);
    // Report-only time: the same slowdown is shown but does not fail.
    o.time_report_only = true;
    EXPECT_FALSE(puzzle::measure::regress(*base_, *slow_, o).failed());
  }
}

TEST_F(Regress, UnchangedSolverPasses) {
  for (TimeMetric m : {TimeMetric::throughput, TimeMetric::ratio}) {
    RegressOptions o;
    o.metric = m;
    o.tolerance = 3.0;  // tiny passes on a shared machine vary up to 2x between repetitions
    const auto rep = puzzle::measure::regress(*base_, *same_, o);
    EXPECT_FALSE(rep.failed()) << rep.markdown();
    EXPECT_EQ(rep.counter_changed, 0);
    EXPECT_NE(rep.markdown().find("Geometric mean of the time changes"), std::string::npos);
    EXPECT_NE(rep.markdown().find("**PASS**"), std::string::npos);
  }
  // Against itself: no change at all, and the ratio metric leaves the reference solver untimed.
  RegressOptions o;
  o.metric = TimeMetric::ratio;
  const auto self = puzzle::measure::regress(*base_, *base_, o);
  EXPECT_FALSE(self.failed());
  EXPECT_FALSE(item(self, "dlx").timed);
  EXPECT_DOUBLE_EQ(item(self, "propagation").time_change, 0);
  EXPECT_NEAR(self.geomean_change, 0, 1e-12);
}

TEST_F(Regress, ChangedCounterFailsWhateverTheTime) {
  const BenchFile counting = bench(&kCounting, 2);
  RegressOptions o;
  o.time_report_only = true;
  o.tolerance = 100;
  const auto rep = puzzle::measure::regress(*base_, counting, o);
  EXPECT_TRUE(rep.failed());
  EXPECT_EQ(rep.counter_changed, 1);
  const auto& c = item(rep, "propagation");
  ASSERT_EQ(c.counter_changes.size(), 1u);
  EXPECT_NE(c.counter_changes[0].find("nodes"), std::string::npos) << c.counter_changes[0];
  EXPECT_FALSE(c.tested);  // 2 repetitions: too few for the U test
  EXPECT_NE(rep.markdown().find("counters changed"), std::string::npos);
}

TEST_F(Regress, MissingPairFailsNewPairIsReported) {
  BenchFile cur = *same_;
  std::erase_if(cur.rows, [](const puzzle::measure::BenchRow& r) { return r.solver == "dlx"; });
  RegressOptions o;
  o.time_report_only = true;
  auto rep = puzzle::measure::regress(*base_, cur, o);
  EXPECT_TRUE(rep.failed());
  EXPECT_EQ(rep.missing, 1);
  rep = puzzle::measure::regress(cur, *base_, o);  // dlx is new: reported, not a failure
  EXPECT_FALSE(rep.failed());
  EXPECT_NE(rep.markdown().find("new (not in the baseline)"), std::string::npos);
  // Rows match on the file name: another directory is the same dataset.
  BenchFile moved = *same_;
  for (auto& r : moved.rows) r.dataset = "/elsewhere/default.txt";
  EXPECT_EQ(puzzle::measure::regress(*base_, moved, o).missing, 0);
}

/// `f` as a counted run would write it: `# measure: instructions`, counts on every row.
BenchFile as_counted_run(BenchFile f, double instructions = 1000) {
  f.meta.emplace_back("measure", "instructions");
  for (auto& r : f.rows) {
    r.instructions_per_puzzle = instructions;
    r.puzzles_per_s = r.ratio_to_baseline = std::numeric_limits<double>::quiet_NaN();
  }
  return f;
}

/// The message regress() throws for these two files ("" when it does not throw).
std::string regress_refusal(const BenchFile& a, const BenchFile& b, RegressOptions o = {}) {
  try {
    puzzle::measure::regress(a, b, o, "a.csv", "b.csv");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

// A timed baseline against a counted run (or the other way) compares no figure at all: every
// row was "ok (reference)" and the gate passed. It must be refused, naming the two measures.
TEST_F(Regress, TimedAgainstCountedIsRefused) {
  const BenchFile c = as_counted_run(*same_, 1024);
  EXPECT_TRUE(has(regress_refusal(*base_, c), "a.csv measured time (bench --measure time) but b.csv measured instructions"))
      << regress_refusal(*base_, c);
  EXPECT_TRUE(has(regress_refusal(c, *base_), "a.csv measured instructions")) << regress_refusal(c, *base_);
  // Counted on both sides compares the counts (+2.4% fails the 1% tolerance).
  const auto rep = puzzle::measure::regress(as_counted_run(*base_, 1000), as_counted_run(*same_, 1024), {});
  EXPECT_TRUE(rep.failed());
  EXPECT_EQ(rep.more_work, 2);
}

TEST_F(Regress, OtherLimitsOrDatasetsOrNothingInCommonAreRefused) {
  BenchFile two = *same_;
  BenchFile one = *base_;
  one.meta.emplace_back("limit", "1");
  two.meta.emplace_back("limit", "2");
  EXPECT_TRUE(has(regress_refusal(one, two), "a.csv was run with --limit 1 but b.csv with --limit 2")) << regress_refusal(one, two);

  BenchFile x = *base_, y = *same_;
  x.meta.emplace_back("dataset", "datasets/default.txt sha256=aaaa");
  y.meta.emplace_back("dataset", "other/default.txt sha256=bbbb");
  EXPECT_TRUE(has(regress_refusal(x, y), "the dataset default.txt differs: sha256 aaaa in a.csv, bbbb in b.csv"))
      << regress_refusal(x, y);

  BenchFile elsewhere = *same_;
  for (auto& r : elsewhere.rows) r.dataset = "17_clue.txt";
  EXPECT_TRUE(has(regress_refusal(*base_, elsewhere), "no (dataset, solver) pair is in both files"))
      << regress_refusal(*base_, elsewhere);

  // Under the ratio metric the baseline solver alone has nothing to time.
  BenchFile only_dlx = *base_;
  std::erase_if(only_dlx.rows, [](const puzzle::measure::BenchRow& r) { return r.solver != "dlx"; });
  RegressOptions ratio;
  ratio.metric = TimeMetric::ratio;
  EXPECT_TRUE(has(regress_refusal(only_dlx, only_dlx, ratio), "no time or count to compare")) << regress_refusal(only_dlx, only_dlx, ratio);
}

// A slowdown beyond the tolerance that the U test cannot tell from the spread is said to be
// one, with the advice to rerun with more repetitions; it does not fail.
TEST_F(Regress, AnUnresolvedSlowdownAsksForMoreRepetitions) {
  BenchFile a = *base_, b = *base_;
  const std::vector<double> before = {100, 101, 102, 103, 104}, after = {80, 85, 100, 103, 70};
  int i = 0, j = 0;
  for (auto& r : a.rows)
    if (r.solver == "propagation") r.puzzles_per_s = before.at(i++);
  for (auto& r : b.rows)
    if (r.solver == "propagation") r.puzzles_per_s = after.at(j++);
  const auto rep = puzzle::measure::regress(a, b, {});
  const auto& c = item(rep, "propagation");
  EXPECT_TRUE(c.tested);
  EXPECT_GT(c.p, 0.05);
  EXPECT_TRUE(c.unresolved);
  EXPECT_FALSE(c.slower);
  EXPECT_FALSE(rep.failed()) << rep.markdown();
  EXPECT_TRUE(has(rep.markdown(), "not significant (p = ")) << rep.markdown();
  EXPECT_TRUE(has(rep.markdown(), "bench --reps 9")) << rep.markdown();
}

TEST(BenchSpread, TooFewRepetitionsForTheirSpreadAreWarnedOf) {
  puzzle::measure::BenchSummary s;
  s.dataset = "/data/17_clue.txt";
  s.solver = "mine";
  s.reps = 5;
  s.pps_median = 100, s.pps_min = 90, s.pps_max = 103;  // 13% from slowest to fastest
  const std::string w = puzzle::measure::spread_warning(s);
  EXPECT_EQ(w, "mine on 17_clue.txt: its 5 repetitions spread by 13% (slowest to fastest): too few for "
               "regress's test to tell a 5% change from that; use --reps 9 or more, or --measure instructions");
  s.reps = 9;
  EXPECT_EQ(puzzle::measure::spread_warning(s), "") << "enough repetitions";
  s.reps = 5, s.pps_min = 98, s.pps_max = 102;
  EXPECT_EQ(puzzle::measure::spread_warning(s), "") << "a narrow spread";
  s.reps = 1;
  EXPECT_EQ(puzzle::measure::spread_warning(s), "") << "one repetition has no spread";
}

TEST(RegressCli, BenchThenRegress) {
  test::TempDir dir;
  const auto a = dir.path("a.csv"), sum = dir.path("sum.csv");
  auto r = test::command("bench " + default_dataset() + " -s propagation,dlx --first 40 --reps 2 "
                     "--warmup 0 -j 1 --shuffle --seed 7 -o " + a + " --summary " + sum);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "vs propagation")) << r.out;
  const std::string csv = test::slurp(a);
  for (const char* k : {"# git_revision: ", "# compiler: ", "# flags: ", "# cpu: ", "# threads: 1",
                        "# seed: 7", "# baseline_solver: propagation", "sha256=",
                        "dataset,solver,threads,rep,puzzles,passes,wall_s,puzzles_per_s,mean_us,"
                        "median_us,p90_us,p99_us,max_us,guesses_per_puzzle,no_guess_pct,"
                        "ratio_to_baseline,nodes,guesses_total"})
    EXPECT_TRUE(has(csv, k)) << k << "\n" << csv;
  EXPECT_TRUE(has(test::slurp(sum), "puzzles_per_s_median"));

  r = test::command("regress " + a + " " + a);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "**PASS**")) << r.out;

  // The same file with one node more for dlx: a counter change, exit 1.
  std::string changed;
  std::istringstream in(csv);
  for (std::string line; std::getline(in, line);) {
    if (line.find(",dlx,") != std::string::npos) {
      auto f = puzzle::io::split_csv_line(line);
      f[16] = std::to_string(std::stoull(f[16]) + 1);  // nodes
      line.clear();
      for (std::size_t i = 0; i < f.size(); ++i) line += (i ? "," : "") + f[i];
    }
    changed += line + "\n";
  }
  const auto b = dir.write("b.csv", changed);
  r = test::command("regress " + a + " " + b + " --tolerance 50% --time-report-only");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "FAIL: counters changed")) << r.out;

  // A timed baseline against a counted run: refused (exit 2), never a pass.
  std::string as_counted = csv;
  as_counted.replace(as_counted.find("# measure: time"), 15, "# measure: instructions");
  const auto c = dir.write("c.csv", as_counted);
  r = test::command("regress " + a + " " + c);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "measured time (bench --measure time) but " + c + " measured instructions")) << r.out;
  EXPECT_FALSE(has(r.out, "PASS")) << r.out;

  EXPECT_EQ(test::command("regress " + a + " /nonexistent.csv").exit_code, 2);
  EXPECT_EQ(test::command("regress " + a + " " + a + " --tolerance lots").exit_code, 2);
  EXPECT_EQ(test::command("regress " + a + " " + default_dataset()).exit_code, 2);  // not a bench CSV
  EXPECT_EQ(test::command("bench - -s dlx").exit_code, 2);
}

// ---- where the instructions went (measure/functions.hpp) ----------------------------------------

/// A callgrind dump as callgrind writes one (--dump-line=no: no position column): name
/// compression, a call, a call to itself, a second object. Ir is the first event.
std::string dump(uint64_t hot_self, uint64_t leaf_self) {
  return fmt::format(R"(version: 1
creator: callgrind-3.19.0
desc: Trigger: Client Request: sudoku-bench row 0
positions:
events: Ir Dr Dw
ob=(1) /x/libmine.so
fl=(1) mine.c
fn=(1) solve
10 4 2
cfn=(2) hot
calls=3
{} 1 1
cfn=(1)
calls=1
500 1 1
fn=(2)
{} 3
cob=(2) /usr/lib/libc.so.6
cfn=(3) memcpy
calls=2
{}
ob=(2)
fn=(3)
{}
totals: 999 0 0
)",
                     hot_self + leaf_self, hot_self, leaf_self, leaf_self);
}

puzzle::measure::FunctionFile file_of(const std::vector<puzzle::measure::FunctionCount>& counts) {
  puzzle::measure::FunctionFile f;
  for (const auto& c : counts) f.rows.push_back({"dir/d.txt", "mine", 1, c});
  return f;
}

TEST(Functions, ADumpsFunctionsSelfInclusiveAndCalls) {
  const auto fns = puzzle::measure::parse_callgrind_functions(dump(100, 7), "d");
  std::map<std::string, puzzle::measure::FunctionCount> own, calls;
  for (const auto& f : fns) (f.caller.empty() ? own : calls)[f.caller + ">" + f.function] = f;
  ASSERT_EQ(own.size(), 3u);
  EXPECT_EQ(own.at(">solve").self, 10u);
  EXPECT_EQ(own.at(">solve").inclusive, 10u + 107u);  // its call to itself is not added again
  EXPECT_EQ(own.at(">solve").object, "libmine.so");
  EXPECT_EQ(own.at(">hot").self, 100u);
  EXPECT_EQ(own.at(">hot").inclusive, 107u);
  EXPECT_EQ(own.at(">memcpy").self, 7u);
  EXPECT_EQ(own.at(">memcpy").object, "libc.so.6");
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls.at("solve>hot").inclusive, 107u);
  EXPECT_EQ(calls.at("hot>memcpy").inclusive, 7u);
  EXPECT_THROW(puzzle::measure::parse_callgrind_functions("totals: 1\n", "x"), std::runtime_error);
  // The CSV reads back what it wrote (names with commas and quotes).
  puzzle::measure::FunctionFile f = file_of(fns);
  f.rows[0].count.function = "f(int, \"q\")";
  std::string csv = puzzle::measure::functions_schema().header();
  for (const auto& r : f.rows) csv += puzzle::measure::functions_schema().row(r);
  test::TempDir dir;
  const auto back = puzzle::measure::read_functions_csv(dir.write("x.functions.csv", csv));
  ASSERT_EQ(back.rows.size(), f.rows.size());
  EXPECT_EQ(back.rows[0].count.function, "f(int, \"q\")");
  EXPECT_EQ(back.rows[0].count.inclusive, f.rows[0].count.inclusive);
  EXPECT_EQ(puzzle::measure::functions_file_for("a/head.csv"), "a/head.functions.csv");
}

TEST(Functions, TheChangedFunctionIsNamedFirstWithItsShare) {
  // 10 puzzles each side; `hot` grew by 30 instructions a puzzle, memcpy by 3.
  const auto base = file_of(puzzle::measure::parse_callgrind_functions(dump(1000, 70), "a"));
  const auto cur = file_of(puzzle::measure::parse_callgrind_functions(dump(1300, 100), "b"));
  const auto ch = puzzle::measure::function_changes(base, cur, "d.txt", "mine", 10, 10);
  ASSERT_EQ(ch.size(), 3u);  // solve's self did not change, its inclusive did
  EXPECT_EQ(ch[0].function, "hot");
  EXPECT_DOUBLE_EQ(ch[0].base_self, 100);
  EXPECT_DOUBLE_EQ(ch[0].cur_self, 130);
  EXPECT_NEAR(ch[0].self_share, 30.0 / 33, 1e-12);
  EXPECT_NEAR(ch[0].inclusive_share, 1.0, 1e-12);
  EXPECT_EQ(ch[1].function, "memcpy");
  EXPECT_NEAR(ch[1].self_share, 3.0 / 33, 1e-12);
  EXPECT_EQ(ch[2].function, "solve");
  EXPECT_DOUBLE_EQ(ch[2].cur_self - ch[2].base_self, 0);
  EXPECT_NEAR(ch[2].inclusive_share, 1.0, 1e-12);
  // Differential folded stacks: the paths from the root, self per puzzle on each side.
  const std::string folded = puzzle::measure::folded_diff(base, cur, "d.txt", "mine", 10, 10, "d.txt;mine");
  EXPECT_EQ(folded, "d.txt;mine;solve 1 1\nd.txt;mine;solve;hot 100 130\nd.txt;mine;solve;hot;memcpy 7 10\n") << folded;
}

TEST(Functions, RegressReportsWhereForEachRegression) {
  const auto base = file_of(puzzle::measure::parse_callgrind_functions(dump(1000, 70), "a"));
  const auto cur = file_of(puzzle::measure::parse_callgrind_functions(dump(1300, 100), "b"));
  auto bench = [](double instructions) {
    BenchFile f;
    f.meta = {{"measure", "instructions"}, {"count_method", "callgrind"}};
    puzzle::measure::BenchRow r;
    r.dataset = "dir/d.txt";
    r.solver = "mine";
    r.puzzles = 10;
    r.found = 10;
    puzzle::measure::set_counts(r, {instructions, instructions, 0, 0});
    f.rows.push_back(r);
    return f;
  };
  const BenchFile a = bench(1180), b = bench(1510);
  auto rep = puzzle::measure::regress(a, b, RegressOptions{});
  puzzle::measure::attribute_functions(rep, a, b, base, cur);
  ASSERT_EQ(rep.items.size(), 1u);
  EXPECT_TRUE(rep.items[0].more_work);
  const std::string md = rep.markdown();
  EXPECT_TRUE(has(md, "### Where mine on d.txt changed")) << md;
  EXPECT_TRUE(has(md, "| `hot` | libmine.so | 100.0 → 130.0 | +30.0 | 90.9% | 107.0 → 140.0 | +33.0 | 100.0% |")) << md;
  const std::string csv = puzzle::measure::functions_csv(rep);
  EXPECT_TRUE(has(csv, "\nd.txt,mine,hot,libmine.so,100.000,130.000,30.000,0.9091,107.000,140.000,33.000,1.0000\n")) << csv;
  // Without per-function counts the report says where they come from.
  auto plain = puzzle::measure::regress(a, b, RegressOptions{});
  EXPECT_TRUE(has(plain.markdown(), "No per-function counts on both sides")) << plain.markdown();
}

}  // namespace
