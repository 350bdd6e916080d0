#include "io/transform_input.hpp"

#include "sudoku/sudoku_parse.hpp"

namespace puzzle::io {

std::vector<sudoku::TransformSource> read_puzzles(RecordSource& in,
                                           const std::function<void(uint64_t line, const std::string& why)>& on_skip) {
  std::vector<sudoku::TransformSource> out;
  RawSlice slice;
  while (in.read(slice, 4096)) {
    for (std::size_t i = 0; i < slice.records.size(); ++i) {
      sudoku::Parsed p = sudoku::parse_record(in.format(), slice.record(i));
      if (!p.error.empty()) on_skip(slice.records[i].line, p.error);
      else out.push_back({p.puzzle, p.known.solution});
    }
  }
  if (!in.error().empty()) throw InputError(in.error());
  return out;
}

}  // namespace puzzle::io
