#include "io/reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cstring>
#include <span>

#include <fmt/format.h>


namespace puzzle::io {
namespace {

// Reads are at most this large whatever ReaderLimits says: gzread() takes an unsigned count
// and returns an int.
constexpr std::size_t kMaxBuffer = std::size_t{1} << 30;
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

gzFile as_gz(void* p) { return static_cast<gzFile>(p); }

bool is_skipped(std::string_view line) {
  const auto b = line.find_first_not_of(" \t\r");
  return b == std::string_view::npos || line[b] == '#';
}

}  // namespace

PuzzleReader::PuzzleReader(std::string path, int size, ReaderLimits limits)
    : path_(std::move(path)), size_(size), max_line_(std::max<std::size_t>(limits.max_line, 1)) {
  const std::size_t buffer = std::clamp<std::size_t>(limits.buffer, 1, kMaxBuffer);
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
    if (S_ISREG(st.st_mode)) {
      total_ = static_cast<uint64_t>(st.st_size);
      unsigned char magic[2] = {0, 0};
      gzip_ = ::pread(fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    }
  }
  gz_ = gzdopen(fd, "rb");  // reads plain files transparently
  if (gz_ == nullptr) {
    ::close(fd);
    throw InputError(fmt::format("{}: cannot open: out of memory", path_));
  }
  // zlib's buffer as large, but at least zlib's default: with 2-4 bytes, zlib 1.2.13 ends a cut
  // gzip stream early and without an error (found by fuzz/fuzz_gzip.cpp).
  gzbuffer(as_gz(gz_), static_cast<unsigned>(std::max<std::size_t>(buffer, 8192)));
  buf_.resize(buffer);
}

PuzzleReader::~PuzzleReader() {
  if (gz_ != nullptr) gzclose(as_gz(gz_));
}

uint64_t PuzzleReader::bytes_consumed() const noexcept {
  // Up to the end of the last line returned, not of what is read into the buffer: that may be a
  // whole buffer (256 KiB, thousands of records: a whole small file), which at a second a record
  // would put the progress an hour ahead. A plain file is read from its start, so that is exact;
  // zlib's gzoffset() is not (reading a plain file it counts bytes zlib holds but has not handed
  // over, and the progress stepped back by 256 KiB).
  const uint64_t unread = end_ - begin_;
  uint64_t done = read_total_ - unread;
  if (gzip_) {  // the compressed bytes read, in the share of the text returned
    const auto off = gzoffset(as_gz(gz_));
    const uint64_t compressed = off < 0 ? 0 : static_cast<uint64_t>(off);
    done = read_total_ == 0 ? 0 : static_cast<uint64_t>(static_cast<double>(compressed) * static_cast<double>(done) / static_cast<double>(read_total_));
  }
  if (!by_bytes_) return done;
  return std::min(done, to_) - std::min(done, from_);  // within the shard's range
}

uint64_t PuzzleReader::total_bytes() const noexcept { return by_bytes_ ? to_ - from_ : total_; }

std::optional<Shard> parse_shard(std::string_view text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  auto num = [](std::string_view t, uint32_t& v) {
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return !t.empty() && ec == std::errc() && p == t.data() + t.size();
  };
  Shard s;
  if (!num(text.substr(0, slash), s.index) || !num(text.substr(slash + 1), s.count)) return std::nullopt;
  if (s.count == 0 || s.index >= s.count) return std::nullopt;
  return s;
}

void PuzzleReader::shard(Shard s) {
  shard_ = s;
  by_bytes_ = !s.whole() && total_ > 0 && !gzip_;
  if (by_bytes_) {
    from_ = s.begin(total_);
    to_ = s.end(total_);
  }
}

std::string PuzzleReader::shard_mode() const {
  if (shard_.whole()) return "whole";
  return by_bytes_ ? "bytes" : fmt::format("records mod {}", shard_.count);
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
  read_total_ += static_cast<uint64_t>(n);
  return true;
}

bool PuzzleReader::next_line(std::string_view& line) {
  if (!next_raw_line(line)) return false;
  // A UTF-8 byte order mark (Windows editors write one) is not part of the first line.
  if (line_no_ == 1 && line.starts_with(kUtf8Bom)) line.remove_prefix(kUtf8Bom.size());
  return true;
}

bool PuzzleReader::next_raw_line(std::string_view& line) {
  line_start_ = read_total_ - (end_ - begin_);
  long_line_.clear();
  bool dropping = false;  // past max_line_: discard the rest of the line
  auto keep = [&](const char* p, std::size_t n) {
    if (dropping) return;
    long_line_.append(p, std::min(n, max_line_ - long_line_.size()));
    dropping = long_line_.size() >= max_line_;
  };
  while (true) {
    const char* start = buf_.data() + begin_;
    const void* nl = std::memchr(start, '\n', end_ - begin_);
    if (nl != nullptr) {
      const std::size_t len = static_cast<std::size_t>(static_cast<const char*>(nl) - start);
      ++line_no_;
      begin_ += len + 1;
      if (long_line_.empty() && !dropping) {
        line = std::string_view(start, std::min(len, max_line_));  // valid until the next call
      } else {
        keep(start, len);
        line = long_line_;
      }
      return true;
    }
    // No newline: a line longer than the buffer moves into long_line_ (bounded by max_line_).
    if (end_ - begin_ == buf_.size() || !long_line_.empty() || dropping) {
      keep(start, end_ - begin_);
      begin_ = end_;
    }
    if (!fill()) {
      keep(buf_.data() + begin_, end_ - begin_);  // a last line without a newline
      begin_ = end_;
      // Unless the input broke off there (a truncated gzip, an I/O error): then it is a piece
      // of a line, not a line, and reading it as a record would count a puzzle the file does not
      // hold. The error names the last whole line.
      if (!error_.empty()) return false;
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
    uint64_t line_no = 0, record_start = 0;
    if (holding_) {  // a record's first line, read ahead by the record before
      holding_ = false;
      line = held_;
      line_no = held_line_;
      record_start = held_start_;
    } else {
      if (!next_line(line)) break;
      if (is_skipped(line)) continue;
      line_no = line_no_;
      record_start = line_start_;
    }
    if (!detected_) {
      detected_ = true;
      std::string err;
      if (!detect_format(line, size_, format_, err)) {
        error_ = fmt::format("{}:{}: {}", path_, line_no_, err);
        eof_ = true;
        begin_ = end_;  // nothing more is read: a later read() returns false too
        break;
      }
      if (format_.header) continue;  // the header row is not a record
    }
    if (by_bytes_ && record_start >= to_) {  // the next shard's records begin here
      eof_ = true;
      begin_ = end_;
      break;
    }
    RecordRef ref{line_no, static_cast<uint32_t>(slice.text.size()), 0};
    slice.text.append(line);
    if (format_.extent != Format::Extent::lines) {
      // Every line up to the next record's first (Extent::until_start) or the end (rest),
      // blank ones too: a tournament record's empty clue may be a blank line.
      std::string_view more;
      const std::size_t cap = slice.text.size() + kMaxRecord;
      while (next_line(more)) {
        if (format_.extent == Format::Extent::until_start && format_.starts_record(more)) {
          held_.assign(more);
          held_line_ = line_no_;
          held_start_ = line_start_;
          holding_ = true;
          break;
        }
        if (slice.text.size() >= cap) continue;  // read on (the line count), kept no more
        slice.text += '\n';
        slice.text.append(more);
      }
    }
    // The record's remaining data lines (a grid's rows), skipping comments and blank lines.
    for (int r = 1; r < format_.record_lines; ++r) {
      std::string_view more;
      bool got = false;
      while (next_line(more)) {
        if (!is_skipped(more)) {
          got = true;
          break;
        }
      }
      if (!got) break;  // a short final record: the parser reports the missing lines
      slice.text += '\n';
      slice.text.append(more);
    }
    // A record the input broke off in the middle of (a read error; see next_raw_line) is not
    // a record: the read error says where the input ended.
    if (!error_.empty()) {
      slice.text.resize(ref.offset);
      break;
    }
    // Another shard's record, or one a resumed run has (read to keep the line count and the
    // grid rows right): dropped.
    const bool mine = by_bytes_ ? record_start >= from_ : record_index_++ % shard_.count == shard_.index;
    if (!mine || ref.line <= skip_through_) {
      slice.text.resize(ref.offset);
      continue;
    }
    ref.length = static_cast<uint32_t>(slice.text.size() - ref.offset);
    slice.records.push_back(ref);
  }
  return !slice.records.empty();
}

namespace {

/// use(kind, puzzles): the kind of the first of `files` that is not a stream (file_kind) and the
/// first puzzle of each file of that kind that can be read without an error.
template <class F>
void with_first_puzzles(const std::vector<std::string>& files, int size, F&& use) {
  const auto first = std::find_if(files.begin(), files.end(), [](const std::string& p) { return !is_stream(p); });
  const PuzzleKind kind = first == files.end() ? Kinds::fallback : file_kind(*first);
  Kinds::visit(kind, [&](auto row) {
    using R = decltype(row);
    std::vector<typename R::Puzzle> puzzles;
    puzzles.reserve(files.size());
    for (const std::string& f : files) {
      if (is_stream(f)) continue;
      try {
        PuzzleReader reader(f, size);
        RawSlice slice;
        reader.read(slice, 1);
        if (reader.format().kind != kind || slice.records.empty()) continue;
        Record<R> record = R::parse(reader.format(), slice.record(0));
        if (record.error.empty()) puzzles.push_back(std::move(record.puzzle));
      } catch (const InputError&) {
      }
    }
    const std::vector<PuzzleRef> refs(puzzles.begin(), puzzles.end());
    use(kind, std::span<const PuzzleRef>(refs));
  });
}

}  // namespace

std::string default_solver_for(const Registry& registry, const std::vector<std::string>& files, int size) {
  std::string name;
  with_first_puzzles(files, size, [&](PuzzleKind kind, std::span<const PuzzleRef> puzzles) {
    name = default_solver(registry, kind, puzzles);
  });
  return name;
}

bool takes_files(const SolverInfo& info, const std::vector<std::string>& files, int size) {
  bool takes = true;
  with_first_puzzles(files, size, [&](PuzzleKind, std::span<const PuzzleRef> puzzles) {
    for (const PuzzleRef& p : puzzles)
      Kinds::each([&](auto row) {
        using R = decltype(row);
        if (const auto* puzzle = p.get<typename R::Puzzle>())
          takes = takes && info.solves(R::id) && !R::size_refused(*puzzle, info);
      });
  });
  return takes;
}

PuzzleKind file_kind(const std::string& path) {
  try {
    PuzzleReader reader(path, 0);
    RawSlice slice;
    reader.read(slice, 1);
    return reader.format().kind;
  } catch (const InputError&) {
    return Kinds::fallback;
  }
}

}  // namespace puzzle::io
