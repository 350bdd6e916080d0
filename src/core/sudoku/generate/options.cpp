#include "sudoku/generate/options.hpp"

#include <cmath>
#include <cstdio>
#include <utility>

#include <fmt/format.h>

#include "sudoku/generate/generator.hpp"
#include "sudoku/generate/reduce.hpp"
#include "sudoku/nonogram/nonogram.hpp"
#include "sudoku/registry.hpp"
#include "sudoku/se/se.hpp"

namespace sudoku {
namespace {

/// Names an option the caller's way: "--line-solvable" or "line_solvable".
struct Names {
  OptionStyle style;
  std::string operator()(std::string_view name) const {
    std::string s(name);
    for (char& c : s)
      if (c == '_' || c == '-') c = style == OptionStyle::cli ? '-' : '_';
    return style == OptionStyle::cli ? "--" + s : s;
  }
  /// The option and the value given: "--er 7.25" or "er='7.25'".
  std::string given(std::string_view name, std::string_view value) const {
    return style == OptionStyle::cli ? fmt::format("{} {}", (*this)(name), value)
                                     : fmt::format("{}='{}'", (*this)(name), value);
  }
};

struct ClueRange {
  int lo = 0, hi = 0;
};

/// "K" or "LO-HI" (whole numbers, 0 <= LO <= HI <= cells).
ClueRange parse_clues(const Names& say, const std::string& text, int side, bool minimal) {
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

/// "7.0-8.4" or "7.2": an ER band in tenths, inclusive.
std::pair<int, int> parse_er(const Names& say, const std::string& text) {
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

/// "hard,expert" as a bit set over se::levels().
uint32_t parse_levels(const Names& say, const std::string& text) {
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
const SolverInfo* other_solver(const Names& say, const SolverInfo* not_this, int box) {
  for (const char* name : {"dlx", "propagation", "backtracking"}) {
    const SolverInfo* s = find_solver(name);
    if (s != nullptr && s != not_this && s->supports(box)) return s;
  }
  throw OptionError(fmt::format("no second solver handles this size, so {} cannot check independently",
                                say("verify")));
}

GeneratePlan plan_nonogram(const GenerateOptions& opt, const Names& say) {
  GeneratePlan plan;
  plan.kind = PuzzleKind::nonogram;
  nonogram::GenerateSpec& spec = plan.nonogram;
  int w = 0, h = 0;
  char x = 0, extra = 0;
  const std::string size = opt.size.empty() ? "15x15" : opt.size;
  if (std::sscanf(size.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') || w < 1 ||
      h < 1 || w > nonogram::kMaxSide || h > nonogram::kMaxSide)
    throw OptionError(fmt::format("{}: a nonogram's size is WxH, each side 1..{} (15x15)", say.given("size", size),
                                  nonogram::kMaxSide));
  if (!(opt.fill > 0 && opt.fill < 1)) throw OptionError(say("fill") + ": a probability between 0 and 1 (0.5)");
  if (!opt.clues.empty() || opt.minimal || opt.grids || opt.symmetry != "none" || !opt.difficulty.empty() ||
      !opt.er.empty() || opt.method != "restart-dfs")
    throw OptionError(fmt::format("{}, {}, {}, {}, {}, {} and {} are for Sudoku; a nonogram takes {} WxH, {} and {}",
                                  say("clues"), say("minimal"), say("grids"), say("symmetry"), say("difficulty"),
                                  say("er"), say.style == OptionStyle::cli ? "-m" : "method",
                                  say("size"), say("fill"), say("line-solvable")));
  spec.width = w, spec.height = h;
  spec.fill = opt.fill;
  spec.line_only = opt.line_solvable;
  spec.smooth = opt.smooth;
  spec.seed = opt.seed;
  spec.max_attempts = opt.max_attempts;
  spec.solutions = opt.solutions;
  if (!opt.line_solvable)
    spec.checker = &solver_for_role(opt.checker.empty() ? "nonogram-line" : opt.checker, 0, say("checker"), say.style);
  if (!opt.verifier.empty()) {
    spec.verifier = &solver_for_role(opt.verifier, 0, say("verifier"), say.style);
  } else if (opt.verify) {
    // The solver that did not make the puzzle: the naive baseline checks the line solver's.
    const bool line_made = spec.checker == nullptr || spec.checker->name == "nonogram-line";
    spec.verifier = &solver_for_role(line_made ? "nonogram-backtracking" : "nonogram-line", 0, say("verifier"), say.style);
  }
  plan.method = opt.line_solvable ? "nonogram-line-solvable" : "nonogram-unique";
  return plan;
}

}  // namespace

std::unique_ptr<ItemWorker> GeneratePlan::make_worker() const {
  return kind == PuzzleKind::nonogram ? nonogram::make_generate_worker(nonogram) : make_generate_worker(sudoku);
}

std::string level_names() {
  std::string names;
  const auto levels = se::levels();
  for (std::size_t l = 0; l < levels.size(); ++l) {
    names += (names.empty() ? "" : ", ") + std::string(levels[l].name) + " (" + se::tenths_text(levels[l].from);
    names += l + 1 < levels.size() ? "-" + se::tenths_text(levels[l + 1].from - 1) + ")" : std::string("+)");
  }
  return names;
}

const SolverInfo& solver_for_role(const std::string& name, std::string_view role, OptionStyle style) {
  const SolverInfo* s = find_solver(name);
  if (s == nullptr) {
    const std::string near = suggest_solver(name);
    throw OptionError(fmt::format("{}: unknown solver '{}'{}", role, name,
                                  near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
  }
  if (s->batch())
    throw OptionError(style == OptionStyle::cli
                          ? fmt::format("{} '{}' is an --exec-batch program: it answers whole files (solve, "
                                        "bench), not one puzzle at a time, so it cannot be the {} (an --exec "
                                        "solver can)", role, s->name, role)
                          : fmt::format("{} '{}' is an exec-batch program (add_exec(batch=True)): it answers "
                                        "whole inputs, not one puzzle at a time, so it cannot be the {} (one "
                                        "added without batch=True can)", role, s->name, role));
  return *s;
}

const SolverInfo& solver_for_role(const std::string& name, int box, std::string_view role, OptionStyle style) {
  const SolverInfo* s = &solver_for_role(name, role, style);
  if (box == 0 ? !s->solves(PuzzleKind::nonogram) : !s->supports(box))
    throw OptionError(box == 0 ? fmt::format("{} '{}' does not solve nonograms", role, s->name)
                               : fmt::format("{} '{}' does not support {}x{} grids", role, s->name, box * box, box * box));
  return *s;
}

const SolverInfo* default_transform_verifier(int box) {
  for (const char* n : {"propagation", "dlx", "backtracking"})
    if (const SolverInfo* s = find_solver(n); s != nullptr && s->supports(box)) return s;
  return nullptr;
}

GeneratePlan plan_generate(const GenerateOptions& opt, OptionStyle style) {
  const Names say{style};
  if (opt.max_attempts < 1) throw OptionError(say("max-attempts") + ": at least 1");
  if (opt.kind == "nonogram") return plan_nonogram(opt, say);
  if (opt.kind != "sudoku") throw OptionError(say.given("kind", opt.kind) + ": sudoku or nonogram");
  if (opt.line_solvable || opt.smooth)
    throw OptionError(fmt::format("{} and {} are for nonograms ({})", say("line-solvable"), say("smooth"),
                                  style == OptionStyle::cli ? "--kind nonogram" : "kind='nonogram'"));
  GeneratePlan plan;
  const std::string side = opt.size.empty() ? "9" : opt.size;
  if (side != "4" && side != "9" && side != "16" && side != "25")
    throw OptionError(say.given("size", side) + ": a Sudoku's side is 4, 9, 16 or 25");
  plan.side = std::stoi(side);
  const int box = side == "4" ? 2 : side == "9" ? 3 : side == "16" ? 4 : 5;
  const GeneratorInfo* gen = find_generator(opt.method);
  if (gen == nullptr) {
    const std::string near = suggest_generator(opt.method);
    std::string names;
    for (const auto& g : generators()) names += (names.empty() ? "" : ", ") + std::string(g.name);
    throw OptionError(fmt::format("unknown method '{}'{}; methods: {}", opt.method,
                                  near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near), names));
  }
  if (!gen->supports(box))
    throw OptionError(fmt::format("method '{}' does not make {}x{} grids", gen->name, plan.side, plan.side));
  const auto sym = parse_symmetry(opt.symmetry);
  if (!sym)
    throw OptionError(fmt::format("unknown symmetry '{}': none, rotate180, rotate90, mirror, diagonal", opt.symmetry));
  const ClueRange clues = parse_clues(say, opt.clues, plan.side, opt.minimal);
  if (opt.grids && (clues.hi != 0 || opt.minimal || *sym != Symmetry::none || opt.solutions))
    throw OptionError(fmt::format("{} makes full grids: {}, {}, {} and {} do not apply", say("grids"), say("clues"),
                                  say("minimal"), say("symmetry"), say("solutions")));
  GenerateSpec& spec = plan.sudoku;
  for (const auto& [name, text] : {std::pair<const char*, const std::string*>{"difficulty", &opt.difficulty},
                                   {"er", &opt.er}}) {
    if (text->empty()) continue;
    if (opt.grids) throw OptionError(fmt::format("{} rates puzzles: it does not apply to {}", say(name), say("grids")));
    if (plan.side != 9)
      throw OptionError(say(name) + ": the Sudoku Explainer rating is for 9x9 puzzles only");
  }
  if (!opt.difficulty.empty()) spec.levels = parse_levels(say, opt.difficulty);
  if (!opt.er.empty()) std::tie(spec.er_lo, spec.er_hi) = parse_er(say, opt.er);
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
  spec.checker = &solver_for_role(opt.checker.empty() ? (box == 3 ? "propagation" : "dlx") : opt.checker, box,
                                  say("checker"), say.style);
  if (!opt.verifier.empty()) {
    if (opt.grids)
      throw OptionError(fmt::format("{}: full grids ({}) are checked by the rules alone, not by a solver",
                                    say("verifier"), say("grids")));
    spec.verifier = &solver_for_role(opt.verifier, box, say("verifier"), say.style);
    if (spec.verifier == spec.checker)
      throw OptionError(fmt::format("{}: it is also the {}; a second opinion needs another solver",
                                    say.given("verifier", spec.verifier->name), say("checker")));
  } else if (opt.verify) {
    spec.verifier = opt.grids ? spec.checker : other_solver(say, spec.checker, box);
  }
  plan.method = std::string(gen->name);
  return plan;
}

}  // namespace sudoku
