#include "puzzle/machine.hpp"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

namespace puzzle {
namespace {

/// CPU quota of the cgroup (v2 cpu.max, or v1 cfs files) in cores, or 0 when unlimited.
double cgroup_quota() {
  std::ifstream v2("/sys/fs/cgroup/cpu.max");
  std::string quota;
  double period = 0;
  if (v2 >> quota >> period) {
    if (quota == "max" || period <= 0) return 0;
    return std::stod(quota) / period;
  }
  std::ifstream q("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"), p("/sys/fs/cgroup/cpu/cpu.cfs_period_us");
  double qv = 0, pv = 0;
  if (q >> qv && p >> pv && qv > 0 && pv > 0) return qv / pv;
  return 0;
}

}  // namespace

int available_cores() noexcept {
  int n = 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) n = std::max(1, CPU_COUNT(&set));
  try {
    if (const double q = cgroup_quota(); q > 0) n = std::min(n, std::max(1, static_cast<int>(std::ceil(q))));
  } catch (...) {
    // An unreadable quota file means no quota we can honour.
  }
  return n;
}

int thread_count(int requested) noexcept { return requested > 0 ? requested : available_cores(); }

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) {
        const auto b = line.find_first_not_of(' ', colon + 1);
        return b == std::string::npos ? "unknown" : line.substr(b);
      }
    }
  }
  return "unknown";
}

}  // namespace puzzle
