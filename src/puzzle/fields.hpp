#pragma once
// A record's fields, for every kind's line parser (sudoku_parse.cpp, nonogram/kind.cpp): a puzzle
// written as one word, then maybe fields separated by `:`, `,`, `;`, `|`, a space or a tab.
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace puzzle::fields {

inline constexpr std::string_view kSpace = " \t\r\n";

inline std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

inline constexpr std::string_view kSeparators = ":,;| \t";
inline constexpr std::array<bool, 256> kSeparator = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : kSeparators) t[c] = true;
  return t;
}();
inline bool is_separator(char c) { return kSeparator[static_cast<unsigned char>(c)]; }

/// The first separator at or after `from`, or s.size(): 16 bytes at a time by GCC's vector
/// extensions (a 16x16 line is 256 bytes a field, a 25x25 one 625), the tail by the table.
inline std::size_t find_separator(std::string_view s, std::size_t from) {
  static_assert(std::endian::native == std::endian::little, "a block's first byte is its words' low one");
  using U8 = uint8_t __attribute__((vector_size(16)));
  for (; from + 16 <= s.size(); from += 16) {
    U8 c;
    std::memcpy(&c, s.data() + from, 16);
    U8 hit{};
    for (const char sep : kSeparators) hit |= reinterpret_cast<U8>(c == static_cast<uint8_t>(sep));
    uint64_t w[2];
    std::memcpy(w, &hit, sizeof w);
    if (w[0] != 0) return from + std::countr_zero(w[0]) / 8;
    if (w[1] != 0) return from + 8 + std::countr_zero(w[1]) / 8;
  }
  while (from < s.size() && !is_separator(s[from])) ++from;
  return from;
}

/// The field after the separator at `pos` (leading blanks skipped) up to the next separator,
/// where `pos` is left.
inline std::string_view next_field(std::string_view line, std::size_t& pos) {
  std::size_t b = pos + 1;
  while (b < line.size() && (line[b] == ' ' || line[b] == '\t')) ++b;
  pos = find_separator(line, b);
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
