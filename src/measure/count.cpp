#include "measure/count.hpp"

#include <fcntl.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "ext/subprocess.hpp"
#include "measure/bench.hpp"
#include "puzzle/simd.hpp"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define SUDOKU_HAVE_CALLGRIND 1
#else
#define SUDOKU_HAVE_CALLGRIND 0
#endif

namespace puzzle::measure {
namespace {

constexpr std::string_view kLabelPrefix = "sudoku-bench row ";
constexpr std::string_view kDumpPrefix = "callgrind.out.";

// ---- perf_event_open ----------------------------------------------------------------------

struct PerfRead {
  uint64_t value = 0, enabled = 0, running = 0;  // PERF_FORMAT_TOTAL_TIME_ENABLED | _RUNNING
};

/// A disabled counter of `event` for this thread, user mode only, or -1 with `why` set.
int open_counter(PerfEvent event, std::string& why) {
  perf_event_attr a;
  std::memset(&a, 0, sizeof a);
  a.type = event == PerfEvent::instructions ? PERF_TYPE_HARDWARE : PERF_TYPE_SOFTWARE;
  a.size = sizeof a;
  a.config = event == PerfEvent::instructions ? uint64_t{PERF_COUNT_HW_INSTRUCTIONS}
                                              : uint64_t{PERF_COUNT_SW_TASK_CLOCK};
  a.disabled = 1;
  a.exclude_kernel = 1;
  a.exclude_hv = 1;
  a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  const long fd = ::syscall(SYS_perf_event_open, &a, 0 /* this thread */, -1 /* any CPU */,
                            -1 /* no group */, PERF_FLAG_FD_CLOEXEC);
  if (fd >= 0) return int(fd);
  const int e = errno;
  std::string paranoid;
  std::ifstream("/proc/sys/kernel/perf_event_paranoid") >> paranoid;
  switch (e) {
    case ENOENT:
    case EOPNOTSUPP:
      why = fmt::format("this CPU or VM exposes no {} counter to perf_event_open ({})",
                        event == PerfEvent::instructions ? "instruction" : "task clock", std::strerror(e));
      break;
    case EACCES:
    case EPERM:
      why = fmt::format("perf_event_open is not permitted here ({}; kernel.perf_event_paranoid is {}, "
                        "2 or less lets a process count its own user-mode instructions)",
                        std::strerror(e), paranoid.empty() ? "unknown" : paranoid);
      break;
    case ENOSYS:
      why = "this kernel has no perf_event_open";
      break;
    default:
      why = fmt::format("perf_event_open failed: {}", std::strerror(e));
  }
  return -1;
}

bool read_counter(int fd, PerfRead& r) {
  return ::read(fd, &r, sizeof r) == ssize_t(sizeof r);
}

std::atomic<uint64_t> g_perf_generation{0};

class PerfCounter final : public SolveCounter {
 public:
  explicit PerfCounter(PerfEvent event) : event_(event), generation_(++g_perf_generation) {}
  ~PerfCounter() override {
    for (int fd : fds_) ::close(fd);
  }

  void begin() noexcept override {
    const int fd = local_fd();
    if (fd >= 0) ::ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
  }
  void end() noexcept override {
    if (t_generation == generation_ && t_fd >= 0) ::ioctl(t_fd, PERF_EVENT_IOC_DISABLE, 0);
  }

  void begin_pass(std::string_view) override {
    std::lock_guard lock(mutex_);
    for (int fd : fds_) ::ioctl(fd, PERF_EVENT_IOC_RESET, 0);
  }

  std::optional<Counts> end_pass(std::string_view label) override {
    std::lock_guard lock(mutex_);
    if (!failure_.empty())
      throw std::runtime_error(fmt::format("{}: cannot count a solving thread's instructions: {}", label, failure_));
    Counts c;
    c.instructions = 0;
    for (int fd : fds_) {
      PerfRead r;
      if (!read_counter(fd, r))
        throw std::runtime_error(fmt::format("{}: reading the instruction counter failed: {}", label,
                                             std::strerror(errno)));
      // Another perf user took the counter for part of the time: the kernel would scale the
      // value, an estimate, not a count.
      if (r.running != r.enabled)
        throw std::runtime_error(fmt::format(
            "{}: the instruction counter was shared with other perf users ({:.1f}% of the time "
            "counted): the count would be an estimate; use --count-with callgrind",
            label, r.enabled ? 100.0 * double(r.running) / double(r.enabled) : 0.0));
      c.instructions += double(r.value);
    }
    return c;
  }

 private:
  /// This thread's counter, opened on its first solve call.
  int local_fd() noexcept {
    if (t_generation == generation_) return t_fd;
    std::string why;
    const int fd = open_counter(event_, why);
    std::lock_guard lock(mutex_);
    if (fd < 0) {
      failure_ = why;
    } else {
      try {
        fds_.push_back(fd);
      } catch (...) {
        ::close(fd);
        failure_ = "out of memory";
        return -1;
      }
    }
    t_generation = generation_;
    t_fd = fd;
    return fd;
  }

  static thread_local uint64_t t_generation;
  static thread_local int t_fd;
  const PerfEvent event_;
  const uint64_t generation_;
  std::mutex mutex_;
  std::vector<int> fds_;
  std::string failure_;
};
thread_local uint64_t PerfCounter::t_generation = 0;
thread_local int PerfCounter::t_fd = -1;

// ---- callgrind client requests --------------------------------------------------------------

#if SUDOKU_HAVE_CALLGRIND
class CallgrindMarks final : public SolveCounter {
 public:
  // Collection is off between solve calls (--collect-atstart=no): each solve call turns it on
  // and off again, on its own thread (callgrind keeps the state per thread).
  void begin() noexcept override { CALLGRIND_TOGGLE_COLLECT; }
  void end() noexcept override { CALLGRIND_TOGGLE_COLLECT; }
  // Instrumentation (and so the cache simulation) runs for the whole pass: parsing and
  // verifying warm the simulated caches as they warm the real ones, without being counted.
  void begin_pass(std::string_view) override {
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_ZERO_STATS;
  }
  std::optional<Counts> end_pass(std::string_view label) override {
    const std::string l(label);
    CALLGRIND_DUMP_STATS_AT(l.c_str());
    CALLGRIND_STOP_INSTRUMENTATION;
    return std::nullopt;
  }
};
#endif

// ---- child processes ----------------------------------------------------------------------

/// The standard output of `args` (args[0] found on PATH), or "" when it cannot run (unused in a
/// sanitizer build, which has no valgrind to ask).
[[maybe_unused]] std::string capture(const std::vector<std::string>& args) {
  ext::Subprocess child;
  ext::Subprocess::Options o;
  o.program = args.at(0);
  o.search_path = true;
  o.args = args;
  o.pipe_stdout = true;
  o.files = {{2, "/dev/null", O_WRONLY}};
  o.own_process_group = false;
  o.reset_signals = false;
  try {
    child.start(o);
  } catch (const std::exception&) {
    return {};
  }
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(child.output(), buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) out.append(buf, std::size_t(n));
  child.wait();
  return out;
}

bool dump_index(const std::string& file_name, std::size_t& n) {
  if (!file_name.starts_with(kDumpPrefix)) return false;
  const std::string_view digits = std::string_view(file_name).substr(kDumpPrefix.size());
  const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  return !digits.empty() && ec == std::errc() && p == digits.data() + digits.size();
}

/// The number of dumps in `dir` so far (for progress).
std::size_t count_callgrind_dumps(const std::string& dir) {
  std::size_t count = 0, n = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (dump_index(entry.path().filename().string(), n)) ++count;
  return count;
}

/// Runs `args` (args[0]: the program) under callgrind, as the counted child: dumps go to
/// `dir`/callgrind.out.N, valgrind's own messages to `dir`/valgrind.log, the child's standard
/// output to `dir`/child.out; its standard error is this process's. `env` is added to the
/// child's environment ("NAME=value"). The child gets SIGTERM when this process dies. While it
/// runs, `poll` is called about ten times a second; when `stop` becomes set, the child gets
/// SIGTERM (once). Returns its wait status. Throws std::runtime_error when it cannot be started.
int run_callgrind_child(const Valgrind& vg, const std::vector<std::string>& args,
                        const std::vector<std::string>& env, const std::string& dir,
                        const std::atomic<bool>* stop, const std::function<void()>& poll) {
  if (args.empty()) throw std::invalid_argument("run_callgrind_child: no program");
  ext::Subprocess::Options o;
  o.program = vg.path;
  o.name = "valgrind";
  o.args = {vg.path, "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "--cache-sim=yes",
            "--dump-line=no", "--callgrind-out-file=" + dir + "/callgrind.out", "--log-file=" + dir + "/valgrind.log"};
  std::istringstream caches{std::string(kCallgrindCaches)};
  for (std::string c; caches >> c;) o.args.push_back(c);
  o.args.insert(o.args.end(), args.begin(), args.end());
  o.env = env;
  o.files = {{1, dir + "/child.out", O_WRONLY | O_CREAT | O_TRUNC, 0644}};
  // In the tool's process group with the tool's signals: a Ctrl-C at the terminal reaches it
  // too, and it stops between two puzzles as the tool would have.
  o.own_process_group = false;
  o.reset_signals = false;
  o.parent_death_signal = SIGTERM;
  ext::Subprocess child;
  child.start(o);  // throws "cannot start valgrind: fork: ..."
  bool signalled = false;
  while (!child.has_ended()) {
    if (!signalled && stop != nullptr && stop->load(std::memory_order_relaxed)) {
      child.signal(SIGTERM);  // stops between two puzzles, as the parent would have
      signalled = true;
    }
    if (poll) poll();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (!child.status()) throw std::runtime_error("waitpid: the status of valgrind's process was lost");
  return *child.status();
}

/// A fresh folder for the callgrind child's files, removed with everything in it.
class ScratchDir {
 public:
  ScratchDir() {
    std::string t = (std::filesystem::temp_directory_path() / "sudoku-count.XXXXXX").string();
    if (::mkdtemp(t.data()) == nullptr)
      throw std::runtime_error(fmt::format("{}: cannot make a temporary folder: {}", t, std::strerror(errno)));
    path_ = t;
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::string& path() const noexcept { return path_; }

 private:
  std::string path_;
};

}  // namespace

std::string_view to_string(CountMethod m) noexcept {
  return m == CountMethod::perf ? "perf" : "callgrind";
}

Counts counts_of(const CacheEvents& e) noexcept {
  const uint64_t accesses = e.ir + e.dr + e.dw;
  const uint64_t l1_misses = e.i1mr + e.d1mr + e.d1mw;
  const uint64_t ll_misses = e.ilmr + e.dlmr + e.dlmw;
  Counts c;
  c.instructions = double(e.ir);
  c.l1_hits = double(accesses - l1_misses);
  c.ll_hits = double(l1_misses - ll_misses);
  c.ram_hits = double(ll_misses);
  return c;
}

std::string perf_unavailable(PerfEvent event) {
  std::string why;
  const int fd = open_counter(event, why);
  if (fd < 0) return why;
  // Some VMs open the counter and never count: try it on a loop of known length.
  ::ioctl(fd, PERF_EVENT_IOC_RESET, 0);
  ::ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
  volatile uint64_t sink = 0;
  for (int i = 0; i < 10000; ++i) sink = sink + uint64_t(i);
  ::ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
  PerfRead r;
  const bool ok = read_counter(fd, r);
  ::close(fd);
  if (!ok) return fmt::format("reading the instruction counter failed: {}", std::strerror(errno));
  if (r.running == 0 || (event == PerfEvent::instructions ? r.value < 10000 : r.value == 0))
    return fmt::format("the counter opens but does not count ({} for a loop of 10,000 iterations)", r.value);
  return {};
}

std::unique_ptr<SolveCounter> make_perf_counter(PerfEvent event) {
  if (std::string why = perf_unavailable(event); !why.empty()) throw std::runtime_error(why);
  return std::make_unique<PerfCounter>(event);
}

std::string perf_description() {
  return "perf_event_open: retired instructions, user mode only (exclude_kernel, exclude_hv), "
         "one counter per solving thread enabled around each solve call";
}

bool running_on_valgrind() noexcept {
#if SUDOKU_HAVE_CALLGRIND
  return RUNNING_ON_VALGRIND != 0;
#else
  return false;
#endif
}

std::unique_ptr<SolveCounter> make_callgrind_marks() {
#if SUDOKU_HAVE_CALLGRIND
  if (!running_on_valgrind())
    throw std::runtime_error("the callgrind method's child must run under valgrind (the parent "
                             "process starts it so)");
  return std::make_unique<CallgrindMarks>();
#else
  throw std::runtime_error("this build has no valgrind/callgrind.h (Debian package valgrind): "
                           "rebuild with it installed to count under callgrind");
#endif
}

std::string callgrind_label(std::size_t index) { return fmt::format("{}{}", kLabelPrefix, index); }

std::optional<Valgrind> find_valgrind(std::string* why) {
  auto none = [why](const char* reason) {
    if (why != nullptr) *why = reason;
    return std::nullopt;
  };
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return none("this build runs under a sanitizer, which valgrind cannot run (use a plain build)");
#elif !SUDOKU_HAVE_CALLGRIND
  return none("this build has no valgrind/callgrind.h (Debian package valgrind; then rebuild)");
#else
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/bin:/bin";
  while (true) {
    const std::size_t colon = dirs.find(':');
    const std::string dir(dirs.substr(0, colon));
    const std::string exe = (dir.empty() ? std::string(".") : dir) + "/valgrind";
    if (::access(exe.c_str(), X_OK) == 0) {
      std::string v = capture({exe, "--version"});
      while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.pop_back();
      return Valgrind{exe, v.empty() ? "valgrind (version unknown)" : v};
    }
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  return none("valgrind is not installed (Debian package valgrind)");
#endif
}

std::string callgrind_description(const Valgrind& vg) {
  return fmt::format("{} --tool=callgrind --cache-sim=yes {}; collection on around each solve call "
                     "(client requests), instrumentation on for each counted pass",
                     vg.version, kCallgrindCaches);
}

std::string valgrind_trouble(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) {
    if (l.find("Events    :") != std::string::npos) break;  // the statistics: nothing to say
    if (l.starts_with("==")) l.erase(0, std::min(l.size(), l.find("== ") + 3));  // "==PID== "
    if (!l.empty()) lines.push_back(std::move(l));
  }
  std::size_t from = lines.size() > 10 ? lines.size() - 10 : 0, to = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].find("Unrecognised instruction") != std::string::npos ||
        lines[i].find("Process terminating") != std::string::npos) {
      from = i, to = std::min(lines.size(), i + 4);
      break;
    }
  std::string out;
  for (std::size_t i = from; i < to; ++i) out += "  " + lines[i] + "\n";
  return out;
}

CacheEvents parse_callgrind_dump(std::string_view text, const std::string& name, std::string& label) {
  std::vector<std::string_view> events;
  std::vector<uint64_t> totals;
  bool have_totals = false;
  label.clear();
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    constexpr std::string_view kTrigger = "desc: Trigger: Client Request: ";
    if (line.starts_with(kTrigger)) {
      label = std::string(line.substr(kTrigger.size()));
    } else if (line.starts_with("events:")) {
      events = callgrind_words(line.substr(7));
    } else if (line.starts_with("totals:")) {
      have_totals = true;
      for (std::string_view w : callgrind_words(line.substr(7))) {
        uint64_t v = 0;
        const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
        if (ec != std::errc() || p != w.data() + w.size())
          throw std::runtime_error(fmt::format("{}: bad number '{}' in its totals line", name, w));
        totals.push_back(v);
      }
    }
  }
  if (events.empty() || !have_totals)
    throw std::runtime_error(fmt::format("{}: not a callgrind dump (no events or totals line)", name));
  CacheEvents e;
  const std::pair<std::string_view, uint64_t CacheEvents::*> fields[] = {
      {"Ir", &CacheEvents::ir},     {"Dr", &CacheEvents::dr},     {"Dw", &CacheEvents::dw},
      {"I1mr", &CacheEvents::i1mr}, {"D1mr", &CacheEvents::d1mr}, {"D1mw", &CacheEvents::d1mw},
      {"ILmr", &CacheEvents::ilmr}, {"DLmr", &CacheEvents::dlmr}, {"DLmw", &CacheEvents::dlmw}};
  for (const auto& [event, field] : fields) {
    const auto it = std::find(events.begin(), events.end(), event);
    if (it == events.end())
      throw std::runtime_error(fmt::format("{}: no {} event (a dump made without --cache-sim=yes?)", name, event));
    const std::size_t i = std::size_t(it - events.begin());
    e.*field = i < totals.size() ? totals[i] : 0;  // callgrind leaves out trailing zeros
  }
  return e;
}

std::vector<std::string_view> callgrind_words(std::string_view s) {
  std::vector<std::string_view> w;
  while (!s.empty()) {
    const std::size_t b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) break;
    s.remove_prefix(b);
    const std::size_t e = s.find_first_of(" \t");
    w.push_back(s.substr(0, e));
    s.remove_prefix(e == std::string_view::npos ? s.size() : e);
  }
  return w;
}

std::vector<std::optional<CacheEvents>> read_callgrind_dumps(const std::string& dir,
                                                             std::vector<std::vector<FunctionCount>>* functions) {
  std::vector<std::optional<CacheEvents>> out;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::size_t n = 0;
    if (!dump_index(entry.path().filename().string(), n)) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    if (!in) throw std::runtime_error(fmt::format("{}: cannot read", entry.path().string()));
    const std::string text = buffer.str();  // one copy, for the totals and the functions
    std::string label;
    const CacheEvents e = parse_callgrind_dump(text, entry.path().string(), label);
    if (!label.starts_with(kLabelPrefix)) continue;
    std::size_t row = 0;
    const std::string_view digits = std::string_view(label).substr(kLabelPrefix.size());
    const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), row);
    if (ec != std::errc() || p != digits.data() + digits.size()) continue;
    if (row >= out.size()) out.resize(row + 1);
    out[row] = e;
    if (functions != nullptr) {
      if (row >= functions->size()) functions->resize(row + 1);
      (*functions)[row] = parse_callgrind_functions(text, entry.path().string());
    }
  }
  return out;
}

std::string counted_rows_file(const std::string& dir) { return dir + "/rows.csv"; }

BenchResult count_under_callgrind(const BenchConfig& bc, const Valgrind& vg, std::vector<std::string> command) {
  ScratchDir dir;
  command.push_back(dir.path());
  const std::size_t passes = bc.files.size() * std::size_t(bc.reps) *
                             (bc.solvers.size() + (bc.baseline != nullptr &&
                                                   std::find(bc.solvers.begin(), bc.solvers.end(),
                                                             bc.baseline) == bc.solvers.end()));
  const int status = run_callgrind_child(vg, command, {"SUDOKU_SIMD=" + simd::current()}, dir.path(), bc.stop, [&] {
    if (bc.on_step)
      bc.on_step(fmt::format("counting under callgrind: {} of {} passes done", count_callgrind_dumps(dir.path()),
                             passes));
  });
  const bool stopped = bc.stop != nullptr && bc.stop->load();
  const std::string log = dir.path() + "/valgrind.log";
  if (WIFSIGNALED(status) && !stopped)
    throw std::runtime_error(fmt::format(
        "the counted run under valgrind died of signal {} ({}){}; valgrind's log says:\n{}", WTERMSIG(status),
        strsignal(WTERMSIG(status)),
        WTERMSIG(status) == SIGILL ? " (an instruction valgrind cannot run: AVX-512? build without it)" : "",
        valgrind_trouble(log)));
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (code == 2) throw CountChildRefused("the counted run under valgrind refused its options (its message is above)");
  const std::string rows_file = counted_rows_file(dir.path());
  if (code == 127 && !std::filesystem::exists(rows_file + ".partial") && !std::filesystem::exists(rows_file))
    throw std::runtime_error(fmt::format("valgrind did not start the counted run; its log says:\n{}",
                                         valgrind_trouble(log)));
  BenchResult res;
  res.baseline = std::string(bc.baseline != nullptr ? bc.baseline->name : bc.solvers.front()->name);
  res.interrupted = stopped;
  std::string rows = rows_file;
  if (!std::filesystem::exists(rows)) rows += ".partial";  // the child stopped early
  if (std::filesystem::exists(rows)) {
    BenchFile child = read_bench_csv(rows);
    for (const auto& [k, v] : child.meta)
      if (k == "simd" && v != simd::current())
        throw std::runtime_error(fmt::format("the counted run used the instruction set '{}', not '{}'", v,
                                             simd::current()));
    const auto dumps = read_callgrind_dumps(dir.path(), &res.functions);
    for (std::size_t i = 0; i < child.rows.size(); ++i) {
      if (i >= dumps.size() || !dumps[i])
        throw std::runtime_error(fmt::format("no callgrind dump for row {} ({}, {}) in {}", i, child.rows[i].dataset,
                                             child.rows[i].solver, dir.path()));
      set_counts(child.rows[i], counts_of(*dumps[i]));
    }
    res.rows = std::move(child.rows);
    res.functions.resize(res.rows.size());
  }
  if (code != 0 && !stopped && res.wrong() == 0 && res.errors() == 0)
    res.read_errors.push_back(fmt::format("the counted run under valgrind failed (exit {}): its messages are above", code));
  if (bc.on_rows && !res.rows.empty()) bc.on_rows(res.rows);
  return res;
}

}  // namespace puzzle::measure
