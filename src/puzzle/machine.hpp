#pragma once
// Facts about the machine that the driver and results files need.
#include <string>

namespace puzzle {

/// Cores this process may really use: the CPU affinity mask, capped by a cgroup CPU quota
/// (containers), at least 1. TBB sees neither, so the driver sets its thread count from this.
int available_cores() noexcept;

/// The worker threads of a run: `requested` when given (> 0), else available_cores(). Every
/// command, the drivers and the Python module decide it here.
int thread_count(int requested) noexcept;

/// The CPU's model name from /proc/cpuinfo, or "unknown".
std::string cpu_model();

}  // namespace puzzle
