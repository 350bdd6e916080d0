#pragma once
// The generation driver: makes items 0..count-1 on oneTBB worker threads.
//
// A three-stage tbb::parallel_pipeline, like run()'s: a serial stage hands out slices of
// consecutive indices; a parallel stage makes each slice's items with the thread's own
// ItemWorker (enumerable_thread_specific); a serial in-order stage gives them to on_items.
// At most tokens_per_thread * threads slices are alive and they are recycled, so memory is flat
// in `count`. Item i depends only on (seed, i) (see generate/job.hpp), so the items and their
// order are the same whatever the thread count.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "puzzle/generate_item.hpp"

namespace puzzle::run {

struct GenerateConfig {
  uint64_t first = 0;               ///< the index of the first item (a shard's share starts later)
  uint64_t count = 0;               ///< items first .. first + count - 1
  int threads = 0;                  ///< 0: available_cores() (thread_count)
  std::size_t slice_items = 64;     ///< items per slice
  int tokens_per_thread = 4;        ///< slices in flight per thread
  std::function<std::unique_ptr<ItemWorker>()> make_worker;  ///< one call per worker thread
  /// Called from the serial writer stage with each slice's items, in index order. May throw
  /// (a write error): the pipeline stops and the exception reaches the caller.
  std::function<void(const std::vector<GenItem>&)> on_items;
  /// Items written so far and seconds elapsed; called often: rate-limit in the callee.
  std::function<void(uint64_t done, double elapsed_s)> on_progress;
  const std::atomic<bool>* stop = nullptr;  ///< set (SIGINT, SIGTERM) to stop handing out slices
};

struct GenerateReport {
  uint64_t items = 0;  ///< items made and written
  double wall_s = 0;
  bool interrupted = false;
};

GenerateReport generate(const GenerateConfig& config);

}  // namespace puzzle::run
