// One shared library and its private instances (library.hpp).
#include "ext/library.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "ext/load.hpp"

#ifndef MFD_EXEC
#define MFD_EXEC 0x0010U  // Linux 6.3: ask for an executable memfd where the default is not
#endif

namespace puzzle::ext {
namespace {

/// Writes all of `bytes` to `fd`; false with errno set on failure.
bool write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

void* dlopen_private(const std::string& where, std::string& why) {
  ::dlerror();
  void* h = ::dlopen(where.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (h == nullptr) {
    const char* e = ::dlerror();
    why = e != nullptr ? e : "unknown error";
  }
  return h;
}

std::mutex g_open_mutex;
std::map<std::string, std::shared_ptr<Library>>& opened() {
  static std::map<std::string, std::shared_ptr<Library>> m;  // never closed, like the handles
  return m;
}

}  // namespace

namespace detail {

void* load_copy_in_memory(const std::string& bytes, const std::string& name, std::string& why) {
  int fd = ::memfd_create(name.c_str(), MFD_CLOEXEC | MFD_EXEC);
  if (fd < 0 && errno == EINVAL) fd = ::memfd_create(name.c_str(), MFD_CLOEXEC);  // before 6.3
  if (fd < 0) {
    why = fmt::format("memfd_create: {}", std::strerror(errno));
    return nullptr;
  }
  if (!write_all(fd, bytes)) {
    why = fmt::format("writing the copy in memory: {}", std::strerror(errno));
    ::close(fd);
    return nullptr;
  }
  void* h = dlopen_private(fmt::format("/proc/self/fd/{}", fd), why);
  // On success the descriptor stays open for the life of the process: glibc knows the
  // instance by its name, /proc/self/fd/N, and a later copy under the same N would be taken
  // for this one.
  if (h == nullptr) ::close(fd);
  return h;
}

void* load_copy_in_file(const std::string& bytes, const std::string& name, std::string& why) {
  static std::atomic<uint64_t> counter{0};
  const char* tmp = std::getenv("TMPDIR");
  std::string dir = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/sudoku-bench-plugin-copy-XXXXXX";
  if (::mkdtemp(dir.data()) == nullptr) {
    why = fmt::format("{}: {}", dir, std::strerror(errno));
    return nullptr;
  }
  // A name never used before in this process (the folder's may come again once removed), so
  // that glibc cannot take it for an instance it has loaded.
  const std::string file = fmt::format("{}/{}-{}", dir, counter++, name);
  void* h = nullptr;
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
  if (fd < 0) {
    why = fmt::format("{}: {}", file, std::strerror(errno));
  } else {
    const bool written = write_all(fd, bytes);
    const int err = errno;
    ::close(fd);
    if (!written) why = fmt::format("{}: {}", file, std::strerror(err));
    else h = dlopen_private(file, why);
    ::unlink(file.c_str());  // loaded (the mapping keeps it) or not: not needed on disk any more
  }
  ::rmdir(dir.c_str());
  return h;
}

}  // namespace detail

Library::Lease::~Lease() {
  if (lib_ != nullptr && handle_ != nullptr) {
    std::lock_guard lock(lib_->mutex_);
    lib_->free_.push_back(handle_);
  }
}

std::string library_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw LoadError(fmt::format("{}: {}", path, ec.message()));  // e.g. a folder not searchable
  if (!fs::exists(st)) throw LoadError(fmt::format("{}: no such file", path));
  if (fs::is_directory(st)) throw LoadError(fmt::format("{}: a directory, not a shared library", path));
  // An absolute path: dlopen would search the library path for a bare name ("libx.so"), and
  // `list` and the provenance should say which file was loaded.
  std::string abs = fs::absolute(path, ec).lexically_normal().string();
  return ec ? path : abs;
}

namespace {
/// The bytes of the library file `abs` (`path`: as given, for the message).
std::string read_library(const std::string& path, const std::string& abs) {
  std::ifstream in(abs, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in.good() && !in.eof()) throw LoadError(fmt::format("{}: cannot read it", path));
  return std::move(bytes).str();
}
}  // namespace

std::shared_ptr<Library> Library::open(const std::string& path, bool copies) {
  const std::string abs = library_file(path);
  std::lock_guard lock(g_open_mutex);
  if (auto it = opened().find(abs); it != opened().end()) {
    // Opened before without copies, and now a load wants them: read the bytes now, at load
    // time, before any worker leases an instance.
    if (copies && it->second->bytes_.empty()) it->second->bytes_ = read_library(path, abs);
    return it->second;
  }
  std::string bytes = copies ? read_library(path, abs) : std::string();
  ::dlerror();
  void* h = ::dlopen(abs.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (h == nullptr) {
    const char* why = ::dlerror();
    throw LoadError(fmt::format("{}: cannot load it as a shared library: {}", path,
                                why != nullptr ? why : "unknown error"));
  }
  auto lib = std::make_shared<Library>(path, abs, h, std::move(bytes));
  opened().emplace(abs, lib);
  return lib;
}

Library::Lease Library::lease() {
  {
    std::lock_guard lock(mutex_);
    if (!free_.empty()) {
      void* h = free_.back();
      free_.pop_back();
      return Lease(shared_from_this(), h);
    }
  }
  return Lease(shared_from_this(), load_copy());  // outside the lock: a load takes a while
}

void* Library::load_copy() {
  const std::string name = std::filesystem::path(abs_).filename().string();
  std::string in_memory, in_file;
  void* h = detail::load_copy_in_memory(bytes_, name, in_memory);
  if (h == nullptr) h = detail::load_copy_in_file(bytes_, name, in_file);
  if (h == nullptr)
    throw std::runtime_error(fmt::format("{}: cannot load a private instance of it: in memory: {}; "
                                         "as a file: {}", path_, in_memory, in_file));
  std::lock_guard lock(mutex_);
  ++copies_;
  return h;
}

std::size_t Library::copies() const {
  std::lock_guard lock(mutex_);
  return copies_;
}

}  // namespace puzzle::ext
