// `guided`: the "My Sudoku Program" blog's generator. Cells are filled left to right, top to
// bottom; each gets a random digit among those its row, column and box still allow, kept only
// if a solver still finds a solution for the partial grid (limit 1), otherwise the next random
// digit is tried. The check uses the registry's fastest solver for the size: `propagation` for
// 9x9, `wide` for the others. Counters: placements = digits tried, checks = solver calls;
// restarts = starts from an empty grid after a check ran out of budget (never seen: a partial
// grid with a solution always has a digit that keeps one).
#include "puzzle/rng.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/generate/generator.hpp"

namespace puzzle::sudoku {
namespace {

constexpr uint64_t kCheckBudget = 10'000'000;

class GuidedGenerator final : public Generator {
 public:
  bool fill(int box, ItemRng& rng, Grid& out, GenStats& st) override {
    if (box != solver_box_) {
      const SolverInfo* info = find_builtin(box == 3 ? "propagation" : "wide");
      if (info == nullptr || !info->supports(box)) return false;
      solver_ = info->make();
      solver_box_ = box;
    }
    const int n = box * box;
    const uint32_t full = (1u << n) - 1;
    for (int attempt = 0; attempt < 100; ++attempt) {
      if (attempt > 0) ++st.restarts;
      out = Grid(box);
      uint32_t row[kMaxSide] = {}, col[kMaxSide] = {}, bx[kMaxSide] = {};
      bool stuck = false;
      for (int c = 0; c < n * n && !stuck; ++c) {
        const int r = out.row_of(c), k = out.col_of(c), b = out.box_of(c);
        uint32_t cand = ~(row[r] | col[k] | bx[b]) & full;
        bool kept = false;
        while (cand != 0 && !kept) {
          const int d = random_bit(cand, rng);
          cand &= ~(1u << d);
          out.set(c, d + 1);
          ++st.placements;
          ++st.checks;
          const Result res = solver_->solve(out, Limits{1, kCheckBudget});
          if (res.solutions > 0) {
            kept = true;
            row[r] |= 1u << d, col[k] |= 1u << d, bx[b] |= 1u << d;
          } else {
            out.set(c, 0);
          }
        }
        stuck = !kept;
      }
      if (!stuck) return true;
    }
    return false;
  }

 private:
  std::unique_ptr<Solver> solver_;
  int solver_box_ = 0;
};

}  // namespace

std::unique_ptr<Generator> make_guided_generator() { return std::make_unique<GuidedGenerator>(); }

}  // namespace puzzle::sudoku
