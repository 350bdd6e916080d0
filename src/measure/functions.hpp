#pragma once
// Where the instructions went: the per-function counts of a callgrind count (bench --measure
// instructions --count-with callgrind), and, in `regress`, the functions whose instructions
// changed most between two counts.
//
// A counted pass's dump (measure/count.hpp) has, besides its totals, every function that ran
// inside the solve calls with its own instructions (self) and its calls to other functions with
// the instructions those executed. From them: a function's inclusive count is its self plus its
// calls' (as callgrind_annotate --inclusive=yes adds them; a function's calls to itself are not
// added again, calls through others are: inclusive counts of mutually recursive functions
// overstate). `bench` writes them beside its results file, NAME.functions.csv (one row per
// function and per caller-callee pair, per row of the results), and names that file in the
// results' `# functions:` line; `regress` reads both sides' files when both results name one.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/schema.hpp"

namespace puzzle::measure {

/// One function's instructions in one dump, or one caller-callee pair's (`caller` set: the
/// instructions executed in the calls of `caller` to `function`, in `inclusive`).
struct FunctionCount {
  std::string object;    ///< the file name of the shared object or program that holds it
  std::string function;  ///< as callgrind names it (demangled)
  std::string caller;    ///< empty for a function's own row
  uint64_t self = 0, inclusive = 0;
};

/// The functions and calls of a callgrind dump's text, by instructions (Ir), functions first in
/// the dump's order, then the calls. Throws std::runtime_error naming `name` when it is not a
/// dump with an Ir event.
std::vector<FunctionCount> parse_callgrind_functions(std::string_view text, const std::string& name);

/// A row of NAME.functions.csv: a FunctionCount of the pass of one results row.
struct FunctionRow {
  std::string dataset, solver;
  int rep = 0;
  FunctionCount count;
};
const io::Schema<FunctionRow>& functions_schema();
using FunctionFile = io::Table<FunctionRow>;
/// Reads NAME.functions.csv. Throws InputError when it cannot be opened, std::runtime_error
/// naming the file and line when it is not one.
FunctionFile read_functions_csv(const std::string& path);

/// The per-function file of results file `path`: its name without the extension, plus
/// ".functions.csv" ("head.csv" -> "head.functions.csv").
std::string functions_file_for(const std::string& path);

/// One function's instructions per puzzle, baseline and current, and its share of the pair's
/// change of instructions per puzzle (self or inclusive change over the total change; NaN when
/// the total did not change).
struct FunctionChange {
  std::string function, object;
  double base_self = 0, cur_self = 0, base_inclusive = 0, cur_inclusive = 0;
  double self_share = 0, inclusive_share = 0;
};

/// The functions of (dataset file name, solver), first repetition of each side, per puzzle
/// (`base_puzzles`, `cur_puzzles`), sorted by the size of their self change, largest first;
/// those whose self and inclusive counts did not change are left out.
std::vector<FunctionChange> function_changes(const FunctionFile& base, const FunctionFile& cur,
                                             const std::string& dataset, const std::string& solver,
                                             double base_puzzles, double cur_puzzles);

/// Differential folded stacks of (dataset, solver), for a flame graph tool: one line per call
/// path from the solve call down, "ROOT;caller;...;function BASE CURRENT" (`root`: one frame or
/// several, ";"-separated), the self
/// instructions per puzzle (rounded) of the path's last function on each side, as Brendan Gregg's
/// difffolded.pl writes them and flamegraph.pl and inferno-flamegraph read them. The frames
/// above the solve call that only pass it on (no instructions of their own, one callee) are
/// left out. Callgrind keeps
/// callers, not stacks: a function's count is split among its call paths in proportion to
/// what each caller's calls to it executed (gprof's assumption); recursion is cut at the first
/// repeat of a function on the path.
std::string folded_diff(const FunctionFile& base, const FunctionFile& cur, const std::string& dataset,
                        const std::string& solver, double base_puzzles, double cur_puzzles,
                        const std::string& root);

}  // namespace puzzle::measure
