#pragma once
// `transform --canonical` and `--dedupe`: a streaming pass over a file of 9x9 puzzles (or full
// grids) that writes each one's canonical form (sudoku/generate/canon.hpp) or keeps the first
// puzzle of each isomorphism class, in input order, on oneTBB worker threads.
//
// A three-stage tbb::parallel_pipeline like run_passes(): a serial stage reads slices of
// records; a parallel stage parses each and computes its form and the form's fingerprint; a
// serial in-order stage tests the fingerprint against the set of classes seen and writes. The
// output is the same whatever the thread count. Memory: the slices in flight (4 per thread, 4,096
// records each) and, with dedupe, 32 bytes for each class seen (FingerprintSet: 32 MB for a
// million distinct puzzles); nothing else grows with the file.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "io/reader.hpp"

namespace puzzle::run {

struct CanonConfig {
  io::RecordSource* in = nullptr;
  int threads = 0;          ///< 0: available cores
  bool canonical = false;   ///< write the form; false: the puzzle as read (to_line)
  bool dedupe = false;      ///< write only the first puzzle of each class
  std::size_t slice_records = 4096;
  /// The serial writer: one output line (with its '\n') per kept puzzle, in input order. May
  /// throw (a write error): the pipeline stops and the exception reaches the caller.
  std::function<void(std::string_view line)> write;
  /// A record that is not a 9x9 puzzle (its line, why); called in input order; the pass skips it.
  std::function<void(uint64_t line, const std::string& why)> on_skip;
  /// Records read so far and seconds elapsed (called once a slice).
  std::function<void(uint64_t done, double elapsed_s)> on_progress;
  const std::atomic<bool>* stop = nullptr;  ///< set (SIGINT, SIGTERM) to stop reading
};

struct CanonReport {
  uint64_t puzzles = 0;   ///< 9x9 puzzles read
  uint64_t skipped = 0;   ///< records that were not
  uint64_t written = 0;   ///< lines written (puzzles, or with dedupe the classes)
  std::size_t set_bytes = 0;  ///< the dedupe set's memory
  double wall_s = 0;
  bool interrupted = false;
};

/// Runs the pass; throws io::InputError when the input ends on a read error.
CanonReport canonical_pass(const CanonConfig& cfg);

}  // namespace puzzle::run
