#pragma once
// Small helpers for the child processes of sudoku::ext (exec.cpp's programs, isolate.cpp's
// plug-in hosts).
#include <string>

namespace sudoku::ext {

/// How a reaped process ended (a waitpid status), for messages: "exited with status 3",
/// "was killed by signal 11 (SIGSEGV)".
std::string describe_exit(int status);

}  // namespace sudoku::ext
