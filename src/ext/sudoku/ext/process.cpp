// Helpers for child processes (process.hpp).
#include "sudoku/ext/process.hpp"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include <fmt/format.h>

namespace sudoku::ext {

std::string describe_exit(int st) {
  if (WIFEXITED(st)) {
    const int code = WEXITSTATUS(st);
    if (code == 127) return "exited with status 127: command not found";
    if (code == 126) return "exited with status 126: command not executable";
    return fmt::format("exited with status {}", code);
  }
  if (WIFSIGNALED(st)) {
    const int sig = WTERMSIG(st);
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 32)
    const char* abbrev = ::sigabbrev_np(sig);
#else
    const char* abbrev = nullptr;
#endif
    return abbrev != nullptr ? fmt::format("was killed by signal {} (SIG{})", sig, abbrev)
                             : fmt::format("was killed by signal {}", sig);
  }
  return "ended";
}

}  // namespace sudoku::ext
