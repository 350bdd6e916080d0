// The item runner that `generate` and `transform` share (items_run.hpp).
#include "cli/items_run.hpp"

#include <map>

#include <fmt/format.h>

#include "cli/progress.hpp"
#include "cli/table.hpp"
#include "sudoku/driver/generate.hpp"
#include "sudoku/io/csv.hpp"
#include "sudoku/logic/engine.hpp"
#include "sudoku/machine.hpp"

namespace cli {
namespace {

/// The value at quantile q of a counted distribution (nearest rank).
uint64_t quantile(const std::map<uint64_t, uint64_t>& counts, uint64_t total, double q) {
  const uint64_t rank = std::max<uint64_t>(1, static_cast<uint64_t>(q * double(total) + 0.999999));
  uint64_t seen = 0;
  for (const auto& [v, n] : counts) {
    seen += n;
    if (seen >= rank) return v;
  }
  return counts.empty() ? 0 : counts.rbegin()->first;
}

/// The mean of a counted distribution of `total` values.
double mean(const std::map<uint64_t, uint64_t>& counts, uint64_t total) {
  double sum = 0;
  for (const auto& [v, n] : counts) sum += double(v) * double(n);
  return sum / double(total);
}

}  // namespace

int run_items(const ItemsRun& run, const Context& ctx) {
  const int threads = run.threads > 0 ? run.threads : sudoku::available_cores();
  OutFile out_file(run.output, "puzzles");
  OutFile stats_file(run.stats, "stats");
  std::FILE* out = out_file.get();
  std::FILE* stats = stats_file.get();
  std::FILE* term = (out == stdout || stats == stdout) ? stderr : stdout;

  if (stats != nullptr) {
    sudoku::Provenance prov;
    prov.command = ctx.command;
    prov.threads = threads;
    prov.datasets = run.datasets;
    prov.extra = run.provenance;
    sudoku::write_all(stats, sudoku::metadata_header(prov) +
                                 "index,method,attempts,restarts,placements,checks,time_ns,clues,reached" +
                                 (run.rated ? ",score,level\n" : "\n"),
                      run.stats);
  }

  ProgressBar bar;
  const std::string bar_name = run.output == "-" ? std::string("stdout") : run.output;
  fmt::memory_buffer buf, sbuf;
  std::map<uint64_t, uint64_t> restarts, clues;
  const auto level_list = sudoku::logic::levels();
  std::vector<uint64_t> level_counts(level_list.size(), 0);
  uint64_t problems = 0, missed = 0, attempts = 0, checks = 0, placements = 0;
  sudoku::GenerateConfig cfg;
  cfg.count = run.count;
  cfg.threads = threads;
  cfg.make_worker = run.make_worker;
  cfg.on_items = [&](const std::vector<sudoku::GenItem>& items) {
    for (const sudoku::GenItem& it : items) {
      buf.append(it.line);
      ++restarts[it.stats.restarts];
      ++clues[static_cast<uint64_t>(it.puzzle.clues())];
      attempts += it.stats.attempts, checks += it.stats.checks, placements += it.stats.placements;
      if (!it.ok) ++missed;
      if (it.level >= 0) ++level_counts[static_cast<std::size_t>(it.level)];
      if (!it.problem.empty()) {
        if (++problems <= 20) {
          bar.clear();
          fmt::print(stderr, "item {}: {}: {}", it.index, it.problem, it.line);
        }
      }
      if (stats != nullptr) {
        fmt::format_to(std::back_inserter(sbuf), "{},{},{},{},{},{},{},{},{}", it.index, run.method,
                       it.stats.attempts, it.stats.restarts, it.stats.placements, it.stats.checks,
                       it.time_ns, it.puzzle.clues(), it.ok ? 1 : 0);
        if (run.rated) {
          const std::string_view level =
              it.level >= 0 ? level_list[static_cast<std::size_t>(it.level)].name : "unrated";
          fmt::format_to(std::back_inserter(sbuf), ",{:.2f},{}", it.score, level);
        }
        sbuf.push_back('\n');
      }
    }
    if (out != nullptr && buf.size() >= (1u << 16)) {
      sudoku::write_all(out, {buf.data(), buf.size()}, run.output);
      buf.clear();
    }
    if (stats != nullptr && sbuf.size() >= (1u << 16)) {
      sudoku::write_all(stats, {sbuf.data(), sbuf.size()}, run.stats);
      sbuf.clear();
    }
  };
  const std::string* name_ptr = &bar_name;
  cfg.on_progress = [&](uint64_t done, double el) {
    bar.update(sudoku::Progress{name_ptr, run.method, done, done, run.count, el});
  };
  sudoku::GenerateReport rep;
  {
    SigintGuard sigint;
    cfg.stop = sigint.flag();
    rep = sudoku::generate(cfg);
  }
  bar.clear();
  if (out != nullptr) {
    sudoku::write_all(out, {buf.data(), buf.size()}, run.output);
    std::fflush(out);
  }
  if (stats != nullptr) {
    sudoku::write_all(stats, {sbuf.data(), sbuf.size()}, run.stats);
    std::fflush(stats);
  }

  const uint64_t n = rep.items;
  fmt::print(term, "{}: {} {} ({}, seed {}) in {:.3f} s on {} threads: {}/s\n", run.kind,
             human(double(n)), run.what, run.method, run.seed, rep.wall_s, threads,
             human(rep.wall_s > 0 ? double(n) / rep.wall_s : 0, 1));
  if (n > 0) {
    fmt::print(term, "  clues: mean {:.2f}, min {}, max {}\n", mean(clues, n),
               clues.begin()->first, clues.rbegin()->first);
    if (run.restarts) {
      fmt::print(term, "  restarts per item: min {}, median {}, p90 {}, max {}, mean {:.1f}\n",
                 restarts.begin()->first, quantile(restarts, n, 0.5), quantile(restarts, n, 0.9),
                 restarts.rbegin()->first, mean(restarts, n));
      fmt::print(term, "  per item: {:.2f} grids, {:.1f} placements, {:.1f} solver checks\n",
                 double(attempts) / double(n), double(placements) / double(n),
                 double(checks) / double(n));
    }
    if (run.rated) {
      std::string dist;
      for (std::size_t l = 0; l < level_list.size(); ++l)
        if (level_counts[l] > 0) dist += fmt::format("{}{} {}", dist.empty() ? "" : ", ", level_list[l].name, level_counts[l]);
      fmt::print(term, "  levels (logic rater): {}\n", dist.empty() ? "none rated" : dist);
    }
  }
  std::fflush(term);
  if (missed > 0)
    fmt::print(stderr, "warning: {} item(s) missed the {} target after the allowed attempts "
                       "(--max-attempts; written anyway; 'reached' is 0 in the stats CSV)\n", missed,
               run.rated ? "clue or difficulty" : "clue");
  if (rep.interrupted) {
    fmt::print(stderr, "interrupted: the {} items written so far are complete\n", n);
    return kExitInterrupted;
  }
  if (problems > 0) {
    fmt::print(stderr, "error: {} item(s) failed verification\n", problems);
    return kExitWrong;
  }
  return 0;
}

}  // namespace cli
