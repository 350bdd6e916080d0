#pragma once
// The SE reference data read back, and our rater compared with it step by step: shared
// by tests/se_test.cpp and the development tool tests/se_compare.cpp.
//
// ../shared/datasets/se_steps_sample.txt: per puzzle a line
//   "# puzzle <81 chars>  source <dataset>  ER <er> EP <ep> ED <ed>"
// then one line per step: "<n> <rating> <text> | <effect>". The first step whose rating or effect
// differs is where a rater departs from the reference (the text is compared loosely, not here).
// ../shared/datasets/se_steps_hardest.txt has the same lines without the effect (serate prints
// none): there a step is equal when its rating and the reference's own text are.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sudoku/se/se.hpp"
#include "sudoku/se/state.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace se_ref {

struct RefStep {
  std::string rating;  // "1.2", as printed
  std::string text;
  std::string effect;  // empty when the file has none (se_steps_hardest.txt)
};

struct RefPuzzle {
  std::string puzzle, source, er, ep, ed;
  std::vector<RefStep> steps;
};

inline std::vector<RefPuzzle> read_sample(const std::string& path) {
  std::ifstream in(path);
  std::vector<RefPuzzle> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# puzzle ", 0) == 0) {
      RefPuzzle p;
      std::istringstream ss(line.substr(9));
      std::string word;
      ss >> p.puzzle;
      while (ss >> word) {
        if (word == "source") ss >> p.source;
        else if (word == "ER") ss >> p.er;
        else if (word == "EP") ss >> p.ep;
        else if (word == "ED") ss >> p.ed;
      }
      out.push_back(std::move(p));
    } else if (!line.empty() && line[0] != '#' && !out.empty()) {
      RefStep s;
      const auto sp1 = line.find(' ');
      const auto sp2 = line.find(' ', sp1 + 1);
      const auto bar = line.rfind(" | ");
      s.rating = line.substr(sp1 + 1, sp2 - sp1 - 1);
      if (bar == std::string::npos || bar < sp2) {
        s.text = line.substr(sp2 + 1);
      } else {
        s.text = line.substr(sp2 + 1, bar - sp2 - 1);
        s.effect = line.substr(bar + 3);
      }
      out.back().steps.push_back(std::move(s));
    }
  }
  return out;
}

inline puzzle::sudoku::Grid grid_of(const std::string& cells) {
  puzzle::sudoku::Grid g;
  std::string err;
  if (!puzzle::sudoku::parse_cells(cells, 0, g, err)) throw std::runtime_error("bad puzzle " + cells + ": " + err);
  return g;
}

/// How one puzzle compares: `departs` is the index of the first step that differs (-1: none),
/// with both sides of it.
struct Comparison {
  int departs = -1;
  std::string ours, theirs;  // "<rating> <text> | <effect>" of the first differing step
  std::string er;            // our ER, as printed
  bool er_equal = false;
  bool full_match = false;   // every step and ER, EP, ED equal
};

inline Comparison compare(puzzle::sudoku::se::Rater& rater, const RefPuzzle& ref) {
  using namespace puzzle::sudoku::se;
  std::vector<Step> steps;
  const Rating r = rater.rate(grid_of(ref.puzzle), kDefaultSeBudget, &steps);
  Comparison c;
  c.er = tenths_text(r.er);
  c.er_equal = c.er == ref.er;
  const std::size_t n = std::max(steps.size(), ref.steps.size());
  for (std::size_t i = 0; i < n; ++i) {
    const std::string ours = i < steps.size()
        ? tenths_text(tenths(steps[i].rating)) + " " + steps[i].text + " | " + effect_text(steps[i])
        : "(no step)";
    const std::string theirs = i < ref.steps.size()
        ? ref.steps[i].rating + " " + ref.steps[i].text +
              (ref.steps[i].effect.empty() ? "" : " | " + ref.steps[i].effect)
        : "(no step)";
    // Without the reference's effect, its text tells the step (it names the cells and digits).
    const bool same = i < steps.size() && i < ref.steps.size() &&
                      tenths_text(tenths(steps[i].rating)) == ref.steps[i].rating &&
                      (ref.steps[i].effect.empty() ? steps[i].text == ref.steps[i].text
                                                   : effect_text(steps[i]) == ref.steps[i].effect);
    if (!same) {
      c.departs = static_cast<int>(i);
      c.ours = ours;
      c.theirs = theirs;
      break;
    }
  }
  c.full_match = c.departs < 0 && c.er_equal && tenths_text(r.ep) == ref.ep && tenths_text(r.ed) == ref.ed;
  return c;
}

/// Applies a reference step's effect ("remove r1c1-8 r5c3-8; place r5c2=4") to a grid.
inline void apply_effect(puzzle::sudoku::se::State& s, const std::string& effect) {
  std::istringstream ss(effect);
  std::string w;
  bool placing = false;
  while (ss >> w) {
    if (w == "remove") { placing = false; continue; }
    if (w == "place") { placing = true; continue; }
    if (w.back() == ';') w.pop_back();
    const int cell = (w[1] - '1') * 9 + (w[3] - '1');
    const int digit = w[5] - '0';
    if (placing) s.place(cell, digit);
    else s.remove(cell, digit);
  }
}

/// Our first hint on the reference's grid before each of its steps (the grid made by applying
/// the reference's own effects), so every step is judged on its own, whatever we did before.
struct StepCheck {
  std::size_t step;
  bool equal;
  std::string ours;  // "<rating> <text> | <effect>" or "(nothing)"
};
inline std::vector<StepCheck> replay(const RefPuzzle& ref) {
  using namespace puzzle::sudoku::se;
  State s;
  s.load(grid_of(ref.puzzle));
  Ctx ctx;
  ctx.want_text = true;
  Hints hints;
  std::vector<StepCheck> out;
  for (std::size_t i = 0; i < ref.steps.size(); ++i) {
    StepCheck c{i, false, "(nothing)"};
    if (next_hint(s, ctx, hints)) {
      const Hint& h = hints.list.front();
      Step st{h.rating, h.tech, h.text, h.removals, h.place_cell, h.place_digit};
      const std::string r = tenths_text(tenths(h.rating));
      c.ours = r + " " + h.text + " | " + effect_text(st);
      c.equal = r == ref.steps[i].rating && effect_text(st) == ref.steps[i].effect;
    }
    out.push_back(std::move(c));
    apply_effect(s, ref.steps[i].effect);
  }
  return out;
}

}  // namespace se_ref
