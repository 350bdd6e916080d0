// libFuzzer target: nonogram game IDs (sgt-pattern's `WxH:clues`, then maybe a known picture
// and count), one a line; fuzz_nonogram.hpp says what is checked. Every line is parsed as a
// game ID record too, whatever the first line made the reader detect.
#include "fuzz_nonogram.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz::check_records(fuzz::check_text_input(text, fuzz::Scope::nonograms));
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const puzzle::Record<puzzle::nonogram::NonogramKind> p = puzzle::nonogram::NonogramKind::parse_line(text.substr(pos, end - pos));
    if (p.error.empty()) {
      fuzz::check_puzzle(p.puzzle, "game ID line");
      fuzz::check_known(p.known, p.puzzle, "game ID line");
    } else {
      fuzz::check_message(p.error, 300);
    }
    pos = end + 1;
  }
  return 0;
}
