#include "sudoku/logic/text.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sudoku/sudoku_kind.hpp"

namespace puzzle::sudoku::logic {
namespace {

/// The hardest technique of a solution's steps: the last in the order the engine tries them
/// (the Technique enum's; a guess after every technique).
Technique hardest(const std::vector<Deduction>& steps) noexcept {
  Technique t = Technique::full_house;
  for (const Deduction& s : steps) t = std::max(t, s.technique);
  return t;
}

}  // namespace

std::string explain_text(const Grid& puzzle, const Result& r, const std::vector<Deduction>& steps,
                         bool candidates, bool hint) {
  std::string out;
  Board b;
  if (r.status == Status::invalid || !b.load(puzzle)) return "The givens contradict each other.\n";
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (candidates) out += "\n" + grid9::candidates_grid(b.value, b.cand);
    out += hint ? fmt::format("Hint: {}\n", describe(steps[i]))
                : fmt::format("{:3}. {}\n", i + 1, describe(steps[i]));
    apply(b, steps[i]);
  }
  if (hint) {
    if (steps.empty()) out += r.status == Status::none ? "No solution: the givens lead to a contradiction.\n"
                                                        : "Nothing left to do: the grid is full.\n";
    return out;
  }
  switch (r.status) {
    case Status::none: out += "No solution: the steps above lead to a contradiction.\n"; break;
    case Status::multiple: out += "Several solutions: no logic can finish this puzzle.\n"; break;
    case Status::budget_exceeded: out += "Stopped: the work budget ran out.\n"; break;
    default: break;
  }
  if (r.status == Status::unique && b.solved()) {
    if (candidates) out += "\n" + grid9::candidates_grid(b.value, b.cand);
    out += fmt::format("\nSolved in {} steps, hardest technique: {}\n", steps.size(),
                       technique_name(hardest(steps)));
  }
  return out;
}

std::string explain_json(const Grid& puzzle, const Result& r, const std::vector<Deduction>& steps,
                         bool candidates) {
  using nlohmann::json;
  json doc;
  doc["puzzle"] = to_line(puzzle);
  doc["status"] = std::string(to_string(r.status));
  if (r.solutions > 0) doc["solution"] = to_line(SudokuKind::solution(r.answer));
  Board b;
  json arr = json::array();
  if (b.load(puzzle)) {
    for (const Deduction& s : steps) {
      json j;
      j["technique"] = std::string(technique_id(s.technique));
      j["text"] = describe(s);
      if (s.unit >= 0) j["unit"] = grid9::region_name(s.unit);
      json digits = json::array();
      for (int d = 1; d <= 9; ++d)
        if (s.digits & bit(d)) digits.push_back(d);
      j["digits"] = digits;
      json cells = json::array();
      for (uint8_t c : s.cells) cells.push_back(grid9::cell_rc(c));
      j["cells"] = cells;
      json pl = json::array(), el = json::array();
      for (const auto& p : s.placements) pl.push_back({{"cell", grid9::cell_rc(p.cell)}, {"digit", p.digit}});
      for (const auto& e : s.eliminations) el.push_back({{"cell", grid9::cell_rc(e.cell)}, {"digit", e.digit}});
      j["placements"] = pl;
      j["eliminations"] = el;
      if (s.length) j["length"] = s.length;
      if (candidates) {
        json cand = json::array();
        for (int c = 0; c < kCells; ++c) cand.push_back(grid9::cell_text(b.value, b.cand, c));
        j["candidates"] = cand;
      }
      apply(b, s);
      arr.push_back(j);
    }
  }
  // Only for the whole way to the solution (not a --hint's first step).
  if (r.status == Status::unique && b.solved())
    doc["hardest_technique"] = std::string(technique_id(hardest(steps)));
  doc["steps"] = arr;
  return doc.dump(2);
}

}  // namespace puzzle::sudoku::logic
