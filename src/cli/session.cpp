#include "cli/session.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <csignal>
#include <exception>

#include <fmt/format.h>

#include "cli/table.hpp"
#include "sudoku/io/reader.hpp"

namespace cli {
namespace {

// The signal that asked the run to stop (0: none), and the flag the drivers poll.
std::atomic<int> g_signal{0};
std::atomic<bool> g_stop{false};

extern "C" void on_signal(int sig) {
  g_signal.store(sig);
  g_stop.store(true);
  // A second Ctrl-C or SIGTERM ends the process at once (the partial files stay).
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

bool is_device(const std::string& path) {
  struct stat st {};
  return path != "-" && ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

using Handler = void (*)(int);
Handler g_old_int = nullptr, g_old_term = nullptr;

}  // namespace

int report_error(std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const sudoku::WriteError& e) {
    if (e.broken_pipe()) return 128 + SIGPIPE;  // the reader went away: not an error to report
    fmt::print(stderr, "sudoku-bench: error: {}\n", e.what());
    return kExitWrong;
  } catch (const UsageError& e) {
    fmt::print(stderr, "sudoku-bench: {}\n", e.what());
  } catch (const sudoku::InputError& e) {
    fmt::print(stderr, "sudoku-bench: {}\n", e.what());
  } catch (const sudoku::OutputError& e) {
    fmt::print(stderr, "sudoku-bench: {}\n", e.what());
  } catch (const std::exception& e) {
    fmt::print(stderr, "sudoku-bench: error: {}\n", e.what());
    return kExitWrong;
  }
  return kExitUsage;
}

Session::Session(const Context& ctx, int threads) {
  prov_.command = ctx.command;
  prov_.threads = threads;
}

Session::~Session() {
  if (started_) {
    std::signal(SIGINT, g_old_int);
    std::signal(SIGTERM, g_old_term);
  }
}

void Session::input(const std::string& path) {
  prov_.datasets.emplace_back(path, sudoku::sha256_file(path));  // also fails fast on a typo
  inputs_.push_back(path);
}

void Session::record(std::string key, std::string value) {
  prov_.extra.emplace_back(std::move(key), std::move(value));
}

sudoku::OutputFile* Session::output(const std::string& path, std::string what) {
  if (path.empty()) return nullptr;
  outputs_.push_back(std::make_unique<sudoku::OutputFile>(path, std::move(what)));
  return outputs_.back().get();
}

void Session::start() {
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    const sudoku::OutputFile& o = *outputs_[i];
    if (o.is_stdout()) term_ = stderr;
    for (const std::string& in : inputs_)
      if (in != "-" && (sudoku::same_file(o.path(), in) || sudoku::same_file(sudoku::partial_name(o.path()), in)))
        throw UsageError(fmt::format("{}: the {} output is also an input: refusing to overwrite "
                                     "the input (choose another output name)",
                                     o.path(), o.what()));
    for (std::size_t j = 0; j < i; ++j) {
      const sudoku::OutputFile& p = *outputs_[j];
      if (is_device(o.path())) continue;  // /dev/null twice is fine
      if (sudoku::same_file(o.path(), p.path()))
        throw UsageError(fmt::format("{}: given as both the {} and the {} output: each output "
                                     "needs a file of its own",
                                     o.path() == "-" ? "stdout (-)" : o.path(), p.what(), o.what()));
    }
  }
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
  g_old_int = std::signal(SIGINT, on_signal);
  g_old_term = std::signal(SIGTERM, on_signal);
  started_ = true;
}

const std::atomic<bool>* Session::stop_flag() const noexcept { return &g_stop; }

void Session::problem(std::string_view text) {
  if (++problems_ > kMaxMessages) return;
  bar_.clear();
  fmt::print(stderr, "{}\n", text);
  if (problems_ == kMaxMessages)
    fmt::print(stderr, "(further problems are not printed; the output has them all)\n");
}

void Session::note_partials() {
  for (const auto& o : outputs_)
    if (o->renames() && !o->committed())
      fmt::print(stderr, "  {}: kept as {} ({} bytes, complete up to its last row); {} was not written\n",
                 o->what(), o->current_path(), o->bytes_written(), o->path());
}

int Session::fail(std::exception_ptr e) {
  bar_.clear();
  for (auto& o : outputs_) o->abandon();
  const int code = report_error(e);
  if (code != 128 + SIGPIPE) note_partials();
  return code;
}

int Session::run(const std::function<Outcome()>& body) {
  Outcome o;
  try {
    o = body();
  } catch (...) {
    return fail(std::current_exception());
  }
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
    fmt::print(stderr, "warning: {}: no puzzle in this input (empty, or only comments and blank lines)\n", f);
  for (const auto& e : o.read_errors) fmt::print(stderr, "error: {}\n", e);
  if (problems_ > kMaxMessages)
    fmt::print(stderr, "{} problems in all ({} not printed)\n", problems_, problems_ - kMaxMessages);
  if (const int sig = g_signal.load(); sig != 0) {
    for (auto& o2 : outputs_) o2->abandon();
    fmt::print(stderr, "interrupted by {}: the work done so far is reported above\n",
               sig == SIGTERM ? "SIGTERM" : "Ctrl-C");
    note_partials();
    return 128 + sig;
  }
  // Every output flushed (a full disk shows here) before any is renamed: a run that fails
  // leaves all of its outputs partial, not some final and some partial.
  for (auto& out : outputs_) out->flush();
  for (auto& out : outputs_) out->commit();
  if (o.wrong > 0) {
    fmt::print(stderr, "error: {} wrong answer(s)\n", o.wrong);
    return kExitWrong;
  }
  if (o.failed > 0) {
    fmt::print(stderr, "error: {} {}\n", o.failed, o.failed_what);
    return kExitWrong;
  }
  return o.read_errors.empty() ? 0 : kExitWrong;
}

Session::Outcome run_driver(Session& session, sudoku::RunConfig& cfg, sudoku::OutputFile* summary,
                            bool compare) {
  cfg.stop = session.stop_flag();
  cfg.on_problem = [&session](const std::string& file, uint64_t line, const std::string& msg) {
    session.problem(fmt::format("{}:{}: {}", file, line, msg));
  };
  cfg.on_progress = [&session](const sudoku::Progress& p) { session.progress().update(p); };
  const sudoku::RunReport report = sudoku::run(cfg);
  session.progress().clear();
  if (summary != nullptr) {
    fmt::memory_buffer b;
    const auto& schema = sudoku::summary_schema();
    for (const auto& s : report.summaries) schema.write(b, s);
    summary->write(session.header() + schema.header());
    summary->write({b.data(), b.size()});
  }
  fmt::print(session.term(), "{}", summary_tables(report.summaries, compare));
  Session::Outcome o;
  o.wrong = report.wrong();
  o.read_errors = report.read_errors;
  for (const auto& s : report.summaries)
    if (s.puzzles == 0 && !s.interrupted &&
        std::find(o.empty_inputs.begin(), o.empty_inputs.end(), s.dataset) == o.empty_inputs.end())
      o.empty_inputs.push_back(s.dataset);
  return o;
}

}  // namespace cli
