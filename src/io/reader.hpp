#pragma once
// Streaming input: reads puzzle records from a file (plain or gzip, detected from the content)
// or stdin ("-"), a slice at a time, so memory stays flat whatever the file's size.
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/parse.hpp"
#include "puzzle/registry.hpp"

namespace puzzle::io {

/// An input that cannot be read at all; the message names the file and the OS's reason.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One record's place in a RawSlice's text, and the line it starts on (1-based).
struct RecordRef {
  uint64_t line;
  uint32_t offset;
  uint32_t length;
};

/// Records as read, not yet parsed: parsing happens later, in parallel.
struct RawSlice {
  std::string text;
  std::vector<RecordRef> records;
  std::string_view record(std::size_t i) const {
    return std::string_view(text).substr(records[i].offset, records[i].length);
  }
};

/// A PuzzleReader's buffer sizes. The defaults suit every input; tests and fuzz targets pass
/// tiny ones so that a few bytes of input reach the paths of a line that spans reads or outgrows
/// the buffer or `max_line`, which the defaults only reach with files of hundreds of KB.
struct ReaderLimits {
  std::size_t buffer = 256 * 1024;   ///< bytes read at a time (zlib's, at least 8 KiB); at least 1
  /// Longest line kept; the rest of a longer line is dropped (the record is then reported as
  /// too long), so one line without newlines cannot exhaust memory. At least 1.
  std::size_t max_line = 64 * 1024;
};

/// One part of an input for a distributed run: shard `index` of `count` (0-based).
struct Shard {
  uint32_t index = 0, count = 1;
  bool whole() const noexcept { return count <= 1; }
  /// Where this shard's share of `total` units begins and ends (one past): floor(total*K/N)
  /// to floor(total*(K+1)/N), without overflow. The shards partition 0 .. total.
  uint64_t begin(uint64_t total) const noexcept { return at(total, index); }
  uint64_t end(uint64_t total) const noexcept { return at(total, index + 1); }

 private:
  uint64_t at(uint64_t total, uint64_t k) const noexcept {
    return total / count * k + total % count * k / count;
  }
};
/// "K/N" (0 <= K < N); nullopt when the text is not one.
std::optional<Shard> parse_shard(std::string_view text);

/// Where the driver's records come from: a file (PuzzleReader) or memory (the Python module's
/// arrays and strings, python/). Not thread-safe: the driver calls it from its serial stage.
class RecordSource {
 public:
  virtual ~RecordSource() = default;
  /// Clears `slice` and fills it with up to `max_records` records. Returns false when there
  /// is nothing more to read (end of input, or a read error: see error()), and from then on.
  virtual bool read(RawSlice& slice, std::size_t max_records) = 0;
  /// The format, known once the first record has been read.
  virtual const Format& format() const noexcept = 0;
  /// A read error that ended the input early, or empty.
  virtual const std::string& error() const noexcept = 0;
  /// How much of the input is consumed and its size (0 when unknown), in any unit: progress.
  virtual uint64_t bytes_consumed() const noexcept = 0;
  virtual uint64_t total_bytes() const noexcept = 0;
};

/// Reads records from one input. Not thread-safe (the driver calls it from its serial stage).
/// A UTF-8 byte order mark at the start of the input is skipped.
class PuzzleReader final : public RecordSource {
 public:
  /// The default longest line kept (ReaderLimits::max_line).
  static constexpr std::size_t kMaxLine = ReaderLimits{}.max_line;
  /// The most of a record of Extent::until_start or rest kept (a nonogram tournament record, a
  /// whole .non file: a few KB when real); the lines past it are read, not kept, and the record
  /// then fails to parse, so a huge file that starts like one cannot exhaust memory.
  static constexpr std::size_t kMaxRecord = 1 << 20;

  /// Opens `path` ("-" is stdin). `size` fixes every record's size (Format::size; 0: each record's own).
  /// Throws InputError when the file cannot be opened.
  PuzzleReader(std::string path, int size = 0, ReaderLimits limits = {});
  ~PuzzleReader() override;
  PuzzleReader(const PuzzleReader&) = delete;
  PuzzleReader& operator=(const PuzzleReader&) = delete;

  /// Reads only shard `s` of the input (before the first read()). A plain file is cut into
  /// `count` byte ranges: the shard keeps the records whose first line starts in its range, so
  /// the shards of a file partition its records in order, and stops at the end of its range.
  /// Lines before the range are only scanned for line breaks (line numbers stay the file's
  /// own; a CSV header is still read). gzip and streams fall back to record index mod count.
  void shard(Shard s);
  /// Drops the records that start on lines up to `line` (a resumed run has their rows), before
  /// the first read(). They are still read, to keep the line count, the grid rows and the
  /// shard's record index right, but not returned.
  void skip_through(uint64_t line) noexcept { skip_through_ = line; }
  /// "bytes" or "records mod N": how shard() splits this input (for the provenance).
  std::string shard_mode() const;

  /// Clears `slice` and fills it with up to `max_records` records. Returns false when there
  /// is nothing more to read (end of input, or a read error: see error()), and from then on.
  bool read(RawSlice& slice, std::size_t max_records) override;

  /// The format, known once the first record has been read.
  const Format& format() const noexcept override { return format_; }
  const std::string& path() const noexcept { return path_; }
  /// A read error that ended the input early ("corrupt gzip data after line 1200"), or empty.
  const std::string& error() const noexcept override { return error_; }
  /// Bytes of the file consumed so far (up to the end of the last line returned; estimated in
  /// a gzip file) and its size (0 when unknown, as for stdin): progress.
  uint64_t bytes_consumed() const noexcept override;
  uint64_t total_bytes() const noexcept override;

 private:
  bool next_line(std::string_view& line);      // false at end of input or on error
  bool next_raw_line(std::string_view& line);  // next_line, byte order mark included
  bool fill();

  std::string path_;
  void* gz_ = nullptr;  // gzFile
  std::vector<char> buf_;
  std::size_t begin_ = 0, end_ = 0;  // unread bytes are buf_[begin_, end_)
  bool eof_ = false;
  uint64_t line_no_ = 0;
  uint64_t total_ = 0;
  bool gzip_ = false;        // a regular file with the gzip magic
  uint64_t read_total_ = 0;  // bytes delivered by zlib so far (file bytes for a plain file)
  uint64_t line_start_ = 0;  // offset of the line next_line() returned last
  Shard shard_;
  bool by_bytes_ = false;    // shard_ as a byte range [from_, to_), else by record index
  uint64_t from_ = 0, to_ = 0, record_index_ = 0;
  uint64_t skip_through_ = 0;
  bool detected_ = false;
  Format format_;
  int size_ = 0;
  std::string error_;
  std::size_t max_line_;
  std::string long_line_;  // a line longer than the buffer, assembled here
  // A record of Extent::until_start ends where the next one's first line starts: that line,
  // read ahead, is held here (with its line number and offset) for the next record.
  std::string held_;
  bool holding_ = false;
  uint64_t held_line_ = 0, held_start_ = 0;
};

/// SHA-256 of a file's bytes, as lowercase hex ("" for a stream: stdin, a pipe, a device, which
/// can be read only once). Throws InputError.
std::string sha256_file(const std::string& path);

/// The kind of puzzle in the file `path`: its first data line decides. the fallback row's (kinds.hpp) when it cannot
/// be read (the run then reports that). Not for a stream (is_stream), which it would consume.
PuzzleKind file_kind(const std::string& path);

/// The solver used when none is named, for the files `files` (`size`: the caller's --size, 0
/// for any): registry.hpp's default_solver for the first puzzle of each that is not a stream,
/// of the kind of the first of them (file_kind), so the fastest solver that takes their sizes.
/// A file that cannot be read, or whose first puzzle has an error, is not asked (the run
/// reports it).
std::string default_solver_for(const Registry& registry, const std::vector<std::string>& files, int size = 0);
/// Whether `info` takes the first puzzle of each of `files` (as default_solver_for reads them):
/// their kind and size (`bench`'s default, every solver that does).
bool takes_files(const SolverInfo& info, const std::vector<std::string>& files, int size = 0);

/// True for an input that can be read only once: "-" (stdin), a FIFO, a character device.
bool is_stream(const std::string& path);

}  // namespace puzzle::io
