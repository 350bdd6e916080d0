#pragma once
// A record's fields, for every kind's line parser (sudoku_parse.cpp, nonogram/kind.cpp): a puzzle
// written as one word, then maybe fields separated by `:`, `,`, `;`, `|`, a space or a tab.
#include <array>
#include <charconv>
#include <cstdint>
#include <string_view>

namespace puzzle::fields {

inline constexpr std::string_view kSpace = " \t\r\n";

inline std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

inline constexpr std::array<bool, 256> kSeparator = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : std::string_view(":,;| \t")) t[c] = true;
  return t;
}();
inline bool is_separator(char c) { return kSeparator[static_cast<unsigned char>(c)]; }

/// The field after the separator at `pos` (leading blanks skipped) up to the next separator,
/// where `pos` is left.
inline std::string_view next_field(std::string_view line, std::size_t& pos) {
  std::size_t b = pos + 1;
  while (b < line.size() && (line[b] == ' ' || line[b] == '\t')) ++b;
  pos = b;
  while (pos < line.size() && !is_separator(line[pos])) ++pos;
  return line.substr(b, pos - b);
}

/// A whole field (blanks around it allowed) as a decimal number.
inline bool parse_uint(std::string_view s, uint64_t& v) {
  s = trim(s);
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace puzzle::fields
