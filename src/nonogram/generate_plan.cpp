// The nonogram's part of generate's options (generate/options.hpp): NonogramKind's own options
// (size WxH, fill, smooth, line-solvable) and its plan_generate (those, the checker and
// verifier, and the words describing the run).
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "nonogram/generate.hpp"
#include "nonogram/kind.hpp"
#include "puzzle/generate_options.hpp"

namespace puzzle::nonogram {
namespace {

/// The summary line's items and the provenance of a run of `spec`.
void describe(const nonogram::GenerateSpec& spec, GeneratePlan& plan) {
  const std::string shape = fmt::format("{}x{}", spec.width, spec.height);
  plan.what = fmt::format("{} {} nonograms (fill {}{})", spec.line_only ? "line-solvable" : "unique", shape, spec.fill,
                          spec.smooth ? ", smoothed" : "");
  plan.restarts = false;
  plan.target = "uniqueness";
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

std::vector<GenerateOption> NonogramGeneration::generate_options() {
  return {
      value_option("size", "WxH", "15x15", "x"),
      value_option("fill", "the probability that a cell is shaded", "0.5"),
      flag_option("smooth", "blobs instead of noise (each cell's random value averaged with its neighbours, the "
                            "--fill fraction of highest shaded), the kind of picture sgt-pattern draws: far more "
                            "of them are line-solvable at large sizes"),
      flag_option("line-solvable", "keep only puzzles that line logic alone solves, as sgt-pattern makes (the "
                                   "default keeps every unique one)"),
  };
}

GenerateDefaults NonogramGeneration::generate_defaults() {
  return {fmt::format("nonogram-line, each check at most {} nodes (past them: not unique), none with "
                      "--line-solvable (line logic makes those)",
                      nonogram::GenerateSpec{}.budget),
          "nonogram-backtracking, or nonogram-line when the checker is another solver",
          "",
          "a random picture, whose clues must have one solution (with --line-solvable: one that line "
          "logic finds)"};
}

GeneratePlan NonogramGeneration::plan_generate(const GenerateOptions& opt, const OptionNames& say) {
  GeneratePlan plan;
  nonogram::GenerateSpec spec;
  int w = 0, h = 0;
  char x = 0, extra = 0;
  const std::string& size = opt.text("size");
  if (std::sscanf(size.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') || w < 1 ||
      h < 1 || w > nonogram::kMaxSide || h > nonogram::kMaxSide)
    throw OptionError(fmt::format("{}: a nonogram's size is WxH, each side 1..{} (15x15)", say.given("size", size),
                                  nonogram::kMaxSide));
  double fill = 0;
  std::size_t used = 0;
  try {
    fill = std::stod(opt.text("fill"), &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != opt.text("fill").size() || !(fill > 0 && fill < 1))
    throw OptionError(say("fill") + ": a probability between 0 and 1 (0.5)");
  const bool line_solvable = opt.flag("line-solvable");
  spec.width = w, spec.height = h;
  spec.fill = fill;
  spec.line_only = line_solvable;
  spec.smooth = opt.flag("smooth");
  spec.seed = opt.seed;
  spec.max_attempts = opt.max_attempts;
  spec.solutions = opt.solutions;
  if (!line_solvable)
    spec.checker = &solver_for_role(registry_of(opt), opt.checker.empty() ? "nonogram-line" : opt.checker, PuzzleKind::nonogram,
                                    say("checker"), say.style);
  if (!opt.verifier.empty()) {
    spec.verifier = &solver_for_role(registry_of(opt), opt.verifier, PuzzleKind::nonogram, say("verifier"), say.style);
  } else if (opt.verify) {
    // The solver that did not make the puzzle: the naive baseline checks the line solver's.
    const bool line_made = spec.checker == nullptr || spec.checker->name == "nonogram-line";
    spec.verifier = &solver_for_role(registry_of(opt), line_made ? "nonogram-backtracking" : "nonogram-line", PuzzleKind::nonogram,
                                     say("verifier"), say.style);
  }
  plan.method = line_solvable ? "nonogram-line-solvable" : "nonogram-unique";
  describe(spec, plan);
  plan.make_worker = [spec] { return nonogram::make_generate_worker(spec); };
  return plan;
}

}  // namespace puzzle::nonogram
