// `bench`: repeated, interleaved, verified timing of solvers on datasets (sudoku/bench/bench.hpp
// does the work); a table on the terminal, the per-repetition CSV and the summary CSV.
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/session.hpp"
#include "cli/solver_options.hpp"
#include "cli/table.hpp"
#include "sudoku/bench/bench.hpp"
#include "sudoku/machine.hpp"
#include "sudoku/io/csv.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/registry.hpp"

namespace cli {
namespace {

struct BenchOptions {
  std::vector<std::string> files;
  std::string solvers = "all";
  std::string baseline;  ///< default: the first solver
  int reps = 5;
  double warmup = 0.2;
  double min_time = 0;
  bool shuffle = false;
  uint64_t seed = 1;
  int threads = 0;
  uint64_t first = 0;
  uint64_t limit = 1;
  uint64_t budget = sudoku::kDefaultBudget;
  std::string rows;
  std::string summary;
  ExternalSolverOptions ext;  ///< --plugin, --exec, --exec-batch
};

std::string ratio_cell(double med, double lo, double hi) {
  if (!std::isfinite(med)) return "-";
  return fmt::format("{:.2f}x [{:.2f}-{:.2f}]", med, lo, hi);
}

std::string bench_table(const std::vector<sudoku::BenchSummary>& sums, const std::string& baseline) {
  Table t({"dataset", "solver", "reps", "puzzles/s", "min-max", "mean µs", "median", "p90", "p99",
           "max µs", "guesses/pz", "%no-guess", "vs " + baseline});
  for (const auto& s : sums) {
    t.add({short_name(s.dataset), s.solver, std::to_string(s.reps),
           human(s.pps_median), human(s.pps_min) + "-" + human(s.pps_max), micro(s.mean_us),
           micro(s.median_us), micro(s.p90_us), micro(s.p99_us), micro(s.max_us),
           fmt::format("{:.2f}", s.guesses_per_puzzle), fmt::format("{:.1f}", s.no_guess_pct),
           ratio_cell(s.ratio_median, s.ratio_min, s.ratio_max)});
  }
  return t.render(2);
}

int run_bench_cmd(const BenchOptions& opt, const Context& ctx) {
  sudoku::BenchConfig bc;
  bc.files = opt.files;
  const auto ext = register_external_solvers(opt.ext);
  const sudoku::PuzzleKind kind = input_kind(opt.files);
  bc.solvers = parse_solvers(opt.solvers, kind);
  if (!opt.baseline.empty()) bc.baseline = parse_solvers(opt.baseline, kind).at(0);
  bc.reps = opt.reps;
  bc.warmup_s = opt.warmup;
  bc.min_time_s = opt.min_time;
  bc.shuffle = opt.shuffle;
  bc.seed = opt.seed;
  bc.threads = opt.threads > 0 ? opt.threads : sudoku::available_cores();
  bc.first = opt.first;
  bc.limits.solutions = opt.limit;
  bc.limits.budget = opt.budget;
  for (const auto& f : bc.files)
    if (sudoku::is_stream(f))
      throw UsageError(fmt::format("{}: bench reads each file many times: give a regular file, not "
                                   "stdin, a pipe or a device", f));

  Session session(ctx, bc.threads);
  for (const auto& f : bc.files) session.input(f);
  const std::string baseline_name(bc.baseline ? bc.baseline->name : bc.solvers.front()->name);
  session.record("baseline_solver", baseline_name);
  for (const auto& [k, v] : ext) session.record(k, v);
  session.record("reps", std::to_string(opt.reps));
  session.record("warmup_s", fmt::format("{}", opt.warmup));
  session.record("min_time_s", fmt::format("{}", opt.min_time));
  session.record("order", opt.shuffle ? "shuffled" : "rotated");
  session.record("seed", std::to_string(opt.seed));
  session.record("first", opt.first ? std::to_string(opt.first) : "all");
  session.record("limit", std::to_string(opt.limit));
  session.record("budget", std::to_string(opt.budget));
  sudoku::OutputFile* rows = session.output(opt.rows, "bench CSV");
  sudoku::OutputFile* summary = session.output(opt.summary, "summary CSV");
  session.start();
  return session.run([&] {
    bc.stop = session.stop_flag();
    bc.on_step = [&session](const std::string& s) { session.progress().line(s); };
    if (rows != nullptr) {
      rows->write(session.header() + sudoku::bench_schema().header());
      bc.on_rows = [rows](const std::vector<sudoku::BenchRow>& rep) {  // each repetition as it ends
        fmt::memory_buffer b;
        for (const auto& r : rep) sudoku::bench_schema().write(b, r);
        rows->write({b.data(), b.size()});
        rows->flush();
      };
    }
    const sudoku::BenchResult res = sudoku::run_bench(bc);
    session.progress().clear();
    const auto sums = sudoku::summarize(res.rows);
    if (summary != nullptr) {
      fmt::memory_buffer b;
      for (const auto& s : sums) sudoku::bench_summary_schema().write(b, s);
      summary->write(session.header() + sudoku::bench_summary_schema().header());
      summary->write({b.data(), b.size()});
    }
    fmt::print(session.term(), "{} repetitions, {} threads; medians across repetitions; ratios to {} in the "
                               "same repetition\n\n{}",
               opt.reps, bc.threads, res.baseline, bench_table(sums, res.baseline));
    fmt::print(session.term(), "{}", exec_floor_note(bc.solvers));  // --exec: the protocol's cost
    Session::Outcome o;
    o.wrong = res.wrong();
    o.errors = res.errors();
    o.read_errors = res.read_errors;
    return o;
  });
}

}  // namespace

void add_bench_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<BenchOptions>();
  auto* b = app.add_subcommand(
      "bench", "Time solvers on datasets: warm-up, interleaved repetitions, spread, ratios to a "
               "baseline solver, exact work counters (for 'regress')");
  b->add_option("files", opt->files, "Puzzle files (any format 'solve' reads; not stdin)")->required();
  b->add_option("-s,--solver", opt->solvers, "Solver name(s), comma-separated, or 'all'")
      ->capture_default_str();
  b->add_option("--reps", opt->reps, "Timed repetitions per (dataset, solver); the U test of "
                                     "'regress' needs at least 4")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  b->add_option("--warmup", opt->warmup, "Warm-up seconds per (dataset, solver), every answer "
                                         "verified; at least one pass unless 0")
      ->check(CLI::Range(0.0, 1e6))
      ->capture_default_str();
  b->add_option("--min-time", opt->min_time, "Seconds per repetition: passes are repeated until "
                                             "then, so small files still time well")
      ->check(CLI::Range(0.0, 1e6))
      ->capture_default_str();
  b->add_flag("--shuffle", opt->shuffle, "Shuffle the solver order of each repetition (default: "
                                         "rotate it)");
  b->add_option("--seed", opt->seed, "Seed of --shuffle (recorded in the CSV)")->capture_default_str();
  b->add_option("--baseline-solver", opt->baseline, "Solver the ratios are relative to (default: "
                                                    "the first; run too if not listed)");
  b->add_option("-j,--threads", opt->threads, "Worker threads (default: the cores this process may use)")
      ->check(CLI::Range(1, 1024));
  b->add_option("--first", opt->first, "Only the first N puzzles of each file (short CI runs)")
      ->check(CLI::Range(uint64_t{1}, UINT64_MAX));
  b->add_option("--limit", opt->limit, "Solutions to count per puzzle (1 finds one, 2 proves "
                                       "uniqueness)")
      ->check(CLI::Range(uint64_t{1}, UINT64_MAX))
      ->capture_default_str();
  b->add_option("--budget", opt->budget, "Work budget per puzzle in nodes; 0 = unlimited")
      ->capture_default_str();
  b->add_option("-o,--output", opt->rows, "Bench CSV: one row per (dataset, solver, repetition); "
                                          "- for stdout");
  b->add_option("--summary", opt->summary, "Summary CSV across repetitions");
  add_external_solver_options(b, opt->ext);
  out.push_back({b, [opt](const Context& ctx) { return run_bench_cmd(*opt, ctx); }});
}

}  // namespace cli
