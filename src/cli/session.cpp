#include "cli/session.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <exception>
#include <limits>

#include <fmt/format.h>

#include "cli/table.hpp"
#include "io/reader.hpp"

namespace puzzle::cli {
namespace {

// The signal that asked the run to stop (0: none), and the flag the drivers poll.
std::atomic<int> g_signal{0};
std::atomic<bool> g_stop{false};

// When the first signal came (CLOCK_MONOTONIC, ns; 0: none yet).
std::atomic<int64_t> g_first_ns{0};
constexpr int64_t kSameStopNs = 2'000'000'000;

// What a second signal says as it ends the process, made by start() (the handler may only
// write(2) it): where the rows written so far are.
char g_again[2048];
std::atomic<std::size_t> g_again_len{0};

// The watcher thread's wake-up (Session::watch): the first signal writes 's' into it, the end of
// the run 'e'. The thread sleeps in poll(2) until then: a thread that woke now and then would
// move the simulated caches of a counted run (callgrind's estimated cycles) between two runs.
int g_wake[2] = {-1, -1};

extern "C" void on_signal(int sig) {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);  // async-signal-safe
  const int64_t now = int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
  const int64_t first = g_first_ns.load();
  if (first == 0) {
    g_first_ns.store(now);
    g_signal.store(sig);
    g_stop.store(true);
    if (g_wake[1] >= 0) {
      const ssize_t w = ::write(g_wake[1], "s", 1);
      (void)w;  // a full pipe already holds a wake-up
    }
    return;
  }
  // The same stop delivered twice within 2 s (Ctrl-C reaches the whole process group, and a
  // supervisor such as GNU parallel or Slurm forwards its own SIGTERM): one stop. A signal
  // later than that is someone asking again: end the process at once (the partial files stay).
  if (now - first < kSameStopNs) return;
  if (const std::size_t n = g_again_len.load(); n > 0) {
    const ssize_t w = ::write(STDERR_FILENO, g_again, n);
    (void)w;  // nothing more can be done in a signal handler
  }
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

bool is_device(const std::string& path) {
  struct stat st {};
  return path != "-" && ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

using Handler = void (*)(int);
Handler g_old_int = nullptr, g_old_term = nullptr;

}  // namespace

void record_shard(Session& session, puzzle::io::Shard shard, const std::vector<std::string>& files,
                  int size) {
  if (shard.whole()) return;
  // How each input is cut, as the driver's reader will cut it: a plain file (stdin too, when
  // it is one) by byte range, gzip and pipes by record index. Opening the reader reads nothing
  // (stdin is a dup of fd 0, looked at with fstat and pread); a named pipe is not opened here,
  // as its writer must not see it opened twice.
  std::string how;
  for (const std::string& f : files) {
    std::string mode = fmt::format("records mod {}", shard.count);
    if (f == "-" || !puzzle::io::is_stream(f)) {
      puzzle::io::PuzzleReader probe(f, size);
      probe.shard(shard);
      mode = probe.shard_mode();
    }
    how += fmt::format("{}{} by {}", how.empty() ? "" : ", ", f == "-" ? "stdin" : f,
                       mode == "bytes" ? "byte range" : mode);
  }
  session.record("shard", fmt::format("{}/{} ({})", shard.index, shard.count, how));
}

void resume_rows(Session& session, puzzle::run::RunConfig& cfg, const std::string& columns,
                 puzzle::run::ResumePoint& point) {
  if (!session.resuming() || cfg.rows == nullptr || !cfg.rows->has_partial()) return;
  const std::string partial = puzzle::io::partial_name(cfg.rows->path());
  {
    const puzzle::io::ResultsFile f(partial);
    if (f.layout() != puzzle::io::ResultsLayout::rows) {  // killed before its header reached the disk
      fmt::print(session.err(), "resuming {}: no complete row in it, starting again\n", partial);
      cfg.rows->resume_at(0);
      return;
    }
    session.check_resume(f.meta(), partial);
    if (f.header() != columns)
      throw UsageError(fmt::format("{}: --resume: its columns are not this command's; rerun the "
                                   "command that made it, or move it away", partial));
  }
  puzzle::run::KeptRows kept = puzzle::run::read_kept_rows(partial, session.threads());
  if (kept.rows == 0) {
    fmt::print(session.err(), "resuming {}: no complete row in it, starting again\n", partial);
    cfg.rows->resume_at(0);
    return;
  }
  cfg.rows->resume_at(kept.offset);
  point = std::move(kept.point);
  cfg.resume = &point;
  const puzzle::Summary& at = point.done[point.pass];
  fmt::print(session.err(), "resuming {}: {} rows kept; {} by {} continues after line {}\n", partial, kept.rows,
             at.dataset, at.solver, point.line);
}

int report_error(std::exception_ptr error, std::FILE* err) {
  try {
    std::rethrow_exception(error);
  } catch (const puzzle::io::WriteError& e) {
    if (e.broken_pipe()) return 128 + SIGPIPE;  // the reader went away: not an error to report
    fmt::print(err, "sudoku-bench: error: {}\n", e.what());
    return kExitWrong;
  } catch (const UsageError& e) {
    fmt::print(err, "sudoku-bench: {}\n", e.what());
  } catch (const puzzle::io::InputError& e) {
    fmt::print(err, "sudoku-bench: {}\n", e.what());
  } catch (const puzzle::io::OutputError& e) {
    fmt::print(err, "sudoku-bench: {}\n", e.what());
  } catch (const std::exception& e) {
    fmt::print(err, "sudoku-bench: error: {}\n", e.what());
    return kExitWrong;
  }
  return kExitUsage;
}

Session::Session(const Context& ctx, int threads) : console_(*ctx.console), bar_(*ctx.console), term_(ctx.console->out) {
  prov_.command = ctx.command;
  prov_.threads = threads;
}

Session::~Session() {
  end_watch();
  // After a stop the handlers stay: the same stop forwarded again a moment later (a
  // supervisor's SIGTERM after the group's Ctrl-C) must not kill the process on its way out.
  if (started_ && g_signal.load() == 0) {
    std::signal(SIGINT, g_old_int);
    std::signal(SIGTERM, g_old_term);
  }
}

void Session::input(const std::string& path, std::string_view key) {
  std::string sha = puzzle::io::sha256_file(path);  // also fails fast on a typo
  if (key == "dataset") prov_.datasets.emplace_back(path, std::move(sha));
  else record(std::string(key), fmt::format("{} sha256={}", path, sha.empty() ? "n/a (a stream)" : sha));
  inputs_.push_back(path);
}

void Session::check_resume(const puzzle::io::Meta& meta, const std::string& partial) const {
  puzzle::io::Meta mine;
  const std::string text = header();
  std::string_view h = text;
  while (!h.empty()) {
    const std::size_t nl = h.find('\n');
    std::string k, v;
    if (puzzle::io::split_meta(h.substr(1, nl - 1), k, v)) mine.emplace_back(std::move(k), std::move(v));
    h.remove_prefix(nl == std::string_view::npos ? h.size() : nl + 1);
  }
  auto what_ran = [](const puzzle::io::Meta& m) {
    puzzle::io::Meta id = puzzle::io::run_identity(m);
    for (const std::string& v : puzzle::io::meta_values(m, "shard")) id.emplace_back("shard", v);
    return id;
  };
  if (const std::string diff = puzzle::io::first_difference(what_ran(meta), what_ran(mine)); !diff.empty())
    throw UsageError(fmt::format("{}: --resume: this partial file is not from this command "
                                 "(its {} this run's); rerun the command that made it, or move it "
                                 "away", partial, diff));
  if (puzzle::io::build_of(meta) != puzzle::io::build_of(mine))
    fmt::print(console_.err, "warning: {}: written by {}, continued by {}\n", partial, puzzle::io::build_of(meta),
               puzzle::io::build_of(mine));
}

void Session::record(std::string key, std::string value) {
  prov_.extra.emplace_back(std::move(key), std::move(value));
}

puzzle::io::OutputFile* Session::output(const std::string& path, std::string what) {
  if (path.empty()) return nullptr;
  outputs_.push_back(std::make_unique<puzzle::io::OutputFile>(path, std::move(what), console_.out_fd));
  return outputs_.back().get();
}

void Session::start() {
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    const puzzle::io::OutputFile& o = *outputs_[i];
    if (o.is_stdout()) term_ = console_.err;
    for (const std::string& in : inputs_)
      if (in != "-" && (puzzle::io::same_file(o.path(), in) || puzzle::io::same_file(puzzle::io::partial_name(o.path()), in)))
        throw UsageError(fmt::format("{}: the {} output is also an input: refusing to overwrite "
                                     "the input (choose another output name)",
                                     o.path(), o.what()));
    for (std::size_t j = 0; j < i; ++j) {
      const puzzle::io::OutputFile& p = *outputs_[j];
      if (is_device(o.path())) continue;  // /dev/null twice is fine
      if (puzzle::io::same_file(o.path(), p.path()))
        throw UsageError(fmt::format("{}: given as both the {} and the {} output: each output "
                                     "needs a file of its own",
                                     o.path() == "-" ? "stdout (-)" : o.path(), p.what(), o.what()));
    }
  }
  for (auto& o : outputs_) o->resumable(resumable_);
  // --resume: what the command did not resume (a summary) starts again.
  if (resume_)
    for (auto& o : outputs_)
      if (!o->resumes()) o->resume_at(0);
  // Open all of them before any work: a typo in the last one costs nothing. A failure closes
  // the ones already open and removes their (empty) partial files.
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    try {
      outputs_[i]->open();
    } catch (...) {
      for (std::size_t j = 0; j < i; ++j) {
        outputs_[j]->abandon();
        if (outputs_[j]->renames()) std::remove(outputs_[j]->current_path().c_str());
      }
      throw;
    }
  }
  g_signal.store(0);
  g_stop.store(false);
  g_first_ns.store(0);
  std::string partials;
  for (const auto& o : outputs_)
    if (o->renames()) partials += fmt::format("{}{}", partials.empty() ? "" : ", ", o->current_path());
  const std::string again = fmt::format(
      "\nsudoku-bench: a second signal: ending at once{}\n",
      partials.empty() ? ""
      : fmt::format("; the rows written so far are kept in {}{}", partials,
                    resumable_ ? " (rerun the same command with --resume to continue)" : ""));
  g_again_len.store(0);
  const std::size_t n = std::min(again.size(), sizeof g_again);
  std::copy_n(again.data(), n, g_again);
  g_again_len.store(n);
  if (::pipe2(g_wake, O_CLOEXEC) != 0) throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
  g_old_int = std::signal(SIGINT, on_signal);
  g_old_term = std::signal(SIGTERM, on_signal);
  started_ = true;
  watcher_ = std::thread([this] { watch(); });
}

namespace {

/// Waits up to `ms` (-1: for ever) for a byte in the wake-up pipe; the byte, or 0 on time-out.
char wait_wake(int ms) {
  pollfd p{g_wake[0], POLLIN, 0};
  while (::poll(&p, 1, ms) < 0)
    if (errno != EINTR) return 'e';
  char c = 0;
  if ((p.revents & POLLIN) != 0 && ::read(g_wake[0], &c, 1) != 1) c = 'e';
  return c;
}

}  // namespace

void Session::watch() {
  if (wait_wake(-1) != 's') return;  // the run ended first
  const puzzle::run::InFlight::Now first = in_flight_.now();
  // A solver that honours the stop ends within a millisecond: say nothing unless it is still
  // running a second later (a slow step that does not poll the stop).
  if (first.uninterruptible.empty() && wait_wake(1000) == 'e') return;
  const puzzle::run::InFlight::Now at = first.uninterruptible.empty() ? in_flight_.now() : first;
  const std::string sig = g_signal.load() == SIGTERM ? "SIGTERM" : "Ctrl-C";
  std::string what = "the work in flight";
  if (!at.solver.empty())
    what = at.line == 0 ? fmt::format("'{}' on {}", at.solver, at.file)
                        : fmt::format("'{}' to finish {} line {}", at.solver, at.file, at.line);
  const std::string why = at.uninterruptible.empty() ? "" : ": " + at.uninterruptible;
  // Not bar_.clear(): the bar is the run's thread's. On a terminal the line is erased first.
  fmt::print(console_.err, "{}sudoku-bench: {}: stopping; waiting for {}{}. {} again, 2 s or more after the first, ends "
                     "the run at once and keeps the rows written so far\n",
             console_.tty ? "\r\033[K" : "", sig, what, why, sig);
}

void Session::end_watch() {
  if (!watcher_.joinable()) return;
  const ssize_t w = ::write(g_wake[1], "e", 1);
  (void)w;  // the pipe is empty or holds 's': room for one more byte
  watcher_.join();
  for (int& fd : g_wake) ::close(fd), fd = -1;
}

const std::atomic<bool>* Session::stop_flag() const noexcept { return &g_stop; }

void Session::problem(std::string_view text) {
  if (++problems_ > kMaxMessages) return;
  bar_.clear();
  fmt::print(console_.err, "{}\n", text);
  if (problems_ == kMaxMessages)
    fmt::print(console_.err, "(further problems are not printed; the output has them all)\n");
}

void Session::note_partials() {
  for (const auto& o : outputs_)
    if (o->kept_partial())
      fmt::print(console_.err, "  {}: kept as {} ({} bytes, complete up to its last row); {} was not written\n",
                 o->what(), o->current_path(), o->bytes_written(), o->path());
}

int Session::fail(std::exception_ptr e) {
  bar_.clear();
  for (auto& o : outputs_) o->abandon();
  const int code = report_error(e, console_.err);
  if (code != 128 + SIGPIPE) note_partials();
  return code;
}

int Session::run(const std::function<Outcome()>& body) {
  Outcome o;
  try {
    o = body();
  } catch (...) {
    end_watch();
    return fail(std::current_exception());
  }
  end_watch();
  try {
    return finish(o);
  } catch (...) {
    return fail(std::current_exception());
  }
}

int Session::finish(const Outcome& o) {
  bar_.clear();
  std::fflush(term_);
  for (const auto& f : o.empty_inputs)
    fmt::print(console_.err, "{}: {}: no puzzle in this input (empty, or only comments and blank lines)\n",
               o.no_puzzle ? "error" : "warning", f);
  for (const auto& f : o.unusable_inputs)
    fmt::print(console_.err, "error: {}: not one of its records could be read as a puzzle (the first problems are "
                       "above): not a puzzle file?\n", f);
  for (const auto& e : o.read_errors) fmt::print(console_.err, "error: {}\n", e);
  if (problems_ > kMaxMessages)
    fmt::print(console_.err, "{} problems in all ({} not printed)\n", problems_, problems_ - kMaxMessages);
  if (const int sig = g_signal.load(); sig != 0) {
    for (auto& o2 : outputs_) o2->abandon();
    if (!quiet_stop_) {
      fmt::print(console_.err, "interrupted by {}: the work done so far is reported above\n",
                 sig == SIGTERM ? "SIGTERM" : "Ctrl-C");
      note_partials();
    }
    return 128 + sig;
  }
  // A run that could not read its inputs whole failed: no output gets its final name. One that
  // read no puzzle at all made nothing worth keeping.
  if (o.no_puzzle) {
    for (auto& out : outputs_) out->discard();
    fmt::print(console_.err, "error: no puzzle in the input{}: nothing was solved\n", inputs_.size() == 1 ? "" : "s");
    return kExitUsage;
  }
  if (!o.read_errors.empty() || !o.unusable_inputs.empty()) {
    for (auto& out : outputs_) out->abandon();
    note_partials();
    return o.unusable_inputs.empty() ? kExitWrong : kExitUsage;
  }
  // Every output flushed (a full disk shows here) before any is renamed: a run that fails
  // leaves all of its outputs partial, not some final and some partial.
  for (auto& out : outputs_) out->flush();
  for (auto& out : outputs_) out->commit();
  // External solvers (--exec, --exec-batch, --isolate'd plug-ins): a puzzle that timed out or
  // whose solver died has no answer, so the run is not the whole of its input: exit 1, like a
  // wrong answer (a CI job must not pass with holes in its rows). The rows say which.
  if (o.wrong > 0 || o.errors > 0 || o.timeouts > 0) {
    if (o.wrong > 0) fmt::print(console_.err, "error: {} wrong answer(s)\n", o.wrong);
    if (o.errors > 0)
      fmt::print(console_.err, "error: {} puzzle(s) with status 'error': an external solver died, crashed, "
                         "broke the protocol or reported an error\n", o.errors);
    if (o.timeouts > 0)
      fmt::print(console_.err, "error: {} puzzle(s) with status 'timeout': no answer within --timeout\n", o.timeouts);
    return kExitWrong;
  }
  if (o.failed > 0) {
    fmt::print(console_.err, "error: {} {}\n", o.failed, o.failed_what);
    return kExitWrong;
  }
  return 0;
}

void judge_inputs(const std::vector<InputUse>& passes, bool interrupted, Session::Outcome& o) {
  if (interrupted) return;  // a stopped run read what it read
  bool any = false;
  for (const auto& p : passes) {
    any = any || p.read;
    auto& list = p.records == 0 ? o.empty_inputs : o.unusable_inputs;
    if (!p.read && std::find(list.begin(), list.end(), p.dataset) == list.end()) list.push_back(p.dataset);
  }
  o.no_puzzle = !passes.empty() && !any && o.read_errors.empty();
}

Session::Outcome report_summaries(Session& session, const std::vector<puzzle::Summary>& summaries,
                                  puzzle::io::OutputFile* summary, bool compare) {
  if (summary != nullptr) {
    fmt::memory_buffer b;
    const auto& schema = puzzle::io::summary_schema();
    for (const auto& s : summaries) schema.write(b, s);
    summary->write(session.header() + schema.header());
    summary->write({b.data(), b.size()});
  }
  fmt::print(session.term(), "{}", summary_tables(summaries, compare));
  Session::Outcome o;
  for (const auto& s : summaries) {
    o.wrong += s.count(puzzle::Status::wrong);
    o.errors += s.count(puzzle::Status::error);
    o.timeouts += s.count(puzzle::Status::timeout);
  }
  return o;
}

Session::Outcome run_driver(Session& session, puzzle::run::RunConfig& cfg, const std::string& columns,
                            puzzle::io::OutputFile* summary, bool compare) {
  if (cfg.rows != nullptr && cfg.rows->bytes_written() == 0) cfg.rows->write(session.header() + columns + "\n");
  cfg.stop = session.stop_flag();
  cfg.in_flight = session.in_flight();
  cfg.on_problem = [&session](const std::string& file, uint64_t line, const std::string& msg) {
    session.problem(fmt::format("{}:{}: {}", file, line, msg));
  };
  cfg.on_progress = [&session](const puzzle::run::Progress& p) { session.progress().update(p); };
  const puzzle::run::RunReport report = puzzle::run::run_passes(cfg);
  session.progress().clear();
  Session::Outcome o = report_summaries(session, report.summaries, summary, compare);
  o.read_errors = report.read_errors;
  std::vector<InputUse> use;
  // Records read as puzzles: those the solver ran on, and those it does not take (another kind
  // or size). The rest were `invalid` before any solver saw them.
  for (const auto& s : report.summaries)
    use.push_back({s.dataset, s.puzzles, s.ran() + s.count(puzzle::Status::unsupported) > 0});
  judge_inputs(use, report.interrupted, o);
  return o;
}

}  // namespace puzzle::cli
