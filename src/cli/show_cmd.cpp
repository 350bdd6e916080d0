// `show`: one puzzle and its solution drawn as grids.
#include <filesystem>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "sudoku/io/parse.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/verify.hpp"

namespace cli {
namespace {

struct ShowOptions {
  std::string puzzle;  ///< a puzzle string or a file
  uint64_t line = 0;   ///< with a file: the record on this line (0: the first)
  std::string solver;
};

int run_show(const ShowOptions& opt) {
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
  fmt::print("{} ({} clues)\n{}", where, parsed.puzzle.clues(), sudoku::to_pretty(parsed.puzzle));
  const auto solvers = parse_solvers(opt.solver.empty() ? default_solver() : opt.solver);
  const sudoku::SolverInfo& info = *solvers.front();
  if (!info.supports(parsed.puzzle.box()))
    throw UsageError(fmt::format("solver '{}' does not support {}x{} grids", info.name,
                                 parsed.puzzle.side(), parsed.puzzle.side()));
  auto solver = info.make();
  const sudoku::Result r = solver->solve(parsed.puzzle, sudoku::Limits{2, sudoku::kDefaultBudget});
  const auto why = sudoku::verify(parsed.puzzle, r, 2, parsed.known);
  fmt::print("\n{}: {} (guesses {}, backtracks {}, nodes {})\n", info.name,
             why ? "wrong" : std::string(sudoku::to_string(r.status)), r.work.guesses,
             r.work.backtracks, r.work.nodes);
  if (r.solutions > 0) fmt::print("{}", sudoku::to_pretty(r.solution));
  if (why) {
    fmt::print(stderr, "error: {}\n", *why);
    return kExitWrong;
  }
  return 0;
}

}  // namespace

void add_show_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<ShowOptions>();
  auto* sh = app.add_subcommand("show", "Draw one puzzle and its solution as grids");
  sh->add_option("puzzle", opt->puzzle, "A puzzle string (81 characters for 9x9) or a file")->required();
  sh->add_option("--line", opt->line, "With a file: the puzzle on this line (default: the first)");
  sh->add_option("-s,--solver", opt->solver, "Solver to use");
  out.push_back({sh, [opt](const Context&) { return run_show(*opt); }});
}

}  // namespace cli
