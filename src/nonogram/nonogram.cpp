#include "nonogram/nonogram.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>

#include <fmt/format.h>

namespace puzzle::nonogram {
namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

/// A decimal number at text[pos..]; false when there is none or it is absurdly large.
bool read_number(std::string_view text, std::size_t& pos, int& v) {
  const std::size_t b = pos;
  while (pos < text.size() && digit(text[pos])) ++pos;
  if (pos == b || pos - b > 6) return false;
  std::from_chars(text.data() + b, text.data() + pos, v);
  return true;
}

}  // namespace

std::string printable(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::isprint(u) ? std::string(1, c) : fmt::format("\\x{:02x}", u);
}

bool looks_like_id(std::string_view t) noexcept {
  std::size_t i = 0;
  while (i < t.size() && digit(t[i])) ++i;
  if (i == 0 || i >= t.size() || (t[i] != 'x' && t[i] != 'X')) return false;
  const std::size_t j = ++i;
  while (i < t.size() && digit(t[i])) ++i;
  return i > j && i < t.size() && (t[i] == ':' || t[i] == '#');
}

ClueBuilder::ClueBuilder(Puzzle& out, int width, int height) : p_(out) {
  p_ = Puzzle{};
  p_.width = width, p_.height = height;
  p_.first.reserve(static_cast<std::size_t>(p_.lines()) + 1);
}

bool ClueBuilder::too_long(long len, std::string& error) const {
  error = fmt::format("{}: run of {} cells, the {} has {}", line_name(p_, line_), len,
                      line_ < p_.width ? "column" : "row", n_);
  return false;
}

bool ClueBuilder::too_many(std::string& error) const {
  const auto runs = std::span<const uint8_t>(p_.runs).subspan(p_.first.back());
  error = fmt::format("{}: clue {} needs {} cells, the {} has {}", line_name(p_, line_),
                      clue_text(runs), need_, line_ < p_.width ? "column" : "row", n_);
  return false;
}

bool ClueBuilder::finish(std::string& error) {
  p_.first.push_back(static_cast<uint16_t>(p_.runs.size()));
  if (totals_[0] != totals_[1]) {
    error = fmt::format("the column clues shade {} cells, the row clues {}", totals_[0], totals_[1]);
    return false;
  }
  return true;
}

std::string clue_text(std::span<const uint8_t> runs) {
  std::string s;
  for (std::size_t j = 0; j < runs.size(); ++j) s += fmt::format("{}{}", j ? "." : "", runs[j]);
  return s.empty() ? "0" : s;
}

std::string line_name(const Puzzle& p, int i) {
  return i < p.width ? fmt::format("column {}", i + 1) : fmt::format("row {}", i - p.width + 1);
}

bool parse_id(std::string_view text, Puzzle& out, std::string& error) {
  out = Puzzle{};
  std::size_t pos = 0;
  int w = 0, h = 0;
  if (!read_number(text, pos, w) || pos >= text.size() || (text[pos] != 'x' && text[pos] != 'X') ||
      !read_number(text, ++pos, h) || pos >= text.size() || (text[pos] != ':' && text[pos] != '#')) {
    error = "not a nonogram game ID (expected WxH:clues, as sgt-pattern --generate prints)";
    return false;
  }
  if (text[pos] == '#') {
    error = "a random-seed game ID (WxH#seed): give the puzzle's description, WxH:clues";
    return false;
  }
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide) {
    error = fmt::format("nonogram of {}x{}: each side must be 1..{}", w, h, kMaxSide);
    return false;
  }
  ++pos;  // ':'
  ClueBuilder clues(out, w, h);
  const int lines = w + h;
  for (int i = 0; i < lines; ++i) {
    clues.begin_line();
    if (pos < text.size() && digit(text[pos])) {
      while (true) {
        int v = 0;
        if (!read_number(text, pos, v)) {
          error = fmt::format("{}: run of more than {} cells", line_name(out, i), kMaxSide);
          return false;
        }
        if (v > 0) {
          if (!clues.add_run(v, error)) return false;
        } else if (pos < text.size() && text[pos] == '.') {
          error = fmt::format("{}: a run of 0 cells among others", line_name(out, i));
          return false;
        }
        if (pos < text.size() && text[pos] == '.' && pos + 1 < text.size() && digit(text[pos + 1])) {
          ++pos;
          continue;
        }
        break;
      }
    }
    if (!clues.end_line(error)) return false;
    if (i + 1 < lines) {
      if (pos >= text.size()) {
        error = fmt::format("{} clues for {} columns and {} rows ({} expected)", i + 1, w, h, lines);
        return false;
      }
      if (text[pos] != '/') {
        error = fmt::format("bad character '{}' in the clue of {}", printable(text[pos]), line_name(out, i));
        return false;
      }
      ++pos;
    }
  }
  if (pos < text.size()) {
    error = text[pos] == '/'
                ? fmt::format("more than {} clues for {} columns and {} rows", lines, w, h)
                : fmt::format("bad character '{}' after the last clue", printable(text[pos]));
    return false;
  }
  return clues.finish(error);
}

std::string to_id(const Puzzle& p) {
  // By hand, not one fmt::format per number: the generator writes one ID per item, and fmt's
  // calls were about 15% of a line-solvable 15x15 item's time (perf, --fill 0.65).
  std::string s = fmt::format("{}x{}:", p.width, p.height);
  s.reserve(s.size() + p.runs.size() * 3 + static_cast<std::size_t>(p.lines()));
  for (int i = 0; i < p.lines(); ++i) {
    if (i > 0) s += '/';
    const auto runs = p.line(i);
    for (std::size_t j = 0; j < runs.size(); ++j) {
      if (j > 0) s += '.';
      if (runs[j] >= 10) s += static_cast<char>('0' + runs[j] / 10);
      s += static_cast<char>('0' + runs[j] % 10);
    }
  }
  return s;
}

std::string to_text(const Picture& p) {
  std::string s;
  s.reserve(static_cast<std::size_t>(p.width * p.height));
  for (int r = 0; r < p.height; ++r)
    for (int c = 0; c < p.width; ++c) s += p.at(r, c) ? '#' : '.';
  return s;
}

bool parse_picture(std::string_view text, int width, int height, Picture& out) {
  if (text.size() != static_cast<std::size_t>(width * height)) return false;
  Picture p(width, height);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '#' || c == '1') p.set(static_cast<int>(i) / width, static_cast<int>(i) % width);
    else if (c != '.' && c != '0') return false;
  }
  out = std::move(p);
  return true;
}

namespace {
template <class M>
M column_mask(const Picture& p, int c) {
  M m = 0;
  for (int r = 0; r < p.height; ++r)
    if (p.at(r, c)) m |= bit<M>(r);
  return m;
}
}  // namespace

Puzzle clues_of(const Picture& p) {
  Puzzle q;
  clues_of(p, q);
  return q;
}

void clues_of(const Picture& p, Puzzle& q) {
  q.width = p.width, q.height = p.height;
  q.runs.clear();
  q.first.clear();
  with_mask_for(std::max(p.width, p.height), [&](auto zero) {
    using M = decltype(zero);
    for (int i = 0; i < q.lines(); ++i) {
      q.first.push_back(static_cast<uint16_t>(q.runs.size()));
      if (i < p.width) runs_of(column_mask<M>(p, i), p.height, q.runs);
      else runs_of(p.row<M>(i - p.width), p.width, q.runs);
    }
  });
  q.first.push_back(static_cast<uint16_t>(q.runs.size()));
}

std::optional<std::string> check_picture(const Puzzle& puzzle, const Picture& answer) {
  if (answer.width != puzzle.width || answer.height != puzzle.height || answer.stride != (answer.width + 63) / 64 ||
      answer.words.size() != static_cast<std::size_t>(answer.height) * static_cast<std::size_t>(answer.stride))
    return fmt::format("answer is {}x{}, the puzzle {}x{}", answer.width, answer.height,
                       puzzle.width, puzzle.height);
  return with_mask_for(std::max(answer.width, answer.height), [&](auto zero) -> std::optional<std::string> {
    using M = decltype(zero);
    std::vector<uint8_t> runs;
    for (int r = 0; r < answer.height; ++r)
      if (answer.row<M>(r) & ~full<M>(answer.width)) return fmt::format("answer shades a cell outside row {}", r + 1);
    for (int i = 0; i < puzzle.lines(); ++i) {
      runs.clear();
      if (i < puzzle.width) runs_of(column_mask<M>(answer, i), answer.height, runs);
      else runs_of(answer.row<M>(i - puzzle.width), answer.width, runs);
      const auto want = puzzle.line(i);
      if (!std::equal(runs.begin(), runs.end(), want.begin(), want.end()))
        return fmt::format("answer's {} reads {}, its clue is {}", line_name(puzzle, i),
                           clue_text(runs), clue_text(want));
    }
    return std::nullopt;
  });
}

std::string cell_name(int row, int col) { return fmt::format("r{}c{}", row + 1, col + 1); }

}  // namespace puzzle::nonogram
