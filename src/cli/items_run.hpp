#pragma once
// What `generate` and `transform` share: run a job on the generation driver, stream the lines
// to the output, the stats CSV, the progress bar, the closing summary and the exit code.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/common.hpp"
#include "puzzle/generate_item.hpp"

namespace puzzle::io {
class OutputFile;
}

namespace puzzle::cli {

class Session;

struct ItemsRun {
  std::string command;    ///< "generate" or "transform": names the output in messages
  std::string method;     ///< the stats CSV's method column
  std::string what;       ///< "minimal 9x9 puzzles", "full 9x9 grids": the summary line
  uint64_t count = 0;     ///< items 0 .. count-1 in all shards
  puzzle::io::Shard shard;    ///< this run makes items [count*K/N, count*(K+1)/N)
  bool resume = false;    ///< continue the partial outputs an earlier run left (--resume)
  int threads = 0;        ///< 0: available cores
  uint64_t seed = 1;
  std::string output;     ///< "-" is stdout
  std::string stats;      ///< the per-item stats CSV, or ""
  bool restarts = false;  ///< print the restart distribution
  std::string target = "clue";  ///< what a missed item missed, in the warning ("clue", "uniqueness")
  std::vector<puzzle::ItemColumn> columns;  ///< the items' extra stats columns and the summary's tallies
  std::vector<std::pair<std::string, std::string>> provenance;  ///< extra `#` header lines
  std::vector<std::string> inputs;  ///< input files: hashed into the provenance, never overwritten
  std::function<std::unique_ptr<puzzle::ItemWorker>()> make_worker;

  /// The fields every item subcommand's options give the same way (count, shard, resume,
  /// threads, seed, output, stats).
  template <class Options>
  void take_common(const Options& opt) {
    count = opt.count, shard = shard_of(opt.shard), resume = opt.resume, threads = opt.threads;
    seed = opt.seed, output = opt.output, stats = opt.stats;
  }
};

/// --resume for a run whose items come in a fixed order: how many items the partial files of
/// `out` and `stats` (those that are files) hold in common; each is cut after them, and `last`
/// (when given) gets the last kept line of `out`. A partial file whose header is not this
/// command's, or that holds more than `most` items, is refused (UsageError).
uint64_t resume_partials(Session& session, puzzle::io::OutputFile* out, puzzle::io::OutputFile* stats,
                         const std::string& stats_columns, uint64_t most, std::string* last);

/// Runs it in a batch session (session.hpp); returns the exit code (0, 1 when an item failed
/// verification or a write failed, 130/143 when stopped by SIGINT/SIGTERM).
int run_items(const ItemsRun& run, const Context& ctx);

}  // namespace puzzle::cli
