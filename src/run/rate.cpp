#include "run/rate.hpp"

#include <fmt/format.h>

#include "puzzle/registry.hpp"
#include "io/rating.hpp"
#include "sudoku/se/se.hpp"
#include "sudoku/sudoku_kind.hpp"

namespace puzzle::run {
namespace {

/// The rater's columns, from the rating schema, for every puzzle with one solution: the worker
/// thread's own SE rater.
class RatingAnnotator final : public RowAnnotator {
 public:
  explicit RatingAnnotator(uint64_t budget) : budget_(budget) {}

  void annotate(PuzzleRef puzzle, const Result& result, std::string& out) override {
    const sudoku::Grid* grid = puzzle.get<sudoku::Grid>();  // rate runs the Sudoku solver only (configure_rating)
    if (grid == nullptr || result.status != Status::unique) return;  // blank fields: invalid, none, several, budget
    const sudoku::se::Rating se = rater_.rate(*grid, budget_, nullptr, stop);
    buf_.clear();
    buf_.push_back(',');
    io::rating_schema().fields(buf_, io::RatingRow{&se});
    out.assign(buf_.data(), buf_.size());
  }

 private:
  uint64_t budget_;
  sudoku::se::Rater rater_;
  fmt::memory_buffer buf_;
};

}  // namespace

const SolverInfo& rating_prover() { return *find_builtin(sudoku::SudokuKind::default_solver); }

void configure_rating(RunConfig& cfg, uint64_t se_budget) {
  cfg.solvers = {&rating_prover()};
  cfg.limits.solutions = kRatingLimit;  // a rating needs the one solution
  cfg.size = 3;  // a Sudoku's box: 9x9 only
  cfg.extra_columns = io::rating_schema().columns().size();
  cfg.make_annotator = [se_budget] { return std::make_unique<RatingAnnotator>(se_budget); };
}

}  // namespace puzzle::run
