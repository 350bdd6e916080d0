#pragma once
// The judge: what one record's row says (status, solution count, work, message), decided in one
// place for every puzzle kind and every way a solver runs: in this process (driver.cpp), a slice
// in a child process (SliceSolver), a program over the whole file (batch.cpp). The callers only
// parse, hand the puzzle over and time the call. A kind enters through its parsed record
// (io/parse.hpp: Parsed, ParsedNonogram) and its verify() (core/verify.hpp); the rest of the
// judge does not know which kind it holds.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sudoku/driver/driver.hpp"
#include "sudoku/io/parse.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

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
bool admit(Verdict& v, Parsed& p, const SolverInfo& info, uint64_t line);
bool admit(Verdict& v, ParsedNonogram& p, const SolverInfo& info, uint64_t line);

/// After the solve call, wherever it ran: its result `r` judged into `v`. `unusable`: why
/// Solver::complete() refused it (then `wrong`); `message`: why `timeout` or `error` (an outside
/// solver failed: no answer to check); a `none`, `invalid` or `budget_exceeded` puzzle whose
/// givens contradict each other is `invalid`, naming the conflict; else verify() at `limit`
/// (`wrong` and why, when the answer does not hold up). True when `r` was checked by verify():
/// its answer (when it has one) may be shown and annotated.
bool settle(Verdict& v, const Parsed& p, const Result& r, uint64_t limit,
            std::optional<std::string> unusable, std::string_view message);
bool settle(Verdict& v, const ParsedNonogram& p, const Result& r, uint64_t limit,
            std::optional<std::string> unusable, std::string_view message);

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

}  // namespace sudoku
