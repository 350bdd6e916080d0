#include "sudoku/io/reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace sudoku {
namespace {

constexpr std::size_t kBufferSize = 256 * 1024;

gzFile as_gz(void* p) { return static_cast<gzFile>(p); }

bool is_skipped(std::string_view line) {
  const auto b = line.find_first_not_of(" \t\r");
  return b == std::string_view::npos || line[b] == '#';
}

}  // namespace

PuzzleReader::PuzzleReader(std::string path, int box) : path_(std::move(path)), box_(box) {
  int fd = -1;
  if (path_ == "-") {
    fd = dup(STDIN_FILENO);
  } else {
    fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  }
  if (fd < 0)
    throw InputError(fmt::format("{}: cannot open: {}", path_, std::strerror(errno)));
  struct stat st {};
  if (fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      ::close(fd);
      throw InputError(fmt::format("{}: cannot read: is a directory", path_));
    }
    if (S_ISREG(st.st_mode)) total_ = static_cast<uint64_t>(st.st_size);
  }
  gz_ = gzdopen(fd, "rb");  // reads plain files transparently
  if (gz_ == nullptr) {
    ::close(fd);
    throw InputError(fmt::format("{}: cannot open: out of memory", path_));
  }
  gzbuffer(as_gz(gz_), kBufferSize);
  buf_.resize(kBufferSize);
}

PuzzleReader::~PuzzleReader() {
  if (gz_ != nullptr) gzclose(as_gz(gz_));
}

uint64_t PuzzleReader::bytes_consumed() const noexcept {
  const auto off = gzoffset(as_gz(gz_));
  return off < 0 ? 0 : static_cast<uint64_t>(off);
}

bool PuzzleReader::fill() {
  if (eof_) return false;
  if (begin_ > 0) {  // move the unread tail to the front
    std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  const int n = gzread(as_gz(gz_), buf_.data() + end_, static_cast<unsigned>(buf_.size() - end_));
  if (n < 0) {
    int err = 0;
    const char* msg = gzerror(as_gz(gz_), &err);
    error_ = fmt::format("{}: read error after line {}: {}", path_, line_no_,
                         err == Z_ERRNO ? std::strerror(errno) : msg);
    eof_ = true;
    return false;
  }
  if (n == 0) {
    eof_ = true;
    int err = 0;
    const char* msg = gzerror(as_gz(gz_), &err);
    if (err != Z_OK && err != Z_STREAM_END)
      error_ = fmt::format("{}: read error after line {}: {}", path_, line_no_,
                           err == Z_BUF_ERROR ? "truncated gzip data" : msg);
    return false;
  }
  end_ += static_cast<std::size_t>(n);
  return true;
}

bool PuzzleReader::next_line(std::string_view& line) {
  long_line_.clear();
  bool dropping = false;  // past kMaxLine: discard the rest of the line
  auto keep = [&](const char* p, std::size_t n) {
    if (dropping) return;
    long_line_.append(p, std::min(n, kMaxLine - long_line_.size()));
    dropping = long_line_.size() >= kMaxLine;
  };
  while (true) {
    const char* start = buf_.data() + begin_;
    const void* nl = std::memchr(start, '\n', end_ - begin_);
    if (nl != nullptr) {
      const std::size_t len = static_cast<std::size_t>(static_cast<const char*>(nl) - start);
      ++line_no_;
      begin_ += len + 1;
      if (long_line_.empty() && !dropping) {
        line = std::string_view(start, len);  // valid until the next call
      } else {
        keep(start, len);
        line = long_line_;
      }
      return true;
    }
    // No newline: a line longer than the buffer moves into long_line_ (bounded by kMaxLine).
    if (end_ - begin_ == buf_.size() || !long_line_.empty() || dropping) {
      keep(start, end_ - begin_);
      begin_ = end_;
    }
    if (!fill()) {
      keep(buf_.data() + begin_, end_ - begin_);  // a last line without a newline
      begin_ = end_;
      if (long_line_.empty() && !dropping) return false;
      ++line_no_;
      line = long_line_;
      return true;
    }
  }
}

bool PuzzleReader::read(RawSlice& slice, std::size_t max_records) {
  slice.text.clear();
  slice.records.clear();
  std::string_view line;
  while (slice.records.size() < max_records) {
    if (!next_line(line)) break;
    if (is_skipped(line)) continue;
    if (!detected_) {
      detected_ = true;
      std::string err;
      if (!detect_format(line, box_, format_, err)) {
        error_ = fmt::format("{}:{}: {}", path_, line_no_, err);
        eof_ = true;
        break;
      }
      if (format_.kind == Format::Kind::csv) continue;  // the header row is not a record
    }
    RecordRef ref{line_no_, static_cast<uint32_t>(slice.text.size()), 0};
    slice.text.append(line);
    if (format_.kind == Format::Kind::grid) {
      // Gather the grid's remaining rows, skipping comments and blank lines.
      const int rows = format_.box * format_.box;
      for (int r = 1; r < rows; ++r) {
        std::string_view more;
        bool got = false;
        while (next_line(more)) {
          if (!is_skipped(more)) {
            got = true;
            break;
          }
        }
        if (!got) break;  // a short final grid: the parser reports the missing rows
        slice.text += '\n';
        slice.text.append(more);
      }
    }
    ref.length = static_cast<uint32_t>(slice.text.size() - ref.offset);
    slice.records.push_back(ref);
  }
  return !slice.records.empty();
}

}  // namespace sudoku
