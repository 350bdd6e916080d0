#pragma once
// What the puzzle-reader fuzz targets share:
//   - InputFile: the fuzz input as a file (a memfd rewritten for every input) that PuzzleReader
//     opens by its /proc/self/fd path, so the real streaming reader runs: open, fstat, zlib's
//     transparent plain/gzip reading, refills, long lines, format detection;
//   - model(): the records of a plain text found the simple way (split on '\n', cut long lines,
//     skip blank and `#` lines, detect, gather grid rows, a tournament record's lines up to the
//     next `$N`, a .non file's to the end), which the streaming reader must
//     match record for record with the default buffers and with tiny ones (ReaderLimits), so
//     that a few bytes of input reach the paths of a line spanning reads or outgrowing the
//     buffer;
//   - check_record(): the invariants of every parsed record.
// A broken invariant prints what broke and aborts: libFuzzer saves the input as a crash file.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "sudoku/grid.hpp"
#include "io/parse.hpp"
#include "nonogram/formats.hpp"
#include "io/reader.hpp"
#include "puzzle/split_csv.hpp"
#include "sudoku/sudoku_parse.hpp"

#define FUZZ_CHECK(cond, ...)                                                          \
  do {                                                                                 \
    if (!(cond)) ::fuzz::fail(__FILE__, __LINE__, #cond, fmt::format(__VA_ARGS__)); \
  } while (0)

namespace fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* cond, const std::string& why) {
  std::fprintf(stderr, "\n%s:%d: invariant broken: %s\n  %s\n", file, line, cond, why.c_str());
  std::abort();
}

/// FNV-1a of the input: picks the tiny buffer sizes, so that one input always reads the same way
/// (a crash file reproduces) while the fuzzer's mutations try every size.
inline uint64_t hash(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

/// `s` in C escapes, cut after `max` bytes, for the messages of a broken invariant.
inline std::string escaped(std::string_view s, std::size_t max = 120) {
  std::string out;
  for (char c : s.substr(0, max)) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (u < 0x20 || u >= 0x7f) out += fmt::format("\\x{:02x}", u);
    else out += c;
  }
  return s.size() > max ? out + "..." : out;
}

/// The fuzz input as a file. One memfd per process, emptied and rewritten for each input;
/// PuzzleReader opens "/proc/self/fd/N", which is a new open file description (offset 0).
class InputFile {
 public:
  InputFile() : fd_(memfd_create("fuzz-input", MFD_CLOEXEC)) {
    if (fd_ < 0) fail(__FILE__, __LINE__, "memfd_create", "cannot create the input file");
    path_ = "/proc/self/fd/" + std::to_string(fd_);
  }
  ~InputFile() { ::close(fd_); }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const noexcept { return path_; }

  /// Replaces the file's bytes; returns its path.
  const std::string& write(std::string_view bytes) {
    FUZZ_CHECK(::ftruncate(fd_, 0) == 0, "ftruncate");
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::pwrite(fd_, bytes.data() + done, bytes.size() - done,
                                 static_cast<off_t>(done));
      FUZZ_CHECK(n > 0, "pwrite");
      done += static_cast<std::size_t>(n);
    }
    return path_;
  }

 private:
  int fd_;
  std::string path_;
};

/// The one input file of this process.
inline InputFile& input_file() {
  static InputFile f;
  return f;
}

struct Record {
  uint64_t line;
  std::string text;
  bool operator==(const Record&) const = default;
};

/// Everything a reader says about one input.
struct Outcome {
  std::vector<Record> records;
  puzzle::Format format;
  std::string error;
};

/// A file of Sudoku in the n-line grid layout, or with a CSV header.
inline bool is_grid(const puzzle::Format& f) {
  return f.kind == puzzle::PuzzleKind::sudoku && f.is(puzzle::sudoku::SudokuLayout::grid);
}
inline bool is_csv(const puzzle::Format& f) {
  return f.kind == puzzle::PuzzleKind::sudoku && f.is(puzzle::sudoku::SudokuLayout::csv);
}

inline bool same_format(const puzzle::Format& a, const puzzle::Format& b) {
  return a.kind == b.kind && a.layout == b.layout && a.extent == b.extent && a.record_lines == b.record_lines &&
         a.starts_record == b.starts_record && a.header == b.header && a.size == b.size && a.puzzle_col == b.puzzle_col &&
         a.solution_col == b.solution_col && a.count_col == b.count_col && a.columns == b.columns;
}

/// A message for a person: bounded, one line, no terminal control bytes.
inline void check_message(std::string_view m, std::size_t max_size) {
  FUZZ_CHECK(m.size() <= max_size, "message of {} bytes: {}", m.size(), escaped(m, 300));
  for (char c : m) {
    const auto u = static_cast<unsigned char>(c);
    FUZZ_CHECK(u >= 0x20 && u != 0x7f, "control byte 0x{:02x} in message '{}'", u, escaped(m, 300));
  }
}

/// Reads the whole of `path` the way the driver does (slices of `per_slice` records), checking
/// what must hold whatever the input.
inline Outcome read_all(const std::string& path, int box, puzzle::io::ReaderLimits limits,
                        std::size_t per_slice) {
  puzzle::io::PuzzleReader reader(path, box, limits);
  puzzle::io::RawSlice slice;
  Outcome out;
  uint64_t last_line = 0;
  while (reader.read(slice, per_slice)) {
    FUZZ_CHECK(!slice.records.empty() && slice.records.size() <= per_slice,
               "{} records in a slice of at most {}", slice.records.size(), per_slice);
    for (std::size_t i = 0; i < slice.records.size(); ++i) {
      const puzzle::io::RecordRef& r = slice.records[i];
      FUZZ_CHECK(std::size_t{r.offset} + r.length <= slice.text.size(), "record {} outside its slice", i);
      FUZZ_CHECK(r.line > last_line, "record line {} after line {}", r.line, last_line);
      last_line = r.line;
      const std::string_view text = slice.record(i);
      FUZZ_CHECK(!text.empty(), "empty record at line {}", r.line);
      out.records.push_back({r.line, std::string(text)});
    }
  }
  FUZZ_CHECK(!reader.read(slice, per_slice) && slice.records.empty(), "records after the end");
  FUZZ_CHECK(reader.bytes_consumed() <= reader.total_bytes(), "consumed {} of {} bytes",
             reader.bytes_consumed(), reader.total_bytes());
  out.format = reader.format();
  out.error = reader.error();
  if (!out.error.empty()) {
    FUZZ_CHECK(out.error.starts_with(path + ":"), "error '{}' does not name the file", out.error);
    check_message(out.error, path.size() + 200);
  }
  if (!out.records.empty()) {
    const puzzle::Format& f = out.format;
    FUZZ_CHECK(f.size == box || (box == 0 && is_grid(f)),
               "format size {} for --size box {}", f.size, box);
    if (is_grid(f))
      FUZZ_CHECK(f.size >= puzzle::sudoku::kMinBox && f.size <= puzzle::sudoku::kMaxBox, "grid box {}", f.size);
    if (is_csv(f))
      FUZZ_CHECK(f.puzzle_col >= 0 && f.puzzle_col < f.columns && f.solution_col < f.columns &&
                     f.count_col < f.columns,
                 "csv columns {} {} {} of {}", f.puzzle_col, f.solution_col, f.count_col, f.columns);
  }
  return out;
}

inline bool skipped(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r') return c == '#';
  return true;
}

/// The records of plain `text` as the reader must return them (`path` for the error message):
/// lines split on '\n' (a last line may lack it), each cut to `max_line` bytes, a UTF-8 byte
/// order mark dropped from the first, blank and `#` lines skipped, the format detected from the
/// first other line, then one record per line (a CSV header is not one), per n grid lines, per
/// tournament record (every line up to the next `$N` line, blank and `#` ones too) or the whole
/// rest for a .non or .nin file.
inline Outcome model(std::string_view text, const std::string& path, int box, std::size_t max_line) {
  std::vector<Record> lines;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t nl = text.find('\n', pos);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(pos, end - pos).substr(0, max_line);
    if (lines.empty() && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
    lines.push_back({lines.size() + 1, std::string(line)});
    pos = end + 1;
  }
  std::size_t next = 0;
  auto data_line = [&]() -> const Record* {
    while (next < lines.size())
      if (const Record& l = lines[next++]; !skipped(l.text)) return &l;
    return nullptr;
  };
  Outcome out;
  bool detected = false;
  while (const Record* l = data_line()) {
    if (!detected) {
      detected = true;
      std::string err;
      if (!puzzle::io::detect_format(l->text, box, out.format, err)) {
        out.error = fmt::format("{}:{}: {}", path, l->line, err);
        break;
      }
      if (is_csv(out.format)) continue;
    }
    Record r = *l;
    if (is_grid(out.format)) {
      for (int k = 1; k < out.format.size * out.format.size; ++k) {
        const Record* more = data_line();
        if (more == nullptr) break;
        r.text += '\n';
        r.text += more->text;
      }
    }
    if (out.format.kind == puzzle::PuzzleKind::nonogram && !out.format.is(puzzle::nonogram::Layout::game_id)) {
      long number = 0;
      for (; next < lines.size(); ++next) {
        if (out.format.is(puzzle::nonogram::Layout::tournament) &&
            puzzle::nonogram::tournament_header(lines[next].text, number))
          break;
        r.text += '\n';
        r.text += lines[next].text;
      }
    }
    out.records.push_back(std::move(r));
  }
  return out;
}

inline std::string describe(const Outcome& o) {
  std::string s = fmt::format("kind {}/{} box {} error '{}', {} records:", static_cast<int>(o.format.kind),
                              static_cast<int>(o.format.layout), o.format.size, escaped(o.error),
                              o.records.size());
  for (const Record& r : o.records) s += fmt::format("\n    {}: \"{}\"", r.line, escaped(r.text));
  return s;
}

inline void check_same(const Outcome& got, const Outcome& want, const char* what) {
  FUZZ_CHECK(got.records == want.records && got.error == want.error &&
                 same_format(got.format, want.format),
             "{}:\n  got  {}\n  want {}", what, describe(got), describe(want));
}

/// Three reads of the file at `path`: a buffer larger than any input (one read takes it all, as
/// the default buffer does), a tiny buffer, a tiny buffer and a short max_line; the tiny sizes
/// and the slice lengths come from `h`. The caller compares them.
struct Reads {
  Outcome normal, tiny_buffer, short_lines;
  std::size_t max_line = 0;  ///< of short_lines
};
/// The buffer of the `normal` read: more than -max_len (4096). Not the default 256 KiB, which under
/// ASan costs fresh pages for every input (the reader's and zlib's buffers): 10x fewer exec/s.
inline constexpr std::size_t kWholeInputBuffer = 8 * 1024;
inline Reads read_three_ways(const std::string& path, int box, uint64_t h) {
  Reads r;
  r.normal = read_all(path, box, {kWholeInputBuffer, puzzle::io::PuzzleReader::kMaxLine}, 256);
  r.tiny_buffer = read_all(path, box, {1 + h % 16, puzzle::io::PuzzleReader::kMaxLine}, 1 + (h >> 8) % 4);
  r.max_line = 1 + (h >> 16) % 100;
  r.short_lines = read_all(path, box, {1 + (h >> 24) % 32, r.max_line}, 1 + (h >> 32) % 4);
  return r;
}

/// The cells of `g` as a comma grid (the blog format), n lines.
inline std::string to_comma_grid(const puzzle::sudoku::Grid& g) {
  std::string s;
  for (int r = 0; r < g.side(); ++r) {
    for (int c = 0; c < g.side(); ++c) {
      if (c) s += ',';
      if (const int v = g.at(r, c)) s += std::to_string(v);
    }
    if (r + 1 < g.side()) s += '\n';
  }
  return s;
}

/// A grid that parse_record returned without an error: its size, its values, and that it reads
/// back the same from the tool's own one-line form.
inline void check_grid(const puzzle::sudoku::Grid& g, int box, const char* what) {
  FUZZ_CHECK(g.box() >= puzzle::sudoku::kMinBox && g.box() <= puzzle::sudoku::kMaxBox, "{} box {}", what, g.box());
  FUZZ_CHECK(box == 0 || g.box() == box, "{} box {} where the format says {}", what, g.box(), box);
  for (int i = 0; i < g.cells(); ++i)
    FUZZ_CHECK(g[i] >= 0 && g[i] <= g.side(), "{} cell {} = {}", what, i, g[i]);
  puzzle::sudoku::Grid back;
  std::string err;
  FUZZ_CHECK(puzzle::sudoku::parse_cells(puzzle::sudoku::to_line(g), g.box(), back, err) && back == g,
             "{} {} does not read back: {}", what, puzzle::sudoku::to_line(g), err);
}

/// parse_record's contract on one record of format `f`, with and without the check of the
/// givens; returns the parse with the check.
inline puzzle::sudoku::Parsed check_record(const puzzle::Format& f, std::string_view record) {
  using puzzle::sudoku::CheckGivens;
  puzzle::sudoku::Parsed p = puzzle::sudoku::parse_record(f, record, CheckGivens::yes);
  const puzzle::sudoku::Parsed q = puzzle::sudoku::parse_record(f, record, CheckGivens::no);
  (void)p.puzzle.clues();  // the driver counts clues even of a bad record
  if (!q.error.empty()) {
    FUZZ_CHECK(p.error == q.error, "the check of the givens changed error '{}' to '{}'", q.error, p.error);
    check_message(q.error, 200);
    return p;
  }
  check_grid(q.puzzle, f.size, "puzzle");
  const auto conflict = puzzle::sudoku::find_conflict(q.puzzle);
  FUZZ_CHECK(p.error.empty() == !conflict, "error '{}' with{} a conflict", p.error, conflict ? "" : "out");
  if (!p.error.empty()) {
    FUZZ_CHECK(p.error.starts_with("contradictory givens: "), "error '{}'", p.error);
    check_message(p.error, 200);
  } else {
    FUZZ_CHECK(p.puzzle == q.puzzle, "the check of the givens changed the puzzle");
  }
  if (q.known.solution) {
    const puzzle::sudoku::Grid& s = *q.known.solution;
    check_grid(s, q.puzzle.box(), "solution");
    FUZZ_CHECK(s.box() == q.puzzle.box() && s.complete(), "solution {} of puzzle {}",
               puzzle::sudoku::to_line(s), puzzle::sudoku::to_line(q.puzzle));
  }
  // The same puzzle on a line of its own reads back the same.
  const puzzle::sudoku::Parsed again = puzzle::sudoku::parse_record(puzzle::Format{}, puzzle::sudoku::to_line(q.puzzle), CheckGivens::no);
  FUZZ_CHECK(again.error.empty() && again.puzzle == q.puzzle, "{} reads back as {} ({})",
             puzzle::sudoku::to_line(q.puzzle), puzzle::sudoku::to_line(again.puzzle), again.error);
  return p;
}

/// A fixed --size (box 2..5) picked by the input's hash.
inline int some_box(uint64_t h) { return puzzle::sudoku::kMinBox + static_cast<int>(h % 4); }

/// Which inputs a target reads through the streaming reader: all of them (the Sudoku targets),
/// or those whose first data line makes a file of nonograms (the nonogram targets). Another
/// input is the Sudoku targets' business: read by the model alone (no file written, no reads),
/// it costs a nonogram target a few microseconds instead of three reads and a parse of each
/// record, so its executions go to the nonogram readers (results/fuzz.md: the rates).
enum class Scope { all, nonograms };

/// What every text target does with its input: the three reads, compared with the model when
/// the input is plain text (gzip is fuzz_gzip's), and every record's parse checked, with the
/// size the file's format says and, for one-line formats, with a fixed --size.
inline Outcome check_text_input(std::string_view text, Scope scope = Scope::all) {
  const bool plain = !text.starts_with("\x1f\x8b");
  std::optional<Outcome> want;
  if (plain) {
    want = model(text, input_file().path(), 0, puzzle::io::PuzzleReader::kMaxLine);
    if (scope == Scope::nonograms && want->format.kind != puzzle::PuzzleKind::nonogram) return *want;
  } else if (scope == Scope::nonograms) {
    return {};
  }
  const std::string& path = input_file().write(text);
  const uint64_t h = hash(text);
  const Reads r = read_three_ways(path, 0, h);
  if (plain) {
    check_same(r.normal, *want, "default buffers");
    check_same(r.tiny_buffer, r.normal, "tiny buffer");
    check_same(r.short_lines, model(text, path, 0, r.max_line), "short max_line");
  }
  if (scope == Scope::nonograms) return r.normal;  // check_records (fuzz_nonogram.hpp) parses them
  for (const Record& rec : r.normal.records) {
    check_record(r.normal.format, rec.text);
    if (is_grid(r.normal.format)) continue;
    puzzle::Format f = r.normal.format;
    f.size = some_box(h >> 40);
    check_record(f, rec.text);
  }
  return r.normal;
}

}  // namespace fuzz
