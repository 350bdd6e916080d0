#include "sudoku/driver/rate.hpp"

#include <fmt/format.h>

#include "sudoku/io/csv.hpp"
#include "sudoku/registry.hpp"
#include "sudoku/se/se.hpp"

namespace sudoku {
namespace {

/// The rater's columns, from the rating schema, for every puzzle its solver rated.
class RatingAnnotator final : public RowAnnotator {
 public:
  explicit RatingAnnotator(uint64_t budget) : budget_(budget) {}

  void annotate(const Grid& puzzle, const Result&, const Solver& solver, std::string& out) override {
    const logic::Rating* r = solver.rating();
    if (r == nullptr || !r->rated) return;  // blank fields: invalid, no solution, several solutions
    const se::Rating se = rater_.rate(puzzle, budget_);
    buf_.clear();
    buf_.push_back(',');
    rating_schema().fields(buf_, RatingRow{&se, r->score});
    out.assign(buf_.data(), buf_.size());
  }

 private:
  uint64_t budget_;
  se::Rater rater_;
  fmt::memory_buffer buf_;
};

}  // namespace

void configure_rating(RunConfig& cfg, uint64_t se_budget) {
  cfg.solvers = {find_solver("logic")};
  cfg.limits.solutions = 2;  // a rating needs the one solution
  cfg.box = 3;
  cfg.extra_columns = rating_schema().columns().size();
  cfg.make_annotator = [se_budget] { return std::make_unique<RatingAnnotator>(se_budget); };
}

}  // namespace sudoku
