// libFuzzer target: the `.nin` files of Wolter's survey (one puzzle a file: `W H`, H row
// clues, W column clues, placed by their line); fuzz_nonogram.hpp says what is checked. The
// whole input is also parsed by parse_nin whatever its first line is.
#include "fuzz_nonogram.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz::check_records(fuzz::check_text_input(text, fuzz::Scope::nonograms));
  fuzz::ng::Puzzle p;
  fuzz::ng::FormatError e;
  if (fuzz::ng::parse_nin(text, p, e)) fuzz::check_puzzle(p, ".nin file");
  else fuzz::check_error(e, text);
  return 0;
}
