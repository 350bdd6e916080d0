#pragma once
// Spearman's rank correlation: tests/se_compare's agreement of our ratings with the reference's.
#include <vector>

namespace puzzle::measure {

/// Ranks from 1, ties given their average rank.
std::vector<double> ranks(const std::vector<double>& v);
/// Pearson correlation of the ranks of x and y (same length, at least 2); ties averaged.
double spearman(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace puzzle::measure
