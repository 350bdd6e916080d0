#pragma once
// Full-grid generators: one interface, an explicit table (like the solvers' registry).
//
// A Generator is a stateful worker that owns its scratch memory (one per thread, never shared);
// randomness (an ItemRng, rng.hpp) is passed in per call, so a worker's output depends only on
// the stream it is given.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "puzzle/generate_item.hpp"
#include "puzzle/rng.hpp"
#include "sudoku/grid.hpp"

namespace puzzle::sudoku {

class Generator {
 public:
  virtual ~Generator() = default;
  /// Makes a complete valid grid with boxes of `box` x `box` cells into `out`, drawing only from
  /// `rng`, and adds its work to `stats`. Returns false when it gave up (a generator's own cap,
  /// never reached in practice on supported sizes). Not thread-safe: one worker per thread.
  virtual bool fill(int box, ItemRng& rng, Grid& out, GenStats& stats) = 0;
};

/// The immutable description of a generator: one row of the table.
struct GeneratorInfo {
  std::string_view name;
  std::string_view description;
  unsigned boxes;  ///< bit b set when b x b boxes are supported (as SolverInfo::boxes)
  std::unique_ptr<Generator> (*make)();

  bool supports(int box) const noexcept { return (boxes >> box) & 1u; }
};

/// Every registered generator, in table order.
std::span<const GeneratorInfo> generators() noexcept;
/// The generator called `name`, or nullptr.
const GeneratorInfo* find_generator(std::string_view name) noexcept;
/// The nearest registered name for "did you mean", or empty.
std::string suggest_generator(std::string_view name);

/// The generators themselves (restart.cpp, guided.cpp).
std::unique_ptr<Generator> make_restart_generator();
std::unique_ptr<Generator> make_restart_dfs_generator();
std::unique_ptr<Generator> make_guided_generator();

}  // namespace puzzle::sudoku
