#pragma once
// One generated item and the worker that makes it, for every kind (generate and transform;
// the TBB half is driver/generate.*). A worker makes item `index` from the stream
// item_rng(seed, index) alone, so the output never depends on the thread count.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puzzle/stop.hpp"

namespace puzzle {

/// Work counters of one generated item; each generator documents what it counts.
struct GenStats {
  uint64_t attempts = 0;    ///< full grids made for this item (> 1 when a clue target was missed)
  uint64_t restarts = 0;    ///< fills abandoned and started again from an empty grid
  uint64_t placements = 0;  ///< digits written into a cell (including ones later undone)
  uint64_t checks = 0;      ///< solver calls (guided's "still solvable", reduction's "unique")
};

/// A stats column of a kind's own, after the columns every item has (the Sudoku plan's er and
/// level): its values are GenItem::extra's, in the plan's order of columns.
struct ItemColumn {
  std::string name;                 ///< the CSV header's name
  /// Non-empty: the summary counts the items of each value, on a line of this title
  /// ("levels (ER)"), in the order of `values`; a value outside them is not counted.
  std::string tally;
  std::vector<std::string> values;
  std::string none;                 ///< the line's text when no item was counted ("none rated")
};

/// One item as the writers need it, whatever its kind: its output line, the stats CSV's columns
/// and the summary's counts.
struct GenItem {
  uint64_t index = 0;
  GenStats stats;
  uint64_t time_ns = 0;    ///< making it (and verifying it, when asked), steady clock
  bool ok = true;          ///< false: the target (clues, difficulty, uniqueness) was not met in the attempts allowed; `line` is then missed_line()
  int clues = 0;           ///< the stats' clues column: a Sudoku's givens; 0 for a kind without givens
  int target = 0;          ///< the clue target this item aimed at (drawn from a range), 0: none
  std::vector<std::string> extra;  ///< the values of the plan's extra columns (ItemColumn), in order
  std::string line;        ///< the output line, ending in '\n'
  std::string problem;     ///< a failed verification, or empty
  /// A stop (ItemWorker::stop) came while it was made: it is not complete, and the driver writes
  /// neither it nor any item after it.
  bool interrupted = false;
};

/// An item that missed its target is no puzzle of the run: its output line is a `#` comment in
/// the item's place, "# missed item INDEX: WHY", so a reader of puzzles skips it (every reader
/// here skips `#` lines) while line i stays item i for --resume, --shard and merge.
inline constexpr std::string_view kMissedPrefix = "# missed item ";
/// That line for item `index`, ending in '\n'; `why` says what was missed and how close it came.
inline std::string missed_line(uint64_t index, std::string_view why) {
  std::string line(kMissedPrefix);
  line += std::to_string(index);
  line += ": ";
  line += why;
  line += '\n';
  return line;
}

/// Makes items; a stateful worker, one per thread.
class ItemWorker {
 public:
  virtual ~ItemWorker() = default;
  /// Makes item `index`. Its long steps (a search, each check of a reduction, a verification)
  /// poll `stop`; when it fires, make() returns soon with GenItem::interrupted set.
  virtual void make(uint64_t index, GenItem& out) = 0;
  /// The run's stop (SIGINT, SIGTERM: the driver sets its flag), none by default.
  Stop stop;
};

}  // namespace puzzle
