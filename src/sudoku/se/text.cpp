#include "sudoku/se/text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sudoku/se/state.hpp"

namespace puzzle::sudoku::se {
namespace {

void apply(State& s, const Step& step) {
  for (Cand c : step.removals) s.remove(c.cell, c.digit);
  if (step.place_cell >= 0) s.place(step.place_cell, step.place_digit);
}

std::string summary(const Rating& r, std::size_t steps) {
  switch (r.status) {
    case RatingStatus::invalid: return "The givens repeat a digit in a row, column or box.\n";
    case RatingStatus::budget_exceeded:
      return fmt::format("Stopped after {} steps: the work budget ran out (--se-budget).\n", steps);
    case RatingStatus::stuck:
      return fmt::format("No technique applies after {} steps: ER 20.0, as the reference rates it.\n", steps);
    case RatingStatus::rated: break;
  }
  return fmt::format("Solved in {} steps. ER {}  EP {}  ED {} ({}), hardest technique: {}\n", steps,
                     tenths_text(r.er), tenths_text(r.ep), tenths_text(r.ed),
                     level_name(r.er), tech_name(r.hardest));
}

}  // namespace

std::string explain_text(const Grid& puzzle, const Rating& rating, const std::vector<Step>& steps,
                         bool candidates, bool hint) {
  State s;
  if (!s.load(puzzle)) return summary(rating, 0);
  std::string out;
  const std::size_t n = hint ? std::min<std::size_t>(steps.size(), 1) : steps.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (candidates) out += "\n" + grid9::candidates_grid(s.value, s.cand);
    const Step& st = steps[i];
    const std::string line = fmt::format("{} {}  ({})\n", tenths_text(tenths(st.rating)), st.text, effect_text(st));
    out += hint ? "Hint: " + line : fmt::format("{:4}. {}", i + 1, line);
    apply(s, st);
  }
  if (hint) {
    if (steps.empty()) out += s.empty == 0 ? "Nothing left to do: the grid is full.\n" : summary(rating, 0);
    return out;
  }
  if (candidates && rating.status != RatingStatus::rated) out += "\n" + grid9::candidates_grid(s.value, s.cand);
  out += "\n" + summary(rating, steps.size());
  return out;
}

std::string explain_json(const Grid& puzzle, const Rating& rating, const std::vector<Step>& steps,
                         bool candidates, bool hint) {
  using nlohmann::json;
  json doc;
  doc["puzzle"] = to_line(puzzle);
  json r = {{"status", std::string(status_id(rating.status))}};
  if (rating.status == RatingStatus::rated || rating.status == RatingStatus::stuck) {
    r["er"] = rating.er / 10.0;
    r["ep"] = rating.ep / 10.0;
    r["ed"] = rating.ed / 10.0;
    r["level"] = std::string(level_name(rating.er));
  }
  if (rating.status == RatingStatus::rated) r["hardest_technique"] = std::string(tech_id(rating.hardest));
  json counts = json::object();
  for (int t = 0; t < kTechCount; ++t)
    if (rating.counts[t] != 0) counts[std::string(tech_id(static_cast<Tech>(t)))] = rating.counts[t];
  r["counts"] = counts;
  doc["rating"] = r;
  State s;
  json arr = json::array();
  if (s.load(puzzle)) {
    const std::size_t n = hint ? std::min<std::size_t>(steps.size(), 1) : steps.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Step& st = steps[i];
      json j;
      j["rating"] = tenths(st.rating) / 10.0;
      j["technique"] = std::string(tech_id(st.tech));
      j["text"] = st.text;
      json rm = json::array();
      for (Cand c : st.removals) rm.push_back({{"cell", cell_rc(c.cell)}, {"digit", c.digit}});
      j["removals"] = rm;
      if (st.place_cell >= 0) j["placement"] = {{"cell", cell_rc(st.place_cell)}, {"digit", st.place_digit}};
      if (candidates) {
        json cand = json::array();
        for (int c = 0; c < 81; ++c) cand.push_back(grid9::cell_text(s.value, s.cand, c));
        j["candidates"] = cand;
      }
      apply(s, st);
      arr.push_back(std::move(j));
    }
  }
  doc["steps"] = arr;
  return doc.dump(2);
}

}  // namespace puzzle::sudoku::se
