// `show`: one puzzle and its solution drawn for a terminal (the kind's row draws: a Sudoku as
// grids, a nonogram as its clues around the grid), from a string or from a file of any format,
// judged as `solve` judges a row.
#include <cctype>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/solver_options.hpp"
#include "run/judge.hpp"
#include "io/parse.hpp"
#include "io/reader.hpp"
#include "puzzle/kinds.hpp"
#include "puzzle/registry.hpp"

namespace puzzle::cli {
namespace {


/// One puzzle of any kind, judged as `solve` judges a row and drawn: the row's summary and
/// drawing of the puzzle, the solver's line (its verdict and work counters), the answer. The
/// judge decides (driver/judge.hpp): the solver refused for another kind or size (admit()), the
/// solve call at limit 2, the solver's complete() (a plug-in's own checks), then settle() (the
/// kind's verify). `file` is empty for a puzzle given as text, else the record is on `line`.
/// The exit status is solve's for that row: 2 for a record that cannot be read, contradictory
/// givens or a refused solver (nothing solved); 1 for `wrong`, `timeout` or `error` (an outside
/// solver that gave no usable answer); 0 otherwise.
/// The kinds `show` draws (those with the drawing concern, kinds.hpp): "Sudoku and nonograms".
std::string drawable_kinds() {
  std::string out;
  puzzle::Kinds::each([&](auto row) {
    if constexpr (puzzle::KindDrawing<decltype(row)>) out += (out.empty() ? "" : " and ") + std::string(decltype(row)::plural);
  });
  return out;
}

/// A record of a kind `show` cannot draw: refused.
template <class Row>
int show_record(const ShowOptions& opt, const Context& ctx, puzzle::Record<Row>& p, const std::string& file,
                uint64_t line) requires(!puzzle::KindDrawing<Row>) {
  (void)opt, (void)ctx, (void)p, (void)file, (void)line;
  throw UsageError(fmt::format("show draws {}; it cannot draw {}", drawable_kinds(), Row::plural));
}

template <class Row>
  requires puzzle::KindDrawing<Row>
int show_record(const ShowOptions& opt, const Context& ctx, puzzle::Record<Row>& p,
                const std::string& file, uint64_t line) {
  const std::string where = file.empty() ? "puzzle" : fmt::format("{}:{}", file, line);
  if (p.error.empty())
    if (auto c = Row::contradiction(p.puzzle)) p.error = std::move(*c);
  if (!p.error.empty()) {
    // A record of several lines (tournament, .non) says which of its lines is wrong.
    fmt::print(ctx.console->err, "{}: {}\n", file.empty() ? where : fmt::format("{}:{}", file, line + p.error_line), p.error);
    return kExitUsage;
  }
  const puzzle::SolverInfo& info =
      *pick_solver(*ctx.registry,
                   opt.solver.empty() ? puzzle::default_solver(*ctx.registry, Row::id, {{puzzle::PuzzleRef(p.puzzle)}})
                                      : opt.solver,
                   "solver");
  puzzle::run::Verdict v;
  if (!puzzle::run::admit(v, p, info, line)) throw UsageError(v.message);
  fmt::print(ctx.console->out, "{} ({})\n{}", where, Row::summary(p.puzzle), Row::draw(p.puzzle, nullptr));
  constexpr uint64_t kLimit = 2;  // unique or not
  auto solver = info.make();
  puzzle::Result r = solver->solve(p.puzzle, puzzle::Limits{kLimit, puzzle::kDefaultBudget});
  std::optional<std::string> unusable = solver->complete(p.puzzle, r);
  puzzle::run::settle(v, p, r, kLimit, std::move(unusable), solver->message());
  const bool failed = v.status == puzzle::Status::timeout || v.status == puzzle::Status::error;
  if (failed) fmt::print(ctx.console->err, "{}\n", v.message);
  fmt::print(ctx.console->out, "\n{}: {} (guesses {}, backtracks {}, nodes {})\n", info.name, puzzle::to_string(v.status),
             v.work.guesses, v.work.backtracks, v.work.nodes);
  if (r.solutions > 0) fmt::print(ctx.console->out, "{}", Row::draw(p.puzzle, &Row::solution(r.answer)));
  if (v.status == puzzle::Status::wrong) {
    fmt::print(ctx.console->err, "error: {}\n", v.message);
    return kExitWrong;
  }
  return failed ? kExitWrong : 0;
}

}  // namespace

int show(const ShowOptions& opt, const Context& ctx) {
  register_external_solvers(ctx, opt.ext);
  const bool text = !names_file(opt.puzzle) && opt.puzzle != "-";
  int status = 0;
  // A puzzle given as text: a one-line record of the kind whose row claims it (a nonogram's game
  // ID), else of the fallback row's kind (a Sudoku's cells) when that row reads it without an
  // error; anything else is a file name (a mistyped one is said to be missing, not a bad puzzle).
  puzzle::Format f;
  if (std::string error; text && puzzle::io::detect_format(opt.puzzle, 0, f, error) && f.single_line()) {
    bool shown = false;
    puzzle::Kinds::visit(f.kind, [&](auto row) {
      using R = decltype(row);
      auto p = puzzle::io::parse<R>(f, opt.puzzle);
      if (puzzle::kFallback<R> && !p.error.empty()) return;
      shown = true;
      status = show_record(opt, ctx, p, "", 0);
    });
    if (shown) return status;
  }
  puzzle::io::PuzzleReader reader(opt.puzzle);
  puzzle::io::RawSlice slice;
  while (reader.read(slice, 1)) {
    const uint64_t line = slice.records[0].line;
    if (opt.line != 0 && line != opt.line) continue;
    // The givens are checked by show_record, as for a puzzle given as text.
    puzzle::Kinds::visit(reader.format().kind, [&](auto row) {
      auto p = puzzle::io::parse<decltype(row)>(reader.format(), slice.record(0));
      status = show_record(opt, ctx, p, opt.puzzle, line);
    });
    return status;
  }
  if (!reader.error().empty()) throw puzzle::io::InputError(reader.error());
  throw UsageError(opt.line == 0 ? fmt::format("{}: no puzzle in the file", opt.puzzle)
                                 : fmt::format("{}: no puzzle starts on line {}", opt.puzzle, opt.line));
}


void add_show_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<ShowOptions>();
  // The kinds in the table's order: "Sudoku or nonogram", what each takes as text, the default
  // solver of each ("scored, nonogram-cdcl for a nonogram").
  std::string nouns, texts, defaults;
  puzzle::Kinds::each([&](auto row) {
    using R = decltype(row);
    if constexpr (puzzle::KindDrawing<R> && puzzle::KindHelp<R>) {
      const bool first = nouns.empty();
      nouns += fmt::format("{}{}", first ? "" : " or ", R::noun);
      texts += fmt::format("{}, ", R::as_text);
      defaults += first ? std::string(R::default_solver) : fmt::format(", {} for a {}", R::default_solver, R::noun);
    }
  });
  texts[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(texts[0])));
  auto* sh = app.add_subcommand("show", fmt::format("Draw one puzzle ({}) and its solution", nouns));
  sh->add_option("puzzle", opt->puzzle,
                 fmt::format("{}or a file of {}", texts, puzzle::Kinds::size == 2 ? "either kind" : "any kind"))
      ->required();
  sh->add_option("--line", opt->line, "With a file: the puzzle on this line (default: the first)");
  sh->add_option("-s,--solver", opt->solver,
                 fmt::format("Solver to use (also one from --plugin or --exec; default: the fastest that takes "
                             "the puzzle's size, see 'list': {} for 9x9)", defaults));
  add_external_solver_options(sh, opt->ext);
  out.push_back({sh, [opt](const Context& ctx) { return show(*opt, ctx); }});
}

}  // namespace puzzle::cli
