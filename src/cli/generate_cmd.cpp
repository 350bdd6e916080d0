// `generate`: items of any kind of the table (full grids or unique puzzles from a registered
// generator, nonograms, ...) on the generation driver (deterministic per seed whatever -j). The
// options are checked and turned into a plan (the worker, the words describing the run) by the
// library's plan_generate() (generate/options.hpp), which asks the kind's row and which the
// Python module calls too; this file binds the options (every kind's own from the table) and
// runs the plan.
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/items_run.hpp"
#include "cli/solver_options.hpp"
#include "puzzle/generate_options.hpp"

namespace puzzle::cli {
namespace {

/// generate's options: the library's (checked and turned into a spec by plan_generate, as the
/// Python module's are) and the command line's own (how many, where to, on which cores).

}  // namespace

int generate(GenerateOptions opt, const Context& ctx) {
  if (!opt.from.empty()) return generate_search(opt, ctx);
  const auto ext = register_external_solvers(ctx, opt.ext);  // before the names are looked up
  opt.gen.registry = ctx.registry;
  opt.gen.seed = opt.seed;
  puzzle::GeneratePlan plan;
  try {
    plan = puzzle::plan_generate(opt.gen, puzzle::OptionStyle::cli);
  } catch (const puzzle::OptionError& e) {
    throw UsageError(e.what());
  }
  ItemsRun run;
  run.command = "generate";
  run.method = plan.method;
  run.what = plan.what;
  run.restarts = plan.restarts;
  run.target = plan.target;
  run.columns = std::move(plan.columns);
  run.take_common(opt);
  run.provenance = std::move(plan.provenance);
  run.provenance.insert(run.provenance.end(), ext.begin(), ext.end());
  run.make_worker = std::move(plan.make_worker);
  return run_items(run, ctx);
}


void add_generate_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<GenerateOptions>();
  auto* g = app.add_subcommand("generate", "Make full grids or unique puzzles, on all cores; "
                                           "the same output for a seed whatever -j");
  g->add_option("-n,--count", opt->count, "How many puzzles (or grids)")->required();
  g->add_option("--kind", opt->gen.kind, "Puzzle kind: " + puzzle::generate_kind_names())->capture_default_str();
  // Every kind's own options, from the table; plan_generate refuses one the kind does not take.
  for (const puzzle::GenerateOption& o : puzzle::generate_options()) {
    const std::string flags = (o.letter != 0 ? fmt::format("-{},", o.letter) : std::string()) + "--" + o.name;
    if (o.flag) {
      g->add_flag_callback(flags, [opt, name = o.name] { opt->gen.options[name] = "true"; }, o.help);
    } else {
      auto* added = g->add_option_function<std::string>(
          flags, [opt, name = o.name](const std::string& v) { opt->gen.options[name] = v; }, o.help);
      if (!o.value_name.empty()) added->type_name(o.value_name);
    }
  }
  g->add_option("--seed", opt->seed, "Random seed; item i uses a stream derived from (seed, i)")
      ->capture_default_str();
  g->add_option("-j,--threads", opt->threads, "Worker threads (default: the cores this process may use)")
      ->check(CLI::Range(1, 1024));
  g->add_option("-o,--output", opt->output, "Output file, one per line (- for stdout)")->capture_default_str();
  g->add_option("--stats", opt->stats, "Per-item CSV: index, method, attempts, restarts, "
                                       "placements, checks, time_ns, clues, target, reached, then "
                                       "the kind's own columns (" +
                                       puzzle::generate_defaults_help(&puzzle::GenerateDefaults::columns) + ")");
  g->add_flag("--solutions", opt->gen.solutions, "Write puzzle,solution lines (the solve driver then "
                                             "checks every answer against it)");
  g->add_option("--from", opt->from,
                "Seed puzzles (9x9, any format 'solve' reads): search their neighbourhoods for new "
                "puzzles in the --er band (default 10.0-20.0) instead of generating from full grids: "
                "each generation's finds are the next one's parents; -n counts finds, none "
                "isomorphic to a seed or to another");
  g->add_option("--moves", opt->moves, "With --from: N,M removes N givens (1 or 2) and adds M (1 or 2), "
                                       "keeping the puzzle unique and minimal")
      ->capture_default_str();
  g->add_flag("--no-filter", opt->no_filter, "With --from: rate every candidate (default: only those that "
                                             "trial and error at depth 1 with singles does not solve)");
  add_shard_option(g, opt->shard, true);
  add_resume_option(g, opt->resume);
  add_external_solver_options(g, opt->ext);
  g->add_flag("--verify", opt->gen.verify, "Check every puzzle again with a different solver than the "
                                       "one that made it (see --verifier); exit 1 on a failure");
  g->add_option("--verifier", opt->gen.verifier,
                "The solver --verify uses (implies --verify): any solver -s takes, built-in or "
                "from --plugin/--exec, other than the --checker (default: " +
                    puzzle::generate_defaults_help(&puzzle::GenerateDefaults::verifier) + ")");
  g->add_option("--checker", opt->gen.checker,
                "Solver for the uniqueness checks, also one from --plugin/--exec, whose answers are "
                "verified against the puzzle being made (default: " +
                    puzzle::generate_defaults_help(&puzzle::GenerateDefaults::checker) + ")");
  g->add_option("--max-attempts", opt->gen.max_attempts,
                "Tries per puzzle; a try is " + puzzle::generate_defaults_help(&puzzle::GenerateDefaults::attempts) +
                    ". An item that misses its target in them is no puzzle: its line is '# missed item I: why', "
                    "and the run exits 1")
      ->check(CLI::Range(uint64_t{1}, UINT64_MAX))
      ->capture_default_str();
  out.push_back({g, [opt](const Context& ctx) { return generate(*opt, ctx); }});
}

}  // namespace puzzle::cli
