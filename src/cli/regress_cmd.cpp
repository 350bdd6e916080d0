// `regress`: compares two bench CSVs (measure/regress.hpp) and prints a markdown report;
// exit 1 when the current run regressed.
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/session.hpp"
#include "measure/regress.hpp"
#include "io/csv.hpp"
#include "io/reader.hpp"

namespace puzzle::cli {
namespace {


/// "5%", "5" (percent either way) or "250%", the value of `option`.
double parse_percent(std::string s, std::string_view option) {
  if (!s.empty() && s.back() == '%') s.pop_back();
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !(v >= 0))
    throw UsageError(fmt::format("{}: '{}' is not a percentage (e.g. 5%)", option, s));
  return v / 100;
}

/// The per-function counts that the results file `path` (read as `f`) names in its
/// `# functions:` lines (file names beside it; one per run in a file concatenated from several);
/// nullopt, with the reason in `why`, when it names none or one cannot be read.
std::optional<puzzle::measure::FunctionFile> functions_of(const std::string& path,
                                                          const puzzle::measure::BenchFile& f, std::string& why) {
  puzzle::measure::FunctionFile out;
  bool named = false;
  for (const auto& [k, v] : f.meta) {
    if (k != "functions") continue;
    named = true;
    try {
      auto part = puzzle::measure::read_functions_csv((std::filesystem::path(path).parent_path() / v).string());
      out.rows.insert(out.rows.end(), std::make_move_iterator(part.rows.begin()), std::make_move_iterator(part.rows.end()));
    } catch (const std::exception& e) {
      why = e.what();
      return std::nullopt;
    }
  }
  if (!named) {
    why = fmt::format("{} names no per-function counts", path);
    return std::nullopt;
  }
  return out;
}

}  // namespace

int regress(const RegressCmdOptions& opt, const Context& ctx) {
  puzzle::measure::RegressOptions ro;
  ro.tolerance = parse_percent(opt.tolerance, "--tolerance");
  ro.count_tolerance = parse_percent(opt.count_tolerance, "--count-tolerance");
  ro.cycles_tolerance = parse_percent(opt.cycles_tolerance, "--cycles-tolerance");
  ro.alpha = opt.alpha;
  ro.metric = opt.metric == "ratio" ? puzzle::measure::TimeMetric::ratio : puzzle::measure::TimeMetric::throughput;
  ro.time_report_only = opt.report_only;
  Session session(ctx, 1);
  session.input(opt.baseline);
  session.input(opt.current);
  puzzle::io::OutputFile* report = session.output(opt.report, "report");
  puzzle::io::OutputFile* functions_out = session.output(opt.functions_csv, "per-function CSV");
  puzzle::io::OutputFile* folded_out = session.output(opt.folded, "folded stacks");
  session.start();
  return session.run([&] {
    puzzle::measure::RegressReport rep;
    puzzle::measure::BenchFile base, cur;
    try {
      base = puzzle::measure::read_bench_csv(opt.baseline);
      cur = puzzle::measure::read_bench_csv(opt.current);
      rep = puzzle::measure::regress(base, cur, ro, opt.baseline, opt.current);
    } catch (const puzzle::io::InputError&) {
      throw;
    } catch (const std::runtime_error& e) {  // not a bench CSV, incomparable files: usage, not a regression
      throw UsageError(e.what());
    }
    // Where the instructions went: both sides' per-function counts (callgrind), when both have them.
    std::string why_not;
    const auto fb = rep.counted > 0 ? functions_of(opt.baseline, base, why_not) : std::nullopt;
    const auto fc = fb ? functions_of(opt.current, cur, why_not) : std::nullopt;
    if (fb && fc) puzzle::measure::attribute_functions(rep, base, cur, *fb, *fc);
    else if (rep.counted > 0 && (functions_out != nullptr || folded_out != nullptr))
      throw UsageError(fmt::format("--functions-csv, --folded: no per-function counts to compare: {} (bench "
                                   "--measure instructions --count-with callgrind -o FILE writes them)",
                                   why_not));
    else if (rep.counted > 0 && rep.more_work > 0)
      rep.notes.push_back("no per-function counts: " + why_not);
    if (rep.counted == 0 && (functions_out != nullptr || folded_out != nullptr))
      throw UsageError("--functions-csv, --folded: the files have no instruction counts (bench --measure instructions)");
    if (functions_out != nullptr) functions_out->write(puzzle::measure::functions_csv(rep));
    if (folded_out != nullptr) folded_out->write(puzzle::measure::folded_diff_all(rep, base, cur, *fb, *fc));
    const std::string md = rep.markdown();
    fmt::print(session.term(), "{}", md);
    if (report != nullptr) report->write(md);
    Session::Outcome o;
    o.failed = rep.failed() ? 1 : 0;
    o.failed_what = "regression check failed (see the report above)";
    return o;
  });
}


void add_regress_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<RegressCmdOptions>();
  auto* r = app.add_subcommand(
      "regress", "Compare two bench CSVs: exit 1 when a work counter changed at all, an "
                 "instruction count (bench --measure instructions) grew beyond its tolerance, or a "
                 "(dataset, solver) got significantly slower than the time tolerance");
  r->add_option("baseline", opt->baseline, "The reference bench CSV (e.g. results/bench_baseline.csv)")
      ->required();
  r->add_option("current", opt->current, "The bench CSV to check")->required();
  r->add_option("--tolerance", opt->tolerance, "Allowed slowdown in time per puzzle, in percent")
      ->capture_default_str();
  r->add_option("--count-tolerance", opt->count_tolerance,
                "Allowed growth of the instructions per puzzle, in percent (files of bench "
                "--measure instructions: the same to 0.001% on any checkout of one commit)")
      ->capture_default_str();
  r->add_option("--cycles-tolerance", opt->cycles_tolerance,
                "Allowed growth of the estimated cycles per puzzle, in percent (simulated cache "
                "misses move with the memory layout: a percent or so between checkouts)")
      ->capture_default_str();
  r->add_option("--alpha", opt->alpha, "Significance level of the Mann-Whitney U test over "
                                       "repetitions")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  r->add_option("--metric", opt->metric, "throughput (puzzles/s: same machine) or ratio (to the "
                                         "run's baseline solver: holds across machines)")
      ->check(CLI::IsMember({"throughput", "ratio"}))
      ->capture_default_str();
  r->add_flag("--time-report-only", opt->report_only, "Report time changes but fail only on "
                                                      "counters (noisy machines)");
  r->add_option("-o,--report", opt->report, "Also write the markdown report to this file");
  r->add_option("--functions-csv", opt->functions_csv,
                "Write every counted pair's functions whose instructions changed (per puzzle, self and "
                "inclusive, share of the change) as CSV; needs both files' per-function counts "
                "(bench --measure instructions --count-with callgrind -o FILE)");
  r->add_option("--folded", opt->folded,
                "Write the counted pairs' differential folded stacks (\"stack BASE CURRENT\" lines, "
                "instructions per puzzle), which flamegraph.pl and inferno-flamegraph draw as a "
                "differential flame graph");
  out.push_back({r, [opt](const Context& ctx) { return regress(*opt, ctx); }});
}

}  // namespace puzzle::cli
