// The pass of a program that answers a whole file (`--exec-batch`, docs/exec.md).
//
// No TBB here: the program is one process that takes the puzzles in order and answers them in
// order, so one thread feeds it and reads it (BatchSolver::send never blocks on a full pipe: it
// reads answers meanwhile). Puzzles sent and not yet answered wait in `pending` with what the
// verifier needs; a program that answers as it reads keeps that queue short, one that reads the
// whole file first makes it hold the whole file (documented in docs/exec.md). Lines that never
// reach the program (invalid, unsupported size) wait in the same queue, so the rows come out in
// input order like run_pass()'s.
#include "run/batch.hpp"
#include "run/judge.hpp"

#include <chrono>
#include <deque>
#include <optional>

#include <fmt/format.h>

#include "io/csv.hpp"
#include "io/parse.hpp"

namespace puzzle::run {
namespace {

using Clock = std::chrono::steady_clock;

/// A record waiting for its row. Its text, not its parsed grid (626 bytes, twice with a known
/// solution), so that a program that reads the whole file before answering costs about the
/// file's size in memory; it is parsed again when its answer comes.
struct Pending {
  uint64_t line = 0;
  bool sent = false;  // given to the program: its answer is due
  Verdict verdict;    // the judge's admit(): the clues, and when not sent why (invalid, unsupported)
  std::string text;   // the record, when sent
};

}  // namespace

Summary run_batch_pass(const std::string& file, const SolverInfo& info, const RunConfig& cfg,
                       bool report_invalid, uint64_t skip_through, RunReport& report) {
  const std::unique_ptr<io::RecordSource> input = open_input(file, cfg, skip_through);
  io::RecordSource& reader = *input;
  Summary sum;
  sum.dataset = file;
  sum.solver = std::string(info.name);
  sum.threads = 1;  // one program (however many threads it may use itself)
  sum.per_puzzle_times = false;

  const io::Schema<io::PuzzleRow>& schema = io::rows_schema(cfg.solutions);
  const std::string blank(cfg.extra_columns, ',');  // no annotator: blank extra columns
  io::PuzzleRow row;
  row.file = file;
  row.solver = info.name;
  fmt::memory_buffer out;
  std::size_t buffered = 0;
  ProblemReport problems(cfg, file, report_invalid);
  const auto start = Clock::now();
  // The rows reach the disk every 256 rows and at least once a second while answers come in
  // (a clock read per row, no system call), and before waiting for the program's last answers.
  auto last_flush = Clock::now();
  auto flush = [&] {
    if (cfg.rows != nullptr && out.size() > 0) {
      cfg.rows->write({out.data(), out.size()});
      cfg.rows->flush();
    }
    last_flush = Clock::now();
    out.clear();
    buffered = 0;
    if (cfg.on_progress) {
      const double el = std::chrono::duration<double>(Clock::now() - start).count();
      cfg.on_progress(Progress{&file, info.name, sum.puzzles, reader.bytes_consumed(),
                               reader.total_bytes(), el});
    }
  };
  // One record's outcome, in input order: folded, reported, written. `answer`: the program's
  // answer to a sent one (null for a record that was not sent); `shown`: the judge verified it
  // and it has a solution to show.
  Format format;
  Result r;
  std::string why;
  const Answer no_answer;  // a blank solution field
  auto emit = [&](Pending& p, const Result* answer, bool shown) {
    const Verdict& v = p.verdict;
    sum.add(v.status, 0, v.work);
    problems(p.line, v);
    if (cfg.rows != nullptr || cfg.on_row) {
      row.line = p.line;
      row.status = v.status;
      row.solutions = v.solutions;
      row.clues = v.clues;
      row.time_ns = 0;
      row.work = v.work;
      row.answer = cfg.solutions ? (shown ? &answer->answer : &no_answer) : nullptr;
      if (cfg.on_row) cfg.on_row(row, {}, v.message);
    }
    if (cfg.rows != nullptr) {
      schema.fields(out, row);
      out.append(blank);
      out.push_back('\n');
    }
    if (++buffered == 256 || Clock::now() - last_flush >= std::chrono::seconds(1)) flush();
  };

  std::unique_ptr<BatchSolver> program = info.make_batch(cfg.limits);
  std::deque<Pending> pending;
  // Emits the records at the head of the queue whose answers are in (all of them, waiting,
  // when `wait`); false when stopped (SIGINT, SIGTERM) while waiting. The records are of the
  // kind of `kind` (a row of Kinds), the file's.
  auto drain = [&](auto kind, bool wait) {
    using Row = decltype(kind);
    while (!pending.empty()) {
      Pending& p = pending.front();
      if (p.sent) {
        if (wait && cfg.stop != nullptr && cfg.stop->load(std::memory_order_relaxed)) return false;
        const Record<Row> parsed = io::parse<Row>(format, p.text);
        if (!program->receive(parsed.puzzle, wait, r, why)) return true;
        const bool shown = settle(p.verdict, parsed, r, cfg.limits.wanted(), std::nullopt, why) &&
                           p.verdict.solutions > 0;
        emit(p, &r, shown);
      } else {
        emit(p, nullptr, false);
      }
      pending.pop_front();
    }
    return true;
  };

  bool stopped = false;
  uint64_t taken = 0;
  io::RawSlice raw;
  for (;;) {
    if (cfg.stop != nullptr && cfg.stop->load(std::memory_order_relaxed)) {
      stopped = true;
      break;
    }
    std::size_t want = 64;
    if (cfg.max_records != 0) {
      if (taken >= cfg.max_records) break;
      want = static_cast<std::size_t>(std::min<uint64_t>(want, cfg.max_records - taken));
    }
    if (!reader.read(raw, want)) break;
    taken += raw.records.size();
    format = reader.format();  // decided by the first data line: the same for every record
    puzzle::Kinds::visit(format.kind, [&](auto kind) {  // the records' kind, once per read
      using Row = decltype(kind);
      for (std::size_t i = 0; i < raw.records.size(); ++i) {
        Pending& q = pending.emplace_back();
        q.line = raw.records[i].line;
        if (Record<Row> p = io::parse<Row>(format, raw.record(i)); admit(q.verdict, p, info, q.line)) {
          program->send(p.puzzle);
          q.sent = true;
          q.text = raw.record(i);
        }
        drain(kind, false);
      }
    });
  }
  if (!stopped) {
    program->close();
    flush();  // the answers still to come may take long
    puzzle::Kinds::visit(format.kind, [&](auto kind) { stopped = !drain(kind, true); });
  }
  program.reset();  // the program is reaped (killed when stopped) before the clock stops
  sum.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  flush();
  if (cfg.rows != nullptr) cfg.rows->flush();
  sum.interrupted = stopped;
  if (stopped) report.interrupted = true;
  if (!reader.error().empty()) report.read_errors.push_back(reader.error());
  return sum;
}

}  // namespace puzzle::run
