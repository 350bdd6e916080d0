// Helpers for child processes (process.hpp).
#include "ext/process.hpp"

#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>

#include <fmt/format.h>

extern char** environ;

namespace puzzle::ext {

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

int spawn_child(pid_t& pid, const char* path, char* const argv[], std::initializer_list<std::pair<int, int>> dup2s,
                int close_from) {
  posix_spawn_file_actions_t fa;
  ::posix_spawn_file_actions_init(&fa);
  for (const auto& [from, to] : dup2s) ::posix_spawn_file_actions_adddup2(&fa, from, to);
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 34)
  // The tool's own descriptors are close-on-exec already; this catches those others opened
  // without it.
  ::posix_spawn_file_actions_addclosefrom_np(&fa, close_from);
#else
  (void)close_from;
#endif
  posix_spawnattr_t at;
  ::posix_spawnattr_init(&at);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) sigaddset(&defaults, sig);
  ::posix_spawnattr_setsigmask(&at, &none);
  ::posix_spawnattr_setsigdefault(&at, &defaults);
  ::posix_spawnattr_setpgroup(&at, 0);
  ::posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  const int rc = ::posix_spawn(&pid, path, &fa, &at, argv, environ);
  ::posix_spawn_file_actions_destroy(&fa);
  ::posix_spawnattr_destroy(&at);
  return rc;
}

}  // namespace puzzle::ext
