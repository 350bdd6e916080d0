#pragma once
// Counting what the solve calls execute (`bench --measure instructions`): the measurement a
// shared, loaded CI machine cannot make flaky, as iai-callgrind and CodSpeed do it. Only the
// solve calls count (run/pipeline.hpp's SolveProbe brackets each one), never reading,
// parsing, verifying or writing.
//
// Two methods, one set of columns:
//  - perf: the CPU's own counter of retired user-mode instructions (perf_event_open, one per
//    solving thread), enabled around each solve call. Where the kernel and the VM expose it;
//    instructions only (the cache columns stay empty). Nearly exact: an interrupt can add an
//    instruction or two.
//  - callgrind: the passes run under valgrind's callgrind, in a child process the tool starts
//    itself (count_under_callgrind). The child turns instrumentation on for a counted pass and
//    collection on around each solve call by client requests (valgrind/callgrind.h), and dumps
//    each pass's totals under a label naming its row. Callgrind simulates a cache of fixed
//    geometry (kCallgrindCaches: the counts do not depend on the host's caches), which gives the
//    L1, LL and RAM hits and from them an estimate of cycles, iai-callgrind's:
//        L1 hits + 5 x LL hits + 35 x RAM hits
//    (after Itamar Turner-Trauring, pythonspeed.com, "Consistent benchmarking in CI"). Exact and
//    deterministic: the same build on the same data counts the same on any x86-64 machine that
//    runs the same instruction set (SUDOKU_SIMD; valgrind runs up to AVX2, never AVX-512).
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "measure/functions.hpp"
#include "run/pipeline.hpp"

namespace puzzle::measure {

struct BenchConfig;
struct BenchResult;

enum class CountMethod { perf, callgrind };
std::string_view to_string(CountMethod m) noexcept;

/// What the solve calls of one pass executed. NaN where the method does not say (perf: the
/// cache columns).
struct Counts {
  static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  double instructions = kNone;
  /// Memory accesses (instruction fetches, data reads and writes) by the level that served them.
  double l1_hits = kNone, ll_hits = kNone, ram_hits = kNone;
  /// L1 hits + 5 x LL hits + 35 x RAM hits (NaN without the cache columns).
  double est_cycles() const noexcept { return l1_hits + 5 * ll_hits + 35 * ram_hits; }
};

/// The events of a callgrind dump made with --cache-sim=yes, in its order:
/// Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw.
struct CacheEvents {
  uint64_t ir = 0, dr = 0, dw = 0, i1mr = 0, d1mr = 0, d1mw = 0, ilmr = 0, dlmr = 0, dlmw = 0;
};
/// Instructions, and hits per level: L1 = accesses - L1 misses, LL = L1 misses - LL misses,
/// RAM = LL misses.
Counts counts_of(const CacheEvents& e) noexcept;

/// A SolveProbe that also brackets each counted pass.
class SolveCounter : public run::SolveProbe {
 public:
  /// Before a pass; `label` names its row.
  virtual void begin_pass(std::string_view label) = 0;
  /// After it: the counts of its solve calls, or nothing when they are known only later
  /// (callgrind: in the dump called `label`, read by the parent process).
  virtual std::optional<Counts> end_pass(std::string_view label) = 0;
};

/// What the perf method counts: the CPU's retired user-mode instructions; or, where no CPU
/// counter is exposed (a VM), the kernel's task clock in nanoseconds, which runs the same code
/// path (a counter per solving thread, enabled around each solve call) so that its tests can
/// run anywhere. Only `instructions` is a method of bench.
enum class PerfEvent { instructions, task_clock };

/// Empty when perf_event_open counts `event` for this process here; otherwise why not, in a
/// sentence (no counter in this CPU or VM, not permitted, no such system call).
std::string perf_unavailable(PerfEvent event = PerfEvent::instructions);
/// The perf method: one counter per solving thread. Throws std::runtime_error with
/// perf_unavailable()'s reason when it cannot count.
std::unique_ptr<SolveCounter> make_perf_counter(PerfEvent event = PerfEvent::instructions);
/// What the perf method records in the provenance.
std::string perf_description();

/// True in a process running under valgrind.
bool running_on_valgrind() noexcept;
/// The callgrind method's side in the child under valgrind: client requests (instrumentation
/// per pass, collection per solve call, a dump per pass). Throws std::runtime_error when this
/// process does not run under valgrind or the build has no valgrind/callgrind.h.
std::unique_ptr<SolveCounter> make_callgrind_marks();
/// The label of the dump of the pass that makes row `index` of the bench output.
std::string callgrind_label(std::size_t index);

/// The simulated caches (size, associativity, line size), the same on every machine:
/// I1 and D1 32 KiB 8-way, LL 8 MiB 16-way, 64-byte lines.
inline constexpr std::string_view kCallgrindCaches = "--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64";

/// valgrind on PATH, and its version ("valgrind-3.19.0"); nullopt, with the reason in `why`
/// when given, when there is none or this build cannot run under it (no valgrind/callgrind.h
/// at build time; a sanitizer's run-time, which valgrind cannot run).
struct Valgrind {
  std::string path, version;
};
std::optional<Valgrind> find_valgrind(std::string* why = nullptr);
/// What the callgrind method records in the provenance: version, tool options, caches.
std::string callgrind_description(const Valgrind& vg);

/// The counted child refused its options (it exited with status 2, having said why on stderr).
class CountChildRefused : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Where the counted child writes its rows, in the folder it is given (their count columns
/// empty: the dumps hold the counts).
std::string counted_rows_file(const std::string& dir);

/// The callgrind method in the process the user started: the same bench command run again
/// under valgrind (`vg`) as a child, which makes the rows (make_callgrind_marks(); one dump a
/// row) in a temporary folder, and each row's counts filled in from its dump. `command`: the
/// program (the tool's executable) and its arguments, ending with the option that tells it
/// that it is the counted child: the folder is added after it. The child runs with this
/// process's instruction set (SUDOKU_SIMD=simd::current()). While it runs, bc.on_step gets "counting under callgrind: N of M passes done" about ten times a
/// second; a set bc.stop is passed on as SIGTERM (it stops between two puzzles); the child dies
/// with this process. The rows reach bc.on_rows, all at once at the end. Throws
/// CountChildRefused when the child refused its options, std::runtime_error when valgrind
/// cannot start or run it (with what valgrind's log says), or its rows or dumps cannot be read.
BenchResult count_under_callgrind(const BenchConfig& bc, const Valgrind& vg, std::vector<std::string> command);

/// What valgrind's log at `path` says went wrong, a few lines without valgrind's "==PID=="
/// prefix: from its first line about an instruction it could not run or a process it ended,
/// four lines; else its last ten before the statistics. "" when there is no log.
std::string valgrind_trouble(const std::string& path);

/// The dumps a counted child left in `dir`, by row index (callgrind_label): element i holds
/// the events of row i, or nothing; with `functions`, element i of it the functions and calls
/// of row i (measure/functions.hpp). Dumps of other labels are ignored. Throws
/// std::runtime_error naming the file for a dump it cannot read.
std::vector<std::optional<CacheEvents>> read_callgrind_dumps(const std::string& dir,
                                                             std::vector<std::vector<FunctionCount>>* functions = nullptr);
/// One dump's text: its label (the client request's) and its totals. Throws
/// std::runtime_error (naming `name`) when it is not a dump of the cache events.
CacheEvents parse_callgrind_dump(std::string_view text, const std::string& name, std::string& label);
/// The words of a line of a callgrind dump (split at spaces and tabs), viewing `line`.
std::vector<std::string_view> callgrind_words(std::string_view line);

}  // namespace puzzle::measure
