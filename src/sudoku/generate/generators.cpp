#include <algorithm>
#include <vector>

#include "puzzle/registry.hpp"
#include "puzzle/solver.hpp"
#include "sudoku/generate/generator.hpp"

namespace puzzle::sudoku {
namespace {

constexpr GeneratorInfo kGenerators[] = {
    {"restart",
     "the blog's retry method: digits 1..n in turn, one random fitting cell per row; stuck means "
     "start again from an empty grid",
     (1u << 2) | (1u << 3), &make_restart_generator},
    {"restart-dfs",
     "randomized depth-first fill (fewest candidates first, random digits) that restarts from "
     "scratch after a small node budget",
     kAllBoxes, &make_restart_dfs_generator},
    {"guided",
     "the blog's cell-by-cell method: a random digit is kept only if a solver still finds a "
     "solution (propagation for 9x9, dlx otherwise)",
     kAllBoxes, &make_guided_generator},
};

}  // namespace

std::span<const GeneratorInfo> generators() noexcept { return kGenerators; }

const GeneratorInfo* find_generator(std::string_view name) noexcept {
  for (const GeneratorInfo& g : kGenerators)
    if (g.name == name) return &g;
  return nullptr;
}

std::string suggest_generator(std::string_view name) {
  std::vector<std::string_view> names;
  for (const GeneratorInfo& g : kGenerators) names.push_back(g.name);
  return nearest_name(name, names);
}

}  // namespace puzzle::sudoku
