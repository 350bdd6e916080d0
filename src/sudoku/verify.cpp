#include "sudoku/verify.hpp"

#include <fmt/format.h>

#include "sudoku/sudoku_kind.hpp"

namespace puzzle::sudoku {

std::optional<std::string> check_solution(const Grid& puzzle, const Grid& answer) {
  if (answer.box() != puzzle.box()) return "answer has a different size than the puzzle";
  // Fast, branch-free (vectorisable) pass; the loop below only runs to name the problem.
  const uint8_t* a = answer.data();
  const uint8_t* p = puzzle.data();
  const auto side = static_cast<uint8_t>(answer.side());
  const int n = puzzle.cells();
  uint8_t acc = 0;
  for (int i = 0; i < n; ++i) {
    const uint8_t ai = a[i], pi = p[i];
    const uint8_t out_of_range = static_cast<uint8_t>(ai - 1) >= side ? 1 : 0;  // empty or > side
    const uint8_t changed = (pi != 0 ? 1 : 0) & (ai != pi ? 1 : 0);
    acc = static_cast<uint8_t>(acc | out_of_range | changed);
  }
  const bool bad = acc != 0;
  for (int i = 0; bad && i < n; ++i) {
    if (answer[i] < 1 || answer[i] > answer.side())
      return fmt::format("answer is incomplete at {}", cell_name(answer, i));
    if (puzzle[i] != 0 && answer[i] != puzzle[i])
      return fmt::format("answer changes the given {} at {}", puzzle[i], cell_name(puzzle, i));
  }
  if (auto c = find_conflict(answer)) return "answer breaks the rules: " + c->describe(answer);
  return std::nullopt;
}

std::optional<std::string> verify(const Grid& puzzle, const Result& result, uint64_t limit,
                                  const Known& known) {
  const Status s = result.status;
  const bool found = s == Status::solved || s == Status::unique || s == Status::multiple;
  const Grid& answer = SudokuKind::solution(result.answer);
  if (found || (s == Status::budget_exceeded && result.solutions > 0)) {
    if (auto why = check_solution(puzzle, answer)) return why;
  }
  if (found && result.solutions == 0) return "status says solved but no solution is reported";
  if (known.solution && (s == Status::solved || s == Status::unique) && !(answer == *known.solution)) {
    for (int i = 0; i < puzzle.cells(); ++i)
      if (answer[i] != (*known.solution)[i])
        return fmt::format("answer differs from the known solution at {} ({} instead of {})",
                           cell_name(puzzle, i), answer[i], (*known.solution)[i]);
  }
  if (s == Status::invalid && !find_conflict(puzzle))
    return "solver says the givens contradict each other, but no unit repeats a digit";
  if ((s == Status::none || s == Status::invalid) && known.solution)
    return fmt::format("solver found no solution but the file gives one");
  if (known.solutions && (found || s == Status::none || s == Status::invalid))
    return check_count(result.solutions, limit, *known.solutions);
  return std::nullopt;
}

}  // namespace puzzle::sudoku
