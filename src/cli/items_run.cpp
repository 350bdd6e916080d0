// The item runner that `generate` and `transform` share (items_run.hpp).
#include "cli/items_run.hpp"

#include <map>

#include <fmt/format.h>

#include "cli/session.hpp"
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
  Session session(ctx, threads);
  for (const auto& f : run.inputs) session.input(f);
  for (const auto& [k, v] : run.provenance) session.record(k, v);
  const uint64_t first = run.shard.begin(run.count), last = run.shard.end(run.count);
  if (!run.shard.whole())
    session.record("shard", fmt::format("{}/{}: items {} to {} of {}", run.shard.index, run.shard.count,
                                        first, last == 0 ? 0 : last - 1, run.count));
  sudoku::OutputFile* out = session.output(run.output, "puzzles");
  sudoku::OutputFile* stats = session.output(run.stats, "stats");
  session.start();
  return session.run([&] {
    const auto& stats_schema = sudoku::gen_stats_schema(run.rated);
    if (stats != nullptr) stats->write(session.header() + stats_schema.header());

    const std::string bar_name = run.output == "-" ? std::string("stdout") : run.output;
    fmt::memory_buffer buf, sbuf;
    std::map<uint64_t, uint64_t> restarts, clues;
    const auto level_list = sudoku::logic::levels();
    std::vector<uint64_t> level_counts(level_list.size(), 0);
    uint64_t problems = 0, missed = 0, attempts = 0, checks = 0, placements = 0;
    sudoku::GenerateConfig cfg;
    cfg.first = first;
    cfg.count = last - first;
    cfg.threads = threads;
    cfg.make_worker = run.make_worker;
    cfg.stop = session.stop_flag();
    cfg.on_items = [&](const std::vector<sudoku::GenItem>& items) {
      buf.clear();
      sbuf.clear();
      for (const sudoku::GenItem& it : items) {
        buf.append(it.line);
        ++restarts[it.stats.restarts];
        ++clues[static_cast<uint64_t>(it.puzzle.clues())];
        attempts += it.stats.attempts, checks += it.stats.checks, placements += it.stats.placements;
        if (!it.ok) ++missed;
        if (it.level >= 0) ++level_counts[static_cast<std::size_t>(it.level)];
        if (!it.problem.empty()) {
          ++problems;
          std::string_view line = it.line;
          if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
          session.problem(fmt::format("item {}: {}: {}", it.index, it.problem, line));
        }
        if (stats != nullptr) stats_schema.write(sbuf, sudoku::GenStatsRow{&it, run.method});
      }
      if (out != nullptr) out->write({buf.data(), buf.size()});
      if (stats != nullptr) stats->write({sbuf.data(), sbuf.size()});
    };
    const std::string* name_ptr = &bar_name;
    cfg.on_progress = [&](uint64_t done, double el) {
      session.progress().update(sudoku::Progress{name_ptr, run.method, done, done, last - first, el});
    };
    const sudoku::GenerateReport rep = sudoku::generate(cfg);
    session.progress().clear();
    std::FILE* term = session.term();

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
    if (missed > 0)
      fmt::print(stderr, "warning: {} item(s) missed the {} target after the allowed attempts "
                         "(--max-attempts; written anyway; 'reached' is 0 in the stats CSV)\n", missed,
                 run.rated ? "clue or difficulty" : "clue");
    Session::Outcome o;
    o.failed = problems;
    return o;
  });
}

}  // namespace cli
