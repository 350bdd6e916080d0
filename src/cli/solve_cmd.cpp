// `solve` and the main job: files through solvers on the TBB driver, tables and CSV out.
#include <atomic>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/progress.hpp"
#include "cli/table.hpp"
#include "sudoku/driver/driver.hpp"
#include "sudoku/machine.hpp"
#include "sudoku/io/csv.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/registry.hpp"

namespace cli {
namespace {

/// Problems printed on stderr before the rest are only counted (all are in the rows CSV).
constexpr uint64_t kMaxMessages = 20;

struct SolveOptions {
  std::vector<std::string> files;
  std::string solvers = default_solver();  ///< comma-separated names, or "all"
  int threads = 0;
  uint64_t limit = 1;
  uint64_t budget = sudoku::kDefaultBudget;
  int size = 0;  ///< grid side (4, 9, 16, 25); 0 = from each line
  std::string rows;
  std::string summary;
  bool solutions = false;
  bool compare = false;  ///< add the speed ratio to the first solver
};

int run_solve(const SolveOptions& opt, const Context& ctx) {
  sudoku::RunConfig cfg;
  cfg.files = opt.files;
  cfg.solvers = parse_solvers(opt.solvers.empty() ? default_solver() : opt.solvers);
  cfg.threads = opt.threads > 0 ? opt.threads : sudoku::available_cores();
  cfg.limits.solutions = opt.limit;
  cfg.limits.budget = opt.budget;
  cfg.box = opt.size == 0 ? 0 : box_for_side(opt.size);
  cfg.solutions = opt.solutions;

  // Hash the inputs first: this also fails fast on an unreadable file.
  sudoku::Provenance prov;
  prov.command = ctx.command;
  prov.threads = cfg.threads;
  for (const auto& f : cfg.files) prov.datasets.emplace_back(f, sudoku::sha256_file(f));
  prov.extra.emplace_back("limit", std::to_string(opt.limit));
  prov.extra.emplace_back("budget", std::to_string(opt.budget));

  OutFile rows_file(opt.rows, "rows");
  OutFile summary_file(opt.summary, "summary");
  std::FILE* rows = rows_file.get();
  std::FILE* summary = summary_file.get();
  const bool rows_on_stdout = rows == stdout || summary == stdout;
  std::FILE* term = rows_on_stdout ? stderr : stdout;  // the human table
  if (rows != nullptr) {
    cfg.rows = rows;
    cfg.rows_name = opt.rows;
    sudoku::write_all(rows, sudoku::metadata_header(prov) + sudoku::rows_csv_header(opt.solutions), opt.rows);
  }

  ProgressBar bar;
  uint64_t problems = 0;
  cfg.on_problem = [&](const std::string& file, uint64_t line, const std::string& msg) {
    if (++problems > kMaxMessages) return;
    bar.clear();
    fmt::print(stderr, "{}:{}: {}\n", file, line, msg);
    if (problems == kMaxMessages)
      fmt::print(stderr, "(further problems are not printed; the status column has them all)\n");
  };
  cfg.on_progress = [&bar](const sudoku::Progress& p) { bar.update(p); };
  sudoku::RunReport report;
  {
    SigintGuard sigint;
    cfg.stop = sigint.flag();
    report = sudoku::run(cfg);
  }
  bar.clear();

  if (summary != nullptr) {
    std::string text = sudoku::metadata_header(prov) + sudoku::summary_csv_header();
    for (const auto& s : report.summaries) text += sudoku::summary_csv_row(s);
    sudoku::write_all(summary, text, opt.summary);
    std::fflush(summary);
  }
  fmt::print(term, "{}", summary_tables(report.summaries, opt.compare || cfg.solvers.size() > 1));
  std::fflush(term);
  for (const auto& e : report.read_errors) fmt::print(stderr, "error: {}\n", e);
  if (problems > kMaxMessages)
    fmt::print(stderr, "{} problems in all ({} not printed)\n", problems, problems - kMaxMessages);
  if (report.interrupted) {
    fmt::print(stderr, "interrupted: the rows written so far are complete; the summary covers them\n");
    return kExitInterrupted;
  }
  if (report.wrong() > 0) {
    fmt::print(stderr, "error: {} wrong answer(s)\n", report.wrong());
    return kExitWrong;
  }
  return report.read_errors.empty() ? 0 : kExitWrong;
}

}  // namespace

void add_solve_commands(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<SolveOptions>();
  auto* s = app.add_subcommand("solve", "Solve every puzzle of the files on all cores; verify every answer");
  s->add_option("files", opt->files, "Puzzle files: one per line, CSV with a header, or n-line "
                                     "comma grids; .gz read transparently; - for stdin")
      ->required();
  s->add_option("-s,--solver", opt->solvers, "Solver name(s), comma-separated, or 'all' (see 'list')")
      ->capture_default_str();
  s->add_option("-j,--threads", opt->threads, "Worker threads (default: the cores this process may use)")
      ->check(CLI::Range(1, 1024));
  s->add_option("--limit", opt->limit, "Stop counting at this many solutions: 1 finds one, 2 proves "
                                       "uniqueness, N counts up to N")
      ->check(CLI::Range(uint64_t{1}, UINT64_MAX))
      ->capture_default_str();
  s->add_option("--budget", opt->budget, "Work budget per puzzle in search nodes, so one pathological "
                                         "line cannot stall a batch; 0 = unlimited")
      ->capture_default_str();
  s->add_option("--size", opt->size, "Grid side (4, 9, 16 or 25) when every line must be that size; "
                                     "default: from each line's length")
      ->check(CLI::IsMember({4, 9, 16, 25}));
  s->add_option("-o,--output", opt->rows, "Per-puzzle CSV (one row per puzzle, input order); - for stdout");
  s->add_option("--summary", opt->summary, "Summary CSV (one row per dataset and solver)");
  s->add_flag("--solutions", opt->solutions, "Add each puzzle's solution to the per-puzzle CSV");
  out.push_back({s, [opt](const Context& ctx) { return run_solve(*opt, ctx); }});
}

int run_default(const Context& ctx) {
  namespace fs = std::filesystem;
  fs::path data = fs::path(SUDOKU_SOURCE_DIR) / "datasets" / "default.txt";
  if (!fs::exists(data)) data = fs::path("datasets") / "default.txt";
  if (!fs::exists(data))
    throw sudoku::InputError(fmt::format("{}: the default dataset is missing (run from the project "
                                         "folder, or give files to 'sudoku-bench solve')",
                                         data.string()));
  SolveOptions opt;
  opt.files = {data.string()};
  std::string all;
  for (const auto& s : sudoku::solvers())
    if (s.supports(3)) all += (all.empty() ? "" : ",") + std::string(s.name);
  opt.solvers = all;
  opt.compare = true;
  fmt::print("sudoku-bench: every solver on {} ({} threads)\n\n", data.string(), sudoku::available_cores());
  return run_solve(opt, ctx);
}

}  // namespace cli
