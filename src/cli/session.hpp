#pragma once
// One batch session: what every batch subcommand (solve, rate, bench, generate, transform)
// shares, so that each only maps its options onto it.
//
//   Session s(ctx, threads);          // set-up: inputs (hashed), provenance, outputs
//   s.input(file); s.record("limit", "2");
//   OutputFile* rows = s.output(opt.rows, "rows");
//   s.start();                        // refuse clashing outputs, open them, catch SIGINT/SIGTERM
//   return s.run([&] { ...; return Outcome{...}; });   // commit or keep partial, exit code
//
// Outputs are written under a partial name and renamed when complete (io/output.hpp). run()
// turns every way a run can end into one closing message and exit code: 0 done; 1 a wrong
// answer, a failed check, an input cut short, a failed write; 2 usage; 130 SIGINT; 143
// SIGTERM; 141 a closed pipe (quietly, as `| head` expects). An interrupted or failed run keeps
// each output as its partial file, complete up to its last row, and says where.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cli/common.hpp"
#include "cli/progress.hpp"
#include "run/pipeline.hpp"
#include "io/csv.hpp"
#include "io/output.hpp"
#include "io/results.hpp"

namespace puzzle::cli {

class Session {
 public:
  /// Problems printed on stderr before the rest are only counted.
  static constexpr uint64_t kMaxMessages = 20;

  /// What a run reports back to the session at its end.
  struct Outcome {
    uint64_t wrong = 0;                     ///< wrong answers (exit 1)
    uint64_t errors = 0;                    ///< puzzles an external solver failed on (exit 1)
    uint64_t timeouts = 0;                  ///< puzzles past --timeout (exit 1)
    uint64_t failed = 0;                    ///< items that failed a check (exit 1)
    std::string failed_what = "item(s) failed verification";
    std::vector<std::string> read_errors;   ///< inputs cut short (exit 1; the outputs stay partial)
    std::vector<std::string> empty_inputs;  ///< inputs with no puzzle (a warning)
    /// Inputs with records of which none could be read as a puzzle (`solve /bin/ls`): exit 2,
    /// the outputs stay partial.
    std::vector<std::string> unusable_inputs;
    /// Not one puzzle could be read from all the inputs (each empty or unusable): exit 2, and
    /// the outputs, which hold nothing of use, are removed.
    bool no_puzzle = false;
  };

  Session(const Context& ctx, int threads);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Set-up, before start().
  /// An input: hashed into the provenance as a `# KEY: PATH sha256=...` line (a stream is
  /// recorded as such), and never an output. Throws InputError (exit 2) when it cannot be read.
  void input(const std::string& path, std::string_view key = "dataset");
  /// One more provenance line (`# key: value`).
  void record(std::string key, std::string value);
  /// Declares an output (nullptr for an empty path); opened by start().
  puzzle::io::OutputFile* output(const std::string& path, std::string what);
  /// --resume: a partial file an earlier run left is continued, not refused. The command
  /// checks it (check_resume) and tells each output where its complete rows end
  /// (OutputFile::resume_at); an output it says nothing of starts again from nothing (a summary,
  /// recomputed at the end).
  void resume(bool on) noexcept { resume_ = on, resumable_ = true; }
  /// The run is another process's helper (the counted child of `bench --measure instructions`):
  /// its outputs are that process's scratch files, so a stop is said by the parent, not here.
  void quiet_stop() noexcept { quiet_stop_ = true; }
  bool resuming() const noexcept { return resume_; }
  /// Refuses (UsageError) to continue `partial`, whose `#` lines are `meta`, unless an earlier
  /// run of this same command wrote it: the same datasets (and sha256), options and shard.
  /// Warns when another build wrote it.
  void check_resume(const puzzle::io::Meta& meta, const std::string& partial) const;
  /// Refuses (UsageError, exit 2) an output that is an input or another output, opens every
  /// output, and from then on turns SIGINT and SIGTERM into stop_flag().
  void start();

  // The run.
  const std::atomic<bool>* stop_flag() const noexcept;
  /// What the run is solving, for the message of a stop that has to wait (RunConfig::in_flight).
  puzzle::run::InFlight* in_flight() noexcept { return &in_flight_; }
  /// The `#` provenance lines every results file starts with.
  std::string header() const { return puzzle::io::metadata_header(prov_); }
  /// One problem line ("file:line: message"): the first kMaxMessages are printed.
  void problem(std::string_view text);
  ProgressBar& progress() noexcept { return bar_; }
  /// Where tables and summaries for a person go: the console's output, or its error stream
  /// when an output is `-`.
  std::FILE* term() const noexcept { return term_; }
  /// Where problems, warnings and the closing messages go.
  std::FILE* err() const noexcept { return console_.err; }
  Console& console() const noexcept { return console_; }
  int threads() const noexcept { return prov_.threads; }

  /// Runs `body` and ends the session: commits the outputs (or keeps their partial files),
  /// prints the closing messages, and returns the exit code. Every exception is reported here.
  int run(const std::function<Outcome()>& body);

 private:
  int finish(const Outcome& o);
  int fail(std::exception_ptr e);
  void note_partials();
  /// The watcher thread: once a stop is asked, says what the run waits for (at once for a
  /// solver that cannot be stopped inside a puzzle, after a second for anything else).
  void watch();
  void end_watch();

  puzzle::io::Provenance prov_;
  std::vector<std::string> inputs_;
  std::vector<std::unique_ptr<puzzle::io::OutputFile>> outputs_;
  Console& console_;
  ProgressBar bar_;
  std::FILE* term_;
  uint64_t problems_ = 0;
  bool started_ = false;
  bool resume_ = false;
  bool quiet_stop_ = false;
  bool resumable_ = false;  // the command has --resume (it called resume())
  puzzle::run::InFlight in_flight_;
  std::thread watcher_;
};

/// The batch driver under a session (solve, rate): problems, progress and the stop flag go
/// through the session; the rows go to `cfg.rows` (or nowhere) under the provenance and the
/// `columns` header (unless a resumed file has them), the summary CSV to `summary` (or
/// nowhere), the tables to the terminal (`compare`: with speed ratios).
Session::Outcome run_driver(Session& session, puzzle::run::RunConfig& cfg, const std::string& columns,
                            puzzle::io::OutputFile* summary, bool compare);

/// One pass over an input, as judge_inputs() sees it: its records, and whether any of them
/// read as a puzzle.
struct InputUse {
  std::string dataset;
  uint64_t records = 0;
  bool read = false;
};

/// What the passes of a run (solve, rate, bench) say of their inputs, into `o`: those that held
/// no record (empty_inputs), those of whose records none could be read as a puzzle
/// (unusable_inputs), and whether the run read no puzzle at all (no_puzzle). Nothing for a run
/// that was stopped.
void judge_inputs(const std::vector<InputUse>& passes, bool interrupted, Session::Outcome& o);

/// The summaries of a run (solve, rate, merge): as CSV to `summary` (or nowhere), as tables
/// to the terminal (`compare`: with speed ratios); the outcome counts the wrong answers.
Session::Outcome report_summaries(Session& session, const std::vector<puzzle::Summary>& summaries,
                                  puzzle::io::OutputFile* summary, bool compare);

/// --resume for solve and rate: when `cfg.rows` has a partial file that an earlier run of this
/// command left, keeps its complete rows (`columns` is the rows header this run writes, without
/// the newline), folds their statistics into `point` and points cfg.resume at it. Before
/// start(). Does nothing when there is no partial file to continue.
void resume_rows(Session& session, puzzle::run::RunConfig& cfg, const std::string& columns,
                 puzzle::run::ResumePoint& point);

/// The `# shard:` provenance line of solve and rate, when `shard` is not the whole input:
/// "K/N (a.txt by byte range, b.txt.gz by records mod N)", each input as the reader cuts it.
void record_shard(Session& session, puzzle::io::Shard shard, const std::vector<std::string>& files,
                  int size);

/// The message (on `err`) and exit code of an exception that ends a command (the command
/// runner and Session share it).
int report_error(std::exception_ptr e, std::FILE* err);

}  // namespace puzzle::cli
