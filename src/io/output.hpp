#pragma once
// Results files that never lose data.
//
// A regular file is written under `PATH.partial` in the same folder and renamed to PATH only by
// commit(), so a failed or interrupted run never leaves a cut file under the final name, and
// what the user had at PATH stays until the new file is complete. Every write is checked: a
// failure (disk full, I/O error) throws WriteError naming the file, after cutting the partial
// file back to its last complete write, so it always ends on a whole row. A run that stops
// without commit() keeps the partial file, and what was written reaches it at least once a
// second, so a `kill -9` loses at most that. With resume_at(), a partial file left by an earlier
// run is continued instead of refused (--resume). A run holds a lock on its partial file while
// it writes (flock, which the kernel drops when the process ends, however it ends), so a second
// run on the same output is refused, whether fresh or resuming. Devices and pipes (`-` for
// stdout, /dev/null, a FIFO) are written in place: they cannot be renamed over.
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace puzzle::io {

/// A write that failed; the message names the file. broken_pipe(): the reader of a pipe went
/// away (`| head`), which is not an error to report.
class WriteError : public std::runtime_error {
 public:
  WriteError(const std::string& what, bool broken_pipe)
      : std::runtime_error(what), broken_pipe_(broken_pipe) {}
  bool broken_pipe() const noexcept { return broken_pipe_; }

 private:
  bool broken_pipe_;
};

/// An output that cannot be opened (exit 2 before any work); the message names the file.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class OutputFile {
 public:
  /// `path`: "-" for standard output (written to `stdout_fd`: a caller that runs commands in its
  /// own process gives its own); `what` names it in messages ("rows", "summary"). Nothing is
  /// opened until open().
  OutputFile(std::string path, std::string what, int stdout_fd = 1);
  ~OutputFile();  ///< closes; an uncommitted regular file stays as its partial file
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  /// Creates the partial file (or opens the device). Throws OutputError: a folder that does
  /// not exist, no permission, a directory, a partial file left by an earlier run (never
  /// overwritten: it may be all that is left of hours of work), or one that a run still going
  /// is writing (its lock), even with resume_at().
  void open();
  /// Before open(): continue the partial file an earlier run left, if there is one, instead of
  /// refusing it. open() cuts it to its first `bytes` bytes (its complete rows, which the
  /// caller has checked) and writes after them; bytes_written() starts there.
  void resume_at(uint64_t bytes) noexcept { resume_ = true, keep_ = bytes; }
  /// Whether the command can continue a partial file (it has --resume), for the message of
  /// open()'s refusal of one; true unless said otherwise.
  void resumable(bool on) noexcept { resumable_ = on; }
  bool resumes() const noexcept { return resume_; }
  /// The partial file an earlier run left (a regular file), if there is one.
  bool has_partial() const;
  /// Appends `data`, which should end on a whole row: a failed write cuts the file back to the
  /// end of the last successful write() call. The first write (the `#` lines and the header)
  /// reaches the file at once, so that a partial file is never empty. Throws WriteError.
  void write(std::string_view data);
  /// Pushes buffered data to the file (at the end of each pass or repetition, before a
  /// signal's exit). Throws WriteError.
  void flush();
  /// Flushes, syncs and renames the partial file to its final name. Throws WriteError.
  void commit();
  /// Flushes what is buffered (quietly: an error here leaves the last good rows) and closes;
  /// the partial file stays. Called by the destructor.
  void abandon() noexcept;

  /// Closes and removes the partial file: for an output that is worthless when incomplete and
  /// quick to make again (a merge that found its parts inconsistent).
  void discard() noexcept;
  /// The partial file stays: written under a partial name, neither committed nor discarded.
  bool kept_partial() const noexcept { return renames_ && !committed_ && !discarded_; }

  const std::string& path() const noexcept { return path_; }
  const std::string& what() const noexcept { return what_; }
  bool is_stdout() const noexcept { return path_ == "-"; }
  /// Written under a partial name (a regular file), renamed by commit().
  bool renames() const noexcept { return renames_; }
  /// Where the bytes go now: the partial file, or the path itself.
  const std::string& current_path() const noexcept { return renames_ ? partial_ : path_; }
  bool committed() const noexcept { return committed_; }
  uint64_t bytes_written() const noexcept { return good_; }

 private:
  void write_out(std::string_view data);  // throws WriteError
  [[noreturn]] void fail(int err, const char* doing);

  std::string path_, what_, partial_;
  int fd_ = -1;
  int stdout_fd_;
  bool owned_ = false, renames_ = false, committed_ = false, resume_ = false, discarded_ = false;
  bool resumable_ = true;
  uint64_t keep_ = 0;
  std::vector<char> buf_;
  std::chrono::steady_clock::time_point flushed_;  // the last flush: at least once a second
  uint64_t good_ = 0;  // bytes on disk that end on a whole write() call
};

/// The name of a path's partial file: `rows.csv` -> `rows.csv.partial`.
std::string partial_name(const std::string& path);

/// True when `a` and `b` name the same file: the same inode when both exist, else the same
/// absolute, normalised path. "-" equals only "-".
bool same_file(const std::string& a, const std::string& b);

}  // namespace puzzle::io
