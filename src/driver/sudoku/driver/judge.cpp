#include "sudoku/driver/judge.hpp"

#include <fmt/format.h>

#include "sudoku/kinds.hpp"

namespace sudoku {
namespace {

// What the judge asks of a kind (its clue count, whether a solver takes its size, what makes a
// puzzle with no answer invalid, its verify()) is in the kind's row (kinds.hpp), found from the
// record's puzzle type.
template <class Record>
using RowOf = Kinds::Of<decltype(Record::puzzle)>;

/// The read error as the user sees it: a record of several lines (ParsedNonogram::error_line)
/// is reported at its first line, so an error further down says where.
template <class Record>
std::string read_error(Record& p, uint64_t line) {
  if constexpr (requires { p.error_line; })
    if (p.error_line != 0) return fmt::format("line {}: {}", line + p.error_line, p.error);
  return std::move(p.error);
}

template <class Record>
bool admit_any(Verdict& v, Record& p, const SolverInfo& info, uint64_t line) {
  using Row = RowOf<Record>;
  v.clues = Row::clues(p.puzzle);
  if (!p.error.empty()) {
    v.status = Status::invalid;
    v.message = read_error(p, line);
    return false;
  }
  std::optional<std::string> refused;
  if (!info.solves(Row::id))
    refused = fmt::format("solver '{}' solves {}, not {} (try -s {})", info.name, Kinds::plural(info.kind),
                          Row::plural, Row::default_solver);
  else
    refused = Row::size_refused(p.puzzle, info);
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
    if (auto c = RowOf<Record>::contradiction(p.puzzle)) {
      v.status = Status::invalid;
      v.message = std::move(*c);
      return false;
    }
  }
  if (auto why = RowOf<Record>::verify(p.puzzle, r, limit, p.known)) {
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
