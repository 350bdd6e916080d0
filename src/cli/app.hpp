#pragma once
// The command line as a library: one call runs a whole command line in the caller's process,
// as the program does (src/main.cpp is this and nothing else), so that the tests and other
// programs run commands without starting one.
#include <optional>
#include <string>
#include <vector>

#include "cli/console.hpp"
#include "puzzle/registry.hpp"

namespace puzzle::cli {

/// Runs the command line `args` (args[0]: the program's name, as argv): parses it, runs its
/// command with its words on `console` and its solvers in `registry` (a fresh one when null),
/// and returns the exit code (docs: 0, 1, 2, 128 + a signal). Nothing it runs exits the
/// process. `program` is the sudoku-bench program that child processes run (Context::program).
int run(const std::vector<std::string>& args, Console& console, const std::string& program,
        puzzle::Registry* registry = nullptr);

/// When argv asks for a child program the tool is re-executed as (an isolated plug-in's,
/// `__plugin-child`), runs it and gives its exit code; else none. Only a program's main calls
/// it: the child is a process of its own.
std::optional<int> run_child(int argc, char** argv);

/// This process's own executable (/proc/self/exe).
std::string this_program();

}  // namespace puzzle::cli
