#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "puzzle/stats.hpp"

namespace {

TEST(Histogram, QuantilesWithinOnePercent) {
  std::mt19937_64 rng(7);
  std::lognormal_distribution<double> dist(10, 2);  // times spread over many decades
  puzzle::Histogram h;
  std::vector<uint64_t> v;
  for (int i = 0; i < 20000; ++i) {
    const auto x = static_cast<uint64_t>(dist(rng));
    v.push_back(x);
    h.add(x);
  }
  std::sort(v.begin(), v.end());
  for (double q : {0.5, 0.9, 0.99}) {
    const double exact = double(v[static_cast<std::size_t>(q * double(v.size())) - 1]);
    EXPECT_NEAR(h.quantile(q), exact, exact * 0.01 + 1) << q;
  }
  EXPECT_EQ(h.count(), 20000u);
}

TEST(Histogram, SmallValuesAreExactAndEmptyIsZero) {
  puzzle::Histogram h;
  EXPECT_EQ(h.quantile(0.5), 0);
  for (uint64_t x : {1, 2, 3, 4, 5}) h.add(x);
  EXPECT_EQ(h.quantile(0.5), 3);
  EXPECT_EQ(h.quantile(1.0), 5);
}

TEST(Summary, CountsAndRates) {
  puzzle::Summary s;
  s.add(puzzle::Status::solved, 1000, {0, 0, 10});
  s.add(puzzle::Status::solved, 3000, {2, 1, 30});
  s.add(puzzle::Status::invalid, 0, {});
  s.add(puzzle::Status::none, 2000, {1, 1, 5});
  s.wall_s = 0.5;
  EXPECT_EQ(s.puzzles, 4u);
  EXPECT_EQ(s.ran(), 3u);
  EXPECT_EQ(s.found(), 2u);
  EXPECT_DOUBLE_EQ(s.puzzles_per_s(), 6.0);
  EXPECT_DOUBLE_EQ(s.mean_us(), 2.0);
  EXPECT_DOUBLE_EQ(s.max_us(), 3.0);
  EXPECT_DOUBLE_EQ(s.guesses_per_puzzle(), 1.0);
  EXPECT_DOUBLE_EQ(s.no_guess_pct(), 50.0);
  EXPECT_LE(s.quantile_us(0.99), s.max_us());
}

}  // namespace
