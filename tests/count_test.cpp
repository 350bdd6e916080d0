// Counting what the solve calls execute (measure/count.hpp, `bench --measure
// instructions`) and regress's gate on the counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "measure/count.hpp"
#include "measure/regress.hpp"
#include "run/pipeline.hpp"
#include "puzzle/registry.hpp"
#include "puzzle/simd.hpp"
#include "regress_util.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using test::has;
using test::default_dataset;
using test::item;

using puzzle::measure::BenchFile;
using puzzle::measure::BenchRow;

// A dump as valgrind 3.19's callgrind writes it with --cache-sim=yes after
// CALLGRIND_DUMP_STATS_AT("sudoku-bench row 4"): the totals line leaves out trailing zeros.
const std::string kDump =
    "version: 1\ncreator: callgrind-3.19.0\npid: 13374\ncmd:  ./t\npart: 1\n\n"
    "desc: I1 cache: 32768 B, 64 B, 8-way associative\n"
    "desc: D1 cache: 32768 B, 64 B, 8-way associative\n"
    "desc: LL cache: 8388608 B, 64 B, 16-way associative\n\n"
    "desc: Timerange: Basic block 0 - 11288\n"
    "desc: Trigger: Client Request: sudoku-bench row 4\n\n"
    "positions: line\nevents: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\n"
    "summary: 6150 1010 1070 3 0 1 3 0 1\n\n"
    "ob=(1) /tmp/t\nfl=(1) ???\nfn=(1) work\n0 6060 1010 1010 2 0 0 2\n\n"
    "totals: 6060 1010 1010 2 7 5 2\n";

TEST(Count, CallgrindDumpIsRead) {
  std::string label;
  const puzzle::measure::CacheEvents e = puzzle::measure::parse_callgrind_dump(kDump, "dump", label);
  EXPECT_EQ(label, puzzle::measure::callgrind_label(4));
  EXPECT_EQ(e.ir, 6060u);
  EXPECT_EQ(e.dr, 1010u);
  EXPECT_EQ(e.dw, 1010u);
  EXPECT_EQ(e.i1mr, 2u);
  EXPECT_EQ(e.d1mr, 7u);
  EXPECT_EQ(e.d1mw, 5u);
  EXPECT_EQ(e.ilmr, 2u);
  EXPECT_EQ(e.dlmr, 0u);  // left out: zero
  EXPECT_EQ(e.dlmw, 0u);
  // iai-callgrind's estimate: accesses 8080, of which 14 missed L1 and 2 of those missed LL.
  const puzzle::measure::Counts c = puzzle::measure::counts_of(e);
  EXPECT_EQ(c.instructions, 6060);
  EXPECT_EQ(c.l1_hits, 8080 - 14);
  EXPECT_EQ(c.ll_hits, 14 - 2);
  EXPECT_EQ(c.ram_hits, 2);
  EXPECT_EQ(c.est_cycles(), 8066 + 5 * 12 + 35 * 2);
  EXPECT_TRUE(std::isnan(puzzle::measure::Counts{}.est_cycles()));  // perf: no cache columns
}

TEST(Count, BadDumpsAreNamed) {
  std::string label;
  try {
    puzzle::measure::parse_callgrind_dump("events: Ir\ntotals: 12\n", "x.out", label);
    FAIL() << "a dump without cache events was read";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(has(e.what(), "x.out")) << e.what();
    EXPECT_TRUE(has(e.what(), "--cache-sim=yes")) << e.what();
  }
  EXPECT_THROW(puzzle::measure::parse_callgrind_dump("hello\n", "y.out", label), std::runtime_error);
  EXPECT_THROW(puzzle::measure::parse_callgrind_dump("events: Ir\ntotals: 1x\n", "z.out", label), std::runtime_error);
}

TEST(Count, ValgrindsTroubleIsQuoted) {
  test::TempDir dir;
  const std::string log = dir.write(
      "valgrind.log",
      "==16245== Callgrind, a call-graph generating cache profiler\n==16245== \n"
      "--16245-- warning: L3 cache found, using its data for the LL simulation.\n"
      "vex amd64->IR: unhandled instruction bytes: 0x62 0xF1 0xFD 0x48 0xEF 0xC0\n"
      "==16245== valgrind: Unrecognised instruction at address 0x483d870.\n"
      "==16245==    at 0x483D870: z_solve (in /tmp/libavx512.so)\n"
      "==16245==    by 0x2233E1: NativeSolver::solve (in sudoku-bench)\n"
      "==16245==    by 0x1F3383: solve_slice (in sudoku-bench)\n"
      "==16245==    by 0x1F7FEE: concrete_filter (in sudoku-bench)\n"
      "==16245== Your program just tried to execute an instruction that Valgrind\n"
      "==16245== Events    : Ir\n==16245== Collected : 0\n");
  EXPECT_EQ(puzzle::measure::valgrind_trouble(log),
            "  valgrind: Unrecognised instruction at address 0x483d870.\n"
            "     at 0x483D870: z_solve (in /tmp/libavx512.so)\n"
            "     by 0x2233E1: NativeSolver::solve (in sudoku-bench)\n"
            "     by 0x1F3383: solve_slice (in sudoku-bench)\n");
  EXPECT_EQ(puzzle::measure::valgrind_trouble(dir.path("none.log")), "");
}

// ---- the probe: only the solve calls are counted ----------------------------------------------

thread_local bool t_open = false;  // between the probe's begin() and end() on this thread

/// Propagation that records whether the probe was open around each of its solve calls.
class Watched : public puzzle::Solver {
 public:
  static inline std::atomic<int> inside{0}, outside{0};
  puzzle::Result solve(puzzle::PuzzleRef g, const puzzle::Limits& l) override {
    ++(t_open ? inside : outside);
    return inner_->solve(g, l);
  }
  std::unique_ptr<puzzle::Solver> inner_ = puzzle::find_builtin("propagation")->make();
};
std::unique_ptr<puzzle::Solver> make_watched() { return std::make_unique<Watched>(); }
const puzzle::SolverInfo kWatched{"watched", "test only", puzzle::sudoku::kBox9, &make_watched};

/// Counts solve calls as "instructions"; checks that passes and probes nest properly.
class Recorder : public puzzle::measure::SolveCounter {
 public:
  void begin() noexcept override {
    if (t_open || !in_pass) ++misnested;
    t_open = true;
    ++solves;
  }
  void end() noexcept override {
    if (!t_open) ++misnested;
    t_open = false;
  }
  void begin_pass(std::string_view label) override {
    if (in_pass) ++misnested;
    in_pass = true;
    solves = 0;
    labels.emplace_back(label);
  }
  std::optional<puzzle::measure::Counts> end_pass(std::string_view label) override {
    if (!in_pass || label != labels.back()) ++misnested;
    in_pass = false;
    puzzle::measure::Counts c;
    c.instructions = double(solves.load());
    return c;
  }
  std::atomic<int> solves{0};
  int misnested = 0;
  bool in_pass = false;
  std::vector<std::string> labels;
};

TEST(Count, TheProbeBracketsEachSolveCallAndTheWarmUpIsNotCounted) {
  Recorder rec;
  puzzle::measure::BenchConfig bc;
  bc.files = {default_dataset()};
  bc.solvers = {&kWatched, puzzle::find_builtin("dlx")};
  bc.reps = 2;
  bc.first = 30;
  bc.threads = 2;        // counting runs on one thread whatever this says
  bc.warmup_s = 0.001;   // an uncounted pass (ten puzzles) before each counted one
  bc.min_time_s = 10;    // does not apply: one counted pass
  bc.counter = &rec;
  Watched::inside = 0, Watched::outside = 0;
  const auto res = puzzle::measure::run_bench(bc);
  EXPECT_EQ(rec.misnested, 0);
  ASSERT_EQ(res.rows.size(), 4u);  // 2 repetitions x 2 solvers
  ASSERT_EQ(rec.labels.size(), 4u);
  // Each pass is labelled with the index of the row it makes (rows: by repetition, then solver).
  std::vector<std::string> sorted = rec.labels;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(sorted[i], puzzle::measure::callgrind_label(i));
  for (const BenchRow& r : res.rows) {
    EXPECT_EQ(r.threads, 1);
    EXPECT_EQ(r.passes, 1u);
    EXPECT_EQ(r.puzzles, 30u);
    EXPECT_EQ(r.instructions, 30);  // one probed solve call per puzzle, none from the warm-up
    EXPECT_EQ(r.instructions_per_puzzle, 1);
    EXPECT_TRUE(std::isnan(r.puzzles_per_s));  // no time under a counter
    EXPECT_TRUE(std::isnan(r.mean_us));
    EXPECT_TRUE(std::isnan(r.est_cycles));      // no cache columns from this counter
    EXPECT_GT(r.nodes, 0u);                     // the exact work counters as ever
  }
  EXPECT_EQ(Watched::inside, 60);   // the counted passes
  EXPECT_EQ(Watched::outside, 20);  // the warm-up passes: the first ten puzzles each
  // The counted rows write and read back: counts exact, times blank.
  std::string csv = puzzle::measure::bench_schema().header();
  for (const auto& r : res.rows) csv += puzzle::measure::bench_schema().row(r);
  EXPECT_TRUE(has(csv, ",30,1.0,,,,,")) << csv;
  const BenchFile back = puzzle::measure::parse_bench_csv(csv, "counted");
  ASSERT_EQ(back.rows.size(), 4u);
  EXPECT_EQ(back.rows[0].instructions, 30);
  EXPECT_TRUE(std::isnan(back.rows[0].puzzles_per_s));
  const auto sums = puzzle::measure::summarize(back.rows);
  ASSERT_EQ(sums.size(), 2u);
  EXPECT_EQ(sums[0].instructions_per_puzzle, 1);
  EXPECT_TRUE(std::isnan(sums[0].pps_median));
  EXPECT_TRUE(std::isnan(sums[0].pps_min));
}

// ---- perf: where the machine allows ------------------------------------------------------------

TEST(Count, PerfCountsWhereTheMachineAllowsAndSaysWhyNotElsewhere) {
  const std::string why = puzzle::measure::perf_unavailable();
  if (!why.empty()) {
    // This machine cannot: the method refuses with the reason, as the CLI does (exit 2).
    try {
      puzzle::measure::make_perf_counter();
      FAIL() << "a perf counter was made where perf_unavailable() says: " << why;
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), why);
    }
    const auto r = test::command("bench " + default_dataset() + " -s dlx --first 5 --measure instructions "
                             "--count-with perf");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_TRUE(has(r.out, why)) << r.out;
    GTEST_SKIP() << "perf_event_open cannot count here: " << why;
  }
  auto counter = puzzle::measure::make_perf_counter();
  auto count = [&counter](uint64_t first) {
    puzzle::measure::BenchConfig bc;
    bc.files = {default_dataset()};
    bc.solvers = {puzzle::find_builtin("propagation")};
    bc.first = first;
    bc.reps = 1;
    bc.counter = counter.get();
    return puzzle::measure::run_bench(bc).rows.at(0).instructions;
  };
  const double a = count(100), b = count(100), c = count(200);
  EXPECT_GT(a, 100 * 1000.0);  // a 9x9 solve is thousands of instructions
  EXPECT_NEAR(a, b, a * 0.001);  // nearly exact: interrupts add a few
  EXPECT_GT(c, a * 1.3);
}

// The perf method's own path (a counter per solving thread, enabled around each solve call,
// reset between passes, summed at the end), on the kernel's task clock where the CPU has no
// instruction counter for us: a machine without one still runs it. The driver times each solve
// call with the probe inside the timed region, so the clock the counter reads can only be less
// than the driver's total (less still when the thread waited for a core); were reading,
// parsing or verifying counted, it would be more (they take about as long as propagation's
// solve calls on default.txt: were they counted, the test fails, as it did while drafted).
TEST(Count, PerfPathCountsOnlyTheSolveCallsOnAnyKernelsClock) {
  const std::string why = puzzle::measure::perf_unavailable(puzzle::measure::PerfEvent::task_clock);
  if (!why.empty()) GTEST_SKIP() << "perf_event_open has no task clock here either: " << why;
  auto counter = puzzle::measure::make_perf_counter(puzzle::measure::PerfEvent::task_clock);
  for (int pass = 1; pass <= 3; ++pass) {  // the counter is reset between passes
    puzzle::run::RunConfig cfg;
    cfg.files = {default_dataset()};
    cfg.solvers = {puzzle::find_builtin("propagation")};
    cfg.threads = pass;  // a counter per solving thread, summed
    cfg.max_records = 500;
    cfg.probe = counter.get();
    counter->begin_pass("pass");
    const puzzle::run::RunReport rep = puzzle::run::run_passes(cfg);
    const double counted = counter->end_pass("pass").value().instructions;  // here: nanoseconds
    const double timed = double(rep.summaries.at(0).total_ns);
    EXPECT_GT(counted, 0) << "pass " << pass;  // a lower bound says little: a loaded machine preempts
    EXPECT_LT(counted, 1.05 * timed) << "pass " << pass << ": " << counted << " of " << timed << " ns";
  }
}

// ---- callgrind: the tool runs itself under valgrind ---------------------------------------------

/// The count columns of `path`'s rows, by solver.
std::map<std::string, BenchRow> rows_of(const std::string& path) {
  std::map<std::string, BenchRow> out;
  for (const BenchRow& r : puzzle::measure::read_bench_csv(path).rows) out[r.solver] = r;
  return out;
}

TEST(Count, CallgrindCountsAPluginsSolveCallsExactly) {
  std::string why;
  if (!puzzle::measure::find_valgrind(&why)) GTEST_SKIP() << "cannot count under callgrind: " << why;
  test::TempDir dir;
  const std::string cmd = "bench " + default_dataset() + " --plugin " SLOWDOWN_PLUGIN
                          " -s slowdown,propagation --first 30 --measure instructions --count-with callgrind -o ";
  auto r = test::command(cmd + dir.path("a.csv"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "instructions/pz")) << r.out;
  r = test::command(cmd + dir.path("a2.csv"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  r = test::cli(cmd + dir.path("b.csv"), "SLOWDOWN_PER_NODE=50 ");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string csv = test::slurp(dir.path("a.csv"));
  for (const char* k : {"# measure: instructions", "# count_method: callgrind", "# count_tool: valgrind-",
                        "--I1=32768,8,64", "# est_cycles: L1 hits + 5 x LL hits + 35 x RAM hits", "# simd: ",
                        "# threads: 1", "# reps: 1", "# plugin", "sha256="})
    EXPECT_TRUE(has(csv, k)) << k << "\n" << csv;
  EXPECT_FALSE(has(csv, "# simd: avx3")) << csv;  // valgrind cannot run AVX-512: capped at avx2
  auto a = rows_of(dir.path("a.csv")), a2 = rows_of(dir.path("a2.csv")), b = rows_of(dir.path("b.csv"));
  for (const char* s : {"slowdown", "propagation"}) {
    const BenchRow& x = a.at(s);
    EXPECT_GT(x.instructions, 30 * 1000.0) << s;
    EXPECT_NEAR(x.instructions_per_puzzle, x.instructions / 30, 0.05) << s;  // one decimal
    EXPECT_GE(x.l1_hits + x.ll_hits + x.ram_hits, x.instructions) << s;  // every instruction is fetched
    EXPECT_EQ(x.est_cycles, x.l1_hits + 5 * x.ll_hits + 35 * x.ram_hits) << s;
    // Deterministic: the same build on the same data counts the same, every column.
    const BenchRow& y = a2.at(s);
    EXPECT_EQ(x.instructions, y.instructions) << s;
    EXPECT_EQ(x.est_cycles, y.est_cycles) << s;
    EXPECT_EQ(x.nodes, y.nodes) << s;
  }
  // The planted loop is counted in full, and nothing else moved: 50 iterations a node, a few
  // instructions each (an increment, a compare, a branch).
  const double iterations = 50.0 * double(a.at("slowdown").nodes);
  const double per_iteration = (b.at("slowdown").instructions - a.at("slowdown").instructions) / iterations;
  EXPECT_GE(per_iteration, 2.0);
  EXPECT_LE(per_iteration, 4.1);
  EXPECT_EQ(b.at("slowdown").nodes, a.at("slowdown").nodes);
  EXPECT_EQ(b.at("propagation").instructions, a.at("propagation").instructions);
  // regress sees it: the plug-in did more work, propagation did not.
  r = test::command("regress " + dir.path("a.csv") + " " + dir.path("b.csv"));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "| slowdown |")) << r.out;
  EXPECT_TRUE(has(r.out, "**FAIL: more work**")) << r.out;
  r = test::command("regress " + dir.path("a.csv") + " " + dir.path("a2.csv"));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "+0.000% | same | ok |")) << r.out;
  EXPECT_FALSE(has(r.out, "### Where")) << r.out;

  // Where: the per-function counts beside each file, whose self counts add up to the row's
  // instructions; regress names the planted function first, with all of the change.
  EXPECT_TRUE(has(csv, "# functions: a.functions.csv")) << csv;
  const auto fa = puzzle::measure::read_functions_csv(dir.path("a.functions.csv"));
  for (const char* s : {"slowdown", "propagation"}) {
    double self = 0;
    for (const auto& f : fa.rows)
      if (f.solver == s && f.count.caller.empty()) self += double(f.count.self);
    EXPECT_EQ(self, a.at(s).instructions) << s;
  }
  r = test::command("regress " + dir.path("a.csv") + " " + dir.path("b.csv") + " --functions-csv " +
                    dir.path("f.csv") + " --folded " + dir.path("d.folded"));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  const std::size_t where = r.out.find("### Where slowdown on ");
  ASSERT_NE(where, std::string::npos) << r.out;
  const std::size_t first = r.out.find("\n| `", where);  // the table's first row
  ASSERT_NE(first, std::string::npos) << r.out;
  EXPECT_TRUE(r.out.substr(first + 1).starts_with("| `planted_slowdown` | libslowdown_plugin.so | ")) << r.out;
  EXPECT_FALSE(has(r.out, "### Where propagation")) << r.out;
  const std::string fcsv = test::slurp(dir.path("f.csv"));
  const std::size_t line = fcsv.find("\n" + std::string(std::filesystem::path(default_dataset()).filename()) +
                                     ",slowdown,planted_slowdown,");
  ASSERT_NE(line, std::string::npos) << fcsv;
  const auto fields = puzzle::io::split_csv_line(fcsv.substr(line + 1, fcsv.find('\n', line + 1) - line - 1));
  EXPECT_GT(std::stod(fields.at(7)), 0.99) << fcsv;  // self_share
  // The folded stacks: the planted function's path, under the plug-in's solve call, grew.
  const std::string folded = test::slurp(dir.path("d.folded"));
  const std::size_t at = folded.find(";slow_solve;planted_slowdown ");
  ASSERT_NE(at, std::string::npos) << folded;
  std::istringstream counts(folded.substr(at + 29, folded.find('\n', at) - at - 29));
  double before = 0, after = 0;
  counts >> before >> after;
  EXPECT_GT(after, before + 1000) << folded;
}

TEST(Count, TheCliRefusesWhatCannotBeCounted) {
  const std::string base = "bench " + default_dataset() + " --first 5 ";
  auto r = test::command(base + "-s dlx --measure instructions -j 2");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "one thread")) << r.out;
  r = test::command(base + "-s dlx --count-with callgrind");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "only with --measure instructions")) << r.out;
  // A program of its own (--exec, --exec-batch; registered only once it answers a puzzle).
  const std::string py = std::string("py='/usr/bin/python3 ") + SUDOKU_SOURCE_DIR + "/tests/exec/solver.py'";
  for (const char* kind : {"--exec", "--exec-batch"}) {
    r = test::command(base + "-s dlx,py " + kind + " " + py + " --measure instructions");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_TRUE(has(r.out, "'py' is a program of its own")) << kind << ": " << r.out;
  }
  r = test::command(base + "-s dlx --measure cycles");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  // Outside valgrind, the child's side of the callgrind method refuses to run.
  r = test::command(base + "-s dlx --measure instructions --count-child /tmp");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "under valgrind")) << r.out;
  // Valgrind cannot run AVX-512: asked for by name, it is refused before anything runs (the
  // default choice is capped at avx2 instead: CallgrindCountsAPluginsSolveCallsExactly).
  const auto targets = puzzle::simd::available();
  if (std::find(targets.begin(), targets.end(), "avx3") != targets.end() && puzzle::measure::find_valgrind(nullptr)) {
    r = test::cli(base + "-s propagation --measure instructions --count-with callgrind", "SUDOKU_SIMD=avx3 ");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_TRUE(has(r.out, "SUDOKU_SIMD=avx3 is AVX-512")) << r.out;
  }
}

// ---- regress on counts ---------------------------------------------------------------------------

/// A counted bench CSV: (solver, instructions per puzzle, est. cycles per puzzle), 100 puzzles.
BenchFile counted(const std::vector<std::tuple<std::string, double, double>>& rows,
                  const std::string& method = "callgrind", const std::string& simd = "avx2") {
  BenchFile f;
  f.meta = {{"measure", "instructions"}, {"simd", simd}, {"count_method", method}, {"count_tool", "valgrind-3.19.0 ..."}};
  for (const auto& [solver, instr, cycles] : rows) {
    BenchRow r;
    r.dataset = "/x/default.txt";
    r.solver = solver;
    r.rep = 1;
    r.puzzles = 100;
    r.nodes = 1234;
    r.puzzles_per_s = r.mean_us = std::nan("");
    puzzle::measure::Counts c;
    c.instructions = instr * 100;
    c.l1_hits = cycles * 100;  // all hits in L1: est. cycles = L1 hits
    c.ll_hits = c.ram_hits = 0;
    puzzle::measure::set_counts(r, c);
    f.rows.push_back(r);
  }
  return f;
}

TEST(RegressCounts, GrowthBeyondTheToleranceFailsAndNothingElse) {
  const BenchFile base = counted({{"a", 10000, 20000}, {"b", 10000, 20000}, {"c", 10000, 20000}});
  puzzle::measure::RegressOptions o;  // default: 1%
  auto rep = puzzle::measure::regress(base, counted({{"a", 10090, 20900}, {"b", 10110, 20000}, {"c", 10000, 21100}}), o);
  EXPECT_TRUE(rep.failed());
  EXPECT_EQ(rep.counted, 3);
  EXPECT_EQ(rep.more_work, 2);
  EXPECT_FALSE(item(rep, "a").more_work);  // +0.9% instructions, +4.5% estimated cycles
  EXPECT_TRUE(item(rep, "b").more_work);   // +1.1% instructions
  EXPECT_TRUE(item(rep, "c").more_work);   // same instructions, +5.5% estimated cycles
  EXPECT_NEAR(item(rep, "b").instructions_change, 0.011, 1e-12);
  EXPECT_EQ(item(rep, "a").timed, false);  // counted rows have no time
  const std::string md = rep.markdown();
  EXPECT_TRUE(has(md, "| b | 10000.0 → 10110.0 | +1.100% |")) << md;
  EXPECT_TRUE(has(md, "| +1.100% | 20000.0 → 20000.0 | +0.000% | same | **FAIL: more work** |")) << md;
  EXPECT_TRUE(has(md, "instructions growing by more than 1%, or estimated cycles by more than 5%")) << md;
  EXPECT_FALSE(has(md, "p-value")) << md;  // no time columns
  // A wider tolerance lets them pass; less work is reported, not failed.
  o.count_tolerance = 0.02;
  o.cycles_tolerance = 0.10;
  EXPECT_FALSE(puzzle::measure::regress(base, counted({{"a", 10150, 21900}, {"b", 10000, 20000}, {"c", 10000, 20000}}), o).failed());
  rep = puzzle::measure::regress(base, counted({{"a", 9000, 20000}, {"b", 10000, 20000}, {"c", 10000, 20000}}), o);
  EXPECT_FALSE(rep.failed());
  EXPECT_TRUE(item(rep, "a").less_work);  // -10% instructions
  EXPECT_TRUE(has(rep.markdown(), "less work")) << rep.markdown();
}

TEST(RegressCounts, MissingCountsFailAndOtherMethodsAreRefused) {
  const BenchFile base = counted({{"a", 10000, 20000}});
  BenchFile timed = counted({{"a", 10000, 20000}});
  timed.meta.clear();
  for (auto& r : timed.rows) r.instructions_per_puzzle = r.est_cycles_per_puzzle = std::nan(""), r.puzzles_per_s = 5000;
  // A timed run against a counted one, either way round, compares nothing: refused.
  EXPECT_THROW(puzzle::measure::regress(base, timed, {}), std::runtime_error);
  EXPECT_THROW(puzzle::measure::regress(timed, base, {}), std::runtime_error);
  // A counted run whose rows have no counts (a dump lost): fails as not counted.
  BenchFile lost = counted({{"a", 10000, 20000}, {"b", 10000, 20000}});
  lost.rows[1].instructions_per_puzzle = lost.rows[1].est_cycles_per_puzzle = std::nan("");
  auto rep = puzzle::measure::regress(counted({{"a", 10000, 20000}, {"b", 10000, 20000}}), lost, {});
  EXPECT_TRUE(rep.failed());
  EXPECT_EQ(rep.uncounted, 1);
  EXPECT_TRUE(has(rep.markdown(), "**FAIL: not counted**")) << rep.markdown();
  EXPECT_THROW(puzzle::measure::regress(base, counted({{"a", 10000, 20000}}, "perf"), {}), std::runtime_error);
  // Another instruction set: compared, and said.
  rep = puzzle::measure::regress(base, counted({{"a", 11000, 21000}}, "callgrind", "baseline"), {});
  EXPECT_TRUE(rep.failed());
  EXPECT_TRUE(has(rep.markdown(), "Note: simd differs: `avx2` in the baseline, `baseline` in the current run"))
      << rep.markdown();
}

}  // namespace
