#pragma once
// Results files read back (merge, resume): a line at a time, in bounded memory, each line with
// the byte offset just past it, so that a partial file can be cut after its last complete row;
// and what their `#` provenance lines say about the run that made them.
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/csv.hpp"
#include "io/reader.hpp"
#include "puzzle/stats.hpp"

namespace puzzle::io {

/// What a results file holds, told by its first line after the `#` lines.
enum class ResultsLayout {
  rows,   ///< solve's or rate's per-puzzle CSV (header file,line,solver,...)
  stats,  ///< generate's or transform's per-item CSV (header index,method,...; the search's find,generation,...)
  lines,  ///< generate's or transform's output: one item a line, no column header
  summary,  ///< a summary CSV (--summary of solve, rate, bench; header dataset,solver,...)
  bench,    ///< bench's per-repetition CSV (header dataset,solver,threads,rep,...)
};

class ResultsFile {
 public:
  /// Opens `path` and reads its `#` lines and its column header, if any. Throws InputError.
  explicit ResultsFile(std::string path);
  ~ResultsFile();
  ResultsFile(const ResultsFile&) = delete;
  ResultsFile& operator=(const ResultsFile&) = delete;

  const std::string& path() const noexcept { return path_; }
  const Meta& meta() const noexcept { return meta_; }
  ResultsLayout layout() const noexcept { return layout_; }
  /// The column header line, without its newline ("" for `lines`).
  const std::string& header() const noexcept { return header_; }

  /// The next complete data line, without its newline; false at the end. A last line without
  /// a newline (a run killed mid-write) is not returned. Throws InputError on a read error.
  bool next(std::string_view& line);
  /// Bytes up to the end of the last line returned (or of the header, before the first).
  uint64_t offset() const noexcept { return offset_; }
  /// The file's line number of the last line returned, for messages.
  uint64_t line_no() const noexcept { return line_no_; }

 private:
  bool raw_line();  // the next line with its newline into line_; false at the end

  std::string path_;
  std::FILE* f_ = nullptr;
  char* buf_ = nullptr;  // getline(3)'s buffer
  std::size_t cap_ = 0;
  std::string_view line_;
  bool pending_ = false;  // line_ is the first data line, read while looking for the header
  Meta meta_;
  ResultsLayout layout_ = ResultsLayout::lines;
  std::string header_;
  uint64_t offset_ = 0, next_offset_ = 0, line_no_ = 0;
};

/// The values of `key` in `meta`, in order.
std::vector<std::string> meta_values(const Meta& meta, std::string_view key);

/// The lines that say what was run: the datasets with their sha256, the solvers, limits,
/// method, seed and so on. Every line but those of the build (tool, git_revision, compiler,
/// build, flags), the machine and the moment (cpu, date, threads), the command line, the shard,
/// and the parts of a merge, and of a `plugin` line what follows its sha256 (how the threads
/// reach the library). Two runs with the same identity make the same rows.
Meta run_identity(const Meta& meta);

/// The first line where two metas differ, for a message: "'seed: 7' against 'seed: 8'" (a
/// missing line shows as "nothing"); empty when they are equal.
std::string first_difference(const Meta& a, const Meta& b);

/// The build that wrote a file: "sudoku-bench 0.4.0 (git 1234abc)", for warnings.
std::string build_of(const Meta& meta);

/// The shard a file holds (`# shard: K/N ...`); the whole input when it has no such line;
/// nullopt when the line is not one this tool writes.
std::optional<Shard> shard_in(const Meta& meta);

/// The item range a generate/transform part holds (`# shard: K/N: items A to B of C`):
/// first, end (one past) and the run's count; nullopt without such a line.
struct ItemRange {
  uint64_t first = 0, end = 0, count = 0;
};
std::optional<ItemRange> items_in(const Meta& meta);
/// The `# shard:` text of a generate/transform part: "K/N: items A to B of C".
std::string items_record(Shard s, uint64_t count);

/// A rows file of solve or rate, read back a row at a time (merge, resume). Each row's pass
/// is its place in the run order: dataset index (the `# dataset:` lines) times the number of
/// solvers (`# solvers:`) plus the solver's index; a dataset named twice is two passes, and a
/// row goes to the first of them that can follow the row before.
class RowsFile {
 public:
  /// Throws InputError when the file cannot be read or is not a rows file.
  explicit RowsFile(std::string path);

  const ResultsFile& file() const noexcept { return file_; }
  /// The next row; false at the end (a cut last line is not a row). Throws InputError naming
  /// the file and line for a row that does not read, names a dataset or solver its provenance
  /// does not, or comes out of the order the driver writes.
  bool next();
  const PuzzleRow& row() const noexcept { return row_; }
  std::string_view text() const noexcept { return text_; }
  std::size_t pass() const noexcept { return pass_; }
  std::size_t passes() const noexcept { return datasets_.size() * solvers_.size(); }
  /// One empty summary per pass, in run order, named by its dataset and solver.
  std::vector<Summary> empty_summaries() const;

 private:
  ResultsFile file_;
  TableReader<PuzzleRow> reader_;
  std::vector<std::string> datasets_, solvers_;
  PuzzleRow row_;
  std::string_view text_;
  std::size_t pass_ = 0;
  uint64_t last_line_ = 0;
  bool any_ = false;
};

}  // namespace puzzle::io
