#include "nonogram/kind.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "nonogram/solvers/nonogram.hpp"
#include "puzzle/fields.hpp"
#include "puzzle/kinds.hpp"

namespace puzzle::nonogram {

Record<NonogramKind> NonogramKind::parse_line(std::string_view line) {
  using namespace fields;
  Record<NonogramKind> p;
  line = trim(line);
  std::size_t end = find_separator(line, 0);
  // The ID's own ':' (after WxH) is not a separator.
  if (end < line.size() && line[end] == ':' && nonogram::looks_like_id(line))
    end = find_separator(line, end + 1);
  if (!nonogram::parse_id(line.substr(0, end), p.puzzle, p.error)) {
    if (Kinds::fallback_reads(line.substr(0, end)))
      p.error += fmt::format(" (a {} line in a file of {}: the first data line decides the kind)",
                             Kinds::noun(Kinds::fallback), plural);
    return p;
  }
  std::size_t pos = end;
  while (pos < line.size()) {
    const std::string_view field = next_field(line, pos);
    uint64_t count = 0;
    nonogram::Picture pic;
    if (parse_uint(field, count)) p.known.solutions = count;
    else if (nonogram::parse_picture(field, p.puzzle.width, p.puzzle.height, pic))
      p.known.solution = std::move(pic);
  }
  return p;
}

Record<NonogramKind> NonogramKind::parse(const Format& format, std::string_view record) {
  using nonogram::Layout;
  if (format.is(Layout::game_id)) return parse_line(record);
  Record<NonogramKind> p;
  nonogram::FormatError e;
  long number = 0;
  const bool ok = format.is(Layout::tournament) ? nonogram::parse_tournament(record, p.puzzle, number, e)
                  : format.is(Layout::nin)      ? nonogram::parse_nin(record, p.puzzle, e)
                                                : nonogram::parse_non(record, p.puzzle, p.known, e);
  if (!ok) {
    p.error = std::move(e.message);
    p.error_line = std::max(e.line - 1, 0);
  }
  return p;
}

std::string_view NonogramKind::record_name(const Format& format) noexcept {
  using nonogram::Layout;
  if (format.is(Layout::game_id)) return "nonogram game ID";
  if (format.is(Layout::tournament)) return "nonogram tournament record";
  return format.is(Layout::nin) ? ".nin file" : ".non file";
}

std::vector<SolverInfo> NonogramKind::solvers() {
  return {
      {"nonogram-backtracking",
       "nonograms, naive baseline: row by row over every placement of the runs, columns checked "
       "against the rows so far",
       0, &make_nonogram_backtracking, {}},
      {"nonogram-line",
       "nonograms: exact line solver (bit-mask dynamic program) to a fixpoint, probing, then "
       "search on the tightest row",
       0, &make_nonogram_line, {}},
      {"nonogram-cdcl",
       "nonograms at tournament strength: line logic, probing that learns (both values of every "
       "cell, what both imply kept), then CDCL (CaDiCaL) with blocking clauses to count",
       0, &make_nonogram_cdcl, {}},
  };
}

Probe<NonogramKind::Puzzle, NonogramKind::Known> NonogramKind::probe() {
  constexpr std::string_view kId = "3x3:1/3/1/1/3/1";
  Probe<Puzzle, Known> p;
  std::string error;
  if (!nonogram::parse_id(kId, p.puzzle, error)) throw std::logic_error("the nonogram probe: " + error);
  p.name = "nonogram (" + std::string(kId) + ")";
  return p;
}

}  // namespace puzzle::nonogram
