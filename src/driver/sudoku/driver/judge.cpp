#include "sudoku/driver/judge.hpp"

#include <fmt/format.h>

#include "sudoku/registry.hpp"
#include "sudoku/verify.hpp"

namespace sudoku {
namespace {

// What the judge asks of a kind's parsed record: its kind, its clue count, the read error as
// the user sees it, whether a solver of its kind takes its size, and what makes a puzzle with
// no answer invalid (Sudoku: two equal givens in a unit; a nonogram's bad clues are read errors).
PuzzleKind kind_of(const Parsed&) noexcept { return PuzzleKind::sudoku; }
PuzzleKind kind_of(const ParsedNonogram&) noexcept { return PuzzleKind::nonogram; }
uint16_t clues_of(const Parsed& p) noexcept { return static_cast<uint16_t>(p.puzzle.clues()); }
uint16_t clues_of(const ParsedNonogram& p) noexcept { return static_cast<uint16_t>(p.puzzle.clue_count()); }
std::string read_error(Parsed& p, uint64_t) { return std::move(p.error); }
std::string read_error(ParsedNonogram& p, uint64_t line) {
  // Reported at the record's first line: an error further down says where.
  return p.error_line == 0 ? std::move(p.error) : fmt::format("line {}: {}", line + p.error_line, p.error);
}
std::optional<std::string> size_refused(const Parsed& p, const SolverInfo& info) {
  if (info.supports(p.puzzle.box())) return std::nullopt;
  return fmt::format("solver '{}' does not support {}x{} grids", info.name, p.puzzle.side(), p.puzzle.side());
}
std::optional<std::string> size_refused(const ParsedNonogram&, const SolverInfo&) { return std::nullopt; }
std::optional<std::string> contradiction(const Parsed& p) {
  if (auto c = find_conflict(p.puzzle)) return "contradictory givens: " + c->describe(p.puzzle);
  return std::nullopt;
}
std::optional<std::string> contradiction(const ParsedNonogram&) { return std::nullopt; }

std::string_view plural(PuzzleKind k) noexcept { return k == PuzzleKind::nonogram ? "nonograms" : "Sudoku"; }

template <class Record>
bool admit_any(Verdict& v, Record& p, const SolverInfo& info, uint64_t line) {
  v.clues = clues_of(p);
  if (!p.error.empty()) {
    v.status = Status::invalid;
    v.message = read_error(p, line);
    return false;
  }
  const PuzzleKind kind = kind_of(p);
  std::optional<std::string> refused;
  if (!info.solves(kind))
    refused = fmt::format("solver '{}' solves {}, not {} (try -s {})", info.name, plural(info.kind), plural(kind),
                          default_solver(kind));
  else
    refused = size_refused(p, info);
  if (!refused) return true;
  v.status = Status::unsupported;
  v.message = std::move(*refused);
  return false;
}

template <class Record>
bool settle_any(Verdict& v, const Record& p, const Result& r, uint64_t limit,
                std::optional<std::string> unusable, std::string_view message) {
  v.solutions = r.solutions;
  v.work = r.work;
  if (unusable) {
    v.status = Status::wrong;
    v.message = std::move(*unusable);
    return false;
  }
  v.status = r.status;
  if (r.status == Status::timeout || r.status == Status::error) {  // an outside solver failed
    v.message = std::string(message);
    return false;  // no answer to verify
  }
  if (r.status == Status::invalid || r.status == Status::none || r.status == Status::budget_exceeded) {
    // No answer proves the givens consistent: a conflict makes the puzzle `invalid`, named in
    // the message. (An `invalid` without one is caught by verify() below.) The solvers are left
    // to find it, so the common case pays for one duplicate scan (of the answer), not two.
    if (auto c = contradiction(p)) {
      v.status = Status::invalid;
      v.message = std::move(*c);
      return false;
    }
  }
  if (auto why = verify(p.puzzle, r, limit, p.known)) {
    v.status = Status::wrong;
    v.message = std::move(*why);
  }
  return true;
}

}  // namespace

bool admit(Verdict& v, Parsed& p, const SolverInfo& info, uint64_t line) { return admit_any(v, p, info, line); }
bool admit(Verdict& v, ParsedNonogram& p, const SolverInfo& info, uint64_t line) {
  return admit_any(v, p, info, line);
}

bool settle(Verdict& v, const Parsed& p, const Result& r, uint64_t limit, std::optional<std::string> unusable,
            std::string_view message) {
  return settle_any(v, p, r, limit, std::move(unusable), message);
}
bool settle(Verdict& v, const ParsedNonogram& p, const Result& r, uint64_t limit,
            std::optional<std::string> unusable, std::string_view message) {
  return settle_any(v, p, r, limit, std::move(unusable), message);
}

void ProblemReport::operator()(uint64_t line, const Verdict& v) {
  if (!cfg_.on_problem || v.message.empty()) return;
  if (v.status == Status::unsupported) {
    if (!unsupported_reported_) cfg_.on_problem(file_, line, v.message);
    unsupported_reported_ = true;
  } else if (v.status != Status::invalid || report_invalid_) {
    cfg_.on_problem(file_, line, v.message);
  }
}

}  // namespace sudoku
