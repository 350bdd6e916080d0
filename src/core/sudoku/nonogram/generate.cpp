#include "sudoku/nonogram/generate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <fmt/format.h>

#include "sudoku/generate/rng.hpp"
#include "sudoku/nonogram/line.hpp"
#include "sudoku/verify.hpp"

namespace sudoku::nonogram {

Picture random_picture(int width, int height, double fill, ItemRng& rng) {
  Picture pic(width, height);
  // 16 random bits per cell, four cells per draw.
  const auto threshold = static_cast<uint32_t>(std::lround(std::clamp(fill, 0.0, 1.0) * 65536.0));
  uint64_t bits = 0;
  int left = 0;
  for (int r = 0; r < height; ++r) {
    Mask row = 0;
    for (int c = 0; c < width; ++c) {
      if (left == 0) bits = rng(), left = 4;
      row |= static_cast<Mask>((bits & 0xffff) < threshold) << c;
      bits >>= 16, --left;
    }
    pic.rows[r] = row;
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
    it.puzzle = Grid(0);  // no Sudoku here
    ItemRng rng = item_rng(spec_.seed, index);
    Picture pic;
    Puzzle puzzle;
    for (uint64_t a = 0; a < spec_.max_attempts && !it.ok; ++a) {
      ++it.stats.attempts;
      pic = random_picture(spec_.width, spec_.height, spec_.fill, rng);
      puzzle = clues_of(pic);
      if (spec_.line_only) {
        Picture solved;
        it.ok = line_solve(puzzle, solved, it.stats.placements);
      } else {
        ++it.stats.checks;
        const Result r = checker_->solve_nonogram(puzzle, Limits{2, spec_.budget});
        it.ok = r.status == Status::unique;
      }
    }
    it.line = to_id(puzzle);
    if (spec_.solutions) it.line += "," + to_text(pic);
    it.line += '\n';
    if (verifier_ != nullptr && it.ok) {
      const Result r = verifier_->solve_nonogram(puzzle, Limits{2, 0});
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
};

}  // namespace

std::unique_ptr<ItemWorker> make_generate_worker(const GenerateSpec& spec) {
  return std::make_unique<Worker>(spec);
}

}  // namespace sudoku::nonogram
