#include "measure/bench.hpp"

#include <time.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "run/pipeline.hpp"
#include "puzzle/machine.hpp"
#include "io/csv.hpp"
#include "io/reader.hpp"

namespace puzzle::measure {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Folds pass `b` into `a` (times and wall clock; counters are checked equal, not summed).
void merge_times(Summary& a, const Summary& b) {
  a.time_ns.merge(b.time_ns);
  a.total_ns += b.total_ns;
  a.max_ns = std::max(a.max_ns, b.max_ns);
  a.wall_s += b.wall_s;
}

bool same_work(const Summary& a, const Summary& b) {
  return a.puzzles == b.puzzles && a.status == b.status && a.nodes == b.nodes &&
         a.guesses == b.guesses && a.backtracks == b.backtracks &&
         a.found_no_guess == b.found_no_guess;
}

/// The puzzles a counted pass's worker solves first, uncounted (RunConfig::warmup_records):
/// enough to build its lazily made state and bring its code and data into the (simulated)
/// caches, a small part of the cost of a pass.
constexpr uint64_t kCountWarmupRecords = 10;

/// One timed pass of `file` through `info` (rows not written; answers verified by the driver);
/// with BenchConfig::counter and `counted`, counted (after the warm-up puzzles, unless the
/// warm-up is 0).
Summary pass(const BenchConfig& bc, const std::string& file, const SolverInfo* info, int threads,
             std::vector<std::string>& read_errors, bool counted = false) {
  run::RunConfig cfg;
  if (counted) {
    cfg.probe = bc.counter;
    if (bc.warmup_s > 0)  // among the pass's own puzzles
      cfg.warmup_records = bc.first != 0 && bc.first < kCountWarmupRecords ? bc.first : kCountWarmupRecords;
  }
  cfg.files = {file};
  cfg.solvers = {info};
  cfg.threads = threads;
  cfg.limits = bc.limits;
  cfg.max_records = bc.first;
  cfg.stop = bc.stop;
  cfg.in_flight = bc.in_flight;
  run::RunReport r = run::run_passes(cfg);
  for (auto& e : r.read_errors)
    if (std::find(read_errors.begin(), read_errors.end(), e) == read_errors.end())
      read_errors.push_back(std::move(e));
  return std::move(r.summaries.at(0));
}

BenchRow make_row(const Summary& times, const Summary& work, int rep, uint64_t passes) {
  BenchRow r;
  r.dataset = times.dataset;
  r.solver = times.solver;
  r.threads = times.threads;
  r.rep = rep;
  r.puzzles = work.puzzles;
  r.passes = passes;
  r.wall_s = times.wall_s;
  r.puzzles_per_s = times.puzzles_per_s();  // ran() counts every pass: passes x puzzles
  r.mean_us = times.mean_us();
  r.median_us = times.quantile_us(0.5);
  r.p90_us = times.quantile_us(0.9);
  r.p99_us = times.quantile_us(0.99);
  r.max_us = times.max_us();
  r.guesses_per_puzzle = work.guesses_per_puzzle();
  r.no_guess_pct = work.no_guess_pct();
  r.ratio_to_baseline = kNaN;
  r.nodes = work.nodes;
  r.guesses_total = work.guesses;
  r.backtracks_total = work.backtracks;
  r.found = work.found();
  r.unique = work.count(Status::unique);
  r.multiple = work.count(Status::multiple);
  r.none = work.count(Status::none);
  r.invalid = work.count(Status::invalid);
  r.budget_exceeded = work.count(Status::budget_exceeded);
  r.unsupported = work.count(Status::unsupported);
  r.wrong = work.count(Status::wrong);
  r.timeout = work.count(Status::timeout);
  r.error = work.count(Status::error);
  return r;
}

/// CPU time of this process so far, all threads (seconds).
double process_cpu_s() noexcept {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

/// A counted pass's row: it ran under a counter (valgrind's is some 50 times slower than the
/// machine), so its times mean nothing.
void clear_times(BenchRow& r) {
  for (double BenchRow::*f : {&BenchRow::wall_s, &BenchRow::cpu_s, &BenchRow::puzzles_per_s, &BenchRow::mean_us,
                              &BenchRow::median_us, &BenchRow::p90_us, &BenchRow::p99_us, &BenchRow::max_us})
    r.*f = kNaN;
}

}  // namespace

namespace {
/// `field` summed over every row.
uint64_t total(const std::vector<BenchRow>& rows, uint64_t BenchRow::*field) noexcept {
  uint64_t n = 0;
  for (const BenchRow& r : rows) n += r.*field;
  return n;
}
}  // namespace

uint64_t BenchResult::wrong() const noexcept { return total(rows, &BenchRow::wrong); }
uint64_t BenchResult::errors() const noexcept { return total(rows, &BenchRow::error); }
uint64_t BenchResult::timeouts() const noexcept { return total(rows, &BenchRow::timeout); }

void set_counts(BenchRow& r, const Counts& c) {
  const double n = r.puzzles > 0 ? double(r.puzzles) : kNaN;
  r.instructions = c.instructions;
  r.instructions_per_puzzle = c.instructions / n;
  r.l1_hits = c.l1_hits;
  r.ll_hits = c.ll_hits;
  r.ram_hits = c.ram_hits;
  r.est_cycles = c.est_cycles();
  r.est_cycles_per_puzzle = r.est_cycles / n;
}

double median(std::vector<double> v) {
  std::erase_if(v, [](double x) { return std::isnan(x); });  // not measured (a counted row's times)
  if (v.empty()) return kNaN;
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

BenchResult run_bench(const BenchConfig& bc) {
  using Clock = std::chrono::steady_clock;
  if (bc.reps < 1) throw std::invalid_argument("bench: repetitions must be at least 1");
  if (bc.solvers.empty()) throw std::invalid_argument("bench: no solver");
  if (bc.files.empty()) throw std::invalid_argument("bench: no dataset");
  for (const auto& f : bc.files) {
    if (io::is_stream(f))
      throw io::InputError(fmt::format("{}: bench reads each file many times: give a regular file, not "
                                   "stdin, a pipe or a device", f));
    io::PuzzleReader probe(f);  // fail fast on a typo
  }
  std::vector<const SolverInfo*> solvers = bc.solvers;
  const SolverInfo* baseline = bc.baseline != nullptr ? bc.baseline : solvers.front();
  if (std::find(solvers.begin(), solvers.end(), baseline) == solvers.end())
    solvers.insert(solvers.begin(), baseline);
  const bool counting = bc.counter != nullptr;
  const int threads = counting ? 1 : thread_count(bc.threads);
  auto step = [&bc](const std::string& s) {
    if (bc.on_step) bc.on_step(s);
  };

  auto stopped = [&bc] { return bc.stop != nullptr && bc.stop->load(std::memory_order_relaxed); };
  BenchResult out;
  out.baseline = std::string(baseline->name);
  std::mt19937_64 rng(bc.seed);
  const std::size_t ns = solvers.size();
  for (const std::string& file : bc.files) {
    // Warm-up: caches, page cache, CPU frequency; every answer is verified as in every pass.
    std::vector<Summary> work(ns);  // one pass's counters per solver, the reference
    std::vector<bool> have_work(ns, false);
    auto check_work = [&](std::size_t i, const Summary& s) {
      if (!have_work[i]) {
        work[i] = s;
        have_work[i] = true;
      } else if (!same_work(work[i], s)) {
        throw std::runtime_error(fmt::format(
            "{}: solver '{}' did different work on two passes over the same puzzles (nodes {} vs "
            "{}): solvers must be deterministic",
            file, solvers[i]->name, work[i].nodes, s.nodes));
      }
    };
    for (std::size_t i = 0; i < ns; ++i) {
      if (bc.warmup_s <= 0 || counting) continue;
      step(fmt::format("warm-up  {} {}", file, solvers[i]->name));
      const auto t0 = Clock::now();
      do {
        const Summary s = pass(bc, file, solvers[i], threads, out.read_errors);
        if (s.interrupted) break;
        check_work(i, s);
      } while (std::chrono::duration<double>(Clock::now() - t0).count() < bc.warmup_s);
    }

    const std::size_t b = std::size_t(std::find(solvers.begin(), solvers.end(), baseline) - solvers.begin());
    std::vector<BenchRow> rows(ns);  // this repetition's, by solver
    std::vector<std::size_t> order(ns);
    for (int rep = 1; rep <= bc.reps && !stopped(); ++rep) {
      for (std::size_t i = 0; i < ns; ++i) order[i] = (i + std::size_t(rep - 1)) % ns;
      if (bc.shuffle)  // Fisher-Yates on mt19937_64, whose output the standard fixes
        for (std::size_t i = ns; i > 1; --i) std::swap(order[i - 1], order[rng() % i]);
      for (std::size_t i : order) {
        if (stopped()) break;
        step(fmt::format("rep {}/{}  {} {}", rep, bc.reps, file, solvers[i]->name));
        const std::string label = counting ? callgrind_label(out.rows.size() + i) : "";  // its row
        // Counted with the caches (callgrind's simulated ones too) and the worker's lazily
        // built state as the solver's own first puzzles leave them, whatever ran before.
        if (counting) bc.counter->begin_pass(label);
        const double cpu0 = process_cpu_s();
        Summary times = pass(bc, file, solvers[i], threads, out.read_errors, counting);
        const std::optional<Counts> counts = counting ? bc.counter->end_pass(label) : std::nullopt;
        uint64_t passes = 1;
        while (!counting && !times.interrupted && times.wall_s < bc.min_time_s) {
          const Summary more = pass(bc, file, solvers[i], threads, out.read_errors);
          if (more.interrupted) times.interrupted = true;
          else check_work(i, more), merge_times(times, more), ++passes;
        }
        if (times.interrupted) break;  // a cut pass: its counters and times mean nothing
        check_work(i, times);
        rows[i] = make_row(times, work[i], rep, passes);
        rows[i].cpu_s = process_cpu_s() - cpu0;
        if (counting) clear_times(rows[i]);
        if (counts) set_counts(rows[i], *counts);
      }
      if (stopped()) break;  // the unfinished repetition is dropped
      for (std::size_t i = 0; i < ns; ++i) {
        BenchRow& r = rows[i];
        const double base = rows[b].puzzles_per_s;
        const bool ran = r.puzzles > r.invalid + r.unsupported;
        r.ratio_to_baseline = base > 0 && ran ? r.puzzles_per_s / base : kNaN;
      }
      if (bc.on_rows) bc.on_rows(rows);
      out.rows.insert(out.rows.end(), rows.begin(), rows.end());
    }
    if (stopped()) break;
  }
  out.interrupted = stopped();
  return out;
}

std::vector<BenchSummary> summarize(const std::vector<BenchRow>& rows) {
  std::vector<BenchSummary> out;
  std::vector<std::vector<const BenchRow*>> groups;
  for (const BenchRow& r : rows) {
    auto it = std::find_if(out.begin(), out.end(), [&r](const BenchSummary& s) {
      return s.dataset == r.dataset && s.solver == r.solver;
    });
    if (it == out.end()) {
      BenchSummary s;
      s.dataset = r.dataset;
      s.solver = r.solver;
      s.first = &r;
      out.push_back(std::move(s));
      groups.emplace_back();
      it = out.end() - 1;
    }
    groups[std::size_t(it - out.begin())].push_back(&r);
  }
  for (std::size_t g = 0; g < out.size(); ++g) {
    BenchSummary& s = out[g];
    const auto& rs = groups[g];
    auto med = [&rs](double BenchRow::*f) {
      std::vector<double> v;
      for (const BenchRow* r : rs) v.push_back(r->*f);
      return median(std::move(v));
    };
    s.reps = int(rs.size());
    std::vector<double> pps, ratio;
    for (const BenchRow* r : rs) {
      pps.push_back(r->puzzles_per_s);
      if (std::isfinite(r->ratio_to_baseline)) ratio.push_back(r->ratio_to_baseline);
    }
    s.pps_median = median(pps);
    std::erase_if(pps, [](double x) { return std::isnan(x); });
    s.pps_min = pps.empty() ? kNaN : *std::min_element(pps.begin(), pps.end());
    s.pps_max = pps.empty() ? kNaN : *std::max_element(pps.begin(), pps.end());
    s.mean_us = med(&BenchRow::mean_us);
    s.median_us = med(&BenchRow::median_us);
    s.p90_us = med(&BenchRow::p90_us);
    s.p99_us = med(&BenchRow::p99_us);
    s.max_us = med(&BenchRow::max_us);
    s.guesses_per_puzzle = s.first->guesses_per_puzzle;
    s.no_guess_pct = s.first->no_guess_pct;
    s.instructions_per_puzzle = med(&BenchRow::instructions_per_puzzle);
    s.est_cycles_per_puzzle = med(&BenchRow::est_cycles_per_puzzle);
    s.ratio_median = median(ratio);
    s.ratio_min = ratio.empty() ? kNaN : *std::min_element(ratio.begin(), ratio.end());
    s.ratio_max = ratio.empty() ? kNaN : *std::max_element(ratio.begin(), ratio.end());
  }
  return out;
}

const io::Schema<BenchRow>& bench_schema() {
  using io::column::num;
  using io::column::text;
  using R = BenchRow;
  static const io::Schema<R> s{
      text<&R::dataset>("dataset"),
      text<&R::solver>("solver"),
      num<&R::threads>("threads"),
      num<&R::rep>("rep"),
      num<&R::puzzles>("puzzles"),
      num<&R::passes>("passes"),
      num<&R::wall_s, 6>("wall_s"),
      num<&R::puzzles_per_s, 1>("puzzles_per_s"),
      num<&R::mean_us>("mean_us"),
      num<&R::median_us>("median_us"),
      num<&R::p90_us>("p90_us"),
      num<&R::p99_us>("p99_us"),
      num<&R::max_us>("max_us"),
      num<&R::guesses_per_puzzle, 4>("guesses_per_puzzle"),
      num<&R::no_guess_pct, 2>("no_guess_pct"),
      num<&R::ratio_to_baseline, 4>("ratio_to_baseline"),
      num<&R::nodes>("nodes"),
      num<&R::guesses_total>("guesses_total"),
      num<&R::backtracks_total>("backtracks_total"),
      num<&R::found>("found"),
      num<&R::unique>("unique"),
      num<&R::multiple>("multiple"),
      num<&R::none>("none"),
      num<&R::invalid>("invalid"),
      num<&R::budget_exceeded>("budget_exceeded"),
      num<&R::unsupported>("unsupported"),
      num<&R::wrong>("wrong"),
      num<&R::timeout>("timeout"),
      num<&R::error>("error"),
      num<&R::instructions, 0>("instructions"),
      num<&R::instructions_per_puzzle, 1>("instructions_per_puzzle"),
      num<&R::l1_hits, 0>("l1_hits"),
      num<&R::ll_hits, 0>("ll_hits"),
      num<&R::ram_hits, 0>("ram_hits"),
      num<&R::est_cycles, 0>("est_cycles"),
      num<&R::est_cycles_per_puzzle, 1>("est_cycles_per_puzzle"),
      num<&R::cpu_s, 6>("cpu_s"),
  };
  return s;
}

namespace {
/// A summary column that repeats a counter of the first repetition's row (the same in all).
template <auto M>
io::Column<BenchSummary> of_first(std::string_view name) {
  return {name, [](fmt::memory_buffer& b, const BenchSummary& s) {
            fmt::format_to(std::back_inserter(b), "{}", s.first->*M);
          }};
}
}  // namespace

const io::Schema<BenchSummary>& bench_summary_schema() {
  using io::column::num;
  using io::column::text;
  using S = BenchSummary;
  static const io::Schema<S> s{
      text<&S::dataset>("dataset"),
      text<&S::solver>("solver"),
      num<&S::reps>("reps"),
      of_first<&BenchRow::puzzles>("puzzles"),
      num<&S::pps_median, 1>("puzzles_per_s_median"),
      num<&S::pps_min, 1>("puzzles_per_s_min"),
      num<&S::pps_max, 1>("puzzles_per_s_max"),
      num<&S::mean_us>("mean_us"),
      num<&S::median_us>("median_us"),
      num<&S::p90_us>("p90_us"),
      num<&S::p99_us>("p99_us"),
      num<&S::max_us>("max_us"),
      num<&S::guesses_per_puzzle, 4>("guesses_per_puzzle"),
      num<&S::no_guess_pct, 2>("no_guess_pct"),
      num<&S::ratio_median, 4>("ratio_median"),
      num<&S::ratio_min, 4>("ratio_min"),
      num<&S::ratio_max, 4>("ratio_max"),
      of_first<&BenchRow::nodes>("nodes"),
      of_first<&BenchRow::guesses_total>("guesses_total"),
      of_first<&BenchRow::backtracks_total>("backtracks_total"),
      of_first<&BenchRow::found>("found"),
      of_first<&BenchRow::wrong>("wrong"),
      num<&S::instructions_per_puzzle, 1>("instructions_per_puzzle"),
      num<&S::est_cycles_per_puzzle, 1>("est_cycles_per_puzzle"),
  };
  return s;
}

BenchFile parse_bench_csv(std::string_view text, const std::string& name) {
  BenchFile f = read_table(text, name, bench_schema(), {"dataset", "solver", "rep", "puzzles_per_s", "nodes"});
  return f;
}

BenchFile read_bench_csv(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw io::InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_bench_csv(ss.str(), path);
}

std::string spread_warning(const BenchSummary& s) {
  if (s.reps < 2 || s.reps >= kRepsForNoisyTimes) return {};
  const double spread = (s.pps_max - s.pps_min) / s.pps_median;
  if (!std::isfinite(spread) || spread <= kNoisySpread) return {};
  return fmt::format("{} on {}: its {} repetitions spread by {:.0f}% (slowest to fastest): too few for "
                     "regress's test to tell a {:.0f}% change from that; use --reps {} or more, or "
                     "--measure instructions",
                     s.solver, std::filesystem::path(s.dataset).filename().string(), s.reps, 100 * spread,
                     100 * kNoisySpread, kRepsForNoisyTimes);
}

}  // namespace puzzle::measure
