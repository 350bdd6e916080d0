// libFuzzer target: Steve Simpson's `.non` (one puzzle a file: width, height, the rows and
// columns blocks, a goal, properties); fuzz_nonogram.hpp says what is checked. The whole
// input is also parsed by parse_non whatever its first line is.
#include "fuzz_nonogram.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz::check_records(fuzz::check_text_input(text, fuzz::Scope::nonograms));
  fuzz::ng::Puzzle p;
  fuzz::ng::Known known;
  fuzz::ng::FormatError e;
  if (fuzz::ng::parse_non(text, p, known, e)) {
    fuzz::check_puzzle(p, ".non file");
    fuzz::check_known(known, p, ".non file");
  } else {
    fuzz::check_error(e, text);
  }
  return 0;
}
