#include "puzzle/solver.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "puzzle/kinds.hpp"

namespace puzzle {

std::string_view to_string(Status s) noexcept {
  switch (s) {
    case Status::solved: return "solved";
    case Status::unique: return "unique";
    case Status::multiple: return "multiple";
    case Status::none: return "none";
    case Status::invalid: return "invalid";
    case Status::budget_exceeded: return "budget_exceeded";
    case Status::unsupported: return "unsupported";
    case Status::wrong: return "wrong";
    case Status::timeout: return "timeout";
    case Status::error: return "error";
  }
  return "?";
}

std::string_view to_string(PuzzleKind k) noexcept { return puzzle::Kinds::name(k); }

Status status_for(uint64_t solutions, uint64_t limit, bool budget_hit) noexcept {
  if (budget_hit && solutions < limit) return Status::budget_exceeded;
  if (solutions == 0) return Status::none;
  if (limit <= 1) return Status::solved;
  return solutions == 1 ? Status::unique : Status::multiple;
}

std::unique_ptr<Solver> SolverInfo::make() const {
  if (const PerThread* f = std::get_if<PerThread>(&factory)) return (*f)();
  throw std::logic_error(fmt::format("'{}' is an --exec-batch program: it answers whole files (solve, "
                                     "bench), not one puzzle at a time", name));
}

std::unique_ptr<BatchSolver> SolverInfo::make_batch(const Limits& limits) const {
  if (const PerPass* f = std::get_if<PerPass>(&factory)) return (*f)(limits);
  throw std::logic_error(fmt::format("'{}' solves one puzzle at a time, not whole files", name));
}

std::optional<std::string> check_count(uint64_t counted, uint64_t limit, uint64_t known) {
  if (counted < limit && counted != known)
    return fmt::format("solver counted {} solutions, the file says {}", counted, known);
  if (counted >= limit && known < limit)
    return fmt::format("solver counted {} or more solutions, the file says {}", counted, known);
  return std::nullopt;
}

}  // namespace puzzle
