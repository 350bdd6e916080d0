#pragma once
// generate's options as a user gives them, checked and turned into a run's plan: one function
// for the command line (`generate`) and the Python module (sudoku_bench.generate), so the
// defaults and the refusals are decided once. Only the wording of an option in a message differs
// between them. The options every kind takes are GenerateOptions' fields; a kind's own options
// (size, clues, fill, ...) are declared by its row (generate_options(), in the kind's own files),
// offered by the command line and the Python module from the table (generate_options() below),
// and given by name. plan_generate() picks the kind in the table, refuses an option the kind
// does not take, fills in the kind's defaults, and has the kind's row make the plan (its
// plan_generate).
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzle/generate_item.hpp"
#include "puzzle/registry.hpp"
#include "puzzle/solver.hpp"

namespace puzzle {

/// One of a kind's own options (a row's generate_options()), as the command line and the
/// Python module offer it.
struct GenerateOption {
  std::string name;          ///< "clues", "line-solvable": `--clues`, `clues=`
  std::string help;          ///< what it does for the kind (generate --help; the Python docstring)
  std::string default_text;  ///< the value when not given ("" none); a flag's is not given
  bool flag = false;         ///< takes no value: `--minimal`, `minimal=True`
  std::string value_name;    ///< the value's form in the command line's help ("K|LO-HI"), or ""
  char letter = 0;           ///< a one-letter command-line alias (`-m`), or 0
  std::string join;          ///< Python: a sequence given is joined by it ((12, 10) -> "12x10"), or ""
};

/// A row's option that takes a value (its default "" for none, `join` and `value_name` as above).
GenerateOption value_option(std::string name, std::string help, std::string default_text = {},
                            std::string join = {}, std::string value_name = {}, char letter = 0);
/// A row's flag.
GenerateOption flag_option(std::string name, std::string help);

/// What a kind's generation does with the options every kind takes when they are not given, in
/// the help's words (a row's generate_defaults()); "" where the kind says nothing.
struct GenerateDefaults {
  std::string checker;   ///< its uniqueness checker and the budget of a check
  std::string verifier;  ///< the solver of `--verify` alone
  std::string columns;   ///< its own `--stats` columns
  std::string attempts;  ///< what one of `--max-attempts` tries, and what it must meet
};

/// generate's kind when none is named: the table's first row's name (kinds.hpp, which includes
/// this header, so the default is asked of options.cpp).
std::string default_generate_kind();

/// The options in the command line's text forms (the Python module writes its values so).
struct GenerateOptions {
  std::string kind = default_generate_kind();  ///< a row's name (generate_kind_names())
  uint64_t seed = 1;
  uint64_t max_attempts = 1000;
  bool solutions = false;
  bool verify = false;
  std::string checker;          ///< empty: the kind's default (its plan_generate)
  std::string verifier;         ///< implies verify; empty: a solver other than the checker
  /// Where the checker and verifier are found: the session's solvers (plug-ins, programs);
  /// null: the built-in ones.
  const Registry* registry = nullptr;
  /// The kinds' own options given, by name: their text, "true" for a flag. A row's
  /// plan_generate sees its own options only, each given or at its default.
  std::map<std::string, std::string, std::less<>> options;

  /// Option `name`'s text; "" when not given and without a default.
  const std::string& text(std::string_view name) const;
  /// Whether flag `name` is given.
  bool flag(std::string_view name) const { return text(name) == "true"; }
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
  PuzzleKind kind{};
  std::string method;  ///< the stats' method column
  std::string what;    ///< the summary line's items: "minimal unique 9x9 puzzles"
  bool restarts = false;  ///< the items count restarts (the summary's restart distribution)
  std::string target;     ///< what an item that is not `ok` missed: "clue", "uniqueness" (warnings)
  std::vector<ItemColumn> columns;  ///< the items' extra stats columns (GenItem::extra)
  std::vector<std::pair<std::string, std::string>> provenance;  ///< the `#` header lines
  std::function<std::unique_ptr<ItemWorker>()> make_worker;     ///< one worker per thread
};

/// The kinds' names in the table's order, joined by " or " ("sudoku or nonogram"): `--kind`.
std::string generate_kind_names();

/// Every row's own options, in the table's order, an option two rows declare once (by the first
/// row's declaration): its help each row's part ("Sudoku: the grid side, ...; Nonogram: WxH
/// ..."), with its default; its default the rows' when they agree; its join the first given.
std::vector<GenerateOption> generate_options();

/// Every row's `part` of its generate_defaults(), in the table's order, each after the kind's name
/// ("Sudoku: propagation for a 9x9, ...; Nonogram: nonogram-line ..."); a row's empty part is left out.
std::string generate_defaults_help(std::string GenerateDefaults::*part);

/// Checks `opt` (and the solvers it names, in the registry: built-in and run-time ones) and
/// makes the plan by the row of the kind it names; throws OptionError, for an option of
/// another kind too (naming the kinds that take it and those the chosen kind takes).
GeneratePlan plan_generate(const GenerateOptions& opt, OptionStyle style);

/// The one solver `name` for a role that solves puzzles one at a time, of any kind and size (the
/// caller checks those: `show` with the judge's admit()): throws OptionError for an unknown name
/// (with "did you mean") or an exec-batch program.
const SolverInfo& solver_for_role(const Registry& registry, const std::string& name, std::string_view role,
                                  OptionStyle style = OptionStyle::cli);

/// The same for puzzles of kind `kind`, of any size (a kind's own: sudoku::solver_for_role, one
/// size of grids).
const SolverInfo& solver_for_role(const Registry& registry, const std::string& name, PuzzleKind kind,
                                  std::string_view role, OptionStyle style = OptionStyle::cli);

/// The registry `opt` names its solvers in: its own, or the built-in one.
const Registry& registry_of(const GenerateOptions& opt) noexcept;

}  // namespace puzzle
