#pragma once
// The neighbourhood search for hard puzzles (`generate --from SEEDS`) on oneTBB worker threads,
// in generations: generation 0 is the seeds, generation g+1 the finds of generation g, in order.
// Each generation is a tbb::parallel_pipeline over its parents: a serial stage hands out parent
// indices, a parallel stage expands a parent (sudoku/generate/search.hpp: moves, minimality,
// canonical form, filter, rating) with the thread's own Neighbourhood, a serial in-order stage
// keeps each candidate whose canonical form was never seen (the seeds' forms are seen first) and
// passes on those whose ER is in the band. What a parent gives depends on the parent alone and
// the candidates are judged in parent order, so the finds and their order are the same whatever
// the thread count; the run stops at the count-th find, cut at the same place. That order lets a
// stopped search resume: it is run again, without rating, up to its last written find.
// Memory: 32 bytes for every distinct candidate seen, plus one generation's finds.
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "sudoku/generate/search.hpp"

namespace puzzle::run {

struct SearchProgress {
  uint64_t finds = 0, generation = 0, parents_done = 0, parents = 0;  ///< parents of this generation
  double elapsed_s = 0;
};

struct SearchConfig {
  const std::vector<sudoku::Grid>* seeds = nullptr;
  sudoku::SearchSpec spec;
  int threads = 0;      ///< 0: available cores
  uint64_t count = 0;   ///< finds wanted
  /// A find (serial, in order): the puzzle and its rating, its generation and its parent's
  /// index in that generation's parents. May throw (a write error).
  std::function<void(const sudoku::Candidate&, uint64_t generation, uint64_t parent)> on_find;
  std::function<void(const SearchProgress&)> on_progress;  ///< after each parent
  const std::atomic<bool>* stop = nullptr;  ///< set (SIGINT, SIGTERM) to stop handing out parents
  /// The finds of an earlier run of this search, in order (its output, for --resume): found
  /// again by their puzzles, not passed to on_find, and with neither the filter nor the rater
  /// run until the last of them is found (the finds come in a fixed order, so a new candidate
  /// met before the next of them is outside the band).
  const std::vector<sudoku::Grid>* replay = nullptr;
};

struct SearchReport {
  uint64_t finds = 0, generations = 0, parents = 0;
  uint64_t replayed = 0;     ///< of the finds, those of `replay` (fewer than it holds: not this search's)
  uint64_t duplicates = 0;   ///< candidates whose form was seen before
  sudoku::SearchCounts counts;
  double wall_s = 0;
  bool interrupted = false;  ///< stopped by `stop`
  bool exhausted = false;    ///< a generation gave no find before `count` was reached
};

SearchReport search(const SearchConfig& cfg);

}  // namespace puzzle::run
