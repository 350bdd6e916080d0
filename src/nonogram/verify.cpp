#include "nonogram/verify.hpp"

#include <fmt/format.h>

namespace puzzle::nonogram {

std::optional<std::string> verify(const Puzzle& puzzle, const Result& result, uint64_t limit, const Known& known) {
  const Status s = result.status;
  const bool found = s == Status::solved || s == Status::unique || s == Status::multiple;
  static const Picture kNone;  // no picture: check_picture says what is missing
  const Picture* held = result.answer.get<Picture>();
  const Picture& answer = held != nullptr ? *held : kNone;
  if (found || (s == Status::budget_exceeded && result.solutions > 0)) {
    if (auto why = check_picture(puzzle, answer)) return why;
  }
  if (found && result.solutions == 0) return "status says solved but no solution is reported";
  // A known picture is one solution among maybe several (the tournaments' solution files, a
  // .non goal): a different picture that fits the clues is an answer unless the answer claims
  // uniqueness or the file says the puzzle has one solution.
  const bool one = s == Status::unique || (s == Status::solved && known.solutions == 1u);
  if (known.solution && one && !(answer == *known.solution)) {
    for (int r = 0; r < puzzle.height; ++r)
      for (int c = 0; c < puzzle.width; ++c)
        if (answer.at(r, c) != known.solution->at(r, c))
          return fmt::format("answer differs from the known solution at {} ({} instead of {})", cell_name(r, c),
                             answer.at(r, c) ? "shaded" : "blank", known.solution->at(r, c) ? "shaded" : "blank");
  }
  if (s == Status::invalid) return "solver says the clues are invalid, but they passed the clue checks";
  if (s == Status::none && known.solution) return "solver found no solution but the file gives one";
  if (known.solutions && (found || s == Status::none)) return check_count(result.solutions, limit, *known.solutions);
  return std::nullopt;
}

}  // namespace puzzle::nonogram
