#pragma once
// The subcommands. Options live in one struct per subcommand (bound in main.cpp); each run
// function returns the process exit code and throws only for fatal errors, which main prints.
#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/solver.hpp"

namespace cli {

/// Exit codes: 0 success; 1 a wrong answer or an input that ended early; 2 usage or an
/// unreadable input; 130 interrupted by Ctrl-C.
inline constexpr int kExitWrong = 1, kExitUsage = 2, kExitInterrupted = 130;

/// A fatal usage error (unknown solver, bad option value): main prints it, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct SolveOptions {
  std::vector<std::string> files;
  std::string solvers;  ///< comma-separated names, or "all"
  int threads = 0;
  uint64_t limit = 1;
  uint64_t budget = sudoku::kDefaultBudget;
  int size = 0;  ///< grid side (4, 9, 16, 25); 0 = from each line
  std::string rows;
  std::string summary;
  bool solutions = false;
  bool compare = false;  ///< add the speed ratio to the first solver
  std::string command;   ///< the command line, recorded in results files
};

struct ShowOptions {
  std::string puzzle;  ///< a puzzle string or a file
  uint64_t line = 0;   ///< with a file: the record on this line (0: the first)
  std::string solver;
};

int run_solve(SolveOptions opt);
int run_list();
int run_show(const ShowOptions& opt);
/// The main job: the default dataset through every solver that handles it.
int run_default(const std::string& command);

/// The solver named by the project as the default for `solve`.
std::string default_solver();

}  // namespace cli
