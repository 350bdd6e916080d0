#include "nonogram/belief.hpp"

#include <algorithm>

namespace puzzle::nonogram {

template <class Board>
void Beliefs::priors(const Puzzle& p, const Board& b, int line) {
  const int w = p.width, n = p.length(line);
  const bool column = line < w;
  const std::vector<double>& crossing = column ? row_ : col_;
  q_.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int r = column ? i : line - w, c = column ? line : i;
    q_[i] = b.known(r, c) ? (b.shaded(r, c) ? 1.0 : 0.0) : crossing[r * w + c];
  }
}

bool Beliefs::marginals(int n, std::span<const uint8_t> runs, double* ge) {
  const int k = static_cast<int>(runs.size());
  m_.assign(static_cast<std::size_t>(n), 0.0);
  if (k == 0) return true;
  // State (j, i): runs 0..j-1 placed, each with the blank after it, in the cells before i.
  const auto stride = static_cast<std::size_t>(n + 1);
  f_.assign((k + 1) * stride, 0.0);
  g_.assign((k + 1) * stride, 0.0);
  wt_.assign(k * stride, 0.0);
  auto at = [stride](std::vector<double>& v, int j, int i) -> double& { return v[j * stride + i]; };
  // The weight of run j at start s: its cells shaded, the cell after it (if any) blank.
  for (int j = 0; j < k; ++j)
    for (int s = 0; s + runs[j] <= n; ++s) {
      double x = s + runs[j] < n ? 1.0 - q_[s + runs[j]] : 1.0;
      for (int t = s; t < s + runs[j]; ++t) x *= q_[t];
      at(wt_, j, s) = x;
    }
  auto after = [&](int j, int s) { return std::min(n, s + runs[j] + 1); };
  at(f_, 0, 0) = 1;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= k; ++j) {
      const double x = at(f_, j, i);
      if (x == 0) continue;
      at(f_, j, i + 1) += x * (1.0 - q_[i]);
      if (j < k && at(wt_, j, i) > 0) at(f_, j + 1, after(j, i)) += x * at(wt_, j, i);
    }
  at(g_, k, n) = 1;
  for (int i = n - 1; i >= 0; --i)
    for (int j = k; j >= 0; --j) {
      double x = (1.0 - q_[i]) * at(g_, j, i + 1);
      if (j < k && at(wt_, j, i) > 0) x += at(wt_, j, i) * at(g_, j + 1, after(j, i));
      at(g_, j, i) = x;
    }
  const double total = at(g_, 0, 0);
  if (!(total > 0)) return false;  // no placement, or every weight below a double's range
  diff_.assign(stride, 0.0);
  if (ge != nullptr) std::fill(ge, ge + k * stride, 0.0);
  for (int j = 0; j < k; ++j)
    for (int s = 0; s + runs[j] <= n; ++s) {
      const double x = at(f_, j, s) * at(wt_, j, s);
      if (x == 0) continue;
      const double m = x * at(g_, j + 1, after(j, s)) / total;  // P(run j starts at s)
      diff_[s] += m;
      diff_[s + runs[j]] -= m;
      if (ge != nullptr) ge[j * stride + s] = m;
    }
  if (ge != nullptr)
    for (int j = 0; j < k; ++j)
      for (int s = n - 1; s >= 0; --s) ge[j * stride + s] += ge[j * stride + s + 1];
  double acc = 0;
  for (int i = 0; i < n; ++i) m_[i] = std::clamp(acc += diff_[i], 0.0, 1.0);
  return true;
}

template <class Board>
void Beliefs::run(const Puzzle& p, const Board& b, int rounds) {
  const int w = p.width, h = p.height;
  w_ = w;
  row_.assign(static_cast<std::size_t>(w * h), 0.5);
  col_.assign(row_.size(), 0.5);
  // Clamped away from 0 and 1 so that dividing the prior out stays finite.
  auto clamp = [](double x) { return std::clamp(x, 1e-6, 1 - 1e-6); };
  for (int round = 0; round < rounds; ++round)
    for (int line = w; line < w + h + w; ++line) {  // the rows, then the columns
      const int l = line < w + h ? line : line - (w + h);
      const bool column = l < w;
      priors(p, b, l);
      if (!marginals(p.length(l), p.line(l), nullptr)) continue;
      std::vector<double>& out = column ? col_ : row_;
      for (int i = 0; i < p.length(l); ++i) {
        const int r = column ? i : l - w, c = column ? l : i;
        if (b.known(r, c)) continue;
        const double m = clamp(m_[i]), q = clamp(q_[i]);
        const double a = m / q, z = (1 - m) / (1 - q);
        double& v = out[r * w + c];
        v = 0.5 * v + 0.5 * a / (a + z);
      }
    }
}

template <class Board>
void Beliefs::starts(const Puzzle& p, const Board& b, int line, std::vector<double>& ge) {
  const int n = p.length(line);
  ge.assign(p.line(line).size() * static_cast<std::size_t>(n + 1), 0.0);
  priors(p, b, line);
  marginals(n, p.line(line), ge.data());
}

#define PUZZLE_NONOGRAM_BELIEFS(M)                                                     \
  template void Beliefs::run(const Puzzle&, const BasicBoard<M>&, int);                \
  template void Beliefs::starts(const Puzzle&, const BasicBoard<M>&, int, std::vector<double>&);
PUZZLE_NONOGRAM_MASKS(PUZZLE_NONOGRAM_BELIEFS)
#undef PUZZLE_NONOGRAM_BELIEFS

}  // namespace puzzle::nonogram
