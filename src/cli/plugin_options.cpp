// Sudoku's plug-ins on the command line (plugin_options.hpp).
#include "cli/plugin_options.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "cli/common.hpp"
#include "ext/load.hpp"
#include "io/reader.hpp"  // sha256_file
#include "puzzle/registry.hpp"
#include "ext/isolate.hpp"
#include "ext/plugin.hpp"

namespace puzzle::cli {
namespace {

/// The program an isolated plug-in's child runs: the slim host beside `program` (the tool), else
/// the tool itself (`__plugin-child`).
std::string isolated_child(const std::string& program) {
  const std::filesystem::path host = std::filesystem::path(program).parent_path() / puzzle::ext::kPluginHostProgram;
  return ::access(host.c_str(), X_OK) == 0 ? host.string() : program;
}

/// One --plugin: "NAME=PATH:SYMBOL" (a harness function; PATH:SYMBOL split at the last ':') or
/// "PATH" (a library of our C ABI; also any spec that is an existing file). Registers its
/// solvers and returns the provenance value "NAMES PATH sha256=HEX; how".
std::string register_plugin(puzzle::Registry& registry, const std::string& program, const std::string& spec,
                            const PluginOptions& opt, double timeout_s,
                            const puzzle::ext::LoadOptions& options) {
  namespace fs = std::filesystem;
  puzzle::ext::Loaded loaded;
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
      puzzle::ext::IsolateOptions iso;
      iso.exe = isolated_child(program);
      iso.timeout = puzzle::ext::to_timeout(timeout_s);
      loaded = puzzle::ext::load_isolated(harness ? spec.substr(0, eq) : "", path, symbol, iso);
    } else if (harness) {
      loaded = puzzle::ext::load_harness(spec.substr(0, eq), path, symbol, options);
    } else {
      loaded = puzzle::ext::load_native(path, options);
    }
    std::string names;
    for (puzzle::SolverInfo& info : loaded.solvers) {
      names += (names.empty() ? "" : ",") + info.name;
      registry.add(std::move(info));
    }
    // How the threads reach the library comes after the sha256 (puzzle::io::run_identity leaves it
    // out: it does not change the rows, and --resume may continue a run under --isolate).
    return fmt::format("{} {}{}{} sha256={}; {}", names, loaded.path, symbol.empty() ? "" : ":", symbol,
                       puzzle::io::sha256_file(path), loaded.loading);
  } catch (const puzzle::ext::LoadError& e) {
    throw UsageError(fmt::format("--plugin: {}", e.what()));
  } catch (const std::invalid_argument& e) {  // Registry::add: a name already taken
    throw UsageError(fmt::format("--plugin {}: {}", path, e.what()));
  }
}

}  // namespace

void add_plugin_options(CLI::App* app, PluginOptions& opt) {
  app->add_option("--plugin", opt.plugins,
                  "Load solvers from a shared library: NAME=PATH:SYMBOL for a function of the "
                  "reference harness's convention (9x9, no budget), or PATH for a library of "
                  "sudoku-bench's C ABI (include/sudoku_bench/plugin.h); repeatable")
      ->type_name("SPEC");
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
}

void register_plugins(puzzle::Registry& registry, const std::string& program, const PluginOptions& opt, double timeout_s,
                      std::vector<std::pair<std::string, std::string>>& provenance) {
  // Under --isolate each child process runs its library on one thread: there is no instance
  // to share, and a --reentrant silently ignored would promise what the run does not do.
  if (opt.isolate && !opt.reentrant.empty())
    throw UsageError("--reentrant and --isolate do not go together: under --isolate each worker thread's "
                     "plug-in runs in a child process of its own, one thread each, so there is no instance "
                     "to share; drop --reentrant (or --isolate to share one instance in this process)");
  puzzle::ext::LoadOptions load;
  load.reentrant = opt.reentrant;
  std::vector<std::string> plugin_solvers;  // for --reentrant's check below
  for (const std::string& p : opt.plugins) {
    const std::size_t before = registry.solvers().size();
    provenance.emplace_back("plugin", register_plugin(registry, program, p, opt, timeout_s, load));
    for (std::size_t i = before; i < registry.solvers().size(); ++i) plugin_solvers.push_back(registry.solvers()[i].name);
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
}

}  // namespace puzzle::cli
