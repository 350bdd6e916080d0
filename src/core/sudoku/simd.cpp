#include "sudoku/simd.hpp"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>
#include <hwy/highway.h>
#include <hwy/targets.h>

namespace sudoku::simd {
namespace {

/// Highway's name for a target, in lower case; the static (baseline) target is "baseline".
std::string name_of(int64_t target) {
  if (target == HWY_STATIC_TARGET) return "baseline";
  std::string s = hwy::TargetName(target);
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

/// Compiled targets the CPU runs, best (lowest bit on x86) first, ignoring any earlier use().
std::vector<int64_t> runnable() {
  hwy::DisableTargets(0);
  std::vector<int64_t> out;
  for (int64_t left = hwy::SupportedTargets() & HWY_TARGETS; left != 0; left &= left - 1)
    out.push_back(left & -left);
  return out;
}

}  // namespace

std::vector<std::string> available() {
  const std::string now = current();
  std::vector<std::string> out;
  for (const int64_t t : runnable()) out.push_back(name_of(t));
  use(now);
  return out;
}

std::string current() {
  const int64_t mask = hwy::SupportedTargets() & HWY_TARGETS;
  return mask == 0 ? "none" : name_of(mask & -mask);
}

void use(std::string_view name) {
  const std::vector<int64_t> targets = runnable();
  if (name.empty() || name == "best") return;
  const std::string_view want = name == "portable" ? "baseline" : name;
  std::string names;
  for (const int64_t t : targets) {
    if (name_of(t) == want) {
      // Every better target goes; the baseline stays, as Highway requires.
      hwy::DisableTargets(~(t | HWY_STATIC_TARGET | HWY_SCALAR | HWY_EMU128));
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

}  // namespace sudoku::simd
