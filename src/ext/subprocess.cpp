// One child process (subprocess.hpp). Everything the child needs (its argv, environment and
// descriptor moves) is made before it is started: with fork, the child of a threaded process
// may only make async-signal-safe calls before exec.
#include "ext/subprocess.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <thread>

#include <fmt/format.h>

extern char** environ;

namespace puzzle::ext {

std::string describe_exit(int st) {
  if (WIFEXITED(st)) {
    const int code = WEXITSTATUS(st);
    if (code == 127) return "exited with status 127: command not found";
    if (code == 126) return "exited with status 126: command not executable";
    return fmt::format("exited with status {}", code);
  }
  if (WIFSIGNALED(st)) {
    const int sig = WTERMSIG(st);
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 32)
    const char* abbrev = ::sigabbrev_np(sig);
#else
    const char* abbrev = nullptr;
#endif
    return abbrev != nullptr ? fmt::format("was killed by signal {} (SIG{})", sig, abbrev)
                             : fmt::format("was killed by signal {}", sig);
  }
  return "ended";
}

namespace {

/// The signals a child gets at their defaults (Options::reset_signals).
constexpr int kDefaultSignals[] = {SIGPIPE, SIGINT, SIGTERM, SIGHUP};

[[noreturn]] void fail(int err, const std::string& what) { throw std::system_error(err, std::generic_category(), what); }

/// The descriptors start() makes, closed unless it succeeds.
class Made {
 public:
  ~Made() {
    for (int fd : fds_)
      if (fd >= 0) ::close(fd);
  }
  /// `fd`, moved to `floor` or above if it is below (close-on-exec): so that no dup2 onto a
  /// descriptor of the child's meets it, and no end of ours sits on the tool's standard
  /// descriptors (possible when the tool runs with one of them closed). -1 when it cannot be.
  int keep(int fd, int floor) {
    if (fd >= 0 && fd < floor) {
      const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, floor);
      const int err = errno;
      ::close(fd);
      errno = err;
      fd = moved;
    }
    if (fd >= 0) fds_.push_back(fd);
    return fd;
  }
  /// Closes `fd` now (a child's end, once the child has it).
  void close(int fd) {
    for (int& f : fds_)
      if (f == fd) {
        ::close(f);
        f = -1;
      }
  }
  /// Keeps `fd` open: it is the Subprocess's now.
  int release(int fd) {
    for (int& f : fds_)
      if (f == fd) f = -1;
    return fd;
  }

 private:
  std::vector<int> fds_;
};

/// What a forked child does before exec: async-signal-safe calls only. Never returns.
struct ForkPlan {
  const char* program;
  char* const* argv;
  char* const* envp;
  const std::vector<std::pair<int, int>>* dup2s;
  const std::vector<Subprocess::OpenFile>* files;
  int close_from;
  bool own_group, reset_signals;
  int death_signal;
  pid_t parent;

  [[noreturn]] void run_in_child() const noexcept {
    if (death_signal > 0) {
      ::prctl(PR_SET_PDEATHSIG, death_signal);
      if (::getppid() != parent) ::_exit(128 + death_signal);  // the parent died before prctl
    }
    if (own_group) ::setpgid(0, 0);
    if (reset_signals) {
      sigset_t none;
      sigemptyset(&none);
      ::sigprocmask(SIG_SETMASK, &none, nullptr);
      struct sigaction dfl {};
      dfl.sa_handler = SIG_DFL;
      sigemptyset(&dfl.sa_mask);
      for (int sig : kDefaultSignals) ::sigaction(sig, &dfl, nullptr);
    }
    for (const auto& [from, to] : *dup2s) {
      // dup2 onto itself leaves close-on-exec set (posix_spawn's clears it).
      if (from == to ? ::fcntl(to, F_SETFD, 0) < 0 : ::dup2(from, to) < 0) ::_exit(127);
    }
    for (const Subprocess::OpenFile& f : *files) {
      const int fd = ::open(f.path.c_str(), f.flags | O_CLOEXEC, f.mode);
      if (fd < 0) ::_exit(127);
      if (fd == f.fd ? ::fcntl(fd, F_SETFD, 0) < 0 : ::dup2(fd, f.fd) < 0) ::_exit(127);
    }
#ifdef SYS_close_range
    if (close_from >= 0) ::syscall(SYS_close_range, static_cast<unsigned>(close_from), ~0U, 0U);
#endif
    ::execve(program, argv, envp);
    ::_exit(127);
  }
};

}  // namespace

Subprocess::~Subprocess() {
  if (running()) {
    send_kill();
    reap();
  }
  close_all();
}

void Subprocess::start(const Options& o) {
  if (running()) throw std::logic_error("Subprocess::start: its child is still running");
  if (o.args.empty()) throw std::invalid_argument("Subprocess::start: no argv");
  if (o.parent_death_signal > 0 && o.search_path)
    throw std::invalid_argument("Subprocess::start: a parent death signal needs the program's path");
  close_all();
  status_.reset();
  const std::string name = o.name.empty() ? o.program : o.name;

  // The child's descriptors: its ends of the pipes and the socket, then the caller's.
  int top = 2;  // the highest descriptor of the child's that something is moved onto
  if (o.socket_fd > top) top = o.socket_fd;
  for (const auto& [from, to] : o.fds) top = std::max(top, to);
  for (const OpenFile& f : o.files) top = std::max(top, f.fd);
  const int floor = top + 1;
  Made made;
  std::vector<std::pair<int, int>> dup2s;
  std::vector<int> theirs;  // the child's ends, closed here once it has them
  int in = -1, out = -1, sock = -1;
  const auto pipe_to_child = [&](bool child_reads) {
    int p[2];
    if (::pipe2(p, O_CLOEXEC) != 0) fail(errno, "pipe");
    const int child_end = made.keep(p[child_reads ? 0 : 1], floor);
    const int our_end = made.keep(p[child_reads ? 1 : 0], floor);
    if (child_end < 0 || our_end < 0) fail(errno, "cannot start " + name);
    dup2s.emplace_back(child_end, child_reads ? 0 : 1);
    theirs.push_back(child_end);
    return our_end;
  };
  if (o.pipe_stdin) in = pipe_to_child(true);
  if (o.pipe_stdout) out = pipe_to_child(false);
  if (o.socket_fd >= 0) {
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) fail(errno, "socketpair");
    const int child_end = made.keep(sv[1], floor);
    sock = made.keep(sv[0], floor);
    if (child_end < 0 || sock < 0) fail(errno, "cannot start " + name);
    dup2s.emplace_back(child_end, o.socket_fd);
    theirs.push_back(child_end);
  }
  dup2s.insert(dup2s.end(), o.fds.begin(), o.fds.end());

  std::vector<std::string> args = o.args;
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env;
  std::vector<char*> envp;
  if (!o.env.empty()) {
    for (char** e = environ; *e != nullptr; ++e) {
      const std::string_view kv(*e);
      const std::string_view var = kv.substr(0, kv.find('='));
      const bool replaced = std::any_of(o.env.begin(), o.env.end(), [&](const std::string& v) {
        return std::string_view(v).substr(0, v.find('=')) == var;
      });
      if (!replaced) env.emplace_back(kv);
    }
    env.insert(env.end(), o.env.begin(), o.env.end());
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
  }
  char* const* const envv = o.env.empty() ? environ : envp.data();

  pid_t pid = -1;
  if (o.parent_death_signal > 0) {
    const ForkPlan plan{o.program.c_str(), argv.data(), envv, &dup2s, &o.files, o.close_from,
                        o.own_process_group, o.reset_signals, o.parent_death_signal, ::getpid()};
    pid = ::fork();
    if (pid < 0) fail(errno, fmt::format("cannot start {}: fork", name));
    if (pid == 0) plan.run_in_child();
    if (o.own_process_group) ::setpgid(pid, pid);  // as the child does: either may run first
  } else {
    posix_spawn_file_actions_t fa;
    ::posix_spawn_file_actions_init(&fa);
    for (const auto& [from, to] : dup2s) ::posix_spawn_file_actions_adddup2(&fa, from, to);
    for (const OpenFile& f : o.files) ::posix_spawn_file_actions_addopen(&fa, f.fd, f.path.c_str(), f.flags, f.mode);
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 34)
    if (o.close_from >= 0) ::posix_spawn_file_actions_addclosefrom_np(&fa, o.close_from);
#endif
    posix_spawnattr_t at;
    ::posix_spawnattr_init(&at);
    int flags = 0;
    if (o.reset_signals) {
      sigset_t none, defaults;
      sigemptyset(&none);
      sigemptyset(&defaults);
      for (int sig : kDefaultSignals) sigaddset(&defaults, sig);
      ::posix_spawnattr_setsigmask(&at, &none);
      ::posix_spawnattr_setsigdefault(&at, &defaults);
      flags |= POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    }
    if (o.own_process_group) {
      ::posix_spawnattr_setpgroup(&at, 0);
      flags |= POSIX_SPAWN_SETPGROUP;
    }
    ::posix_spawnattr_setflags(&at, static_cast<short>(flags));
    const int rc = o.search_path ? ::posix_spawnp(&pid, o.program.c_str(), &fa, &at, argv.data(), envv)
                                 : ::posix_spawn(&pid, o.program.c_str(), &fa, &at, argv.data(), envv);
    ::posix_spawn_file_actions_destroy(&fa);
    ::posix_spawnattr_destroy(&at);
    if (rc != 0) fail(rc, "cannot start " + name);
  }
  for (int fd : theirs) made.close(fd);
  pid_ = pid;
  own_group_ = o.own_process_group;
  in_ = in < 0 ? -1 : made.release(in);
  out_ = out < 0 ? -1 : made.release(out);
  sock_ = sock < 0 ? -1 : made.release(sock);
}

void Subprocess::close_input() noexcept {
  if (in_ >= 0) ::close(in_);
  in_ = -1;
}

void Subprocess::close_socket() noexcept {
  if (sock_ >= 0) ::close(sock_);
  sock_ = -1;
}

void Subprocess::close_all() noexcept {
  close_input();
  close_socket();
  if (out_ >= 0) ::close(out_);
  out_ = -1;
}

bool Subprocess::has_ended() {
  if (pid_ <= 0) return true;
  for (;;) {
    int st = 0;
    const pid_t r = ::waitpid(pid_, &st, WNOHANG);
    if (r == 0) return false;
    if (r == pid_) {
      reaped(st);
      return true;
    }
    if (errno != EINTR) {
      reaped(std::nullopt);
      return true;
    }
  }
}

std::string Subprocess::wait() {
  if (pid_ > 0) reap();
  return how_it_ended();
}

void Subprocess::reap() noexcept {
  int st = 0;
  pid_t r;
  while ((r = ::waitpid(pid_, &st, 0)) < 0 && errno == EINTR) {
  }
  reaped(r == pid_ ? std::optional<int>(st) : std::nullopt);
}

void Subprocess::signal(int sig) noexcept {
  if (pid_ > 0) ::kill(pid_, sig);
}

std::string Subprocess::kill() {
  if (pid_ > 0) {
    send_kill();
    reap();
  }
  return how_it_ended();
}

void Subprocess::send_kill() noexcept {
  if (own_group_) ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
}

std::string Subprocess::stop(Clock::duration grace, const std::function<void(Clock::time_point)>& wait_a_moment) {
  const auto until = Clock::now() + grace;
  for (;;) {
    if (has_ended()) return how_it_ended();
    if (Clock::now() >= until) return kill();
    if (wait_a_moment) wait_a_moment(until);
    else std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

std::string Subprocess::how_it_ended() const { return status_ ? describe_exit(*status_) : std::string("ended"); }

void Subprocess::reaped(std::optional<int> status) noexcept {
  if (own_group_) ::kill(-pid_, SIGKILL);  // whatever it started and left behind in its group
  pid_ = -1;
  status_ = status;
  close_all();
}

}  // namespace puzzle::ext
