// `rate`: files through Sudoku's rating job on the driver (run/rate.hpp): the default
// (fastest) solver proves the one solution (rating_prover()), each unique puzzle's Sudoku
// Explainer rating is added to the per-puzzle CSV.
#include <atomic>
#include <cstdio>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/se_budget.hpp"
#include "run/pipeline.hpp"
#include "puzzle/machine.hpp"
#include "io/reader.hpp"
#include "puzzle/registry.hpp"
#include "run/rate.hpp"
#include "io/rating.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace puzzle::cli {
namespace {


/// Refuses (exit 2, before any work) a file whose first puzzle is not a 9x9 Sudoku: the
/// rating is Sudoku Explainer's, whose scale is for 9x9 (one message, not one a line). A stream
/// is not looked at: its records go to the driver, which says it of each line.
void refuse_other_puzzles(const std::string& file) {
  if (puzzle::io::is_stream(file)) return;
  puzzle::io::PuzzleReader reader(file, 0);
  puzzle::io::RawSlice slice;
  if (!reader.read(slice, 1)) return;  // empty or unreadable: the run says so
  const puzzle::Format& format = reader.format();
  const auto where = [&] { return fmt::format("{}:{}", file, slice.records.front().line); };
  if (format.kind != puzzle::PuzzleKind::sudoku)
    throw UsageError(fmt::format("{}: a {}; rate rates 9x9 Sudoku puzzles only (the Sudoku Explainer scale)",
                                 where(), puzzle::Kinds::noun(format.kind)));
  const auto first = puzzle::sudoku::parse_record(format, slice.record(0), puzzle::sudoku::CheckGivens::no);
  if (first.error.empty() && first.puzzle.box() != 3)
    throw UsageError(fmt::format("{}: a {}x{} puzzle; rate rates 9x9 puzzles only (the Sudoku Explainer scale)",
                                 where(), first.puzzle.side(), first.puzzle.side()));
}

}  // namespace

int rate(const RateOptions& opt, const Context& ctx) {
  for (const auto& f : opt.files) refuse_other_puzzles(f);
  puzzle::run::RunConfig cfg;
  cfg.files = opt.files;
  puzzle::run::configure_rating(cfg, opt.se_budget);
  cfg.threads = puzzle::thread_count(opt.threads);
  cfg.limits.budget = opt.budget;
  cfg.shard = shard_of(opt.shard);
  // Slices of about a quarter second of work: at the hardest puzzles (a second each) one or two
  // puzzles a slice, so rows reach the disk and the progress moves puzzle by puzzle.
  cfg.slice_seconds = 0.25;
  const auto& columns = puzzle::io::rating_schema();

  Session session(ctx, cfg.threads);
  for (const auto& f : cfg.files) session.input(f);
  session.record("solvers", cfg.solvers.front()->name);
  session.record("budget", std::to_string(opt.budget));
  session.record("se_budget", std::to_string(opt.se_budget));
  record_shard(session, cfg.shard, cfg.files, cfg.size);
  session.record("rater", "Sudoku Explainer rating as Sukaku Explainer 1.15.10 serate (src/sudoku/se/); "
                          "levels: docs/rating.md");
  cfg.rows = session.output(opt.rows, "rows");
  puzzle::io::OutputFile* summary = session.output(opt.summary, "summary");
  const std::string names = puzzle::io::rows_schema(false).names() + "," + columns.names();
  session.resume(opt.resume);
  puzzle::run::ResumePoint resume;
  resume_rows(session, cfg, names, resume);
  session.start();
  return session.run([&] { return run_driver(session, cfg, names, summary, false); });
}


void add_rate_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<RateOptions>();
  auto* s = app.add_subcommand("rate", "Rate every 9x9 puzzle of the files with the Sudoku Explainer "
                                       "rating (ER/EP/ED, hardest technique, level) on all cores");
  s->add_option("files", opt->files, "Puzzle files, as for 'solve'")->required();
  s->add_option("-j,--threads", opt->threads, "Worker threads (default: the cores this process may use)")
      ->check(CLI::Range(1, 1024));
  s->add_option("--budget", opt->budget, "Work budget per puzzle in search nodes of the solver that "
                                          "proves the one solution; 0 = unlimited")
      ->capture_default_str();
  add_se_budget_option(s, opt->se_budget);
  s->add_option("-o,--output", opt->rows, "Per-puzzle CSV with the rating columns; - for stdout");
  s->add_option("--summary", opt->summary, "Summary CSV (one row per dataset)");
  add_shard_option(s, opt->shard);
  add_resume_option(s, opt->resume);
  out.push_back({s, [opt](const Context& ctx) { return rate(*opt, ctx); }});
}

}  // namespace puzzle::cli
