#include "nonogram/generate.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <functional>
#include <vector>

#include <fmt/format.h>

#include "nonogram/line.hpp"
#include "nonogram/verify.hpp"
#include "puzzle/rng.hpp"

namespace puzzle::nonogram {

Picture random_picture(int width, int height, double fill, ItemRng& rng) {
  Picture pic(width, height);
  // 16 random bits per cell, four cells per draw.
  const auto threshold = static_cast<uint32_t>(std::lround(std::clamp(fill, 0.0, 1.0) * 65536.0));
  uint64_t bits = 0;
  int left = 0;
  uint64_t* word = pic.words.data();
  for (int r = 0; r < height; ++r)
    for (int c0 = 0; c0 < width; c0 += 64, ++word) {  // a row's words
      const int end = std::min(width - c0, 64);
      for (int c = 0; c < end; ++c) {
        if (left == 0) bits = rng(), left = 4;
        *word |= static_cast<uint64_t>((bits & 0xffff) < threshold) << c;
        bits >>= 16, --left;
      }
    }
  return pic;
}

Picture smooth_picture(int width, int height, double fill, ItemRng& rng) {
  SmoothScratch scratch;
  return smooth_picture(width, height, fill, rng, scratch);
}

Picture smooth_picture(int width, int height, double fill, ItemRng& rng, SmoothScratch& scratch) {
  const int n = width * height;
  auto& [v, row3, sum, sorted] = scratch;
  // Values in a grid with a border of zeros (stride w + 2), so that the sums below need no
  // bounds test and vectorise.
  const int stride = width + 2;
  v.assign(static_cast<std::size_t>((height + 2) * stride), 0);
  row3.assign(v.size(), 0);
  sum.resize(static_cast<std::size_t>(n));
  // Row-major, four cells a draw (a draw may straddle two rows).
  uint64_t bits = 0;
  int left = 0;
  for (int r = 0; r < height; ++r) {
    uint32_t* dst = &v[static_cast<std::size_t>((r + 1) * stride + 1)];
    for (int c = 0; c < width; ++c, bits >>= 16, --left) {
      if (left == 0) bits = rng(), left = 4;
      dst[c] = static_cast<uint32_t>(bits & 0xffff);
    }
  }
  // The mean over the 3x3 neighbourhood inside the grid, scaled to a common denominator (36 =
  // lcm of the 4, 6 and 9 cells a corner, edge or inner cell sees) so that ranks compare.
  // Separable: sums of three along each row, then of three such sums down each column.
  for (int r = 1; r <= height; ++r)
    for (int c = 1; c <= width; ++c) {
      const int i = r * stride + c;
      row3[i] = v[i - 1] + v[i] + v[i + 1];
    }
  static constexpr uint32_t kScale[4][4] = {{0, 0, 0, 0}, {0, 36, 18, 12}, {0, 18, 9, 6}, {0, 12, 6, 4}};
  for (int r = 0; r < height; ++r) {
    const uint32_t rows = 1u + (r > 0) + (r + 1 < height);
    const uint32_t* above = &row3[static_cast<std::size_t>(r * stride + 1)];
    const uint32_t* here = above + stride;
    const uint32_t* below = here + stride;
    uint32_t* out = &sum[static_cast<std::size_t>(r * width)];
    // 36 / (rows * cols): the first and last columns apart, so that the inner loop vectorises.
    const uint32_t edge = kScale[rows][width > 1 ? 2 : 1], inner = kScale[rows][3];
    out[0] = (above[0] + here[0] + below[0]) * edge;
    for (int c = 1; c + 1 < width; ++c) out[c] = (above[c] + here[c] + below[c]) * inner;
    if (width > 1) out[width - 1] = (above[width - 1] + here[width - 1] + below[width - 1]) * edge;
  }
  const auto shaded = static_cast<long>(std::lround(std::clamp(fill, 0.0, 1.0) * n));
  Picture pic(width, height);
  if (shaded == 0) return pic;
  // The shaded-th largest sum: a histogram of the top bits finds its bucket (sums are below
  // 9 * 65536 * 4 < 2^22), then nth_element runs on that bucket alone (perf: nth_element on
  // every sum was a quarter of a smoothed 15x15 puzzle's time).
  constexpr int kShift = 14;
  std::array<uint32_t, (1u << 22 >> kShift)> hist{};
  for (const uint32_t x : sum) ++hist[x >> kShift];
  long above = 0;  // sums in buckets above the current one
  std::size_t bucket = hist.size();
  while (bucket-- > 0 && above + hist[bucket] < shaded) above += hist[bucket];
  sorted.clear();
  for (const uint32_t x : sum)
    if ((x >> kShift) == bucket) sorted.push_back(x);
  const auto rank = static_cast<std::size_t>(shaded - above - 1);
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<long>(rank), sorted.end(), std::greater<>());
  const uint32_t threshold = sorted[rank];
  for (int r = 0; r < height; ++r) {
    // No branch per cell: a cell above or below the threshold is a coin toss for the branch
    // predictor (it was a third of the smoothing's time).
    const uint32_t* row = &sum[static_cast<std::size_t>(r * width)];
    uint64_t* word = &pic.words[static_cast<std::size_t>(r) * static_cast<std::size_t>(pic.stride)];
    for (int c0 = 0; c0 < width; c0 += 64, ++word) {
      const int end = std::min(width - c0, 64);
      uint64_t m = 0;
      for (int c = 0; c < end; ++c) m |= static_cast<uint64_t>(row[c0 + c] >= threshold) << c;
      *word = m;
    }
  }
  return pic;
}

namespace {

using Clock = std::chrono::steady_clock;

class Worker final : public ItemWorker {
 public:
  explicit Worker(const GenerateSpec& spec)
      : spec_(spec),
        checker_(spec.checker != nullptr ? spec.checker->make() : nullptr),
        verifier_(spec.verifier != nullptr ? spec.verifier->make() : nullptr) {}

  void make(uint64_t index, GenItem& it) override {
    const auto t0 = Clock::now();
    it.index = index;
    it.stats = GenStats{};
    it.ok = false;
    it.problem.clear();
    it.clues = it.target = 0;  // no givens to count, no clue target
    it.extra.clear();
    ItemRng rng = item_rng(spec_.seed, index);
    Picture& pic = pic_;
    Puzzle& puzzle = puzzle_;
    for (uint64_t a = 0; a < spec_.max_attempts && !it.ok; ++a) {
      ++it.stats.attempts;
      pic = spec_.smooth ? smooth_picture(spec_.width, spec_.height, spec_.fill, rng, scratch_)
                         : random_picture(spec_.width, spec_.height, spec_.fill, rng);
      clues_of(pic, puzzle);
      if (spec_.line_only) {
        Picture solved;
        it.ok = line_solve(puzzle, solved, it.stats.placements, /*consistent=*/true);  // pic solves it
      } else {
        ++it.stats.checks;
        const Result r = checker_->solve(puzzle, Limits{2, spec_.budget});
        it.ok = r.status == Status::unique;
      }
    }
    it.line = to_id(puzzle);
    if (spec_.solutions) it.line += "," + to_text(pic);
    it.line += '\n';
    if (!it.ok)
      it.line = missed_line(index, fmt::format("no unique puzzle{} in {} pictures",
                                               spec_.line_only ? " solved line by line" : "", it.stats.attempts));
    if (verifier_ != nullptr && it.ok) {
      const Result r = verifier_->solve(puzzle, Limits{2, 0});
      Known known;
      known.solution = pic;
      known.solutions = 1;
      if (auto why = verify(puzzle, r, 2, known))
        it.problem = fmt::format("{}: {}", spec_.verifier->name, *why);
      else if (r.status != Status::unique)
        it.problem = fmt::format("{} says {}, not unique", spec_.verifier->name, to_string(r.status));
    }
    it.time_ns = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count());
  }

 private:
  GenerateSpec spec_;
  std::unique_ptr<Solver> checker_, verifier_;
  SmoothScratch scratch_;
  Picture pic_;     // reused: no allocation per attempt
  Puzzle puzzle_;
};

}  // namespace

std::unique_ptr<ItemWorker> make_generate_worker(const GenerateSpec& spec) {
  return std::make_unique<Worker>(spec);
}

}  // namespace puzzle::nonogram
