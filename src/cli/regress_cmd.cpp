// `regress`: compares two bench CSVs (measure/regress.hpp) and prints a markdown report;
// exit 1 when the current run regressed.
#include <cstdlib>
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
  session.start();
  return session.run([&] {
    puzzle::measure::RegressReport rep;
    try {
      const auto base = puzzle::measure::read_bench_csv(opt.baseline);
      const auto cur = puzzle::measure::read_bench_csv(opt.current);
      rep = puzzle::measure::regress(base, cur, ro, opt.baseline, opt.current);
    } catch (const puzzle::io::InputError&) {
      throw;
    } catch (const std::runtime_error& e) {  // not a bench CSV, incomparable files: usage, not a regression
      throw UsageError(e.what());
    }
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
  out.push_back({r, [opt](const Context& ctx) { return regress(*opt, ctx); }});
}

}  // namespace puzzle::cli
