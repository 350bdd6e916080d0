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
#include "cli/session.hpp"
#include "cli/table.hpp"
#include "puzzle/machine.hpp"
#include "run/canon.hpp"
#include "run/pipeline.hpp"

namespace puzzle::cli {
namespace {

/// --canonical, --dedupe: one streaming pass over the file (run/canon.hpp), the output in input
/// order, bare lines like transform's.
int canonical_transform(const TransformOptions& opt, const Context& ctx) {
  const std::pair<bool, const char*> refused[] = {
      {opt.count != 0, "-n"},          {opt.stats.size() > 0, "--stats"},
      {opt.solutions, "--solutions"},  {opt.verify || !opt.verifier.empty(), "--verify"},
      {!opt.shard.empty(), "--shard"}, {opt.resume, "--resume"}};
  for (const auto& [given, name] : refused)
    if (given)
      throw UsageError(fmt::format("{} does not apply to --canonical or --dedupe (one line out per puzzle "
                                   "kept, in input order)", name));
  const int threads = puzzle::thread_count(opt.threads);
  Session session(ctx, threads);
  session.input(opt.file);
  session.record("canonical", "minlex (the smallest string over all isomorphs, empty cells first)");
  if (opt.dedupe) session.record("dedupe", "the first puzzle of each isomorphism class");
  puzzle::io::OutputFile* out = session.output(opt.output, "puzzles");
  session.start();
  return session.run([&] {
    puzzle::io::PuzzleReader reader(opt.file);
    puzzle::run::CanonConfig cfg;
    cfg.in = &reader;
    cfg.threads = threads;
    cfg.canonical = opt.canonical;
    cfg.dedupe = opt.dedupe;
    cfg.stop = session.stop_flag();
    cfg.write = [&](std::string_view text) {
      if (out != nullptr) out->write(text), out->flush();
    };
    uint64_t reported = 0;
    cfg.on_skip = [&](uint64_t line, const std::string& why) {
      if (++reported <= 5) fmt::print(session.err(), "{}:{}: {} (skipped)\n", opt.file, line, why);
    };
    const std::string bar_name = opt.output == "-" ? std::string("stdout") : opt.output;
    const std::string* name_ptr = &bar_name;
    cfg.on_progress = [&](uint64_t done, double el) {
      session.progress().update(puzzle::run::Progress{name_ptr, "canonical", done, done, 0, el});
    };
    const puzzle::run::CanonReport rep = puzzle::run::canonical_pass(cfg);
    session.progress().clear();
    if (rep.skipped > 0) fmt::print(session.err(), "{}: {} line(s) skipped\n", opt.file, rep.skipped);
    const std::string what = opt.dedupe ? fmt::format("{} of {} puzzles kept, one per isomorphism class{}",
                                                      human(double(rep.written)), human(double(rep.puzzles)),
                                                      opt.canonical ? ", as canonical forms" : "")
                                        : fmt::format("{} canonical forms", human(double(rep.written)));
    fmt::print(session.term(), "transform: {} in {:.3f} s on {} threads: {}/s{}\n", what, rep.wall_s, threads,
               human(rep.wall_s > 0 ? double(rep.puzzles) / rep.wall_s : 0),
               opt.dedupe ? fmt::format(" (classes held in {:.1f} MB)", double(rep.set_bytes) / 1e6) : "");
    Session::Outcome o;
    o.no_puzzle = rep.puzzles == 0 && !rep.interrupted;
    return o;
  });
}

}  // namespace

int transform(const TransformOptions& opt, const Context& ctx) {
  if (opt.canonical || opt.dedupe) return canonical_transform(opt, ctx);
  if (opt.count == 0) throw UsageError("transform: -n is required (how many isomorphs), unless --canonical or --dedupe");
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
  t->add_option("-n,--count", opt->count, "How many puzzles (required unless --canonical or --dedupe)");
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
  t->add_flag("--canonical", opt->canonical,
              "Write each puzzle's canonical form instead (9x9 puzzles and full grids): minlex, the "
              "smallest string over all its isomorphs with empty cells first, so isomorphic puzzles "
              "get the same line; one line per puzzle, in input order");
  t->add_flag("--dedupe", opt->dedupe,
              "Keep only the first puzzle of each isomorphism class (equal canonical forms), in input "
              "order, as read (with --canonical: its form); memory: 32 bytes per class");
  add_external_solver_options(t, opt->ext);
  out.push_back({t, [opt](const Context& ctx) { return transform(*opt, ctx); }});
}

}  // namespace puzzle::cli
