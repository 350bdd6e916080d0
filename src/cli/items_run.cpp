// The item runner that `generate` and `transform` share (items_run.hpp).
#include "cli/items_run.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "cli/session.hpp"
#include "cli/table.hpp"
#include "run/generate.hpp"
#include "io/csv.hpp"
#include "io/results.hpp"
#include "puzzle/machine.hpp"

namespace puzzle::cli {
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

/// The data lines (items) of a partial output.
uint64_t count_items(const std::string& partial) {
  puzzle::io::ResultsFile f(partial);
  uint64_t n = 0;
  std::string_view line;
  while (f.next(line)) ++n;
  return n;
}

/// The offset after the first `n` items of `partial`; `last` gets the n-th item's line.
uint64_t offset_after(const std::string& partial, uint64_t n, std::string* last) {
  puzzle::io::ResultsFile f(partial);
  std::string_view line;
  for (uint64_t i = 0; i < n && f.next(line); ++i)
    if (last != nullptr && i + 1 == n) *last = std::string(line) + "\n";
  return n == 0 ? 0 : f.offset();
}

}  // namespace

uint64_t resume_partials(Session& session, puzzle::io::OutputFile* out, puzzle::io::OutputFile* stats,
                         const std::string& stats_columns, uint64_t most, std::string* last) {
  uint64_t done = UINT64_MAX;
  std::vector<puzzle::io::OutputFile*> files;
  for (puzzle::io::OutputFile* o : {out, stats}) {
    if (o == nullptr || o->is_stdout() || puzzle::io::is_stream(o->path())) continue;  // written in place
    files.push_back(o);
    if (!o->has_partial()) {
      done = 0;
      continue;
    }
    const std::string partial = puzzle::io::partial_name(o->path());
    const puzzle::io::ResultsFile f(partial);
    if (!f.meta().empty()) session.check_resume(f.meta(), partial);
    const auto want = o == stats ? puzzle::io::ResultsLayout::stats : puzzle::io::ResultsLayout::lines;
    if (f.layout() == want && (o != stats || f.header() == stats_columns))
      done = std::min(done, count_items(partial));
    else if (o == stats && f.layout() == puzzle::io::ResultsLayout::lines)  // killed before its header was out
      done = 0;
    else
      throw UsageError(fmt::format("{}: --resume: not the {} this command writes; rerun the "
                                   "command that made it, or move it away", partial, o->what()));
  }
  if (files.empty() || done == UINT64_MAX) return 0;
  // More items than this run makes (a smaller -n than the run that left it): not a prefix of
  // this run's output. Refused before anything is opened, so the partial file stays as it is.
  if (done > most)
    for (puzzle::io::OutputFile* o : files)
      if (o->has_partial())
        throw UsageError(fmt::format("{}: --resume: it holds {} items but this run makes {} "
                                     "(another -n?); rerun the command that made it, or move it "
                                     "away", puzzle::io::partial_name(o->path()), done, most));
  for (puzzle::io::OutputFile* o : files) {
    if (!o->has_partial()) continue;
    const std::string partial = puzzle::io::partial_name(o->path());
    o->resume_at(offset_after(partial, done, o == out ? last : nullptr));
  }
  return done;
}

namespace {

/// --resume for generate and transform: resume_partials, then item i depends only on (seed, i),
/// so the last kept item is made again and compared: a partial file from another command is
/// refused.
uint64_t resume_items(Session& session, const ItemsRun& run, puzzle::io::OutputFile* out,
                      puzzle::io::OutputFile* stats, const std::string& stats_columns, uint64_t first,
                      uint64_t last_item) {
  std::string last;
  const uint64_t done = resume_partials(session, out, stats, stats_columns, last_item - first, &last);
  if (done > 0 && !last.empty()) {
    puzzle::GenItem again;
    run.make_worker()->make(first + done - 1, again);
    if (again.line != last)
      throw UsageError(fmt::format("{}: --resume: its item {} is not what this command makes "
                                   "(another seed, method or option?); rerun the command that "
                                   "made it, or move it away",
                                   puzzle::io::partial_name(out->path()), first + done - 1));
  }
  if (done > 0) fmt::print(session.err(), "resuming: {} items kept, continuing from item {}\n", done, first + done);
  return done;
}

}  // namespace

int run_items(const ItemsRun& run, const Context& ctx) {
  const int threads = puzzle::thread_count(run.threads);
  Session session(ctx, threads);
  for (const auto& f : run.inputs) session.input(f);
  for (const auto& [k, v] : run.provenance) session.record(k, v);
  const uint64_t first = run.shard.begin(run.count), last = run.shard.end(run.count);
  if (!run.shard.whole()) session.record("shard", puzzle::io::items_record(run.shard, run.count));
  puzzle::io::OutputFile* out = session.output(run.output, "puzzles");
  puzzle::io::OutputFile* stats = session.output(run.stats, "stats");
  const auto stats_schema = puzzle::io::gen_stats_schema(run.columns);
  session.resume(run.resume);
  const uint64_t kept = run.resume ? resume_items(session, run, out, stats, stats_schema.names(), first, last) : 0;
  session.start();
  return session.run([&] {
    // A part of a sharded run says which items it holds (`merge` reads it and leaves it out);
    // a whole run's lines stay bare, for other programs to read.
    if (out != nullptr && !run.shard.whole() && out->bytes_written() == 0) out->write(session.header());
    if (stats != nullptr && stats->bytes_written() == 0) stats->write(session.header() + stats_schema.header());

    const std::string bar_name = run.output == "-" ? std::string("stdout") : run.output;
    fmt::memory_buffer buf, sbuf;
    std::map<uint64_t, uint64_t> restarts, clues;
    // Per extra column with a tally: the items of each of its values.
    std::vector<std::vector<uint64_t>> tallies(run.columns.size());
    for (std::size_t c = 0; c < run.columns.size(); ++c) tallies[c].assign(run.columns[c].values.size(), 0);
    uint64_t problems = 0, missed = 0, failed = 0, attempts = 0, checks = 0, placements = 0;
    puzzle::run::GenerateConfig cfg;
    cfg.first = first + kept;
    cfg.count = last - first - std::min(kept, last - first);  // resume_items refuses kept > that
    cfg.threads = threads;
    cfg.make_worker = run.make_worker;
    cfg.stop = session.stop_flag();
    cfg.on_items = [&](const std::vector<puzzle::GenItem>& items) {
      buf.clear();
      sbuf.clear();
      for (const puzzle::GenItem& it : items) {
        buf.append(it.line);
        ++restarts[it.stats.restarts];
        attempts += it.stats.attempts, checks += it.stats.checks, placements += it.stats.placements;
        // The clues and the tallies describe the puzzles written: a missed item is none.
        if (!it.ok) ++missed;
        else ++clues[static_cast<uint64_t>(it.clues)];
        if (!it.ok || !it.problem.empty()) ++failed;  // one item, even when it is both
        for (std::size_t c = 0; c < run.columns.size() && c < it.extra.size() && it.ok; ++c) {
          const auto& values = run.columns[c].values;
          const auto v = std::find(values.begin(), values.end(), it.extra[c]);
          if (v != values.end()) ++tallies[c][static_cast<std::size_t>(v - values.begin())];
        }
        if (!it.problem.empty()) {
          ++problems;
          std::string_view line = it.line;
          if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
          session.problem(fmt::format("item {}: {}: {}", it.index, it.problem, line));
        }
        if (stats != nullptr) stats_schema.write(sbuf, puzzle::io::GenStatsRow{&it, run.method});
      }
      // On disk at the end of each slice (64 items), not when a later one comes, which may be
      // long for hard targets: a `kill -9` loses only the slices in the making. Measured on
      // transform, the fastest (1M items of 17_clue.txt, -j 1): +0.03 s of system time on
      // about 0.65 s of CPU; generate's items cost 100 to 10^4 times more.
      if (out != nullptr) out->write({buf.data(), buf.size()}), out->flush();
      if (stats != nullptr) stats->write({sbuf.data(), sbuf.size()}), stats->flush();
    };
    const std::string* name_ptr = &bar_name;
    cfg.on_progress = [&](uint64_t done, double el) {
      session.progress().update(puzzle::run::Progress{name_ptr, run.method, done, done, last - first, el});
    };
    const puzzle::run::GenerateReport rep = puzzle::run::generate(cfg);
    session.progress().clear();
    std::FILE* term = session.term();

    const uint64_t n = rep.items, met = n - std::min(missed, n);
    // The line counts what met the target; the missed items are said apart, never in `what`.
    fmt::print(term, "{}: {} {}{} ({}, seed {}) in {:.3f} s on {} threads: {}/s\n", run.command,
               human(double(met)), run.what,
               missed > 0 ? fmt::format("; {} of {} items missed the {} target", human(double(missed)),
                                        human(double(n)), run.target)
                          : std::string(),
               run.method, run.seed, rep.wall_s, threads, human(rep.wall_s > 0 ? double(met) / rep.wall_s : 0, 1));
    if (n > 0) {
      if (met > 0 && clues.rbegin()->first > 0)  // none for a kind without givens
        fmt::print(term, "  clues: mean {:.2f}, min {}, max {}\n", mean(clues, met),
                   clues.begin()->first, clues.rbegin()->first);
      if (run.restarts) {
        fmt::print(term, "  restarts per item: min {}, median {}, p90 {}, max {}, mean {:.1f}\n",
                   restarts.begin()->first, quantile(restarts, n, 0.5), quantile(restarts, n, 0.9),
                   restarts.rbegin()->first, mean(restarts, n));
        fmt::print(term, "  per item: {:.2f} grids, {:.1f} placements, {:.1f} solver checks\n",
                   double(attempts) / double(n), double(placements) / double(n),
                   double(checks) / double(n));
      }
      for (std::size_t c = 0; c < run.columns.size(); ++c) {
        const puzzle::ItemColumn& col = run.columns[c];
        if (col.tally.empty()) continue;
        std::string dist;
        for (std::size_t v = 0; v < col.values.size(); ++v)
          if (tallies[c][v] > 0) dist += fmt::format("{}{} {}", dist.empty() ? "" : ", ", col.values[v], tallies[c][v]);
        fmt::print(term, "  {}: {}\n", col.tally, dist.empty() ? col.none : dist);
      }
    }
    Session::Outcome o;
    o.failed = failed;
    if (missed > 0)
      o.failed_what = fmt::format("item(s) {}missed the {} target after the allowed attempts (--max-attempts): "
                                  "each is a '{}N: ...' line in the output, not a puzzle, and 'reached' is 0 "
                                  "in the stats CSV",
                                  problems > 0 ? "failed verification or " : "", run.target, puzzle::kMissedPrefix);
    return o;
  });
}

}  // namespace puzzle::cli
