#pragma once
// One shared library file loaded into the tool: its original instance, and private
// instances for solvers whose code keeps state at file scope (the reference harness's
// functions, native solvers without SUDOKU_BENCH_SOLVER_REENTRANT).
//
// glibc loads a file once per process: a second dlopen of the same path, or of the same file
// under another name, returns the same handle and the same globals. dlmopen's namespaces would
// separate them, but glibc has 16 (a few in use already), fewer than the worker threads of a
// big machine. So a private instance is a copy of the library's bytes (read once, when the
// library is opened, so every instance runs the same code even if the file is rebuilt during
// the run) in a file of its own, loaded with dlopen like any library.
//
// The copy lives in a memfd (memfd_create: a file in memory, loaded as /proc/self/fd/N), kept
// open for the life of the process so that its name is never reused: nothing is ever written
// to a file system, so no signal, crash or `kill -9` can leave a copy behind. Where a memfd
// cannot be loaded (no /proc, or a kernel that refuses to execute memfds), the copy is written
// to a fresh folder under $TMPDIR (sudoku-bench-plugin-copy-XXXXXX), loaded, and the file and
// folder are removed right after dlopen returns, before the worker runs anything: only a
// `kill -9` in that millisecond can leave one behind.
//
// Only the library's own file is copied. The libraries it depends on are loaded once (the
// original instance is loaded first, from its own folder, so that dependencies found through
// its $ORIGIN are already there for the copies) and shared by every instance.
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace puzzle::ext {

/// The absolute path of the library file `path` names, checked without loading it. Throws
/// LoadError naming `path`: no such file, a folder, a folder that cannot be searched.
std::string library_file(const std::string& path);

class Library : public std::enable_shared_from_this<Library> {
 public:
  /// The library at `path`, opened once per process (the same object for every --plugin naming
  /// the same file). Throws LoadError naming `path` (no such file, a folder, not loadable).
  /// `copies`: private instances may be wanted (lease()), so the file's bytes are read now,
  /// beside the dlopen; without, they are not read (an isolated plug-in's child, whose one
  /// instance is the original: reading a library of a few hundred KB was a tenth of its start).
  static std::shared_ptr<Library> open(const std::string& path, bool copies = true);

  /// The original instance: dlopen of the file itself. Used to check the library at load time
  /// and by the solvers whose threads may share one instance; never lent as a private one.
  void* original() const noexcept { return original_; }
  /// The path as given, and made absolute (what `list` and the provenance show).
  const std::string& path() const noexcept { return path_; }
  const std::string& absolute() const noexcept { return abs_; }

  /// A private instance, used by its holder alone until it is destroyed (then it goes back to
  /// the library, for the worker of a later pass). Made when no free one is left: a copy of
  /// the bytes read at open() (an open() with `copies`). Throws std::runtime_error naming the
  /// library when it cannot be made.
  class Lease {
   public:
    Lease() = default;
    Lease(Lease&& o) noexcept : lib_(std::move(o.lib_)), handle_(o.handle_) { o.handle_ = nullptr; }
    Lease& operator=(Lease&&) = delete;
    Lease(const Lease&) = delete;
    ~Lease();
    void* handle() const noexcept { return handle_; }

   private:
    friend class Library;
    Lease(std::shared_ptr<Library> lib, void* handle) : lib_(std::move(lib)), handle_(handle) {}
    std::shared_ptr<Library> lib_;
    void* handle_ = nullptr;
  };
  Lease lease();

  /// Private instances made so far (for tests and messages).
  std::size_t copies() const;

  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
  Library(std::string path, std::string abs, void* original, std::string bytes)
      : path_(std::move(path)), abs_(std::move(abs)), original_(original), bytes_(std::move(bytes)) {}

 private:
  void* load_copy();

  std::string path_, abs_;
  void* original_;
  std::string bytes_;  // the file as it was at open() with copies: every copy is made of these
  mutable std::mutex mutex_;
  std::vector<void*> free_;
  std::size_t copies_ = 0;
};

namespace detail {
/// The two ways a private instance is made from the library's `bytes` (`name`: the file's
/// name, for /proc/PID/maps and messages): in memory, else in a file removed as soon as it is
/// loaded (see above). The handle, or nullptr with `why` set. Exposed for the tests.
void* load_copy_in_memory(const std::string& bytes, const std::string& name, std::string& why);
void* load_copy_in_file(const std::string& bytes, const std::string& name, std::string& why);
}  // namespace detail

}  // namespace puzzle::ext
