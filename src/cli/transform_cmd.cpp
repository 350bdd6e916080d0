// `transform`: N puzzles from a real dataset by the symmetries that keep difficulty (digit
// relabelling, row and column permutations within bands and stacks, bands, stacks, transpose).
#include <memory>

#include <fmt/format.h>

#include "cli/items_run.hpp"
#include "cli/solver_options.hpp"
#include "cli/commands.hpp"
#include "puzzle/generate_options.hpp"
#include "io/parse.hpp"
#include "io/reader.hpp"
#include "puzzle/registry.hpp"
#include "sudoku/generate/job.hpp"
#include "io/transform_input.hpp"

namespace puzzle::cli {

int transform(const TransformOptions& opt, const Context& ctx) {
  const auto ext = register_external_solvers(ctx, opt.ext);
  uint64_t skipped = 0;
  puzzle::io::PuzzleReader reader(opt.file);
  auto sources = std::make_shared<std::vector<puzzle::sudoku::TransformSource>>(
      puzzle::io::read_puzzles(reader, [&](uint64_t line, const std::string& why) {
        if (++skipped <= 5) fmt::print(ctx.console->err, "{}:{}: {} (skipped)\n", opt.file, line, why);
      }));
  if (sources->empty()) throw UsageError(fmt::format("{}: no usable puzzle in the file", opt.file));
  if (skipped > 0) fmt::print(ctx.console->err, "{}: {} line(s) skipped\n", opt.file, skipped);

  puzzle::sudoku::TransformSpec spec;
  spec.sources = sources.get();
  spec.seed = opt.seed;
  spec.solutions = opt.solutions;
  const int box = sources->front().puzzle.box();
  if (!opt.verifier.empty()) {
    spec.verifier = pick_solver(*ctx.registry, opt.verifier, "--verifier", [&](const std::string& n) -> const auto& {
      return puzzle::sudoku::solver_for_role(*ctx.registry, n, box, "--verifier");
    });
  } else if (opt.verify) {
    spec.verifier = puzzle::sudoku::default_transform_verifier(box);
  }

  ItemsRun run;
  run.command = "transform";
  run.method = "transform";
  run.what = fmt::format("puzzles transformed from {} source puzzles", sources->size());
  run.take_common(opt);
  run.inputs = {opt.file};
  run.provenance = {{"seed", std::to_string(opt.seed)},
                    {"verifier", spec.verifier ? std::string(spec.verifier->name) : "none"}};
  run.provenance.insert(run.provenance.end(), ext.begin(), ext.end());
  run.make_worker = [spec, sources] { return puzzle::sudoku::make_transform_worker(spec); };
  return run_items(run, ctx);
}


void add_transform_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<TransformOptions>();
  auto* t = app.add_subcommand("transform", "Make N puzzles from a dataset by the symmetries that "
                                            "keep difficulty (relabel digits, permute rows/columns "
                                            "within bands/stacks, bands, stacks, transpose)");
  t->add_option("file", opt->file, "Source puzzles (any format 'solve' reads); item i transforms "
                                   "source i mod the file's size")
      ->required();
  t->add_option("-n,--count", opt->count, "How many puzzles")->required();
  t->add_option("--seed", opt->seed, "Random seed; item i uses a stream derived from (seed, i)")
      ->capture_default_str();
  t->add_option("-j,--threads", opt->threads, "Worker threads (default: the cores this process may use)")
      ->check(CLI::Range(1, 1024));
  t->add_option("-o,--output", opt->output, "Output file, one per line (- for stdout)")->capture_default_str();
  t->add_option("--stats", opt->stats, "Per-item CSV (index, method, ..., time_ns, clues)");
  t->add_flag("--solutions", opt->solutions, "Write puzzle,solution when the source gives the "
                                             "solution (or --verify finds it unique)");
  add_shard_option(t, opt->shard, true);
  add_resume_option(t, opt->resume);
  t->add_flag("--verify", opt->verify, "Solve every output (limit 2) and check it against the "
                                       "transformed known solution; exit 1 on a failure");
  t->add_option("--verifier", opt->verifier,
                "The solver --verify uses (implies --verify): any solver -s takes, built-in or "
                "from --plugin/--exec (default: propagation, else dlx, else backtracking: the "
                "first that handles the file's size)");
  add_external_solver_options(t, opt->ext);
  out.push_back({t, [opt](const Context& ctx) { return transform(*opt, ctx); }});
}

}  // namespace puzzle::cli
