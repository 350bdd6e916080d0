#pragma once
// CSV output (RFC 4180) and the self-describing metadata header every results file carries.
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "sudoku/stats.hpp"

namespace sudoku {

/// Appends `field` to `out`, quoted when it holds a comma, quote or newline.
void append_csv_field(fmt::memory_buffer& out, std::string_view field);

/// How a results file was made: written as leading `# key: value` lines.
struct Provenance {
  std::string command;
  int threads = 0;
  std::vector<std::pair<std::string, std::string>> datasets;  ///< path, sha256 ("" for stdin)
  std::vector<std::pair<std::string, std::string>> extra;     ///< more key/value lines
};

/// The `#` header: tool version, git revision, compiler, flags, CPU, date, threads, command,
/// and each dataset with its sha256.
std::string metadata_header(const Provenance& p);

/// Column names of the summary CSV, in order.
std::string summary_csv_header();
/// One summary CSV row (with the trailing newline).
std::string summary_csv_row(const Summary& s);

/// Writes `data` to `f`; throws std::runtime_error naming `what` when the write fails (disk full).
void write_all(std::FILE* f, std::string_view data, const std::string& what);

}  // namespace sudoku
