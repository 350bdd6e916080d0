// libFuzzer target: the one-puzzle-per-line format (a puzzle, then maybe `,solution`,
// `:count:solution`, ` rating`, ...). The input is a file read by the streaming PuzzleReader and
// parsed record by record as the driver does (fuzz_common.hpp: compared with a simple reference
// reader, with tiny buffers too); then every line of it, whatever format the first line made the
// reader detect, is parsed as a line record with no --size and with one (the input's hash picks
// it), and with spaces and a CR around it, which takes the slow path of the parser instead of the
// one-puzzle fast path.
#include "fuzz_common.hpp"

namespace {

void check_line(std::string_view line, int fixed_box) {
  for (int box : {0, fixed_box}) {
    puzzle::Format f;
    f.size = box;
    const puzzle::sudoku::Parsed p = fuzz::check_record(f, line);
    if (line.empty() || line.front() == ' ' || line.front() == '\t') continue;
    const std::string padded = "  " + std::string(line) + " \r";
    const puzzle::sudoku::Parsed q = puzzle::sudoku::parse_record(f, padded);
    FUZZ_CHECK(p.error.empty() == q.error.empty() &&
                   (!p.error.empty() || (p.puzzle == q.puzzle &&
                                         p.known.solution == q.known.solution &&
                                         p.known.solutions == q.known.solutions)),
               "'{}' and the same in spaces read differently: '{}' / '{}'", fuzz::escaped(line),
               p.error, q.error);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz::check_text_input(text);
  const int box = fuzz::some_box(fuzz::hash(text) >> 48);
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    check_line(text.substr(pos, end - pos), box);
    pos = end + 1;
  }
  return 0;
}
