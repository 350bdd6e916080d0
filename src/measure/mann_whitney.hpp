#pragma once
// The Mann-Whitney U test (Wilcoxon rank-sum), two-sided: are two sets of repetition times drawn
// from the same distribution? The test Google Benchmark's compare.py applies to repetitions
// (through scipy.stats.mannwhitneyu); it assumes nothing about the shape of the noise, which on a
// shared machine is far from normal (long right tails from preemption).
#include <span>

namespace puzzle::measure {

struct UTest {
  double u = 0;      ///< U of the first sample: pairs (x, y) with x > y, ties counting 1/2
  double p = 1;      ///< two-sided p-value
  bool exact = false;  ///< p from the exact null distribution (else the normal approximation)
};

/// Two-sided Mann-Whitney U test of `x` against `y`. Exact when there are no ties and
/// n1 + n2 <= 40 (the distribution of U by dynamic programming); otherwise the normal
/// approximation with the tie correction and a continuity correction of 1/2, as scipy's
/// `method="asymptotic"`. An empty sample, or all values equal, gives p = 1. Pure function.
UTest mann_whitney_u(std::span<const double> x, std::span<const double> y);

}  // namespace puzzle::measure
