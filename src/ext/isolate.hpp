#pragma once
// Plug-ins isolated in child processes (`--isolate`): a library that crashes, calls exit() or
// never returns costs the puzzle it did it on, not the run.
//
// Each worker thread's solver runs the library in a child process of its own: the small program
// sudoku-bench-plugin-host found beside the tool (or the Python module), or else the tool
// itself re-executed as `sudoku-bench __plugin-child PATH [SYMBOL]` (both: isolated_child_main).
// A new program rather than a fork: the driver's threads are running when a child must be
// restarted after a crash, and a fork of a threaded process may only call async-signal-safe
// functions before exec; a fresh process also holds nothing of the tool's (no locks, no TBB
// threads, no open outputs: descriptors past 4 are closed) and loads the library the way a
// separate program would. The host links the plug-in layer alone, so a child's start costs
// about a millisecond of CPU (the whole tool's start-up: 3), once per child, never per puzzle.
//
// Parent and child share one memory block (a memfd the child receives as descriptor 4, maps
// and closes): a header, 256 puzzle slots and the slice's cells, packed. The parent writes a
// slice of puzzles into it and sends one byte on a socket pair (descriptor 3); the child solves them in order,
// timing each call alone with the steady clock, writes each answer beside its puzzle, publishes
// its progress (the next slot, and when it started) in the header, and sends one byte back
// when the slice is done: two system calls a slice per side, none per puzzle. While it waits
// the parent polls the socket with the current puzzle's deadline:
//  - the socket ends (the child died: a signal, abort(), exit()): the slot it was on gets
//    `error` naming the cause ("was killed by signal 11 (SIGSEGV)"), a new child starts at the
//    next slot;
//  - the current puzzle runs past the timeout: the child's process group is killed, the
//    puzzle gets `timeout`, a new child starts at the next slot.
// Every other answer is kept. A child whose parent dies (even by `kill -9`) sees its socket
// end and exits at once, whatever its library is doing (a watchdog thread). A library that
// writes over the block (stray stores) costs no answer either: each answer is signed with a
// checksum over its puzzle, which the parent checks with its own copy; one written over is
// asked for again in a new process (isolate_wire.hpp's opening comment).
//
// The files: isolate_wire.hpp, what both sides share (the block's layout, the bytes on the
// socket, the checksum); isolate.cpp, the tool's side (a Host per child, the pool of idle
// ones, the SliceSolver each worker gets, load_isolated); isolate_child.cpp, the child's
// (isolated_child_main).
#include <chrono>
#include <string>
#include <string_view>

#include "ext/plugin.hpp"
#include "puzzle/solver.hpp"

namespace puzzle::ext {

/// The hidden subcommand the tool is re-executed with for an isolated plug-in (also the host's
/// first argument).
inline constexpr std::string_view kIsolatedChildCommand = "__plugin-child";
/// The small program that hosts an isolated plug-in, looked for beside the tool.
inline constexpr std::string_view kPluginHostProgram = "sudoku-bench-plugin-host";

/// The program a child runs: kPluginHostProgram beside the code of the tool (the executable, or
/// the shared object such as the Python module that holds this library), else the tool's own
/// executable (/proc/self/exe). Found once.
const std::string& child_program();

/// What a tool and its child must agree on: the version, git revision, protocol and block size
/// of this build. Checked by a handshake at each child's start (a child of another build makes
/// the load fail with one message naming both).
std::string build_identity();

/// main() of the child: `argv` = {tool, kIsolatedChildCommand, PATH, SYMBOL or "", NAME}
/// (SYMBOL and NAME: a harness function; empty: a library of the C ABI), with the socket as
/// descriptor 3 and the shared block as 4. Returns the exit status. `build`: the identity it
/// answers the handshake with (a test's stale host gives another).
int isolated_child_main(int argc, char** argv, std::string_view build = build_identity());

/// How isolated plug-ins run.
struct IsolateOptions {
  /// The program each child runs (child_program(); the tests name the built tool).
  std::string exe = child_program();
  /// The longest a call may take (past it: `timeout`, the child is killed and restarted); also
  /// the longest a child may take to start and load the library.
  std::chrono::milliseconds timeout{10'000};
};

/// `--plugin ... --isolate`: the solvers of the library (a harness function `symbol` named
/// `name`, or with an empty `symbol` every solver of a native library), each worker's in a child
/// process: SolverInfo::make gives a SliceSolver (puzzle/solver.hpp), which the driver hands a
/// slice at a time. The library is never loaded into the tool itself: a first child, started
/// here, lists the solvers (and is kept for the first worker); one that cannot load it, or does
/// not start within the timeout, throws LoadError with the child's reason.
Loaded load_isolated(const std::string& name, const std::string& path, const std::string& symbol,
                     const IsolateOptions& options);

}  // namespace puzzle::ext
