#include "run/generate.hpp"

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
    tbb::enumerable_thread_specific<std::unique_ptr<ItemWorker>> workers(
        [&cfg] { return cfg.make_worker(); });
    detail::SlicePool<GenSlice> pool;
    uint64_t next = 0;
    const std::size_t per = cfg.slice_items > 0 ? cfg.slice_items : 64;
    tbb::parallel_pipeline(
        static_cast<std::size_t>(threads * std::max(1, cfg.tokens_per_thread)),
        tbb::make_filter<void, GenSlice*>(
            tbb::filter_mode::serial_in_order,
            [&](tbb::flow_control& fc) -> GenSlice* {
              if (next >= cfg.count ||
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
                                                     for (std::size_t i = 0; i < s->items.size(); ++i)
                                                       w.make(s->first + i, s->items[i]);
                                                     return s;
                                                   }) &
            tbb::make_filter<GenSlice*, void>(tbb::filter_mode::serial_in_order, [&](GenSlice* s) {
              if (cfg.on_items) cfg.on_items(s->items);
              report.items += s->items.size();
              if (cfg.on_progress)
                cfg.on_progress(report.items,
                                std::chrono::duration<double>(Clock::now() - start).count());
              pool.put(s);
            }));
  });
  report.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  return report;
}

}  // namespace puzzle::run
