#pragma once
// One CSV line split into fields (RFC 4180), for every reader of CSV: a kind's CSV layout (a
// Sudoku file with a header), the tool's own results files read back (io/schema.hpp, io/csv.hpp).
#include <string>
#include <string_view>
#include <vector>

namespace puzzle {

/// Splits one CSV line (RFC 4180 quoting, no embedded newlines; a trailing '\r' dropped) into
/// `fields`. An unquoted field is a view into `line`, a quoted one into `unquote_buffer`,
/// unescaped: both must outlive `fields`. Reusing the two between lines allocates nothing once
/// they have grown.
void split_csv(std::string_view line, std::vector<std::string_view>& fields,
               std::string& unquote_buffer);

}  // namespace puzzle
