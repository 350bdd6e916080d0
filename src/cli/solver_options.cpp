// The run-time solver options (solver_options.hpp).
#include "cli/solver_options.hpp"

#include <fmt/format.h>

#include "cli/common.hpp"
#include "puzzle/generate_options.hpp"
#include "puzzle/registry.hpp"
#include "ext/exec.hpp"
#include "ext/load.hpp"

namespace puzzle::cli {
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
  add_kind_solver_options(app, opt.kind);
  app->add_option("--exec", opt.execs,
                  "NAME='COMMAND': a solver in any language, one child process per worker "
                  "thread speaking the line protocol (docs/exec.md); repeatable")
      ->type_name("NAME=CMD");
  app->add_option("--exec-batch", opt.exec_batches,
                  "NAME='COMMAND': a program that reads the whole file on stdin and prints one "
                  "answer per line, e.g. qqwing='qqwing --solve --one-line' (9x9 Sudoku, "
                  "nonograms; throughput and verified answers, no per-puzzle time; docs/exec.md); "
                  "repeatable")
      ->type_name("NAME=CMD");
  app->add_option("--timeout", opt.timeout_s,
                  "Seconds per puzzle for an --exec child or an --isolate'd plug-in (past it the "
                  "child is killed and restarted, the puzzle gets status 'timeout'); for an "
                  "--exec-batch program, the longest silence while an answer is due (more than 0, "
                  "at most 1e6). A start is not timed with it: a child has 10 s at least to start "
                  "(and answer its first, untimed puzzle), a batch program to give its first answer")
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

/// One --exec or --exec-batch "NAME=COMMAND": started once to check that it answers (a command
/// not found, one that exits at once or does not speak the protocol is refused here, before
/// any work), then registered. Returns the provenance value "NAME: COMMAND".
std::string register_exec(puzzle::Registry& registry, const std::string& spec, bool batch, double timeout_s) {
  const char* option = batch ? "--exec-batch" : "--exec";
  const auto [name, command] = split_name(spec, option);
  if (registry.find(name) != nullptr)
    throw UsageError(fmt::format("{} {}: a solver of that name exists already", option, name));
  const auto timeout = puzzle::ext::to_timeout(timeout_s);
  try {
    registry.add(batch ? puzzle::ext::exec_batch_solver(name, command, timeout)
                       : puzzle::ext::exec_solver(name, command, timeout));
  } catch (const puzzle::ext::LoadError& e) {
    throw UsageError(fmt::format("{} {}: {}", option, name, e.what()));
  }
  return fmt::format("{}: {}", name, command);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> register_external_solvers(const Context& ctx,
                                                                           const ExternalSolverOptions& opt) {
  puzzle::Registry& registry = *ctx.registry;
  std::vector<std::pair<std::string, std::string>> provenance;
  register_kind_solvers(ctx, opt.kind, opt.timeout_s, provenance);
  for (const std::string& e : opt.execs) provenance.emplace_back("exec", register_exec(registry, e, false, opt.timeout_s));
  for (const std::string& e : opt.exec_batches)
    provenance.emplace_back("exec-batch", register_exec(registry, e, true, opt.timeout_s));
  return provenance;
}

const puzzle::SolverInfo* pick_solver(const puzzle::Registry& registry, const std::string& name,
                                      std::string_view role, const RoleCheck& check) {
  const auto list = parse_solvers(registry, name);  // an unknown name: "did you mean", `list`
  if (list.size() != 1)
    throw UsageError(fmt::format("{} '{}': one solver, not a list", role, name));
  try {
    return check ? &check(list.front()->name) : &puzzle::solver_for_role(registry, list.front()->name, role);
  } catch (const puzzle::OptionError& e) {
    throw UsageError(e.what());
  }
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

}  // namespace puzzle::cli
