// External programs as solvers (exec.hpp; the protocol is docs/exec.md).
//
// A Child is one process with two pipes. Our ends are non-blocking and every wait is a ppoll()
// with a deadline, so no child can hang the tool: past the deadline it is killed (SIGKILL to its
// process group) and reaped. Its answers are read into a buffer that is cut into lines.
#include "ext/exec.hpp"
#include "ext/subprocess.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "puzzle/kinds.hpp"

namespace puzzle::ext {
namespace {

using Clock = std::chrono::steady_clock;

/// How an outside program's first puzzle (its row's probe) is named in messages when it is the
/// first one tried.
constexpr std::string_view kFirstPuzzle = "a first, easy puzzle";
/// The longest answer line (a 25x25 solution is 625 characters).
constexpr std::size_t kMaxLine = 64 * 1024;

/// When a wait ends: a fixed time (a puzzle's round trip), or `idle` after the last progress
/// (a batch program, which may take long in all but must keep reading or answering).
struct Deadline {
  Clock::time_point at;
  Clock::duration idle{0};
  static Deadline in(Clock::duration d) { return {Clock::now() + d, Clock::duration{0}}; }
  static Deadline idle_for(Clock::duration d) { return {Clock::now() + d, d}; }
  void progress() {
    if (idle.count() != 0) at = Clock::now() + idle;
  }
};

std::string seconds(std::chrono::milliseconds ms) { return fmt::format("{:g} s", double(ms.count()) / 1e3); }

/// At most 60 characters of `s`, for messages.
std::string clip(std::string_view s) {
  return s.size() <= 60 ? std::string(s) : std::string(s.substr(0, 57)) + "...";
}

/// While any child exists, SIGPIPE is ignored by the whole process, so that a write to a child
/// that has died fails with EPIPE instead of ending the tool. Blocking it in the writing thread
/// around each write instead (and consuming the signal) costs three system calls per puzzle:
/// about 3 µs of a 14 µs round trip on this machine (measured with cat). The tool's own outputs
/// already treat EPIPE as a reader that went away (io/output.cpp: exit 141, quietly); the
/// default comes back when the last child is reaped (for --exec, whose children are kept
/// between passes, at exit). Children get the default back (posix_spawn SETSIGDEF).
class IgnoreSigpipe {
 public:
  IgnoreSigpipe() {
    std::lock_guard lock(mutex_);
    if (users_++ == 0) {
      struct sigaction ignore {};
      ignore.sa_handler = SIG_IGN;
      sigemptyset(&ignore.sa_mask);
      ::sigaction(SIGPIPE, &ignore, &saved_);
    }
  }
  ~IgnoreSigpipe() {
    std::lock_guard lock(mutex_);
    if (--users_ == 0) ::sigaction(SIGPIPE, &saved_, nullptr);
  }
  IgnoreSigpipe(const IgnoreSigpipe&) = delete;
  IgnoreSigpipe& operator=(const IgnoreSigpipe&) = delete;

 private:
  static inline std::mutex mutex_;
  static inline int users_ = 0;
  static inline struct sigaction saved_ {};
};

/// ppoll() until `d` (retried on EINTR): the number of ready descriptors, 0 when time is up
/// (or, which cannot happen with valid descriptors, when ppoll fails: the child is then treated
/// as out of time, and killed).
int wait_for(pollfd* fds, nfds_t n, const Deadline& d) noexcept {
  for (;;) {
    const auto left = d.at - Clock::now();
    if (left <= Clock::duration::zero()) return 0;
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
    const timespec ts{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
    const int r = ::ppoll(fds, n, &ts, nullptr);
    if (r > 0) return r;
    if (r < 0 && errno != EINTR) return 0;
  }
}

enum class Io { ok, eof, timeout, overflow };

/// One child process: `/bin/sh -c COMMAND`, its stdin and stdout ours, its stderr the tool's.
class Child {
 public:
  explicit Child(const std::string& command) {
    Subprocess::Options o;
    o.program = "/bin/sh";
    o.args = {"sh", "-c", command};
    o.pipe_stdin = o.pipe_stdout = true;
    o.close_from = 3;
    proc_.start(o);  // throws "pipe: ...", "cannot start /bin/sh: ..."
    ::fcntl(proc_.input(), F_SETFL, ::fcntl(proc_.input(), F_GETFL) | O_NONBLOCK);
    ::fcntl(proc_.output(), F_SETFL, ::fcntl(proc_.output(), F_GETFL) | O_NONBLOCK);
  }
  ~Child() { stop(kExitGrace); }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  /// Writes all of `data` by `d`; with `read_meanwhile`, reads the child's output while its
  /// input is full (a program that answers before it reads on). eof: the child closed its input.
  Io write(std::string_view data, Deadline& d, bool read_meanwhile) {
    const int in = proc_.input();
    if (in < 0) return Io::eof;
    while (!data.empty()) {
      const ssize_t n = ::write(in, data.data(), data.size());
      if (n > 0) {
        data.remove_prefix(static_cast<std::size_t>(n));
        d.progress();
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return Io::eof;  // EPIPE: gone
      pollfd f[2] = {{in, POLLOUT, 0}, {proc_.output(), POLLIN, 0}};
      const nfds_t nf = read_meanwhile && !eof_ ? 2 : 1;
      if (wait_for(f, nf, d) == 0) return Io::timeout;
      if (nf == 2 && f[1].revents != 0 && read_some() > 0) d.progress();
    }
    return Io::ok;
  }

  /// The next line of output (without its end), waiting until `d` for it.
  Io read_line(std::string& line, Deadline& d) {
    for (;;) {
      if (take_line(line)) return Io::ok;
      if (buf_.size() - start_ > kMaxLine) return Io::overflow;
      if (eof_) return Io::eof;
      pollfd f{proc_.output(), POLLIN, 0};
      if (wait_for(&f, 1, d) == 0) return Io::timeout;
      if (read_some() > 0) d.progress();
    }
  }

  /// A whole line already read, without waiting.
  bool take_line(std::string& line) {
    const std::size_t nl = buf_.find('\n', start_);
    if (nl == std::string::npos) return false;
    std::size_t end = nl;
    if (end > start_ && buf_[end - 1] == '\r') --end;
    line.assign(buf_, start_, end - start_);
    start_ = nl + 1;
    if (start_ == buf_.size()) {
      buf_.clear();
      start_ = 0;
    }
    return true;
  }
  /// Output read and not yet taken as a line.
  bool has_unread() const noexcept { return start_ < buf_.size(); }

  /// Running, in step (nothing unread) and its input open: fit to take the next puzzle.
  bool healthy() {
    if (!proc_.running() || proc_.input() < 0 || eof_ || has_unread()) return false;
    return !proc_.has_ended();
  }

  /// Reads what the child has written so far, without waiting: bytes read, 0 at the end of
  /// its output, -1 when there is nothing yet.
  ssize_t read_some() {
    if (eof_) return 0;
    char tmp[4096];
    for (;;) {
      const ssize_t n = ::read(proc_.output(), tmp, sizeof tmp);
      if (n > 0) {
        if (start_ > 0 && start_ == buf_.size()) {
          buf_.clear();
          start_ = 0;
        }
        buf_.append(tmp, static_cast<std::size_t>(n));
        return n;
      }
      if (n == 0) {
        eof_ = true;
        return 0;
      }
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) return -1;
      eof_ = true;  // a read error: treated as the end of its output
      return 0;
    }
  }

  /// No more input for the child (it sees the end of its stdin).
  void close_input() { proc_.close_input(); }

  /// Kills the child's process group now and reaps it; how it ended.
  std::string kill() { return proc_.kill(); }

  /// Closes its input and gives it `grace` to exit (what it writes meanwhile is kept), then
  /// kills it; how it ended.
  std::string stop(Clock::duration grace) {
    if (!proc_.running()) return proc_.how_it_ended();
    proc_.close_input();
    return proc_.stop(grace, [this](Clock::time_point until) {
      if (!eof_) {  // wait for the end of its output (it usually comes with the exit)
        pollfd f{proc_.output(), POLLIN, 0};
        Deadline d{std::min(until, Clock::now() + std::chrono::milliseconds(20)), Clock::duration{0}};
        if (wait_for(&f, 1, d) > 0) read_some();
      } else {
        std::this_thread::sleep_for(std::chrono::microseconds(500));
      }
    });
  }

 private:
  IgnoreSigpipe sigpipe_;  // first: the last to go, after the child is reaped
  Subprocess proc_;        // its pipes' ends are closed when it is reaped
  std::string buf_;        // output read, from start_ on not yet taken
  std::size_t start_ = 0;
  bool eof_ = false;
};

/// Splits a line into words separated by spaces or tabs.
class Words {
 public:
  explicit Words(std::string_view s) : s_(s) {}
  std::string_view next() {
    while (!s_.empty() && (s_.front() == ' ' || s_.front() == '\t')) s_.remove_prefix(1);
    std::size_t n = 0;
    while (n < s_.size() && s_[n] != ' ' && s_[n] != '\t') ++n;
    const std::string_view w = s_.substr(0, n);
    s_.remove_prefix(n);
    return w;
  }
  std::string_view rest() {
    while (!s_.empty() && (s_.front() == ' ' || s_.front() == '\t')) s_.remove_prefix(1);
    return s_;
  }

 private:
  std::string_view s_;
};

bool read_u64(std::string_view s, uint64_t& v) {
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size() && !s.empty();
}

/// Sentences read as `none`, so that programs which say it in words work unchanged
/// (qqwing: "Puzzle has no solution.", and "Puzzle is not possible." for repeated givens).
bool says_no_solution(std::string_view line) {
  std::string lower(line);
  for (char& c : lower) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return lower.find("no solution") != std::string::npos ||
         lower.find("not possible") != std::string::npos;
}

/// A row's probe (kinds.hpp), made once: the easy puzzle that every --exec child answers first,
/// untimed (the first row's), and that an --exec-batch program must solve (the first row's it
/// does not answer `unsupported`). It proves that the command speaks the protocol, and the
/// child is started and warm before the first timed puzzle.
template <class Row>
const Probe<typename Row::Puzzle, typename Row::Known>& probe_of() {
  static const auto probe = Row::probe();
  return probe;
}

/// Why `answer` (the text `line`) to the probe `puzzle` (`known`: what the verifier knows of it)
/// shows that the command cannot be used, or nothing; `what` names the puzzle in the reason.
/// The answer goes through the verifier like any other (a wrong or incomplete answer, an echo of
/// the puzzle, `none` or `invalid` for a puzzle with a solution); with `must_solve` it must also
/// be a solution (an --exec-batch program's), while an --exec child may answer `unsupported` (it
/// solves other sizes or kinds) or `error`.
template <class Puzzle, class KnownOf>
std::optional<std::string> probe_problem(const Puzzle& puzzle, const KnownOf& known, std::string_view what,
                                         const Result& answer, std::string_view line, bool must_solve) {
  std::optional<std::string> why = puzzle::Kinds::Of<Puzzle>::verify(puzzle, answer, 1, known);
  if (!why && must_solve && answer.solutions == 0)
    why = fmt::format("'{}' instead of a solution", to_string(answer.status));
  if (!why) return std::nullopt;
  return fmt::format("answered {} wrongly: {} (answer '{}')", what, *why, clip(line));
}

/// The request line: the puzzle as its kind writes it in one word (a grid's one-line form, a
/// nonogram's game ID: the row's puzzle_text), a space, the limit.
template <class Puzzle>
void request_line(const Puzzle& puzzle, uint64_t limit, std::string& out) {
  out = puzzle::Kinds::Of<Puzzle>::puzzle_text(puzzle);
  out += ' ';
  char digits[24];
  const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, limit);
  out.append(digits, end);
  out += '\n';
}

struct ExecSpec {
  std::string name, command;
  std::chrono::milliseconds timeout;
  /// What a child has for its start and first answer (kStartAtLeast at least).
  std::chrono::milliseconds start_timeout() const {
    return std::max<std::chrono::milliseconds>(timeout, kStartAtLeast);
  }
};

/// --exec children between passes. A worker that ends (at the end of a pass) hands its child
/// back if it is healthy, and the next worker takes it, started and warm: the passes after the
/// first (bench repetitions, the next file or solver) time no start, and neither does the first
/// worker of the first pass, which takes the child that answered at registration. Whatever is
/// left is reaped at exit, with the registry.
using ChildPool = IdleChildren<Child>;

enum class Trip { ok, timeout, died, protocol };

/// `--exec`: one child per worker thread.
class ExecSolver final : public Solver {
 public:
  /// `registering`: the first worker, made when the command is registered (its failure is the
  /// command refused, exit 2); any later one is made by a worker thread in the middle of a run.
  ExecSolver(std::shared_ptr<const ExecSpec> spec, std::shared_ptr<ChildPool> pool, bool registering = false)
      : spec_(std::move(spec)), pool_(std::move(pool)), child_(pool_->take()) {
    std::string why;
    if (child_ != nullptr || start(why)) return;
    if (registering) throw LoadError(fmt::format("'{}' {}", spec_->command, why));
    throw std::runtime_error(fmt::format("--exec {}: the child of a new worker thread could not be "
                                         "started, so the run stopped: '{}' {}",
                                         spec_->name, spec_->command, why));
  }
  ~ExecSolver() override { pool_->give(std::move(child_)); }
  ExecSolver(const ExecSolver&) = delete;
  ExecSolver& operator=(const ExecSolver&) = delete;

  Result solve(PuzzleRef puzzle, const Limits& limits) override {
    return puzzle::Kinds::on<Result>(puzzle, [&](const auto& p) {
      // A kind without the programs' concern (kinds.hpp) is not sent: the program cannot take it.
      if constexpr (puzzle::KindPrograms<puzzle::Kinds::Of<std::decay_t<decltype(p)>>>) return ask(p, limits);
      else return result_of(Status::unsupported);
    });
  }

  std::string_view message() const noexcept override { return message_; }

 private:
  /// One puzzle of either kind through the child; a failure replaces the child.
  template <class Puzzle>
  Result ask(const Puzzle& puzzle, const Limits& limits) {
    message_.clear();
    Result r;
    if (child_ == nullptr) {  // the last start failed
      r.status = Status::error;
      if (failed_starts_ >= kMaxFailedStarts) {
        message_ = fmt::format("{}: not restarted any more: the child failed to start {} times in a row",
                               spec_->name, kMaxFailedStarts);
        return r;
      }
      std::string why;
      if (!start(why)) {
        ++failed_starts_;
        message_ = fmt::format("{}: the child could not be restarted: it {}", spec_->name, why);
        return r;
      }
      failed_starts_ = 0;
    }
    std::string why;
    const Trip t = round_trip(puzzle, limits.wanted(), spec_->timeout, r, why);
    if (t == Trip::ok) {
      if (r.status == Status::error) message_ = fmt::format("{} reported: {}", spec_->name, why);
      return r;
    }
    // The child is gone, or out of step with us: it is replaced before the next puzzle (here,
    // so that its start is not timed with the next puzzle; this one's time means little).
    const std::string end = t == Trip::timeout ? child_->kill() : child_->stop(kExitGrace);
    child_.reset();
    r = Result{};
    r.status = t == Trip::timeout ? Status::timeout : Status::error;
    message_ = fmt::format("{}: {}; the child {}", spec_->name, why, end);
    std::string restart;
    if (start(restart)) {
      failed_starts_ = 0;
      message_ += "; restarted";
    } else {
      ++failed_starts_;
      message_ += fmt::format("; its restart failed: it {}", restart);
    }
    return r;
  }

  /// Starts a child and has it answer the probe puzzle; false with `why` ("exited with status
  /// 127: command not found before answering a first puzzle").
  bool start(std::string& why) {
    try {
      child_ = std::make_unique<Child>(spec_->command);
    } catch (const std::exception& e) {
      why = e.what();
      return false;
    }
    Result r;
    std::string err;
    const auto& probe = probe_of<puzzle::Kinds::First>();
    Trip t = round_trip(probe.puzzle, 1, spec_->start_timeout(), r, err);
    if (t == Trip::ok) {
      const auto wrong = probe_problem(probe.puzzle, probe.known, kFirstPuzzle, r, answer_, false);
      if (!wrong) return true;
      why = fmt::format("{} (it {})", *wrong, child_->stop(kExitGrace));
      child_.reset();
      return false;
    }
    const std::string end = t == Trip::timeout ? child_->kill() : child_->stop(kExitGrace);
    child_.reset();
    why = t == Trip::died      ? fmt::format("{} before answering a first puzzle", end)
          : t == Trip::timeout ? fmt::format("gave {} to a first puzzle (it {})", err, end)
                               : fmt::format("{} on a first puzzle (it {})", err, end);
    return false;
  }

  /// One puzzle: the request line out, the answer line in within `allowed`, read
  /// (parse_answer).
  template <class Puzzle>
  Trip round_trip(const Puzzle& puzzle, uint64_t limit, std::chrono::milliseconds allowed, Result& r,
                  std::string& why) {
    request_line(puzzle, limit, request_);
    Deadline d = Deadline::in(allowed);
    Io io = child_->write(request_, d, false);
    if (io == Io::ok) io = child_->read_line(answer_, d);
    switch (io) {
      case Io::ok: break;
      case Io::timeout: why = fmt::format("no answer within {}", seconds(allowed)); return Trip::timeout;
      case Io::eof: why = "no answer"; return Trip::died;
      case Io::overflow: why = "broke the protocol: an answer line longer than 64 KiB"; return Trip::protocol;
    }
    if (!parse_answer(answer_, puzzle, limit, r, why)) {
      why = fmt::format("broke the protocol: {} (answer '{}')", why, clip(answer_));
      return Trip::protocol;
    }
    if (child_->has_unread()) {
      why = "broke the protocol: more than one line for one puzzle (debug output goes to stderr)";
      return Trip::protocol;
    }
    return Trip::ok;
  }

  std::shared_ptr<const ExecSpec> spec_;
  std::shared_ptr<ChildPool> pool_;
  std::unique_ptr<Child> child_;
  std::string request_, answer_, message_;
  int failed_starts_ = 0;
};

/// `--exec-batch`: one program for a whole pass.
class BatchProgram final : public BatchSolver {
 public:
  BatchProgram(std::shared_ptr<const ExecSpec> spec, const Limits& limits)
      : spec_(std::move(spec)), limit_(limits.wanted()), child_(spec_->command) {}

  void send(PuzzleRef puzzle) override {
    if (failed_ || input_closed_) return;  // its answers will say why
    // The puzzle as its kind writes it in one word (the row's puzzle_text), alone on its line.
    request_ = puzzle::Kinds::on<std::string>(puzzle, [](const auto& p) {
      using Row = puzzle::Kinds::Of<std::decay_t<decltype(p)>>;
      if constexpr (puzzle::KindPrograms<Row>) return Row::puzzle_text(p);
      else return std::string();  // never sent: the program takes the sizes of the rows' probes only
    });
    request_ += '\n';
    Deadline d = Deadline::idle_for(silence());
    const Io io = child_.write(request_, d, true);
    if (io == Io::timeout) {
      fail(Status::timeout, fmt::format("{} neither read nor answered for {}", spec_->name,
                                        seconds(silence())), true);
    } else if (io == Io::eof) {
      input_closed_ = true;  // it stopped reading: the answers it gave are still read
    }
  }

  void close() override { child_.close_input(); }

  bool receive(PuzzleRef puzzle, bool wait, Result& out, std::string& why) override {
    why.clear();
    if (!failed_ && !child_.take_line(answer_)) {
      if (!wait) {
        if (child_.read_some() <= 0 || !child_.take_line(answer_)) return false;
      } else {
        Deadline d = Deadline::idle_for(silence());
        const Io io = child_.read_line(answer_, d);
        if (io == Io::timeout) {
          fail(Status::timeout, fmt::format("{} gave no answer for {}", spec_->name,
                                            seconds(silence())), true);
        } else if (io == Io::eof) {
          fail(Status::error, fmt::format("{} ended after {} answer{}", spec_->name, answered_,
                                          answered_ == 1 ? "" : "s"), false);
        } else if (io == Io::overflow) {
          fail(Status::error, fmt::format("{} broke the protocol: an answer line longer than 64 KiB",
                                          spec_->name), true);
        }
      }
    }
    if (failed_) {
      out = Result{};
      out.status = fail_status_;
      if (!fail_told_)
        why = fmt::format("{}: this puzzle and every later one get '{}'", failure_, to_string(fail_status_));
      fail_told_ = true;
      return true;
    }
    ++answered_;
    if (!parse_answer(answer_, puzzle, limit_, out, why)) {
      why = fmt::format("{} broke the protocol: {} (answer '{}')", spec_->name, why, clip(answer_));
      out = Result{};
      out.status = Status::error;
    } else if (out.status == Status::error) {
      why = fmt::format("{} reported: {}", spec_->name, why);
    }
    return true;
  }

 private:
  /// The longest silence allowed now: until its first answer the program is also starting.
  std::chrono::milliseconds silence() const {
    return answered_ == 0 ? spec_->start_timeout() : spec_->timeout;
  }
  /// Every puzzle from here on gets `status`; the first of them says why.
  void fail(Status status, const std::string& why, bool kill) {
    const std::string end = kill ? child_.kill() : child_.stop(kExitGrace);
    failed_ = true;
    fail_status_ = status;
    failure_ = fmt::format("{} (it {})", why, end);
  }

 public:
  /// Why it failed ("qq ended after 3 answers (it exited with status 1)"); empty while it has not.
  const std::string& failure() const noexcept { return failure_; }
  /// The last answer line read.
  const std::string& last_answer() const noexcept { return answer_; }

 private:

  std::shared_ptr<const ExecSpec> spec_;
  uint64_t limit_;
  Child child_;
  std::string request_, answer_;
  uint64_t answered_ = 0;
  bool input_closed_ = false;
  bool failed_ = false, fail_told_ = false;
  Status fail_status_ = Status::error;
  std::string failure_;
};

}  // namespace

namespace {

/// An answer line to `puzzle`: its solution word is read as its kind writes an answer (the
/// row's read_solution: a grid in the one-line alphabet, a nonogram's picture in to_text()'s
/// form, `#`/`.` or `1`/`0` row by row).
template <class Puzzle>
bool parse_any_answer(std::string_view line, const Puzzle& puzzle, uint64_t limit, Result& r, std::string& why) {
  using Row = puzzle::Kinds::Of<Puzzle>;
  const auto read_solution = [&](std::string_view word) { return Row::read_solution(word, puzzle, r.answer); };
  const auto solution_name = [&] { return Row::solution_name(puzzle); };
  r = Result{};
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
    line.remove_suffix(1);
  Words words(line);
  const std::string_view first = words.next();
  uint64_t count = 0;
  bool counted = false;
  if (first.empty()) {
    why = "an empty line";
    return false;
  }
  if (first == "none") {
    r.status = Status::none;
  } else if (first == "invalid") {
    r.status = Status::invalid;
  } else if (first == "unsupported") {
    r.status = Status::unsupported;
  } else if (first == "error") {
    r.status = Status::error;
    why = clip(words.rest());
    if (why.empty()) why = "an error (no reason given)";
    return true;
  } else if (read_solution(first)) {
    count = 1;
    counted = true;
  } else if (read_u64(first, count)) {
    counted = true;
    if (count > 0) {
      const std::string_view sol = words.next();
      if (!read_solution(sol)) {
        why = sol.empty() ? fmt::format("a count of {} without the solution after it", count)
                          : fmt::format("'{}' after the count is not a {}", clip(sol), solution_name());
        return false;
      }
    }
  } else if (says_no_solution(line)) {
    r.status = Status::none;
    return true;
  } else {
    why = fmt::format("'{}' is not a {}, a count or a status word", clip(first), solution_name());
    return false;
  }
  for (std::string_view w = words.next(); !w.empty(); w = words.next()) {
    const std::size_t eq = w.find('=');
    uint64_t v = 0;
    if (eq == std::string_view::npos || eq == 0) {
      why = fmt::format("'{}' after the answer is not a counter (name=N)", clip(w));
      return false;
    }
    if (!read_u64(w.substr(eq + 1), v)) {
      why = fmt::format("counter '{}' is not a whole number", clip(w));
      return false;
    }
    const std::string_view key = w.substr(0, eq);
    if (key == "guesses") r.work.guesses = v;
    else if (key == "backtracks") r.work.backtracks = v;
    else if (key == "nodes") r.work.nodes = v;
    // other counters are the program's own business: ignored
  }
  if (counted) {
    r.solutions = count;
    r.status = status_for(count, limit, false);
  }
  return true;
}

}  // namespace

bool parse_answer(std::string_view line, PuzzleRef puzzle, uint64_t limit, Result& r, std::string& why) {
  return puzzle::Kinds::on<bool>(puzzle, [&](const auto& p) {
    if constexpr (puzzle::KindPrograms<puzzle::Kinds::Of<std::decay_t<decltype(p)>>>)
      return parse_any_answer(line, p, limit, r, why);
    else return false;
  });
}

SolverInfo exec_solver(const std::string& name, const std::string& command, std::chrono::milliseconds timeout) {
  check_solver_name(name);
  auto spec = std::make_shared<const ExecSpec>(ExecSpec{name, command, timeout});
  auto pool = std::make_shared<ChildPool>();
  { ExecSolver first(spec, pool, true); }  // throws LoadError naming the command; else kept warm
  SolverInfo info;
  info.name = name;
  info.description = "external program, one child per thread, line protocol (docs/exec.md)";
  info.sizes = kAllSizes;
  info.any_kind = true;  // nonograms too, as game IDs
  info.factory = [spec, pool] { return std::make_unique<ExecSolver>(spec, pool); };
  info.origin = "exec: " + command;
  info.uninterruptible = "an --exec program is not stopped inside a puzzle; the run waits until it "
                         "answers or its --timeout";
  return info;
}

namespace {

/// One run of an --exec-batch program on one puzzle: its answer, and the answer's line; throws
/// LoadError when it does not answer.
Result run_batch_probe(const std::shared_ptr<const ExecSpec>& spec, PuzzleRef puzzle, std::string& line) {
  std::string why;
  Result r;
  try {
    BatchProgram first(spec, Limits{});
    first.send(puzzle);
    first.close();
    first.receive(puzzle, true, r, why);
    if (!first.failure().empty()) why = first.failure();
    line = first.last_answer();
  } catch (const std::exception& e) {
    throw LoadError(fmt::format("'{}': {}", spec->command, e.what()));
  }
  if (r.status == Status::error || r.status == Status::timeout)
    throw LoadError(fmt::format("'{}' did not answer a first puzzle: {}", spec->command, why));
  return r;
}

}  // namespace

SolverInfo exec_batch_solver(const std::string& name, const std::string& command, std::chrono::milliseconds timeout) {
  check_solver_name(name);
  auto spec = std::make_shared<const ExecSpec>(ExecSpec{name, command, timeout});
  // First runs on one easy puzzle each (the rows' probes, in the table's order): it must start
  // and answer, and the verifier checks the answer as an --exec child's first (`cat` echoes the
  // puzzle). A program that answers a kind's probe `unsupported` must solve the next kind's
  // instead (a 9x9 Sudoku, then a small nonogram); it must solve one. Either way the program
  // then gets the file's puzzles of any kind, and answers `unsupported` to a kind it does not
  // solve, as an --exec child does.
  std::string refused;                // "a 9x9 Sudoku 'unsupported' and ": the probes refused so far
  std::optional<std::string> wrong;  // why the last probe's answer refuses the command
  bool solved = false;
  unsigned sizes = 0;  // every row's probe's size: the sizes it is sent (others are `unsupported`)
  puzzle::Kinds::each([&](auto row) {
    // Only kinds with the programs' concern (kinds.hpp) have a probe and are sent.
    if constexpr (puzzle::KindPrograms<decltype(row)>) {
      const auto& probe = probe_of<decltype(row)>();
      sizes |= probe.sizes;
      if (solved) return;
      std::string line;
      const Result r = run_batch_probe(spec, probe.puzzle, line);
      const std::string what =
          refused.empty() ? std::string(kFirstPuzzle) : refused + "a first, easy " + probe.name;
      wrong = probe_problem(probe.puzzle, probe.known, what, r, line, true);
      if (r.status == Status::unsupported) {
        refused += fmt::format("a {} 'unsupported' and ", probe.name);
        return;  // the next kind's probe, if any (else `wrong` says 'unsupported' instead of a solution)
      }
      if (wrong) throw LoadError(fmt::format("'{}' {}", command, *wrong));
      solved = true;
    }
  });
  if (!solved) throw LoadError(fmt::format("'{}' {}", command, *wrong));
  SolverInfo info;
  info.name = name;
  info.description = "external program over whole files: throughput, no per-puzzle time (docs/exec.md)";
  info.sizes = sizes;
  info.any_kind = true;  // nonograms too, as game IDs
  info.factory = SolverInfo::PerPass([spec](const Limits& limits) -> std::unique_ptr<BatchSolver> {
    return std::make_unique<BatchProgram>(spec, limits);
  });
  info.origin = "exec-batch: " + command;
  return info;
}

RoundTripFloor measure_floor(int round_trips) {
  constexpr int kWarmup = 200;
  std::unique_ptr<Child> child;
  try {
    child = std::make_unique<Child>("exec cat");
  } catch (const std::exception& e) {
    throw LoadError(fmt::format("the echoing child 'cat': {}", e.what()));
  }
  using Row = puzzle::Kinds::First;
  const auto& probe = probe_of<Row>().puzzle;
  std::string request, line;
  request_line(probe, 1, request);
  Answer echoed;
  std::vector<double> us;
  us.reserve(static_cast<std::size_t>(std::max(round_trips, 0)));
  for (int i = 0; i < kWarmup + round_trips; ++i) {
    const auto t0 = Clock::now();
    Deadline d = Deadline::in(std::chrono::seconds(5));
    Io io = child->write(request, d, false);
    if (io == Io::ok) io = child->read_line(line, d);
    const bool read = io == Io::ok && Row::read_solution(Words(line).next(), probe, echoed);
    const auto t1 = Clock::now();
    if (!read) throw LoadError(fmt::format("the echoing child 'cat' did not echo: it {}", child->kill()));
    if (i >= kWarmup) us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  child.reset();
  RoundTripFloor f;
  f.round_trips = us.size();
  if (us.empty()) return f;
  std::sort(us.begin(), us.end());
  f.median_us = us[us.size() / 2];
  f.p90_us = us[std::min(us.size() - 1, us.size() * 9 / 10)];
  f.min_us = us.front();
  return f;
}

}  // namespace puzzle::ext
