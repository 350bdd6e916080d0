#pragma once
// What the pipelines share (pipeline.cpp, generate.cpp, canon.cpp, search.cpp): their slice pool
// and the threads they run on.
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

namespace puzzle::run::detail {

/// Recycles the slices of a pipeline so that steady-state runs allocate nothing per slice.
/// It owns every slice it made, so those in flight when a stage throws (a failed write inside
/// the pipeline) are freed with it too. get() and put() are thread-safe.
template <class Slice>
class SlicePool {
 public:
  Slice* get() {
    std::lock_guard lock(mutex_);
    if (free_.empty()) return all_.emplace_back(std::make_unique<Slice>()).get();
    Slice* s = free_.back();
    free_.pop_back();
    return s;
  }
  void put(Slice* s) {
    std::lock_guard lock(mutex_);
    free_.push_back(s);
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<Slice>> all_;
  std::vector<Slice*> free_;
};

/// A run's threads: at most `threads` of TBB's workers (for the run's lifetime) and the arena
/// its pipeline executes in.
struct Threads {
  explicit Threads(int threads)
      : limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads)), arena(threads) {}
  tbb::global_control limit;
  tbb::task_arena arena;
};

}  // namespace puzzle::run::detail
