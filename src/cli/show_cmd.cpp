// `show`: one puzzle and its solution drawn for a terminal: a Sudoku as grids, a nonogram as its
// clues around the grid (nonogram/draw.hpp), from a string or from a file of any format.
#include <filesystem>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/solver_options.hpp"
#include "sudoku/io/parse.hpp"
#include "sudoku/nonogram/draw.hpp"
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

/// The solver's line under the puzzle: its name, the verdict and its work counters.
void print_verdict(const sudoku::SolverInfo& info, const sudoku::Result& r, bool wrong) {
  fmt::print("\n{}: {} (guesses {}, backtracks {}, nodes {})\n", info.name,
             wrong ? "wrong" : std::string(sudoku::to_string(r.status)), r.work.guesses, r.work.backtracks,
             r.work.nodes);
}

/// A nonogram: its clues around the empty grid, then the solver's verdict and the picture.
int show_nonogram(const ShowOptions& opt, const std::string& where, const std::string& error_at,
                  const sudoku::ParsedNonogram& parsed) {
  namespace ng = sudoku::nonogram;
  if (!parsed.error.empty()) {
    fmt::print(stderr, "{}: {}\n", error_at, parsed.error);
    return kExitUsage;
  }
  const ng::Puzzle& puzzle = parsed.puzzle;
  const sudoku::SolverInfo& info = *pick_solver(
      opt.solver.empty() ? sudoku::default_solver(sudoku::PuzzleKind::nonogram) : opt.solver, 0, "solver");
  fmt::print("{} ({}x{} nonogram, {} clue numbers)\n{}", where, puzzle.width, puzzle.height, puzzle.clue_count(),
             ng::to_pretty(puzzle));
  auto solver = info.make();
  const sudoku::Result r = solver->solve(puzzle, sudoku::Limits{2, sudoku::kDefaultBudget});
  std::optional<std::string> why;
  if (r.status == sudoku::Status::error || r.status == sudoku::Status::timeout)
    fmt::print(stderr, "{}\n", solver->message());
  else
    why = sudoku::verify(puzzle, r, 2, parsed.known);
  print_verdict(info, r, why.has_value());
  if (r.solutions > 0 && r.answer.picture().width == puzzle.width && r.answer.picture().height == puzzle.height)
    fmt::print("{}", ng::to_pretty(puzzle, &r.answer.picture()));
  if (why) {
    fmt::print(stderr, "error: {}\n", *why);
    return kExitWrong;
  }
  return r.status == sudoku::Status::error || r.status == sudoku::Status::timeout ? kExitWrong : 0;
}

int run_show(const ShowOptions& opt) {
  register_external_solvers(opt.ext);
  sudoku::Parsed parsed;
  std::string where = "puzzle";
  std::string error;
  sudoku::Grid g;
  const bool text = !std::filesystem::exists(opt.puzzle) && opt.puzzle != "-";
  if (text && sudoku::nonogram::looks_like_id(opt.puzzle)) {
    return show_nonogram(opt, where, where, sudoku::parse_nonogram_record(std::string_view(opt.puzzle)));
  } else if (text && sudoku::parse_cells(opt.puzzle, 0, g, error)) {
    parsed.puzzle = g;
    if (auto c = sudoku::find_conflict(g)) parsed.error = "contradictory givens: " + c->describe(g);
  } else {
    sudoku::PuzzleReader reader(opt.puzzle);
    sudoku::RawSlice slice;
    bool found = false;
    while (!found && reader.read(slice, 1)) {
      const uint64_t line = slice.records[0].line;
      if (opt.line != 0 && line != opt.line) continue;
      found = true;
      where = fmt::format("{}:{}", opt.puzzle, line);
      if (reader.format().kind == sudoku::Format::Kind::nonogram) {
        // A record of several lines (tournament, .non) says which of its lines is wrong.
        const sudoku::ParsedNonogram p = sudoku::parse_nonogram_record(reader.format(), slice.record(0));
        return show_nonogram(opt, where, fmt::format("{}:{}", opt.puzzle, line + p.error_line), p);
      }
      parsed = sudoku::parse_record(reader.format(), slice.record(0));
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
  print_verdict(info, r, why.has_value());
  if (r.solutions > 0) fmt::print("{}", sudoku::to_pretty(r.answer.grid()));
  if (why) {
    fmt::print(stderr, "error: {}\n", *why);
    return kExitWrong;
  }
  return r.status == sudoku::Status::error ? kExitWrong : 0;  // as in solve: a solver that failed
}

}  // namespace

void add_show_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<ShowOptions>();
  auto* sh = app.add_subcommand("show", "Draw one puzzle (Sudoku or nonogram) and its solution");
  sh->add_option("puzzle", opt->puzzle, "A puzzle string (81 characters for 9x9), a nonogram's game ID (WxH:clues), or a file of either kind")->required();
  sh->add_option("--line", opt->line, "With a file: the puzzle on this line (default: the first)");
  sh->add_option("-s,--solver", opt->solver, fmt::format("Solver to use (also one from --plugin or --exec; default: {}, {} for a nonogram)",
                              sudoku::default_solver(), sudoku::default_solver(sudoku::PuzzleKind::nonogram)));
  add_external_solver_options(sh, opt->ext);
  out.push_back({sh, [opt](const Context&) { return run_show(*opt); }});
}

}  // namespace cli
