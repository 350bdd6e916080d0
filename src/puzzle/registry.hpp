#pragma once
// The explicit table of solvers. Adding a solver means adding one row to its kind's list (the
// row's solvers(): sudoku_kind.cpp, nonogram/kind.cpp); registry.cpp joins the lists. A session
// (a command, a Python session) works on a Registry of its own, which adds its plug-ins and
// programs to a copy of that table.
#include <deque>
#include <span>
#include <string>
#include <string_view>

#include "puzzle/solver.hpp"

namespace puzzle {

/// The solvers of one session (a command, a Python session, a test): the built-in ones, then
/// those the session adds at run time (plug-ins, external programs), in the order they were
/// added. An object, not a global: two sessions in one process each have their own, so each
/// can load the same plug-in under the same name. Entries never move. Not thread-safe to add
/// to; reading it from the worker threads of a run is (nothing is added during a run).
class Registry {
 public:
  /// The built-in solvers (builtin_solvers()).
  Registry();

  const std::deque<SolverInfo>& solvers() const noexcept { return all_; }
  /// Registers a solver at run time, before any run. Throws std::invalid_argument when the name
  /// is taken or empty.
  const SolverInfo& add(SolverInfo info);
  /// The solver called `name`, or nullptr.
  const SolverInfo* find(std::string_view name) const noexcept;
  /// The name nearest to `name` (edit distance), for "did you mean"; empty if none is close.
  std::string suggest(std::string_view name) const;

 private:
  std::deque<SolverInfo> all_;
};

/// The built-in table (the baseline, `backtracking`, first): each kind's row's list, joined in
/// the table's order. Immutable.
const std::deque<SolverInfo>& builtin_solvers() noexcept;

/// A registry of the built-in solvers alone, and the one called `name` in it (or nullptr): for
/// code that names a built-in solver itself (the rating's prover, a generator's own checker),
/// not one a user chose.
const Registry& builtin_registry() noexcept;
const SolverInfo* find_builtin(std::string_view name) noexcept;

/// True when `name` can be a solver's name: letters, digits, '-', '_', '.' (so that `-s`, which
/// splits at commas, can pick it, and CSV cells and messages need no quoting). Every solver
/// added at run time is checked with it (plug-ins, --exec, --exec-batch).
bool valid_solver_name(std::string_view name) noexcept;
/// The rule of valid_solver_name(), for messages.
inline constexpr std::string_view kSolverNameRule = "letters, digits, '-', '_', '.'";

/// The solver used when none is named, for puzzles of `kind` whose sizes are not known (its
/// row's default_solver, kinds.hpp: `scored`, `nonogram-cdcl`).
std::string default_solver(PuzzleKind kind);

/// The solver used when none is named, for `puzzles` of `kind` (a file's first puzzle, each
/// file's, the one `show` draws): the first of its row's solvers by speed (the row's
/// `by_speed`, fastest first: `scored` for 9x9, `wide` for the other Sudoku sizes) that
/// `registry` holds and that takes every one of them; default_solver(kind) when none does or
/// no puzzle is given. `solve`, `show` and the Python module ask it.
std::string default_solver(const Registry& registry, PuzzleKind kind, std::span<const PuzzleRef> puzzles);

/// The name in `names` nearest to `name` (a prefix, or a small edit distance), for "did you
/// mean"; empty if none is close. suggest_solver() and the CLI's other suggestions use it.
std::string nearest_name(std::string_view name, std::span<const std::string_view> names);

/// Edit distance (Levenshtein).
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace puzzle
