#pragma once
// The pipelines' slice pool (driver.cpp, generate.cpp).
#include <memory>
#include <mutex>
#include <vector>

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

}  // namespace puzzle::run::detail
