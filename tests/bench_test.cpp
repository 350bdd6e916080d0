// The bench measurement (measure/bench.hpp) and the Mann-Whitney U test it relies on.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <vector>

#include <nlohmann/json.hpp>

#include "measure/bench.hpp"
#include "measure/gbench.hpp"
#include "measure/mann_whitney.hpp"
#include "measure/spearman.hpp"
#include "io/reader.hpp"
#include "puzzle/registry.hpp"
#include "test_util.hpp"

namespace {

using test::default_dataset;

using puzzle::measure::mann_whitney_u;

// Known values: scipy.stats.mannwhitneyu (its documentation's example: 17.0, 0.1111 exact and
// 0.11134688653314041 asymptotic), and brute-force enumeration of every ordering.
TEST(MannWhitney, ExactMatchesKnownValues) {
  const std::vector<double> males = {19, 22, 16, 29, 24}, females = {20, 11, 17, 12};
  auto r = mann_whitney_u(males, females);
  EXPECT_TRUE(r.exact);
  EXPECT_DOUBLE_EQ(r.u, 17);
  EXPECT_NEAR(r.p, 1.0 / 9, 1e-12);

  r = mann_whitney_u(std::vector<double>{1, 2, 3}, std::vector<double>{4, 5, 6});
  EXPECT_DOUBLE_EQ(r.u, 0);
  EXPECT_NEAR(r.p, 0.1, 1e-12);  // 2 of the C(6,3) = 20 orderings are as extreme
  r = mann_whitney_u(std::vector<double>{1, 2, 3, 4, 5}, std::vector<double>{6, 7, 8, 9, 10});
  EXPECT_NEAR(r.p, 2.0 / 252, 1e-12);
  r = mann_whitney_u(std::vector<double>{1, 3, 5, 7, 9}, std::vector<double>{2, 4, 6, 8, 10});
  EXPECT_DOUBLE_EQ(r.u, 10);
  EXPECT_NEAR(r.p, 0.6904761904761905, 1e-12);
  // Symmetric in its arguments (two-sided).
  EXPECT_NEAR(mann_whitney_u(females, males).p, 1.0 / 9, 1e-12);
  EXPECT_DOUBLE_EQ(mann_whitney_u(females, males).u, 3);
}

TEST(MannWhitney, AsymptoticWithTiesMatchesKnownValues) {
  // Ties force the normal approximation (tie-corrected variance, continuity correction).
  auto r = mann_whitney_u(std::vector<double>{1, 2, 2, 3, 3, 3}, std::vector<double>{3, 4, 4, 5, 6});
  EXPECT_FALSE(r.exact);
  EXPECT_DOUBLE_EQ(r.u, 1.5);
  EXPECT_NEAR(r.p, 0.014647881572517412, 1e-12);
  // Large samples (n1 + n2 > 40): the approximation too.
  std::vector<double> x, y;
  for (int i = 1; i <= 21; ++i) x.push_back(i), y.push_back(i + 10.5);
  r = mann_whitney_u(x, y);
  EXPECT_FALSE(r.exact);
  EXPECT_DOUBLE_EQ(r.u, 55);
  EXPECT_NEAR(r.p, 3.3146414399001704e-05, 1e-15);
}

TEST(MannWhitney, DegenerateSamplesGiveNoEvidence) {
  EXPECT_EQ(mann_whitney_u(std::vector<double>{}, std::vector<double>{1, 2}).p, 1);
  EXPECT_EQ(mann_whitney_u(std::vector<double>{5, 5, 5}, std::vector<double>{5, 5}).p, 1);
}

TEST(Spearman, RanksWithTies) {
  EXPECT_EQ(puzzle::measure::ranks({3, 1, 2, 2}), (std::vector<double>{4, 1, 2.5, 2.5}));
  EXPECT_DOUBLE_EQ(puzzle::measure::spearman({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
  EXPECT_DOUBLE_EQ(puzzle::measure::spearman({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
  EXPECT_NEAR(puzzle::measure::spearman({1, 2, 2, 3}, {1, 2, 3, 4}), 0.9486832980505138, 1e-12);
}

TEST(Bench, RowsCountersRatiosAndCsvRoundTrip) {
  puzzle::measure::BenchConfig bc;
  bc.files = {default_dataset()};
  bc.solvers = {puzzle::find_builtin("propagation")};
  bc.baseline = puzzle::find_builtin("dlx");  // not listed: added, and run first
  bc.reps = 3;
  bc.warmup_s = 0.01;
  bc.first = 60;
  bc.threads = 2;
  std::vector<puzzle::measure::BenchRow> streamed;  // what on_rows handed out, repetition by repetition
  bc.on_rows = [&streamed](const std::vector<puzzle::measure::BenchRow>& rep) {
    EXPECT_EQ(rep.size(), 2u);
    streamed.insert(streamed.end(), rep.begin(), rep.end());
  };
  const auto res = puzzle::measure::run_bench(bc);
  ASSERT_EQ(res.rows.size(), 6u);
  EXPECT_EQ(res.baseline, "dlx");
  EXPECT_EQ(res.wrong(), 0u);
  EXPECT_FALSE(res.interrupted);
  ASSERT_EQ(streamed.size(), 6u);
  for (std::size_t i = 0; i < res.rows.size(); ++i) {  // by repetition, then solver
    const auto& r = res.rows[i];
    EXPECT_EQ(r.solver, i % 2 == 0 ? "dlx" : "propagation");
    EXPECT_EQ(r.rep, int(i / 2) + 1);
    EXPECT_EQ(streamed[i].solver, r.solver);
    EXPECT_EQ(streamed[i].ratio_to_baseline, r.ratio_to_baseline);
    EXPECT_EQ(r.puzzles, 60u);  // --first
    EXPECT_EQ(r.found, 60u);
    EXPECT_GT(r.puzzles_per_s, 0);
    EXPECT_GT(r.nodes, 0u);
    // Exact counters: the same in every repetition.
    EXPECT_EQ(r.nodes, res.rows[i % 2].nodes);
    EXPECT_EQ(r.guesses_total, res.rows[i % 2].guesses_total);
    if (r.solver == "dlx") EXPECT_DOUBLE_EQ(r.ratio_to_baseline, 1.0);
    else EXPECT_NEAR(r.ratio_to_baseline, r.puzzles_per_s / res.rows[i - 1].puzzles_per_s, 1e-9);
  }
  std::string csv = puzzle::measure::bench_schema().header();
  for (const auto& r : res.rows) csv += puzzle::measure::bench_schema().row(r);
  // Concatenated files (a second header and `#` lines) read as one.
  csv += "# tool: again\n" + puzzle::measure::bench_schema().header() + puzzle::measure::bench_schema().row(res.rows[0]);
  const auto back = puzzle::measure::parse_bench_csv("# baseline_solver: dlx\n" + csv, "mem");
  ASSERT_EQ(back.rows.size(), 7u);
  EXPECT_EQ(back.meta.at(0).first, "baseline_solver");
  EXPECT_EQ(back.meta.at(0).second, "dlx");
  for (std::size_t i = 0; i < res.rows.size(); ++i) {
    EXPECT_EQ(back.rows[i].dataset, res.rows[i].dataset);
    EXPECT_EQ(back.rows[i].nodes, res.rows[i].nodes);
    EXPECT_EQ(back.rows[i].backtracks_total, res.rows[i].backtracks_total);
    EXPECT_NEAR(back.rows[i].puzzles_per_s, res.rows[i].puzzles_per_s, 0.1);
  }
  const auto sums = puzzle::measure::summarize(res.rows);
  ASSERT_EQ(sums.size(), 2u);
  EXPECT_EQ(sums[1].solver, "propagation");
  EXPECT_EQ(sums[1].reps, 3);
  EXPECT_LE(sums[1].pps_min, sums[1].pps_median);
  EXPECT_LE(sums[1].pps_median, sums[1].pps_max);
  EXPECT_DOUBLE_EQ(sums[0].ratio_median, 1.0);
}

TEST(Bench, StopKeepsTheFinishedRepetitions) {
  std::atomic<bool> stop{false};
  puzzle::measure::BenchConfig bc;
  bc.files = {default_dataset()};
  bc.solvers = {puzzle::find_builtin("dlx"), puzzle::find_builtin("propagation")};
  bc.reps = 5;
  bc.warmup_s = 0;
  bc.first = 30;
  bc.threads = 1;
  bc.stop = &stop;
  int reps_seen = 0;
  bc.on_rows = [&](const std::vector<puzzle::measure::BenchRow>&) {
    if (++reps_seen == 2) stop = true;  // as SIGTERM would, between two repetitions
  };
  const auto res = puzzle::measure::run_bench(bc);
  EXPECT_TRUE(res.interrupted);
  EXPECT_EQ(reps_seen, 2);
  ASSERT_EQ(res.rows.size(), 4u);
  EXPECT_EQ(res.rows.back().rep, 2);
}

TEST(Bench, BadCsvIsNamed) {
  EXPECT_THROW(puzzle::measure::parse_bench_csv("a,b\n1,2\n", "x.csv"), std::runtime_error);
  try {
    puzzle::measure::parse_bench_csv(puzzle::measure::bench_schema().header() + "d,s,1,1\n", "x.csv");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("x.csv:2:"), std::string::npos) << e.what();
  }
  EXPECT_THROW(puzzle::measure::read_bench_csv("/nonexistent/b.csv"), puzzle::io::InputError);
  EXPECT_EQ(puzzle::io::split_csv_line("\"a,b\",c,\"q\"\"q\""), (std::vector<std::string>{"a,b", "c", "q\"q"}));
}

// A solver that breaks the determinism contract: its node count changes on every call.
std::atomic<uint64_t> g_calls{0};
class Drifting : public puzzle::Solver {
 public:
  puzzle::Result solve(puzzle::PuzzleRef g, const puzzle::Limits& l) override {
    auto r = inner_->solve(g, l);
    r.work.nodes += g_calls.fetch_add(1) % 2;
    return r;
  }
  std::unique_ptr<puzzle::Solver> inner_ = puzzle::find_builtin("propagation")->make();
};
std::unique_ptr<puzzle::Solver> make_drifting() { return std::make_unique<Drifting>(); }

TEST(Bench, NondeterministicSolverIsRefused) {
  const puzzle::SolverInfo drifting{"drifting", "test only", puzzle::sudoku::kBox9, &make_drifting};
  puzzle::measure::BenchConfig bc;
  bc.files = {default_dataset()};
  bc.solvers = {&drifting};
  bc.reps = 2;
  bc.warmup_s = 0;
  bc.first = 11;
  bc.threads = 1;
  EXPECT_THROW(puzzle::measure::run_bench(bc), std::runtime_error);
}

TEST(Bench, BadConfigurationIsRefused) {
  puzzle::measure::BenchConfig bc;
  bc.files = {default_dataset()};
  EXPECT_THROW(puzzle::measure::run_bench(bc), std::invalid_argument);  // no solver
  bc.solvers = {puzzle::find_builtin("dlx")};
  bc.reps = 0;
  EXPECT_THROW(puzzle::measure::run_bench(bc), std::invalid_argument);
  bc.reps = 1;
  bc.files = {"/nonexistent/p.txt"};
  EXPECT_THROW(puzzle::measure::run_bench(bc), puzzle::io::InputError);
}

}  // namespace

// ---- Google Benchmark's JSON (measure/gbench.hpp) -----------------------------------------------

namespace gbench_test {

using Json = nlohmann::json;

puzzle::measure::BenchRow timed_row(const std::string& solver, int rep, double pps) {
  puzzle::measure::BenchRow r;
  r.dataset = "data/d.txt";
  r.solver = solver;
  r.threads = 2;
  r.rep = rep;
  r.puzzles = 100;
  r.passes = 2;
  r.wall_s = 200 / pps;
  r.cpu_s = 2 * r.wall_s;  // two busy threads
  r.puzzles_per_s = pps;
  r.nodes = 1234;
  r.found = 100;
  r.ratio_to_baseline = solver == "dlx" ? 1.0 : pps / 1000;
  return r;
}

TEST(Gbench, TimedRowsAreGoogleBenchmarksRepetitionsAndAggregates) {
  std::vector<puzzle::measure::BenchRow> rows;
  const double pps[3] = {1000, 2000, 4000};
  for (int rep = 1; rep <= 3; ++rep) {
    rows.push_back(timed_row("dlx", rep, pps[rep - 1]));
    rows.push_back(timed_row("propagation", rep, 10 * pps[rep - 1]));
  }
  puzzle::measure::GbenchMachine m;
  m.host_name = "h";
  m.executable = "sudoku-bench";
  m.num_cpus = 2;
  const puzzle::io::Meta meta = {{"date", "2026-01-02T03:04:05Z"}, {"build", "Release"}, {"measure", "time"},
                                 {"dataset", "a sha256=1"}, {"dataset", "b sha256=2"}};
  const Json doc = Json::parse(puzzle::measure::gbench_json(meta, rows, m));
  const Json& ctx = doc.at("context");
  EXPECT_EQ(ctx.at("date"), "2026-01-02T03:04:05Z");
  EXPECT_EQ(ctx.at("host_name"), "h");
  EXPECT_EQ(ctx.at("num_cpus"), 2);
  EXPECT_EQ(ctx.at("library_build_type"), "release");
  EXPECT_EQ(ctx.at("dataset"), "a sha256=1; b sha256=2");  // repeated keys joined
  const Json& b = doc.at("benchmarks");
  ASSERT_EQ(b.size(), 14u);  // per solver: 3 repetitions, then mean, median, stddev, cv
  const char* aggregates[] = {"mean", "median", "stddev", "cv"};
  for (int s = 0; s < 2; ++s) {
    const std::string name = s == 0 ? "d.txt/dlx" : "d.txt/propagation";
    for (int i = 0; i < 7; ++i) {
      const Json& x = b.at(std::size_t(7 * s + i));
      EXPECT_EQ(x.at("family_index"), s);
      EXPECT_EQ(x.at("run_name"), name);
      EXPECT_EQ(x.at("repetitions"), 3);
      EXPECT_EQ(x.at("threads"), 2);
      EXPECT_EQ(x.at("time_unit"), "ns");
      if (i < 3) {
        EXPECT_EQ(x.at("name"), name);
        EXPECT_EQ(x.at("run_type"), "iteration");
        EXPECT_EQ(x.at("repetition_index"), i);
        EXPECT_EQ(x.at("iterations"), 200);  // puzzles x passes
        const double p = (s == 0 ? 1 : 10) * pps[i];
        EXPECT_DOUBLE_EQ(x.at("real_time").get<double>(), 1e9 / p);
        EXPECT_DOUBLE_EQ(x.at("cpu_time").get<double>(), 2e9 / p);
        EXPECT_EQ(x.at("nodes"), 1234);
        EXPECT_FALSE(x.contains("instructions_per_puzzle"));  // not measured: left out
      } else {
        EXPECT_EQ(x.at("name"), name + "_" + aggregates[i - 3]);
        EXPECT_EQ(x.at("run_type"), "aggregate");
        EXPECT_EQ(x.at("aggregate_name"), aggregates[i - 3]);
        EXPECT_EQ(x.at("aggregate_unit"), i == 6 ? "percentage" : "time");
      }
    }
  }
  // dlx's times 1e6, 5e5, 2.5e5 ns: mean 583333.3, median 5e5, sample stddev 381881.31, cv 0.6547.
  EXPECT_NEAR(b.at(3).at("real_time").get<double>(), 1750000.0 / 3, 1e-6);
  EXPECT_DOUBLE_EQ(b.at(4).at("real_time").get<double>(), 5e5);
  EXPECT_NEAR(b.at(5).at("real_time").get<double>(), 381881.31, 0.01);
  EXPECT_NEAR(b.at(6).at("real_time").get<double>(), 381881.31 / (1750000.0 / 3), 1e-6);
  EXPECT_EQ(b.at(5).at("nodes"), 0);  // the same in every repetition
}

TEST(Gbench, CountedRowsSayTheirTimesAreInstructions) {
  puzzle::measure::BenchRow r = timed_row("dlx", 1, 1000);
  r.passes = 1;
  puzzle::measure::set_counts(r, {123456.0, 2e5, 10, 1});
  for (double puzzle::measure::BenchRow::*f : {&puzzle::measure::BenchRow::puzzles_per_s, &puzzle::measure::BenchRow::wall_s,
                                               &puzzle::measure::BenchRow::cpu_s})
    r.*f = NAN;
  const Json doc = Json::parse(puzzle::measure::gbench_json({{"measure", "instructions"}}, {r}, {}));
  const Json& b = doc.at("benchmarks");
  ASSERT_EQ(b.size(), 1u);  // one repetition: no aggregates
  EXPECT_DOUBLE_EQ(b[0].at("real_time").get<double>(), 1234.56);
  EXPECT_DOUBLE_EQ(b[0].at("cpu_time").get<double>(), 1234.56);
  EXPECT_DOUBLE_EQ(b[0].at("instructions_per_puzzle").get<double>(), 1234.56);
  EXPECT_NE(b[0].at("label").get<std::string>().find("instructions per puzzle"), std::string::npos);
  EXPECT_FALSE(b[0].contains("ratio_to_baseline"));
}

}  // namespace gbench_test
