// `solve` and the main job: files through solvers on the TBB driver, tables and CSV out.
#include <atomic>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/session.hpp"
#include "cli/solver_options.hpp"
#include "cli/table.hpp"
#include "run/pipeline.hpp"
#include "puzzle/machine.hpp"
#include "io/csv.hpp"
#include "io/reader.hpp"
#include "puzzle/kinds.hpp"
#include "puzzle/registry.hpp"

namespace puzzle::cli {

int solve(const SolveOptions& opt, const Context& ctx) {
  puzzle::run::RunConfig cfg;
  cfg.files = opt.files;
  const auto ext = register_external_solvers(ctx, opt.ext);
  const puzzle::PuzzleKind kind = input_kind(opt.files);
  cfg.size = opt.size == 0 ? 0 : puzzle::Kinds::size_option()->size(opt.size);
  cfg.solvers = parse_solvers(*ctx.registry,
                              opt.solvers.empty() ? puzzle::io::default_solver_for(*ctx.registry, opt.files, cfg.size)
                                                  : opt.solvers,
                              kind);
  cfg.threads = puzzle::thread_count(opt.threads);
  cfg.limits.solutions = opt.limit;
  cfg.limits.budget = opt.budget;
  cfg.time_limit = opt.time_limit;
  cfg.solutions = opt.solutions;
  cfg.shard = shard_of(opt.shard);

  Session session(ctx, cfg.threads);
  for (const auto& f : cfg.files) session.input(f);
  std::string names;
  for (const auto* s : cfg.solvers) names += (names.empty() ? "" : ",") + std::string(s->name);
  session.record("solvers", names);
  for (const auto& [k, v] : ext) session.record(k, v);
  session.record("limit", std::to_string(opt.limit));
  session.record("budget", std::to_string(opt.budget));
  if (opt.time_limit > 0) session.record("time_limit", fmt::format("{}", opt.time_limit));
  record_shard(session, cfg.shard, cfg.files, cfg.size);
  cfg.rows = session.output(opt.rows, "rows");
  puzzle::io::OutputFile* summary = session.output(opt.summary, "summary");
  const std::string columns = puzzle::io::rows_schema(opt.solutions).names();
  session.resume(opt.resume);
  puzzle::run::ResumePoint resume;
  resume_rows(session, cfg, columns, resume);
  session.start();
  return session.run([&] {
    Session::Outcome o = run_driver(session, cfg, columns, summary, opt.compare || cfg.solvers.size() > 1);
    fmt::print(session.term(), "{}", exec_floor_note(cfg.solvers));  // --exec: the protocol's cost
    return o;
  });
}


void add_solve_commands(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<SolveOptions>();
  auto* s = app.add_subcommand("solve", "Solve every puzzle of the files on all cores; verify every answer");
  s->add_option("files", opt->files, "Puzzle files: one per line, CSV with a header, or n-line "
                                     "comma grids; .gz read transparently; - for stdin")
      ->required();
  std::string defaults;  // "scored, nonogram-cdcl for nonograms": each kind's, the first kind's alone
  puzzle::Kinds::each([&](auto row) {
    using R = decltype(row);
    defaults += defaults.empty() ? std::string(R::default_solver)
                                 : fmt::format(", {} for {}", R::default_solver, R::plural);
  });
  s->add_option("-s,--solver", opt->solvers,
                 "Solver name(s), comma-separated, or 'all' (every solver of the files' puzzle kind; see "
                 "'list'); default: the fastest that takes the files' size (see 'list'): " + defaults +
                 " for 9x9");
  s->add_option("-j,--threads", opt->threads, "Worker threads (default: the cores this process may use)")
      ->check(CLI::Range(1, 1024));
  s->add_option("--limit", opt->limit, "Stop counting at this many solutions: 1 finds one, 2 proves "
                                       "uniqueness, N counts up to N")
      ->check(CLI::Range(uint64_t{1}, UINT64_MAX))
      ->capture_default_str();
  s->add_option("--budget", opt->budget, "Work budget per puzzle in search nodes, so one pathological "
                                         "line cannot stall a batch; 0 = unlimited")
      ->capture_default_str();
  s->add_option("--time-limit", opt->time_limit,
                "Seconds one puzzle may take: the solver stops inside its search and the puzzle is "
                "budget_exceeded (built-in solvers but propagation and scored, whose work the budget "
                "bounds; --exec children have --timeout); 0 = none")
      ->check(CLI::NonNegativeNumber);
  if (const auto size = puzzle::Kinds::size_option())
    s->add_option("--size", opt->size, std::string(size->help))
        ->check(CLI::IsMember(std::vector<int>(size->values.begin(), size->values.end())));
  s->add_option("-o,--output", opt->rows, "Per-puzzle CSV (one row per puzzle, input order); - for stdout");
  s->add_option("--summary", opt->summary, "Summary CSV (one row per dataset and solver)");
  s->add_flag("--solutions", opt->solutions, "Add each puzzle's solution to the per-puzzle CSV");
  add_shard_option(s, opt->shard);
  add_resume_option(s, opt->resume);
  add_external_solver_options(s, opt->ext);
  out.push_back({s, [opt](const Context& ctx) { return solve(*opt, ctx); }});
}

int run_default(const Context& ctx) {
  namespace fs = std::filesystem;
  fs::path data = fs::path(SUDOKU_SOURCE_DIR) / "datasets" / "default.txt";
  if (!fs::exists(data)) data = fs::path("datasets") / "default.txt";
  if (!fs::exists(data))
    throw puzzle::io::InputError(fmt::format("{}: the default dataset is missing (run from the project "
                                         "folder, or give files to 'sudoku-bench solve')",
                                         data.string()));
  SolveOptions opt;
  opt.files = {data.string()};
  opt.solvers = "all";  // every solver of its kind
  opt.compare = true;
  fmt::print(ctx.console->out, "sudoku-bench: every solver on {} ({} threads)\n\n", data.string(), puzzle::thread_count(opt.threads));
  return solve(opt, ctx);
}

}  // namespace puzzle::cli
