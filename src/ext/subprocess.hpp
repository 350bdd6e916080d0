#pragma once
// One child process (Subprocess), and children kept warm between workers (IdleChildren): what
// every child of the tool goes through: an --exec program (exec.cpp), an isolated plug-in's
// host (isolate.cpp), and the instruction count's run under valgrind (measure/count.cpp). This
// file's .cpp is the only code that starts or reaps a process.
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace puzzle::ext {

/// How long a child whose input is closed (or that was asked to stop) has to exit before it is
/// killed.
inline constexpr auto kExitGrace = std::chrono::milliseconds(500);
/// The least time a child has to start (and answer its first, untimed puzzle, or load its
/// plug-in), whatever the puzzles' --timeout: a start is no puzzle, and an interpreter, a JVM, a
/// loaded machine or a sanitizer build can take more than a short --timeout to start a process.
inline constexpr auto kStartAtLeast = std::chrono::seconds(10);
/// A worker whose child fails to start this many times in a row stops starting it: its
/// puzzles get `error` at once instead of costing a start (up to --timeout) each.
inline constexpr int kMaxFailedStarts = 3;

/// How a reaped process ended (a waitpid status), for messages: "exited with status 3",
/// "was killed by signal 11 (SIGSEGV)".
std::string describe_exit(int status);

/// A child process: started with posix_spawn, which is safe from any thread (the driver's
/// threads run while an --exec child is replaced), or, where the child must die with its
/// parent, with fork and exec; then asked whether it has ended, stopped, killed and always reaped (the destructor
/// kills and reaps one still running). Its ends of the pipes or socket it was started with are
/// this object's, closed when it is reaped: read what it wrote before. Not thread-safe: one
/// owner at a time.
class Subprocess {
 public:
  using Clock = std::chrono::steady_clock;

  /// A file the child gets open as descriptor `fd` (opened in the child).
  struct OpenFile {
    int fd;
    std::string path;
    int flags;  ///< open(2)'s flags (O_WRONLY, O_CREAT, ...)
    mode_t mode = 0644;
  };

  struct Options {
    /// The file run (posix_spawn's path); with `search_path`, a name without '/' is looked
    /// for on PATH (posix_spawnp).
    std::string program;
    bool search_path = false;
    /// Its argv, the name it sees itself by (argv[0]) first.
    std::vector<std::string> args;
    /// "NAME=value" added to the tool's environment (replacing a variable of the same name).
    std::vector<std::string> env;
    /// A pipe on its standard input (this process writes input()) and one on its standard
    /// output (this process reads output()).
    bool pipe_stdin = false, pipe_stdout = false;
    /// >= 0: a socket pair (AF_UNIX, stream), its end as this descriptor of the child's, the
    /// other socket().
    int socket_fd = -1;
    /// Each (descriptor of this process, descriptor of the child's), dup2'd in order after the
    /// pipes and the socket; a descriptor given here must not be the target of an earlier one.
    std::vector<std::pair<int, int>> fds;
    /// Then each file opened as its descriptor.
    std::vector<OpenFile> files;
    /// >= 0: every descriptor from this one on is closed (nothing else of the tool's, its
    /// output files or other children's pipes, reaches the child). The tool's own descriptors
    /// are close-on-exec already; this catches those others opened without it.
    int close_from = -1;
    /// A process group of its own: Ctrl-C at the terminal reaches only the tool, which stops
    /// between two puzzles; kill() and stop() end the whole group (whatever the child started).
    /// Off: the tool's group, which a Ctrl-C at the terminal reaches too.
    bool own_process_group = true;
    /// No signal blocked, SIGPIPE, SIGINT, SIGTERM and SIGHUP at their defaults (whatever the
    /// tool does with them: it ignores SIGPIPE while --exec children exist). Off: inherited as
    /// exec(2) does.
    bool reset_signals = true;
    /// > 0: the signal the child gets when the thread that started it ends, however it ends
    /// (prctl PR_SET_PDEATHSIG; even by kill -9); a child whose parent is gone before this is
    /// set exits at once with the status 128 + this signal. Needs fork and exec (posix_spawn cannot set it):
    /// a failure of exec then shows as the exit status 127 rather than as an error of start(),
    /// and `search_path` is not available.
    int parent_death_signal = 0;
    /// The program as the messages of start() name it ("cannot start NAME: ..."); empty: `program`.
    std::string name;
  };

  Subprocess() = default;
  ~Subprocess();
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  /// Starts the child (there must be none running). Throws std::system_error when it cannot:
  /// "pipe: ...", "socketpair: ...", "cannot start NAME: ..." (with fork: "cannot start NAME:
  /// fork: ...").
  void start(const Options& options);

  /// Started and not yet reaped.
  bool running() const noexcept { return pid_ > 0; }
  pid_t pid() const noexcept { return pid_; }

  /// This process's end of the child's standard input, output, and of the socket; -1 when there
  /// is none (not asked for, closed, or the child reaped).
  int input() const noexcept { return in_; }
  int output() const noexcept { return out_; }
  int socket() const noexcept { return sock_; }
  /// No more input for the child (it sees the end of its standard input).
  void close_input() noexcept;
  /// The child sees the end of its socket.
  void close_socket() noexcept;

  /// Without waiting: true when the child has ended (it is reaped then; see status()), or was
  /// never started; false while it runs.
  bool has_ended();
  /// Waits until the child ends and reaps it; how it ended.
  std::string wait();
  /// Sends `sig` to the child alone (not its group), while it runs.
  void signal(int sig) noexcept;
  /// Kills the child (SIGKILL to its process group if it has its own, and to itself) and reaps
  /// it; how it ended (a child that was already ending keeps its own cause).
  std::string kill();
  /// Gives the child until `grace` has passed to end by itself (the caller has closed its
  /// input or socket), then kills it; how it ended. Meanwhile `wait_a_moment(until)` is called
  /// between two looks (it reads what the child still writes, say; it returns by `until`);
  /// without it, a millisecond's sleep.
  std::string stop(Clock::duration grace, const std::function<void(Clock::time_point until)>& wait_a_moment = {});

  /// The child's wait status once it is reaped; nothing while it runs, or when its status was
  /// lost (waitpid failed: a child reaped elsewhere).
  std::optional<int> status() const noexcept { return status_; }
  /// How it ended (describe_exit), "ended" when that is not known.
  std::string how_it_ended() const;

 private:
  /// SIGKILL to the running child's group (if its own) and to the child.
  void send_kill() noexcept;
  /// Waits for the running child to end, then reaped().
  void reap() noexcept;
  /// The child has ended with `status` (nothing: lost): what is left of its group is killed,
  /// this process's ends of its pipes and socket are closed.
  void reaped(std::optional<int> status) noexcept;
  void close_all() noexcept;

  pid_t pid_ = -1;
  bool own_group_ = false;
  int in_ = -1, out_ = -1, sock_ = -1;
  std::optional<int> status_;
};

/// Children kept between workers: a worker that ends gives its child back if it is healthy
/// (`Child::healthy()`), and the next worker takes it, started and warm. Thread-safe.
template <class Child>
class IdleChildren {
 public:
  /// A healthy idle child (the others are dropped: their destructors end them), or nullptr.
  std::unique_ptr<Child> take() {
    std::lock_guard lock(mutex_);
    while (!idle_.empty()) {
      std::unique_ptr<Child> c = std::move(idle_.back());
      idle_.pop_back();
      if (c->healthy()) return c;
    }
    return nullptr;
  }
  void give(std::unique_ptr<Child> c) {
    if (c == nullptr || !c->healthy()) return;
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(c));
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<Child>> idle_;
};

}  // namespace puzzle::ext
