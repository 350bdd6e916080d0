// Plug-ins in child processes (isolate.hpp): the tool's side. Each worker thread's solver (a
// SliceSolver) hands its slices to a child process, a Host, through the block they share
// (isolate_wire.hpp, which says what is in it and why nothing in it is trusted); the child's side
// is isolate_child.cpp. A Host starts its child, waits for each slice with the current puzzle's
// deadline, and kills and restarts a child that crashed or ran out of time; idle Hosts are kept
// warm between workers (HostPool).
#include "ext/isolate.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "ext/isolate_wire.hpp"
#include "ext/library.hpp"
#include "ext/subprocess.hpp"
#include "sudoku/sudoku_kind.hpp"

namespace puzzle::ext {

using namespace isolate_wire;

namespace {

constexpr int64_t kStopPollNs = 50'000'000;  // how often a waiting parent looks at the stop flag
// After a stop, how long the child may take to end its slice by itself (its puzzle done) before
// the parent kills it: a plug-in's puzzle is cut short here, which in the tool's process it
// cannot be.
constexpr int64_t kStopGraceNs = 200'000'000;

/// The block, created here (a memfd above the standard descriptors and the child's kSocketFd
/// and kBlockFd, so that the child's dup2 onto 3 and 4 never meets it) and mapped; its
/// handshake holds this build's identity.
class SharedBlock {
 public:
  SharedBlock() {
    int fd = ::memfd_create("sudoku-bench-isolate", MFD_CLOEXEC);
    if (fd < 0) throw std::runtime_error(fmt::format("memfd_create: {}", std::strerror(errno)));
    fd_ = ::fcntl(fd, F_DUPFD_CLOEXEC, 10);
    ::close(fd);
    if (fd_ < 0 || ::ftruncate(fd_, sizeof(Block)) != 0) {
      const int err = errno;
      if (fd_ >= 0) ::close(fd_);
      throw std::runtime_error(fmt::format("the block shared with the child: {}", std::strerror(err)));
    }
    block_ = map_block(fd_);
    if (block_ == nullptr) {
      ::close(fd_);
      throw std::runtime_error(fmt::format("mapping the block shared with the child: {}", std::strerror(errno)));
    }
    new (&block_->header) Header();
    Handshake& hs = block_->hello;
    std::memcpy(hs.magic, kMagic, sizeof kMagic);
    copy_cut(hs.parent, build_identity());
    hs.child[0] = '\0';
  }
  ~SharedBlock() {
    if (block_ != nullptr) ::munmap(block_, sizeof(Block));
    ::close(fd_);
  }
  SharedBlock(const SharedBlock&) = delete;
  SharedBlock& operator=(const SharedBlock&) = delete;
  Block& block() noexcept { return *block_; }
  int fd() const noexcept { return fd_; }

 private:
  int fd_ = -1;
  Block* block_ = nullptr;
};

struct Spec {
  std::string exe, path, symbol, name;
  int64_t timeout_ns;
  std::string seconds() const { return fmt::format("{:g} s", double(timeout_ns) / 1e9); }
};

/// How a slice's exchange with the child ended: done (maybe stopped early), died, timeout, or
/// the child's last word: its solver could not make its state, or it found a puzzle's size or
/// place in the block overwritten (the process has been reaped for these two).
enum class Outcome { done, died, timeout, no_state, overwritten };

/// One child process and the block it shares with the parent. The block outlives the process:
/// a child restarted after a crash finds the slice where the last one left it. The socket is
/// the process's (Subprocess::socket()), closed when it is reaped.
class Host {
 public:
  explicit Host(std::shared_ptr<const Spec> spec) : spec_(std::move(spec)) {}
  ~Host() { stop(); }
  Host(const Host&) = delete;
  Host& operator=(const Host&) = delete;

  Block& block() noexcept { return shared_.block(); }
  bool running() const noexcept { return proc_.running(); }
  /// A number for the next hand-over of a slice, never the last one's.
  uint32_t next_round() noexcept { return ++round_; }

  /// Starts the child and waits (up to the timeout, kStartAtLeast at least) until it has loaded
  /// the library; false with `why` (its own words when it could not load the library).
  bool start(std::string& why) {
    Subprocess::Options o;
    o.program = spec_->exe;
    o.args = {"sudoku-bench", std::string(kIsolatedChildCommand), spec_->path, spec_->symbol, spec_->name};
    o.socket_fd = kSocketFd;
    // What the library prints goes to the tool's stderr, never into a results file on stdout.
    o.fds = {{shared_.fd(), kBlockFd}, {2, 1}};
    o.close_from = kBlockFd + 1;
    block().header.text[0] = '\0';
    block().hello.child[0] = '\0';
    try {
      proc_.start(o);
    } catch (const std::exception& e) {  // "socketpair: ...", "cannot start EXE: ..."
      why = e.what();
      return false;
    }
    char c = 0;
    const int64_t allowed =
        std::max<int64_t>(spec_->timeout_ns, std::chrono::nanoseconds(kStartAtLeast).count());
    const int64_t deadline = now_ns() + allowed;
    for (;;) {
      const int r = wait_readable(deadline - now_ns());
      if (r > 0) {
        if (::recv(proc_.socket(), &c, 1, 0) == 1 && c == kReady) return true;
        const std::string end = reap();
        if (const std::string other = stale(); !other.empty()) {
          why = other;
          return false;
        }
        const std::string said = text();
        if (!said.empty()) why = said;
        else if (block().hello.child[0] == '\0')  // a host of today answers the handshake first
          why = fmt::format("its process {} before it answered the handshake ({} is not a {} of this build?)", end,
                            spec_->exe, kPluginHostProgram);
        else why = fmt::format("its process {} before it was ready", end);
        return false;
      }
      if (r == 0 && now_ns() >= deadline) {
        why = fmt::format("its process did not load the library within {:g} s (it {})", double(allowed) / 1e9,
                          kill());
        return false;
      }
    }
  }

  /// Why the child cannot serve when it said it is of another build (the handshake), or empty.
  std::string stale() {
    const Handshake& hs = block().hello;
    const std::string_view child = cut_text(hs.child), parent = cut_text(hs.parent);
    if (child.empty() || child == parent) return {};
    return fmt::format("{} is from another build of sudoku-bench ({}) than this tool ({}): the two must come "
                       "from the same build; install or copy them together", spec_->exe, child, parent);
  }

  /// What the child wrote in the block's text.
  std::string text() {
    return std::string(cut_text(block().header.text));
  }

  /// Hands the slice set up in the block to the child (its first puzzle started at `begun`, as
  /// the header says) and waits until it is done, it dies, or the puzzle it is on runs past the
  /// timeout. `stop`: passed on to the child, which then ends the slice after its current
  /// puzzle, or is killed (`died`) if that puzzle is not done within kStopGraceNs. On `died` and
  /// `timeout` the process is reaped and `end` says how it ended; on `timeout`, `late` is the
  /// puzzle that ran out of time and `ran_ns` how long it had run.
  Outcome run(const std::atomic<bool>* stop, int64_t begun, std::string& end, uint32_t& late, int64_t& ran_ns) {
    Header& h = block().header;
    const char go = kGo;
    if (::send(proc_.socket(), &go, 1, MSG_NOSIGNAL) != 1) {
      end = reap();
      return Outcome::died;
    }
    uint32_t seen = h.next.load(std::memory_order_acquire);  // the progress last seen, and when
    int64_t seen_ns = begun;
    int64_t stop_ns = 0;  // when the parent saw the stop (0: not yet)
    for (;;) {
      const uint32_t at = h.next.load(std::memory_order_acquire);
      if (at != seen) seen = at, seen_ns = now_ns();
      // The child's start of its puzzle `at` is exact, and no later than when the parent saw
      // `at`; one outside that (written over) is not believed.
      int64_t started = h.started_ns.load(std::memory_order_relaxed);
      if (started < begun || started > seen_ns) started = seen_ns;
      int64_t wait = started + spec_->timeout_ns - now_ns();
      if (stop != nullptr) wait = std::min(wait, kStopPollNs);
      if (wait > 0) {
        const int r = wait_readable(wait);
        if (r > 0) {
          char c = 0;
          const bool said = ::recv(proc_.socket(), &c, 1, 0) == 1;
          if (said && c == kDone) return Outcome::done;
          end = reap();
          if (said && c == kNoState) return Outcome::no_state;
          if (said && c == kOverwritten) return Outcome::overwritten;
          return Outcome::died;
        }
        if (r < 0) {  // cannot happen with a valid descriptor: take the child as lost
          end = kill();
          return Outcome::died;
        }
      }
      const int64_t now = now_ns();
      if (stop != nullptr && stop->load(std::memory_order_relaxed)) {
        h.stop.store(1, std::memory_order_relaxed);
        if (stop_ns == 0) stop_ns = now;
        if (now - stop_ns >= kStopGraceNs) {  // its puzzle runs on: cut it short
          end = kill();
          return Outcome::died;
        }
      }
      if (h.next.load(std::memory_order_acquire) == at && now - started >= spec_->timeout_ns) {
        late = at;
        ran_ns = now - started;
        end = kill();
        return Outcome::timeout;
      }
    }
  }

  /// Alive and in step (nothing unread from it): fit for the next slice.
  bool healthy() {
    if (!proc_.running()) return false;
    char c;
    const ssize_t n = ::recv(proc_.socket(), &c, 1, MSG_PEEK | MSG_DONTWAIT);
    if (!(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))) return false;
    return !proc_.has_ended();
  }

  /// Ends the child: its socket is closed (it exits), then it has a moment before it is killed.
  void stop() {
    if (!proc_.running()) return;
    proc_.close_socket();
    proc_.stop(kExitGrace);
  }

  /// Kills the child's process group now and reaps it; how it ended.
  std::string kill() {
    if (!proc_.running()) return "ended";
    return proc_.kill();
  }

 private:
  /// ppoll() for the socket: > 0 readable (or ended), 0 time up, < 0 an error.
  int wait_readable(int64_t ns) {
    pollfd f{proc_.socket(), POLLIN, 0};
    const timespec ts{static_cast<time_t>(std::max<int64_t>(ns, 0) / 1'000'000'000),
                      static_cast<long>(std::max<int64_t>(ns, 0) % 1'000'000'000)};
    const int r = ::ppoll(&f, 1, &ts, nullptr);
    if (r < 0 && errno == EINTR) return 0;
    return r;
  }

  /// The child closed its socket (it is ending) or was killed: its status. A process that
  /// closed the socket and runs on is killed first (a process already ending keeps its cause).
  std::string reap() { return proc_.kill(); }

  std::shared_ptr<const Spec> spec_;
  SharedBlock shared_;
  Subprocess proc_;
  uint32_t round_ = 0;
};

/// Children between workers: a worker that ends hands its child back (if healthy) and the next
/// takes it, started and warm (the first worker takes the one that listed the solvers).
class HostPool {
 public:
  explicit HostPool(std::shared_ptr<const Spec> spec) : spec_(std::move(spec)) {}
  std::unique_ptr<Host> take() {
    if (std::unique_ptr<Host> h = idle_.take()) return h;
    return std::make_unique<Host>(spec_);  // started by the worker when it needs it
  }
  void give(std::unique_ptr<Host> h) { idle_.give(std::move(h)); }
  const Spec& spec() const noexcept { return *spec_; }

 private:
  std::shared_ptr<const Spec> spec_;
  IdleChildren<Host> idle_;
};

/// One puzzle given up on: `error` or `timeout`, and why.
void failed(SliceAnswer& a, Status status, std::string why) {
  a = SliceAnswer{};
  a.result.status = status;
  a.message = std::move(why);
}

/// The child's answer in `round` to slot `i`'s puzzle `p` (its cells at `at`: the parent's own
/// record, never the block's, which the child's library may have scribbled on) into `a`, field
/// by field (no fresh Result per puzzle: zeroing its grid was a measurable share of the
/// parent's work on 17-clue puzzles); false, and `a` untouched, when its checksum is not the
/// one the child gave that answer to that puzzle. An answer of any other size is no answer.
bool read_slot(const Block& b, uint32_t round, uint32_t i, const sudoku::Grid& p, uint32_t at, SliceAnswer& a) {
  const Slot& s = b.slots[i];
  if (s.check != slot_check(b, round, i, {p.data(), static_cast<std::size_t>(p.cells())}, at)) return false;
  const int box = p.box();
  Result& r = a.result;
  r.status = s.status < kStatusCount ? static_cast<Status>(s.status) : Status::error;
  r.solutions = s.solutions;
  r.work = Work{s.guesses, s.backtracks, s.nodes};
  if (s.solution_box == box) {
    sudoku::Grid& g = r.answer.reuse<sudoku::Grid>(box, sudoku::Grid::Unset{});
    g.reshape(box);
    std::memcpy(g.data(), b.solutions + at, static_cast<std::size_t>(g.cells()));
  } else {
    r.answer.clear();
  }
  a.time_ns = s.time_ns;
  const std::string_view message(b.messages[i], std::min<std::size_t>(s.message_len, kMessage));
  if (s.unusable != 0) {
    a.unusable = std::string(message);
    a.message.clear();
  } else {
    a.unusable.reset();
    a.message.assign(message);
  }
  return true;
}

class Worker final : public SliceSolver {
 public:
  Worker(std::shared_ptr<HostPool> pool, uint32_t index, std::string name)
      : pool_(std::move(pool)), host_(pool_->take()), index_(index), name_(std::move(name)) {}
  ~Worker() override { pool_->give(std::move(host_)); }
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  /// Every puzzle is a Grid: an isolated plug-in solves Sudoku (SolverInfo::kind).
  std::size_t solve_slice(std::span<const PuzzleRef> puzzles, const Limits& limits,
                          std::span<SliceAnswer> out, const std::atomic<bool>* stop) override {
    std::size_t done = 0;
    while (done < puzzles.size()) {
      const std::size_t n = std::min(kSlots, puzzles.size() - done);
      const std::size_t k = solve_chunk(puzzles.subspan(done, n), limits, out.subspan(done, n), stop);
      done += k;
      if (k < n) break;
    }
    return done;
  }

  // One puzzle at a time, for the callers that have one (generate's checker, show): a slice of
  // one, so a round trip per puzzle (and the time the caller measures includes it).
  Result solve(PuzzleRef puzzle, const Limits& limits) override {
    if (puzzle.get<sudoku::Grid>() == nullptr) return result_of(Status::unsupported);
    solve_slice({&puzzle, 1}, limits, {&last_, 1}, nullptr);
    return last_.result;
  }
  std::optional<std::string> complete(PuzzleRef, Result&) override { return last_.unusable; }
  std::string_view message() const noexcept override { return last_.message; }

 private:
  /// Up to kSlots puzzles; how many of them, from the first, are answered (fewer: stopped).
  /// `again`: answers found written over are asked for once more, in a new process, after the
  /// rest (a stray store into the block costs an answer only when it strikes twice).
  std::size_t solve_chunk(std::span<const PuzzleRef> puzzles, const Limits& limits,
                          std::span<SliceAnswer> out, const std::atomic<bool>* stop, bool again = true) {
    Block& b = host_->block();
    Header& h = b.header;
    const auto n = static_cast<uint32_t>(puzzles.size());
    std::array<uint32_t, kSlots> at;  // where each puzzle's cells are, and its answer's
    for (uint32_t i = 0, next = 0; i < n; ++i) {  // n <= kSlots puzzles of at most kMaxCells
      at[i] = next;
      next += static_cast<uint32_t>(puzzles[i].get<sudoku::Grid>()->cells());
    }
    const auto stopped = [&] { return stop != nullptr && stop->load(std::memory_order_relaxed); };
    std::vector<uint32_t> lost;  // answers written over, to ask for again
    // Stopped at `i`: the answered ones come first.
    const auto answered = [&](uint32_t i) -> std::size_t { return lost.empty() ? i : std::min(i, lost.front()); };
    uint32_t i = 0;
    int stalls = 0;  // hand-overs in a row that gave no answer
    while (i < n) {
      if (stopped()) return answered(i);
      if (!host_->running()) {
        std::string why;
        if (failed_starts_ >= kMaxFailedStarts) {
          failed(out[i++], Status::error, fmt::format("{}: not restarted any more: its process failed to "
                                                      "start {} times in a row", name_, kMaxFailedStarts));
          continue;
        }
        if (!host_->start(why)) {
          ++failed_starts_;
          failed(out[i++], Status::error, fmt::format("{}: the child process could not be started: {}", name_, why));
          continue;
        }
        failed_starts_ = 0;
      }
      // The slice from `i` on, written for every hand-over: the last child's library may have
      // written over it.
      for (uint32_t k = i; k < n; ++k) {
        const sudoku::Grid& g = *puzzles[k].get<sudoku::Grid>();
        b.slots[k].box = static_cast<uint8_t>(g.box());
        b.slots[k].at = at[k];
        std::memcpy(b.cells + at[k], g.data(), static_cast<std::size_t>(g.cells()));
      }
      h.solver = index_;
      h.count = n;
      h.limit = limits.wanted();
      h.budget = limits.budget;
      const uint32_t round = h.round = host_->next_round();
      h.stop.store(0, std::memory_order_relaxed);
      h.next.store(i, std::memory_order_relaxed);
      const int64_t begun = now_ns();
      h.started_ns.store(begun, std::memory_order_relaxed);
      std::string end;
      uint32_t late = 0;
      int64_t ran_ns = 0;
      const Outcome o = host_->run(stop, begun, end, late, ran_ns);
      const uint32_t from = i, next = std::min(h.next.load(std::memory_order_acquire), n);
      bool overwritten = false;
      for (; i < next; ++i) {
        if (read_slot(b, round, i, *puzzles[i].get<sudoku::Grid>(), at[i], out[i])) continue;
        overwritten = true;
        if (again) lost.push_back(i);
        else failed(out[i], Status::error, fmt::format("{}: its answer to this puzzle was written over twice in the "
                                                       "memory its process shares with the tool (stray stores by the "
                                                       "plug-in?)", name_));
      }
      if (overwritten) host_->kill();  // what else it wrote over is not known: a fresh process
      stalls = i > from ? 0 : stalls + 1;
      if (i == n) continue;  // every answer in (the child may have ended after the last: nothing lost)
      // A stop (Ctrl-C, SIGTERM, maybe sent to the child too) is not the puzzle's fault: the
      // slice ends before it.
      if (stopped()) return answered(i);
      // Its solver could not make its state: as when a worker cannot in this process (the
      // run stops with the library's one message; restarting would fail on every puzzle).
      if (o == Outcome::no_state) throw std::runtime_error(host_->text());
      if (o == Outcome::died) {
        // "was killed by signal 11 (SIGSEGV)", "exited with status 3" (the library called exit)
        failed(out[i++], Status::error,
               fmt::format("{}: the plug-in {} on this puzzle: its process {}; a new one takes the next puzzle",
                           name_, end.starts_with("exited") ? "ended its process" : "crashed", end));
      } else if (o == Outcome::timeout) {
        if (late == i) {
          failed(out[i], Status::timeout, fmt::format("{}: no answer within {}: its process was killed; a new "
                                                      "one takes the next puzzle", name_, pool_->spec().seconds()));
          out[i++].time_ns = static_cast<uint64_t>(ran_ns);
        }
        // else: killed just as it finished the late puzzle: the one it had begun is solved again.
      } else if (stalls >= 2) {
        // Ended early unasked (its stop flag written over) or found this puzzle written over
        // before it read it, twice in a row: given up on, so that every hand-over moves on.
        failed(out[i++], Status::error, fmt::format("{}: the memory its process shares with the tool was written "
                                                    "over twice before it could answer this puzzle (stray stores by "
                                                    "the plug-in?)", name_));
      }
      // else: handed over again, from `i`, to this process or (overwritten) a new one.
    }
    if (lost.empty()) return n;
    std::vector<PuzzleRef> again_puzzles;
    for (uint32_t k : lost) again_puzzles.push_back(puzzles[k]);
    std::vector<SliceAnswer> again_out(lost.size());
    const std::size_t k = solve_chunk(again_puzzles, limits, again_out, stop, false);
    for (std::size_t j = 0; j < k; ++j) out[lost[j]] = std::move(again_out[j]);
    return k == lost.size() ? n : lost[k];
  }

  std::shared_ptr<HostPool> pool_;
  std::unique_ptr<Host> host_;
  uint32_t index_;
  std::string name_;
  int failed_starts_ = 0;
  SliceAnswer last_;
};

}  // namespace

const std::string& child_program() {
  static const std::string program = [] {
    namespace fs = std::filesystem;
    std::vector<fs::path> dirs;
    std::error_code ec;
    Dl_info info{};
    if (::dladdr(reinterpret_cast<void*>(&isolated_child_main), &info) != 0 && info.dli_fname != nullptr &&
        info.dli_fname[0] != '\0')
      dirs.push_back(fs::absolute(info.dli_fname, ec).parent_path());
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) dirs.push_back(self.parent_path());
    for (const fs::path& dir : dirs) {
      const fs::path host = dir / kPluginHostProgram;
      if (::access(host.c_str(), X_OK) == 0) return host.string();
    }
    return std::string("/proc/self/exe");
  }();
  return program;
}

Loaded load_isolated(const std::string& name, const std::string& path, const std::string& symbol,
                     const IsolateOptions& options) {
  if (!symbol.empty()) check_solver_name(name);
  const std::string abs = library_file(path);
  auto spec = std::make_shared<const Spec>(Spec{options.exe, path, symbol, name,
                                                std::chrono::duration_cast<std::chrono::nanoseconds>(options.timeout).count()});
  auto pool = std::make_shared<HostPool>(spec);
  std::unique_ptr<Host> first = pool->take();
  std::string why;
  if (!first->start(why)) throw LoadError(why.find(path) == std::string::npos ? fmt::format("{}: {}", path, why) : why);
  Loaded out;
  out.path = abs;
  std::istringstream lines(first->text());
  const std::string how = "isolated: a child process per worker thread";
  uint32_t index = 0;
  for (std::string line; std::getline(lines, line); ++index) {
    const std::size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
    if (t1 == std::string::npos || t2 == std::string::npos)
      throw LoadError(fmt::format("{}: its child process listed '{}' as a solver", path, line));
    SolverInfo info;
    info.name = line.substr(0, t1);
    info.sizes = static_cast<unsigned>(std::stoul(line.substr(t1 + 1, t2 - t1 - 1)));
    info.description = line.substr(t2 + 1);
    info.factory = [pool, index, n = info.name]() -> std::unique_ptr<Solver> {
      return std::make_unique<Worker>(pool, index, n);
    };
    info.origin = fmt::format("plugin {}{}{}; {}", abs, symbol.empty() ? "" : ":", symbol, how);
    out.loading += fmt::format("{}{}: {}", out.loading.empty() ? "" : ", ", info.name, how);
    out.solvers.push_back(std::move(info));
  }
  pool->give(std::move(first));
  return out;
}

}  // namespace puzzle::ext
