// The run-time solver options (solver_options.hpp).
#include "cli/solver_options.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "puzzle/generate/options.hpp"
#include "puzzle/registry.hpp"
#include "puzzle/ext/exec.hpp"
#include "sudoku/ext/isolate.hpp"
#include "sudoku/ext/plugin.hpp"
#include "puzzle/io/reader.hpp"  // sha256_file

namespace cli {
namespace {

/// "NAME=REST" -> (NAME, REST); throws UsageError naming the option.
std::pair<std::string, std::string> split_name(const std::string& text, const char* option) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw UsageError(fmt::format("{} '{}': expected NAME=...", option, text));
  return {text.substr(0, eq), text.substr(eq + 1)};
}

/// The longest --timeout, 10^6 s (11.6 days): far more than any puzzle or file should take,
/// and far from where its deadlines (steady-clock times in nanoseconds, good for about 292
/// years from the clock's start) and the milliseconds it is kept in would overflow.
constexpr double kMaxTimeoutS = 1e6;

}  // namespace

void add_external_solver_options(CLI::App* app, ExternalSolverOptions& opt) {
  app->add_option("--plugin", opt.plugins,
                  "Load solvers from a shared library: NAME=PATH:SYMBOL for a function of the "
                  "reference harness's convention (9x9, no budget), or PATH for a library of "
                  "sudoku-bench's C ABI (include/sudoku_bench/plugin.h); repeatable")
      ->type_name("SPEC");
  app->add_option("--exec", opt.execs,
                  "NAME='COMMAND': a solver in any language, one child process per worker "
                  "thread speaking the line protocol (docs/exec.md); repeatable")
      ->type_name("NAME=CMD");
  app->add_option("--exec-batch", opt.exec_batches,
                  "NAME='COMMAND': a program that reads the whole file on stdin and prints one "
                  "answer per line, e.g. qqwing='qqwing --solve --one-line' (9x9; throughput and "
                  "verified answers, no per-puzzle time; docs/exec.md); repeatable")
      ->type_name("NAME=CMD");
  app->add_option("--reentrant", opt.reentrant,
                  "Plug-in solvers (NAME,...; or 'all') whose library is re-entrant (keeps no state "
                  "outside the call): every worker thread then calls one shared instance of it "
                  "instead of a private copy each. A library that is not gives wrong answers with "
                  "-j 2 or more")
      ->delimiter(',')
      ->type_name("NAMES");
  app->add_flag("--isolate", opt.isolate,
               "Run each worker thread's plug-in (--plugin) in a child process of its own: a call "
               "that crashes gets status 'error' naming the cause, one past --timeout 'timeout', "
               "and the run goes on (exit 1 at the end); the time is the call's alone");
  app->add_option("--timeout", opt.timeout_s,
                  "Seconds per puzzle for an --exec child or an --isolate'd plug-in (past it the "
                  "child is killed and restarted, the puzzle gets status 'timeout'); for an "
                  "--exec-batch program, the longest silence while an answer is due (more than 0, "
                  "at most 1e6)")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            double t = 0;
            try {
              t = std::stod(text);
            } catch (const std::exception&) {
              return fmt::format("'{}' is not a number of seconds", text);
            }
            if (!(t > 0 && t <= kMaxTimeoutS))  // also NaN and infinity
              return fmt::format("{} s: give more than 0 and at most {:g} seconds", text, kMaxTimeoutS);
            return {};
          },
          "SECONDS"))
      ->capture_default_str();
}

namespace {

/// One --plugin: "NAME=PATH:SYMBOL" (a harness function; PATH:SYMBOL split at the last ':') or
/// "PATH" (a library of our C ABI; also any spec that is an existing file). Registers its
/// solvers and returns the provenance value "NAMES PATH sha256=HEX".
/// --timeout in milliseconds (the option's check keeps it in (0, kMaxTimeoutS], so llround
/// cannot overflow).
std::chrono::milliseconds timeout_of(double seconds) {
  return std::chrono::milliseconds(std::max<long long>(1, std::llround(seconds * 1e3)));
}

std::string register_plugin(const std::string& spec, const ExternalSolverOptions& opt,
                            const puzzle::sudoku::LoadOptions& options) {
  namespace fs = std::filesystem;
  puzzle::sudoku::Loaded loaded;
  std::string path = spec, symbol;
  const std::size_t eq = spec.find('=');
  std::error_code ec;
  const bool harness = !fs::exists(spec, ec) && eq != std::string::npos && eq > 0 &&
                       spec.find('/') > eq;  // a '=' inside a path is not a NAME=
  try {
    if (harness) {
      const std::string rest = spec.substr(eq + 1);
      const std::size_t colon = rest.rfind(':');
      if (colon == std::string::npos || colon == 0 || colon + 1 == rest.size())
        throw UsageError(fmt::format("--plugin '{}': expected NAME=PATH:SYMBOL or PATH", spec));
      path = rest.substr(0, colon);
      symbol = rest.substr(colon + 1);
    }
    if (opt.isolate) {
      puzzle::sudoku::IsolateOptions iso;
      iso.timeout = timeout_of(opt.timeout_s);
      loaded = puzzle::sudoku::load_isolated(harness ? spec.substr(0, eq) : "", path, symbol, iso);
    } else if (harness) {
      loaded = puzzle::sudoku::load_harness(spec.substr(0, eq), path, symbol, options);
    } else {
      loaded = puzzle::sudoku::load_native(path, options);
    }
    std::string names;
    for (puzzle::SolverInfo& info : loaded.solvers) {
      names += (names.empty() ? "" : ",") + info.name;
      puzzle::add_solver(std::move(info));
    }
    // How the threads reach the library comes after the sha256 (puzzle::run_identity leaves it
    // out: it does not change the rows, and --resume may continue a run under --isolate).
    return fmt::format("{} {}{}{} sha256={}; {}", names, loaded.path, symbol.empty() ? "" : ":", symbol,
                       puzzle::sha256_file(path), loaded.loading);
  } catch (const puzzle::ext::LoadError& e) {
    throw UsageError(fmt::format("--plugin: {}", e.what()));
  } catch (const std::invalid_argument& e) {  // add_solver: a name already taken
    throw UsageError(fmt::format("--plugin {}: {}", path, e.what()));
  }
}

}  // namespace

namespace {

/// One --exec or --exec-batch "NAME=COMMAND": started once to check that it answers (a command
/// not found, one that exits at once or does not speak the protocol is refused here, before
/// any work), then registered. Returns the provenance value "NAME: COMMAND".
std::string register_exec(const std::string& spec, bool batch, double timeout_s) {
  const char* option = batch ? "--exec-batch" : "--exec";
  const auto [name, command] = split_name(spec, option);
  if (puzzle::find_solver(name) != nullptr)
    throw UsageError(fmt::format("{} {}: a solver of that name exists already", option, name));
  const auto timeout = timeout_of(timeout_s);
  try {
    puzzle::add_solver(batch ? puzzle::ext::exec_batch_solver(name, command, timeout)
                             : puzzle::ext::exec_solver(name, command, timeout));
  } catch (const puzzle::ext::LoadError& e) {
    throw UsageError(fmt::format("{} {}: {}", option, name, e.what()));
  }
  return fmt::format("{}: {}", name, command);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> register_external_solvers(const ExternalSolverOptions& opt) {
  std::vector<std::pair<std::string, std::string>> provenance;
  // Under --isolate each child process runs its library on one thread: there is no instance
  // to share, and a --reentrant silently ignored would promise what the run does not do.
  if (opt.isolate && !opt.reentrant.empty())
    throw UsageError("--reentrant and --isolate do not go together: under --isolate each worker thread's "
                     "plug-in runs in a child process of its own, one thread each, so there is no instance "
                     "to share; drop --reentrant (or --isolate to share one instance in this process)");
  puzzle::sudoku::LoadOptions load;
  load.reentrant = opt.reentrant;
  std::vector<std::string> plugin_solvers;  // for --reentrant's check below
  for (const std::string& p : opt.plugins) {
    const std::size_t before = puzzle::solvers().size();
    provenance.emplace_back("plugin", register_plugin(p, opt, load));
    for (std::size_t i = before; i < puzzle::solvers().size(); ++i) plugin_solvers.push_back(puzzle::solvers()[i].name);
  }
  for (const std::string& name : opt.reentrant) {
    if (name == "all" || std::find(plugin_solvers.begin(), plugin_solvers.end(), name) != plugin_solvers.end())
      continue;
    std::vector<std::string_view> names(plugin_solvers.begin(), plugin_solvers.end());
    const std::string near = puzzle::nearest_name(name, names);
    throw UsageError(fmt::format("--reentrant {}: no plug-in solver of that name{}", name,
                                 near.empty() ? plugin_solvers.empty() ? " (no --plugin given)" : ""
                                              : fmt::format(" (did you mean '{}'?)", near)));
  }
  for (const std::string& e : opt.execs) provenance.emplace_back("exec", register_exec(e, false, opt.timeout_s));
  for (const std::string& e : opt.exec_batches)
    provenance.emplace_back("exec-batch", register_exec(e, true, opt.timeout_s));
  return provenance;
}

namespace {
/// The one solver of the list `name`, for `role`, as `role_check(solver's name)` accepts it.
template <class Check>
const puzzle::SolverInfo* pick_one(const std::string& name, std::string_view role, Check role_check) {
  const auto list = parse_solvers(name);  // an unknown name: "did you mean", `list`
  if (list.size() != 1)
    throw UsageError(fmt::format("{} '{}': one solver, not a list", role, name));
  try {
    return &role_check(list.front()->name);
  } catch (const puzzle::OptionError& e) {
    throw UsageError(e.what());
  }
}
}  // namespace

const puzzle::SolverInfo* pick_solver(const std::string& name, int box, std::string_view role) {
  return pick_one(name, role, [&](const std::string& n) -> const auto& { return puzzle::solver_for_role(n, box, role); });
}

const puzzle::SolverInfo* pick_solver(const std::string& name, std::string_view role) {
  return pick_one(name, role, [&](const std::string& n) -> const auto& { return puzzle::solver_for_role(n, role); });
}

std::string exec_floor_note(const std::vector<const puzzle::SolverInfo*>& solvers) {
  const bool any = std::any_of(solvers.begin(), solvers.end(), [](const puzzle::SolverInfo* s) {
    return s->origin.starts_with("exec: ");
  });
  if (!any) return {};
  try {
    const puzzle::ext::RoundTripFloor f = puzzle::ext::measure_floor();
    return fmt::format("\n--exec round-trip floor on this machine: median {:.1f} µs, p90 {:.1f} µs per "
                       "puzzle (an echoing child, cat: {} round trips); the --exec times above "
                       "include it (docs/exec.md)\n",
                       f.median_us, f.p90_us, f.round_trips);
  } catch (const std::exception& e) {
    return fmt::format("\n--exec round-trip floor not measured: {}\n", e.what());
  }
}

}  // namespace cli
