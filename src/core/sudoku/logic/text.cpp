#include "sudoku/logic/text.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace sudoku::logic {
namespace {

/// The hardest technique of a solution's steps: the last in the order the engine tries them
/// (the Technique enum's; a guess after every technique).
Technique hardest(const std::vector<Step>& steps) noexcept {
  Technique t = Technique::full_house;
  for (const Step& s : steps) t = std::max(t, s.technique);
  return t;
}

}  // namespace

std::string cell_text(const Board& b, int c) {
  return b.value[c] ? std::to_string(b.value[c]) : [&] {
    std::string s;
    for (int d = 1; d <= 9; ++d)
      if (b.cand[c] & bit(d)) s += static_cast<char>('0' + d);
    return s;
  }();
}

std::string candidates_grid(const Board& b) {
  std::size_t width[9] = {};
  for (int c = 0; c < kCells; ++c) width[col_of(c)] = std::max(width[col_of(c)], cell_text(b, c).size());
  std::string rule;
  for (int col = 0; col < 9; ++col) {
    rule += std::string(width[col] + 2, '-');
    if (col == 2 || col == 5) rule += '+';
  }
  std::string out;
  for (int row = 0; row < 9; ++row) {
    if (row == 3 || row == 6) out += rule + "\n";
    for (int col = 0; col < 9; ++col) {
      const std::string t = cell_text(b, row * 9 + col);
      out += " " + t + std::string(width[col] - t.size() + 1, ' ');
      if (col == 2 || col == 5) out += '|';
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
  }
  return out;
}

std::string explain_text(const Grid& puzzle, const Result& r, const std::vector<Step>& steps,
                         bool candidates, bool hint) {
  std::string out;
  Board b;
  if (r.status == Status::invalid || !b.load(puzzle)) return "The givens contradict each other.\n";
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (candidates) out += "\n" + candidates_grid(b);
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
    if (candidates) out += "\n" + candidates_grid(b);
    out += fmt::format("\nSolved in {} steps, hardest technique: {}\n", steps.size(),
                       technique_name(hardest(steps)));
  }
  return out;
}

std::string explain_json(const Grid& puzzle, const Result& r, const std::vector<Step>& steps,
                         bool candidates) {
  using nlohmann::json;
  json doc;
  doc["puzzle"] = to_line(puzzle);
  doc["status"] = std::string(to_string(r.status));
  if (r.solutions > 0) doc["solution"] = to_line(r.solution);
  Board b;
  json arr = json::array();
  if (b.load(puzzle)) {
    for (const Step& s : steps) {
      json j;
      j["technique"] = std::string(technique_id(s.technique));
      j["text"] = describe(s);
      if (s.unit >= 0) j["unit"] = unit_name(s.unit);
      json digits = json::array();
      for (int d = 1; d <= 9; ++d)
        if (s.digits & bit(d)) digits.push_back(d);
      j["digits"] = digits;
      json cells = json::array();
      for (uint8_t c : s.cells) cells.push_back(cell_label(c));
      j["cells"] = cells;
      json pl = json::array(), el = json::array();
      for (const auto& p : s.placements) pl.push_back({{"cell", cell_label(p.cell)}, {"digit", p.digit}});
      for (const auto& e : s.eliminations) el.push_back({{"cell", cell_label(e.cell)}, {"digit", e.digit}});
      j["placements"] = pl;
      j["eliminations"] = el;
      if (s.length) j["length"] = s.length;
      if (candidates) {
        json cand = json::array();
        for (int c = 0; c < kCells; ++c) cand.push_back(cell_text(b, c));
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

}  // namespace sudoku::logic
