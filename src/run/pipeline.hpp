#pragma once
// The batch driver: streams puzzle files through solvers on oneTBB worker threads.
//
// One pass per (file, solver) is a three-stage tbb::parallel_pipeline: a serial in-order reader
// cuts the input into slices of raw records; a parallel stage parses, solves (timed with the
// steady clock around the solve call alone) and verifies each record; a serial in-order writer
// emits CSV rows and folds statistics. At most `tokens_per_thread * threads` slices are alive at
// once and they are recycled, so memory is flat in the file's size, and rows come out in input
// order whatever the thread count.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "io/csv.hpp"
#include "io/output.hpp"
#include "io/reader.hpp"
#include "puzzle/solver.hpp"
#include "puzzle/stats.hpp"

namespace puzzle::run {

/// Progress of the current pass, reported from the writer stage (and by generate and transform,
/// cli/items_run.cpp, whose units are items).
struct Progress {
  const std::string* file;
  std::string_view solver;  ///< generate/transform: the method
  uint64_t puzzles;         ///< records (items) written so far in this pass
  uint64_t done;            ///< of `total`: bytes of the file consumed, or items written
  uint64_t total;           ///< the file's size (0 when unknown: stdin), or the items of the run
  double elapsed_s;
};

/// Extra per-puzzle CSV columns (e.g. `rate`'s difficulty), computed in the parallel stage.
/// One annotator per worker thread (RunConfig::make_annotator), so it may keep scratch state.
class RowAnnotator {
 public:
  virtual ~RowAnnotator() = default;
  /// Appends this puzzle's fields, each preceded by a comma, to `out` (empty on entry), or
  /// leaves it empty for blank fields. Called right after this thread's worker solved `puzzle`
  /// into `result` and the judge verified it; rows that did not get that far (invalid,
  /// unsupported, wrong answers refused by complete(), timeout, error) get blank fields, and so
  /// may a puzzle of a kind the annotator does not rate.
  /// A long one (a rating) polls `stop`: when it fires, the driver keeps no row from this
  /// puzzle on (a resumed run does it again).
  virtual void annotate(PuzzleRef puzzle, const Result& result, std::string& out) = 0;
  /// The run's stop (its flag: SIGINT, SIGTERM), set by the driver.
  Stop stop;
};

/// Where a resumed run (--resume) starts: the rows of the passes before `pass`, and of `pass`
/// those of the records on lines up to `line`, are written already; `done` holds their
/// statistics, one per pass up to and including `pass`, folded into the report's summaries.
/// A pass is a (file, solver) in run order: file index x solvers + solver index.
struct ResumePoint {
  std::size_t pass = 0;
  uint64_t line = 0;
  std::vector<Summary> done;
};

/// Runs on the solving thread right before and right after each solve call, inside the timed
/// region, so that what it counts is the solve call alone (bench --measure instructions: the
/// CPU's instruction counter, or valgrind's client requests). Each begin() is followed by one
/// end() on the same thread, also when the solve call throws.
class SolveProbe {
 public:
  virtual ~SolveProbe() = default;
  virtual void begin() noexcept = 0;
  virtual void end() noexcept = 0;
};

/// What a run is working on, for a stop that must say what it waits for (the session's
/// watcher, another thread): the pass's file and solver, set once a pass, and the first line of
/// the record last handed to a solver, set before each solve call. Thread-safe.
class InFlight {
 public:
  void pass(const std::string& file, const SolverInfo& info);
  void at(uint64_t line) noexcept { line_.store(line, std::memory_order_relaxed); }
  void clear();
  struct Now {
    std::string file, solver;
    uint64_t line = 0;          ///< 0: no record handed over yet
    std::string uninterruptible;  ///< the solver's SolverInfo::uninterruptible
  };
  /// What the run works on now; an empty solver when no pass is under way.
  Now now() const;

 private:
  mutable std::mutex m_;
  std::string file_, solver_, why_;
  std::atomic<uint64_t> line_{0};
};

struct RunConfig {
  std::vector<std::string> files;             ///< "-" is stdin; a stream is read once (one solver)
  /// When set, opens each of `files` instead of the file of that name (the Python module's
  /// arrays and strings, python/): the name is then only the rows' `file`. Shards and resume
  /// are for files; a source is opened once per solver.
  std::function<std::unique_ptr<io::RecordSource>(const std::string& name)> open;
  std::vector<const SolverInfo*> solvers;     ///< each file goes through each solver in turn
  int threads = 0;                            ///< 0: available_cores() (thread_count)
  Limits limits;
  /// Seconds one puzzle's solve call may take before the solver stops it (budget_exceeded,
  /// polled inside the search: Limits::stop); 0: no limit.
  double time_limit = 0;
  int size = 0;                               ///< every record's size (Format::size: --size); 0: each one's own
  std::size_t slice_records = 256;            ///< records per slice (at most, with slice_seconds)
  /// When > 0, each slice aims at about this much work, from the time the slices so far took
  /// per record: between 1 and slice_records records (one while nothing is measured yet). For
  /// slow records (`rate` on the hardest puzzles, a second each): the rows reach the disk and
  /// the progress moves every slice, and the reader runs only a few records ahead.
  double slice_seconds = 0;
  int tokens_per_thread = 4;                  ///< slices in flight per thread
  uint64_t max_records = 0;                   ///< read at most this many records per file; 0: all
  io::Shard shard;                                ///< only this part of each file (PuzzleReader::shard)
  io::OutputFile* rows = nullptr;                 ///< per-puzzle CSV (its header already written), or none
  bool solutions = false;                     ///< add the solution column to the rows
  /// The number of extra columns after the others (their names are the header's business) and
  /// the per-thread annotator factory that fills them; 0 and empty for plain rows.
  std::size_t extra_columns = 0;
  std::function<std::unique_ptr<RowAnnotator>()> make_annotator;
  /// Set (SIGINT, SIGTERM) to stop: reading ends, and the solvers stop inside the puzzle at hand
  /// (which then gets no row).
  const std::atomic<bool>* stop = nullptr;
  SolveProbe* probe = nullptr;                ///< around every solve call, or null
  InFlight* in_flight = nullptr;              ///< told what is being solved, or null
  /// Before each pass, the calling thread's worker solves the first this many records of the
  /// file, unprobed, with no rows or statistics: its lazily built state (a solver's tables for
  /// a grid size) and the caches are then ready when the pass starts on the same worker (bench
  /// --measure instructions, one thread). 0: none.
  uint64_t warmup_records = 0;
  const ResumePoint* resume = nullptr;        ///< continue an earlier run, or null
  /// A line that could not be used (invalid) or an answer that failed verification:
  /// file, line number, message. Called from the serial writer stage, in input order.
  std::function<void(const std::string&, uint64_t, const std::string&)> on_problem;
  /// Every row as it is written, for a caller that keeps rows in memory rather than as CSV
  /// text (the Python module): called from the serial writer stage, in input order; `extra`
  /// holds the annotator's fields as in the CSV (",a,b"; empty when not annotated), `message`
  /// why the puzzle is invalid, wrong, unsupported, timeout or error (empty otherwise).
  std::function<void(const io::PuzzleRow& row, std::string_view extra, std::string_view message)> on_row;
  std::function<void(const Progress&)> on_progress;  ///< called often: rate-limit in the callee
};

struct RunReport {
  std::vector<Summary> summaries;  ///< one per (file, solver), in run order
  std::vector<std::string> read_errors;  ///< inputs that ended early (corrupt gzip, I/O error)
  bool interrupted = false;
  uint64_t wrong() const noexcept;
};

/// What the complete rows of a partial rows file (an earlier run's, `solve -o`, `rate -o`) say of
/// where to continue: `point` (the statistics of each pass so far, the last row's pass and line;
/// wall times unknown, `threads` each), how many rows, and the byte offset where they end.
struct KeptRows {
  ResumePoint point;
  uint64_t rows = 0;
  uint64_t offset = 0;
};
/// Reads them back; rows 0 when it holds none. Throws io::InputError.
KeptRows read_kept_rows(const std::string& partial, int threads);

/// Runs every (file, solver) pass. Throws InputError when a file cannot be opened (before any
/// work is done) and WriteError when the rows cannot be written. Read errors in the middle of
/// a file end that file early and are reported, after its rows, in read_errors. The rows are
/// flushed at the end of every pass.
RunReport run_passes(const RunConfig& config);

}  // namespace puzzle::run
