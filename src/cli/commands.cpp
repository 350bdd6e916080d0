#include "cli/commands.hpp"

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "cli/progress.hpp"
#include "cli/table.hpp"
#include "sudoku/driver/driver.hpp"
#include "sudoku/driver/machine.hpp"
#include "sudoku/io/csv.hpp"
#include "sudoku/io/parse.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/registry.hpp"
#include "sudoku/verify.hpp"

namespace cli {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_sigint(int) {
  g_stop.store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process at once
}

/// Problems printed on stderr before the rest are only counted (all are in the rows CSV).
constexpr uint64_t kMaxMessages = 20;

std::vector<const sudoku::SolverInfo*> parse_solvers(const std::string& list) {
  std::vector<const sudoku::SolverInfo*> out;
  if (list == "all") {
    for (const auto& s : sudoku::solvers()) out.push_back(&s);
    return out;
  }
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string name = list.substr(start, comma - start);
    start = comma + 1;
    if (name.empty()) continue;
    const sudoku::SolverInfo* info = sudoku::find_solver(name);
    if (info == nullptr) {
      const std::string near = sudoku::suggest_solver(name);
      throw UsageError(fmt::format("unknown solver '{}'{}; 'sudoku-bench list' shows them all", name,
                                   near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
    }
    out.push_back(info);
  }
  if (out.empty()) throw UsageError("no solver given");
  return out;
}

struct OutFile {
  std::FILE* f = nullptr;
  bool owned = false;
  OutFile(const std::string& path, const char* what) {
    if (path.empty()) return;
    if (path == "-") {
      f = stdout;
      return;
    }
    f = std::fopen(path.c_str(), "w");
    if (f == nullptr)
      throw sudoku::InputError(fmt::format("{}: cannot write {}: {}", path, what, std::strerror(errno)));
    owned = true;
  }
  ~OutFile() {
    if (owned) std::fclose(f);
  }
  OutFile(const OutFile&) = delete;
  OutFile& operator=(const OutFile&) = delete;
};

int box_for_side(int side) {
  for (int b = sudoku::kMinBox; b <= sudoku::kMaxBox; ++b)
    if (b * b == side) return b;
  throw UsageError(fmt::format("--size {}: supported sizes are 4, 9, 16 and 25", side));
}

}  // namespace

std::string default_solver() { return "propagation"; }

int run_solve(SolveOptions opt) {
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
  prov.command = opt.command;
  prov.threads = cfg.threads;
  for (const auto& f : cfg.files) prov.datasets.emplace_back(f, sudoku::sha256_file(f));
  prov.extra.emplace_back("limit", std::to_string(opt.limit));
  prov.extra.emplace_back("budget", std::to_string(opt.budget));

  OutFile rows(opt.rows, "rows");
  OutFile summary(opt.summary, "summary");
  const bool rows_on_stdout = rows.f == stdout || summary.f == stdout;
  std::FILE* term = rows_on_stdout ? stderr : stdout;  // the human table
  if (rows.f != nullptr) {
    cfg.rows = rows.f;
    cfg.rows_name = opt.rows;
    sudoku::write_all(rows.f, sudoku::metadata_header(prov) + sudoku::rows_csv_header(opt.solutions), opt.rows);
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
  g_stop.store(false);
  cfg.stop = &g_stop;
  auto old = std::signal(SIGINT, on_sigint);
  sudoku::RunReport report;
  try {
    report = sudoku::run(cfg);
  } catch (...) {
    std::signal(SIGINT, old);
    bar.clear();
    throw;
  }
  std::signal(SIGINT, old);
  bar.clear();

  if (summary.f != nullptr) {
    std::string text = sudoku::metadata_header(prov) + sudoku::summary_csv_header();
    for (const auto& s : report.summaries) text += sudoku::summary_csv_row(s);
    sudoku::write_all(summary.f, text, opt.summary);
    std::fflush(summary.f);
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

int run_list() {
  Table t({"solver", "sizes", "description"});
  for (const auto& s : sudoku::solvers()) {
    std::string sizes;
    for (int b = sudoku::kMinBox; b <= sudoku::kMaxBox; ++b)
      if (s.supports(b)) sizes += fmt::format("{}{}", sizes.empty() ? "" : ",", b * b);
    t.add({std::string(s.name), sizes, std::string(s.description)});
  }
  fmt::print("{}", t.render(3));
  return 0;
}

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

int run_default(const std::string& command) {
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
  opt.command = command;
  fmt::print("sudoku-bench: every solver on {} ({} threads)\n\n", data.string(), sudoku::available_cores());
  return run_solve(std::move(opt));
}

}  // namespace cli
