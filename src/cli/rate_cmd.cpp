// `rate`: files through the `logic` solver on the driver, with each puzzle's difficulty added to
// the per-puzzle CSV (the annotator reads the rating the thread's own solver just computed).
#include <atomic>
#include <cstdio>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "cli/table.hpp"
#include "sudoku/driver/driver.hpp"
#include "sudoku/machine.hpp"
#include "sudoku/io/csv.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/registry.hpp"
#include "sudoku/solvers/logic.hpp"

namespace cli {
namespace {

namespace lg = sudoku::logic;

struct RateOptions {
  std::vector<std::string> files;
  int threads = 0;
  uint64_t budget = sudoku::kDefaultBudget;
  std::string rows;
  std::string summary;
};

/// The extra columns: score, hardest technique, level, then the count of each technique.
std::string rating_columns() {
  std::string h = ",difficulty_score,hardest_technique,level";
  for (int t = 0; t < lg::kTechniqueCount; ++t)
    h += fmt::format(",n_{}", lg::technique_id(static_cast<lg::Technique>(t)));
  return h;
}

class RatingAnnotator final : public sudoku::RowAnnotator {
 public:
  void annotate(const sudoku::Grid&, const sudoku::Result&, sudoku::Solver& solver, std::string& out) override {
    const lg::Rating& r = static_cast<sudoku::LogicSolver&>(solver).rating();
    if (!r.rated) return;  // blank fields: invalid, no solution, several solutions
    fmt::memory_buffer b;
    fmt::format_to(std::back_inserter(b), ",{:.2f},{},{}", r.score, lg::technique_id(r.hardest), r.level());
    for (uint32_t n : r.counts) fmt::format_to(std::back_inserter(b), ",{}", n);
    out.assign(b.data(), b.size());
  }
};

int run_rate(const RateOptions& opt, const Context& ctx) {
  sudoku::RunConfig cfg;
  cfg.files = opt.files;
  cfg.solvers = {sudoku::find_solver("logic")};
  cfg.threads = opt.threads > 0 ? opt.threads : sudoku::available_cores();
  cfg.limits.solutions = 2;  // a rating needs the one solution
  cfg.limits.budget = opt.budget;
  cfg.box = 3;
  cfg.extra_columns = rating_columns();
  cfg.make_annotator = [] { return std::make_unique<RatingAnnotator>(); };

  sudoku::Provenance prov;
  prov.command = ctx.command;
  prov.threads = cfg.threads;
  for (const auto& f : cfg.files) prov.datasets.emplace_back(f, sudoku::sha256_file(f));
  prov.extra.emplace_back("weights", "technique weights: Sudoku Explainer scale (src/core/sudoku/logic/technique.cpp)");

  OutFile rows_file(opt.rows, "rows");
  OutFile summary_file(opt.summary, "summary");
  std::FILE* term = rows_file.get() == stdout || summary_file.get() == stdout ? stderr : stdout;
  if (rows_file.get() != nullptr) {
    cfg.rows = rows_file.get();
    cfg.rows_name = opt.rows;
    sudoku::write_all(cfg.rows, sudoku::metadata_header(prov) + sudoku::rows_csv_header(false, cfg.extra_columns),
                      opt.rows);
  }
  uint64_t problems = 0;
  cfg.on_problem = [&](const std::string& file, uint64_t line, const std::string& msg) {
    if (++problems <= 20) fmt::print(stderr, "{}:{}: {}\n", file, line, msg);
  };
  const sudoku::RunReport report = sudoku::run(cfg);
  if (summary_file.get() != nullptr) {
    std::string text = sudoku::metadata_header(prov) + sudoku::summary_csv_header();
    for (const auto& s : report.summaries) text += sudoku::summary_csv_row(s);
    sudoku::write_all(summary_file.get(), text, opt.summary);
  }
  fmt::print(term, "{}", summary_tables(report.summaries, false));
  for (const auto& e : report.read_errors) fmt::print(stderr, "error: {}\n", e);
  if (report.wrong() > 0) return kExitWrong;
  return report.read_errors.empty() ? 0 : kExitWrong;
}

}  // namespace

void add_rate_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<RateOptions>();
  auto* s = app.add_subcommand("rate", "Rate every 9x9 puzzle of the files for a human solver "
                                       "(hardest technique, score, level) on all cores");
  s->add_option("files", opt->files, "Puzzle files, as for 'solve'")->required();
  s->add_option("-j,--threads", opt->threads, "Worker threads (default: the cores this process may use)")
      ->check(CLI::Range(1, 1024));
  s->add_option("--budget", opt->budget, "Work budget per puzzle in search nodes; 0 = unlimited")
      ->capture_default_str();
  s->add_option("-o,--output", opt->rows, "Per-puzzle CSV with the rating columns; - for stdout");
  s->add_option("--summary", opt->summary, "Summary CSV (one row per dataset)");
  out.push_back({s, [opt](const Context& ctx) { return run_rate(*opt, ctx); }});
}

}  // namespace cli
