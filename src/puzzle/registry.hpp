#pragma once
// The explicit table of solvers. Adding a solver means adding one row to its kind's list (the
// row's solvers(): sudoku_kind.cpp, nonogram/kind.cpp); registry.cpp joins the lists.
#include <deque>
#include <span>
#include <string>
#include <string_view>

#include "puzzle/solver.hpp"

namespace puzzle {

/// Every registered solver: the built-in table (the baseline, `backtracking`, first), then the
/// ones added at run time, in the order they were added. Entries never move.
const std::deque<SolverInfo>& solvers() noexcept;

/// Registers a solver at run time (a plug-in, an external program), before any run. Throws
/// std::invalid_argument when the name is taken or empty.
const SolverInfo& add_solver(SolverInfo info);

/// True when `name` can be a solver's name: letters, digits, '-', '_', '.' (so that `-s`, which
/// splits at commas, can pick it, and CSV cells and messages need no quoting). Every solver
/// added at run time is checked with it (plug-ins, --exec, --exec-batch).
bool valid_solver_name(std::string_view name) noexcept;
/// The rule of valid_solver_name(), for messages.
inline constexpr std::string_view kSolverNameRule = "letters, digits, '-', '_', '.'";

/// The solver used when none is named, for puzzles of `kind` (its row's default_solver,
/// kinds.hpp: `scored`, `nonogram-cdcl`) (the CLI's `solve` and the Python module).
std::string default_solver(PuzzleKind kind);

/// The solver called `name`, or nullptr.
const SolverInfo* find_solver(std::string_view name) noexcept;

/// The registered name nearest to `name` (edit distance), for "did you mean"; empty if none is
/// close.
std::string suggest_solver(std::string_view name);

/// The name in `names` nearest to `name` (a prefix, or a small edit distance), for "did you
/// mean"; empty if none is close. suggest_solver() and the CLI's other suggestions use it.
std::string nearest_name(std::string_view name, std::span<const std::string_view> names);

/// Edit distance (Levenshtein).
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace puzzle
