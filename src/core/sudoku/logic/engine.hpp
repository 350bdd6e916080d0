#pragma once
// The human-style solver: techniques in order of difficulty, one step at a time, a guess (with
// backtracking search underneath) only when nothing applies; and the rating that comes with it.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/logic/board.hpp"
#include "sudoku/logic/technique.hpp"
#include "sudoku/solver.hpp"

namespace sudoku::logic {

/// How hard a puzzle is for a person: the hardest step needed, a score and a level name.
/// The score is the difficulty of the hardest step (its technique's weight plus, for a chain, a
/// length term) and a small term for the number of hard steps: see score() in engine.cpp.
struct Rating {
  double hardest_difficulty = 0;            ///< the hardest step's difficulty (0: nothing to do)
  Technique hardest = Technique::full_house;
  bool rated = false;                       ///< false: invalid, no solution, or several
  std::array<uint32_t, kTechniqueCount> counts{};  ///< steps of each technique
  double score = 0;
  std::string_view level() const noexcept;
  /// The level's index in levels(), easiest 0.
  std::size_t level_index() const noexcept;
};

/// The level names, easiest first, and the score each starts at.
struct Level {
  std::string_view name;
  double from;
};
std::span<const Level> levels() noexcept;

/// The score of a rating's counts and hardest difficulty (the documented formula).
double score(const Rating& r) noexcept;

/// The logic solver's worker: scratch memory and the last rating. Not thread-safe.
class Engine {
 public:
  /// Solves `puzzle` like sudoku::Solver::solve; when `steps` is given, records every step
  /// (with the guesses, which place the first solution's digit) for `explain`.
  Result solve(const Grid& puzzle, const Limits& limits, std::vector<Step>* steps = nullptr);
  /// The rating of the last solve (rated only for a puzzle solved to one known solution).
  const Rating& rating() const noexcept { return rating_; }

 private:
  enum class Outcome { solved, stuck, contradiction, budget };
  Outcome run_logic(Board& b, std::vector<Step>* steps, uint64_t budget);
  void search(const Board& b);

  Rating rating_;
  Step step_;
  Work work_;
  uint64_t limit_ = 1, budget_ = 0, found_ = 0;
  bool budget_hit_ = false;
  Grid first_;
};

}  // namespace sudoku::logic
