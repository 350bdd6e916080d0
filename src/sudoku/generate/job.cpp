#include "sudoku/generate/job.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include <fmt/format.h>

#include "puzzle/rng.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/generate/transform.hpp"
#include "sudoku/se/se.hpp"
#include "sudoku/sudoku_kind.hpp"
#include "sudoku/verify.hpp"

namespace puzzle::sudoku {
namespace {

using Clock = std::chrono::steady_clock;

/// The item's line and clue count from its puzzle and (box 0: unknown) solution.
void write_line(GenItem& it, const Grid& puzzle, const Grid& solution, bool with_solution) {
  it.clues = puzzle.clues();
  it.line = to_line(puzzle);
  if (with_solution && solution.box() != 0) {
    it.line += ',';
    it.line += to_line(solution);
  }
  it.line += '\n';
}

/// What the solve driver does with every answer, for a solver that generate or transform asks:
/// the untimed follow-up (a plug-in's own checks), then the verifier against what is known.
/// Returns why the answer `r` cannot be trusted ("NAME gave a wrong answer: ...", or an
/// external program's error), or nothing.
std::optional<std::string> checked_solve(Solver& solver, std::string_view name, const Grid& puzzle,
                                         const Limits& limits, const Known& known, Result& r) {
  r = solver.solve(puzzle, limits);
  if (r.status == Status::error)
    return fmt::format("{} failed: {}", name, solver.message().empty() ? "error" : solver.message());
  std::optional<std::string> why = solver.complete(puzzle, r);
  if (!why) why = verify(puzzle, r, limits.wanted(), known);
  if (why) return fmt::format("{} gave a wrong answer: {}", name, *why);
  return std::nullopt;
}

/// The verifier's opinion of `puzzle`: empty when it finds `solution` and nothing else.
std::string verify_unique(Solver& verifier, std::string_view name, const Grid& puzzle,
                          const Grid& solution, const Stop& stop) {
  Result r;
  Known known;
  known.solution = solution;
  if (auto why = checked_solve(verifier, name, puzzle, Limits{2, kDefaultBudget, stop}, known, r)) return *why;
  if (r.status != Status::unique)
    return fmt::format("{} says {}, not unique", name, to_string(r.status));
  return {};
}

/// The checker as the reducer sees it. Every answer goes through checked_solve() against the
/// full grid being reduced: each puzzle cut from it has that grid as a solution, so `unique`
/// (or `solved`) must give exactly it, `multiple` a valid completion, and `none` or `invalid`
/// is a lie. A wrong answer reads as `wrong`, which the reducer takes as "not unique" (the given
/// stays); the first is kept, and the worker gives up the item with it as its problem.
/// Only solvers from outside (a non-empty origin: plug-ins, --exec) are checked: the built-in
/// ones pass the conformance suite, and checking them cost about 5% of generate's time (9x9,
/// propagation: the verifier's conflict scan beside a check of a few microseconds).
/// Every check polls the worker's stop (`stop`): once it fired, a check ends at once as
/// budget_exceeded, and the worker drops the item.
class CheckedChecker final : public SolverOf<CheckedChecker, Grid> {
 public:
  CheckedChecker(const SolverInfo& info, const Stop& stop)
      : info_(info), inner_(info.make()), name_(fmt::format("checker {}", info.name)),
        check_(!info.origin.empty()), stop_(stop) {}
  /// The full grid the next checks' puzzles are cut from; clears the problem.
  void start(const Grid& full) {
    if (check_) known_.solution = full;
    problem_.clear();
  }
  /// The first wrong answer since start(), or empty.
  const std::string& problem() const noexcept { return problem_; }
  /// The checker's removal test (Reducer::excluding_test), or null.
  ExcludingSolver* excluding() const noexcept { return Reducer::excluding_test(info_, *inner_); }

  Result solve_one(const Grid& puzzle, const Limits& given) {
    if (stop_.now()) return result_of(Status::budget_exceeded);
    Limits limits = given;
    limits.stop = stop_;
    if (!check_) return inner_->solve(puzzle, limits);
    Result r;
    if (auto why = checked_solve(*inner_, name_, puzzle, limits, known_, r)) {
      if (problem_.empty()) problem_ = *why;
      r.status = Status::wrong;
    }
    return r;
  }

 private:
  const SolverInfo& info_;
  std::unique_ptr<Solver> inner_;
  std::string name_;
  bool check_;
  const Stop& stop_;
  Known known_;
  std::string problem_;
};

class GenerateWorker final : public ItemWorker {
 public:
  explicit GenerateWorker(const GenerateSpec& s)
      : spec_(s), gen_(s.generator->make()),
        // Full grids need no solver: --verify then checks the rules alone.
        checker_(s.checker != nullptr && !s.grids
                     ? std::make_unique<CheckedChecker>(*s.checker, stop)
                     : nullptr),
        verifier_(s.verifier != nullptr && !s.grids ? s.verifier->make() : nullptr) {}

  void make(uint64_t index, GenItem& it) override {
    const auto t0 = Clock::now();
    it.index = index;
    it.stats = GenStats{};
    it.ok = true;
    int er = -1;  // the SE rating in tenths, when rated
    it.extra.clear();
    it.problem.clear();
    ItemRng rng = item_rng(spec_.seed, index);
    const int lo = spec_.clues_lo, hi = spec_.clues_hi;
    ReduceOptions ro = spec_.reduce;
    ro.target_clues = spec_.minimal ? 0 : hi;  // 0: down to minimal
    if (!spec_.minimal && lo < hi)
      ro.target_clues = lo + static_cast<int>(below(rng, static_cast<uint32_t>(hi - lo) + 1));
    it.target = ro.target_clues;
    // Accepted counts: the target (the reducer never goes below it), or minimal ones in the window.
    const int accept_lo = spec_.minimal ? lo : 0;
    const int accept_hi = spec_.minimal ? hi : ro.target_clues;
    for (;;) {
      ++it.stats.attempts;
      if (!gen_->fill(spec_.box, rng, solution_, it.stats)) {
        it.ok = false;
        it.problem = "the generator gave up";
        puzzle_ = solution_ = Grid(spec_.box);
        break;
      }
      if (spec_.grids) {
        puzzle_ = solution_;
        break;
      }
      checker_->start(solution_);
      if (ExcludingSolver* x = checker_->excluding()) {
        puzzle_ = reducer_.reduce(solution_, ro, rng, *x, stop, it.stats.checks);
      } else {
        puzzle_ = reducer_.reduce(solution_, ro, rng, *checker_, it.stats.checks);
      }
      if (stop.now()) {  // checks ended by the stop: the puzzle is not what it seems
        it.interrupted = true;
        return;
      }
      if (!checker_->problem().empty()) {  // the checker lied: nothing it made can be trusted
        it.problem = checker_->problem();
        break;
      }
      const int clues = puzzle_.clues();
      if ((accept_hi == 0 || (accept_lo <= clues && clues <= accept_hi)) && level_ok(it, er)) break;
      if (it.stats.attempts >= spec_.max_attempts) {
        it.ok = false;
        break;
      }
    }
    if (spec_.verifier != nullptr && it.problem.empty()) {
      if (spec_.grids) {
        if (auto why = check_solution(Grid(spec_.box), puzzle_)) it.problem = *why;
      } else {
        it.problem = verify_unique(*verifier_, spec_.verifier->name, puzzle_, solution_, stop);
        if (stop.now()) {
          it.interrupted = true;
          return;
        }
      }
    }
    it.time_ns = static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count());
    write_line(it, puzzle_, solution_, spec_.solutions && !spec_.grids);
    if (!it.ok) it.line = missed_line(index, missed_why(it, er));
    if (spec_.rated()) {
      it.extra.push_back(er >= 0 ? se::tenths_text(er) : std::string());
      it.extra.emplace_back(er >= 0 ? se::level_name(er) : std::string_view("unrated"));
    }
  }

 private:
  // What a missed item missed and how close its last attempt came: "ER 10.0-12.0 not met
  // after 1000 grids (last: 25 clues, ER 1.5)".
  std::string missed_why(const GenItem& it, int er) const {
    if (!it.problem.empty()) return it.problem;  // the generator gave up
    std::string target;
    const auto add = [&](const std::string& part) { target += (target.empty() ? "" : ", ") + part; };
    if (spec_.clues_hi != 0)
      add(spec_.minimal ? fmt::format("minimal with {}-{} clues", spec_.clues_lo, spec_.clues_hi)
                        : fmt::format("{} clues", it.target));
    if (spec_.levels != 0) {
      std::string names;
      const auto levels = se::levels();
      for (std::size_t l = 0; l < levels.size(); ++l)
        if ((spec_.levels >> l & 1u) != 0) names += (names.empty() ? "" : ",") + std::string(levels[l].name);
      add("difficulty " + names);
    }
    if (spec_.er_hi != 0) add(fmt::format("ER {}-{}", se::tenths_text(spec_.er_lo), se::tenths_text(spec_.er_hi)));
    return fmt::format("{} not met after {} grids (last: {} clues{})", target, it.stats.attempts, it.clues,
                       er >= 0 ? ", ER " + se::tenths_text(er) : std::string());
  }

  // With a difficulty or ER target: rates the puzzle (unique: the reducer kept it so) as Sudoku
  // Explainer does and says whether its level and ER are wanted. Without one: true.
  bool level_ok(GenItem& it, int& er) {
    if (!spec_.rated()) return true;
    ++it.stats.checks;
    const se::Rating r = rater_.rate(puzzle_);
    if (r.status != se::RatingStatus::rated && r.status != se::RatingStatus::stuck) return false;
    er = r.er;
    return (spec_.levels == 0 || (spec_.levels >> se::level_index(r.er) & 1u) != 0) &&
           (spec_.er_hi == 0 || (spec_.er_lo <= r.er && r.er <= spec_.er_hi));
  }

  GenerateSpec spec_;
  Grid puzzle_, solution_;  // the item's, reused
  std::unique_ptr<Generator> gen_;
  std::unique_ptr<CheckedChecker> checker_;
  std::unique_ptr<Solver> verifier_;
  Reducer reducer_;
  se::Rater rater_;
};

class TransformWorker final : public ItemWorker {
 public:
  explicit TransformWorker(const TransformSpec& s)
      : spec_(s), verifier_(s.verifier != nullptr ? s.verifier->make() : nullptr) {}

  void make(uint64_t index, GenItem& it) override {
    const auto t0 = Clock::now();
    const std::vector<TransformSource>& src = *spec_.sources;
    const TransformSource& s = src[index % src.size()];
    ItemRng rng = item_rng(spec_.seed, index);
    const Transform t = Transform::random(s.puzzle.box(), rng);
    it.index = index;
    it.stats = GenStats{};
    it.stats.attempts = 1;
    it.ok = true;
    it.target = 0;
    it.extra.clear();
    it.problem.clear();
    const Grid puzzle = t.apply(s.puzzle);
    Grid solution = s.solution ? t.apply(*s.solution) : Grid(0);
    if (verifier_) {
      if (!spec_.verifier->supports(puzzle.box())) {
        it.problem = fmt::format("{} does not support this size", spec_.verifier->name);
      } else {
        Result r;
        Known known;
        if (s.solution) known.solution = solution;
        if (auto why = checked_solve(*verifier_, spec_.verifier->name, puzzle,
                                     Limits{2, kDefaultBudget, stop}, known, r))
          it.problem = *why;
        if (stop.now()) {  // the verification was cut short
          it.interrupted = true;
          return;
        }
        if (!s.solution && r.status == Status::unique) solution = SudokuKind::solution(r.answer);
      }
    }
    it.time_ns = static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count());
    write_line(it, puzzle, solution, spec_.solutions);
  }

 private:
  TransformSpec spec_;
  std::unique_ptr<Solver> verifier_;
};

}  // namespace

std::unique_ptr<ItemWorker> make_generate_worker(const GenerateSpec& spec) {
  return std::make_unique<GenerateWorker>(spec);
}
std::unique_ptr<ItemWorker> make_transform_worker(const TransformSpec& spec) {
  return std::make_unique<TransformWorker>(spec);
}

const SolverInfo& solver_for_role(const Registry& registry, const std::string& name, int box,
                                  std::string_view role, OptionStyle style) {
  const SolverInfo& s = puzzle::solver_for_role(registry, name, role, style);
  if (!s.supports(box))
    throw OptionError(fmt::format("{} '{}' does not support {}x{} grids", role, s.name, box * box, box * box));
  return s;
}

const SolverInfo* default_transform_verifier(int box) {
  for (const char* n : {"propagation", "wide", "dlx", "backtracking"})
    if (const SolverInfo* s = find_builtin(n); s != nullptr && s->supports(box)) return s;
  return nullptr;
}

}  // namespace puzzle::sudoku
