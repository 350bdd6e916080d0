// `generate`: full grids or unique puzzles from a registered generator, on the generation
// driver (deterministic per seed whatever -j).
#include <atomic>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "cli/items_run.hpp"
#include "cli/solver_options.hpp"
#include "cli/progress.hpp"
#include "cli/table.hpp"
#include "sudoku/driver/generate.hpp"
#include "sudoku/machine.hpp"
#include "sudoku/generate/generator.hpp"
#include "sudoku/generate/job.hpp"
#include "sudoku/io/csv.hpp"
#include "sudoku/se/se.hpp"
#include "sudoku/nonogram/generate.hpp"
#include "sudoku/registry.hpp"

namespace cli {
namespace {


struct GenerateOptions {
  uint64_t count = 0;
  std::string method = "restart-dfs";
  std::string kind = "sudoku";
  std::string size;  ///< a Sudoku's side (4, 9, 16, 25; 9), or a nonogram's WxH (15x15)
  double fill = 0.5;
  bool line_solvable = false;
  bool smooth = false;
  bool grids = false;
  std::string clues;  ///< "K" or "LO-HI"; empty: no target
  bool minimal = false;
  std::string symmetry = "none";
  uint64_t seed = 1;
  int threads = 0;
  std::string output = "-";
  std::string stats;
  bool solutions = false;
  bool verify = false;
  std::string checker;
  std::string verifier;  ///< --verifier NAME (implies --verify); empty: other_solver()
  uint64_t max_attempts = 1000;
  std::string difficulty;
  std::string er;  ///< --er LO-HI
  std::string shard;  ///< "K/N", or "" for every item
  bool resume = false;
  ExternalSolverOptions ext;  ///< run-time solvers for --checker and --verifier
};

/// A solver for `box` other than `not_this`: dlx first, then propagation, then the baseline.
const sudoku::SolverInfo* other_solver(const sudoku::SolverInfo* not_this, int box) {
  for (const char* name : {"dlx", "propagation", "backtracking"}) {
    const sudoku::SolverInfo* s = sudoku::find_solver(name);
    if (s != nullptr && s != not_this && s->supports(box)) return s;
  }
  throw UsageError("no second solver handles this size, so --verify cannot check independently");
}

/// A clue target: lo == hi for `--clues K`; 0-0 for none.
struct ClueRange {
  int lo = 0, hi = 0;
};

/// `--clues K` or `--clues LO-HI` (whole numbers, 0 <= LO <= HI <= cells); throws UsageError.
ClueRange parse_clues(const std::string& text, int side, bool minimal) {
  ClueRange r;
  if (text.empty()) return r;
  const auto number = [](const std::string& digits, int& out) {
    if (digits.empty() || digits.size() > 6) return false;
    for (const char c : digits)
      if (c < '0' || c > '9') return false;
    out = std::stoi(digits);
    return true;
  };
  const std::size_t dash = text.find('-');
  const bool ok = dash == std::string::npos
                      ? number(text, r.lo)
                      : number(text.substr(0, dash), r.lo) && number(text.substr(dash + 1), r.hi);
  if (!ok)
    throw UsageError(fmt::format("--clues '{}': expected K or LO-HI, whole numbers (30, 103-128)", text));
  if (dash == std::string::npos) r.hi = r.lo;
  const int cells = side * side;
  if (r.hi > cells)
    throw UsageError(fmt::format("--clues {}: a {}x{} grid has {} cells", text, side, side, cells));
  if (r.lo > r.hi) throw UsageError(fmt::format("--clues {}: LO is above HI", text));
  if (r.lo == 0 && r.hi > 0 && dash != std::string::npos && !minimal)
    throw UsageError(fmt::format("--clues {}: a target range starts at 1 or more (for minimal "
                                 "puzzles of at most {} clues: --clues {} --minimal)", text, r.hi, r.hi));
  return r;
}

/// The level names with their ER bands, comma-separated, easiest first.
std::string level_names() {
  std::string names;
  const auto levels = sudoku::se::levels();
  for (std::size_t l = 0; l < levels.size(); ++l) {
    names += (names.empty() ? "" : ", ") + std::string(levels[l].name) +
             " (" + sudoku::se::tenths_text(levels[l].from);
    names += l + 1 < levels.size() ? "-" + sudoku::se::tenths_text(levels[l + 1].from - 1) + ")" : std::string("+)");
  }
  return names;
}

/// `--er 7.0-8.4` or `--er 7.2`: an ER band in tenths, inclusive.
std::pair<int, int> parse_er(const std::string& text) {
  auto tenths = [&](const std::string& t) {
    double v = 0;
    std::size_t used = 0;
    try {
      v = std::stod(t, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != t.size() || t.empty() || !(v >= 1.0 && v <= 20.0) ||
        std::abs(v * 10 - std::round(v * 10)) > 1e-9)
      throw UsageError(fmt::format("--er '{}': an ER or a band LO-HI of ERs from 1.0 to 20.0 with one "
                                   "decimal (7.0-8.4)", text));
    return static_cast<int>(std::lround(v * 10));
  };
  const std::size_t dash = text.find('-');
  const int lo = tenths(text.substr(0, dash));
  const int hi = dash == std::string::npos ? lo : tenths(text.substr(dash + 1));
  if (lo > hi) throw UsageError(fmt::format("--er '{}': the band's low end is above its high end", text));
  return {lo, hi};
}

/// `--difficulty hard,expert` as a bit set over se::levels().
uint32_t parse_levels(const std::string& text) {
  uint32_t mask = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, comma - start);
    const auto levels = sudoku::se::levels();
    std::size_t l = 0;
    while (l < levels.size() && levels[l].name != name) ++l;
    if (l == levels.size())
      throw UsageError(fmt::format("--difficulty: unknown level '{}'; levels: {}", name, level_names()));
    mask |= 1u << l;
    start = comma + 1;
  }
  return mask;
}

/// `--kind nonogram`: random pictures of --size WxH kept when unique (or line-solvable).
int run_generate_nonogram(const GenerateOptions& opt, const Context& ctx) {
  const auto ext = register_external_solvers(opt.ext);
  int w = 0, h = 0;
  char x = 0, extra = 0;
  const std::string size = opt.size.empty() ? "15x15" : opt.size;
  if (std::sscanf(size.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') ||
      w < 1 || h < 1 || w > sudoku::nonogram::kMaxSide || h > sudoku::nonogram::kMaxSide)
    throw UsageError(fmt::format("--size '{}': a nonogram's size is WxH, each side 1..{} (15x15)",
                                 size, sudoku::nonogram::kMaxSide));
  if (!(opt.fill > 0 && opt.fill < 1)) throw UsageError("--fill: a probability between 0 and 1 (0.5)");
  if (!opt.clues.empty() || opt.minimal || opt.grids || opt.symmetry != "none" || !opt.difficulty.empty() ||
      !opt.er.empty() || opt.method != "restart-dfs")
    throw UsageError("--clues, --minimal, --grids, --symmetry, --difficulty, --er and -m are for Sudoku; "
                     "a nonogram takes --size WxH, --fill and --line-solvable");
  sudoku::nonogram::GenerateSpec spec;
  spec.width = w, spec.height = h;
  spec.fill = opt.fill;
  spec.line_only = opt.line_solvable;
  spec.smooth = opt.smooth;
  spec.seed = opt.seed;
  spec.max_attempts = opt.max_attempts;
  spec.solutions = opt.solutions;
  const auto pick = [](const std::string& name, const char* role) {
    const sudoku::SolverInfo* s = parse_solvers(name, sudoku::PuzzleKind::nonogram).front();
    if (s->kind != sudoku::PuzzleKind::nonogram)
      throw UsageError(fmt::format("{} '{}' does not solve nonograms", role, s->name));
    return s;
  };
  if (!opt.line_solvable) spec.checker = pick(opt.checker.empty() ? "nonogram-line" : opt.checker, "checker");
  if (opt.verify) {
    // The solver that did not make the puzzle: the naive baseline checks the line solver's.
    const bool line_made = spec.checker == nullptr || spec.checker->name == "nonogram-line";
    spec.verifier = pick(line_made ? "nonogram-backtracking" : "nonogram-line", "verifier");
  }
  ItemsRun run;
  run.kind = "generate";
  run.method = opt.line_solvable ? "nonogram-line-solvable" : "nonogram-unique";
  const std::string shape = fmt::format("{}x{}", w, h);
  run.what = fmt::format("{} {} nonograms (fill {}{})", opt.line_solvable ? "line-solvable" : "unique",
                         shape, opt.fill, opt.smooth ? ", smoothed" : "");
  run.take_common(opt);
  run.restarts = false;
  run.provenance = {{"kind", "nonogram"},
                    {"method", run.method},
                    {"size", shape},
                    {"fill", fmt::format("{}{}", opt.fill, opt.smooth ? " smoothed" : "")},
                    {"seed", std::to_string(opt.seed)},
                    {"checker", spec.checker ? std::string(spec.checker->name) : "line logic"},
                    {"verifier", spec.verifier ? std::string(spec.verifier->name) : "none"}};
  if (spec.checker != nullptr) run.provenance.emplace_back("check budget", fmt::format("{} nodes", spec.budget));
  run.provenance.insert(run.provenance.end(), ext.begin(), ext.end());
  run.make_worker = [spec] { return sudoku::nonogram::make_generate_worker(spec); };
  return run_items(run, ctx);
}

int run_generate(const GenerateOptions& opt, const Context& ctx) {
  if (opt.kind == "nonogram") return run_generate_nonogram(opt, ctx);
  if (opt.kind != "sudoku") throw UsageError(fmt::format("--kind '{}': sudoku or nonogram", opt.kind));
  if (opt.line_solvable || opt.smooth)
    throw UsageError("--line-solvable and --smooth are for nonograms (--kind nonogram)");
  const auto ext = register_external_solvers(opt.ext);
  int size = 0;
  const std::string side = opt.size.empty() ? "9" : opt.size;
  if (side == "4" || side == "9" || side == "16" || side == "25") size = std::stoi(side);
  else throw UsageError(fmt::format("--size {}: a Sudoku's side is 4, 9, 16 or 25", side));
  const int box = box_for_side(size);
  const sudoku::GeneratorInfo* gen = sudoku::find_generator(opt.method);
  if (gen == nullptr) {
    const std::string near = sudoku::suggest_generator(opt.method);
    std::string names;
    for (const auto& g : sudoku::generators()) names += (names.empty() ? "" : ", ") + std::string(g.name);
    throw UsageError(fmt::format("unknown method '{}'{}; methods: {}", opt.method,
                                 near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near), names));
  }
  if (!gen->supports(box))
    throw UsageError(fmt::format("method '{}' does not make {}x{} grids", gen->name, size, size));
  const auto sym = sudoku::parse_symmetry(opt.symmetry);
  if (!sym)
    throw UsageError(fmt::format("unknown symmetry '{}': none, rotate180, rotate90, mirror, diagonal",
                                 opt.symmetry));
  const ClueRange clues = parse_clues(opt.clues, size, opt.minimal);
  if (opt.grids && (clues.hi != 0 || opt.minimal || *sym != sudoku::Symmetry::none || opt.solutions))
    throw UsageError("--grids makes full grids: --clues, --minimal, --symmetry and --solutions do not apply");
  uint32_t levels = 0;
  if (!opt.difficulty.empty()) {
    levels = parse_levels(opt.difficulty);
    if (opt.grids) throw UsageError("--difficulty rates puzzles: it does not apply to --grids");
    if (size != 9) throw UsageError("--difficulty: the Sudoku Explainer rating is for 9x9 puzzles only");
  }
  std::pair<int, int> er{0, 0};
  if (!opt.er.empty()) {
    er = parse_er(opt.er);
    if (opt.grids) throw UsageError("--er rates puzzles: it does not apply to --grids");
    if (size != 9) throw UsageError("--er: the Sudoku Explainer rating is for 9x9 puzzles only");
  }

  sudoku::GenerateSpec spec;
  spec.generator = gen;
  spec.box = box;
  spec.seed = opt.seed;
  spec.grids = opt.grids;
  spec.reduce.symmetry = *sym;
  spec.clues_lo = clues.lo;
  spec.clues_hi = clues.hi;
  spec.minimal = opt.minimal;
  spec.max_attempts = opt.max_attempts;
  spec.solutions = opt.solutions;
  spec.levels = levels;
  spec.er_lo = er.first;
  spec.er_hi = er.second;
  spec.checker = pick_solver(opt.checker.empty() ? (box == 3 ? "propagation" : "dlx") : opt.checker,
                             box, "--checker");
  if (!opt.verifier.empty()) {
    if (opt.grids)
      throw UsageError("--verifier: full grids (--grids) are checked by the rules alone, not by a solver");
    spec.verifier = pick_solver(opt.verifier, box, "--verifier");
    if (spec.verifier == spec.checker)
      throw UsageError(fmt::format("--verifier {}: it is also the --checker; a second opinion needs "
                                   "another solver", spec.verifier->name));
  } else if (opt.verify) {
    spec.verifier = opt.grids ? spec.checker : other_solver(spec.checker, box);
  }

  ItemsRun run;
  run.kind = "generate";
  run.method = std::string(gen->name);
  const std::string shape = fmt::format("{}x{}", size, size);
  if (opt.grids) run.what = fmt::format("full {} grids", shape);
  else if (clues.hi == 0 || opt.minimal)
    run.what = fmt::format("minimal unique {} puzzles{}", shape,
                           clues.hi == 0   ? ""
                           : clues.lo == 0 ? fmt::format(" (at most {} clues)", clues.hi)
                                           : fmt::format(" ({}-{} clues)", clues.lo, clues.hi));
  else if (clues.lo == clues.hi) run.what = fmt::format("unique {} puzzles of {} clues", shape, clues.hi);
  else run.what = fmt::format("unique {} puzzles of {}-{} clues", shape, clues.lo, clues.hi);
  if (*sym != sudoku::Symmetry::none) run.what += fmt::format(", symmetry {}", opt.symmetry);
  if (levels != 0) run.what += fmt::format(", difficulty {}", opt.difficulty);
  if (!opt.er.empty()) run.what += fmt::format(", ER {}", opt.er);
  run.rated = spec.rated();
  run.take_common(opt);
  run.restarts = true;
  run.provenance = {{"method", run.method},     {"size", shape},
                    {"seed", std::to_string(opt.seed)},
                    {"checker", std::string(spec.checker->name)},
                    {"verifier", spec.verifier ? std::string(spec.verifier->name) : "none"}};
  if (clues.hi != 0)
    run.provenance.emplace_back("clues", fmt::format("{}-{}{}", clues.lo, clues.hi,
                                                     opt.minimal ? " (minimal)" : ""));
  if (!opt.grids)
    run.provenance.emplace_back("check budget", fmt::format("{} nodes", spec.reduce.budget));
  if (levels != 0) run.provenance.emplace_back("difficulty", opt.difficulty);
  if (!opt.er.empty())
    run.provenance.emplace_back("er", sudoku::se::tenths_text(er.first) + "-" + sudoku::se::tenths_text(er.second));
  if (spec.rated()) run.provenance.emplace_back("rater", "Sudoku Explainer rating (src/core/sudoku/se/), levels: docs/rating.md");
  run.provenance.insert(run.provenance.end(), ext.begin(), ext.end());
  run.make_worker = [spec] { return sudoku::make_generate_worker(spec); };
  return run_items(run, ctx);
}

}  // namespace

void add_generate_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<GenerateOptions>();
  auto* g = app.add_subcommand("generate", "Make full grids or unique puzzles, on all cores; "
                                           "the same output for a seed whatever -j");
  g->add_option("-n,--count", opt->count, "How many puzzles (or grids)")->required();
  std::string methods;
  for (const auto& m : sudoku::generators())
    methods += fmt::format("\n  {}: {}", m.name, m.description);
  g->add_option("-m,--method", opt->method, "Full-grid generator:" + methods)->capture_default_str();
  g->add_option("--kind", opt->kind, "Puzzle kind: sudoku or nonogram")->capture_default_str();
  g->add_option("--size", opt->size, "Sudoku: the grid side, 4, 9, 16 or 25 (default 9); nonogram: WxH "
                                     "(default 15x15)");
  g->add_option("--fill", opt->fill, "Nonogram: the probability that a cell is shaded")->capture_default_str();
  g->add_flag("--line-solvable", opt->line_solvable,
              "Nonogram: keep only puzzles that line logic alone solves, as sgt-pattern makes (the "
              "default keeps every unique one)");
  g->add_flag("--smooth", opt->smooth,
              "Nonogram: blobs instead of noise (each cell's random value averaged with its "
              "neighbours, the --fill fraction of highest shaded), the kind of picture "
              "sgt-pattern draws: far more of them are line-solvable at large sizes");
  g->add_flag("--grids", opt->grids, "Write full grids instead of puzzles");
  g->add_option("--clues", opt->clues, "K: remove givens down to K (a new grid is tried when a "
                                       "grid's removals get stuck above it). LO-HI: each puzzle's "
                                       "target drawn uniformly from LO..HI by its own stream")
      ->type_name("K|LO-HI");
  g->add_flag("--minimal", opt->minimal, "Remove until no given can be removed (the default with "
                                         "no --clues); with --clues K: minimal puzzles of at most K; "
                                         "with LO-HI: minimal puzzles of LO to HI clues");
  g->add_option("--symmetry", opt->symmetry, "Pattern of givens: none, rotate180, rotate90, mirror, "
                                             "diagonal (with symmetry, minimal means no orbit can go)")
      ->capture_default_str();
  g->add_option("--seed", opt->seed, "Random seed; item i uses a stream derived from (seed, i)")
      ->capture_default_str();
  g->add_option("-j,--threads", opt->threads, "Worker threads (default: the cores this process may use)")
      ->check(CLI::Range(1, 1024));
  g->add_option("-o,--output", opt->output, "Output file, one per line (- for stdout)")->capture_default_str();
  g->add_option("--stats", opt->stats, "Per-item CSV: index, method, attempts, restarts, "
                                       "placements, checks, time_ns, clues, reached (and er, "
                                       "level with --difficulty or --er)");
  g->add_flag("--solutions", opt->solutions, "Write puzzle,solution lines (the solve driver then "
                                             "checks every answer against it)");
  add_shard_option(g, opt->shard, true);
  add_resume_option(g, opt->resume);
  add_external_solver_options(g, opt->ext);
  g->add_flag("--verify", opt->verify, "Check every puzzle again with a different solver than the "
                                       "one that made it (dlx vs propagation); exit 1 on a failure");
  g->add_option("--verifier", opt->verifier,
                "The solver --verify uses (implies --verify): any solver -s takes, built-in or "
                "from --plugin/--exec, other than the --checker (default: dlx, or propagation "
                "when the checker is dlx)");
  g->add_option("--checker", opt->checker,
                fmt::format("Solver for the uniqueness checks (default: propagation for 9x9, dlx "
                            "otherwise; also one from --plugin/--exec, whose answers are verified "
                            "against the grid being reduced); a check that passes {} nodes counts "
                            "as not unique (the given stays)", sudoku::ReduceOptions{}.budget));
  g->add_option("--max-attempts", opt->max_attempts, "Full grids tried per puzzle to meet --clues "
                                                   "and --difficulty/--er (a range's target is drawn "
                                                   "once per puzzle, not per grid)")
      ->check(CLI::Range(uint64_t{1}, UINT64_MAX))
      ->capture_default_str();
  g->add_option("--difficulty", opt->difficulty,
                "Keep only puzzles whose Sudoku Explainer rating (ER) is at these levels (9x9; "
                "comma-separated: " + level_names() + "); a puzzle of another level is dropped and a new grid tried");
  g->add_option("--er", opt->er, "Keep only puzzles whose Sudoku Explainer rating is in the band LO-HI "
                                 "(9x9; 7.0-8.4, or one value 7.2); others are dropped and a new grid tried");
  out.push_back({g, [opt](const Context& ctx) { return run_generate(*opt, ctx); }});
}

}  // namespace cli
