#pragma once
// CaDiCaL's callbacks as every CDCL search here uses them (nonogram/sat.cpp, the removal checks
// of sudoku/generate/sat_check.cpp): the stop, and a count of conflicts.
#include <atomic>
#include <cstdint>

#include <cadical.hpp>

#include "puzzle/stop.hpp"

namespace puzzle {

/// Stops CaDiCaL when `stop` fires (CaDiCaL asks regularly: the flag is read each time, the
/// clock every 64th), and counts the conflicts (one learnt clause each).
class SatHooks final : public CaDiCaL::Terminator, public CaDiCaL::Learner {
 public:
  bool terminate() override {
    if (stop == nullptr) return false;
    if (stop->flag != nullptr && stop->flag->load(std::memory_order_relaxed)) return true;
    return (++ticks_ & 63) == 0 && stop->now();
  }
  bool learning(int) override {
    ++learnt;
    return false;
  }
  void learn(int) override {}

  const Stop* stop = nullptr;  ///< none: never stops
  uint64_t learnt = 0;         ///< conflicts so far

 private:
  unsigned ticks_ = 0;
};

}  // namespace puzzle
