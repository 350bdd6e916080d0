#include "sudoku/bench/regress.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "sudoku/bench/mann_whitney.hpp"

namespace sudoku {
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

}  // namespace

bool RegressReport::failed() const noexcept {
  return counter_changed > 0 || missing > 0 || (!options.time_report_only && slower > 0);
}

RegressReport regress(const BenchFile& base, const BenchFile& cur, const RegressOptions& opt,
                      const std::string& base_name, const std::string& cur_name) {
  RegressReport rep;
  rep.options = opt;
  rep.base_name = base_name;
  rep.cur_name = cur_name;
  if (opt.metric == TimeMetric::ratio) {
    const std::string a = meta(base, "baseline_solver"), b = meta(cur, "baseline_solver");
    if (a != b)
      throw std::runtime_error(fmt::format("ratio metric: the baseline solvers differ ('{}' in {}, "
                                           "'{}' in {}): ratios are not comparable",
                                           a, base_name, b, cur_name));
  }
  const auto gb = groups(base), gc = groups(cur);
  double log_sum = 0;
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
      if (c.slower) ++rep.slower;
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
  rep.geomean_change = rep.timed ? std::expm1(log_sum / rep.timed) : 0;
  return rep;
}

std::string RegressReport::markdown() const {
  const RegressOptions& o = options;
  std::string out = fmt::format("## sudoku-bench regress: `{}` (baseline) vs `{}` (current)\n\n",
                                base_name, cur_name);
  out += fmt::format(
      "Time: {}, medians over repetitions; a slowdown fails only beyond {:.0f}% and with a "
      "Mann-Whitney U p-value below {} (at least {} repetitions each; fewer: the change alone){}. "
      "Work counters must match exactly.\n\n",
      o.metric == TimeMetric::ratio ? "throughput as a ratio to the run's baseline solver"
                                    : "throughput (puzzles/s)",
      100 * o.tolerance, o.alpha, o.min_reps_for_test,
      o.time_report_only ? "; **time is report-only here**" : "");
  out += "| dataset | solver | baseline | current | time/puzzle | p-value | counters | verdict |\n";
  out += "|---|---|---:|---:|---:|---:|---|---|\n";
  for (const Comparison& c : items) {
    std::string verdict, counters = c.counter_changes.empty() ? "same" : "";
    for (const auto& s : c.counter_changes) counters += (counters.empty() ? "" : "; ") + s;
    if (c.kind == Comparison::Kind::missing) {
      out += fmt::format("| {} | {} | | | | | | **missing** from the current run |\n", c.dataset, c.solver);
      continue;
    }
    if (c.kind == Comparison::Kind::added) {
      out += fmt::format("| {} | {} | | | | | | new (not in the baseline) |\n", c.dataset, c.solver);
      continue;
    }
    if (!c.counter_changes.empty()) verdict = "**FAIL: counters changed**";
    if (c.slower) {
      const std::string s = o.time_report_only ? "slower (report only)" : "**FAIL: slower**";
      verdict += (verdict.empty() ? "" : ", ") + s;
    }
    if (verdict.empty()) verdict = c.faster ? "faster" : (c.timed ? "ok" : "ok (reference)");
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", c.dataset, c.solver,
                       speed(c.base_median, o.metric), speed(c.cur_median, o.metric),
                       c.timed ? pct(c.time_change) : "-",
                       c.tested ? fmt::format("{:.4f}", c.p) : "-", counters, verdict);
  }
  out += fmt::format("\nGeometric mean of the time changes: {} over {} (dataset, solver) pairs.\n\n",
                     pct(geomean_change), timed);
  if (failed()) {
    out += fmt::format("**FAIL**: {} with changed counters, {} significantly slower{}, {} missing.\n",
                       counter_changed, slower, o.time_report_only ? " (report only)" : "", missing);
    if (counter_changed > 0)
      out += "A solver's work changed. If intended, refresh the baseline (scripts/bench_baseline.sh) "
             "and commit it with the change.\n";
  } else {
    out += fmt::format("**PASS** ({} significantly slower{}).\n", slower,
                       o.time_report_only ? ", time is report-only" : "");
  }
  return out;
}

}  // namespace sudoku
