#include "puzzle/simd.hpp"

#include <atomic>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>
#include <hwy/highway.h>

// The choice is ours, not Highway's HWY_DYNAMIC_DISPATCH: that needs libhwy.so, whose static
// initialiser measures its timer's resolution at every process start (3 ms of CPU, 6% of a
// short `generate` run; perf). Highway's headers still compile each target (foreach_target.h in
// solvers/propagation.cpp); here is only which one runs, from the CPU's own feature bits (the
// same features as Highway's target strings; F16C is left out of them, HWY_DISABLE_F16C).

namespace puzzle::simd {
namespace {

std::atomic<int64_t> forced{0};  // a Highway target bit, or 0: the best the CPU runs

/// Highway's name for a target, in lower case; the static (baseline) target is "baseline".
std::string name_of(int64_t target) {
  if (target == HWY_STATIC_TARGET) return "baseline";
  std::string s = hwy::TargetName(target);
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

bool cpu_runs(int64_t target) {
  if (target == HWY_STATIC_TARGET) return true;
#if HWY_ARCH_X86
  __builtin_cpu_init();
  const bool sse4 = __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.1") &&
                    __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("pclmul") &&
                    __builtin_cpu_supports("aes");
  if (target == HWY_SSE4) return sse4;
  const bool avx2 = sse4 && __builtin_cpu_supports("avx") && __builtin_cpu_supports("avx2") &&
                    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                    __builtin_cpu_supports("fma");
  if (target == HWY_AVX2) return avx2;
  if (target == HWY_AVX3)
    return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
#endif
  return false;
}

/// Compiled targets the CPU runs, best (lowest bit) first.
std::vector<int64_t> runnable() {
  std::vector<int64_t> out;
  for (int64_t left = HWY_TARGETS; left != 0; left &= left - 1)
    if (cpu_runs(left & -left)) out.push_back(left & -left);
  return out;
}

}  // namespace

int64_t current_target() {
  const int64_t f = forced.load(std::memory_order_relaxed);
  if (f != 0) return f;
  static const int64_t best = runnable().front();
  return best;
}

std::vector<std::string> available() {
  std::vector<std::string> out;
  for (const int64_t t : runnable()) out.push_back(name_of(t));
  return out;
}

std::string current() { return name_of(current_target()); }

void use(std::string_view name) {
  if (name.empty() || name == "best") {
    forced = 0;
    return;
  }
  const std::string_view want = name == "portable" ? "baseline" : name;
  std::string names;
  for (const int64_t t : runnable()) {
    if (name_of(t) == want) {
      forced = t;
      return;
    }
    names += (names.empty() ? "" : ", ") + name_of(t);
  }
  throw std::invalid_argument(fmt::format(
      "unknown or unsupported instruction set '{}': this build and CPU offer {} (or portable, best)", name, names));
}

void use_environment() {
  const char* v = std::getenv("SUDOKU_SIMD");
  if (v == nullptr) return;
  try {
    use(v);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("SUDOKU_SIMD: {}", e.what()));
  }
}

}  // namespace puzzle::simd
