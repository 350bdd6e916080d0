#pragma once
// The CSV files of a batch run, each defined once as a schema (io/schema.hpp): the per-puzzle
// rows, the summary, the generation stats (a kind's own columns are its own: Sudoku's rating,
// io/rating.hpp); and the self-describing `#`
// provenance header every results file carries.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzle/generate_item.hpp"
#include "io/schema.hpp"
#include "puzzle/stats.hpp"

namespace puzzle::io {

/// How a results file was made: written as leading `# key: value` lines.
struct Provenance {
  std::string command;
  int threads = 0;
  std::vector<std::pair<std::string, std::string>> datasets;  ///< path, sha256 ("" for a stream)
  std::vector<std::pair<std::string, std::string>> extra;     ///< more key/value lines
};

/// The `#` header: tool version, git revision, compiler, flags, CPU, date, threads, command,
/// and each dataset with its sha256.
std::string metadata_header(const Provenance& p);

/// One per-puzzle row as the driver knows it.
struct PuzzleRow {
  std::string_view file;
  uint64_t line = 0;
  std::string_view solver;
  Status status = Status::none;
  uint64_t solutions = 0;
  unsigned clues = 0;
  uint64_t time_ns = 0;
  Work work;
  const Answer* answer = nullptr;  ///< the answer, or null (blank field, as an empty one)
};
/// file,line,solver,status,solutions,clues,time_ns,guesses,backtracks,nodes[,solution]
const Schema<PuzzleRow>& rows_schema(bool solutions);

/// One row per (dataset, solver).
const Schema<Summary>& summary_schema();

/// One row per generated item (`generate`/`transform --stats`).
struct GenStatsRow {
  const GenItem* item = nullptr;
  std::string_view method;
};
/// The most extra columns a plan may declare (gen_stats_schema).
inline constexpr std::size_t kMaxItemColumns = 8;
/// index,method,attempts,restarts,placements,checks,time_ns,clues,target,reached, then the
/// plan's `extra` columns (their names are viewed: they must outlive the schema).
Schema<GenStatsRow> gen_stats_schema(std::span<const ItemColumn> extra = {});

}  // namespace puzzle::io
