#pragma once
// Where a command's words go: the process's standard output and error, or what a caller that
// runs commands in its own process (the tests, the Python module) gives instead.
#include <unistd.h>

#include <cstdio>

namespace puzzle::cli {

struct Console {
  std::FILE* out = stdout;  ///< tables, drawings, reports
  std::FILE* err = stderr;  ///< problems, warnings, progress, the closing messages
  int out_fd = STDOUT_FILENO;  ///< where an output named `-` is written (unbuffered, in place)
  bool tty = false;         ///< `err` is a terminal: a progress bar is drawn on it

  /// The process's own: stdout, stderr, whether stderr is a terminal.
  static Console process() noexcept {
    Console c;
    c.tty = ::isatty(STDERR_FILENO) != 0;
    return c;
  }
};

}  // namespace puzzle::cli
