// `explain`: the steps of the Sudoku Explainer rating with their ratings (or, with --logic, the
// steps of the `logic` solver as a person would say them), or only the next one.

#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/commands.hpp"
#include "cli/se_budget.hpp"
#include "io/reader.hpp"
#include "run/rate.hpp"
#include "sudoku/logic/engine.hpp"
#include "sudoku/logic/text.hpp"
#include "sudoku/se/text.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace puzzle::cli {
namespace {

namespace lg = puzzle::sudoku::logic;


puzzle::sudoku::Grid read_puzzle(const ExplainOptions& opt) {
  puzzle::sudoku::Grid g;
  std::string error;
  const bool file = names_file(opt.puzzle);
  if (!file && puzzle::sudoku::parse_cells(opt.puzzle, 0, g, error)) return g;
  if (!file) throw UsageError(fmt::format("{}: {}", opt.puzzle, error));
  puzzle::io::PuzzleReader reader(opt.puzzle);
  puzzle::io::RawSlice slice;
  while (reader.read(slice, 1)) {
    if (opt.line != 0 && slice.records[0].line != opt.line) continue;
    const puzzle::sudoku::Parsed p = puzzle::sudoku::parse_record(reader.format(), slice.record(0));
    if (!p.error.empty()) throw UsageError(fmt::format("{}:{}: {}", opt.puzzle, slice.records[0].line, p.error));
    return p.puzzle;
  }
  if (!reader.error().empty()) throw puzzle::io::InputError(reader.error());
  throw UsageError(opt.line == 0 ? fmt::format("{}: no puzzle in the file", opt.puzzle)
                                 : fmt::format("{}: no puzzle starts on line {}", opt.puzzle, opt.line));
}

}  // namespace

int explain(const ExplainOptions& opt, const Context& ctx) {
  const puzzle::sudoku::Grid puzzle = read_puzzle(opt);
  if (puzzle.box() != 3) throw UsageError("explain handles 9x9 puzzles only");
  std::vector<lg::Deduction> steps;
  puzzle::Result r;
  if (opt.logic) {  // the logic solver's steps, up to 2 solutions
    r = lg::Engine().solve(puzzle, puzzle::Limits{2, puzzle::kDefaultBudget}, &steps);
  } else {  // the one solution proved as `rate` proves it
    r = puzzle::run::rating_prover().make()->solve(puzzle, puzzle::Limits{puzzle::run::kRatingLimit, puzzle::kDefaultBudget});
  }
  if (!opt.logic && r.status == puzzle::Status::unique) {  // the SE rating, as `rate` makes it
    puzzle::sudoku::se::Rater rater;
    std::vector<puzzle::sudoku::se::Step> se_steps;
    const puzzle::sudoku::se::Rating rating = rater.rate(puzzle, opt.se_budget, &se_steps);
    fmt::print(ctx.console->out, "{}", opt.json ? puzzle::sudoku::se::explain_json(puzzle, rating, se_steps, opt.candidates, opt.hint) + "\n"
                              : puzzle::sudoku::se::explain_text(puzzle, rating, se_steps, opt.candidates, opt.hint));
    return rating.status == puzzle::sudoku::se::RatingStatus::budget_exceeded ? kExitWrong : 0;
  }
  // Without --logic no steps were recorded: the puzzle has no single solution, which the text
  // below says as for --logic.
  if (opt.hint && steps.size() > 1) steps.resize(1);
  if (opt.json) {
    fmt::print(ctx.console->out, "{}\n", lg::explain_json(puzzle, r, steps, opt.candidates));
  } else {
    fmt::print(ctx.console->out, "{}", lg::explain_text(puzzle, r, steps, opt.candidates, opt.hint));
  }
  return r.status == puzzle::Status::unique || r.status == puzzle::Status::multiple ? 0 : kExitWrong;
}


void add_explain_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<ExplainOptions>();
  auto* s = app.add_subcommand("explain", "Rate one 9x9 puzzle step by step as Sudoku Explainer does "
                                          "(each step with its rating), or explain it as a person would");
  s->add_option("puzzle", opt->puzzle, "A puzzle string (81 characters) or a file")->required();
  s->add_option("--line", opt->line, "With a file: the puzzle on this line (default: the first)");
  s->add_flag("--hint", opt->hint, "Print only the next step (for a person who is stuck)");
  s->add_flag("--candidates", opt->candidates, "Show the candidate grid before each step");
  s->add_flag("--json", opt->json, "Machine-readable output");
  s->add_flag("--logic", opt->logic, "The `logic` solver's steps in plain words, instead of the Sudoku "
                                     "Explainer's steps and rating");
  add_se_budget_option(s, opt->se_budget);
  out.push_back({s, [opt](const Context& ctx) { return explain(*opt, ctx); }});
}

}  // namespace puzzle::cli
