#pragma once
// `merge`: the parts of a sharded run back into the output of a single run.
//
// The parts are checked first (plan_merge): one kind of file, the same run (datasets and their
// sha256, solvers, limits, method, seed: run_identity), the same N, and shards 0..N-1 each
// exactly once. Then merge_parts() streams them, in bounded memory:
// - rows of solve and rate: a k-way merge on (dataset, solver, line), the order a single run
//   writes whatever way the input was cut (byte ranges or record index mod N); the summaries
//   are recomputed from the rows, so percentiles are those of all the puzzles;
// - generate/transform output and stats: the parts one after the other in shard order, each
//   checked to hold exactly its items. The output lines get no `#` lines, as a single run's
//   have none, so the merge is byte-identical to it.
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/output.hpp"
#include "io/results.hpp"
#include "puzzle/stats.hpp"

namespace puzzle::io {

struct MergePlan {
  ResultsLayout layout = ResultsLayout::rows;
  std::vector<std::string> parts;  ///< in shard order
  uint32_t shards = 1;
  Meta identity;                   ///< what every part says it ran (run_identity)
  std::string header;              ///< the column header ("" for lines)
  std::vector<std::string> warnings;  ///< parts written by different builds
  int threads = 0;                 ///< the parts' threads, added up
};

/// Checks that `parts` are the whole of one sharded run. Throws InputError naming the files:
/// an unfinished part (`.partial`), different kinds, columns or runs, shards cut differently
/// (an overlap), a shard given twice or missing.
MergePlan plan_merge(const std::vector<std::string>& parts);

struct Merged {
  std::vector<Summary> summaries;  ///< rows only: one per (dataset, solver), wall time unknown
  uint64_t lines = 0;              ///< data lines written
  bool interrupted = false;        ///< `stop` was set: the output holds a prefix
};

/// Writes the merge of `plan` to `out`: for the CSV kinds `provenance` (the `#` lines) and the
/// column header first. Throws InputError for a part that does not hold what its provenance
/// says (a row out of order, the same row in two parts, items missing), WriteError.
Merged merge_parts(const MergePlan& plan, OutputFile& out, std::string_view provenance,
                   const std::atomic<bool>* stop);

}  // namespace puzzle::io
