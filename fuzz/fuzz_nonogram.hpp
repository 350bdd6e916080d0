#pragma once
// What the nonogram reader targets share (fuzz_nonogram_id, fuzz_tournament, fuzz_non,
// fuzz_nin): the input as a file through the streaming reader, compared with the model
// (fuzz_common.hpp: a tournament record is every line up to the next `$N`, a .non or .nin file
// is one record), then
// every record parsed as the driver does (NonogramKind::parse with the detected format), and
// the whole input parsed once more by the target's own reader whatever the first line says.
// A puzzle read without an error must hold what the clue checks promise (sides 1..255, runs of
// at least 1 that fit their lines, equal column and row totals) and read back the same through
// the game ID writer (so every format shares one meaning of a clue); a known picture has the
// puzzle's size; an error is one short line whose line number lies inside the record.
#include <string>
#include <string_view>

#include "fuzz_common.hpp"
#include "nonogram/formats.hpp"
#include "nonogram/nonogram.hpp"

namespace fuzz {

namespace ng = puzzle::nonogram;

inline int line_count(std::string_view text) {
  return 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

/// A puzzle some reader returned without an error.
inline void check_puzzle(const ng::Puzzle& p, std::string_view what) {
  FUZZ_CHECK(p.width >= 1 && p.width <= ng::kMaxSide && p.height >= 1 && p.height <= ng::kMaxSide,
             "{}: size {}x{}", what, p.width, p.height);
  FUZZ_CHECK(p.first.size() == static_cast<std::size_t>(p.lines()) + 1 && p.first.back() == p.runs.size(),
             "{}: {} line starts for {} lines", what, p.first.size(), p.lines());
  long totals[2] = {0, 0};
  for (int i = 0; i < p.lines(); ++i) {
    FUZZ_CHECK(p.first[i] <= p.first[i + 1], "{}: line {} ends before it starts", what, i);
    int need = -1;
    for (const uint8_t run : p.line(i)) {
      FUZZ_CHECK(run >= 1, "{}: a run of 0 in line {}", what, i);
      need += run + 1;
      totals[i < p.width] += run;
    }
    FUZZ_CHECK(need <= p.length(i), "{}: line {} needs {} cells of {}", what, i, need, p.length(i));
  }
  FUZZ_CHECK(totals[0] == totals[1], "{}: rows shade {}, columns {}", what, totals[0], totals[1]);
  ng::Puzzle back;
  std::string err;
  const std::string id = ng::to_id(p);
  FUZZ_CHECK(ng::parse_id(id, back, err) && back == p, "{}: game ID {} reads back differently: {}",
             what, escaped(id, 300), err);
}

inline void check_known(const ng::Known& known, const ng::Puzzle& p, std::string_view what) {
  if (known.solution)
    FUZZ_CHECK(known.solution->width == p.width && known.solution->height == p.height,
               "{}: a {}x{} known picture for a {}x{} puzzle", what, known.solution->width,
               known.solution->height, p.width, p.height);
}

/// A reader's error: one short line, at a line of the record.
inline void check_error(const ng::FormatError& e, std::string_view record) {
  check_message(e.message, 200);
  FUZZ_CHECK(!e.message.empty() && e.line >= 1 && e.line <= line_count(record),
             "error '{}' at line {} of a record of {} lines", e.message, e.line, line_count(record));
}

/// The driver's parse of every record the reader found, when the input reads as nonograms.
inline void check_records(const Outcome& read) {
  if (read.format.kind != puzzle::PuzzleKind::nonogram) return;
  for (const Record& rec : read.records) {
    const puzzle::Record<puzzle::nonogram::NonogramKind> p = puzzle::nonogram::NonogramKind::parse(read.format, rec.text);
    if (!p.error.empty()) {
      check_message(p.error, 200);
      FUZZ_CHECK(p.error_line >= 0 && p.error_line < line_count(rec.text), "error '{}' at line +{} of {}",
                 p.error, p.error_line, line_count(rec.text));
      continue;
    }
    check_puzzle(p.puzzle, "record at line " + std::to_string(rec.line));
    check_known(p.known, p.puzzle, "record");
  }
}

}  // namespace fuzz
