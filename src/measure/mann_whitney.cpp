#include "measure/mann_whitney.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <vector>

namespace puzzle::measure {
namespace {

/// P(U <= u) under the null hypothesis for sample sizes m, n without ties. f[i][j][k] counts the
/// orderings of i x's and j y's with U = k: the largest element is either an x (it beats all j
/// y's) or a y. Kept in doubles: C(40, 20) is about 1.4e11, far below 2^53.
double exact_cdf(int m, int n, int u) {
  // cur[j][k] for the current i; U ranges over 0..m*n.
  const int kmax = m * n;
  std::vector<std::vector<double>> prev(n + 1, std::vector<double>(kmax + 1, 0.0)), cur = prev;
  for (int j = 0; j <= n; ++j) prev[j][0] = 1;  // i = 0: one ordering, U = 0
  for (int i = 1; i <= m; ++i) {
    for (int j = 0; j <= n; ++j) {
      for (int k = 0; k <= kmax; ++k) {
        double v = k >= j ? prev[j][k - j] : 0.0;  // largest is an x: beats j y's
        if (j > 0) v += cur[j - 1][k];             // largest is a y
        cur[j][k] = v;
      }
    }
    std::swap(prev, cur);
  }
  double below = 0, total = 0;
  for (int k = 0; k <= kmax; ++k) {
    total += prev[n][k];
    if (k <= u) below += prev[n][k];
  }
  return below / total;
}

}  // namespace

UTest mann_whitney_u(std::span<const double> x, std::span<const double> y) {
  UTest r;
  const std::size_t n1 = x.size(), n2 = y.size();
  if (n1 == 0 || n2 == 0) return r;

  // Midranks of the pooled sample.
  std::vector<std::pair<double, int>> all;
  all.reserve(n1 + n2);
  for (double v : x) all.emplace_back(v, 0);
  for (double v : y) all.emplace_back(v, 1);
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  double rank_sum_x = 0, tie_term = 0;
  bool ties = false;
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i;
    while (j < all.size() && all[j].first == all[i].first) ++j;
    const double t = double(j - i), mid = (double(i + 1) + double(j)) / 2;
    if (t > 1) ties = true;
    tie_term += t * t * t - t;
    for (std::size_t k = i; k < j; ++k)
      if (all[k].second == 0) rank_sum_x += mid;
    i = j;
  }
  const double m = double(n1), n = double(n2);
  r.u = rank_sum_x - m * (m + 1) / 2;
  const double mean = m * n / 2;

  if (!ties && n1 + n2 <= 40) {
    const double u_small = std::min(r.u, m * n - r.u);
    r.p = std::min(1.0, 2 * exact_cdf(int(n1), int(n2), int(std::lround(u_small))));
    r.exact = true;
    return r;
  }
  const double N = m + n;
  const double var = m * n / 12 * ((N + 1) - tie_term / (N * (N - 1)));
  if (var <= 0) return r;  // every value equal: no evidence of a difference
  const double z = std::max(0.0, std::fabs(r.u - mean) - 0.5) / std::sqrt(var);
  r.p = std::min(1.0, std::erfc(z / std::sqrt(2.0)));
  return r;
}

}  // namespace puzzle::measure
