#include "run/generate.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include "puzzle/machine.hpp"
#include "run/pool.hpp"

namespace puzzle::run {
namespace {

using Clock = std::chrono::steady_clock;

struct GenSlice {
  uint64_t first = 0;
  std::vector<GenItem> items;
};

}  // namespace

GenerateReport generate(const GenerateConfig& cfg) {
  const int threads = thread_count(cfg.threads);
  detail::Threads cores(threads);
  tbb::task_arena& arena = cores.arena;
  GenerateReport report;
  const auto start = Clock::now();
  arena.execute([&] {
    tbb::enumerable_thread_specific<std::unique_ptr<ItemWorker>> workers([&cfg] {
      std::unique_ptr<ItemWorker> w = cfg.make_worker();
      w->stop.flag = cfg.stop;
      return w;
    });
    // An item was interrupted: nothing from it on is written (set by the writer stage, read by
    // the reader stage: two serial stages that may run at once).
    std::atomic<bool> cut{false};
    detail::SlicePool<GenSlice> pool;
    uint64_t next = 0;
    const std::size_t per = cfg.slice_items > 0 ? cfg.slice_items : 64;
    tbb::parallel_pipeline(
        static_cast<std::size_t>(threads * std::max(1, cfg.tokens_per_thread)),
        tbb::make_filter<void, GenSlice*>(
            tbb::filter_mode::serial_in_order,
            [&](tbb::flow_control& fc) -> GenSlice* {
              if (next >= cfg.count || cut.load(std::memory_order_relaxed) ||
                  (cfg.stop != nullptr && cfg.stop->load(std::memory_order_relaxed))) {
                if (next < cfg.count) report.interrupted = true;
                fc.stop();
                return nullptr;
              }
              GenSlice* s = pool.get();
              s->first = cfg.first + next;
              s->items.resize(static_cast<std::size_t>(std::min<uint64_t>(per, cfg.count - next)));
              next += s->items.size();
              return s;
            }) &
            tbb::make_filter<GenSlice*, GenSlice*>(tbb::filter_mode::parallel,
                                                   [&](GenSlice* s) {
                                                     ItemWorker& w = *workers.local();
                                                     for (std::size_t i = 0; i < s->items.size(); ++i) {
                                                       s->items[i].interrupted = false;
                                                       if (w.stop.now()) {  // the rest are not made
                                                         s->items[i].interrupted = true;
                                                         continue;
                                                       }
                                                       w.make(s->first + i, s->items[i]);
                                                     }
                                                     return s;
                                                   }) &
            tbb::make_filter<GenSlice*, void>(tbb::filter_mode::serial_in_order, [&](GenSlice* s) {
              // The items up to the first interrupted one (in order: the output stays a prefix).
              const auto stopped = std::find_if(s->items.begin(), s->items.end(),
                                                [](const GenItem& it) { return it.interrupted; });
              if (cut.load(std::memory_order_relaxed) || stopped != s->items.end()) {
                s->items.erase(cut.load(std::memory_order_relaxed) ? s->items.begin() : stopped, s->items.end());
                cut.store(true, std::memory_order_relaxed);
              }
              if (cfg.on_items && !s->items.empty()) cfg.on_items(s->items);
              report.items += s->items.size();
              if (cfg.on_progress)
                cfg.on_progress(report.items,
                                std::chrono::duration<double>(Clock::now() - start).count());
              pool.put(s);
            }));
    if (cut.load()) report.interrupted = true;
  });
  report.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  return report;
}

}  // namespace puzzle::run
