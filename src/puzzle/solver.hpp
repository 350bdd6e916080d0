#pragma once
// The one interface every solver implements, the limits it obeys and the result it reports.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "puzzle/kind_types.hpp"
#include "puzzle/stop.hpp"

namespace puzzle {

/// Outcome of one puzzle. The first seven come from solvers; `wrong` is set only by the driver's
/// verifier (an answer that is not a valid completion, or disagrees with the known solution);
/// `timeout` and `error` only by external programs (`--exec`, `--exec-batch`, docs/exec.md) and
/// isolated plug-ins (`--isolate`).
/// The values of the first seven are those of the C ABI (include/sudoku_bench/plugin.h): new
/// statuses go at the end.
enum class Status : uint8_t {
  solved,           // limit 1: a solution was found (uniqueness not checked)
  unique,           // limit >= 2: exactly one solution
  multiple,         // limit >= 2: at least two solutions (`solutions` counts up to the limit)
  none,             // no solution
  invalid,          // the givens contradict each other (two equal digits in a unit)
  budget_exceeded,  // the work budget ran out before the search finished
  unsupported,      // the solver does not handle this grid size
  wrong,            // driver only: the answer failed verification
  timeout,          // external solver: no answer within --timeout (the child was killed)
  error,            // external solver: it died, crashed, broke the protocol or reported an error
};
inline constexpr int kStatusCount = 10;
std::string_view to_string(Status s) noexcept;

/// The default work budget in nodes: generous for every real puzzle with every solver (the
/// naive baseline's worst on the shared datasets is far below), small enough that one
/// pathological line costs seconds, not hours.
inline constexpr uint64_t kDefaultBudget = 2'000'000'000;

struct Limits {
  uint64_t solutions = 1;              ///< stop after this many: 1 finds one, 2 proves uniqueness
  uint64_t budget = kDefaultBudget;    ///< stop after this many nodes; 0 means no limit
  /// A deadline and a stop flag checked inside the search (budget_exceeded when either fires);
  /// none by default. Built-in solvers whose search can run long honour it (see stop.hpp).
  Stop stop;

  /// How many solutions to look for: `solutions`, where 0 means 1 (every solver and checker
  /// asks this, never `solutions` itself).
  uint64_t wanted() const noexcept { return solutions == 0 ? 1 : solutions; }

  Limits() = default;
  /// Limits{2}, Limits{1, budget}: the stop is rarely given, and warnings want every field.
  Limits(uint64_t count, uint64_t nodes = kDefaultBudget, Stop when = {})
      : solutions(count), budget(nodes), stop(when) {}
};

/// Work counters, comparable across machines (unlike time). Each solver documents exactly what
/// it counts; the shared meaning:
///  - nodes: search-tree nodes (placements or exact-cover rows tried); the budget counts these.
///  - guesses: placements chosen among two or more candidates (0 means solved by logic alone).
///  - backtracks: dead ends that undid a choice.
struct Work {
  uint64_t guesses = 0;
  uint64_t backtracks = 0;
  uint64_t nodes = 0;
};

std::string_view to_string(PuzzleKind k) noexcept;

/// Why a solver's count of solutions disagrees with the `known` count of a file, whatever the
/// kind (each kind's verify() asks it): a count below the limit must equal it; one at the limit
/// needs a known count at least as large.
std::optional<std::string> check_count(uint64_t counted, uint64_t limit, uint64_t known);

namespace detail {
template <class List>
struct AnswerOf;
template <class... S>
struct AnswerOf<TypeList<S...>> {
  using type = std::variant<std::monostate, S...>;
};
template <class List>
struct RefOf;
template <class... P>
struct RefOf<TypeList<P...>> {
  using type = std::tuple<const P*...>;
};
}  // namespace detail

/// A solution, whatever the puzzle's kind: none, or one of SolutionTypes (kind_types.hpp: each
/// kind's Solution). The kind's code writes and reads its own alternative;
/// everything between (the driver, the judge, the rows) passes it on whole. Holds the solution in
/// place: no allocation for a solution of fixed size.
class Answer {
 public:
  Answer() noexcept = default;
  /// A solution of one of the kinds (implicit: it is one).
  template <class S>
    requires SolutionTypes::holds<std::remove_cvref_t<S>>
  Answer(S&& s) noexcept : v_(std::forward<S>(s)) {}  // NOLINT(google-explicit-constructor,bugprone-forwarding-reference-overload)

  bool empty() const noexcept { return v_.index() == 0; }
  /// Which kind's answer it holds (meaningful when not empty).
  PuzzleKind kind() const noexcept { return static_cast<PuzzleKind>(v_.index() == 0 ? 0 : v_.index() - 1); }
  /// The solution held as an S (one of SolutionTypes), or null when it holds none of that type.
  template <class S>
  const S* get() const noexcept {
    return std::get_if<S>(&v_);
  }
  /// Makes it an S of `args` and returns it, for a solver to write in place.
  template <class S, class... A>
    requires SolutionTypes::holds<S>
  S& emplace(A&&... args) noexcept {
    return v_.template emplace<S>(std::forward<A>(args)...);
  }
  /// The S it holds, as it is, else a new S of `fresh`: for a writer that then sets all of it,
  /// so that an answer written again in the same Result costs no clearing (a Sudoku solver's
  /// 625-byte grid, made with Grid::Unset).
  template <class S, class... A>
    requires SolutionTypes::holds<S>
  S& reuse(A&&... fresh) noexcept {
    if (S* s = std::get_if<S>(&v_)) return *s;
    return v_.template emplace<S>(std::forward<A>(fresh)...);
  }
  void clear() noexcept { v_.emplace<std::monostate>(); }

  friend bool operator==(const Answer&, const Answer&) = default;

 private:
  detail::AnswerOf<SolutionTypes>::type v_;
};

struct Result {
  Status status = Status::none;
  uint64_t solutions = 0;  ///< solutions found, up to the limit
  Answer answer;           ///< the first solution found (empty when solutions is 0)
  Work work;
};

/// A result with status `s` and nothing else (a puzzle refused before any search).
inline Result result_of(Status s) noexcept {
  Result r;
  r.status = s;
  return r;
}

/// A puzzle of any kind, by reference: what a solver is handed (Solver::solve). Made from the
/// kind's own puzzle (one of PuzzleTypes, kind_types.hpp), which must outlive it.
class PuzzleRef {
 public:
  template <class P>
    requires PuzzleTypes::holds<P>
  PuzzleRef(const P& p) noexcept {  // NOLINT(google-explicit-constructor)
    std::get<const P*>(p_) = &p;
  }

  /// The puzzle as a P (one of PuzzleTypes), or null when it is of another kind.
  template <class P>
  const P* get() const noexcept {
    return std::get<const P*>(p_);
  }

 private:
  detail::RefOf<PuzzleTypes>::type p_{};
};

/// Status from a finished or interrupted count: the rule every solver shares.
Status status_for(uint64_t solutions, uint64_t limit, bool budget_hit) noexcept;

/// A stateful worker that owns its scratch memory. Not thread-safe: make one per thread
/// (SolverInfo::make); distinct Solver objects share no mutable state.
class Solver {
 public:
  virtual ~Solver() = default;
  /// Solves `puzzle`, of any kind and size (a solver that does not support it returns
  /// `unsupported`; conflicting givens return `invalid`), the answer in Result::answer.
  /// Deterministic: same input, same result and counters.
  virtual Result solve(PuzzleRef puzzle, const Limits& limits) = 0;
  /// Untimed follow-up to solve(), called by the driver before it verifies `r` (the result of
  /// solve(puzzle, ...) on this object): a plug-in checks what its library returned there, or
  /// fetches a solution the timed call did not give. Returns why `r` cannot be used (the puzzle
  /// is then `wrong`), or nothing. Built-in solvers need none of it.
  virtual std::optional<std::string> complete(PuzzleRef puzzle, Result& r) {
    (void)puzzle, (void)r;
    return std::nullopt;
  }
  /// Why the last solve() returned `timeout` or `error` (an external program that died, broke
  /// the protocol, ran out of time, or said why it failed); empty otherwise.
  virtual std::string_view message() const noexcept { return {}; }
};

/// The base of a solver of one kind's puzzles, P (one of PuzzleTypes): Self's
/// `Result solve_one(const P&, const Limits&)` gets them (called directly: no second virtual
/// call), a puzzle of the other kind is `unsupported`.
template <class Self, class P>
class SolverOf : public Solver {
 public:
  Result solve(PuzzleRef puzzle, const Limits& limits) final {
    if (const P* p = puzzle.get<P>()) return static_cast<Self*>(this)->solve_one(*p, limits);
    return result_of(Status::unsupported);
  }
};

/// One puzzle's outcome from a SliceSolver: what the driver reads from an in-process solver
/// (the result, the time of the solve call, complete()'s verdict, message()) in one value.
struct SliceAnswer {
  Result result;          ///< `error` / `timeout` when the solver's process crashed or hung on it
  uint64_t time_ns = 0;   ///< the solve call alone, timed where it ran
  std::optional<std::string> unusable;  ///< complete()'s reason the answer cannot be used
  std::string message;    ///< why `error` or `timeout`
};

/// A solver that runs outside the tool's process (a plug-in under `--isolate`, in a child
/// process) and takes puzzles a slice at a time, so that crossing over costs one exchange per
/// slice, not per puzzle. The driver hands it each slice's puzzles at once; solve() is a slice
/// of one (for the callers with one puzzle). Not thread-safe; one per worker thread.
class SliceSolver : public Solver {
 public:
  /// Solves `puzzles` in order into `out` (as many), until `stop` (if given) is set: returns
  /// how many were done, all of them unless stopped; a puzzle in flight when the stop came is
  /// not among them. Every puzzle is of a kind and size the solver's SolverInfo declares.
  virtual std::size_t solve_slice(std::span<const PuzzleRef> puzzles, const Limits& limits,
                                  std::span<SliceAnswer> out, const std::atomic<bool>* stop) = 0;
};

/// A program that answers a whole stream of puzzles in order (`--exec-batch`): puzzles go in,
/// one answer each comes back, in the same order, with no per-puzzle time. The driver runs it
/// as a pass of its own on one thread (driver/batch.cpp). Not thread-safe; one per pass.
class BatchSolver {
 public:
  virtual ~BatchSolver() = default;
  /// Hands the next puzzle to the program. Does not wait for its answer; while the program's
  /// input is full, reads its answers meanwhile (so a program that reads everything before
  /// answering and one that answers as it reads both work). The puzzle is of a kind and size
  /// the program's SolverInfo declares.
  virtual void send(PuzzleRef puzzle) = 0;
  /// No more puzzles: closes the program's input.
  virtual void close() = 0;
  /// The answer to the oldest puzzle sent and not yet answered (`puzzle` is that puzzle) into
  /// `out`; false when it has not arrived yet and `wait` is false. A program that fails gives
  /// `error` or `timeout` to every puzzle it left unanswered; `why` says why (set with the first
  /// of them, empty for the rest).
  virtual bool receive(PuzzleRef puzzle, bool wait, Result& out, std::string& why) = 0;
};

/// The description of a solver: one row of the registry (built in, or added at run time by a
/// plug-in or an external program).
struct SolverInfo {
  /// Makes a worker that solves one puzzle at a time: one per thread. May throw (a plug-in that
  /// cannot make its state).
  using PerThread = std::function<std::unique_ptr<Solver>()>;
  /// Makes a worker that answers a whole file in one pass (`--exec-batch`), with that pass's
  /// limits: the driver runs it as a pass of its own on one thread (BatchSolver).
  using PerPass = std::function<std::unique_ptr<BatchSolver>(const Limits&)>;

  std::string name;
  std::string description;
  /// The sizes of its kind it takes: bit s for size s, where what a size is is its row's (a
  /// Sudoku's box: 1u << 3 is 9x9; sudoku::kBox9). A kind whose puzzles have no sizes ignores it.
  unsigned sizes = 0;
  /// Its one factory; which of the two it is says how it runs (batch()), known before anything
  /// is made (`list`, and the roles that refuse a whole-file program, start no program).
  std::variant<PerThread, PerPass> factory;
  /// Where it comes from, for `list` and the provenance: empty for a built-in solver.
  std::string origin = {};
  /// The kind of puzzle it solves.
  PuzzleKind kind{};
  /// Set for an external program (`--exec`): it is sent puzzles of every kind (of `sizes`), and
  /// answers `unsupported` for what it does not solve (docs/exec.md).
  bool any_kind = false;
  /// Why a stop (Ctrl-C, SIGTERM) cannot end its puzzle part-way, so that the run waits for
  /// the puzzle in flight (a plug-in in this process); empty when it can.
  std::string uninterruptible = {};

  /// Whether it takes puzzles of size `size` (its row's judge asks: SudokuKind::size_refused).
  bool supports(int size) const noexcept { return (sizes >> size) & 1u; }
  /// Whether puzzles of `k` are sent to it.
  bool solves(PuzzleKind k) const noexcept { return any_kind || kind == k; }
  /// Whether it answers whole files only (`--exec-batch`: a PerPass factory).
  bool batch() const noexcept { return factory.index() == 1; }
  /// A new worker for one thread, the way every caller that solves puzzles one at a time makes
  /// one. Throws std::logic_error for a batch() program (callers refuse those first).
  std::unique_ptr<Solver> make() const;
  /// The worker of one pass over a whole file, for a batch() program (driver/batch.cpp).
  std::unique_ptr<BatchSolver> make_batch(const Limits& limits) const;
};

/// SolverInfo::sizes of a solver that takes every size of every kind (an --exec program).
inline constexpr unsigned kAllSizes = ~0u;

}  // namespace puzzle
