// libFuzzer target: CSV with a header naming a puzzle column (`quizzes,solutions`,
// `id,puzzle,solution,clues,difficulty`, ...), read by the streaming PuzzleReader and parsed as
// the driver does (fuzz_common.hpp). Then every line goes through split_csv, whose fields must
// come back unchanged through an RFC 4180 writer, and is parsed as a row of a CSV format whose
// columns the input's hash picks, so that rows are fuzzed even when the header is broken.
#include "fuzz_common.hpp"

namespace {

/// The RFC 4180 writer that split_csv must invert.
std::string join_csv(const std::vector<std::string_view>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    const std::string_view f = fields[i];
    if (f.find_first_of(",\"\r\n") == std::string_view::npos) {
      out += f;
      continue;
    }
    out += '"';
    for (char c : f) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    out += '"';
  }
  return out;
}

void check_split(std::string_view line) {
  std::vector<std::string_view> fields;
  std::string buffer;
  puzzle::split_csv(line, fields, buffer);
  FUZZ_CHECK(!fields.empty(), "no field in '{}'", fuzz::escaped(line));
  std::string_view body = line;
  if (body.ends_with('\r')) body.remove_suffix(1);
  if (body.find('"') == std::string_view::npos) {  // no quotes: the fields are the comma pieces
    const auto commas = static_cast<std::size_t>(std::count(body.begin(), body.end(), ','));
    FUZZ_CHECK(fields.size() == commas + 1, "{} fields for {} commas", fields.size(), commas);
  }
  const std::vector<std::string> want(fields.begin(), fields.end());
  const std::string written = join_csv(fields);
  std::vector<std::string_view> again;
  std::string buffer2;
  puzzle::split_csv(written, again, buffer2);
  FUZZ_CHECK(std::vector<std::string>(again.begin(), again.end()) == want,
             "'{}' split, written as '{}', splits differently", fuzz::escaped(line),
             fuzz::escaped(written));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const fuzz::Outcome o = fuzz::check_text_input(text);
  const uint64_t h = fuzz::hash(text);
  puzzle::Format f;
  f.set(puzzle::sudoku::SudokuLayout::csv);
  f.header = true;
  f.puzzle_col = static_cast<int>(h % 3);
  f.solution_col = static_cast<int>((h >> 2) % 4) - 1;
  f.count_col = static_cast<int>((h >> 4) % 4) - 1;
  f.columns = 3;
  const int sizes[] = {0, 0, 2, 3, 4, 5};
  f.size = sizes[(h >> 6) % 6];
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, end - pos);
    check_split(line);
    if (!fuzz::is_csv(o.format)) fuzz::check_record(f, line);
    pos = end + 1;
  }
  return 0;
}
