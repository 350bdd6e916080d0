// `show`: one puzzle and its solution drawn as grids.
#include <filesystem>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/solver_options.hpp"
#include "sudoku/io/parse.hpp"
#include "sudoku/registry.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/verify.hpp"

namespace cli {
namespace {

struct ShowOptions {
  std::string puzzle;  ///< a puzzle string or a file
  uint64_t line = 0;   ///< with a file: the record on this line (0: the first)
  std::string solver;
  ExternalSolverOptions ext;  ///< run-time solvers for -s
};

int run_show(const ShowOptions& opt) {
  register_external_solvers(opt.ext);
  sudoku::Parsed parsed;
  std::string where = "puzzle";
  std::string error;
  sudoku::Grid g;
  if (!std::filesystem::exists(opt.puzzle) && opt.puzzle != "-" &&
      sudoku::parse_cells(opt.puzzle, 0, g, error)) {
    parsed.puzzle = g;
    if (auto c = sudoku::find_conflict(g)) parsed.error = "contradictory givens: " + c->describe(g);
  } else {
    sudoku::PuzzleReader reader(opt.puzzle);
    sudoku::RawSlice slice;
    bool found = false;
    while (!found && reader.read(slice, 1)) {
      if (opt.line == 0 || slice.records[0].line == opt.line) {
        parsed = sudoku::parse_record(reader.format(), slice.record(0));
        where = fmt::format("{}:{}", opt.puzzle, slice.records[0].line);
        found = true;
      }
    }
    if (!reader.error().empty()) throw sudoku::InputError(reader.error());
    if (!found)
      throw UsageError(opt.line == 0 ? fmt::format("{}: no puzzle in the file", opt.puzzle)
                                     : fmt::format("{}: no puzzle starts on line {}", opt.puzzle, opt.line));
  }
  if (!parsed.error.empty()) {
    fmt::print(stderr, "{}: {}\n", where, parsed.error);
    return kExitUsage;
  }
  const sudoku::SolverInfo& info =
      *pick_solver(opt.solver.empty() ? sudoku::default_solver() : opt.solver, parsed.puzzle.box(), "solver");
  fmt::print("{} ({} clues)\n{}", where, parsed.puzzle.clues(), sudoku::to_pretty(parsed.puzzle));
  auto solver = info.make();
  sudoku::Result r = solver->solve(parsed.puzzle, sudoku::Limits{2, sudoku::kDefaultBudget});
  // What the driver does with every answer: the plug-in's own checks, then the verifier.
  std::optional<std::string> why = solver->complete(parsed.puzzle, r);
  if (!why) why = sudoku::verify(parsed.puzzle, r, 2, parsed.known);
  if (!why && (r.status == sudoku::Status::error || r.status == sudoku::Status::timeout))
    fmt::print(stderr, "{}\n", solver->message());
  fmt::print("\n{}: {} (guesses {}, backtracks {}, nodes {})\n", info.name,
             why ? "wrong" : std::string(sudoku::to_string(r.status)), r.work.guesses,
             r.work.backtracks, r.work.nodes);
  if (r.solutions > 0) fmt::print("{}", sudoku::to_pretty(r.solution));
  if (why) {
    fmt::print(stderr, "error: {}\n", *why);
    return kExitWrong;
  }
  return r.status == sudoku::Status::error ? kExitWrong : 0;  // as in solve: a solver that failed
}

}  // namespace

void add_show_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<ShowOptions>();
  auto* sh = app.add_subcommand("show", "Draw one puzzle and its solution as grids");
  sh->add_option("puzzle", opt->puzzle, "A puzzle string (81 characters for 9x9) or a file")->required();
  sh->add_option("--line", opt->line, "With a file: the puzzle on this line (default: the first)");
  sh->add_option("-s,--solver", opt->solver, "Solver to use (also one from --plugin or --exec; default: scored)");
  add_external_solver_options(sh, opt->ext);
  out.push_back({sh, [opt](const Context&) { return run_show(*opt); }});
}

}  // namespace cli
