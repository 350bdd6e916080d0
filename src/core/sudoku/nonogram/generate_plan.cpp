// The nonogram's part of generate's options (generate/options.hpp): NonogramKind's
// plan_generate (size WxH, fill, smooth, line-solvable, the checker and verifier, and the
// words describing the run) and the refusal of its options for another kind.
#include <cstdio>

#include <fmt/format.h>

#include "sudoku/generate/options.hpp"
#include "sudoku/nonogram/generate.hpp"
#include "sudoku/nonogram/kind.hpp"

namespace sudoku {
namespace {

/// The summary line's items and the provenance of a run of `spec`.
void describe(const nonogram::GenerateSpec& spec, GeneratePlan& plan) {
  const std::string shape = fmt::format("{}x{}", spec.width, spec.height);
  plan.what = fmt::format("{} {} nonograms (fill {}{})", spec.line_only ? "line-solvable" : "unique", shape, spec.fill,
                          spec.smooth ? ", smoothed" : "");
  plan.restarts = false;
  plan.provenance = {{"kind", "nonogram"},
                     {"method", plan.method},
                     {"size", shape},
                     {"fill", fmt::format("{}{}", spec.fill, spec.smooth ? " smoothed" : "")},
                     {"seed", std::to_string(spec.seed)},
                     {"checker", spec.checker ? std::string(spec.checker->name) : "line logic"},
                     {"verifier", spec.verifier ? std::string(spec.verifier->name) : "none"}};
  if (spec.checker != nullptr) plan.provenance.emplace_back("check budget", fmt::format("{} nodes", spec.budget));
}

}  // namespace

void NonogramKind::refuse_generate_options(const GenerateOptions& opt, const OptionNames& say) {
  if (opt.line_solvable || opt.smooth)
    throw OptionError(fmt::format("{} and {} are for nonograms ({})", say("line-solvable"), say("smooth"),
                                  say.style == OptionStyle::cli ? "--kind nonogram" : "kind='nonogram'"));
}

std::string NonogramKind::generate_help(std::string_view option) {
  if (option == "size") return "nonogram: WxH (default 15x15)";
  if (option == "fill") return "Nonogram: the probability that a cell is shaded";
  if (option == "line-solvable")
    return "Nonogram: keep only puzzles that line logic alone solves, as sgt-pattern makes (the default keeps "
           "every unique one)";
  if (option == "smooth")
    return "Nonogram: blobs instead of noise (each cell's random value averaged with its neighbours, the --fill "
           "fraction of highest shaded), the kind of picture sgt-pattern draws: far more of them are "
           "line-solvable at large sizes";
  return {};
}

GeneratePlan NonogramKind::plan_generate(const GenerateOptions& opt, const OptionNames& say) {
  GeneratePlan plan;
  nonogram::GenerateSpec spec;
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
    spec.checker = &solver_for_role(opt.checker.empty() ? "nonogram-line" : opt.checker, id, say("checker"), say.style);
  if (!opt.verifier.empty()) {
    spec.verifier = &solver_for_role(opt.verifier, id, say("verifier"), say.style);
  } else if (opt.verify) {
    // The solver that did not make the puzzle: the naive baseline checks the line solver's.
    const bool line_made = spec.checker == nullptr || spec.checker->name == "nonogram-line";
    spec.verifier = &solver_for_role(line_made ? "nonogram-backtracking" : "nonogram-line", id, say("verifier"), say.style);
  }
  plan.method = opt.line_solvable ? "nonogram-line-solvable" : "nonogram-unique";
  describe(spec, plan);
  plan.make_worker = [spec] { return nonogram::make_generate_worker(spec); };
  return plan;
}

}  // namespace sudoku
