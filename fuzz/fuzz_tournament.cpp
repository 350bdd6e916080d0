// libFuzzer target: the computer tournaments' batch format (`$N`, then the column and the row
// clues) and its solution files; fuzz_nonogram.hpp says what is checked. The whole input is
// also cut by tournament_records() and each record parsed as a puzzle and as a solution record
// (of a size the input's hash picks): the records partition the input's lines, in order.
#include "fuzz_nonogram.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz::check_records(fuzz::check_text_input(text, fuzz::Scope::nonograms));
  const uint64_t h = fuzz::hash(text);
  const int side = 1 + static_cast<int>(h % 8);
  int last = 0;
  for (const auto& rec : fuzz::ng::tournament_records(text)) {
    FUZZ_CHECK(rec.line > last && rec.text.data() >= text.data() &&
                   rec.text.data() + rec.text.size() <= text.data() + text.size(),
               "record at line {} after line {}, or outside the input", rec.line, last);
    last = rec.line;
    fuzz::ng::Puzzle p;
    fuzz::ng::FormatError e;
    long number = -1;
    if (fuzz::ng::parse_tournament(rec.text, p, number, e)) {
      fuzz::check_puzzle(p, "tournament record");
      FUZZ_CHECK(p.width == p.height, "a {}x{} tournament puzzle", p.width, p.height);
    } else {
      fuzz::check_error(e, rec.text);
    }
    fuzz::ng::Picture pic;
    fuzz::ng::FormatError se;
    if (fuzz::ng::parse_tournament_solution(rec.text, side, side, pic, number, se))
      FUZZ_CHECK(pic.width == side && pic.height == side, "a {}x{} solution read as {}x{}", side, side,
                 pic.width, pic.height);
    else
      fuzz::check_error(se, rec.text);
  }
  return 0;
}
