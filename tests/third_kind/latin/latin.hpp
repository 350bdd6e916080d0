#pragma once
// The Latin square's row of the table of kinds: the concerns the core needs of every kind
// (kinds.hpp: identity, judge, files, solvers) and no other. A file of them: one a line,
// `latin:` then the n*n cells, `.` empty.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "latin/square.hpp"
#include "puzzle/format.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::latin {

struct Known {};

struct LatinKind {
  static constexpr PuzzleKind id = PuzzleKind::latin;
  static constexpr std::string_view name = "latin";
  static constexpr std::string_view plural = "Latin squares";
  static constexpr std::string_view default_solver = "latin-backtracking";
  using Puzzle = Square;
  using Solution = Square;
  using Known = latin::Known;

  static std::optional<std::string> size_refused(const Puzzle&, const SolverInfo&) { return std::nullopt; }
  static uint16_t clues(const Puzzle& p) noexcept;
  static std::optional<std::string> contradiction(const Puzzle& p);
  static std::optional<std::string> verify(const Puzzle& p, const Result& r, uint64_t limit, const Known&);
  static const Solution& solution(const Answer& a) noexcept;
  static std::string text(const Solution& s);

  static bool detect(std::string_view line, Format& out);
  static Record<LatinKind> parse(const Format& format, std::string_view record);
  static std::string_view record_name(const Format&) noexcept { return "Latin square line"; }

  static std::vector<SolverInfo> solvers();
};

}  // namespace puzzle::latin
