#pragma once
// generate's options as a user gives them, checked and turned into a worker's spec: one
// function for the command line (`generate`) and the Python module (sudoku_bench.generate), so
// the defaults (9x9, propagation as checker, verify's other solver, 15x15 nonograms) and the
// refusals are decided once. Only the wording of an option in a message differs between them.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sudoku/generate/job.hpp"
#include "sudoku/nonogram/generate.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

/// The options in the command line's text forms (the Python module writes its values so).
struct GenerateOptions {
  std::string kind = "sudoku";  ///< sudoku or nonogram
  std::string size;             ///< a Sudoku's side (4, 9, 16, 25; "" is 9), a nonogram's WxH ("" is 15x15)
  std::string method = "restart-dfs";
  std::string clues;            ///< "K" or "LO-HI"; empty: no target
  bool minimal = false;
  std::string symmetry = "none";
  bool grids = false;
  std::string difficulty;       ///< level names, comma-separated
  std::string er;               ///< "7.2" or "7.0-8.4"
  uint64_t seed = 1;
  uint64_t max_attempts = 1000;
  bool solutions = false;
  bool verify = false;
  std::string checker;          ///< empty: propagation for 9x9, dlx otherwise; nonogram-line
  std::string verifier;         ///< implies verify; empty: a solver other than the checker
  double fill = 0.5;            ///< nonograms
  bool smooth = false;
  bool line_solvable = false;
};

/// How the caller names an option in messages: `--clues 90` (command line) or `clues='90'`.
enum class OptionStyle { cli, python };

/// An option that cannot be used; its message names the option in the caller's style.
struct OptionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// What the options ask for: the spec of one of the two kinds of worker.
struct GeneratePlan {
  PuzzleKind kind = PuzzleKind::sudoku;
  GenerateSpec sudoku;                ///< kind == sudoku
  nonogram::GenerateSpec nonogram;    ///< kind == nonogram
  std::string method;                 ///< the stats' method column
  int side = 9;                       ///< a Sudoku's side

  bool rated() const noexcept { return kind == PuzzleKind::sudoku && sudoku.rated(); }
  std::unique_ptr<ItemWorker> make_worker() const;
};

/// Checks `opt` (and the solvers it names, in the registry: built-in and run-time ones) and
/// fills the plan; throws OptionError.
GeneratePlan plan_generate(const GenerateOptions& opt, OptionStyle style);

/// The level names with their ER bands, comma-separated, easiest first:
/// "easy (1.0-1.9), medium (2.0-2.9), ...".
std::string level_names();

/// The one solver `name` for a role that solves puzzles one at a time, of any kind and size (the
/// caller checks those: `show` with the judge's admit()): throws OptionError for an unknown name
/// (with "did you mean") or an exec-batch program.
const SolverInfo& solver_for_role(const std::string& name, std::string_view role,
                                  OptionStyle style = OptionStyle::cli);

/// The one solver `name` for a role that solves puzzles one at a time (generate's checker and
/// verifier, transform's verifier) in `box` grids (0: a nonogram solver): throws OptionError
/// for an unknown name (with "did you mean"), an exec-batch program, or another size or kind.
const SolverInfo& solver_for_role(const std::string& name, int box, std::string_view role,
                                  OptionStyle style = OptionStyle::cli);

/// transform --verify's solver when none is named: the first of propagation, dlx, backtracking
/// that handles `box`.
const SolverInfo* default_transform_verifier(int box);

}  // namespace sudoku
