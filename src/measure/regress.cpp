#include "measure/regress.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "measure/mann_whitney.hpp"
#include "io/schema.hpp"

namespace puzzle::measure {
namespace {

std::string file_name(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

struct Group {
  std::string dataset, solver;
  std::vector<const BenchRow*> rows;
};

std::vector<Group> groups(const BenchFile& f) {
  std::vector<Group> out;
  for (const BenchRow& r : f.rows) {
    const std::string ds = file_name(r.dataset);
    auto it = std::find_if(out.begin(), out.end(),
                           [&](const Group& g) { return g.dataset == ds && g.solver == r.solver; });
    if (it == out.end()) {
      out.push_back({ds, r.solver, {}});
      it = out.end() - 1;
    }
    it->rows.push_back(&r);
  }
  return out;
}

std::string meta(const BenchFile& f, const std::string& key) {
  for (const auto& [k, v] : f.meta)
    if (k == key) return v;
  return {};
}

/// The distinct values of `key` in a file's `#` lines, joined ("1", or "1, 2" for a file
/// concatenated from runs of different settings); empty when it has none.
std::string values(const BenchFile& f, std::string_view key) {
  std::set<std::string> seen;
  for (const auto& [k, v] : f.meta)
    if (k == key) seen.insert(v);
  std::string out;
  for (const std::string& v : seen) out += (out.empty() ? "" : ", ") + v;
  return out;
}

/// What a file measured: its `# measure:` line, else (a file written by hand or by an older
/// build) `instructions` when a row has counts, `time` otherwise.
std::string measure_of(const BenchFile& f) {
  if (std::string m = values(f, "measure"); !m.empty()) return m;
  const bool counted = std::any_of(f.rows.begin(), f.rows.end(),
                                   [](const BenchRow& r) { return std::isfinite(r.instructions_per_puzzle); });
  return counted ? "instructions" : "time";
}

/// Throws when the two files did not measure the same thing, naming what differs: a timed run
/// against a counted one compares no figure at all, and other limits or datasets change the
/// work itself.
void check_comparable(const BenchFile& base, const BenchFile& cur, const std::string& base_name,
                      const std::string& cur_name) {
  const std::string mb = measure_of(base), mc = measure_of(cur);
  if (mb != mc)
    throw std::runtime_error(fmt::format(
        "{} measured {} (bench --measure {}) but {} measured {}: nothing can be compared; make both "
        "files with the same --measure",
        base_name, mb, mb, cur_name, mc));
  for (const char* key : {"limit", "budget"}) {
    const std::string a = values(base, key), b = values(cur, key);
    if (!a.empty() && !b.empty() && a != b)
      throw std::runtime_error(fmt::format("{} was run with --{} {} but {} with --{} {}: the work "
                                           "differs, so nothing can be compared",
                                           base_name, key, a, cur_name, key, b));
  }
  // The same file name with other contents: another dataset under an old name.
  const auto hashes = [](const BenchFile& f) {
    std::map<std::string, std::set<std::string>> out;
    for (const auto& [k, v] : f.meta) {
      if (k != "dataset") continue;
      const std::size_t at = v.rfind(" sha256=");
      if (at != std::string::npos) out[file_name(v.substr(0, at))].insert(v.substr(at + 8));
    }
    return out;
  };
  const auto hb = hashes(base), hc = hashes(cur);
  for (const auto& [name, shas] : hb) {
    const auto it = hc.find(name);
    if (it == hc.end()) continue;
    const bool shared = std::any_of(shas.begin(), shas.end(), [&](const std::string& s) { return it->second.count(s) > 0; });
    if (!shared)
      throw std::runtime_error(fmt::format("the dataset {} differs: sha256 {} in {}, {} in {}: the "
                                           "same name holds other puzzles, so nothing can be compared",
                                           name, *shas.begin(), base_name, *it->second.begin(), cur_name));
  }
}

struct Counter {
  const char* name;
  uint64_t BenchRow::*f;
};
constexpr Counter kCounters[] = {
    {"puzzles", &BenchRow::puzzles}, {"nodes", &BenchRow::nodes},
    {"guesses", &BenchRow::guesses_total}, {"backtracks", &BenchRow::backtracks_total},
    {"found", &BenchRow::found}, {"unique", &BenchRow::unique}, {"multiple", &BenchRow::multiple},
    {"none", &BenchRow::none}, {"invalid", &BenchRow::invalid},
    {"budget_exceeded", &BenchRow::budget_exceeded}, {"unsupported", &BenchRow::unsupported},
    {"wrong", &BenchRow::wrong}, {"timeout", &BenchRow::timeout}, {"error", &BenchRow::error}};

/// Counters that differ between repetitions of one file: a broken determinism contract.
void check_within(const Group& g, const char* side, std::vector<std::string>& out) {
  for (const auto& c : kCounters)
    for (const BenchRow* r : g.rows)
      if (r->*c.f != g.rows.front()->*c.f) {
        out.push_back(fmt::format("{} differs between repetitions of the {} ({} vs {})", c.name,
                                  side, g.rows.front()->*c.f, r->*c.f));
        break;
      }
}

std::string pct(double change) {
  if (!std::isfinite(change)) return "-";
  return fmt::format("{:+.1f}%", 100 * change);
}

std::string speed(double v, TimeMetric m) {
  if (!std::isfinite(v)) return "-";
  return m == TimeMetric::ratio ? fmt::format("{:.3f}x", v) : fmt::format("{:.0f}/s", v);
}


/// The median over a group's repetitions of a count per puzzle (NaN when not counted).
double median_of(const Group& g, double BenchRow::*f) {
  std::vector<double> v;
  for (const BenchRow* r : g.rows) v.push_back(r->*f);
  return median(std::move(v));
}

/// Compares the counts of one pair (both sides' medians per puzzle).
void compare_counts(const Group& b, const Group& g, const RegressOptions& opt, Comparison& c) {
  c.base_instructions = median_of(b, &BenchRow::instructions_per_puzzle);
  c.cur_instructions = median_of(g, &BenchRow::instructions_per_puzzle);
  c.base_cycles = median_of(b, &BenchRow::est_cycles_per_puzzle);
  c.cur_cycles = median_of(g, &BenchRow::est_cycles_per_puzzle);
  auto change = [](double base, double cur) {
    if (!(std::isfinite(base) && std::isfinite(cur) && base > 0)) return std::numeric_limits<double>::quiet_NaN();
    return cur / base - 1;
  };
  c.instructions_change = change(c.base_instructions, c.cur_instructions);
  c.cycles_change = change(c.base_cycles, c.cur_cycles);
  c.counted = std::isfinite(c.instructions_change);
  c.uncounted = std::isfinite(c.base_instructions) && !std::isfinite(c.cur_instructions);
  const std::pair<double, double> checks[] = {{c.instructions_change, opt.count_tolerance},
                                              {c.cycles_change, opt.cycles_tolerance}};
  for (const auto& [ch, tol] : checks)
    if (std::isfinite(ch) && ch > tol) c.more_work = true;
  for (const auto& [ch, tol] : checks)
    if (std::isfinite(ch) && ch < -tol && !c.more_work) c.less_work = true;
}

}  // namespace

bool RegressReport::failed() const noexcept {
  return counter_changed > 0 || missing > 0 || more_work > 0 || uncounted > 0 ||
         (!options.time_report_only && slower > 0);
}

RegressReport regress(const BenchFile& base, const BenchFile& cur, const RegressOptions& opt,
                      const std::string& base_name, const std::string& cur_name) {
  RegressReport rep;
  rep.options = opt;
  rep.base_name = base_name;
  rep.cur_name = cur_name;
  check_comparable(base, cur, base_name, cur_name);
  if (opt.metric == TimeMetric::ratio) {
    const std::string a = meta(base, "baseline_solver"), b = meta(cur, "baseline_solver");
    if (a != b)
      throw std::runtime_error(fmt::format("ratio metric: the baseline solvers differ ('{}' in {}, "
                                           "'{}' in {}): ratios are not comparable",
                                           a, base_name, b, cur_name));
  }
  // Counts by one method only: perf counts a `rep movs` once, callgrind each of its steps.
  const std::string mb = meta(base, "count_method"), mc = meta(cur, "count_method");
  if (!mb.empty() && !mc.empty() && mb != mc)
    throw std::runtime_error(fmt::format("counts by different methods ('{}' in {}, '{}' in {}) are not "
                                         "comparable: count both with the same --count-with",
                                         mb, base_name, mc, cur_name));
  rep.count_method = !mb.empty() ? mb : mc;
  for (const char* key : {"simd", "count_tool"}) {
    const std::string a = meta(base, key), b = meta(cur, key);
    if (!mb.empty() && !mc.empty() && a != b)
      rep.notes.push_back(fmt::format("{} differs: `{}` in the baseline, `{}` in the current run{}", key, a, b,
                                      std::string_view(key) == "simd"
                                          ? " (the solvers compiled per instruction set count differently)"
                                          : ""));
  }
  const auto gb = groups(base), gc = groups(cur);
  double log_sum = 0, log_instr = 0;
  for (const Group& b : gb) {
    Comparison c;
    c.dataset = b.dataset;
    c.solver = b.solver;
    const auto it = std::find_if(gc.begin(), gc.end(), [&](const Group& g) {
      return g.dataset == b.dataset && g.solver == b.solver;
    });
    if (it == gc.end()) {
      c.kind = Comparison::Kind::missing;
      ++rep.missing;
      rep.items.push_back(std::move(c));
      continue;
    }
    const Group& g = *it;
    // Exact counters.
    check_within(b, "baseline", c.counter_changes);
    check_within(g, "current run", c.counter_changes);
    for (const auto& k : kCounters) {
      const uint64_t x = b.rows.front()->*k.f, y = g.rows.front()->*k.f;
      if (x == y) continue;
      c.counter_changes.push_back(
          x == 0 ? fmt::format("{} {} -> {}", k.name, x, y)
                 : fmt::format("{} {} -> {} ({:+.3f}%)", k.name, x, y,
                               100.0 * (double(y) - double(x)) / double(x)));
    }
    if (!c.counter_changes.empty()) ++rep.counter_changed;
    compare_counts(b, g, opt, c);
    if (c.counted) ++rep.counted, log_instr += std::log1p(c.instructions_change);
    if (c.more_work) ++rep.more_work;
    if (c.uncounted) ++rep.uncounted;
    // Time.
    auto samples = [&opt](const Group& grp) {
      std::vector<double> v;
      for (const BenchRow* r : grp.rows) {
        const double s = opt.metric == TimeMetric::ratio ? r->ratio_to_baseline : r->puzzles_per_s;
        if (std::isfinite(s) && s > 0) v.push_back(s);
      }
      return v;
    };
    c.base_speed = samples(b);
    c.cur_speed = samples(g);
    c.base_median = median(c.base_speed);
    c.cur_median = median(c.cur_speed);
    const auto is_one = [](const std::vector<double>& v) {
      return std::all_of(v.begin(), v.end(), [](double x) { return x == 1.0; });
    };
    // Under the ratio metric the baseline solver is the unit: ratio 1 on both sides, nothing to time.
    const bool reference = opt.metric == TimeMetric::ratio && is_one(c.base_speed) && is_one(c.cur_speed);
    if (!c.base_speed.empty() && !c.cur_speed.empty() && !reference) {
      c.timed = true;
      ++rep.timed;
      c.time_change = c.base_median / c.cur_median - 1;
      log_sum += std::log1p(c.time_change);
      const int n = int(std::min(c.base_speed.size(), c.cur_speed.size()));
      c.tested = n >= opt.min_reps_for_test;
      if (c.tested) c.p = mann_whitney_u(c.base_speed, c.cur_speed).p;
      const bool significant = !c.tested || c.p < opt.alpha;
      c.slower = c.time_change > opt.tolerance && significant;
      c.faster = c.cur_median / c.base_median - 1 > opt.tolerance && significant;
      c.unresolved = c.time_change > opt.tolerance && !significant;
      if (c.slower) ++rep.slower;
      if (c.unresolved) ++rep.unresolved;
    }
    rep.items.push_back(std::move(c));
  }
  for (const Group& g : gc) {
    const bool known = std::any_of(gb.begin(), gb.end(), [&](const Group& b) {
      return g.dataset == b.dataset && g.solver == b.solver;
    });
    if (known) continue;
    Comparison c;
    c.dataset = g.dataset;
    c.solver = g.solver;
    c.kind = Comparison::Kind::added;
    rep.items.push_back(std::move(c));
  }
  // Nothing compared is never a pass.
  const auto pairs = [](const std::vector<Group>& gs) {
    std::string out;
    for (const Group& g : gs) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", g.dataset, g.solver);
    return out.empty() ? std::string("none") : out;
  };
  const bool common = std::any_of(rep.items.begin(), rep.items.end(),
                                  [](const Comparison& c) { return c.kind == Comparison::Kind::both; });
  if (!common)
    throw std::runtime_error(fmt::format("no (dataset, solver) pair is in both files, so nothing can be "
                                         "compared: {} has {}; {} has {}",
                                         base_name, pairs(gb), cur_name, pairs(gc)));
  if (rep.timed == 0 && rep.counted == 0)
    throw std::runtime_error(fmt::format(
        "no time or count to compare in {} and {}{}", base_name, cur_name,
        opt.metric == TimeMetric::ratio
            ? ": under --metric ratio the baseline solver is the unit (its ratio is 1 on both sides); "
              "bench another solver beside it, or use --metric throughput"
            : ": their rows have neither puzzles/s nor instruction counts"));
  rep.geomean_change = rep.timed ? std::expm1(log_sum / rep.timed) : 0;
  rep.geomean_instructions = rep.counted ? std::expm1(log_instr / rep.counted) : 0;
  return rep;
}

namespace {
/// Records per pass of the first row of (dataset file name, solver) in `f`; NaN when none.
double puzzles_of(const BenchFile& f, const std::string& dataset, const std::string& solver) {
  for (const BenchRow& r : f.rows)
    if (r.solver == solver && file_name(r.dataset) == dataset) return double(r.puzzles);
  return std::numeric_limits<double>::quiet_NaN();
}
}  // namespace

void attribute_functions(RegressReport& report, const BenchFile& base, const BenchFile& cur,
                         const FunctionFile& base_functions, const FunctionFile& cur_functions) {
  report.have_functions = true;
  for (Comparison& c : report.items)
    if (c.counted)
      c.functions = function_changes(base_functions, cur_functions, c.dataset, c.solver,
                                     puzzles_of(base, c.dataset, c.solver), puzzles_of(cur, c.dataset, c.solver));
}

std::string functions_csv(const RegressReport& report) {
  std::string out =
      "dataset,solver,function,object,base_self,cur_self,self_change,self_share,base_inclusive,cur_inclusive,"
      "inclusive_change,inclusive_share\n";
  auto field = [](const std::string& s) {
    fmt::memory_buffer b;
    io::append_csv_field(b, s);
    return fmt::to_string(b);
  };
  auto num = [](double v) { return std::isfinite(v) ? fmt::format("{:.3f}", v) : std::string(); };
  auto share = [](double v) { return std::isfinite(v) ? fmt::format("{:.4f}", v) : std::string(); };
  for (const Comparison& c : report.items)
    for (const FunctionChange& f : c.functions)
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}\n", field(c.dataset), field(c.solver), field(f.function),
                         field(f.object), num(f.base_self), num(f.cur_self), num(f.cur_self - f.base_self),
                         share(f.self_share), num(f.base_inclusive), num(f.cur_inclusive),
                         num(f.cur_inclusive - f.base_inclusive), share(f.inclusive_share));
  return out;
}

std::string folded_diff_all(const RegressReport& report, const BenchFile& base, const BenchFile& cur,
                            const FunctionFile& base_functions, const FunctionFile& cur_functions) {
  std::string out;
  for (const Comparison& c : report.items)
    if (c.counted)
      out += folded_diff(base_functions, cur_functions, c.dataset, c.solver, puzzles_of(base, c.dataset, c.solver),
                         puzzles_of(cur, c.dataset, c.solver), c.dataset + ";" + c.solver);
  return out;
}

std::string RegressReport::markdown() const {
  const RegressOptions& o = options;
  const bool counts = counted + uncounted > 0, times = timed > 0 || counted == 0;
  std::string out = fmt::format("## sudoku-bench regress: `{}` (baseline) vs `{}` (current)\n\n",
                                base_name, cur_name);
  if (counts)
    out += fmt::format(
        "Counts ({}): instructions and estimated cycles per puzzle of the solve calls alone, medians "
        "over repetitions; instructions growing by more than {:g}%, or estimated cycles by more than "
        "{:g}%, fails. ",
        count_method, 100 * o.count_tolerance, 100 * o.cycles_tolerance);
  if (times)
    out += fmt::format(
        "Time: {}, medians over repetitions; a slowdown fails only beyond {:.0f}% and with a "
        "Mann-Whitney U p-value below {} (at least {} repetitions each; fewer: the change alone){}. ",
        o.metric == TimeMetric::ratio ? "throughput as a ratio to the run's baseline solver"
                                      : "throughput (puzzles/s)",
        100 * o.tolerance, o.alpha, o.min_reps_for_test,
        o.time_report_only ? "; **time is report-only here**" : "");
  out += "Work counters must match exactly.\n\n";
  for (const auto& n : notes) out += "Note: " + n + ".\n\n";
  std::string head = "| dataset | solver |", rule = "|---|---|";
  if (times) head += " baseline | current | time/puzzle | p-value |", rule += "---:|---:|---:|---:|";
  if (counts) head += " instructions/puzzle | change | est. cycles/puzzle | change |", rule += "---:|---:|---:|---:|";
  out += head + " counters | verdict |\n" + rule + "---|---|\n";
  const std::string blank_time = times ? " | | | |" : "", blank_counts = counts ? " | | | |" : "";
  auto count = [](double v) { return std::isfinite(v) ? fmt::format("{:.1f}", v) : std::string("-"); };
  auto arrow = [&count](double a, double b) { return count(a) + " → " + count(b); };
  auto change = [](double ch) { return std::isfinite(ch) ? fmt::format("{:+.3f}%", 100 * ch) : std::string("-"); };
  for (const Comparison& c : items) {
    if (c.kind != Comparison::Kind::both) {
      out += fmt::format("| {} | {} |{}{} | | {} |\n", c.dataset, c.solver, blank_time, blank_counts,
                         c.kind == Comparison::Kind::missing ? "**missing** from the current run"
                                                             : "new (not in the baseline)");
      continue;
    }
    std::string verdict, counters = c.counter_changes.empty() ? "same" : "";
    for (const auto& s : c.counter_changes) counters += (counters.empty() ? "" : "; ") + s;
    auto add = [&verdict](const std::string& v) { verdict += (verdict.empty() ? "" : ", ") + v; };
    if (!c.counter_changes.empty()) add("**FAIL: counters changed**");
    if (c.more_work) add("**FAIL: more work**");
    if (c.uncounted) add("**FAIL: not counted** in the current run");
    if (c.slower) add(o.time_report_only ? "slower (report only)" : "**FAIL: slower**");
    if (verdict.empty())
      verdict = c.less_work    ? "less work (refresh the baseline to keep it)"
                : c.unresolved ? fmt::format("slower by {}, not significant (p = {:.2f}): rerun both with "
                                             "more --reps to tell",
                                             pct(c.time_change), c.p)
                : c.faster     ? "faster"
                : c.timed || c.counted ? "ok"
                            : "ok (reference)";
    std::string line = fmt::format("| {} | {} |", c.dataset, c.solver);
    if (times)
      line += fmt::format(" {} | {} | {} | {} |", speed(c.base_median, o.metric), speed(c.cur_median, o.metric),
                          c.timed ? pct(c.time_change) : "-", c.tested ? fmt::format("{:.4f}", c.p) : "-");
    if (counts)
      line += fmt::format(" {} | {} | {} | {} |", arrow(c.base_instructions, c.cur_instructions),
                          change(c.instructions_change), arrow(c.base_cycles, c.cur_cycles),
                          change(c.cycles_change));
    out += line + fmt::format(" {} | {} |\n", counters, verdict);
  }
  out += "\n";
  // Where: the functions whose instructions changed most, for each pair with more work.
  constexpr std::size_t kFunctionsShown = 5;
  for (const Comparison& c : items) {
    if (!c.more_work || !c.counted) continue;
    out += fmt::format("### Where {} on {} changed ({} instructions per puzzle)\n\n", c.solver, c.dataset,
                       change(c.instructions_change));
    if (!have_functions) {
      out += "No per-function counts on both sides (they come with `bench --measure instructions "
             "--count-with callgrind -o FILE`, in FILE's `# functions:` file).\n\n";
      continue;
    }
    std::vector<const FunctionChange*> shown;  // those whose own instructions changed
    for (const FunctionChange& f : c.functions)
      if (f.cur_self != f.base_self && shown.size() < kFunctionsShown) shown.push_back(&f);
    if (shown.empty()) {
      out += "No function's own count changed.\n\n";
      continue;
    }
    out += "| function | object | self/puzzle | change | share | inclusive/puzzle | change | share |\n"
           "|---|---|---:|---:|---:|---:|---:|---:|\n";
    auto share = [](double v) { return std::isfinite(v) ? fmt::format("{:.1f}%", 100 * v) : std::string("-"); };
    auto delta = [](double a, double b) { return fmt::format("{:+.1f}", b - a); };
    auto cell = [](std::string s) {  // a function name in a table cell
      for (std::size_t i = 0; (i = s.find('|', i)) != std::string::npos; i += 2) s.replace(i, 1, "\\|");
      return "`" + s + "`";
    };
    for (const FunctionChange* p : shown) {
      const FunctionChange& f = *p;
      out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", cell(f.function), f.object,
                         arrow(f.base_self, f.cur_self), delta(f.base_self, f.cur_self), share(f.self_share),
                         arrow(f.base_inclusive, f.cur_inclusive), delta(f.base_inclusive, f.cur_inclusive),
                         share(f.inclusive_share));
    }
    out += fmt::format("\nShares are of the change of the instructions per puzzle; {} function(s) changed their "
                       "own or inclusive count{}.\n\n",
                       c.functions.size(), c.functions.size() > shown.size() ? " (`--functions-csv` lists all)" : "");
  }
  if (counts)
    out += fmt::format("Geometric mean of the instruction changes: {} over {} (dataset, solver) pairs.\n",
                       change(geomean_instructions), counted);
  if (times)
    out += fmt::format("Geometric mean of the time changes: {} over {} (dataset, solver) pairs.\n",
                       pct(geomean_change), timed);
  out += "\n";
  if (failed()) {
    out += fmt::format("**FAIL**: {} with changed counters, {} with more work, {} not counted, {} "
                       "significantly slower{}, {} missing.\n",
                       counter_changed, more_work, uncounted, slower, o.time_report_only ? " (report only)" : "",
                       missing);
    if (counter_changed > 0 || more_work > 0)
      out += "If the change is intended, make the baseline again with the command that made it (its "
             "`# command:` line) and commit the new file with the change.\n";
  } else {
    out += fmt::format("**PASS** ({} with more work, {} significantly slower{}).\n", more_work, slower,
                       o.time_report_only ? ", time is report-only" : "");
  }
  if (unresolved > 0)
    out += fmt::format(
        "{} (dataset, solver) pair(s) ran more than {:.0f}% slower, but their repetitions spread too "
        "widely for the U test to tell (p >= {}): rerun both runs with more repetitions (bench --reps 9 "
        "or more; slow or noisy solvers need them), or count instructions (bench --measure "
        "instructions).\n",
        unresolved, 100 * o.tolerance, o.alpha);
  return out;
}

}  // namespace puzzle::measure
