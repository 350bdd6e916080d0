#include "io/output.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace puzzle::io {
namespace {

constexpr std::size_t kBuffer = 1 << 16;
// What is buffered reaches the file at least this often, so that a `kill -9` or a lost node
// costs at most this much of a slow run's rows (a rating run writes a 64 KiB buffer in seconds,
// the naive solver on hard puzzles in hours).
constexpr auto kFlushEvery = std::chrono::seconds(1);

/// Takes the partial file's lock (flock: held while the descriptor is open, dropped by the
/// kernel when its process ends, even by `kill -9`): false when another run holds it. A file
/// system without such locks lets everyone in, as before.
bool lock_partial(int fd, int how) { return ::flock(fd, how | LOCK_NB) == 0 || errno != EWOULDBLOCK; }

/// Whether a run still going holds the lock of the partial file at `partial`.
bool partial_in_use(const std::string& partial) {
  const int fd = ::open(partial.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool free = lock_partial(fd, LOCK_SH);
  ::close(fd);
  return !free;
}

}  // namespace

std::string partial_name(const std::string& path) { return path + ".partial"; }

bool same_file(const std::string& a, const std::string& b) {
  if (a == "-" || b == "-") return a == b;
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  namespace fs = std::filesystem;
  std::error_code ea, eb;
  const fs::path pa = fs::weakly_canonical(fs::absolute(a, ea), ea);
  const fs::path pb = fs::weakly_canonical(fs::absolute(b, eb), eb);
  return !ea && !eb && pa == pb;
}

OutputFile::OutputFile(std::string path, std::string what, int stdout_fd)
    : path_(std::move(path)), what_(std::move(what)), stdout_fd_(stdout_fd) {}

OutputFile::~OutputFile() { abandon(); }

void OutputFile::open() {
  if (is_stdout()) {
    fd_ = stdout_fd_;
    return;
  }
  struct stat st {};
  const bool exists = ::stat(path_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode))
    throw OutputError(fmt::format("{}: cannot write {}: is a directory", path_, what_));
  renames_ = !exists || S_ISREG(st.st_mode);
  if (!renames_) {  // a device or a FIFO: written in place, never replaced
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
  } else {
    partial_ = partial_name(path_);
    // O_EXCL: a partial file left by an earlier run is never overwritten, only continued
    // when the caller asked to resume it.
    // Each run holds the partial file's lock while it writes: a second run on the same output
    // (another shell, a job array's duplicate) is refused, never let in to cut or interleave
    // rows, whether it starts afresh or with --resume.
    const auto in_use = [this] {
      return OutputError(fmt::format("{}: cannot write {}: {} is being written by another run that is "
                                     "still going; wait for it to end (or stop it) and run again",
                                     path_, what_, partial_));
    };
    fd_ = ::open(partial_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    const bool existed = fd_ < 0 && errno == EEXIST;
    if (existed && resume_) {
      fd_ = ::open(partial_.c_str(), O_WRONLY | O_CLOEXEC);
    } else if (existed) {
      if (partial_in_use(partial_)) throw in_use();
      throw OutputError(fmt::format(
          "{}: cannot write {}: {} exists, left by an earlier run that did not finish; {}", path_, what_,
          partial_,
          resumable_ ? "rerun the same command with --resume to continue it, or move it away"
                     : "this command cannot continue it: move it away (or delete it) and run again"));
    }
    // Locked before a resumed file is cut (a new one: a resuming run may have taken it first).
    if (fd_ >= 0 && !lock_partial(fd_, LOCK_EX)) {
      ::close(fd_);
      fd_ = -1;
      throw in_use();
    }
    if (fd_ >= 0 && existed) {
      if (::ftruncate(fd_, static_cast<off_t>(keep_)) != 0 || ::lseek(fd_, 0, SEEK_END) < 0) {
        const int e = errno;
        ::close(fd_);
        throw OutputError(fmt::format("{}: cannot continue {}: {}", path_, partial_, std::strerror(e)));
      }
      good_ = keep_;
    }
  }
  if (fd_ < 0) {
    const int e = errno;
    const std::string folder = std::filesystem::path(path_).parent_path().string();
    std::string hint;
    if (e == ENOENT && !folder.empty() && !std::filesystem::exists(folder))
      hint = fmt::format(" (the folder {} does not exist)", folder);
    throw OutputError(fmt::format("{}: cannot write {}: {}{}", path_, what_, std::strerror(e), hint));
  }
  owned_ = true;
  buf_.reserve(kBuffer);
  flushed_ = std::chrono::steady_clock::now();
}

bool OutputFile::has_partial() const {
  struct stat st {};
  return !is_stdout() && ::stat(partial_name(path_).c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

void OutputFile::fail(int err, const char* doing) {
  // Cut the partial file back to its last whole write, so it ends on a complete row (this also
  // frees the space a full disk needs for the cut to succeed).
  if (renames_ && fd_ >= 0) {
    if (::ftruncate(fd_, static_cast<off_t>(good_)) != 0) {
      // Nothing more can be done: the message below still names the file.
    }
  }
  buf_.clear();
  const std::string& name = current_path() == "-" ? path_ : current_path();
  throw WriteError(fmt::format("{}: {} {} failed: {}", name == "-" ? "stdout" : name, doing, what_,
                               std::strerror(err)),
                   err == EPIPE);
}

void OutputFile::write_out(std::string_view data) {
  const char* p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(errno, "writing");
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  good_ += data.size();
}

void OutputFile::write(std::string_view data) {
  if (fd_ < 0) throw WriteError(fmt::format("{}: {} is not open", path_, what_), false);
  if (buf_.size() + data.size() > kBuffer) flush();
  if (data.size() >= kBuffer) {
    write_out(data);
    return;
  }
  const bool first = good_ == 0 && buf_.empty();
  buf_.insert(buf_.end(), data.begin(), data.end());
  if (first || std::chrono::steady_clock::now() - flushed_ >= kFlushEvery) flush();
}

void OutputFile::flush() {
  if (fd_ < 0 || buf_.empty()) return;
  const std::string_view pending(buf_.data(), buf_.size());
  write_out(pending);
  buf_.clear();
  flushed_ = std::chrono::steady_clock::now();
}

void OutputFile::commit() {
  if (committed_ || fd_ < 0) return;
  flush();
  if (renames_) {
    if (::fsync(fd_) != 0) fail(errno, "syncing");
    if (::close(fd_) != 0) {
      fd_ = -1;
      fail(errno, "closing");
    }
    fd_ = -1;
    owned_ = false;
    if (std::rename(partial_.c_str(), path_.c_str()) != 0)
      throw WriteError(fmt::format("{}: renaming {} to it failed: {}", path_, partial_, std::strerror(errno)),
                       false);
  }
  committed_ = true;
}

void OutputFile::discard() noexcept {
  buf_.clear();
  if (fd_ >= 0 && owned_) ::close(fd_);
  fd_ = -1;
  owned_ = false;
  if (renames_ && !committed_) ::unlink(partial_.c_str());
  discarded_ = true;
}

void OutputFile::abandon() noexcept {
  if (fd_ < 0) return;
  try {
    flush();
  } catch (const WriteError&) {
    // The file already ends on the last whole row (fail() cut it there).
  }
  if (owned_) ::close(fd_);
  fd_ = -1;
  owned_ = false;
}

}  // namespace puzzle::io
