#pragma once
// Spearman's rank correlation, to check ratings against human-made ones.
#include <vector>

namespace sudoku::logic {

/// Ranks from 1, ties given their average rank.
std::vector<double> ranks(const std::vector<double>& v);
/// Pearson correlation of the ranks of x and y (same length, at least 2); ties averaged.
double spearman(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace sudoku::logic
