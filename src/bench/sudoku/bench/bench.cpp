#include "sudoku/bench/bench.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "sudoku/driver/driver.hpp"
#include "sudoku/machine.hpp"
#include "sudoku/io/csv.hpp"
#include "sudoku/io/reader.hpp"

namespace sudoku {
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

/// One timed pass of `file` through `info` (rows not written; answers verified by the driver).
Summary pass(const BenchConfig& bc, const std::string& file, const SolverInfo* info, int threads,
             std::vector<std::string>& read_errors) {
  RunConfig cfg;
  cfg.files = {file};
  cfg.solvers = {info};
  cfg.threads = threads;
  cfg.limits = bc.limits;
  cfg.max_records = bc.first;
  RunReport r = run(cfg);
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
  return r;
}

std::string fmt_double(double v, int decimals) {
  if (!std::isfinite(v)) return "";
  return fmt::format("{:.{}f}", v, decimals);
}

}  // namespace

uint64_t BenchResult::wrong() const noexcept {
  uint64_t n = 0;
  for (const BenchRow& r : rows) n += r.wrong;
  return n;
}

double median(std::vector<double> v) {
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
    if (f == "-") throw InputError("-: bench reads each file many times: give a file, not stdin");
    PuzzleReader probe(f);  // fail fast on a typo
  }
  std::vector<const SolverInfo*> solvers = bc.solvers;
  const SolverInfo* baseline = bc.baseline != nullptr ? bc.baseline : solvers.front();
  if (std::find(solvers.begin(), solvers.end(), baseline) == solvers.end())
    solvers.insert(solvers.begin(), baseline);
  const int threads = bc.threads > 0 ? bc.threads : available_cores();
  auto step = [&bc](const std::string& s) {
    if (bc.on_step) bc.on_step(s);
  };

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
      if (bc.warmup_s <= 0) continue;
      step(fmt::format("warm-up  {} {}", file, solvers[i]->name));
      const auto t0 = Clock::now();
      do {
        check_work(i, pass(bc, file, solvers[i], threads, out.read_errors));
      } while (std::chrono::duration<double>(Clock::now() - t0).count() < bc.warmup_s);
    }

    std::vector<std::vector<BenchRow>> rows(ns);  // by solver, then repetition
    std::vector<std::size_t> order(ns);
    for (int rep = 1; rep <= bc.reps; ++rep) {
      for (std::size_t i = 0; i < ns; ++i) order[i] = (i + std::size_t(rep - 1)) % ns;
      if (bc.shuffle)  // Fisher-Yates on mt19937_64, whose output the standard fixes
        for (std::size_t i = ns; i > 1; --i) std::swap(order[i - 1], order[rng() % i]);
      for (std::size_t i : order) {
        step(fmt::format("rep {}/{}  {} {}", rep, bc.reps, file, solvers[i]->name));
        Summary times = pass(bc, file, solvers[i], threads, out.read_errors);
        check_work(i, times);
        uint64_t passes = 1;
        while (times.wall_s < bc.min_time_s) {
          const Summary more = pass(bc, file, solvers[i], threads, out.read_errors);
          check_work(i, more);
          merge_times(times, more);
          ++passes;
        }
        rows[i].push_back(make_row(times, work[i], rep, passes));
      }
    }
    const std::size_t b = std::size_t(std::find(solvers.begin(), solvers.end(), baseline) - solvers.begin());
    for (std::size_t i = 0; i < ns; ++i)
      for (int rep = 0; rep < bc.reps; ++rep) {
        BenchRow& r = rows[i][rep];
        const double base = rows[b][rep].puzzles_per_s;
        const bool ran = r.puzzles > r.invalid + r.unsupported;
        r.ratio_to_baseline = base > 0 && ran ? r.puzzles_per_s / base : kNaN;
        out.rows.push_back(std::move(r));
      }
  }
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
    s.pps_min = *std::min_element(pps.begin(), pps.end());
    s.pps_max = *std::max_element(pps.begin(), pps.end());
    s.mean_us = med(&BenchRow::mean_us);
    s.median_us = med(&BenchRow::median_us);
    s.p90_us = med(&BenchRow::p90_us);
    s.p99_us = med(&BenchRow::p99_us);
    s.max_us = med(&BenchRow::max_us);
    s.guesses_per_puzzle = s.first->guesses_per_puzzle;
    s.no_guess_pct = s.first->no_guess_pct;
    s.ratio_median = median(ratio);
    s.ratio_min = ratio.empty() ? kNaN : *std::min_element(ratio.begin(), ratio.end());
    s.ratio_max = ratio.empty() ? kNaN : *std::max_element(ratio.begin(), ratio.end());
  }
  return out;
}

std::string bench_csv_header() {
  return "dataset,solver,threads,rep,puzzles,passes,wall_s,puzzles_per_s,mean_us,median_us,p90_us,"
         "p99_us,max_us,guesses_per_puzzle,no_guess_pct,ratio_to_baseline,nodes,guesses_total,"
         "backtracks_total,found,unique,multiple,none,invalid,budget_exceeded,unsupported,wrong\n";
}

std::string bench_csv_row(const BenchRow& r) {
  fmt::memory_buffer out;
  append_csv_field(out, r.dataset);
  out.push_back(',');
  append_csv_field(out, r.solver);
  fmt::format_to(std::back_inserter(out),
                 ",{},{},{},{},{:.6f},{:.1f},{:.3f},{:.3f},{:.3f},{:.3f},{:.3f},{:.4f},{:.2f},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                 r.threads, r.rep, r.puzzles, r.passes, r.wall_s, r.puzzles_per_s, r.mean_us,
                 r.median_us, r.p90_us, r.p99_us, r.max_us, r.guesses_per_puzzle, r.no_guess_pct,
                 fmt_double(r.ratio_to_baseline, 4), r.nodes, r.guesses_total, r.backtracks_total,
                 r.found, r.unique, r.multiple, r.none, r.invalid, r.budget_exceeded,
                 r.unsupported, r.wrong);
  return fmt::to_string(out);
}

std::string bench_summary_csv_header() {
  return "dataset,solver,reps,puzzles,puzzles_per_s_median,puzzles_per_s_min,puzzles_per_s_max,"
         "mean_us,median_us,p90_us,p99_us,max_us,guesses_per_puzzle,no_guess_pct,"
         "ratio_median,ratio_min,ratio_max,nodes,guesses_total,backtracks_total,found,wrong\n";
}

std::string bench_summary_csv_row(const BenchSummary& s) {
  fmt::memory_buffer out;
  append_csv_field(out, s.dataset);
  out.push_back(',');
  append_csv_field(out, s.solver);
  fmt::format_to(std::back_inserter(out),
                 ",{},{},{:.1f},{:.1f},{:.1f},{:.3f},{:.3f},{:.3f},{:.3f},{:.3f},{:.4f},{:.2f},{},{},{},{},{},{},{},{}\n",
                 s.reps, s.first->puzzles, s.pps_median, s.pps_min, s.pps_max, s.mean_us,
                 s.median_us, s.p90_us, s.p99_us, s.max_us, s.guesses_per_puzzle, s.no_guess_pct,
                 fmt_double(s.ratio_median, 4), fmt_double(s.ratio_min, 4),
                 fmt_double(s.ratio_max, 4), s.first->nodes, s.first->guesses_total,
                 s.first->backtracks_total, s.first->found, s.first->wrong);
  return fmt::to_string(out);
}

std::vector<std::string> split_csv_line(std::string_view line) {
  std::vector<std::string_view> fields;
  std::string buf;
  split_csv(line, fields, buf);  // the readers' CSV splitter (io/parse.hpp)
  return {fields.begin(), fields.end()};
}

BenchFile parse_bench_csv(std::string_view text, const std::string& name) {
  BenchFile out;
  std::vector<std::string> header;
  std::size_t pos = 0;
  uint64_t line_no = 0;
  auto col = [&header](std::string_view n) -> int {
    const auto it = std::find(header.begin(), header.end(), n);
    return it == header.end() ? -1 : int(it - header.begin());
  };
  struct U64Col { const char* name; uint64_t BenchRow::*f; };
  struct DblCol { const char* name; double BenchRow::*f; };
  static constexpr U64Col u64s[] = {
      {"puzzles", &BenchRow::puzzles}, {"passes", &BenchRow::passes}, {"nodes", &BenchRow::nodes},
      {"guesses_total", &BenchRow::guesses_total}, {"backtracks_total", &BenchRow::backtracks_total},
      {"found", &BenchRow::found}, {"unique", &BenchRow::unique}, {"multiple", &BenchRow::multiple},
      {"none", &BenchRow::none}, {"invalid", &BenchRow::invalid},
      {"budget_exceeded", &BenchRow::budget_exceeded}, {"unsupported", &BenchRow::unsupported},
      {"wrong", &BenchRow::wrong}};
  static constexpr DblCol dbls[] = {
      {"wall_s", &BenchRow::wall_s}, {"puzzles_per_s", &BenchRow::puzzles_per_s},
      {"mean_us", &BenchRow::mean_us}, {"median_us", &BenchRow::median_us},
      {"p90_us", &BenchRow::p90_us}, {"p99_us", &BenchRow::p99_us}, {"max_us", &BenchRow::max_us},
      {"guesses_per_puzzle", &BenchRow::guesses_per_puzzle},
      {"no_guess_pct", &BenchRow::no_guess_pct}, {"ratio_to_baseline", &BenchRow::ratio_to_baseline}};
  std::vector<int> u64_at, dbl_at;
  int c_dataset = -1, c_solver = -1, c_threads = -1, c_rep = -1;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    auto fail = [&](const std::string& why) {
      return std::runtime_error(fmt::format("{}:{}: {}", name, line_no, why));
    };
    if (line.front() == '#') {
      line.remove_prefix(1);
      const std::size_t colon = line.find(':');
      auto trim = [](std::string_view s) {
        while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
        while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
        return std::string(s);
      };
      if (colon != std::string_view::npos)
        out.meta.emplace_back(trim(line.substr(0, colon)), trim(line.substr(colon + 1)));
      continue;
    }
    std::vector<std::string> f = split_csv_line(line);
    if (header.empty()) {
      header = std::move(f);
      c_dataset = col("dataset"), c_solver = col("solver"), c_threads = col("threads"), c_rep = col("rep");
      if (c_dataset < 0 || c_solver < 0 || c_rep < 0 || col("puzzles_per_s") < 0 || col("nodes") < 0)
        throw fail("not a bench CSV (the header needs dataset, solver, rep, puzzles_per_s, nodes)");
      for (const auto& c : u64s) u64_at.push_back(col(c.name));
      for (const auto& c : dbls) dbl_at.push_back(col(c.name));
      continue;
    }
    if (f == header) continue;  // bench CSVs may be concatenated: a repeated header is skipped
    if (f.size() != header.size())
      throw fail(fmt::format("{} fields where the header has {}", f.size(), header.size()));
    BenchRow r;
    r.dataset = f[c_dataset];
    r.solver = f[c_solver];
    auto to_u64 = [&](const std::string& s, const char* what) {
      uint64_t v = 0;
      const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec != std::errc() || p != s.data() + s.size())
        throw fail(fmt::format("bad {} '{}'", what, s));
      return v;
    };
    r.rep = int(to_u64(f[c_rep], "rep"));
    if (c_threads >= 0) r.threads = int(to_u64(f[c_threads], "threads"));
    for (std::size_t i = 0; i < std::size(u64s); ++i)
      if (u64_at[i] >= 0) r.*(u64s[i].f) = to_u64(f[u64_at[i]], u64s[i].name);
    for (std::size_t i = 0; i < std::size(dbls); ++i) {
      if (dbl_at[i] < 0) continue;
      const std::string& s = f[dbl_at[i]];
      if (s.empty() || s == "nan") {
        r.*(dbls[i].f) = kNaN;
        continue;
      }
      // strtod, not from_chars: GCC 12's floating from_chars is fine, but strtod also reads "inf".
      char* endp = nullptr;
      const double v = std::strtod(s.c_str(), &endp);
      if (endp != s.c_str() + s.size()) throw fail(fmt::format("bad {} '{}'", dbls[i].name, s));
      r.*(dbls[i].f) = v;
    }
    out.rows.push_back(std::move(r));
  }
  if (header.empty()) throw std::runtime_error(fmt::format("{}: no CSV header: not a bench CSV", name));
  return out;
}

BenchFile read_bench_csv(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_bench_csv(ss.str(), path);
}

}  // namespace sudoku
