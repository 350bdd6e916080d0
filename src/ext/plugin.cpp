// Solvers from shared libraries (plugin.hpp): the harness convention and our C ABI
// (include/sudoku_bench/plugin.h), behind the one Solver interface.
//
// Libraries are opened with RTLD_NOW (a missing symbol fails at load time, not mid-run) and
// RTLD_LOCAL (two plug-ins may define the same internal names), and never closed: the solver
// objects, descriptors and strings they hand out live as long as the process. Each worker
// thread gets its own Solver object, which owns one plug-in state (create/destroy) and, for a
// solver that is not re-entrant, a lease on a private instance of the library (library.hpp):
// its function pointers come from that instance.
//
// The wrappers do as little as possible inside solve(), the call the driver times: the native
// ABI passes the Grid's own cell bytes in and lets the library write the solution straight into
// the Result's Grid. Checks of what a library returned (a status that disagrees with its count,
// a harness function that gave a count and left the solution unwritten) run in complete(),
// untimed.
#include "ext/plugin.hpp"
#include "ext/library.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <limits>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "puzzle/registry.hpp"
#include "sudoku_bench/plugin.h"

namespace puzzle::ext {

using ext::check_solver_name;
using ext::Library;

namespace {

// The C status codes are puzzle::Status's, in the same order (plugin.h promises it).
static_assert(SUDOKU_BENCH_SOLVED == static_cast<int>(Status::solved));
static_assert(SUDOKU_BENCH_UNIQUE == static_cast<int>(Status::unique));
static_assert(SUDOKU_BENCH_MULTIPLE == static_cast<int>(Status::multiple));
static_assert(SUDOKU_BENCH_NONE == static_cast<int>(Status::none));
static_assert(SUDOKU_BENCH_INVALID == static_cast<int>(Status::invalid));
static_assert(SUDOKU_BENCH_BUDGET_EXCEEDED == static_cast<int>(Status::budget_exceeded));
static_assert(SUDOKU_BENCH_UNSUPPORTED == static_cast<int>(Status::unsupported));
static_assert(SUDOKU_BENCH_MAX_CELLS == sudoku::kMaxCells);
static_assert(SUDOKU_BENCH_ALL_SIZES == sudoku::kAllBoxes && SUDOKU_BENCH_9X9 == sudoku::kBox9);

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

/// Version 1 of sudoku_bench_solver (before `flags`): what a library built against the first
/// header lists. Its solvers were told to keep no mutable global state: they are re-entrant.
struct SolverV1 {
  const char* name;
  const char* description;
  uint32_t boxes;
  void* (*create)(void);
  void (*destroy)(void* state);
  decltype(sudoku_bench_solver::solve) solve;
};
static_assert(offsetof(SolverV1, solve) == offsetof(sudoku_bench_solver, solve) &&
              sizeof(SolverV1) < sizeof(sudoku_bench_solver));

/// One solver of a descriptor, whatever the ABI version it was read from.
struct Entry {
  std::string name, description;
  uint32_t boxes = 0, flags = 0;
  void* (*create)(void) = nullptr;
  void (*destroy)(void* state) = nullptr;
  decltype(sudoku_bench_solver::solve) solve = nullptr;
  uint32_t abi_version = SUDOKU_BENCH_PLUGIN_ABI_VERSION;
  bool reentrant() const noexcept { return abi_version == 1 || (flags & SUDOKU_BENCH_SOLVER_REENTRANT) != 0; }
};

template <class S>
Entry entry_of(const S& s, uint32_t version) {
  Entry e;
  e.name = s.name != nullptr ? s.name : "";
  e.description = s.description != nullptr ? s.description : "";
  e.boxes = s.boxes;
  e.create = s.create;
  e.destroy = s.destroy;
  e.solve = s.solve;
  if constexpr (requires { s.flags; }) e.flags = s.flags;
  e.abi_version = version;
  return e;
}

/// The solvers the library at `handle` (an instance of `path`) lists, checked: the entry point,
/// the ABI version (1 or this header's), names, sizes and functions. Throws LoadError.
std::vector<Entry> read_descriptor(void* handle, const std::string& path) {
  void* sym = find_symbol(handle, SUDOKU_BENCH_PLUGIN_ENTRY);
  if (sym == nullptr)
    throw LoadError(fmt::format("{}: no entry point '{}': not a sudoku-bench plug-in (a function of the "
                                "reference harness's convention loads with --plugin NAME={}:SYMBOL)",
                                path, SUDOKU_BENCH_PLUGIN_ENTRY, path));
  const auto entry = function_cast<sudoku_bench_plugin_entry_fn>(sym);
  const sudoku_bench_plugin* d = entry(SUDOKU_BENCH_PLUGIN_ABI_VERSION);
  if (d == nullptr)
    throw LoadError(fmt::format("{}: the library refused plug-in ABI version {} (its entry point "
                                "returned NULL)", path, SUDOKU_BENCH_PLUGIN_ABI_VERSION));
  if (d->abi_version != SUDOKU_BENCH_PLUGIN_ABI_VERSION && d->abi_version != 1)
    throw LoadError(fmt::format("{}: plug-in ABI version {}, but this sudoku-bench speaks version {} "
                                "(and still loads version 1): rebuild it against this version's "
                                "sudoku_bench/plugin.h", path, d->abi_version, SUDOKU_BENCH_PLUGIN_ABI_VERSION));
  if (d->solver_count == 0 || d->solvers == nullptr)
    throw LoadError(fmt::format("{}: the plug-in lists no solver", path));

  std::vector<Entry> out;
  std::set<std::string, std::less<>> names;
  for (uint32_t i = 0; i < d->solver_count; ++i) {
    Entry e = d->abi_version == 1 ? entry_of(reinterpret_cast<const SolverV1*>(d->solvers)[i], 1)
                                  : entry_of(d->solvers[i], d->abi_version);
    if (!valid_solver_name(e.name))
      throw LoadError(fmt::format("{}: solver {} has {} name{}: use {}", path, i,
                                  e.name.empty() ? "no" : "an unusable",
                                  e.name.empty() ? "" : " '" + e.name + "'", kSolverNameRule));
    if (!names.insert(e.name).second)
      throw LoadError(fmt::format("{}: the plug-in lists solver '{}' twice", path, e.name));
    if (e.boxes == 0 || (e.boxes & ~static_cast<uint32_t>(sudoku::kAllBoxes)) != 0)
      throw LoadError(fmt::format("{}: solver '{}' declares sizes {:#x}; use SUDOKU_BENCH_BOX(2..5) bits",
                                  path, e.name, e.boxes));
    if (e.create == nullptr || e.solve == nullptr)
      throw LoadError(fmt::format("{}: solver '{}' has no {} function", path, e.name,
                                  e.create == nullptr ? "create" : "solve"));
    out.push_back(std::move(e));
  }
  return out;
}

/// One worker of a native solver: one plug-in state, made on the worker's thread, in the
/// library's shared instance or in a private one (`lease`).
class NativeSolver final : public SolverOf<NativeSolver, sudoku::Grid> {
 public:
  /// Made by a worker thread in the middle of a run (load_native() made and freed a trial state
  /// before any work): a create() that fails now stops the run.
  NativeSolver(Entry e, const std::string& path, Library::Lease lease = {})
      : s_(std::move(e)), lease_(std::move(lease)) {
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

  Result solve_one(const sudoku::Grid& puzzle, const Limits& limits) {
    Result r;
    // Zeroed: an answer the library does not write is empty.
    sudoku::Grid& answer = r.answer.emplace<sudoku::Grid>(puzzle.box());
    limit_ = limits.wanted();
    sudoku_bench_work w{};
    code_ = s_.solve(state_, static_cast<uint32_t>(puzzle.box()), puzzle.data(), limit_,
                     limits.budget, answer.data(), &w);
    r.status = code_ >= SUDOKU_BENCH_SOLVED && code_ <= SUDOKU_BENCH_UNSUPPORTED
                   ? static_cast<Status>(code_)
                   : Status::none;
    r.solutions = w.solutions;
    r.work = Work{w.guesses, w.backtracks, w.nodes};
    return r;
  }

  std::optional<std::string> complete(PuzzleRef, Result& r) override {
    return inconsistency(code_, r.solutions, limit_);
  }

 private:
  Entry s_;
  Library::Lease lease_;  // given back after the destructor's body has destroyed the state
  void* state_ = nullptr;
  uint64_t limit_ = 1;
  int code_ = SUDOKU_BENCH_NONE;
};

// ---- the harness convention --------------------------------------------------------------

using HarnessFn = size_t (*)(const char* puzzle, size_t limit, uint32_t flags, char* solution,
                             size_t* guesses);

/// One worker of a harness function: 9x9 only; guesses are its only counter; no budget.
class HarnessSolver final : public SolverOf<HarnessSolver, sudoku::Grid> {
 public:
  explicit HarnessSolver(HarnessFn fn, Library::Lease lease = {}) : fn_(fn), lease_(std::move(lease)) {}

  Result solve_one(const sudoku::Grid& puzzle, const Limits& limits) {
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
    limit_ = limits.wanted();
    const auto lim = static_cast<size_t>(std::min<uint64_t>(limit_, std::numeric_limits<size_t>::max()));
    size_t guesses = 0;
    count_ = fn_(puzzle_.data(), lim, 0, answer_.data(), &guesses);
    r.solutions = count_;
    r.status = status_for(std::min<uint64_t>(count_, limit_), limit_, false);
    r.work.guesses = guesses;
    if (count_ > 0) decode(r.answer.emplace<sudoku::Grid>(3));
    return r;
  }

  std::optional<std::string> complete(PuzzleRef, Result& r) override {
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
      decode(r.answer.emplace<sudoku::Grid>(3));
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

  /// The answer buffer into `g`, a 9x9 grid.
  void decode(sudoku::Grid& g) const {
    for (int i = 0; i < 81; ++i) {
      const char c = answer_[i];
      g.set(i, c >= '1' && c <= '9' ? c - '0' : 0);  // anything else: an empty cell, caught by verify
    }
  }

  HarnessFn fn_;
  Library::Lease lease_;  // the private instance fn_ lives in, if any
  std::array<char, 96> puzzle_{};  // zero-filled: puzzle_[81..] stay NUL
  std::array<char, 96> answer_{};
  uint64_t limit_ = 1;
  std::size_t count_ = 0;
};

}  // namespace

namespace {

/// How the threads of a solver reach the library, for `list` and the provenance.
std::string how(bool shared, std::string_view why) {
  return shared ? fmt::format("one instance shared by every worker thread ({})", why)
                : "a private instance per worker thread";
}

bool listed(const std::vector<std::string>& names, std::string_view name) {
  return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return n == name || n == "all"; });
}

/// Adds "NAME: how" to what `loaded` says of its solvers.
void add_loading(Loaded& loaded, const std::string& name, const std::string& text) {
  loaded.loading += fmt::format("{}{}: {}", loaded.loading.empty() ? "" : ", ", name, text);
}

/// The harness function `symbol` in the instance `handle` of `path`. Throws LoadError.
HarnessFn harness_function(void* handle, const std::string& path, const std::string& symbol) {
  void* sym = find_symbol(handle, symbol.c_str());
  if (sym == nullptr)
    throw LoadError(fmt::format("{}: no symbol '{}' (it must be exported with C linkage)", path, symbol));
  return function_cast<HarnessFn>(sym);
}

/// SolverInfo::uninterruptible of a plug-in loaded into this process.
constexpr std::string_view kInProcess =
    "a plug-in runs in this process, which cannot stop it inside a puzzle; only --isolate can cut "
    "a plug-in's puzzle short";

}  // namespace

Loaded load_harness(const std::string& name, const std::string& path, const std::string& symbol,
                    const LoadOptions& options) {
  check_solver_name(name);
  if (symbol.empty()) throw LoadError(fmt::format("{}: no symbol given (NAME=PATH:SYMBOL)", path));
  // The convention says nothing about threads, and the field's libraries keep their search
  // state at file scope: a private instance per worker thread unless the user says otherwise.
  const bool shared = listed(options.reentrant, name);
  const std::shared_ptr<Library> lib = Library::open(path, !shared);
  const HarnessFn fn = harness_function(lib->original(), path, symbol);
  Loaded out;
  out.path = lib->absolute();
  SolverInfo info;
  info.name = name;
  info.description = fmt::format("{}() of the reference harness's convention: 9x9, guesses only, no budget",
                                 symbol);
  info.sizes = sudoku::kBox9;
  if (shared) {
    info.factory = [fn]() -> std::unique_ptr<Solver> { return std::make_unique<HarnessSolver>(fn); };
  } else {
    info.factory = [lib, symbol]() -> std::unique_ptr<Solver> {
      Library::Lease lease = lib->lease();
      const HarnessFn mine = harness_function(lease.handle(), lib->path(), symbol);
      return std::make_unique<HarnessSolver>(mine, std::move(lease));
    };
  }
  const std::string text = how(shared, "--reentrant");
  info.origin = fmt::format("plugin {}:{}; {}", lib->absolute(), symbol, text);
  info.uninterruptible = kInProcess;
  add_loading(out, name, text);
  out.solvers.push_back(std::move(info));
  return out;
}

Loaded load_native(const std::string& path, const LoadOptions& options) {
  // Copies unless every solver is said to be re-entrant (the descriptor may say so of some,
  // but it is read after the load).
  const std::shared_ptr<Library> lib = Library::open(path, !listed(options.reentrant, "all"));
  Loaded out;
  out.path = lib->absolute();
  for (const Entry& e : read_descriptor(lib->original(), path)) {
    // One state made and freed now, so that a solver that cannot make one is refused before
    // any work (exit 2) rather than in a worker thread mid-run.
    if (void* trial = e.create(); trial == nullptr)
      throw LoadError(fmt::format("{}: solver '{}' could not make its state (create() returned NULL)",
                                  path, e.name));
    else if (e.destroy != nullptr)
      e.destroy(trial);
    const bool user = listed(options.reentrant, e.name);
    const bool shared = user || e.reentrant();
    SolverInfo info;
    info.name = e.name;
    info.description = e.description;
    info.sizes = e.boxes;
    const std::string abs = lib->absolute();
    if (shared) {
      info.factory = [e, abs]() -> std::unique_ptr<Solver> { return std::make_unique<NativeSolver>(e, abs); };
    } else {
      // The entry point of the private instance gives its own descriptor (and function
      // pointers); it lists the same solvers, being the same bytes.
      info.factory = [lib, name = e.name]() -> std::unique_ptr<Solver> {
        Library::Lease lease = lib->lease();
        for (Entry& mine : read_descriptor(lease.handle(), lib->path()))
          if (mine.name == name) return std::make_unique<NativeSolver>(std::move(mine), lib->absolute(), std::move(lease));
        throw std::runtime_error(fmt::format("--plugin {}: a private instance of the library does not "
                                             "list solver '{}'", lib->path(), name));
      };
    }
    const std::string text = how(shared, user                 ? "--reentrant"
                                         : e.abi_version == 1 ? "ABI version 1: re-entrant by its contract"
                                                              : "declared re-entrant");
    info.origin = fmt::format("plugin {}; {}", abs, text);
    info.uninterruptible = kInProcess;
    add_loading(out, e.name, text);
    out.solvers.push_back(std::move(info));
  }
  return out;
}

}  // namespace puzzle::ext
