#pragma once
// The commands, as functions: each takes its options (what its command line binds, in its own
// file's add_*_command) and the invocation (cli/common.hpp's Context: the console its words go
// to, the registry its solvers are in, what results files record), and returns its exit code.
// cli/app.hpp runs a whole command line; these run one command already parsed.
#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"
#include "cli/solver_options.hpp"
#include "puzzle/generate_options.hpp"
#include "sudoku/se/se.hpp"

namespace puzzle::cli {

/// `solve`: files through solvers on all cores; rows, summary, tables.
struct SolveOptions {
  std::vector<std::string> files;
  std::string solvers;  ///< comma-separated names, or "all"; empty: default_solver()
  int threads = 0;
  uint64_t limit = 1;
  uint64_t budget = puzzle::kDefaultBudget;
  double time_limit = 0;  ///< seconds per puzzle; 0: none
  int size = 0;  ///< --size (Kinds::size_option: a Sudoku's grid side); 0: each record's own
  std::string rows;
  std::string summary;
  bool solutions = false;
  bool compare = false;  ///< add the speed ratio to the first solver
  std::string shard;     ///< "K/N", or "" for all of it
  bool resume = false;
  ExternalSolverOptions ext;  ///< --plugin, --exec, --exec-batch
};
int solve(const SolveOptions& opt, const Context& ctx);

/// `list`: the registered solvers (and those the options add).
int list(const ExternalSolverOptions& ext, const Context& ctx);

/// `show`: one puzzle of any kind, solved at limit 2, judged and drawn.
struct ShowOptions {
  std::string puzzle;  ///< a puzzle string or a file
  uint64_t line = 0;   ///< with a file: the record on this line (0: the first)
  std::string solver;
  ExternalSolverOptions ext;  ///< run-time solvers for -s
};
int show(const ShowOptions& opt, const Context& ctx);

/// `generate`: items of any kind of the table (generate_options.hpp), on all cores.
struct GenerateOptions {
  puzzle::GenerateOptions gen;
  uint64_t count = 0;
  uint64_t seed = 1;
  int threads = 0;
  std::string output = "-";
  std::string stats;
  std::string shard;  ///< "K/N", or "" for every item
  bool resume = false;
  ExternalSolverOptions ext;  ///< run-time solvers for --checker and --verifier
  std::string from;   ///< seeds: a neighbourhood search from them (generate_search.cpp)
  std::string moves = "1,1";  ///< the search's move: remove N givens, add M
  bool no_filter = false;     ///< rate every candidate (no T&E(1) filter)
};
int generate(GenerateOptions opt, const Context& ctx);
/// generate --from: the neighbourhood search (run/search.hpp).
int generate_search(const GenerateOptions& opt, const Context& ctx);

/// `bench`: repeated, interleaved, verified timing (or counting) of solvers on datasets.
struct BenchOptions {
  std::vector<std::string> files;
  std::string solvers = "all";
  bool solvers_given = false;  ///< -s given: "all" is every solver of the kind, whatever size it takes
  std::string baseline;  ///< default: the first solver
  int reps = 5;
  double warmup = 0.2;
  double min_time = 0;
  bool shuffle = false;
  uint64_t seed = 1;
  int threads = 0;
  uint64_t first = 0;
  uint64_t limit = 1;
  uint64_t budget = puzzle::kDefaultBudget;
  std::vector<std::string> rows;  ///< -o: at most one CSV and one Google Benchmark JSON
  std::string format = "auto";    ///< of `rows`: auto (by each one's extension) | csv | gbench-json
  std::string summary;
  ExternalSolverOptions ext;  ///< --plugin, --exec, --exec-batch
  std::string measure = "time";     ///< time | instructions
  std::string count_with = "auto";  ///< auto | perf | callgrind
  std::string count_child;          ///< internal: the callgrind child's folder (see the top)
  bool reps_given = false, count_with_given = false;
};
int bench(const BenchOptions& opt, const Context& ctx);

/// `regress`: two bench CSVs compared; exit 1 when the current one regressed.
struct RegressCmdOptions {
  std::string baseline, current;
  std::string tolerance = "5%";
  std::string count_tolerance = "1%";
  std::string cycles_tolerance = "5%";
  double alpha = 0.05;
  std::string metric = "throughput";
  bool report_only = false;
  std::string report;
  std::string functions_csv;  ///< the per-function table of the counted pairs
  std::string folded;         ///< their differential folded stacks
};
int regress(const RegressCmdOptions& opt, const Context& ctx);

/// `merge`: the parts of a sharded run back into one output.
struct MergeOptions {
  std::vector<std::string> parts;
  std::string output;
  std::string summary;
  bool resume = false;
};
int merge(const MergeOptions& opt, const Context& ctx);

// Sudoku's own commands (added by the command line's table of kinds, cli/kinds.cpp).

/// `explain`: a 9x9 puzzle's Sudoku Explainer rating (or human-style steps), step by step.
struct ExplainOptions {
  std::string puzzle;  ///< a puzzle string or a file
  uint64_t line = 0;   ///< with a file: the record on this line (0: the first)
  bool hint = false;
  bool candidates = false;
  bool json = false;
  bool logic = false;
  uint64_t se_budget = puzzle::sudoku::se::kDefaultSeBudget;
};
int explain(const ExplainOptions& opt, const Context& ctx);

/// `rate`: every 9x9 puzzle of the files rated (Sudoku Explainer), on all cores.
struct RateOptions {
  std::vector<std::string> files;
  int threads = 0;
  uint64_t budget = puzzle::kDefaultBudget;
  uint64_t se_budget = puzzle::sudoku::se::kDefaultSeBudget;
  std::string rows;
  std::string summary;
  std::string shard;  ///< "K/N", or "" for all of it
  bool resume = false;
};
int rate(const RateOptions& opt, const Context& ctx);

/// `transform`: isomorphs of a file's puzzles (the symmetries that keep difficulty).
struct TransformOptions {
  std::string file;
  uint64_t count = 0;
  uint64_t seed = 1;
  int threads = 0;
  std::string output = "-";
  std::string stats;
  bool solutions = false;
  bool verify = false;
  std::string verifier;  ///< --verifier NAME (implies --verify); empty: the first built-in that fits
  ExternalSolverOptions ext;  ///< run-time solvers for --verifier
  std::string shard;  ///< "K/N", or "" for every item
  bool resume = false;
  bool canonical = false;  ///< write each puzzle's canonical form (minlex) instead of isomorphs
  bool dedupe = false;     ///< keep the first puzzle of each isomorphism class
};
int transform(const TransformOptions& opt, const Context& ctx);

void add_explain_command(CLI::App& app, Commands& out);    // explain_cmd.cpp
void add_rate_command(CLI::App& app, Commands& out);       // rate_cmd.cpp
void add_transform_command(CLI::App& app, Commands& out);  // transform_cmd.cpp

}  // namespace puzzle::cli
