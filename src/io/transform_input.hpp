#pragma once
// `transform`'s input (the CLI's and the Python module's): the puzzles of a file or of any
// RecordSource, read as Sudoku with their known solutions.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "io/reader.hpp"
#include "sudoku/generate/job.hpp"  // TransformSource

namespace puzzle::io {

/// Every record of `in` as a Sudoku and its known solution (`transform`'s sources): a record
/// that is not a valid puzzle (givens checked) is left out, after `on_skip(line, why)`. Throws
/// InputError when the input ends on a read error.
std::vector<sudoku::TransformSource> read_puzzles(RecordSource& in,
                                           const std::function<void(uint64_t line, const std::string& why)>& on_skip);

}  // namespace puzzle::io
