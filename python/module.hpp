#pragma once
// What the kind-neutral half of sudoku_bench._core (module.cpp) lends to each kind's own part
// (python/sudoku_module.cpp): the inputs, the driver runs with Python waiting on them, and the
// hooks a kind fills in (its arrays, its solvers' sizes). A kind's part is one add_<kind>(m),
// called by the module's table of kinds (add_kinds, kinds.cpp), as the core's table lists its rows.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "run/pipeline.hpp"
#include "puzzle/generate_item.hpp"
#include "puzzle/kind_types.hpp"
#include "puzzle/registry.hpp"

namespace pymodule {

namespace py = pybind11;

using Opener = std::function<std::unique_ptr<puzzle::io::RecordSource>(const std::string&)>;

/// A kind whose puzzles Python may hand over as an (n, cells) uint8 array (Sudoku's grids):
/// whether it takes rows of `cells` values, the words for the shapes it takes (messages), and
/// the records of a pass over the array (line i + 1 is row i).
struct ArrayKind {
  puzzle::PuzzleKind kind{};
  std::function<bool(std::size_t cells)> cells;
  std::string shapes;  ///< "(n, 16|81|256|625)"
  std::function<Opener(const uint8_t* data, std::size_t n, std::size_t cells)> opener;
};
/// The array kinds, in the order the kinds' parts added them (the first that takes a shape).
std::vector<ArrayKind>& array_kinds();

/// A solver's sizes as Python's solvers() lists them (Sudoku's part: the sides it takes): each
/// kind's part adds one, and the first that lists any for a solver gives them ([] when none).
std::vector<std::function<std::vector<int>(const puzzle::SolverInfo&)>>& size_listers();

/// A list of puzzle strings, held as one text (built once, read by every pass).
struct Strings {
  std::string text;
  std::vector<std::size_t> ends;  ///< record i is text[ends[i-1], ends[i])
  std::string_view at(std::size_t i) const {
    const std::size_t b = i == 0 ? 0 : ends[i - 1];
    return std::string_view(text).substr(b, ends[i] - b);
  }
};

/// What Python hands over: ("file", path), ("array", uint8 C-contiguous 2-D array of a shape an
/// ArrayKind takes) or ("strings", list of str). Converted under the GIL; read without it.
struct Input {
  std::string file;                           ///< a path, read by the driver's own reader
  std::optional<py::array_t<uint8_t>> array;  ///< kept alive for the run
  const ArrayKind* array_kind = nullptr;      ///< the array's
  std::shared_ptr<const Strings> strings;

  static Input from(const py::tuple& spec);
  bool in_memory() const { return array.has_value() || strings != nullptr; }
  /// Puzzles in memory (0 for a file: not known before it is read).
  std::size_t size() const;
  /// The source of one pass (RunConfig::open), or null for a file.
  Opener opener() const;
  /// The puzzles' kind, as the driver will find it (a file's first data line; the first string).
  puzzle::PuzzleKind kind() const;
  /// The solver used when none is named: the fastest that takes the first puzzle's size
  /// (registry.hpp default_solver; a file's as `solve` chooses).
  std::string default_solver() const;
};

/// The latest progress report of a driver's writer stage, handed to the waiting thread.
struct Ticker {
  std::mutex m;
  bool fresh = false;
  std::size_t pass = 0;
  uint64_t puzzles = 0, done = 0, total = 0;
  double elapsed = 0;
  std::string solver;

  void update(std::size_t pass_, uint64_t puzzles_, uint64_t done_, uint64_t total_, double el,
              std::string_view solver_);
};

/// Runs `work` on a thread of its own while this thread waits with the GIL released, waking
/// every 50 ms to run Python's signal handlers and, when there is news, `progress(pass,
/// puzzles, done, total, elapsed, solver)`. A Python exception from either sets `stop` (the work
/// ends early, its results a prefix) and is returned; the work's own exception is rethrown.
py::object run_waiting(const std::function<void()>& work, std::atomic<bool>& stop, Ticker& ticker,
                       const py::object& progress);

/// One driver run over `input` (its passes: the solvers `configure` puts in the RunConfig, with
/// their limits and extra columns; the files, threads, node budget, stop flag and rows are set
/// here): the rows as columns (with `solution` when `solutions`, with `extra` when the run has
/// extra columns), the solvers, the summary CSV, read errors, whether it was interrupted, the
/// first `invalid` row (`stop_on_invalid`: the run stops there) and the Python exception that
/// stopped it.
py::dict run_rows(const Input& input, const std::string& name, const std::function<void(puzzle::run::RunConfig&)>& configure,
                  uint64_t budget, int threads, bool solutions, bool stop_on_invalid, const py::object& progress);

/// Items [0, count) of `make_worker` on the generation driver: the output lines (as the CLI
/// writes them) and the stats CSV (as `--stats` writes it).
py::dict run_items(uint64_t count, int threads, const std::vector<puzzle::ItemColumn>& columns,
                   const std::string& method, std::function<std::unique_ptr<puzzle::ItemWorker>()> make_worker,
                   const py::object& progress);

/// Registers `infos` (all or none: a name registered already is a ValueError); their names.
std::vector<std::string> add_all(std::vector<puzzle::SolverInfo> infos);

/// The Python session's solvers: the built-in ones and those load_plugin() and add_exec() add,
/// for every call of this interpreter's session (one registry: the module is the session).
puzzle::Registry& registry();

/// Every kind's own part of the module, in the table's order (kinds.cpp).
void add_kinds(py::module_& m);

}  // namespace pymodule
