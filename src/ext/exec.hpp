#pragma once
// Solvers that are programs in any language (the protocol is docs/exec.md): `--exec` keeps one
// child process per worker thread and speaks a line protocol, one puzzle line in, one answer
// line out; `--exec-batch` runs a program over a whole file, answers in order.
//
// Each child is `/bin/sh -c COMMAND`, a Subprocess (subprocess.hpp) in a process group of its
// own (so Ctrl-C at the terminal reaches only the tool, which stops between two puzzles, and a
// kill reaches whatever the command started), with pipes on stdin and stdout and the tool's
// stderr. While children exist the process ignores SIGPIPE (exec.cpp says why), so a write to a
// dead child is a status, not the end of the run. Every child is reaped: at the end of a pass
// its input is closed and it has half a second to exit before it is killed.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "ext/load.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::ext {

/// `--exec NAME=COMMAND`: COMMAND (run by /bin/sh) as the solver NAME, one child per worker
/// thread, every size and nonograms too, sent as game IDs (a child answers `unsupported` for
/// what it does not solve). Each
/// child first answers an easy 9x9 puzzle, untimed (it proves the command speaks the protocol
/// and is warm before the first timed puzzle). A child that dies, breaks the protocol or gives
/// no answer within `timeout` gives that puzzle `error` or `timeout` and is replaced. Throws
/// LoadError, naming the command, when it cannot be started or does not answer that first
/// puzzle.
SolverInfo exec_solver(const std::string& name, const std::string& command, std::chrono::milliseconds timeout);

/// `--exec-batch NAME=COMMAND`: COMMAND reads 9x9 puzzle lines on stdin and prints one answer
/// a line, in order (Debian's `qqwing --solve --one-line`); run as one pass of its own
/// (SolverInfo::batch()): throughput and verified answers, no per-puzzle time. `timeout`: the
/// longest silence while an answer is due; past it the program is killed and the puzzles it
/// left get `timeout`. Throws LoadError when a first run on one easy puzzle gives no answer.
SolverInfo exec_batch_solver(const std::string& name, const std::string& command, std::chrono::milliseconds timeout);

/// Reads one answer line of the protocol (docs/exec.md) to `puzzle` under `limit`: a solution,
/// `COUNT [SOLUTION]`, or `none` / `invalid` / `unsupported` / `error [why]`, then optional
/// `guesses=N backtracks=N nodes=N`. False with `why` set when the line breaks the protocol;
/// a child's own `error` gives status error and its words in `why`. The solution is written as
/// the puzzle's kind reads one (its row's read_solution, puzzle/kinds.hpp): a grid in the
/// one-line alphabet; a nonogram's picture, w*h characters row by row, `#` (or `1`) shaded and
/// `.` (or `0`) blank.
bool parse_answer(std::string_view line, PuzzleRef puzzle, uint64_t limit, Result& out, std::string& why);

/// The protocol's own cost per puzzle on this machine: round trips of a 9x9 puzzle line through
/// an echoing child (`cat`), each timed like an --exec puzzle (write the line, wait, read the
/// echo, read it as a grid), after 200 untimed ones. Throws LoadError when `cat` cannot run.
struct RoundTripFloor {
  uint64_t round_trips = 0;
  double median_us = 0, p90_us = 0, min_us = 0;
};
RoundTripFloor measure_floor(int round_trips = 2000);

}  // namespace puzzle::ext
