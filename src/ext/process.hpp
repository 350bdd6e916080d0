#pragma once
// Small helpers for the child processes of puzzle::ext (exec.cpp's programs, isolate.cpp's
// plug-in hosts).
#include <sys/types.h>

#include <initializer_list>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace puzzle::ext {

/// How a reaped process ended (a waitpid status), for messages: "exited with status 3",
/// "was killed by signal 11 (SIGSEGV)".
std::string describe_exit(int status);

/// Starts the program `path` with `argv` and the tool's environment, as a child of the tool:
/// each (from, to) of `dup2s` in order, then every descriptor from `close_from` on closed
/// (nothing else of the tool's, its output files or other children's pipes, reaches it); in a
/// process group of its own (Ctrl-C at the terminal reaches only the tool, which stops between
/// two puzzles; a kill of the group reaches whatever the child started); no signal blocked,
/// SIGPIPE, SIGINT, SIGTERM and SIGHUP at their defaults. posix_spawn's error, 0 on success.
int spawn_child(pid_t& pid, const char* path, char* const argv[], std::initializer_list<std::pair<int, int>> dup2s,
                int close_from);

/// Children kept between workers: a worker that ends gives its child back if it is healthy
/// (`Child::healthy()`), and the next worker takes it, started and warm. Thread-safe.
template <class Child>
class IdleChildren {
 public:
  /// A healthy idle child (the others are dropped: their destructors end them), or nullptr.
  std::unique_ptr<Child> take() {
    std::lock_guard lock(mutex_);
    while (!idle_.empty()) {
      std::unique_ptr<Child> c = std::move(idle_.back());
      idle_.pop_back();
      if (c->healthy()) return c;
    }
    return nullptr;
  }
  void give(std::unique_ptr<Child> c) {
    if (c == nullptr || !c->healthy()) return;
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(c));
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<Child>> idle_;
};

}  // namespace puzzle::ext
