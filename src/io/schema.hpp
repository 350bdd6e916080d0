#pragma once
// One schema per output: each CSV the tool writes is a list of columns (name, writer and, for the
// files it reads back, a reader), so the header, the rows and the readers cannot drift apart.
//
//   const Schema<BenchRow> s{{num<&BenchRow::nodes>("nodes"), ...}};
//   out.write(s.header()); s.write(buf, row);         // writing
//   read_table(text, "bench.csv", s, {"nodes"})       // reading back, columns found by name
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "puzzle/split_csv.hpp"

namespace puzzle::io {

/// Appends `field` to `out`, quoted when it holds a comma, quote or newline (RFC 4180).
void append_csv_field(fmt::memory_buffer& out, std::string_view field);

/// Splits one CSV line (RFC 4180 quotes) into fields.
std::vector<std::string> split_csv_line(std::string_view line);

template <class Row>
struct Column {
  std::string_view name;
  void (*write)(fmt::memory_buffer&, const Row&);
  /// Parses one field into the row; false when the text is not a value of this column.
  /// nullptr: the column is written only, never read back.
  bool (*read)(std::string_view, Row&) = nullptr;
};

template <class Row>
class Schema {
 public:
  Schema(std::initializer_list<Column<Row>> columns) : columns_(columns) {}
  explicit Schema(std::vector<Column<Row>> columns) : columns_(std::move(columns)) {}

  std::span<const Column<Row>> columns() const noexcept { return columns_; }
  /// "a,b,c" without the newline, for a caller that appends more columns.
  std::string names() const {
    std::string h;
    for (const auto& c : columns_) h += (h.empty() ? "" : ",") + std::string(c.name);
    return h;
  }
  /// The header line, newline included.
  std::string header() const { return names() + "\n"; }
  /// Appends the row's fields, comma-separated, without the newline.
  void fields(fmt::memory_buffer& out, const Row& r) const {
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      if (i) out.push_back(',');
      columns_[i].write(out, r);
    }
  }
  /// Appends one whole row, newline included.
  void write(fmt::memory_buffer& out, const Row& r) const {
    fields(out, r);
    out.push_back('\n');
  }
  std::string row(const Row& r) const {
    fmt::memory_buffer b;
    write(b, r);
    return fmt::to_string(b);
  }
  /// A run of blank fields for every column, each preceded by a comma (a row with nothing to say).
  std::string blank_suffix() const { return std::string(columns_.size(), ','); }

 private:
  std::vector<Column<Row>> columns_;
};

/// The `#` lines of a results file, as (key, value) pairs in file order.
using Meta = std::vector<std::pair<std::string, std::string>>;

/// A CSV file read back through its schema: the `#` lines (key, value) and the rows.
template <class Row>
struct Table {
  Meta meta;
  std::vector<Row> rows;
};

/// Reads a CSV with `schema` a line at a time, in bounded memory: `#` lines become meta, the
/// first other line is the header, columns are matched by name (unknown ones are ignored, so
/// later versions may add columns), a repeated header (concatenated files) is skipped.
template <class Row>
class TableReader {
 public:
  /// `name` names the file in messages; `required`: columns the file must have.
  TableReader(const Schema<Row>& schema, std::string name, std::initializer_list<std::string_view> required)
      : schema_(schema), name_(std::move(name)), required_(required) {}

  /// One line (its newline removed), numbered `line_no` for messages. True when it is a row,
  /// read into `r`: string_view members point into `line` or this reader, valid until the next
  /// call. False for a `#` line (kept in meta()), a blank line or the header. Throws
  /// std::runtime_error naming the file and line for a missing required column, a row with the
  /// wrong number of fields, or a field its column cannot read.
  bool feed(std::string_view line, uint64_t line_no, Row& r);

  const Meta& meta() const noexcept { return meta_; }
  bool has_header() const noexcept { return !header_.empty(); }
  const std::vector<std::string>& header() const noexcept { return header_; }

 private:
  const Schema<Row>& schema_;
  std::string name_;
  std::vector<std::string_view> required_;
  Meta meta_;
  std::vector<std::string> header_;
  std::vector<const Column<Row>*> at_;  // the schema column of each header position, or null
  std::vector<std::string_view> fields_;
  std::string buf_;
};

/// Reads all of `text` (named `name` in messages) with a TableReader. Throws std::runtime_error
/// as TableReader::feed does, and for a file with no header.
template <class Row>
Table<Row> read_table(std::string_view text, const std::string& name, const Schema<Row>& schema,
                      std::initializer_list<std::string_view> required);

/// Splits a `#` line's text (without the `#`) into key and value at the first colon; false when
/// it has none.
bool split_meta(std::string_view text, std::string& key, std::string& value);

namespace column {

template <class T>
struct member;
template <class R, class T>
struct member<T R::*> {
  using row = R;
  using type = T;
};

/// Appends fmt::format(f, v...) to a field: a column's writer of whole numbers and words.
template <class... T>
void put(fmt::memory_buffer& b, fmt::format_string<T...> f, T&&... v) {
  fmt::format_to(std::back_inserter(b), f, std::forward<T>(v)...);
}

inline void put(fmt::memory_buffer& b, double v, int decimals) {
  if (std::isfinite(v)) fmt::format_to(std::back_inserter(b), "{:.{}f}", v, decimals);
}

/// A number member; doubles with `Decimals` places, written blank (and read back as NaN) when
/// not finite.
template <auto M, int Decimals = 3>
Column<typename member<decltype(M)>::row> num(std::string_view name) {
  using R = typename member<decltype(M)>::row;
  using T = typename member<decltype(M)>::type;
  if constexpr (std::is_floating_point_v<T>) {
    return {name, [](fmt::memory_buffer& b, const R& r) { put(b, r.*M, Decimals); },
            [](std::string_view s, R& r) {
              if (s.empty() || s == "nan") {
                r.*M = std::nan("");
                return true;
              }
              const std::string z(s);  // strtod also reads "inf", which from_chars may not
              char* end = nullptr;
              r.*M = std::strtod(z.c_str(), &end);
              return end == z.c_str() + z.size();
            }};
  } else {
    return {name, [](fmt::memory_buffer& b, const R& r) { fmt::format_to(std::back_inserter(b), "{}", r.*M); },
            [](std::string_view s, R& r) {
              const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), r.*M);
              return ec == std::errc() && p == s.data() + s.size();
            }};
  }
}

/// A std::string member, quoted as needed.
template <auto M>
Column<typename member<decltype(M)>::row> text(std::string_view name) {
  using R = typename member<decltype(M)>::row;
  return {name, [](fmt::memory_buffer& b, const R& r) { append_csv_field(b, r.*M); },
          [](std::string_view s, R& r) {
            r.*M = std::string(s);
            return true;
          }};
}

}  // namespace column

template <class Row>
bool TableReader<Row>::feed(std::string_view line, uint64_t line_no, Row& r) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty()) return false;
  auto fail = [&](const std::string& why) {
    return std::runtime_error(fmt::format("{}:{}: {}", name_, line_no, why));
  };
  if (line.front() == '#') {
    std::string k, v;
    if (split_meta(line.substr(1), k, v)) meta_.emplace_back(std::move(k), std::move(v));
    return false;
  }
  split_csv(line, fields_, buf_);
  if (header_.empty()) {
    header_.assign(fields_.begin(), fields_.end());
    for (const std::string& h : header_) {
      const Column<Row>* c = nullptr;
      for (const auto& col : schema_.columns())
        if (col.name == h && col.read != nullptr) c = &col;
      at_.push_back(c);
    }
    for (std::string_view want : required_)
      if (std::find(header_.begin(), header_.end(), want) == header_.end()) {
        std::string names;
        for (std::string_view n : required_) names += (names.empty() ? "" : ", ") + std::string(n);
        throw fail(fmt::format("no '{}' column (this file needs {})", want, names));
      }
    return false;
  }
  if (std::equal(fields_.begin(), fields_.end(), header_.begin(), header_.end())) return false;
  if (fields_.size() != header_.size())
    throw fail(fmt::format("{} fields where the header has {}", fields_.size(), header_.size()));
  r = Row{};
  for (std::size_t i = 0; i < fields_.size(); ++i)
    if (at_[i] != nullptr && !at_[i]->read(fields_[i], r))
      throw fail(fmt::format("bad {} '{}'", at_[i]->name, fields_[i]));
  return true;
}

template <class Row>
Table<Row> read_table(std::string_view text, const std::string& name, const Schema<Row>& schema,
                      std::initializer_list<std::string_view> required) {
  TableReader<Row> reader(schema, name, required);
  Table<Row> out;
  std::size_t pos = 0;
  uint64_t line_no = 0;
  Row r{};
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    if (reader.feed(text.substr(pos, end - pos), ++line_no, r)) out.rows.push_back(std::move(r));
    pos = end + 1;
  }
  if (!reader.has_header()) throw std::runtime_error(fmt::format("{}: no CSV header", name));
  out.meta = reader.meta();
  return out;
}

}  // namespace puzzle::io
