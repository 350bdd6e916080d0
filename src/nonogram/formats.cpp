#include "nonogram/formats.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

namespace puzzle::nonogram {

bool detect_format(std::string_view line, Format& out) {
  long number = 0;
  Layout layout = Layout::game_id;
  if (looks_like_id(line)) layout = Layout::game_id;
  else if (tournament_header(line, number)) layout = Layout::tournament;
  else if (looks_like_non(line)) layout = Layout::non;
  else if (looks_like_nin(line)) layout = Layout::nin;
  else return false;
  out.kind = PuzzleKind::nonogram;
  out.set(layout);
  switch (layout) {
    case Layout::game_id: break;
    case Layout::tournament:
      out.extent = Format::Extent::until_start;
      out.starts_record = [](std::string_view l) {
        long n = 0;
        return tournament_header(l, n);
      };
      break;
    case Layout::non:
    case Layout::nin: out.extent = Format::Extent::rest; break;
  }
  return true;
}
namespace {

bool ascii_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool space(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

/// Text from a file for a message: at most 20 characters, each printable (printable()).
std::string shown(std::string_view s) {
  std::string out;
  for (const char c : s.substr(0, 20)) out += printable(c);
  return s.size() > 20 ? out + "..." : out;
}

/// The next line of `text` from `pos` (without its '\n'), `pos` moved past it.
std::string_view next_line(std::string_view text, std::size_t& pos) noexcept {
  const std::size_t end = std::min(text.find('\n', pos), text.size());
  const std::string_view line = text.substr(pos, end - pos);
  pos = end + 1;
  return line;
}

/// A line and its number within the record (1-based).
struct Line {
  std::string_view text;
  int number = 0;
};

/// The digits at s[pos..] as a number (saturated far above any side: a huge run is reported
/// as too long, never wrapped).
long read_number(std::string_view s, std::size_t& pos) noexcept {
  long v = 0;
  for (; pos < s.size() && ascii_digit(s[pos]); ++pos) v = std::min(v * 10 + (s[pos] - '0'), 1'000'000'000L);
  return v;
}

/// Reads one clue line (runs separated by tabs, spaces or commas; `0` alone, or nothing, for
/// an empty line) into the builder's current line `i`.
bool read_clue(std::string_view text, ClueBuilder& clues, const Puzzle& p, int i, std::string& error) {
  clues.begin_line();
  std::size_t pos = 0;
  int runs = 0;
  bool zero = false;
  while (true) {
    while (pos < text.size() && (space(text[pos]) || text[pos] == ',')) ++pos;
    if (pos >= text.size()) break;
    if (!ascii_digit(text[pos])) {
      error = fmt::format("bad character '{}' in the clue of {}", printable(text[pos]), line_name(p, i));
      return false;
    }
    const std::size_t start = pos;
    const long v = read_number(text, pos);
    if (pos < text.size() && letter(text[pos])) {
      error = fmt::format("{}: colour clue '{}{}': only black-and-white nonograms are read",
                          line_name(p, i), shown(text.substr(start, pos - start)), text[pos]);
      return false;
    }
    if (pos < text.size() && !space(text[pos]) && text[pos] != ',') {
      error = fmt::format("bad character '{}' in the clue of {}", printable(text[pos]), line_name(p, i));
      return false;
    }
    if (v == 0) {
      zero = true;
    } else {
      ++runs;
      if (!clues.add_run(v, error)) return false;
    }
    if (zero && runs > 0) {
      error = fmt::format("{}: a run of 0 cells among others", line_name(p, i));
      return false;
    }
  }
  return clues.end_line(error);
}

/// Builds `out` (w x h) from the clue lines of its columns then its rows; the error's line is
/// the clue's (or `whole`, for the totals).
bool build(int w, int h, const std::vector<Line>& columns, const std::vector<Line>& rows, int whole,
           Puzzle& out, FormatError& error) {
  ClueBuilder clues(out, w, h);
  for (int i = 0; i < w + h; ++i) {
    const Line& l = i < w ? columns[i] : rows[i - w];
    if (!read_clue(l.text, clues, out, i, error.message)) {
      error.line = l.number;
      return false;
    }
  }
  if (!clues.finish(error.message)) {
    error.line = whole;
    return false;
  }
  return true;
}

/// The lines after a record's header, blank lines at its end dropped.
std::vector<Line> body_lines(std::string_view text, std::size_t pos) {
  std::vector<Line> lines;
  for (int number = 2; pos < text.size(); ++number)
    lines.push_back({next_line(text, pos), number});
  while (!lines.empty() && trim(lines.back().text).empty()) lines.pop_back();
  return lines;
}

}  // namespace

bool tournament_header(std::string_view line, long& number) noexcept {
  line = trim(line);
  if (line.size() < 2 || line[0] != '$') return false;
  std::size_t pos = 1;
  number = read_number(line, pos);
  return pos == line.size();
}

bool parse_tournament(std::string_view text, Puzzle& out, long& number, FormatError& error) {
  out = Puzzle{};
  std::size_t pos = 0;
  const std::string_view header = next_line(text, pos);
  if (!tournament_header(header, number)) {
    error = {1, "expected a record header $N (the tournament format: $N, then the column clues, "
                "then the row clues)"};
    return false;
  }
  const std::vector<Line> lines = body_lines(text, pos);
  const std::size_t n = lines.size() / 2;
  if (lines.empty() || lines.size() % 2 != 0 || n > static_cast<std::size_t>(kMaxSide)) {
    error = {1, fmt::format("${}: {} clue lines; a record holds 2n (n columns, then n rows, "
                            "n = 1..{})", number, lines.size(), kMaxSide)};
    return false;
  }
  const std::vector<Line> columns(lines.begin(), lines.begin() + static_cast<long>(n));
  const std::vector<Line> rows(lines.begin() + static_cast<long>(n), lines.end());
  return build(static_cast<int>(n), static_cast<int>(n), columns, rows, 1, out, error);
}

bool parse_tournament_solution(std::string_view text, int width, int height, Picture& out,
                               long& number, FormatError& error) {
  std::size_t pos = 0;
  if (!tournament_header(next_line(text, pos), number)) {
    error = {1, "expected a solution header $N"};
    return false;
  }
  const std::vector<Line> lines = body_lines(text, pos);
  if (lines.size() != static_cast<std::size_t>(height)) {
    error = {1, fmt::format("${}: {} rows, the puzzle has {}", number, lines.size(), height)};
    return false;
  }
  Picture pic(width, height);
  for (int r = 0; r < height; ++r) {
    const std::string_view row = lines[r].text;
    int c = 0;
    for (const char ch : row) {
      if (space(ch) || ch == ',') continue;
      if ((ch != '0' && ch != '1') || c >= width) {
        error = {lines[r].number, ch != '0' && ch != '1'
                                      ? fmt::format("bad character '{}' in row {} of a solution", printable(ch), r + 1)
                                      : fmt::format("row {} of a solution has more than {} cells", r + 1, width)};
        return false;
      }
      if (ch == '1') pic.set(r, c);
      ++c;
    }
    if (c != width) {
      error = {lines[r].number, fmt::format("row {} of a solution has {} cells, the puzzle {}", r + 1, c, width)};
      return false;
    }
  }
  out = std::move(pic);
  return true;
}

std::vector<TournamentRecord> tournament_records(std::string_view text) {
  std::vector<TournamentRecord> out;
  std::size_t pos = 0, start = 0;
  int number = 0, start_line = 1;
  bool open = false;  // lines since `start` belong to a record
  long n = 0;
  while (pos < text.size()) {
    const std::size_t at = pos;
    const std::string_view line = next_line(text, pos);
    ++number;
    const bool header = tournament_header(line, n);
    if (header || (!open && !trim(line).empty())) {
      if (open) out.push_back({text.substr(start, at - start), start_line});
      start = at, start_line = number, open = true;
    }
  }
  if (open) out.push_back({text.substr(start), start_line});
  return out;
}

bool looks_like_non(std::string_view line) noexcept {
  line = trim(line);
  std::size_t end = 0;
  while (end < line.size() && letter(line[end])) ++end;
  if (end == 0 || (end < line.size() && !space(line[end]))) return false;
  std::string word(line.substr(0, end));
  std::transform(word.begin(), word.end(), word.begin(), [](char c) { return static_cast<char>(c | 0x20); });
  for (const char* k : {"width", "height", "rows", "columns", "catalogue", "title", "by", "copyright",
                        "license", "maxrule", "goal"})
    if (word == k) return true;
  return false;
}

bool parse_non(std::string_view text, Puzzle& out, Known& known, FormatError& error) {
  out = Puzzle{};
  known = Known{};
  long width = -1, height = -1;
  int width_line = 0, height_line = 0;
  std::vector<Line> rows, columns;
  int rows_line = 0, columns_line = 0;
  std::optional<Line> goal;
  std::vector<Line>* block = nullptr;  // the clues being read
  long block_left = 0;
  const char* block_name = "";
  std::size_t pos = 0;
  int number = 0;
  auto fail = [&](int line, std::string message) {
    error = {line, std::move(message)};
    return false;
  };
  while (pos < text.size()) {
    const std::string_view line = trim(next_line(text, pos));
    ++number;
    if (line.empty()) continue;  // blank lines are skipped everywhere, within clues too
    if (block_left > 0) {
      if (letter(line[0]))
        return fail(number, fmt::format("{}: {} clues before this line, {} expected (an empty line's "
                                        "clue is 0)", block_name, block->size(), block->size() + block_left));
      block->push_back({line, number});
      --block_left;
      continue;
    }
    std::size_t end = 0;
    while (end < line.size() && letter(line[end])) ++end;
    if (end == 0)
      return fail(number, ascii_digit(line[0]) ? "a clue outside the rows and columns blocks"
                                         : fmt::format("bad character '{}' at the start of a line", printable(line[0])));
    std::string word(line.substr(0, end));
    std::transform(word.begin(), word.end(), word.begin(), [](char c) { return static_cast<char>(c | 0x20); });
    const std::string_view value = trim(line.substr(end));
    const bool is_rows = word == "rows" || word == "height";
    const bool is_columns = word == "columns" || word == "width";
    if ((is_rows || is_columns) && !value.empty()) {  // `width 25`, `rows 25`
      std::size_t p = 0;
      const long v = read_number(value, p);
      if (p != value.size() || p == 0) return fail(number, fmt::format("{}: not a number: {}", word, shown(value)));
      long& side = is_rows ? height : width;
      if (side >= 0) return fail(number, fmt::format("the {} is given twice", is_rows ? "height" : "width"));
      side = v;
      (is_rows ? height_line : width_line) = number;
      if (v < 1 || v > kMaxSide)
        return fail(number, fmt::format("{} {}: each side must be 1..{}", is_rows ? "height" : "width", v, kMaxSide));
    } else if (word == "rows" || word == "columns") {  // a block of clues
      const bool r = word == "rows";
      const long side = r ? height : width;
      if (side < 0) return fail(number, fmt::format("{} before the {}", word, r ? "height" : "width"));
      std::vector<Line>& b = r ? rows : columns;
      if (!b.empty()) return fail(number, fmt::format("the {} clues are given twice", r ? "row" : "column"));
      (r ? rows_line : columns_line) = number;
      block = &b, block_left = side, block_name = r ? "rows" : "columns";
    } else if (word == "goal") {
      goal = Line{value, number};
    } else if (word == "color" || word == "colour") {
      return fail(number, "a colour nonogram: only black-and-white nonograms are read");
    }
    // Anything else is a property (title, by, copyright, catalogue, license, maxrule, ...).
  }
  if (block_left > 0)
    return fail(number, fmt::format("{}: {} clues, {} expected", block_name, block->size(), block->size() + block_left));
  if (width < 0 || height < 0) return fail(1, fmt::format("no {} line (width W, height H)", width < 0 ? "width" : "height"));
  if (rows_line == 0 || columns_line == 0) return fail(1, fmt::format("no {} clues", rows_line == 0 ? "row" : "column"));
  if (!build(static_cast<int>(width), static_cast<int>(height), columns, rows, std::max(width_line, height_line), out, error))
    return false;
  if (goal) {
    std::string_view g = goal->text;
    if (g.size() >= 2 && (g.front() == '"' || g.front() == '\'') && g.back() == g.front()) g = g.substr(1, g.size() - 2);
    Picture pic;
    if (!parse_picture(g, out.width, out.height, pic))
      return fail(goal->number, fmt::format("goal: {} cells of 0 and 1 expected (the picture row by row)",
                                            out.width * out.height));
    known.solution = std::move(pic);
  }
  return true;
}

bool looks_like_nin(std::string_view line) noexcept {
  line = trim(line);
  std::size_t pos = 0;
  while (pos < line.size() && ascii_digit(line[pos])) ++pos;
  if (pos == 0 || pos >= line.size() || !space(line[pos])) return false;
  while (pos < line.size() && space(line[pos])) ++pos;
  const std::size_t h = pos;
  while (pos < line.size() && ascii_digit(line[pos])) ++pos;
  return pos > h && pos == line.size();
}

bool parse_nin(std::string_view text, Puzzle& out, FormatError& error) {
  out = Puzzle{};
  std::size_t pos = 0;
  int number = 0;
  std::string_view header;  // the first line that is not blank
  while (pos < text.size() && header.empty()) {
    header = trim(next_line(text, pos));
    ++number;
  }
  if (!looks_like_nin(header)) {
    error = {std::max(number, 1), header.empty() ? std::string("an empty file (a .nin file starts with its size: W H)")
                                                 : fmt::format("expected the size W H (a .nin file), not {}", shown(header))};
    return false;
  }
  std::size_t p = 0;
  const long w = read_number(header, p);
  while (p < header.size() && space(header[p])) ++p;
  const long h = read_number(header, p);
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide) {
    error = {number, fmt::format("nonogram of {}x{}: each side must be 1..{}", w, h, kMaxSide)};
    return false;
  }
  const int header_line = number;
  std::vector<Line> rows, columns;
  while (pos < text.size()) {
    const std::string_view line = next_line(text, pos);
    ++number;
    if (rows.size() < static_cast<std::size_t>(h)) rows.push_back({line, number});
    else if (columns.size() < static_cast<std::size_t>(w)) columns.push_back({line, number});
    else if (!trim(line).empty()) {
      error = {number, fmt::format("more than {} clue lines ({} rows, then {} columns)", w + h, h, w)};
      return false;
    }
  }
  if (columns.size() < static_cast<std::size_t>(w)) {
    error = {number, fmt::format("{} clue lines, {} expected ({} rows, then {} columns; an empty line's clue is 0)",
                                 rows.size() + columns.size(), w + h, h, w)};
    return false;
  }
  return build(static_cast<int>(w), static_cast<int>(h), columns, rows, header_line, out, error);
}

}  // namespace puzzle::nonogram
