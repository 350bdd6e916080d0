#pragma once
// Streaming input: reads puzzle records from a file (plain or gzip, detected from the content)
// or stdin ("-"), a slice at a time, so memory stays flat whatever the file's size.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoku/io/parse.hpp"

namespace sudoku {

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

/// Reads records from one input. Not thread-safe (the driver calls it from its serial stage).
/// A UTF-8 byte order mark at the start of the input is skipped.
class PuzzleReader {
 public:
  /// The default longest line kept (ReaderLimits::max_line).
  static constexpr std::size_t kMaxLine = ReaderLimits{}.max_line;

  /// Opens `path` ("-" is stdin). `box` fixes the grid size (0: from each line's length).
  /// Throws InputError when the file cannot be opened.
  PuzzleReader(std::string path, int box = 0, ReaderLimits limits = {});
  ~PuzzleReader();
  PuzzleReader(const PuzzleReader&) = delete;
  PuzzleReader& operator=(const PuzzleReader&) = delete;

  /// Clears `slice` and fills it with up to `max_records` records. Returns false when there
  /// is nothing more to read (end of input, or a read error: see error()), and from then on.
  bool read(RawSlice& slice, std::size_t max_records);

  /// The format, known once the first record has been read.
  const Format& format() const noexcept { return format_; }
  const std::string& path() const noexcept { return path_; }
  /// A read error that ended the input early ("corrupt gzip data after line 1200"), or empty.
  const std::string& error() const noexcept { return error_; }
  /// Bytes of the file consumed so far and its size (0 when unknown, as for stdin): progress.
  uint64_t bytes_consumed() const noexcept;
  uint64_t total_bytes() const noexcept { return total_; }

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
  bool detected_ = false;
  Format format_;
  int box_ = 0;
  std::string error_;
  std::size_t max_line_;
  std::string long_line_;  // a line longer than the buffer, assembled here
};

/// SHA-256 of a file's bytes, as lowercase hex ("" for a stream: stdin, a pipe, a device, which
/// can be read only once). Throws InputError.
std::string sha256_file(const std::string& path);

/// True for an input that can be read only once: "-" (stdin), a FIFO, a character device.
bool is_stream(const std::string& path);

}  // namespace sudoku
