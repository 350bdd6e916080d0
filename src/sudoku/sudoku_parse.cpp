#include "sudoku/sudoku_parse.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "puzzle/fields.hpp"
#include "puzzle/split_csv.hpp"

namespace puzzle::sudoku {
namespace {

using fields::is_separator;
using fields::next_field;
using fields::parse_uint;
using fields::trim;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// The standard size nearest to a wrong length, for error messages.
int nearest_box(std::size_t len) {
  int best = 3;
  std::size_t best_d = SIZE_MAX;
  for (int b = kMinBox; b <= kMaxBox; ++b) {
    const std::size_t n = static_cast<std::size_t>(b * b * b * b);
    const std::size_t d = n > len ? n - len : len - n;
    if (d < best_d) best_d = d, best = b;
  }
  return best;
}

std::string size_name(int box) { return fmt::format("{0}x{0}", box * box); }

/// Input text shown in a message: control bytes as \xNN and at most about `max` bytes, so that
/// a message stays one short line whatever the input holds (a terminal would obey an escape).
std::string shown(std::string_view s, std::size_t max) {
  std::string out;
  for (char c : s) {
    if (out.size() >= max) return out + "...";
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) out += fmt::format("\\x{:02x}", u);
    else out += c;
  }
  return out;
}

/// Cell symbol tables: value of each byte, 0 for empty, -1 for a bad symbol. One table per
/// alphabet; parsing a line is then one lookup per character.
enum Alphabet { kDigits, kAlpha16, kHex16, kAlpha25, kAlphabets };

constexpr std::array<std::array<int8_t, 256>, kAlphabets> make_symbol_tables() {
  std::array<std::array<int8_t, 256>, kAlphabets> t{};
  for (auto& table : t) {
    for (auto& v : table) v = -1;
    table['.'] = table['_'] = 0;
  }
  for (int c = '1'; c <= '9'; ++c) t[kDigits][c] = t[kAlpha16][c] = static_cast<int8_t>(c - '0');
  t[kDigits]['0'] = t[kAlpha16]['0'] = t[kAlpha25]['0'] = 0;
  for (int i = 0; i < 7; ++i)  // A-G = 10..16
    t[kAlpha16]['A' + i] = t[kAlpha16]['a' + i] = static_cast<int8_t>(10 + i);
  for (int c = '0'; c <= '9'; ++c) t[kHex16][c] = static_cast<int8_t>(c - '0' + 1);
  for (int i = 0; i < 6; ++i)  // A-F = 11..16
    t[kHex16]['A' + i] = t[kHex16]['a' + i] = static_cast<int8_t>(11 + i);
  for (int i = 0; i < 25; ++i)  // A-Y = 1..25
    t[kAlpha25]['A' + i] = t[kAlpha25]['a' + i] = static_cast<int8_t>(1 + i);
  return t;
}
constexpr auto kSymbols = make_symbol_tables();

/// The cells of `in` in alphabet A, as kSymbols[A] gives them, but 16 bytes at a time by
/// arithmetic on byte vectors (GCC's vector extensions: SSE2 at least on x86; a table lookup a
/// byte does not vectorise): the hot path of every run. The tail by the table. False when a
/// symbol is not a cell of this size (kSymbols then names it).
template <Alphabet A>
bool map_cells(const uint8_t* in, std::size_t n, int side, uint8_t* cells) {
  using U8 = uint8_t __attribute__((vector_size(16)));
  const auto mask = [](auto m) { return reinterpret_cast<U8>(m); };  // a comparison's 0 / 0xff
  U8 bad{};
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    U8 c;
    std::memcpy(&c, in + i, 16);
    const U8 digit = c - '0';             // '0'-'9': 0-9
    const U8 letter = (c | 0x20) - 'a';   // A-Z and a-z: 0-25
    const U8 empty = mask(c == '.') | mask(c == '_');
    U8 ok, v;
    if constexpr (A == kDigits) {  // 0 empty, 1-side
      ok = mask(digit <= static_cast<uint8_t>(side));
      v = digit & ok;
    } else if constexpr (A == kAlpha16) {  // 0 empty, 1-9, A-G = 10-16
      const U8 d = mask(digit <= 9), l = mask(letter <= 6);
      ok = d | l;
      v = (digit & d) | ((letter + 10) & l);
    } else if constexpr (A == kHex16) {  // 0-9 = 1-10, A-F = 11-16
      const U8 d = mask(digit <= 9), l = mask(letter <= 5);
      ok = d | l;
      v = ((digit + 1) & d) | ((letter + 11) & l);
    } else {  // kAlpha25: 0 empty, A-Y = 1-25
      const U8 l = mask(letter <= 24);
      ok = mask(digit == 0) | l;
      v = (letter + 1) & l;
    }
    bad |= ~(ok | empty);
    std::memcpy(cells + i, &v, 16);
  }
  uint64_t any[2];
  std::memcpy(any, &bad, sizeof any);
  bool ok = (any[0] | any[1]) == 0;
  for (; i < n; ++i) {
    const int v = kSymbols[A][in[i]];
    ok &= v >= 0 && v <= side;
    cells[i] = static_cast<uint8_t>(v);
  }
  return ok;
}

/// Whether a 16x16 line names a digit G (1-9A-G for sure), and whether it reads as hexadecimal
/// (0-F): it uses 0 and never G.
bool has_g(std::string_view s) {
  return std::memchr(s.data(), 'G', s.size()) != nullptr || std::memchr(s.data(), 'g', s.size()) != nullptr;
}
bool reads_hex(std::string_view s) { return s.find('0') != std::string_view::npos && !has_g(s); }

/// Validity of the givens: a conflict is an error naming the unit and cells.
bool check_givens(Parsed& p, CheckGivens check = CheckGivens::yes) {
  if (check == CheckGivens::no) return true;
  if (auto c = find_conflict(p.puzzle)) {
    p.error = "contradictory givens: " + c->describe(p.puzzle);
    return false;
  }
  return true;
}

/// A known solution from a trailing field, kept only when it is one (a complete grid of the
/// puzzle's size).
bool maybe_solution(std::string_view text, Parsed& p) {
  text = trim(text);
  if (text.size() != static_cast<std::size_t>(p.puzzle.cells())) return false;
  Grid s(p.puzzle.box());
  std::string ignored;
  if (!parse_cells(text, p.puzzle.box(), s, ignored) || !s.complete()) return false;
  p.known.solution = s;
  return true;
}

/// A 16x16 puzzle without `G` is ambiguous on its own: a hexadecimal puzzle whose givens lack
/// `0` reads as 1-9A-G (every digit off by one), and a 1-9A-G puzzle with `0` for empty reads as
/// hexadecimal. A complete solution on the same record is never ambiguous (hexadecimal has a 0,
/// 1-9A-G a G), so it settles the puzzle's alphabet: the puzzle is read again in it.
void settle_alphabet16(std::string_view puzzle, std::string_view solution, Parsed& p) {
  puzzle = trim(puzzle);
  if (p.puzzle.side() != 16 || !p.known.solution || puzzle.size() != 256) return;
  if (has_g(puzzle)) return;  // 1-9A-G for sure
  const bool solution_hex = reads_hex(solution);
  if (solution_hex == reads_hex(puzzle)) return;
  Grid g(4);
  const auto* in = reinterpret_cast<const uint8_t*>(puzzle.data());
  const bool ok = solution_hex ? map_cells<kHex16>(in, puzzle.size(), 16, g.data())
                               : map_cells<kAlpha16>(in, puzzle.size(), 16, g.data());
  if (ok) p.puzzle = g;  // else not a puzzle in that alphabet: keep the first reading
}

/// A puzzle, then maybe fields: `:count:solution` (tdoku), `,solution`, ` solution`, ... Returns
/// false when the first field is not a puzzle (`p.error` says why).
bool parse_line_fields(const Format& f, std::string_view line, CheckGivens check, Parsed& p) {
  line = trim(line);
  const std::size_t end = fields::find_separator(line, 0);
  if (!parse_cells(line.substr(0, end), f.size, p.puzzle, p.error)) return false;
  std::string_view solution_text;
  std::size_t pos = end;
  while (pos < line.size()) {
    const char sep = line[pos];
    const std::string_view field = next_field(line, pos);
    uint64_t count = 0;
    if (sep == ':' && parse_uint(field, count)) p.known.solutions = count;
    else if (maybe_solution(field, p)) solution_text = field;
  }
  settle_alphabet16(line.substr(0, end), solution_text, p);
  check_givens(p, check);
  return true;
}

Parsed parse_line_record(const Format& f, std::string_view line, CheckGivens check) {
  Parsed p;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  // The common case first: exactly one puzzle and nothing else on the line.
  if (box_for_cells(line.size()) != 0 && (f.size == 0 || box_for_cells(line.size()) == f.size) &&
      !is_separator(line.front())) {
    if (parse_cells(line, f.size, p.puzzle, p.error)) {
      check_givens(p, check);
      return p;
    }
    // A puzzle and fields can add up to a puzzle's length (`P:1:` and 171 bytes make 256, a
    // 16x16): read the fields. When that fails too, the whole line's error is the clearer one
    // ("bad character ' ' at column 40" rather than "too long: 39 cells").
    Parsed q;
    return parse_line_fields(f, line, check, q) ? q : p;
  }
  parse_line_fields(f, line, check, p);
  return p;
}

Parsed parse_csv_record(const Format& f, std::string_view line, CheckGivens check) {
  Parsed p;
  thread_local std::vector<std::string_view> fields;  // reused: no allocation per row
  thread_local std::string buffer;
  split_csv(line, fields, buffer);
  if (static_cast<int>(fields.size()) <= f.puzzle_col) {
    p.error = fmt::format("too few CSV fields: {} (the puzzle is column {})", fields.size(),
                          f.puzzle_col + 1);
    return p;
  }
  if (!parse_cells(trim(fields[f.puzzle_col]), f.size, p.puzzle, p.error)) return p;
  if (f.solution_col >= 0 && f.solution_col < static_cast<int>(fields.size()))
    if (maybe_solution(fields[f.solution_col], p))
      settle_alphabet16(fields[f.puzzle_col], fields[f.solution_col], p);
  uint64_t count = 0;
  if (f.count_col >= 0 && f.count_col < static_cast<int>(fields.size()) &&
      parse_uint(fields[f.count_col], count))
    p.known.solutions = count;
  check_givens(p, check);
  return p;
}

/// n lines of n comma-separated cells; a cell is blank/space/`.`/`0` or a number 1..n.
Parsed parse_grid_record(const Format& f, std::string_view text, CheckGivens check) {
  Parsed p;
  std::vector<std::string_view> rows;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = std::min(text.find('\n', start), text.size());
    rows.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  const int box = f.size;
  const int n = box * box;
  p.puzzle = Grid(box);
  if (static_cast<int>(rows.size()) != n) {
    p.error = fmt::format("grid has {} rows, expected {}", rows.size(), n);
    return p;
  }
  for (int r = 0; r < n; ++r) {
    std::string_view row = rows[r];
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    int c = 0;
    std::size_t b = 0;
    while (true) {
      const std::size_t comma = std::min(row.find(',', b), row.size());
      if (c >= n) {
        p.error = fmt::format("grid row {} has more than {} cells", r + 1, n);
        return p;
      }
      const std::string_view cell = trim(row.substr(b, comma - b));
      uint64_t v = 0;
      if (cell.empty() || cell == "." || cell == "0" || cell == "_") v = 0;
      else if (!parse_uint(cell, v) || v > static_cast<uint64_t>(n)) {
        p.error = fmt::format("bad cell '{}' in grid row {}, column {}", shown(cell, 20), r + 1, c + 1);
        return p;
      }
      p.puzzle.set(r * n + c, static_cast<int>(v));
      ++c;
      if (comma == row.size()) break;
      b = comma + 1;
    }
    if (c != n) {
      p.error = fmt::format("grid row {} has {} cells, expected {}", r + 1, c, n);
      return p;
    }
  }
  check_givens(p, check);
  return p;
}

constexpr std::array<std::string_view, 8> kPuzzleNames = {"puzzle", "quizzes", "quiz", "grid",
                                                          "sudoku", "problem", "question", "puzzles"};
constexpr std::array<std::string_view, 4> kSolutionNames = {"solution", "solutions", "answer",
                                                            "solved"};
constexpr std::array<std::string_view, 4> kCountNames = {"solution_count", "solutions_count",
                                                         "count", "n_solutions"};

template <std::size_t N>
bool one_of(const std::string& s, const std::array<std::string_view, N>& names) {
  return std::find(names.begin(), names.end(), s) != names.end();
}

}  // namespace

bool parse_cells(std::string_view text, int box, Grid& out, std::string& error) {
  const int want = box != 0 ? box : box_for_cells(text.size());
  if (want == 0 || static_cast<std::size_t>(want * want * want * want) != text.size()) {
    // A whole puzzle of another size, where the caller fixed the size (`solve --size`, `rate`).
    if (const int other = box_for_cells(text.size()); box != 0 && other != 0) {
      error = fmt::format("a {} puzzle ({} cells), where only {} puzzles are taken", size_name(other),
                          text.size(), size_name(box));
      return false;
    }
    const int b = box != 0 ? box : nearest_box(text.size());
    const std::size_t need = static_cast<std::size_t>(b * b * b * b);
    error = fmt::format("too {}: {} cells, a {} puzzle has {}", text.size() < need ? "short" : "long",
                        text.size(), size_name(b), need);
    return false;
  }
  const int side = want * want;
  Alphabet alphabet = side <= 9 ? kDigits : side == 25 ? kAlpha25 : kAlpha16;
  const auto* in = reinterpret_cast<const uint8_t*>(text.data());
  const std::size_t n = text.size();
  if (side == 16 && reads_hex(text)) alphabet = kHex16;
  const auto& table = kSymbols[alphabet];
  out.reshape(want);  // every cell is written below
  uint8_t* cells = out.data();
  const bool bad = alphabet == kDigits  ? !map_cells<kDigits>(in, n, side, cells)
                   : alphabet == kAlpha16 ? !map_cells<kAlpha16>(in, n, side, cells)
                   : alphabet == kHex16   ? !map_cells<kHex16>(in, n, side, cells)
                                          : !map_cells<kAlpha25>(in, n, side, cells);
  if (!bad) return true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int v = table[static_cast<unsigned char>(text[i])];
    if (v >= 0 && v <= side) continue;
    const unsigned char c = static_cast<unsigned char>(text[i]);
    error = std::isprint(c) ? fmt::format("bad character '{}' at column {}", text[i], i + 1)
                            : fmt::format("bad character (byte 0x{:02x}) at column {}", c, i + 1);
    return false;
  }
  return true;
}

Parsed parse_record(const Format& format, std::string_view record, CheckGivens check) {
  if (format.kind != PuzzleKind::sudoku) {
    Parsed p;
    p.error = fmt::format("a {}, not a Sudoku", puzzle::Kinds::name(format.kind));
    return p;
  }
  if (format.is(SudokuLayout::csv)) return parse_csv_record(format, record, check);
  if (format.is(SudokuLayout::grid)) return parse_grid_record(format, record, check);
  Parsed p = parse_line_record(format, record, check);
  if (p.error.empty()) return p;
  // Only on the error path: a one-line record of another kind (the file's kind is its first's).
  if (Format other; puzzle::Kinds::claim(trim(record), other) && other.single_line())
    p.error = fmt::format("a {} in a file of Sudoku puzzles (the first data line decides the kind)",
                          puzzle::Kinds::record_name(other));
  return p;
}

bool SudokuFiles::detect(std::string_view line, Format& out, std::string& error) {
  out.kind = PuzzleKind::sudoku;
  // The n-line comma grid: n-1 commas, every field at most two characters.
  const auto commas = static_cast<int>(std::count(line.begin(), line.end(), ','));
  if (const int b = commas + 1; b == 4 || b == 9 || b == 16 || b == 25) {
    bool cells = true;
    std::size_t start = 0;
    while (start <= line.size()) {
      const std::size_t comma = std::min(line.find(',', start), line.size());
      if (trim(line.substr(start, comma - start)).size() > 2) cells = false;
      start = comma + 1;
    }
    const int gb = b == 4 ? 2 : b == 9 ? 3 : b == 16 ? 4 : 5;
    if (cells && (out.size == 0 || out.size == gb)) {
      out.set(SudokuLayout::grid);
      out.record_lines = gb * gb;
      out.size = gb;
      return true;
    }
  }
  // A CSV header: some field is a known column name and no field is a puzzle.
  std::vector<std::string_view> fields;
  std::string buffer;
  split_csv(line, fields, buffer);
  bool header = false;
  int puzzle_col = -1;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string name = lower(trim(fields[i]));
    if (one_of(name, kPuzzleNames) && puzzle_col < 0) puzzle_col = static_cast<int>(i), header = true;
    else if (one_of(name, kCountNames)) out.count_col = static_cast<int>(i), header = true;
    else if (one_of(name, kSolutionNames) && out.solution_col < 0) out.solution_col = static_cast<int>(i), header = true;
    else if (name == "id" || name == "clues" || name == "difficulty" || name == "rating" || name == "se_rating") header = true;
  }
  if (header) {
    if (puzzle_col < 0) {
      error = fmt::format("CSV header '{}' has no puzzle column (expected one of: puzzle, quizzes, ...)",
                          shown(line, 80));
      return false;
    }
    out.set(SudokuLayout::csv);
    out.header = true;
    out.puzzle_col = puzzle_col;
    out.columns = static_cast<int>(fields.size());
    return true;
  }
  return true;  // SudokuLayout::lines
}

Record<SudokuKind> SudokuFiles::parse(const Format& format, std::string_view record) {
  return parse_record(format, record, CheckGivens::no);
}

std::string_view SudokuFiles::record_name(const Format& format) noexcept {
  return format.is(SudokuLayout::csv) ? "Sudoku CSV row" : format.is(SudokuLayout::grid) ? "Sudoku grid" : "Sudoku line";
}

SizeOption SudokuFiles::size_option() noexcept {
  static constexpr int kSides[] = {4, 9, 16, 25};
  static_assert(std::size(kSides) == kMaxBox - kMinBox + 1);
  return {"Grid side (4, 9, 16 or 25) when every line must be that size; default: from each line's length",
          kSides, [](int side) { return box_for_cells(static_cast<std::size_t>(side) * side); }};
}

}  // namespace puzzle::sudoku
