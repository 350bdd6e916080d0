#pragma once
// Sudoku's own subcommands, added by the command line's table of kinds (cli/kinds.cpp).
#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace puzzle::cli {

void add_explain_command(CLI::App& app, Commands& out);    // explain_cmd.cpp
void add_rate_command(CLI::App& app, Commands& out);       // rate_cmd.cpp
void add_transform_command(CLI::App& app, Commands& out);  // transform_cmd.cpp

}  // namespace puzzle::cli
