#include "run/pipeline.hpp"
#include "run/batch.hpp"
#include "run/judge.hpp"
#include "run/pool.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <mutex>
#include <tuple>

#include <fmt/format.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include "puzzle/machine.hpp"
#include "io/csv.hpp"
#include "io/parse.hpp"
#include "io/reader.hpp"
#include "io/results.hpp"

namespace puzzle::run {
namespace {

using Clock = std::chrono::steady_clock;

/// RunConfig::probe around one solve call (nothing when there is none).
class Probed {
 public:
  explicit Probed(SolveProbe* p) noexcept : p_(p) {
    if (p_ != nullptr) p_->begin();
  }
  ~Probed() {
    if (p_ != nullptr) p_->end();
  }
  Probed(const Probed&) = delete;
  Probed& operator=(const Probed&) = delete;

 private:
  SolveProbe* p_;
};

/// One record's outcome, as the writer needs it: the judge's verdict, where and how long.
struct Item : Verdict {
  uint64_t line = 0;
  uint64_t time_ns = 0;
  std::string extra;    // the annotator's fields (",a,b"); empty without one
};

/// A SliceSolver's records of one kind, parsed (Slice::parsed).
template <class Row>
using Kept = std::vector<Record<Row>>;

struct Slice {
  io::RawSlice raw;
  Format format;
  std::vector<Item> items;
  std::vector<Answer> answers;  // only with config.solutions
  bool cut = false;           // stopped part-way: items hold only the records solved before
  uint64_t busy_ns = 0;       // the parallel stage's time on it (RunConfig::slice_seconds)
  uint64_t bytes_done = 0;    // the reader's bytes consumed after this slice: its progress
  // A SliceSolver's share (an isolated plug-in): the records it gets, parsed (the first
  // pending.size() of the file's kind's `parsed`: recycled between slices, see keep_parsed),
  // and its answers.
  std::vector<std::size_t> pending;
  puzzle::Kinds::Each<Kept> parsed;
  std::vector<PuzzleRef> puzzles;
  std::vector<SliceAnswer> remote;
};

/// An admitted record kept for a SliceSolver as the slice's k-th: copied into the recycled
/// entry (Record::assign: a Grid cell by cell). A whole Sudoku record is two 625-cell arrays:
/// moving it into a slice's worth of storage was most of what a slice handed to an isolated
/// plug-in cost over one solved at once (cachegrind: 21 of the parent's 50 extra first-level
/// cache misses per 9x9 puzzle).
template <class Row>
void keep_parsed(Kept<Row>& kept, std::size_t k, const Record<Row>& p) {
  if (kept.size() <= k) kept.resize(k + 1);
  kept[k].assign(p);
}

bool stopping(const RunConfig& cfg) noexcept {
  return cfg.stop != nullptr && cfg.stop->load(std::memory_order_relaxed);
}

/// Ends the slice before record `i` (a stop): the writer keeps the rows up to there. A stop
/// seen inside the search ends the puzzle at hand as budget_exceeded: that one gets no row
/// either (a resumed run solves it again).
void cut_at(Slice& s, std::size_t i) {
  s.items.resize(i > 0 && s.items[i - 1].status == Status::budget_exceeded ? i - 1 : i);
  s.cut = true;
}

/// The limits of one puzzle whose solve call starts at `t0`: the run's, with the stop flag and
/// the per-puzzle deadline (RunConfig::time_limit) for the solver to poll inside its search.
Limits puzzle_limits(const RunConfig& cfg, Clock::time_point t0) {
  Limits l = cfg.limits;
  l.stop.flag = cfg.stop;
  if (cfg.time_limit > 0)
    l.stop.deadline = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(cfg.time_limit));
  return l;
}

/// One admitted record solved in this thread: the solve call timed alone (with the probe), then
/// completed (untimed) and judged into `it`; the result, for its answer. `checked` tells whether
/// the judge verified it (settle()).
template <class Row>
Result solve_here(Item& it, const Record<Row>& p, Solver& solver, const RunConfig& cfg, bool& checked) {
  if (cfg.in_flight != nullptr) cfg.in_flight->at(it.line);
  const auto t0 = Clock::now();
  const Limits limits = puzzle_limits(cfg, t0);  // outside the probe: not the solver's work
  Result r = [&] {
    Probed probed(cfg.probe);
    return solver.solve(p.puzzle, limits);
  }();
  const auto t1 = Clock::now();
  it.time_ns = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count());
  auto unusable = solver.complete(p.puzzle, r);  // untimed (plug-ins: Solver::complete)
  checked = settle(it, p, r, cfg.limits.wanted(), std::move(unusable), solver.message());
  return r;
}

/// A record judged and verified: annotated, its solution moved to `answer` (if asked).
template <class Row>
void keep(Item& it, const Record<Row>& p, Result& r, RowAnnotator* annotator, Answer* answer) {
  if (annotator != nullptr) annotator->annotate(p.puzzle, r, it.extra);
  if (answer != nullptr && r.solutions > 0) *answer = std::move(r.answer);
}

/// The parallel stage for a file of Row's kind: every record of the slice parsed, solved and
/// verified into its item. An in-process solver solves each record as soon as it is parsed,
/// timed here around the solve call alone; a SliceSolver (a plug-in in a child process) gets
/// the slice's puzzles in one exchange after they are all parsed, and its answers (timed where
/// they ran) are settled the same way.
template <class Row>
void solve_records(Slice& s, Solver& solver, const SolverInfo& info, const RunConfig& cfg,
                   RowAnnotator* annotator) {
  const std::size_t n = s.raw.records.size();
  s.items.resize(n);
  s.cut = false;
  if (cfg.solutions) s.answers.resize(n);
  auto* remote = dynamic_cast<SliceSolver*>(&solver);
  Kept<Row>& kept = std::get<Kept<Row>>(s.parsed);
  s.pending.clear();
  for (std::size_t i = 0; i < n; ++i) {
    // A stop (SIGINT, SIGTERM) ends the slice: the solvers see the flag inside their search
    // (Limits::stop), so a slow solver stops within the puzzle at hand (a SliceSolver is handed
    // the stop).
    if (remote == nullptr && stopping(cfg)) {
      cut_at(s, i);
      return;
    }
    Item& it = s.items[i];
    it = Item{};
    it.line = s.raw.records[i].line;
    bool checked = false;
    Answer* answer = cfg.solutions ? &s.answers[i] : nullptr;
    if (answer != nullptr) answer->clear();  // slices are recycled: no stale answer
    // What the kind leaves to the solver (a Sudoku's contradictory givens: it must say
    // `invalid`) is left to it and to the judge (parse<Row>).
    Record<Row> p = io::parse<Row>(s.format, s.raw.record(i));
    if (!admit(it, p, info, it.line)) continue;
    if (remote != nullptr) {
      keep_parsed(kept, s.pending.size(), p);
      s.pending.push_back(i);
      continue;
    }
    Result r = solve_here(it, p, solver, cfg, checked);
    if (checked) keep(it, p, r, annotator, answer);
    if (annotator != nullptr && stopping(cfg)) {  // its annotation may have been cut short
      cut_at(s, i);
      return;
    }
  }
  if (s.pending.empty()) {
    if (remote == nullptr && stopping(cfg)) cut_at(s, n);  // the last puzzle's search was stopped
    return;
  }
  s.puzzles.clear();
  for (std::size_t k = 0; k < s.pending.size(); ++k) s.puzzles.emplace_back(kept[k].puzzle);
  s.remote.resize(s.pending.size());
  const std::size_t done = [&] {
    Probed probed(cfg.probe);
    return remote->solve_slice(s.puzzles, cfg.limits, s.remote, cfg.stop);
  }();
  for (std::size_t k = 0; k < done; ++k) {
    const std::size_t i = s.pending[k];
    SliceAnswer& a = s.remote[k];
    Item& it = s.items[i];
    it.time_ns = a.time_ns;
    if (settle(it, kept[k], a.result, cfg.limits.wanted(), std::move(a.unusable), a.message))
      keep(it, kept[k], a.result, annotator, cfg.solutions ? &s.answers[i] : nullptr);
  }
  if (done < s.pending.size()) cut_at(s, s.pending[done]);
}

/// The parallel stage: the slice's records solved as records of the file's kind (the kind
/// chosen once a slice, never per record).
void solve_slice(Slice& s, Solver& solver, const SolverInfo& info, const RunConfig& cfg,
                 RowAnnotator* annotator) {
  puzzle::Kinds::visit(s.format.kind, [&](auto row) { solve_records<decltype(row)>(s, solver, info, cfg, annotator); });
}

void write_slice(const Slice& s, const std::string& file, const SolverInfo& info,
                 const RunConfig& cfg, fmt::memory_buffer& out) {
  const io::Schema<io::PuzzleRow>& schema = io::rows_schema(cfg.solutions);
  const std::string blank(cfg.extra_columns, ',');
  io::PuzzleRow row;
  row.file = file;
  row.solver = info.name;
  for (std::size_t i = 0; i < s.items.size(); ++i) {
    const Item& it = s.items[i];
    row.line = it.line;
    row.status = it.status;
    row.solutions = it.solutions;
    row.clues = it.clues;
    row.time_ns = it.time_ns;
    row.work = it.work;
    row.answer = cfg.solutions ? &s.answers[i] : nullptr;
    if (cfg.on_row) cfg.on_row(row, it.extra, it.message);
    if (cfg.rows == nullptr) continue;
    schema.fields(out, row);
    out.append(it.extra.empty() ? blank : it.extra);  // not annotated: blank fields
    out.push_back('\n');
  }
}

Summary run_pass(const std::string& file, const SolverInfo& info, const RunConfig& cfg,
                 int threads, bool report_invalid, uint64_t skip_through, RunReport& report) {
  const std::unique_ptr<io::RecordSource> input = open_input(file, cfg, skip_through);
  io::RecordSource& reader = *input;
  if (cfg.in_flight != nullptr) cfg.in_flight->pass(file, info);
  Summary sum;
  sum.dataset = file;
  sum.solver = std::string(info.name);
  sum.threads = threads;

  tbb::enumerable_thread_specific<std::unique_ptr<Solver>> workers([&info] { return info.make(); });
  tbb::enumerable_thread_specific<std::unique_ptr<RowAnnotator>> annotators(
      [&cfg] {
        std::unique_ptr<RowAnnotator> a = cfg.make_annotator ? cfg.make_annotator() : nullptr;
        if (a) a->stop.flag = cfg.stop;
        return a;
      });
  if (cfg.warmup_records > 0) {  // this thread's worker solves them first: no probe, rows or statistics
    io::PuzzleReader warm(file, cfg.size);
    Slice s;
    if (warm.read(s.raw, static_cast<std::size_t>(cfg.warmup_records))) {
      s.format = warm.format();
      RunConfig quiet = cfg;
      quiet.probe = nullptr;
      quiet.solutions = false;
      solve_slice(s, *workers.local(), info, quiet, nullptr);
    }
  }
  detail::SlicePool<Slice> pool;
  fmt::memory_buffer out;
  ProblemReport problems(cfg, file, report_invalid);
  const auto start = Clock::now();
  bool stopped = false;   // the reader stage stopped reading (its own variable: stages may
  bool cut_seen = false;  // run at once on two threads); the writer saw a cut slice
  uint64_t taken = 0;  // records read, for cfg.max_records
  // Small files get smaller slices so every thread has work to the end: aim for 16 slices per
  // thread, estimating records from the file size (~82 bytes a 9x9 line). Measured on the
  // 375-puzzle forum_hardest_1106 with -j 2: two 256-record slices left one core idle for half
  // the run (1.50x the -j 1 rate).
  std::size_t slice_records = cfg.slice_records;
  if (const uint64_t bytes = reader.total_bytes(); bytes > 0) {
    const uint64_t estimate = bytes / 82 + 1;
    // At least 8 records (less is all overhead), at most the configured size (which may be less).
    slice_records = static_cast<std::size_t>(std::min<uint64_t>(
        std::max<uint64_t>(estimate / (static_cast<uint64_t>(threads) * 16), 8), cfg.slice_records));
  }
  // RunConfig::slice_seconds: the time a record took so far (an average that follows changes:
  // a file's puzzles may grow harder), written by the writer stage, read by the reader stage.
  std::atomic<uint64_t> ns_per_record{0};
  uint64_t bytes_done = 0;  // the reader stage's, for Slice::bytes_done
  auto slice_size = [&]() -> std::size_t {
    if (cfg.slice_seconds <= 0) return slice_records;
    const uint64_t per = ns_per_record.load(std::memory_order_relaxed);
    if (per == 0) return 1;
    const double fit = cfg.slice_seconds * 1e9 / static_cast<double>(per);
    return fit >= static_cast<double>(slice_records) ? slice_records : std::max<std::size_t>(1, static_cast<std::size_t>(fit));
  };

  tbb::parallel_pipeline(
      static_cast<std::size_t>(threads * cfg.tokens_per_thread),
      tbb::make_filter<void, Slice*>(
          tbb::filter_mode::serial_in_order,
          [&](tbb::flow_control& fc) -> Slice* {
            if (cfg.stop != nullptr && cfg.stop->load(std::memory_order_relaxed)) {
              stopped = true;
              fc.stop();
              return nullptr;
            }
            std::size_t want = slice_size();
            if (cfg.max_records != 0) {
              if (taken >= cfg.max_records) {
                fc.stop();
                return nullptr;
              }
              want = static_cast<std::size_t>(std::min<uint64_t>(want, cfg.max_records - taken));
            }
            Slice* s = pool.get();
            if (!reader.read(s->raw, want)) {
              pool.put(s);
              fc.stop();
              return nullptr;
            }
            taken += s->raw.records.size();
            s->format = reader.format();
            // Taken here, not by the writer stage: the reader is this stage's alone (it may be
            // refilling its buffer while the writer runs on another thread). Never back: a gzip
            // file's figure is an estimate.
            bytes_done = std::max(bytes_done, reader.bytes_consumed());
            s->bytes_done = bytes_done;
            return s;
          }) &
          tbb::make_filter<Slice*, Slice*>(tbb::filter_mode::parallel,
                                           [&](Slice* s) {
                                             const auto t0 = Clock::now();
                                             solve_slice(*s, *workers.local(), info, cfg,
                                                         cfg.make_annotator ? annotators.local().get() : nullptr);
                                             s->busy_ns = static_cast<uint64_t>(
                                                 std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count());
                                             return s;
                                           }) &
          tbb::make_filter<Slice*, void>(
              tbb::filter_mode::serial_in_order, [&](Slice* s) {
                if (cut_seen) {  // rows stay a contiguous prefix of the input: none after a cut
                  pool.put(s);
                  return;
                }
                cut_seen = s->cut;
                if (cfg.slice_seconds > 0 && !s->items.empty()) {
                  const uint64_t x = s->busy_ns / s->items.size() + 1, per = ns_per_record.load(std::memory_order_relaxed);
                  ns_per_record.store(per == 0 ? x : (3 * per + x) / 4, std::memory_order_relaxed);
                }
                for (const Item& it : s->items) {
                  sum.add(it.status, it.time_ns, it.work);
                  problems(it.line, it);
                }
                if (cfg.rows != nullptr || cfg.on_row) write_slice(*s, file, info, cfg, out);
                if (cfg.rows != nullptr) {
                  cfg.rows->write({out.data(), out.size()});  // whole rows, checked
                  out.clear();
                  // On disk now, not when a later slice comes: that may be minutes away (a
                  // slow solver, a hard puzzle in the next slice), and a `kill -9` would lose
                  // these rows. One write(2) per slice of up to 256 rows costs nothing measurable.
                  cfg.rows->flush();
                }
                if (cfg.on_progress) {
                  const double el = std::chrono::duration<double>(Clock::now() - start).count();
                  cfg.on_progress(Progress{&file, info.name, sum.puzzles, s->bytes_done,
                                           reader.total_bytes(), el});
                }
                pool.put(s);
              }));

  sum.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  if (cfg.in_flight != nullptr) cfg.in_flight->clear();
  if (cfg.rows != nullptr) cfg.rows->flush();
  sum.interrupted = stopped || cut_seen;
  if (sum.interrupted) report.interrupted = true;
  if (!reader.error().empty()) report.read_errors.push_back(reader.error());
  return sum;
}

}  // namespace

std::unique_ptr<io::RecordSource> open_input(const std::string& file, const RunConfig& cfg, uint64_t skip_through) {
  if (cfg.open) return cfg.open(file);
  auto reader = std::make_unique<io::PuzzleReader>(file, cfg.size);
  reader->shard(cfg.shard);
  reader->skip_through(skip_through);
  return reader;
}

void InFlight::pass(const std::string& file, const SolverInfo& info) {
  const std::lock_guard<std::mutex> lock(m_);
  file_ = file;
  solver_ = info.name;
  why_ = info.uninterruptible;
  line_.store(0, std::memory_order_relaxed);
}

void InFlight::clear() {
  const std::lock_guard<std::mutex> lock(m_);
  solver_.clear();
}

InFlight::Now InFlight::now() const {
  const std::lock_guard<std::mutex> lock(m_);
  return {file_, solver_, line_.load(std::memory_order_relaxed), why_};
}

KeptRows read_kept_rows(const std::string& partial, int threads) {
  KeptRows kept;
  io::RowsFile rows(partial);
  ResumePoint& point = kept.point;
  point.done = rows.empty_summaries();
  while (rows.next()) {
    const io::PuzzleRow& r = rows.row();
    point.done[rows.pass()].add(r.status, r.time_ns, r.work);
    point.pass = rows.pass();
    point.line = r.line;
    ++kept.rows;
  }
  if (kept.rows == 0) return kept;
  kept.offset = rows.file().offset();
  point.done.resize(point.pass + 1);
  for (Summary& s : point.done) {
    s.threads = threads;
    s.wall_s = std::numeric_limits<double>::quiet_NaN();  // the rows were not one timed run
  }
  return kept;
}

uint64_t RunReport::wrong() const noexcept {
  uint64_t n = 0;
  for (const Summary& s : summaries) n += s.count(Status::wrong);
  return n;
}

RunReport run_passes(const RunConfig& cfg) {
  const int threads = thread_count(cfg.threads);
  // Open every file first, so that a typo fails at once rather than after an hour of work.
  for (const std::string& f : cfg.files) {
    if (cfg.solvers.size() > 1 && !cfg.open && io::is_stream(f))
      throw io::InputError(fmt::format("{}: {} can be read only once: give one solver", f,
                                   f == "-" ? "standard input" : "a pipe or device"));
    if (!cfg.open && !io::is_stream(f)) io::PuzzleReader probe(f, cfg.size);  // a stream's writer must not see it opened twice
  }
  detail::Threads cores(threads);
  tbb::task_arena& arena = cores.arena;
  RunReport report;
  const ResumePoint* resume = cfg.resume;
  std::size_t pass = 0;
  for (const std::string& file : cfg.files) {
    bool first = true;
    for (const SolverInfo* info : cfg.solvers) {
      if (report.interrupted) break;
      if (resume != nullptr && pass < resume->pass) {  // done by the earlier run
        report.summaries.push_back(resume->done[pass]);
      } else {
        const bool resumed = resume != nullptr && pass == resume->pass;
        arena.execute([&] {
          const uint64_t skip = resumed ? resume->line : 0;
          Summary s = info->batch() ? run_batch_pass(file, *info, cfg, first, skip, report)  // batch.cpp
                                  : run_pass(file, *info, cfg, threads, first, skip, report);
          if (resumed) s.merge(resume->done[pass]);
          report.summaries.push_back(std::move(s));
        });
      }
      first = false;
      ++pass;
    }
  }
  return report;
}

}  // namespace puzzle::run
