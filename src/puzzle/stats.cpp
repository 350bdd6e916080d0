#include "puzzle/stats.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace puzzle {

int Histogram::bucket(uint64_t v) noexcept {
  if (v < kSub) return static_cast<int>(v);
  const int shift = static_cast<int>(std::bit_width(v)) - 7;  // v >> shift lies in [64, 128)
  return (shift + 1) * kSub + static_cast<int>((v >> shift) - kSub);
}

double Histogram::middle(int b) noexcept {
  if (b < kSub) return b;
  const int shift = b / kSub - 1;
  const double lo = std::ldexp(double(kSub + b % kSub), shift);
  return lo + std::ldexp(1.0, shift) / 2;
}

void Histogram::add(uint64_t v) noexcept {
  ++n_[bucket(v)];
  ++count_;
}

void Histogram::merge(const Histogram& o) noexcept {
  for (int i = 0; i < kBuckets; ++i) n_[i] += o.n_[i];
  count_ += o.count_;
}

double Histogram::quantile(double q) const noexcept {
  if (count_ == 0) return 0;
  const auto rank = static_cast<uint64_t>(std::max(1.0, std::ceil(std::clamp(q, 0.0, 1.0) * double(count_))));
  uint64_t seen = 0;
  for (int i = 0; i < kBuckets; ++i) {
    seen += n_[i];
    if (seen >= rank) return middle(i);
  }
  return middle(kBuckets - 1);
}

void Summary::add(Status s, uint64_t ns, const Work& w) noexcept {
  ++puzzles;
  ++status[static_cast<int>(s)];
  if (s == Status::invalid || s == Status::unsupported) return;
  time_ns.add(ns);
  total_ns += ns;
  max_ns = std::max(max_ns, ns);
  guesses += w.guesses;
  backtracks += w.backtracks;
  nodes += w.nodes;
  if ((s == Status::solved || s == Status::unique || s == Status::multiple) && w.guesses == 0)
    ++found_no_guess;
}

void Summary::merge(const Summary& o) noexcept {
  puzzles += o.puzzles;
  for (int i = 0; i < kStatusCount; ++i) status[i] += o.status[i];
  time_ns.merge(o.time_ns);
  total_ns += o.total_ns;
  max_ns = std::max(max_ns, o.max_ns);
  guesses += o.guesses;
  backtracks += o.backtracks;
  nodes += o.nodes;
  found_no_guess += o.found_no_guess;
  interrupted = interrupted || o.interrupted;
  per_puzzle_times = per_puzzle_times && o.per_puzzle_times;
  wall_s = std::numeric_limits<double>::quiet_NaN();
}

uint64_t Summary::found() const noexcept {
  return count(Status::solved) + count(Status::unique) + count(Status::multiple);
}

}  // namespace puzzle
