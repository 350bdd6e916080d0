#include "measure/spearman.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace puzzle::measure {

std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<std::size_t> idx(v.size());
  std::iota(idx.begin(), idx.end(), std::size_t{0});
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < idx.size();) {
    std::size_t j = i;
    while (j < idx.size() && v[idx[j]] == v[idx[i]]) ++j;
    const double rank = static_cast<double>(i + j + 1) / 2.0;  // average of i+1 .. j
    for (std::size_t k = i; k < j; ++k) r[idx[k]] = rank;
    i = j;
  }
  return r;
}

double spearman(const std::vector<double>& x, const std::vector<double>& y) {
  const auto rx = ranks(x), ry = ranks(y);
  const double n = static_cast<double>(rx.size());
  const double mx = std::accumulate(rx.begin(), rx.end(), 0.0) / n;
  const double my = std::accumulate(ry.begin(), ry.end(), 0.0) / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < rx.size(); ++i) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) * (rx[i] - mx);
    syy += (ry[i] - my) * (ry[i] - my);
  }
  return sxy / std::sqrt(sxx * syy);
}

}  // namespace puzzle::measure
