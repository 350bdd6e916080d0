// sudoku-bench: the thin entry point. The command line is a library (cli/app.hpp); main runs
// it on this process's console and returns its exit code.
#include <string>
#include <vector>

#include "cli/app.hpp"

int main(int argc, char** argv) {
  namespace cli = puzzle::cli;
  if (const auto code = cli::run_child(argc, argv)) return *code;  // an isolated plug-in's child
  cli::Console console = cli::Console::process();
  return cli::run(std::vector<std::string>(argv, argv + argc), console, cli::this_program());
}
