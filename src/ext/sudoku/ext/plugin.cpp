// Solvers from shared libraries (plugin.hpp): the harness convention and our C ABI
// (include/sudoku_bench/plugin.h), behind the one Solver interface.
//
// Libraries are opened with RTLD_NOW (a missing symbol fails at load time, not mid-run) and
// RTLD_LOCAL (two plug-ins may define the same internal names), and never closed: the solver
// objects, descriptors and strings they hand out live as long as the process. Each worker
// thread gets its own Solver object, which owns one plug-in state (create/destroy).
//
// The wrappers do as little as possible inside solve(), the call the driver times: the native
// ABI passes the Grid's own cell bytes in and lets the library write the solution straight into
// the Result's Grid. Checks of what a library returned (a status that disagrees with its count,
// a harness function that gave a count and left the solution unwritten) run in complete(),
// untimed.
#include "sudoku/ext/plugin.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <limits>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "sudoku/registry.hpp"
#include "sudoku_bench/plugin.h"

namespace sudoku::ext {
namespace {

// The C status codes are sudoku::Status's, in the same order (plugin.h promises it).
static_assert(SUDOKU_BENCH_SOLVED == static_cast<int>(Status::solved));
static_assert(SUDOKU_BENCH_UNIQUE == static_cast<int>(Status::unique));
static_assert(SUDOKU_BENCH_MULTIPLE == static_cast<int>(Status::multiple));
static_assert(SUDOKU_BENCH_NONE == static_cast<int>(Status::none));
static_assert(SUDOKU_BENCH_INVALID == static_cast<int>(Status::invalid));
static_assert(SUDOKU_BENCH_BUDGET_EXCEEDED == static_cast<int>(Status::budget_exceeded));
static_assert(SUDOKU_BENCH_UNSUPPORTED == static_cast<int>(Status::unsupported));
static_assert(SUDOKU_BENCH_MAX_CELLS == kMaxCells);
static_assert(SUDOKU_BENCH_ALL_SIZES == kAllBoxes && SUDOKU_BENCH_9X9 == kBox9);

/// The library at `path`, opened for the life of the process; `abs` receives its absolute path.
/// dlopen already shares one handle between two loads of the same file.
void* open_library(const std::string& path, std::string& abs) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw LoadError(fmt::format("{}: {}", path, ec.message()));  // e.g. a folder not searchable
  if (!fs::exists(st)) throw LoadError(fmt::format("{}: no such file", path));
  if (fs::is_directory(st)) throw LoadError(fmt::format("{}: a directory, not a shared library", path));
  // An absolute path: dlopen would search the library path for a bare name ("libx.so"), and
  // `list` and the provenance should say which file was loaded.
  abs = fs::absolute(path, ec).lexically_normal().string();
  if (ec) abs = path;
  ::dlerror();
  void* h = ::dlopen(abs.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (h == nullptr) {
    const char* why = ::dlerror();
    throw LoadError(fmt::format("{}: cannot load it as a shared library: {}", path,
                                why != nullptr ? why : "unknown error"));
  }
  return h;
}

/// The address of `symbol` in `handle`, or nullptr.
void* find_symbol(void* handle, const char* symbol) {
  ::dlerror();
  void* p = ::dlsym(handle, symbol);
  return ::dlerror() == nullptr ? p : nullptr;
}

/// A function pointer from dlsym's object pointer (POSIX guarantees they convert).
template <class Fn>
Fn function_cast(void* p) {
  static_assert(sizeof(Fn) == sizeof(void*));
  Fn f;
  std::memcpy(&f, &p, sizeof f);
  return f;
}

uint64_t effective_limit(const Limits& limits) { return limits.solutions == 0 ? 1 : limits.solutions; }

/// Why a (status, count) pair a library reported at `limit` cannot be right, or nothing.
std::optional<std::string> inconsistency(int code, uint64_t solutions, uint64_t limit) {
  if (code < SUDOKU_BENCH_SOLVED || code > SUDOKU_BENCH_UNSUPPORTED)
    return fmt::format("the plug-in returned status code {}, which plugin.h does not define", code);
  const auto status = static_cast<Status>(code);
  if (solutions > limit)
    return fmt::format("the plug-in counted {} solutions with a limit of {}", solutions, limit);
  bool ok = true;
  switch (status) {
    case Status::solved: case Status::unique: case Status::multiple: case Status::none:
      ok = status == status_for(solutions, limit, false);
      break;
    case Status::budget_exceeded: ok = solutions < limit; break;
    case Status::invalid: case Status::unsupported: ok = solutions == 0; break;
    default: ok = false; break;  // the host's own statuses (wrong, ...): not in the C range
  }
  if (ok) return std::nullopt;
  return fmt::format("the plug-in returned status '{}' with {} solution{} at limit {}",
                     to_string(status), solutions, solutions == 1 ? "" : "s", limit);
}

// ---- our C ABI ---------------------------------------------------------------------------

/// One worker of a native solver: one plug-in state, made on the worker's thread.
class NativeSolver final : public Solver {
 public:
  /// Made by a worker thread in the middle of a run (load_native() made and freed a trial state
  /// before any work): a create() that fails now stops the run.
  NativeSolver(const sudoku_bench_solver& s, const std::string& path) : s_(s) {
    state_ = s_.create();
    if (state_ == nullptr)
      throw std::runtime_error(fmt::format("--plugin {}: solver '{}' could not make the state of a new "
                                           "worker thread (create() returned NULL), so the run stopped",
                                           path, s_.name));
  }
  ~NativeSolver() override {
    if (s_.destroy != nullptr) s_.destroy(state_);
  }
  NativeSolver(const NativeSolver&) = delete;
  NativeSolver& operator=(const NativeSolver&) = delete;

  Result solve(const Grid& puzzle, const Limits& limits) override {
    Result r;
    r.solution.reshape(puzzle.box());  // zeroed: an answer the library does not write is empty
    limit_ = effective_limit(limits);
    sudoku_bench_work w{};
    code_ = s_.solve(state_, static_cast<uint32_t>(puzzle.box()), puzzle.data(), limit_,
                     limits.budget, r.solution.data(), &w);
    r.status = code_ >= SUDOKU_BENCH_SOLVED && code_ <= SUDOKU_BENCH_UNSUPPORTED
                   ? static_cast<Status>(code_)
                   : Status::none;
    r.solutions = w.solutions;
    r.work = Work{w.guesses, w.backtracks, w.nodes};
    return r;
  }

  std::optional<std::string> complete(const Grid&, Result& r) override {
    return inconsistency(code_, r.solutions, limit_);
  }

 private:
  const sudoku_bench_solver& s_;
  void* state_ = nullptr;
  uint64_t limit_ = 1;
  int code_ = SUDOKU_BENCH_NONE;
};

// ---- the harness convention --------------------------------------------------------------

using HarnessFn = size_t (*)(const char* puzzle, size_t limit, uint32_t flags, char* solution,
                             size_t* guesses);

/// One worker of a harness function: 9x9 only; guesses are its only counter; no budget.
class HarnessSolver final : public Solver {
 public:
  explicit HarnessSolver(HarnessFn fn) : fn_(fn) {}

  Result solve(const Grid& puzzle, const Limits& limits) override {
    Result r;
    count_ = 0;
    if (puzzle.box() != 3) {
      r.status = Status::unsupported;
      return r;
    }
    // 81 cells, then NULs: the byte after the cells must be NUL (the harness's most used
    // library reads puzzle[81] to tell a plain puzzle from a 729-character pencilmark one).
    for (int i = 0; i < 81; ++i)
      puzzle_[i] = puzzle[i] == 0 ? '.' : static_cast<char>('0' + puzzle[i]);
    std::memset(answer_.data(), kUntouched, 81);
    limit_ = effective_limit(limits);
    const auto lim = static_cast<size_t>(std::min<uint64_t>(limit_, std::numeric_limits<size_t>::max()));
    size_t guesses = 0;
    count_ = fn_(puzzle_.data(), lim, 0, answer_.data(), &guesses);
    r.solutions = count_;
    r.status = status_for(std::min<uint64_t>(count_, limit_), limit_, false);
    r.work.guesses = guesses;
    if (count_ > 0) decode(r.solution);
    return r;
  }

  std::optional<std::string> complete(const Grid&, Result& r) override {
    if (count_ > limit_)
      return fmt::format("the function returned {} solutions with a limit of {}", count_, limit_);
    // Some libraries fill the solution only when the limit is 1: when the call left the buffer
    // untouched, one more call (untimed, its guesses not counted) gets a solution for the
    // verifier. A solution that was written is the function's answer, checked as it is: a wrong
    // one is `wrong`, never replaced by another call's.
    if (count_ > 0 && limit_ > 1 && untouched()) {
      size_t guesses = 0;
      std::memset(answer_.data(), kUntouched, 81);
      if (fn_(puzzle_.data(), 1, 0, answer_.data(), &guesses) == 0)
        return fmt::format("the function counted {} solution{} with limit {}, but none with limit 1",
                           count_, count_ == 1 ? "" : "s", limit_);
      decode(r.solution);
    }
    return std::nullopt;
  }

 private:
  /// What the answer buffer holds before each call: a byte no answer has (digits '1'-'9'; a
  /// function that fills only some cells has written, and its answer is checked as it is).
  static constexpr char kUntouched = '\x7f';
  bool untouched() const noexcept {
    return std::all_of(answer_.begin(), answer_.begin() + 81, [](char c) { return c == kUntouched; });
  }

  void decode(Grid& g) const {
    g.reshape(3);
    for (int i = 0; i < 81; ++i) {
      const char c = answer_[i];
      g.set(i, c >= '1' && c <= '9' ? c - '0' : 0);  // anything else: an empty cell, caught by verify
    }
  }

  HarnessFn fn_;
  std::array<char, 96> puzzle_{};  // zero-filled: puzzle_[81..] stay NUL
  std::array<char, 96> answer_{};
  uint64_t limit_ = 1;
  std::size_t count_ = 0;
};

}  // namespace

void check_solver_name(const std::string& name) {
  if (!valid_solver_name(name))
    throw LoadError(fmt::format("'{}' cannot be a solver name ({})", name, kSolverNameRule));
}

SolverInfo load_harness(const std::string& name, const std::string& path, const std::string& symbol) {
  check_solver_name(name);
  if (symbol.empty()) throw LoadError(fmt::format("{}: no symbol given (NAME=PATH:SYMBOL)", path));
  std::string abs;
  void* h = open_library(path, abs);
  void* sym = find_symbol(h, symbol.c_str());
  if (sym == nullptr)
    throw LoadError(fmt::format("{}: no symbol '{}' (it must be exported with C linkage)", path, symbol));
  const HarnessFn fn = function_cast<HarnessFn>(sym);
  SolverInfo info;
  info.name = name;
  info.description = fmt::format("{}() of the reference harness's convention: 9x9, guesses only, no budget",
                                 symbol);
  info.boxes = kBox9;
  info.make = [fn]() -> std::unique_ptr<Solver> { return std::make_unique<HarnessSolver>(fn); };
  info.origin = fmt::format("plugin {}:{}", abs, symbol);
  return info;
}

std::vector<SolverInfo> load_native(const std::string& path) {
  std::string abs;
  void* h = open_library(path, abs);
  void* sym = find_symbol(h, SUDOKU_BENCH_PLUGIN_ENTRY);
  if (sym == nullptr)
    throw LoadError(fmt::format("{}: no entry point '{}': not a sudoku-bench plug-in (a function of the "
                                "reference harness's convention loads with --plugin NAME={}:SYMBOL)",
                                path, SUDOKU_BENCH_PLUGIN_ENTRY, path));
  const auto entry = function_cast<sudoku_bench_plugin_entry_fn>(sym);
  const sudoku_bench_plugin* d = entry(SUDOKU_BENCH_PLUGIN_ABI_VERSION);
  if (d == nullptr)
    throw LoadError(fmt::format("{}: the library refused plug-in ABI version {} (its entry point "
                                "returned NULL)", path, SUDOKU_BENCH_PLUGIN_ABI_VERSION));
  if (d->abi_version != SUDOKU_BENCH_PLUGIN_ABI_VERSION)
    throw LoadError(fmt::format("{}: plug-in ABI version {}, but this sudoku-bench speaks version {}: "
                                "rebuild it against this version's sudoku_bench/plugin.h",
                                path, d->abi_version, SUDOKU_BENCH_PLUGIN_ABI_VERSION));
  if (d->solver_count == 0 || d->solvers == nullptr)
    throw LoadError(fmt::format("{}: the plug-in lists no solver", path));

  std::vector<SolverInfo> out;
  std::set<std::string, std::less<>> names;
  for (uint32_t i = 0; i < d->solver_count; ++i) {
    const sudoku_bench_solver& s = d->solvers[i];
    const std::string name = s.name != nullptr ? s.name : "";
    if (!valid_solver_name(name))
      throw LoadError(fmt::format("{}: solver {} has {} name{}: use {}", path, i,
                                  name.empty() ? "no" : "an unusable",
                                  name.empty() ? "" : " '" + name + "'", kSolverNameRule));
    if (!names.insert(name).second)
      throw LoadError(fmt::format("{}: the plug-in lists solver '{}' twice", path, name));
    if (s.boxes == 0 || (s.boxes & ~static_cast<uint32_t>(kAllBoxes)) != 0)
      throw LoadError(fmt::format("{}: solver '{}' declares sizes {:#x}; use SUDOKU_BENCH_BOX(2..5) bits",
                                  path, name, s.boxes));
    if (s.create == nullptr || s.solve == nullptr)
      throw LoadError(fmt::format("{}: solver '{}' has no {} function", path, name,
                                  s.create == nullptr ? "create" : "solve"));
    // One state made and freed now, so that a solver that cannot make one is refused before
    // any work (exit 2) rather than in a worker thread mid-run.
    if (void* trial = s.create(); trial == nullptr)
      throw LoadError(fmt::format("{}: solver '{}' could not make its state (create() returned NULL)",
                                  path, name));
    else if (s.destroy != nullptr)
      s.destroy(trial);
    SolverInfo info;
    info.name = name;
    info.description = s.description != nullptr ? s.description : "";
    info.boxes = s.boxes;
    info.make = [&s, abs]() -> std::unique_ptr<Solver> { return std::make_unique<NativeSolver>(s, abs); };
    info.origin = "plugin " + abs;
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace sudoku::ext
