#include "puzzle/driver/rate.hpp"

#include <fmt/format.h>

#include "puzzle/io/csv.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/se/se.hpp"

namespace puzzle {
namespace {

/// The rater's columns, from the rating schema, for every puzzle with one solution: the worker
/// thread's own SE rater.
class RatingAnnotator final : public RowAnnotator {
 public:
  explicit RatingAnnotator(uint64_t budget) : budget_(budget) {}

  void annotate(PuzzleRef puzzle, const Result& result, std::string& out) override {
    const sudoku::Grid* grid = puzzle.get<sudoku::Grid>();  // rate runs the Sudoku solver only (configure_rating)
    if (grid == nullptr || result.status != Status::unique) return;  // blank fields: invalid, none, several, budget
    const sudoku::se::Rating se = rater_.rate(*grid, budget_);
    buf_.clear();
    buf_.push_back(',');
    rating_schema().fields(buf_, RatingRow{&se});
    out.assign(buf_.data(), buf_.size());
  }

 private:
  uint64_t budget_;
  sudoku::se::Rater rater_;
  fmt::memory_buffer buf_;
};

}  // namespace

const SolverInfo& rating_prover() { return *find_solver(default_solver(PuzzleKind::sudoku)); }

void configure_rating(RunConfig& cfg, uint64_t se_budget) {
  cfg.solvers = {&rating_prover()};
  cfg.limits.solutions = kRatingLimit;  // a rating needs the one solution
  cfg.box = 3;
  cfg.extra_columns = rating_schema().columns().size();
  cfg.make_annotator = [se_budget] { return std::make_unique<RatingAnnotator>(se_budget); };
}

}  // namespace puzzle
