// libFuzzer target: the blog's comma grid, n lines of n comma-separated cells
// (` ,8,5,1,3, , , , `), read by the streaming PuzzleReader and parsed as the driver does
// (fuzz_common.hpp). Every grid that parses must come back the same from the tool's own comma
// grid of it; and the whole input is also parsed as one grid record of each size, so that
// parse_grid_record sees texts the reader's detection would never hand it.
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const fuzz::Outcome o = fuzz::check_text_input(text);
  if (fuzz::is_grid(o.format)) {
    for (const fuzz::Record& r : o.records) {
      const puzzle::sudoku::Parsed p = puzzle::sudoku::parse_record(o.format, r.text, puzzle::sudoku::CheckGivens::no);
      if (!p.error.empty()) continue;
      const puzzle::sudoku::Parsed q = puzzle::sudoku::parse_record(o.format, fuzz::to_comma_grid(p.puzzle),
                                                    puzzle::sudoku::CheckGivens::no);
      FUZZ_CHECK(q.error.empty() && q.puzzle == p.puzzle, "line {}: the grid {} reads back as {} ({})",
                 r.line, puzzle::sudoku::to_line(p.puzzle), puzzle::sudoku::to_line(q.puzzle), q.error);
    }
  }
  for (int box = puzzle::sudoku::kMinBox; box <= puzzle::sudoku::kMaxBox; ++box) {
    puzzle::Format f;
    f.set(puzzle::sudoku::SudokuLayout::grid);
    f.size = box;
    fuzz::check_record(f, text);
  }
  return 0;
}
