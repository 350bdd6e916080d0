// Sudoku's part of generate's options (generate/options.hpp): SudokuKind's own options (size,
// method, clues, minimal, symmetry, grids, difficulty and ER targets) and its plan_generate
// (those, the checker and verifier) into the plan of a GenerateSpec (job.hpp).
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "puzzle/generate_options.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/generate/generator.hpp"
#include "sudoku/generate/job.hpp"
#include "sudoku/generate/reduce.hpp"
#include "sudoku/se/se.hpp"
#include "sudoku/sudoku_kind.hpp"

namespace puzzle::sudoku {
namespace {

struct ClueRange {
  int lo = 0, hi = 0;
};

/// "K" or "LO-HI" (whole numbers, 0 <= LO <= HI <= cells).
ClueRange parse_clues(const OptionNames& say, const std::string& text, int side, bool minimal) {
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
  if (!ok) throw OptionError(say.given("clues", text) + ": expected K or LO-HI, whole numbers (30, 103-128)");
  if (dash == std::string::npos) r.hi = r.lo;
  const int cells = side * side;
  if (r.hi > cells)
    throw OptionError(fmt::format("{}: a {}x{} grid has {} cells", say.given("clues", text), side, side, cells));
  if (r.lo > r.hi) throw OptionError(say.given("clues", text) + ": LO is above HI");
  if (r.lo == 0 && r.hi > 0 && dash != std::string::npos && !minimal)
    throw OptionError(fmt::format("{}: a target range starts at 1 or more (for minimal puzzles of at most {} "
                                  "clues: {})", say.given("clues", text), r.hi,
                                  say.style == OptionStyle::cli ? fmt::format("--clues {} --minimal", r.hi)
                                                                : fmt::format("clues={}, minimal=True", r.hi)));
  return r;
}


/// The level names with their ER bands, comma-separated, easiest first:
/// "easy (1.0-1.9), medium (2.0-2.9), ...".
std::string level_names() {
  std::string names;
  const auto levels = se::levels();
  for (std::size_t l = 0; l < levels.size(); ++l) {
    names += (names.empty() ? "" : ", ") + std::string(levels[l].name) + " (" + se::tenths_text(levels[l].from);
    names += l + 1 < levels.size() ? "-" + se::tenths_text(levels[l + 1].from - 1) + ")" : std::string("+)");
  }
  return names;
}

/// "hard,expert" as a bit set over se::levels().
uint32_t parse_levels(const OptionNames& say, const std::string& text) {
  uint32_t mask = 0;
  const auto levels = se::levels();
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, comma - start);
    std::size_t l = 0;
    while (l < levels.size() && levels[l].name != name) ++l;
    if (l == levels.size())
      throw OptionError(fmt::format("{}: unknown level '{}'; levels: {}", say("difficulty"), name, level_names()));
    mask |= 1u << l;
    start = comma + 1;
  }
  return mask;
}

/// A solver for `box` other than `not_this`: dlx first, then propagation, then the baseline.
const SolverInfo* other_solver(const OptionNames& say, const SolverInfo* not_this, int box) {
  for (const char* name : {"dlx", "propagation", "backtracking"}) {
    const SolverInfo* s = find_builtin(name);
    if (s != nullptr && s != not_this && s->supports(box)) return s;
  }
  throw OptionError(fmt::format("no second solver handles this size, so {} cannot check independently",
                                say("verify")));
}

/// The summary line's items and the provenance of a run of `spec`.
void describe(const GenerateSpec& spec, const GenerateOptions& opt, int side, GeneratePlan& plan) {
  const std::string shape = fmt::format("{}x{}", side, side);
  if (spec.grids) plan.what = fmt::format("full {} grids", shape);
  else if (spec.clues_hi == 0 || spec.minimal)
    plan.what = fmt::format("minimal unique {} puzzles{}", shape,
                            spec.clues_hi == 0   ? ""
                            : spec.clues_lo == 0 ? fmt::format(" (at most {} clues)", spec.clues_hi)
                                                 : fmt::format(" ({}-{} clues)", spec.clues_lo, spec.clues_hi));
  else if (spec.clues_lo == spec.clues_hi) plan.what = fmt::format("unique {} puzzles of {} clues", shape, spec.clues_hi);
  else plan.what = fmt::format("unique {} puzzles of {}-{} clues", shape, spec.clues_lo, spec.clues_hi);
  if (spec.reduce.symmetry != Symmetry::none) plan.what += fmt::format(", symmetry {}", opt.text("symmetry"));
  if (spec.levels != 0) plan.what += fmt::format(", difficulty {}", opt.text("difficulty"));
  if (spec.er_hi != 0) plan.what += fmt::format(", ER {}", opt.text("er"));
  plan.restarts = true;
  plan.provenance = {{"method", plan.method},
                     {"size", shape},
                     {"seed", std::to_string(opt.seed)},
                     {"checker", std::string(spec.checker->name)},
                     {"verifier", spec.verifier ? std::string(spec.verifier->name) : "none"}};
  if (spec.clues_hi != 0)
    plan.provenance.emplace_back("clues", fmt::format("{}-{}{}", spec.clues_lo, spec.clues_hi,
                                                      spec.minimal ? " (minimal)" : ""));
  if (!spec.grids) {
    // The reducer's excluding test (reduce.hpp), when the checker gets it, is complete. (An
    // outside checker never does, and is not made here: a plug-in's instances are its own.)
    const bool excluding =
        spec.checker->origin.empty() && Reducer::excluding_test(*spec.checker, *spec.checker->make()) != nullptr;
    plan.provenance.emplace_back(
        "check budget", excluding ? fmt::format("{} nodes a removed cell, then CDCL (CaDiCaL) to the end", Reducer::kFastNodes)
                                  : fmt::format("{} nodes", spec.reduce.budget));
  }
  if (spec.levels != 0) plan.provenance.emplace_back("difficulty", opt.text("difficulty"));
  if (spec.er_hi != 0) plan.provenance.emplace_back("er", se::tenths_text(spec.er_lo) + "-" + se::tenths_text(spec.er_hi));
  if (spec.rated())
    plan.provenance.emplace_back("rater", "Sudoku Explainer rating (src/sudoku/se/), levels: docs/rating.md");
  plan.target = spec.rated() ? "clue or difficulty" : "clue";
  if (spec.rated()) {  // the worker's GenItem::extra (job.cpp): the ER, the level
    std::vector<std::string> names;
    for (const auto& l : se::levels()) names.emplace_back(l.name);
    plan.columns = {{"er", "", {}, ""}, {"level", "levels (ER)", std::move(names), "none rated"}};
  }
}

}  // namespace

std::pair<int, int> parse_er(const OptionNames& say, const std::string& text) {
  const auto tenths = [&](const std::string& t) {
    double v = 0;
    std::size_t used = 0;
    try {
      v = std::stod(t, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != t.size() || t.empty() || !(v >= 1.0 && v <= 20.0) ||
        std::abs(v * 10 - std::round(v * 10)) > 1e-9)
      throw OptionError(say.given("er", text) + ": an ER or a band LO-HI of ERs from 1.0 to 20.0 with one "
                                                "decimal (7.0-8.4)");
    return static_cast<int>(std::lround(v * 10));
  };
  const std::size_t dash = text.find('-');
  const int lo = tenths(text.substr(0, dash));
  const int hi = dash == std::string::npos ? lo : tenths(text.substr(dash + 1));
  if (lo > hi) throw OptionError(say.given("er", text) + ": the band's low end is above its high end");
  return {lo, hi};
}

GenerateDefaults SudokuGeneration::generate_defaults() {
  return {fmt::format("propagation for a 9x9, each check at most {} nodes (past them: not unique, the given stays); "
                      "wide for the other sizes, one search a removed cell of at most {} nodes, then CDCL (CaDiCaL) to "
                      "the end",
                      ReduceOptions{}.budget, Reducer::kFastNodes),
          "the first of dlx, propagation and backtracking other than the checker, the checker for full grids",
          "er, and level with --difficulty or --er",
          "a full grid made into a puzzle, which must meet --clues and --difficulty/--er (a range's target is "
          "drawn once per puzzle, not per grid)"};
}

std::vector<GenerateOption> SudokuGeneration::generate_options() {
  std::string methods;
  for (const auto& m : generators()) methods += fmt::format("\n  {}: {}", m.name, m.description);
  return {
      value_option("size", "the grid side, 4, 9, 16 or 25", "9"),
      value_option("method", "the full-grid generator" + methods, "restart-dfs", "", "", 'm'),
      value_option("clues",
                   "K: remove givens down to K (a new grid is tried when a grid's removals get stuck above it). "
                   "LO-HI: each puzzle's target drawn uniformly from LO..HI by its own stream",
                   "", "-", "K|LO-HI"),
      flag_option("minimal", "remove until no given can be removed (the default with no --clues); with --clues K: "
                             "minimal puzzles of at most K; with LO-HI: minimal puzzles of LO to HI clues"),
      value_option("symmetry", "the pattern of givens: none, rotate180, rotate90, mirror, diagonal (with "
                               "symmetry, minimal means no orbit can go)",
                   "none"),
      flag_option("grids", "write full grids instead of puzzles"),
      value_option("difficulty",
                   "keep only puzzles whose Sudoku Explainer rating (ER) is at these levels (9x9; comma-separated: " +
                       level_names() + "); a puzzle of another level is dropped and a new grid tried",
                   "", ","),
      value_option("er", "keep only puzzles whose Sudoku Explainer rating is in the band LO-HI (9x9; 7.0-8.4, or "
                         "one value 7.2); others are dropped and a new grid tried",
                   "", "-"),
  };
}

GeneratePlan SudokuGeneration::plan_generate(const GenerateOptions& opt, const OptionNames& say) {
  GeneratePlan plan;
  const std::string& side_text = opt.text("size");
  if (side_text != "4" && side_text != "9" && side_text != "16" && side_text != "25")
    throw OptionError(say.given("size", side_text) + ": a Sudoku's side is 4, 9, 16 or 25");
  const int side = std::stoi(side_text);
  const int box = side == 4 ? 2 : side == 9 ? 3 : side == 16 ? 4 : 5;
  const std::string& method = opt.text("method");
  const GeneratorInfo* gen = find_generator(method);
  if (gen == nullptr) {
    const std::string near = suggest_generator(method);
    std::string names;
    for (const auto& g : generators()) names += (names.empty() ? "" : ", ") + std::string(g.name);
    throw OptionError(fmt::format("unknown method '{}'{}; methods: {}", method,
                                  near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near), names));
  }
  if (!gen->supports(box))
    throw OptionError(fmt::format("method '{}' does not make {}x{} grids", gen->name, side, side));
  const auto sym = parse_symmetry(opt.text("symmetry"));
  if (!sym)
    throw OptionError(fmt::format("unknown symmetry '{}': none, rotate180, rotate90, mirror, diagonal",
                                  opt.text("symmetry")));
  const bool minimal = opt.flag("minimal"), grids = opt.flag("grids");
  const std::string &difficulty = opt.text("difficulty"), &er = opt.text("er");
  const ClueRange clues = parse_clues(say, opt.text("clues"), side, minimal);
  if (grids && (clues.hi != 0 || minimal || *sym != Symmetry::none || opt.solutions))
    throw OptionError(fmt::format("{} makes full grids: {}, {}, {} and {} do not apply", say("grids"), say("clues"),
                                  say("minimal"), say("symmetry"), say("solutions")));
  GenerateSpec spec;
  for (const auto& [name, text] : {std::pair<const char*, const std::string*>{"difficulty", &difficulty},
                                   {"er", &er}}) {
    if (text->empty()) continue;
    if (grids) throw OptionError(fmt::format("{} rates puzzles: it does not apply to {}", say(name), say("grids")));
    if (side != 9)
      throw OptionError(say(name) + ": the Sudoku Explainer rating is for 9x9 puzzles only");
  }
  if (!difficulty.empty()) spec.levels = parse_levels(say, difficulty);
  if (!er.empty()) std::tie(spec.er_lo, spec.er_hi) = parse_er(say, er);
  spec.generator = gen;
  spec.box = box;
  spec.seed = opt.seed;
  spec.grids = grids;
  spec.reduce.symmetry = *sym;
  spec.clues_lo = clues.lo;
  spec.clues_hi = clues.hi;
  spec.minimal = minimal;
  spec.max_attempts = opt.max_attempts;
  spec.solutions = opt.solutions;
  spec.checker = &solver_for_role(registry_of(opt), opt.checker.empty() ? (box == 3 ? "propagation" : "wide") : opt.checker, box,
                                  say("checker"), say.style);
  if (!opt.verifier.empty()) {
    if (grids)
      throw OptionError(fmt::format("{}: full grids ({}) are checked by the rules alone, not by a solver",
                                    say("verifier"), say("grids")));
    spec.verifier = &solver_for_role(registry_of(opt), opt.verifier, box, say("verifier"), say.style);
    if (spec.verifier == spec.checker)
      throw OptionError(fmt::format("{}: it is also the {}; a second opinion needs another solver",
                                    say.given("verifier", spec.verifier->name), say("checker")));
  } else if (opt.verify) {
    spec.verifier = grids ? spec.checker : other_solver(say, spec.checker, box);
  }
  plan.method = std::string(gen->name);
  describe(spec, opt, side, plan);
  plan.make_worker = [spec] { return make_generate_worker(spec); };
  return plan;
}

}  // namespace puzzle::sudoku
