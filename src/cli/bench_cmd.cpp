// `bench`: repeated, interleaved, verified timing of solvers on datasets (measure/bench.hpp
// does the work); a table on the terminal, the per-repetition CSV and the summary CSV.
// `--measure instructions` counts what the solve calls execute instead (measure/count.hpp):
// in this process with the CPU's counter (perf), or in a child of this same command run under
// valgrind's callgrind, whose rows and dumps this process reads back (measure's
// count_under_callgrind).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/session.hpp"
#include "cli/solver_options.hpp"
#include "cli/table.hpp"
#include "measure/bench.hpp"
#include "measure/count.hpp"
#include "measure/gbench.hpp"
#include "puzzle/machine.hpp"
#include "io/csv.hpp"
#include "io/reader.hpp"
#include "puzzle/registry.hpp"
#include "puzzle/simd.hpp"

namespace puzzle::cli {
namespace {


/// How `--measure instructions` counts, as decided before the run.
struct CountPlan {
  puzzle::measure::CountMethod method = puzzle::measure::CountMethod::callgrind;
  std::optional<puzzle::measure::Valgrind> valgrind;  ///< callgrind, in the parent
  std::string description;                   ///< the provenance's count_tool line
};

CountPlan plan_count(const BenchOptions& opt) {
  CountPlan p;
  if (!opt.count_child.empty()) return p;  // the child: callgrind, by construction
  const std::string perf_why = opt.count_with == "callgrind" ? "" : puzzle::measure::perf_unavailable();
  if (opt.count_with == "perf" || (opt.count_with == "auto" && perf_why.empty())) {
    if (!perf_why.empty()) throw UsageError("--count-with perf: " + perf_why);
    p.method = puzzle::measure::CountMethod::perf;
    p.description = puzzle::measure::perf_description();
    return p;
  }
  std::string no_vg;
  p.valgrind = puzzle::measure::find_valgrind(&no_vg);
  if (!p.valgrind) {
    throw UsageError(opt.count_with == "callgrind"
                         ? "--count-with callgrind: " + no_vg
                         : fmt::format("--measure instructions: nothing can count here: {}; and {}",
                                       perf_why, no_vg));
  }
  p.description = puzzle::measure::callgrind_description(*p.valgrind);
  return p;
}

/// Valgrind runs up to AVX2, never AVX-512: a callgrind count caps the solvers' default choice
/// of instruction set at avx2 (the CSV's simd line says so); a SUDOKU_SIMD that asks for
/// AVX-512 itself is refused.
void cap_simd_for_valgrind() {
  const std::string now = puzzle::simd::current();
  if (!now.starts_with("avx3")) return;
  const char* env = std::getenv("SUDOKU_SIMD");
  if (env != nullptr && *env != '\0' && std::string_view(env) != "best")
    throw UsageError(fmt::format("counting under callgrind: SUDOKU_SIMD={} is AVX-512, which valgrind cannot "
                                 "run; choose avx2 or below",
                                 env));
  puzzle::simd::use("avx2");
}

/// The callgrind parent (measure::count_under_callgrind): this same command again under
/// valgrind, told by --count-child that it is the counted child and where its files go.
puzzle::measure::BenchResult count_in_callgrind_child(const puzzle::measure::BenchConfig& bc, const CountPlan& plan,
                                                      const Context& ctx) {
  if (ctx.program.empty()) throw std::runtime_error("cannot find this program's path (/proc/self/exe)");
  std::vector<std::string> command = {ctx.program};
  command.insert(command.end(), ctx.args.begin() + 1, ctx.args.end());
  command.push_back("--count-child");
  try {
    return puzzle::measure::count_under_callgrind(bc, *plan.valgrind, std::move(command));
  } catch (const puzzle::measure::CountChildRefused& e) {
    throw UsageError(e.what());
  }
}

std::string ratio_cell(double med, double lo, double hi) {
  if (!std::isfinite(med)) return "-";
  return fmt::format("{:.2f}x [{:.2f}-{:.2f}]", med, lo, hi);
}

std::string count_table(const std::vector<puzzle::measure::BenchSummary>& sums, const std::string& baseline) {
  Table t({"dataset", "solver", "reps", "puzzles", "instructions/pz", "est. cycles/pz", "L1 hits",
           "LL hits", "RAM hits", "guesses/pz", "instr. vs " + baseline});
  for (const auto& s : sums) {
    const puzzle::measure::BenchRow& r = *s.first;
    const double accesses = r.l1_hits + r.ll_hits + r.ram_hits;
    auto share = [accesses](double x) {
      return std::isfinite(x) ? fmt::format("{:.3f}%", 100 * x / accesses) : std::string("-");
    };
    double base = NAN;
    for (const auto& b : sums)
      if (b.dataset == s.dataset && b.solver == baseline) base = b.instructions_per_puzzle;
    t.add({short_name(s.dataset), s.solver, std::to_string(s.reps), human(double(r.puzzles)),
           human(s.instructions_per_puzzle), human(s.est_cycles_per_puzzle), share(r.l1_hits),
           share(r.ll_hits), share(r.ram_hits), fmt::format("{:.2f}", s.guesses_per_puzzle),
           std::isfinite(base) ? fmt::format("{:.3f}x", s.instructions_per_puzzle / base) : "-"});
  }
  return t.render(2);
}

std::string bench_table(const std::vector<puzzle::measure::BenchSummary>& sums, const std::string& baseline) {
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

/// The `#` lines of `header` as (key, value) pairs.
puzzle::io::Meta meta_of(std::string_view header) {
  puzzle::io::Meta out;
  while (!header.empty()) {
    const std::size_t nl = header.find('\n');
    const std::string_view line = header.substr(0, nl);
    header.remove_prefix(nl == std::string_view::npos ? header.size() : nl + 1);
    std::string k, v;
    if (line.starts_with('#') && puzzle::io::split_meta(line.substr(1), k, v)) out.emplace_back(std::move(k), std::move(v));
  }
  return out;
}

/// Where -o sends the rows: the bench CSV and Google Benchmark's JSON (each "" when not asked
/// for). A name goes to the JSON with --format gbench-json, or with --format auto (the default)
/// when it ends in .json.
struct RowOutputs {
  std::string csv, json;
};
RowOutputs row_outputs(const BenchOptions& opt) {
  RowOutputs out;
  for (const std::string& o : opt.rows) {
    const bool json = opt.format == "auto" ? o.size() > 5 && o.ends_with(".json") : opt.format == "gbench-json";
    std::string& slot = json ? out.json : out.csv;
    if (!slot.empty())
      throw UsageError(fmt::format("-o {} and -o {}: two {} outputs; give one of each format at most", slot, o,
                                   json ? "Google Benchmark JSON" : "bench CSV"));
    slot = o;
  }
  return out;
}

}  // namespace

int bench(const BenchOptions& opt, const Context& ctx) {
  const bool counting = opt.measure == "instructions";
  const bool child = !opt.count_child.empty();
  if (!counting && (opt.count_with_given || child))
    throw UsageError("--count-with: only with --measure instructions");
  if (const std::string_view isolate = opt.ext.kind.out_of_process(); counting && !isolate.empty())
    throw UsageError(fmt::format("--measure instructions counts the solve calls in this process; {0} runs "
                                 "plug-ins in child processes: drop {0}", isolate));
  if (counting && opt.threads > 1)
    throw UsageError("--measure instructions counts on one thread (the counts are the same for any "
                     "-j): drop -j");
  // The callgrind child writes its rows as CSV for its parent, whatever the user asked for.
  const RowOutputs outs = child ? RowOutputs{puzzle::measure::counted_rows_file(opt.count_child), ""} : row_outputs(opt);
  if (opt.format == "gbench-json" && outs.json.empty())
    throw UsageError("--format gbench-json: give the file with -o (- for stdout)");
  puzzle::measure::BenchConfig bc;
  bc.files = opt.files;
  const auto ext = register_external_solvers(ctx, opt.ext);
  const puzzle::PuzzleKind kind = input_kind(opt.files);
  bc.solvers = parse_solvers(*ctx.registry, opt.solvers, kind);
  if (!opt.solvers_given) {  // every solver of the kind that takes the files' size (if any does)
    auto taking = bc.solvers;
    std::erase_if(taking, [&](const puzzle::SolverInfo* s) { return !puzzle::io::takes_files(*s, opt.files); });
    if (!taking.empty()) bc.solvers = std::move(taking);
  }
  if (!opt.baseline.empty()) bc.baseline = parse_solvers(*ctx.registry, opt.baseline, kind).at(0);
  if (counting) {
    std::vector<const puzzle::SolverInfo*> all = bc.solvers;
    if (bc.baseline != nullptr) all.push_back(bc.baseline);
    for (const puzzle::SolverInfo* s : all)
      if (s->batch() || s->origin.starts_with("exec: "))
        throw UsageError(fmt::format("--measure instructions: '{}' is a program of its own (--exec, "
                                     "--exec-batch): only solve calls in this process are counted; "
                                     "build it as a --plugin library to count it", s->name));
  }
  const CountPlan plan = counting ? plan_count(opt) : CountPlan{};
  if (counting && !child && plan.method == puzzle::measure::CountMethod::callgrind) cap_simd_for_valgrind();
  bc.reps = counting && !opt.reps_given ? 1 : opt.reps;  // counts do not vary: one is enough
  bc.warmup_s = opt.warmup;
  bc.min_time_s = opt.min_time;
  bc.shuffle = opt.shuffle;
  bc.seed = opt.seed;
  bc.threads = counting ? 1 : puzzle::thread_count(opt.threads);
  bc.first = opt.first;
  bc.limits.solutions = opt.limit;
  bc.limits.budget = opt.budget;
  for (const auto& f : bc.files)
    if (puzzle::io::is_stream(f))
      throw UsageError(fmt::format("{}: bench reads each file many times: give a regular file, not "
                                   "stdin, a pipe or a device", f));

  Session session(ctx, bc.threads);
  if (child) session.quiet_stop();
  for (const auto& f : bc.files) session.input(f);
  const std::string baseline_name(bc.baseline ? bc.baseline->name : bc.solvers.front()->name);
  session.record("baseline_solver", baseline_name);
  for (const auto& [k, v] : ext) session.record(k, v);
  session.record("measure", opt.measure);
  if (counting) {
    session.record("count_method", std::string(puzzle::measure::to_string(plan.method)));
    if (!child) session.record("count_tool", plan.description);
    if (plan.method == puzzle::measure::CountMethod::callgrind)
      session.record("est_cycles", "L1 hits + 5 x LL hits + 35 x RAM hits (iai-callgrind's estimate)");
  }
  session.record("reps", std::to_string(bc.reps));
  if (!counting) {
    session.record("warmup_s", fmt::format("{}", opt.warmup));
    session.record("min_time_s", fmt::format("{}", opt.min_time));
  }
  session.record("order", opt.shuffle ? "shuffled" : "rotated");
  session.record("seed", std::to_string(opt.seed));
  session.record("first", opt.first ? std::to_string(opt.first) : "all");
  session.record("limit", std::to_string(opt.limit));
  session.record("budget", std::to_string(opt.budget));
  // Counted under callgrind into a file: the per-function counts beside it (measure/functions.hpp).
  const std::string& results = outs.csv.empty() ? outs.json : outs.csv;
  const bool per_function = counting && !child && plan.method == puzzle::measure::CountMethod::callgrind &&
                            !results.empty() && results != "-";
  const std::string functions_path = per_function ? puzzle::measure::functions_file_for(results) : "";
  if (per_function) session.record("functions", std::filesystem::path(functions_path).filename().string());
  // The callgrind child writes its rows (no counts: the dumps have them) into its folder only.
  puzzle::io::OutputFile* rows = session.output(outs.csv, "bench CSV");
  puzzle::io::OutputFile* json = session.output(outs.json, "Google Benchmark JSON");
  puzzle::io::OutputFile* summary = session.output(child ? "" : opt.summary, "summary CSV");
  puzzle::io::OutputFile* functions = session.output(functions_path, "per-function counts");
  std::unique_ptr<puzzle::measure::SolveCounter> counter;
  if (counting && (child || plan.method == puzzle::measure::CountMethod::perf)) {
    try {
      counter = child ? puzzle::measure::make_callgrind_marks() : puzzle::measure::make_perf_counter();
    } catch (const std::runtime_error& e) {
      throw UsageError(fmt::format("--measure instructions: {}", e.what()));
    }
  }
  bc.counter = counter.get();
  session.start();
  return session.run([&] {
    bc.stop = session.stop_flag();
    bc.in_flight = session.in_flight();
    bc.on_step = [&session](const std::string& s) { session.progress().line(s); };
    if (rows != nullptr) {
      rows->write(session.header() + puzzle::measure::bench_schema().header());
      bc.on_rows = [rows](const std::vector<puzzle::measure::BenchRow>& rep) {  // each repetition as it ends
        fmt::memory_buffer b;
        for (const auto& r : rep) puzzle::measure::bench_schema().write(b, r);
        rows->write({b.data(), b.size()});
        rows->flush();
      };
    }
    const puzzle::measure::BenchResult res = counting && !child && plan.method == puzzle::measure::CountMethod::callgrind
                                        ? count_in_callgrind_child(bc, plan, ctx)
                                        : puzzle::measure::run_bench(bc);
    session.progress().clear();
    if (json != nullptr)  // one document at the end: what a stopped run measured, complete
      json->write(puzzle::measure::gbench_json(meta_of(session.header()), res.rows,
                                               puzzle::measure::this_machine(ctx.program)));
    if (functions != nullptr) {
      const auto& schema = puzzle::measure::functions_schema();
      fmt::memory_buffer b;
      for (std::size_t i = 0; i < res.functions.size() && i < res.rows.size(); ++i)
        for (const auto& c : res.functions[i])
          schema.write(b, {res.rows[i].dataset, res.rows[i].solver, res.rows[i].rep, c});
      functions->write(session.header() + schema.header());
      functions->write({b.data(), b.size()});
    }
    const auto sums = puzzle::measure::summarize(res.rows);
    if (summary != nullptr) {
      fmt::memory_buffer b;
      for (const auto& s : sums) puzzle::measure::bench_summary_schema().write(b, s);
      summary->write(session.header() + puzzle::measure::bench_summary_schema().header());
      summary->write({b.data(), b.size()});
    }
    if (counting)
      fmt::print(session.term(), "instructions of the solve calls alone, counted by {} ({}); per puzzle; "
                                 "hits: shares of the memory accesses\n\n{}",
                 puzzle::measure::to_string(plan.method), puzzle::simd::current(), count_table(sums, res.baseline));
    else
      fmt::print(session.term(), "{} repetitions, {} threads; medians across repetitions; ratios to {} in the "
                                 "same repetition\n\n{}",
                 opt.reps, bc.threads, res.baseline, bench_table(sums, res.baseline));
    fmt::print(session.term(), "{}", exec_floor_note(bc.solvers));  // --exec: the protocol's cost
    if (!counting)
      for (const auto& sum : sums)
        if (const std::string w = puzzle::measure::spread_warning(sum); !w.empty()) fmt::print(session.err(), "warning: {}\n", w);
    Session::Outcome o;
    // The callgrind child leaves wrong answers and errors to its parent, which reads them from
    // its rows: said once, by the process the user started.
    o.wrong = child ? 0 : res.wrong();
    o.errors = child ? 0 : res.errors();
    o.timeouts = child ? 0 : res.timeouts();
    o.read_errors = res.read_errors;
    if (!child) {
      std::vector<InputUse> use;
      for (const auto& r : res.rows) use.push_back({r.dataset, r.puzzles, r.puzzles > r.invalid});
      judge_inputs(use, res.interrupted, o);
    }
    return o;
  });
}


void add_bench_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<BenchOptions>();
  auto* b = app.add_subcommand(
      "bench", "Time solvers on datasets: warm-up, interleaved repetitions, spread, ratios to a "
               "baseline solver, exact work counters (for 'regress')");
  b->add_option("files", opt->files, "Puzzle files (any format 'solve' reads; not stdin)")->required();
  b->add_option("-s,--solver", opt->solvers,
                "Solver name(s), comma-separated, or 'all'; default: every solver of the files' kind that "
                "takes their size")
      ->each([opt](const std::string&) { opt->solvers_given = true; })
      ->capture_default_str();
  b->add_option("--reps", opt->reps, "Timed repetitions per (dataset, solver); the U test of "
                                     "'regress' needs at least 4 (--measure instructions: 1)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str()
      ->each([opt](const std::string&) { opt->reps_given = true; });
  b->add_option("--warmup", opt->warmup, "Warm-up seconds per (dataset, solver), every answer "
                                         "verified; at least one pass unless 0 (--measure "
                                         "instructions: the first ten puzzles, uncounted, unless 0)")
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
  b->add_option("-o,--output", opt->rows,
                "Bench CSV: one row per (dataset, solver, repetition); a name ending in .json: Google "
                "Benchmark's JSON (see --format); - for stdout. Give -o twice for both")
      ->allow_extra_args(false);
  b->add_option("--format", opt->format,
                "Of -o: csv (the bench CSV, which 'regress' reads), gbench-json (Google Benchmark's "
                "JSON: compare.py, github-action-benchmark, Bencher; docs/counting.md), auto (gbench-json "
                "for a name ending in .json, else csv)")
      ->check(CLI::IsMember({"auto", "csv", "gbench-json"}))
      ->capture_default_str();
  b->add_option("--summary", opt->summary, "Summary CSV across repetitions");
  b->add_option("--measure", opt->measure,
                "time: puzzles per second (a quiet machine); instructions: count what the solve "
                "calls execute, one pass each on one thread, exact whatever the machine's load "
                "(CI gates; 'regress' compares the counts)")
      ->check(CLI::IsMember({"time", "instructions"}))
      ->capture_default_str();
  b->add_option("--count-with", opt->count_with,
                "How --measure instructions counts: perf (the CPU's counter, where perf_event_open "
                "has one), callgrind (this command run again under valgrind: instructions, "
                "simulated cache hits and estimated cycles, the same on any machine), auto (perf, "
                "else callgrind)")
      ->check(CLI::IsMember({"auto", "perf", "callgrind"}))
      ->capture_default_str()
      ->each([opt](const std::string&) { opt->count_with_given = true; });
  // Internal: the callgrind method's child (measure's count_under_callgrind) writes its rows here.
  b->add_option("--count-child", opt->count_child)->group("");
  add_external_solver_options(b, opt->ext);
  out.push_back({b, [opt](const Context& ctx) { return bench(*opt, ctx); }});
}

}  // namespace puzzle::cli
