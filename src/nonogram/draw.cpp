// A nonogram drawn for a terminal (draw.hpp).
#include "nonogram/draw.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace puzzle::nonogram {
namespace {

/// A rule between cells i-1 and i: every five rows and columns.
bool rule_before(int i) { return i > 0 && i % 5 == 0; }

void end_line(std::string& s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  s += '\n';
}

}  // namespace

std::string to_pretty(const Puzzle& p, const Picture* picture) {
  int widest = 1;  // digits of the longest run
  std::size_t depth = 1;
  for (const uint8_t run : p.runs) widest = std::max(widest, run >= 100 ? 3 : run >= 10 ? 2 : 1);
  for (int c = 0; c < p.width; ++c) depth = std::max(depth, p.column(c).size());
  const int cw = widest + 1;

  std::vector<std::string> left(static_cast<std::size_t>(p.height));
  std::size_t lw = 1;
  for (int r = 0; r < p.height; ++r) {
    std::string& s = left[static_cast<std::size_t>(r)];
    for (const uint8_t run : p.row(r)) s += (s.empty() ? "" : " ") + std::to_string(run);
    if (s.empty()) s = "0";
    lw = std::max(lw, s.size());
  }

  std::string out;
  // The column clues, bottom-aligned: the last run of every column on the line above the grid.
  for (std::size_t k = 0; k < depth; ++k) {
    std::string line(lw + 2, ' ');
    for (int c = 0; c < p.width; ++c) {
      const auto runs = p.column(c);
      const std::size_t n = std::max<std::size_t>(runs.size(), 1);
      std::string num;
      if (k + n >= depth) num = runs.empty() ? "0" : std::to_string(runs[k + n - depth]);
      if (rule_before(c)) line += ' ';
      line += fmt::format("{:>{}}", num, cw);
    }
    out += line;
    end_line(out);
  }
  std::string rule(lw, ' ');
  rule += " +";
  for (int c = 0; c < p.width; ++c) {
    if (rule_before(c)) rule += '+';
    rule.append(static_cast<std::size_t>(cw), '-');
  }
  rule += '\n';
  out += rule;
  const std::string shaded(static_cast<std::size_t>(cw), '#');
  const std::string blank = std::string(static_cast<std::size_t>(cw - 1), ' ') + '.';
  for (int r = 0; r < p.height; ++r) {
    if (rule_before(r)) out += rule;
    std::string line = fmt::format("{:>{}} |", left[static_cast<std::size_t>(r)], lw);
    for (int c = 0; c < p.width; ++c) {
      if (rule_before(c)) line += '|';
      line += picture != nullptr && picture->at(r, c) ? shaded : blank;
    }
    out += line;
    end_line(out);
  }
  return out;
}

}  // namespace puzzle::nonogram
