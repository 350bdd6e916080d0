#pragma once
// Internal to the driver: the pass of a program that answers a whole file (`--exec-batch`,
// SolverInfo::batch()), beside run_pass() of driver.cpp.
#include <cstdint>
#include <string>

#include "run/pipeline.hpp"

namespace puzzle::run {

/// The records of one pass: RunConfig::open's source, or the file (its shard, after the line
/// `skip_through`).
std::unique_ptr<io::RecordSource> open_input(const std::string& file, const RunConfig& cfg, uint64_t skip_through);

/// One (file, batch program) pass, on the calling thread: the records are read in order, the
/// valid ones written to the program as they are read and its answers read back in the same
/// order, each verified like a built-in solver's; the rows and statistics are those of
/// run_pass(), with time_ns 0 (Summary::per_puzzle_times false; wall_s gives puzzles/s).
/// `report_invalid`: report unusable lines (the first solver of a file does); `skip_through`:
/// the line a resumed pass continues after (0 for none).
Summary run_batch_pass(const std::string& file, const SolverInfo& info, const RunConfig& cfg,
                       bool report_invalid, uint64_t skip_through, RunReport& report);

}  // namespace puzzle::run
