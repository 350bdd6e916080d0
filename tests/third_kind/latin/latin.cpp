#include "latin/latin.hpp"

#include <fmt/format.h>

#include "puzzle/kinds.hpp"

namespace puzzle::latin {
namespace {

constexpr std::string_view kPrefix = "latin:";

/// The first cell of `p` whose symbol repeats one before it in its row or column, as a message.
std::optional<std::string> repeat(const Square& p) {
  for (int r = 0; r < p.n; ++r)
    for (int c = 0; c < p.n; ++c) {
      const int v = p.at(r, c);
      if (v == 0) continue;
      for (int k = 0; k < c; ++k)
        if (p.at(r, k) == v) return fmt::format("symbol {} twice in row {}", v, r + 1);
      for (int k = 0; k < r; ++k)
        if (p.at(k, c) == v) return fmt::format("symbol {} twice in column {}", v, c + 1);
    }
  return std::nullopt;
}

/// Backtracking on bitmasks of the symbols used in each row and column: the first empty cell,
/// its symbols in increasing order. Counts solutions up to the limit, keeps the first.
class Backtracking final : public SolverOf<Backtracking, Square> {
 public:
  Result solve_one(const Square& p, const Limits& limits) {
    grid_ = p;
    rows_.fill(0), cols_.fill(0);
    for (int r = 0; r < p.n; ++r)
      for (int c = 0; c < p.n; ++c)
        if (const int v = p.at(r, c); v != 0) {
          if (((rows_[r] | cols_[c]) >> v) & 1u) return result_of(Status::invalid);
          rows_[r] |= 1u << v, cols_[c] |= 1u << v;
        }
    Result out;
    limit_ = limits.wanted();
    budget_ = limits.budget == 0 ? UINT64_MAX : limits.budget;
    found_ = 0;
    out_ = &out;
    const bool finished = search(0);
    out.solutions = found_;
    out.status = status_for(found_, limit_, !finished);
    return out;
  }

 private:
  /// False when the budget ran out.
  bool search(int from) {
    int cell = from;
    while (cell < grid_.n * grid_.n && grid_.cells[cell] != 0) ++cell;
    if (cell == grid_.n * grid_.n) {
      if (found_++ == 0) out_->answer = grid_;
      return true;
    }
    const int r = cell / grid_.n, c = cell % grid_.n;
    const unsigned open = ~(rows_[r] | cols_[c]);
    int options = 0;
    for (int v = 1; v <= grid_.n; ++v) options += (open >> v) & 1u;
    for (int v = 1; v <= grid_.n && found_ < limit_; ++v) {
      if (!((open >> v) & 1u)) continue;
      if (++out_->work.nodes > budget_) return false;
      if (options > 1) ++out_->work.guesses;
      grid_.cells[cell] = static_cast<uint8_t>(v);
      rows_[r] |= 1u << v, cols_[c] |= 1u << v;
      const bool ok = search(cell + 1);
      rows_[r] &= ~(1u << v), cols_[c] &= ~(1u << v);
      grid_.cells[cell] = 0;
      if (!ok) return false;
    }
    if (found_ == 0) ++out_->work.backtracks;
    return true;
  }

  Square grid_;
  std::array<unsigned, 9> rows_{}, cols_{};
  uint64_t limit_ = 1, budget_ = 0, found_ = 0;
  Result* out_ = nullptr;
};

}  // namespace

uint16_t LatinKind::clues(const Puzzle& p) noexcept {
  uint16_t n = 0;
  for (int i = 0; i < p.n * p.n; ++i) n += p.cells[i] != 0;
  return n;
}

std::optional<std::string> LatinKind::contradiction(const Puzzle& p) { return repeat(p); }

std::optional<std::string> LatinKind::verify(const Puzzle& p, const Result& r, uint64_t limit, const Known&) {
  const bool found = r.status == Status::solved || r.status == Status::unique || r.status == Status::multiple;
  if (!found) return r.status == Status::invalid && !repeat(p) ? std::optional<std::string>("invalid without a repeat") : std::nullopt;
  const Square& s = solution(r.answer);
  if (s.n != p.n) return "no square of the puzzle's side";
  for (int i = 0; i < p.n * p.n; ++i) {
    if (s.cells[i] < 1 || s.cells[i] > p.n) return fmt::format("cell {} is not a symbol", i + 1);
    if (p.cells[i] != 0 && s.cells[i] != p.cells[i]) return fmt::format("cell {} changes a given", i + 1);
  }
  if (auto why = repeat(s)) return why;
  if (r.solutions == 0) return "status says solved but no solution is reported";
  (void)limit;  // a file of Latin squares knows no count
  return std::nullopt;
}

const LatinKind::Solution& LatinKind::solution(const Answer& a) noexcept {
  static const Square none;
  const Square* s = a.get<Square>();
  return s != nullptr ? *s : none;
}

std::string LatinKind::text(const Solution& s) {
  std::string out;
  for (int i = 0; i < s.n * s.n; ++i) out += static_cast<char>('0' + s.cells[i]);
  return out;
}

bool LatinKind::detect(std::string_view line, Format& out) {
  if (!line.starts_with(kPrefix)) return false;
  out.kind = id;
  return true;
}

Record<LatinKind> LatinKind::parse(const Format&, std::string_view record) {
  Record<LatinKind> p;
  if (!record.starts_with(kPrefix)) {
    p.error = "not a Latin square line (latin:CELLS)";
    return p;
  }
  const std::string_view cells = record.substr(kPrefix.size());
  int n = 2;
  while (n <= 9 && static_cast<std::size_t>(n * n) != cells.size()) ++n;
  if (n > 9) {
    p.error = fmt::format("{} cells: a Latin square of side 2 to 9 has n*n", cells.size());
    return p;
  }
  p.puzzle.n = n;
  for (int i = 0; i < n * n; ++i) {
    const char ch = cells[i];
    if (ch == '.') continue;
    if (ch < '1' || ch > '0' + n) {
      p.error = fmt::format("bad symbol '{}' at cell {}", ch, i + 1);
      return p;
    }
    p.puzzle.cells[i] = static_cast<uint8_t>(ch - '0');
  }
  return p;
}

std::vector<SolverInfo> LatinKind::solvers() {
  return {{"latin-backtracking", "backtracking on the symbols of each row and column", 0,
           SolverInfo::PerThread([] { return std::make_unique<Backtracking>(); })}};
}

}  // namespace puzzle::latin
