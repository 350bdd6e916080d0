#pragma once
// Plain text tables for the terminal (fmt), numbers right-aligned.
#include <string>
#include <vector>

#include "puzzle/stats.hpp"

namespace puzzle::cli {

class Table {
 public:
  explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  /// Columns whose index is below `left` are left-aligned (names), the rest right-aligned.
  std::string render(std::size_t left = 1) const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

/// A number with thousands separators and `decimals` decimals ("12,345.6").
std::string human(double v, int decimals = 0);
/// A file's name for a table: its last component, "stdin" for "-".
std::string short_name(const std::string& path);
/// Microseconds for a table: two decimals below 100, whole numbers with separators above.
std::string micro(double us);

/// The outcome and speed tables of a run; `ratio` adds each solver's speed relative to the
/// first solver of the same dataset.
std::string summary_tables(const std::vector<puzzle::Summary>& sums, bool ratio);

}  // namespace puzzle::cli
