#pragma once
// Facts about the machine that the driver and results files need.
#include <string>

namespace sudoku {

/// Cores this process may really use: the CPU affinity mask, capped by a cgroup CPU quota
/// (containers), at least 1. TBB sees neither, so the driver sets its thread count from this.
int available_cores() noexcept;

/// The CPU's model name from /proc/cpuinfo, or "unknown".
std::string cpu_model();

}  // namespace sudoku
