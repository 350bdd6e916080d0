// Sudoku's own part of sudoku_bench._core (python/module.hpp): its grids as (n, cells) uint8
// arrays, rate (the SE rating columns), transform, the generators and levels listed, the cell
// parser for to_array(), and its plug-ins (a C ABI that passes grids).
#include "module.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "module.hpp"
#include "puzzle/generate_options.hpp"
#include "io/reader.hpp"
#include "run/rate.hpp"
#include "ext/isolate.hpp"
#include "ext/plugin.hpp"
#include "sudoku/generate/generator.hpp"
#include "sudoku/generate/job.hpp"
#include "io/rating.hpp"
#include "io/transform_input.hpp"
#include "sudoku/se/se.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace pymodule {

namespace {

using namespace puzzle::sudoku;

constexpr const char* kShapes = "(n, 16|81|256|625)";  ///< the arrays of grids: one a row
/// Whether an array's rows of `cells` values are grids (kShapes).
bool grid_cells(std::size_t cells) { return box_for_cells(cells) != 0; }

/// Records from an (n, cells) uint8 array: record i is row i written as a puzzle line, on line
/// i + 1: 0 is '.', 1..side the symbols of to_line(), anything above '?' (the parser then names
/// the cell; the Python side checks values first and words the message for an array).
class ArraySource final : public puzzle::io::RecordSource {
 public:
  ArraySource(const uint8_t* data, std::size_t n, std::size_t cells)
      : data_(data), n_(n), cells_(cells) {
    const int box = box_for_cells(cells);
    format_.size = box;  // a Sudoku's one-line layout, its box
    symbol_.fill('?');
    Grid all(box);  // cells 0..side hold their own value: to_line() gives each symbol
    for (int v = 0; v <= all.side(); ++v) all.set(v, v);
    const std::string line = to_line(all);
    for (int v = 0; v <= all.side(); ++v) symbol_[static_cast<std::size_t>(v)] = line[static_cast<std::size_t>(v)];
  }

  bool read(puzzle::io::RawSlice& slice, std::size_t max_records) override {
    slice.text.clear();
    slice.records.clear();
    const std::size_t take = std::min(max_records, n_ - next_);
    slice.text.resize(take * cells_);
    char* out = slice.text.data();
    for (std::size_t r = 0; r < take; ++r, ++next_) {
      slice.records.push_back({next_ + 1, static_cast<uint32_t>(r * cells_), static_cast<uint32_t>(cells_)});
      const uint8_t* row = data_ + next_ * cells_;
      for (std::size_t c = 0; c < cells_; ++c) *out++ = symbol_[row[c]];
    }
    return take > 0;
  }
  const puzzle::Format& format() const noexcept override { return format_; }
  const std::string& error() const noexcept override { return error_; }
  uint64_t bytes_consumed() const noexcept override { return next_; }
  uint64_t total_bytes() const noexcept override { return n_; }

 private:
  const uint8_t* data_;
  std::size_t n_, cells_, next_ = 0;
  puzzle::Format format_;
  std::array<char, 256> symbol_{};
  std::string error_;
};

/// rate: the rows of solve by rating_prover() at kRatingLimit, then the rating columns
/// (configure_rating, as `rate` runs).
py::dict rate(const py::tuple& input_spec, const std::string& name, uint64_t budget, int threads, uint64_t se_budget,
              bool stop_on_invalid, const py::object& progress) {
  return run_rows(Input::from(input_spec), name, [&](puzzle::run::RunConfig& cfg) { configure_rating(cfg, se_budget); },
                  budget, threads, false, stop_on_invalid, progress);
}

py::dict transform(const py::tuple& input_spec, uint64_t count, uint64_t seed, int threads,
                   const std::string& verifier, bool verify, bool solutions, const py::object& progress) {
  const Input input = Input::from(input_spec);
  std::unique_ptr<puzzle::io::RecordSource> src;
  if (input.in_memory()) src = input.opener()("");
  else src = std::make_unique<puzzle::io::PuzzleReader>(input.file);
  auto sources = std::make_shared<std::vector<TransformSource>>();
  std::vector<uint64_t> skipped_at;
  std::vector<std::string> skipped;
  *sources = read_puzzles(*src, [&](uint64_t line, const std::string& why) {
    skipped_at.push_back(line);
    skipped.push_back(why);
  });
  py::dict out;
  out["skipped_at"] = skipped_at;
  out["skipped"] = skipped;
  if (sources->empty()) {
    out["lines"] = py::list();
    return out;
  }
  TransformSpec spec;
  spec.sources = sources.get();
  spec.seed = seed;
  spec.solutions = solutions;
  const int box = sources->front().puzzle.box();
  if (!verifier.empty()) spec.verifier = &puzzle::sudoku::solver_for_role(registry(), verifier, box, "verifier", puzzle::OptionStyle::python);
  else if (verify) spec.verifier = puzzle::sudoku::default_transform_verifier(box);  // as `transform --verify`
  py::dict items = run_items(count, threads, {}, "transform", [spec, sources] { return make_transform_worker(spec); },
                             progress);
  for (auto kv : out) items[kv.first] = kv.second;
  items["sources"] = sources->size();
  return items;
}

}  // namespace

void add_sudoku(py::module_& m) {
  array_kinds().push_back({puzzle::PuzzleKind::sudoku, grid_cells,
                           kShapes, [](const uint8_t* data, std::size_t n, std::size_t cells) -> Opener {
                             return [=](const std::string&) { return std::make_unique<ArraySource>(data, n, cells); };
                           }});
  size_listers().push_back([](const puzzle::SolverInfo& s) {
    std::vector<int> sides;
    for (int b = kMinBox; b <= kMaxBox; ++b)
      if (s.supports(b)) sides.push_back(b * b);
    return sides;
  });

  m.def("rate", &rate, py::arg("input"), py::arg("name"), py::arg("budget"), py::arg("threads"), py::arg("se_budget"),
        py::arg("stop_on_invalid"), py::arg("progress"));
  m.def("rating_columns", [] { return puzzle::io::rating_schema().names(); });
  m.def("levels", [] {
    std::vector<std::pair<std::string, int>> out;
    for (const auto& l : se::levels()) out.emplace_back(std::string(l.name), l.from);
    return out;
  });
  m.attr("DEFAULT_SE_BUDGET") = se::kDefaultSeBudget;
  m.def("generators", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& g : generators()) out.emplace_back(std::string(g.name), std::string(g.description));
    return out;
  });
  m.def("transform", &transform);
  m.def("parse_cells", [](const std::vector<std::string>& lines, int box) {
    // The reader's own cell parser: every symbol set it reads (., 0, 1-9, A-G, hexadecimal, A-Y).
    const std::size_t cells = static_cast<std::size_t>(box) * box * box * box;
    py::array_t<uint8_t> out({static_cast<py::ssize_t>(lines.size()), static_cast<py::ssize_t>(cells)});
    uint8_t* o = out.mutable_data();
    Grid g;
    std::string error;
    for (std::size_t i = 0; i < lines.size(); ++i, o += cells) {
      if (lines[i].empty()) {  // a blank field (no solution): all empty
        std::fill(o, o + cells, uint8_t{0});
        continue;
      }
      if (!parse_cells(lines[i], box, g, error)) throw std::invalid_argument(fmt::format("strings[{}]: {}", i, error));
      std::copy(g.data(), g.data() + cells, o);
    }
    return out;
  });
  m.def("to_lines", [](const py::array_t<uint8_t, py::array::c_style | py::array::forcecast>& a) {
    if (a.ndim() != 2 || !grid_cells(static_cast<std::size_t>(a.shape(1))))
      throw std::invalid_argument(fmt::format("an {} array expected", kShapes));
    ArraySource src(a.data(), static_cast<std::size_t>(a.shape(0)), static_cast<std::size_t>(a.shape(1)));
    std::vector<std::string> out;
    puzzle::io::RawSlice slice;
    while (src.read(slice, 4096))
      for (std::size_t i = 0; i < slice.records.size(); ++i) out.emplace_back(slice.record(i));
    return out;
  });

  // One library (`--plugin`): `symbol` empty: every solver of a library of our C ABI, else the
  // harness function `symbol` as the solver `name`. reentrant: the solvers share one instance
  // between worker threads (`--reentrant all`; by default each worker thread gets a private
  // instance, its file-scope state its own). isolate (`--isolate`): each worker's in a child
  // process (sudoku-bench-plugin-host, found beside this module), a call past timeout_s seconds
  // gets `timeout`.
  m.def("load_plugin", [](const std::string& name, const std::string& path, const std::string& symbol, bool reentrant,
                          bool isolate, double timeout_s) {
    if (!symbol.empty()) puzzle::ext::check_solver_name(name);
    puzzle::ext::Loaded loaded;
    if (isolate) {
      puzzle::ext::IsolateOptions o;
      if (o.exe == "/proc/self/exe")  // this process is Python, not the tool
        throw puzzle::ext::LoadError(fmt::format("isolate=True needs {} beside the module; it is not there",
                                                 puzzle::ext::kPluginHostProgram));
      o.timeout = puzzle::ext::to_timeout(timeout_s);
      py::gil_scoped_release nogil;  // starts the first child and waits until it has loaded the library
      loaded = puzzle::ext::load_isolated(name, path, symbol, o);
    } else {
      puzzle::ext::LoadOptions o;
      if (reentrant) o.reentrant = {"all"};
      loaded = symbol.empty() ? puzzle::ext::load_native(path, o) : puzzle::ext::load_harness(name, path, symbol, o);
    }
    return add_all(std::move(loaded.solvers));
  });
}

}  // namespace pymodule
