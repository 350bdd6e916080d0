#pragma once
// The formats of files, whatever their kind: detection from a file's first data line and the
// parser of one record, both asked of the table of kinds (kinds.hpp): the row that claims the
// line, and that row's parse(). Pure functions, no I/O: the driver parses in its parallel stage.
#include <string>
#include <string_view>

#include "puzzle/fields.hpp"
#include "puzzle/format.hpp"
#include "puzzle/kinds.hpp"

namespace puzzle::io {

/// Parses one record of a file of `format` (whose kind is Row's) into Row's Record, as the judge
/// takes it (the driver, batch.cpp): Row's parse(). What the kind leaves to the solver to find
/// is not an error there (a contradiction(): the solver must say `invalid`, and the judge checks
/// that it did). The callers are one template over the row.
template <class Row>
Record<Row> parse(const Format& format, std::string_view record) {
  return Row::parse(format, record);
}

/// Recognises the format of a file from its first non-comment, non-blank line (Kinds::detect:
/// the first row that claims it, else the fallback row's). `size` is the size the caller asks
/// for (--size; Format::size, 0 for any). Returns false with `error` set when the fallback row
/// cannot read the line (a CSV header with no puzzle column).
inline bool detect_format(std::string_view first_line, int size, Format& out, std::string& error) {
  out = Format{};
  out.size = size;
  return puzzle::Kinds::detect(fields::trim(first_line), out, error);
}

}  // namespace puzzle::io
