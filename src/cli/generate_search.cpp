// `generate --from SEEDS`: the neighbourhood search for hard puzzles (run/search.hpp) in a batch
// session: finds to the output, one per line, and with --stats a CSV of each find's rating,
// generation and parent. --resume runs the search again, unrated, up to the last find written.
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/items_run.hpp"
#include "cli/session.hpp"
#include "cli/table.hpp"
#include "io/reader.hpp"
#include "io/results.hpp"
#include "io/transform_input.hpp"
#include "puzzle/generate_options.hpp"
#include "puzzle/machine.hpp"
#include "run/pipeline.hpp"
#include "run/search.hpp"
#include "sudoku/generate/job.hpp"
#include "sudoku/se/se.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace puzzle::cli {
namespace {

/// The first `n` puzzles of a partial output of the search (resume_partials counted them).
std::vector<puzzle::sudoku::Grid> written_finds(const std::string& partial, uint64_t n) {
  puzzle::io::ResultsFile f(partial);
  std::vector<puzzle::sudoku::Grid> finds;
  std::string_view line;
  std::string why;
  while (finds.size() < n && f.next(line)) {
    puzzle::sudoku::Grid g;
    if (!puzzle::sudoku::parse_cells(line, 3, g, why))
      throw UsageError(fmt::format("{}: --resume: its find {}: {}; rerun the command that made it, or move it away",
                                   partial, finds.size(), why));
    finds.push_back(g);
  }
  return finds;
}

}  // namespace

int generate_search(const GenerateOptions& opt, const Context& ctx) {
  if (opt.gen.kind != "sudoku") throw UsageError("--from: the search is for Sudoku (9x9)");
  for (const auto& [name, text] : opt.gen.options)
    if (name != "er") throw UsageError(fmt::format("--from: --{} does not apply to the search", name));
  if (opt.gen.solutions || opt.gen.verify || !opt.gen.verifier.empty() || !opt.gen.checker.empty())
    throw UsageError("--from: --solutions, --verify, --verifier and --checker do not apply to the search");
  puzzle::sudoku::SearchSpec spec;
  spec.filter = !opt.no_filter;
  if (opt.moves.size() != 3 || opt.moves[1] != ',' || (opt.moves[0] != '1' && opt.moves[0] != '2') ||
      (opt.moves[2] != '1' && opt.moves[2] != '2'))
    throw UsageError(fmt::format("--moves {}: expected N,M with N and M 1 or 2 (1,1: remove a given, add one)", opt.moves));
  spec.remove = opt.moves[0] - '0', spec.add = opt.moves[2] - '0';
  if (const auto er = opt.gen.options.find("er"); er != opt.gen.options.end()) {
    try {
      std::tie(spec.er_lo, spec.er_hi) = puzzle::sudoku::parse_er(puzzle::OptionNames{puzzle::OptionStyle::cli}, er->second);
    } catch (const puzzle::OptionError& e) {
      throw UsageError(e.what());
    }
  }
  const puzzle::io::Shard shard = shard_of(opt.shard);
  std::vector<puzzle::sudoku::Grid> seeds;
  {
    puzzle::io::PuzzleReader reader(opt.from);
    uint64_t index = 0;
    for (const auto& s : puzzle::io::read_puzzles(reader, [&](uint64_t line, const std::string& why) {
           throw UsageError(fmt::format("{}:{}: {}", opt.from, line, why));
         })) {
      if (s.puzzle.box() != 3) throw UsageError(fmt::format("{}: the search is for 9x9 puzzles", opt.from));
      if (index++ % shard.count == shard.index) seeds.push_back(s.puzzle);
    }
  }
  if (seeds.empty()) throw UsageError(fmt::format("{}: no seed puzzle{}", opt.from, shard.whole() ? "" : " in this shard"));

  const int threads = puzzle::thread_count(opt.threads);
  Session session(ctx, threads);
  session.input(opt.from, "seeds");
  session.record("method", "neighbourhood search");
  session.record("moves", fmt::format("-{}+{}", spec.remove, spec.add));
  session.record("er", puzzle::sudoku::se::tenths_text(spec.er_lo) + "-" + puzzle::sudoku::se::tenths_text(spec.er_hi));
  session.record("filter", spec.filter ? "T&E(1) with singles before rating" : "none");
  session.record("solution cap", std::to_string(spec.cap));
  if (!shard.whole()) session.record("shard", fmt::format("{}/{} (seeds of index mod {} = {})", shard.index, shard.count, shard.count, shard.index));
  puzzle::io::OutputFile* out = session.output(opt.output, "puzzles");
  puzzle::io::OutputFile* stats = session.output(opt.stats, "stats");
  const std::string stats_columns = "find,generation,parent,er,ep,ed";
  session.resume(opt.resume);
  std::vector<puzzle::sudoku::Grid> written;
  if (opt.resume) {
    if (out == nullptr || out->is_stdout() || puzzle::io::is_stream(out->path()))
      throw UsageError("--from --resume: the search resumes from the puzzles it wrote: give them a file (-o FILE)");
    const uint64_t done = resume_partials(session, out, stats, stats_columns, opt.count, nullptr);
    written = written_finds(puzzle::io::partial_name(out->path()), done);
    if (done > 0) fmt::print(session.err(), "resuming: {} finds kept; the search runs again, unrated, up to the last\n", done);
  }
  session.start();
  return session.run([&] {
    if (stats != nullptr && stats->bytes_written() == 0) stats->write(session.header() + stats_columns + "\n");
    puzzle::run::SearchConfig cfg;
    cfg.seeds = &seeds;
    cfg.spec = spec;
    cfg.threads = threads;
    cfg.count = opt.count;
    cfg.stop = session.stop_flag();
    cfg.replay = &written;
    uint64_t found = written.size();
    cfg.on_find = [&](const puzzle::sudoku::Candidate& c, uint64_t gen, uint64_t parent) {
      using puzzle::sudoku::se::tenths_text;
      if (out != nullptr) out->write(puzzle::sudoku::to_line(c.puzzle) + "\n"), out->flush();
      if (stats != nullptr)
        stats->write(fmt::format("{},{},{},{},{},{}\n", found, gen, parent, tenths_text(c.er), tenths_text(c.ep),
                                 tenths_text(c.ed))),
            stats->flush();
      ++found;
    };
    const std::string bar_name = opt.output == "-" ? std::string("stdout") : opt.output;
    const std::string* name_ptr = &bar_name;
    cfg.on_progress = [&](const puzzle::run::SearchProgress& p) {
      session.progress().update(puzzle::run::Progress{name_ptr, "search", p.finds, p.finds, opt.count, p.elapsed_s});
    };
    const puzzle::run::SearchReport rep = puzzle::run::search(cfg);
    session.progress().clear();
    if (rep.replayed < written.size() && !rep.interrupted)
      throw UsageError(fmt::format("{}: --resume: its find {} is not one this search makes (another seed file, "
                                   "--moves, --er or build?); rerun the command that made it, or move it away",
                                   puzzle::io::partial_name(out->path()), rep.replayed));
    const uint64_t made = rep.finds - rep.replayed;
    const auto& k = rep.counts;
    fmt::print(session.term(),
               "generate: {} new puzzles of ER {}-{}{}{} from {} seeds (moves -{}+{}) in {:.3f} s on {} threads: {}/hour\n"
               "  {} generations, {} parents expanded: {} removal sets ({} over {} solutions), {} unique "
               "candidates, {} minimal, {} already seen, {} dropped by the filter, {} rated\n",
               human(double(made)), puzzle::sudoku::se::tenths_text(spec.er_lo),
               puzzle::sudoku::se::tenths_text(spec.er_hi),
               rep.replayed > 0 ? fmt::format(" after the {} found before", human(double(rep.replayed))) : std::string(),
               rep.finds >= opt.count ? std::string()
               : rep.replayed > 0     ? fmt::format(" ({} of the {} asked)", human(double(rep.finds)), human(double(opt.count)))
                                      : fmt::format(" of the {} asked", human(double(opt.count))),
               seeds.size(), spec.remove, spec.add, rep.wall_s, threads,
               human(rep.wall_s > 0 ? double(made) * 3600 / rep.wall_s : 0), rep.generations, rep.parents,
               k.removal_sets, k.over_cap, spec.cap, k.unique, k.minimal, rep.duplicates, k.filtered, k.rated);
    Session::Outcome o;
    if (rep.exhausted) {
      o.failed = opt.count - rep.finds;
      o.failed_what = "puzzle(s) asked for were not found: no parent was left to expand";
    }
    return o;
  });
}

}  // namespace puzzle::cli
