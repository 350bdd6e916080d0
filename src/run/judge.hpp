#pragma once
// The judge: what one record's row says (status, solution count, work, message), decided in one
// place for every puzzle kind and every way a solver runs: in this process (driver.cpp), a slice
// in a child process (SliceSolver), a program over the whole file (batch.cpp). The callers only
// parse, hand the puzzle over and time the call. A kind enters through its parsed record
// (Record<Row>, kinds.hpp) and its row; the judge does not know which kind it holds.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "run/pipeline.hpp"
#include "puzzle/kinds.hpp"
#include "io/parse.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::run {

/// One record's row, bar its line and time.
struct Verdict {
  Status status = Status::none;
  uint64_t solutions = 0;
  uint16_t clues = 0;
  Work work;
  std::string message;  ///< why invalid, unsupported, wrong, timeout or error; usually empty
};

/// Before the solve call: false, with the status and the reason in `v`, when the record must not
/// reach `info`'s solver: `invalid` when it could not be read (`p.error`, moved out), else
/// `unsupported` when the solver is of another kind or size. `line` is the record's first line.
/// What it asks of the kind (clues, sizes, its name) is the kind's row (kinds.hpp).
template <class Row>
bool admit(Verdict& v, Record<Row>& p, const SolverInfo& info, uint64_t line) {
  v.clues = Row::clues(p.puzzle);
  if (!p.error.empty()) {
    v.status = Status::invalid;
    // Reported at the record's first line: an error further down says where.
    v.message = p.error_line == 0 ? std::move(p.error) : fmt::format("line {}: {}", line + p.error_line, p.error);
    return false;
  }
  std::optional<std::string> refused;
  if (!info.solves(Row::id))
    refused = fmt::format("solver '{}' solves {}, not {} (try -s {})", info.name, puzzle::Kinds::plural(info.kind),
                          Row::plural, Row::default_solver);
  else if (info.any_kind && !KindPrograms<Row>)  // an outside program is sent what it can be written
    refused = fmt::format("an outside program is not sent {}: they have no one-word form (kinds.hpp)", Row::plural);
  else
    refused = Row::size_refused(p.puzzle, info);
  if (!refused) return true;
  v.status = Status::unsupported;
  v.message = std::move(*refused);
  return false;
}

/// After the solve call, wherever it ran: its result `r` judged into `v`. `unusable`: why
/// Solver::complete() refused it (then `wrong`); `message`: why `timeout` or `error` (an outside
/// solver failed: no answer to check); a `none`, `invalid` or `budget_exceeded` puzzle whose
/// givens contradict each other is `invalid`, naming the conflict (the row's contradiction());
/// else the row's verify() at `limit` (`wrong` and why, when the answer does not hold up). True
/// when `r` was checked by verify(): its answer (when it has one) may be shown and annotated.
template <class Row>
bool settle(Verdict& v, const Record<Row>& p, const Result& r, uint64_t limit, std::optional<std::string> unusable,
            std::string_view message) {
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
    if (auto c = Row::contradiction(p.puzzle)) {
      v.status = Status::invalid;
      v.message = std::move(*c);
      return false;
    }
  }
  if (auto why = Row::verify(p.puzzle, r, limit, p.known)) {
    v.status = Status::wrong;
    v.message = std::move(*why);
  }
  return true;
}

/// A pass's problems to RunConfig::on_problem, from the writer's side, in input order: every
/// verdict with a message, but `unsupported` once per pass, and `invalid` only on a file's first
/// pass (the next solvers would repeat it).
class ProblemReport {
 public:
  ProblemReport(const RunConfig& cfg, const std::string& file, bool report_invalid)
      : cfg_(cfg), file_(file), report_invalid_(report_invalid) {}
  void operator()(uint64_t line, const Verdict& v);

 private:
  const RunConfig& cfg_;
  const std::string& file_;
  bool report_invalid_;
  bool unsupported_reported_ = false;
};

}  // namespace puzzle::run
