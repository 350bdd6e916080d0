#include "cli/common.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>

#include <fmt/format.h>

#include "sudoku/io/reader.hpp"
#include "sudoku/registry.hpp"

namespace cli {

std::string default_solver() { return "propagation"; }

std::vector<const sudoku::SolverInfo*> parse_solvers(const std::string& list) {
  std::vector<const sudoku::SolverInfo*> out;
  if (list == "all") {
    for (const auto& s : sudoku::solvers()) out.push_back(&s);
    return out;
  }
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string name = list.substr(start, comma - start);
    start = comma + 1;
    if (name.empty()) continue;
    const sudoku::SolverInfo* info = sudoku::find_solver(name);
    if (info == nullptr) {
      const std::string near = sudoku::suggest_solver(name);
      throw UsageError(fmt::format("unknown solver '{}'{}; 'sudoku-bench list' shows them all", name,
                                   near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
    }
    out.push_back(info);
  }
  if (out.empty()) throw UsageError("no solver given");
  return out;
}

namespace {
std::atomic<bool> g_stop{false};
extern "C" void on_sigint(int) {
  g_stop.store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process at once
}
}  // namespace

SigintGuard::SigintGuard() {
  g_stop.store(false);
  old_ = std::signal(SIGINT, on_sigint);
}

SigintGuard::~SigintGuard() { std::signal(SIGINT, old_); }

const std::atomic<bool>* SigintGuard::flag() const noexcept { return &g_stop; }

int box_for_side(int side) {
  for (int b = sudoku::kMinBox; b <= sudoku::kMaxBox; ++b)
    if (b * b == side) return b;
  throw UsageError(fmt::format("size {}: supported sizes are 4, 9, 16 and 25", side));
}

OutFile::OutFile(const std::string& path, const char* what) {
  if (path.empty()) return;
  if (path == "-") {
    f_ = stdout;
    return;
  }
  f_ = std::fopen(path.c_str(), "w");
  if (f_ == nullptr)
    throw sudoku::InputError(fmt::format("{}: cannot write {}: {}", path, what, std::strerror(errno)));
  owned_ = true;
}

OutFile::~OutFile() {
  if (owned_) std::fclose(f_);
}

}  // namespace cli
