#pragma once
// generate's options as a user gives them, checked and turned into a run's plan: one function
// for the command line (`generate`) and the Python module (sudoku_bench.generate), so the
// defaults and the refusals are decided once. Only the wording of an option in a message differs
// between them. plan_generate() picks the kind in the table (kinds.hpp); the kind's row makes the
// plan (its plan_generate, in the kind's own files) and refuses its options given for another
// kind (refuse_generate_options).
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/generate/job.hpp"
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
  std::string checker;          ///< empty: the kind's default (its plan_generate)
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

/// Names an option the caller's way: "--line-solvable" or "line_solvable".
struct OptionNames {
  OptionStyle style;
  std::string operator()(std::string_view name) const;
  /// The option and the value given: "--er 7.25" or "er='7.25'".
  std::string given(std::string_view name, std::string_view value) const;
};

/// What the options ask for, whatever the kind: the worker to make items with and the words
/// that describe the run (the CLI's summary line and provenance header).
struct GeneratePlan {
  PuzzleKind kind = PuzzleKind::sudoku;
  std::string method;  ///< the stats' method column
  std::string what;    ///< the summary line's items: "minimal unique 9x9 puzzles"
  bool restarts = false;  ///< the items count restarts (the summary's restart distribution)
  bool rated = false;     ///< the items carry an SE rating: er and level columns
  std::vector<std::pair<std::string, std::string>> provenance;  ///< the `#` header lines
  std::function<std::unique_ptr<ItemWorker>()> make_worker;     ///< one worker per thread
};

/// The kinds' names in the table's order, joined by " or " ("sudoku or nonogram"): `--kind`.
std::string generate_kind_names();

/// The help of the kinds' option `name` ("size", "fill", ...): what each row says of it (its
/// generate_help), joined by "; ".
std::string generate_option_help(std::string_view name);

/// Checks `opt` (and the solvers it names, in the registry: built-in and run-time ones) and
/// makes the plan by the row of the kind it names; throws OptionError.
GeneratePlan plan_generate(const GenerateOptions& opt, OptionStyle style);

/// The one solver `name` for a role that solves puzzles one at a time, of any kind and size (the
/// caller checks those: `show` with the judge's admit()): throws OptionError for an unknown name
/// (with "did you mean") or an exec-batch program.
const SolverInfo& solver_for_role(const std::string& name, std::string_view role,
                                  OptionStyle style = OptionStyle::cli);

/// The one solver `name` for a role that solves Sudoku one at a time (generate's checker and
/// verifier, transform's verifier) in `box` grids: throws OptionError for an unknown name (with
/// "did you mean"), an exec-batch program, or another size or kind.
const SolverInfo& solver_for_role(const std::string& name, int box, std::string_view role,
                                  OptionStyle style = OptionStyle::cli);

/// The same for puzzles of kind `kind`, of any size.
const SolverInfo& solver_for_role(const std::string& name, PuzzleKind kind, std::string_view role,
                                  OptionStyle style = OptionStyle::cli);

/// transform --verify's solver when none is named: the first of propagation, dlx, backtracking
/// that handles `box`.
const SolverInfo* default_transform_verifier(int box);

}  // namespace sudoku
