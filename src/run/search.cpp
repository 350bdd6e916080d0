#include "run/search.hpp"

#include <chrono>
#include <memory>
#include <optional>

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include "puzzle/machine.hpp"
#include "run/pool.hpp"

namespace puzzle::run {
namespace {

using Clock = std::chrono::steady_clock;

struct Expansion {
  uint64_t parent = 0;
  bool whole = true;  ///< false: the stop fired inside it
  std::vector<sudoku::Candidate> candidates;
  sudoku::SearchCounts counts;
};

}  // namespace

SearchReport search(const SearchConfig& cfg) {
  const int threads = thread_count(cfg.threads);
  detail::Threads cores(threads);
  tbb::task_arena& arena = cores.arena;
  SearchReport report;
  const auto start = Clock::now();
  sudoku::FingerprintSet seen;
  for (const sudoku::Grid& s : *cfg.seeds) seen.insert(sudoku::fingerprint(sudoku::minlex(s)));
  const sudoku::FingerprintSet seed_forms = seen;  // read-only for the workers
  std::vector<sudoku::Grid> parents = *cfg.seeds, next;
  // Written by the last stage, read by the first (two threads): the count reached; a parent's
  // expansion stopped, after which neither it nor any later parent counts.
  std::atomic<bool> full{report.finds >= cfg.count}, cut{false};
  const std::size_t to_replay = cfg.replay != nullptr ? cfg.replay->size() : 0;
  std::atomic<bool> replaying{to_replay > 0};
  std::optional<sudoku::Neighbourhood> late;  // judges, in the last stage, what was expanded while replaying
  Stop stop;
  stop.flag = cfg.stop;
  arena.execute([&] {
    tbb::enumerable_thread_specific<std::unique_ptr<sudoku::Neighbourhood>> workers(
        [&cfg] { return std::make_unique<sudoku::Neighbourhood>(cfg.spec); });
    detail::SlicePool<Expansion> pool;
    for (uint64_t gen = 0; !parents.empty() && !full && !report.interrupted && !cut; ++gen) {
      next.clear();
      uint64_t handed = 0, done = 0;
      tbb::parallel_pipeline(
          static_cast<std::size_t>(threads * 2),
          tbb::make_filter<void, Expansion*>(
              tbb::filter_mode::serial_in_order,
              [&](tbb::flow_control& fc) -> Expansion* {
                if (stop.now()) report.interrupted = true;
                if (full || cut || report.interrupted || handed >= parents.size()) {
                  fc.stop();
                  return nullptr;
                }
                Expansion* e = pool.get();
                e->parent = handed++;
                return e;
              }) &
              tbb::make_filter<Expansion*, Expansion*>(tbb::filter_mode::parallel,
                                                       [&](Expansion* e) {
                                                         e->counts = {};
                                                         e->whole = workers.local()->expand(
                                                             parents[e->parent], &seed_forms, e->candidates,
                                                             e->counts, !replaying.load(std::memory_order_relaxed),
                                                             stop);
                                                         return e;
                                                       }) &
              tbb::make_filter<Expansion*, void>(tbb::filter_mode::serial_in_order, [&](Expansion* e) {
                if (!e->whole) cut = true;
                if (!full && !cut) {  // past the count-th find, what is still in flight is dropped
                  report.counts.add(e->counts);
                  ++report.parents;
                  for (sudoku::Candidate& c : e->candidates) {
                    if (full) break;
                    if (!seen.insert(c.form)) {
                      ++report.duplicates;
                      continue;
                    }
                    if (report.replayed < to_replay) {
                      if (c.puzzle == (*cfg.replay)[report.replayed]) {
                        next.push_back(c.puzzle);
                        full = ++report.finds >= cfg.count;
                        if (++report.replayed == to_replay) replaying.store(false, std::memory_order_relaxed);
                      }
                      continue;
                    }
                    if (!c.judged && !(late ? *late : late.emplace(cfg.spec)).judge(c, &seed_forms, report.counts, stop)) {
                      cut = true;
                      break;
                    }
                    if (!c.rated || c.er < cfg.spec.er_lo || c.er > cfg.spec.er_hi) continue;
                    if (cfg.on_find) cfg.on_find(c, gen, e->parent);
                    next.push_back(c.puzzle);
                    full = ++report.finds >= cfg.count;
                  }
                }
                ++done;
                if (cfg.on_progress)
                  cfg.on_progress({report.finds, gen, done, parents.size(),
                                   std::chrono::duration<double>(Clock::now() - start).count()});
                pool.put(e);
              }));
      report.generations = gen + 1;
      std::swap(parents, next);
    }
  });
  report.interrupted = report.interrupted || cut;
  report.exhausted = !full && !report.interrupted;
  report.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  return report;
}

}  // namespace puzzle::run
