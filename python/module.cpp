// sudoku_bench._core: the C++ half of the Python module (python/sudoku_bench/ is the API).
//
// Thin on purpose. A solve or rate run is the driver's run() (run/pipeline.hpp) with two hooks:
// records from memory (RunConfig::open: an array, a list of strings, or the file itself) and rows
// to memory (RunConfig::on_row), so the rows are the ones the CLI writes, through the same parser,
// solvers, verifier and rater. generate and transform are the generation driver
// (run/generate.hpp) over the library's workers. Nothing here parses a puzzle, solves,
// verifies or rates.
//
// This file is the kind-neutral half (module.hpp: what it lends to the kinds' own parts); what
// only one kind has (Sudoku's arrays, rate, transform, its plug-ins) is in that kind's part,
// python/sudoku_module.cpp.
//
// Threads and signals: the driver runs on a thread of its own while the calling thread waits
// with the GIL released, waking every 50 ms to run Python's signal handlers (PyErr_CheckSignals:
// Ctrl-C raises KeyboardInterrupt there) and the progress callback. An exception from either
// sets the driver's stop flag: the run ends between two puzzles, as the CLI's does on SIGINT,
// and the rows done so far (a contiguous prefix of the input) come back with the exception.
#include "module.hpp"

#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <thread>

#include <fmt/format.h>

#include "run/generate.hpp"
#include "ext/exec.hpp"
#include "ext/load.hpp"
#include "puzzle/generate_options.hpp"
#include "io/csv.hpp"
#include "io/parse.hpp"
#include "io/reader.hpp"
#include "puzzle/kinds.hpp"
#include "puzzle/machine.hpp"

using namespace std::chrono_literals;

namespace pymodule {

// ---- Inputs -----------------------------------------------------------------------------------

std::vector<ArrayKind>& array_kinds() {
  static std::vector<ArrayKind> kinds;
  return kinds;
}

std::vector<std::function<std::vector<int>(const puzzle::SolverInfo&)>>& size_listers() {
  static std::vector<std::function<std::vector<int>(const puzzle::SolverInfo&)>> listers;
  return listers;
}

namespace {

const ArrayKind* array_kind_of(std::size_t cells) {
  for (const ArrayKind& k : array_kinds())
    if (k.cells(cells)) return &k;
  return nullptr;
}

/// "(n, 16|81|256|625)": the shapes the array kinds take.
std::string array_shapes() {
  std::string s;
  for (const ArrayKind& k : array_kinds()) s += (s.empty() ? "" : " or ") + k.shapes;
  return s;
}

/// Records from a list of strings, record i on line i + 1. The kind comes from the first
/// record, as a file's first data line decides it; every other string is a puzzle line (no
/// comment or header is skipped: each string gets its row).
class StringsSource final : public puzzle::io::RecordSource {
 public:
  explicit StringsSource(std::shared_ptr<const Strings> s)
      : s_(std::move(s)), format_(puzzle::Format::one_line(kind_of_first(*s_))) {}
  static puzzle::PuzzleKind kind_of_first(const Strings& s) {
    if (s.ends.empty()) return puzzle::Kinds::fallback;
    puzzle::Format f;
    std::string err;
    return puzzle::io::detect_format(s.at(0), 0, f, err) ? f.kind : puzzle::Kinds::fallback;
  }

  bool read(puzzle::io::RawSlice& slice, std::size_t max_records) override {
    slice.text.clear();
    slice.records.clear();
    for (; next_ < s_->ends.size() && slice.records.size() < max_records; ++next_) {
      const std::string_view r = s_->at(next_);
      slice.records.push_back({next_ + 1, static_cast<uint32_t>(slice.text.size()), static_cast<uint32_t>(r.size())});
      slice.text.append(r);
    }
    return !slice.records.empty();
  }
  const puzzle::Format& format() const noexcept override { return format_; }
  const std::string& error() const noexcept override { return error_; }
  uint64_t bytes_consumed() const noexcept override { return next_; }
  uint64_t total_bytes() const noexcept override { return s_->ends.size(); }

 private:
  std::shared_ptr<const Strings> s_;
  std::size_t next_ = 0;
  puzzle::Format format_;
  std::string error_;
};

}  // namespace

Input Input::from(const py::tuple& spec) {
  Input in;
  const auto what = spec[0].cast<std::string>();
  if (what == "file") {
    in.file = spec[1].cast<std::string>();
  } else if (what == "array") {
    auto a = spec[1].cast<py::array_t<uint8_t>>();
    if (a.ndim() == 2 && (a.flags() & py::array::c_style)) in.array_kind = array_kind_of(static_cast<std::size_t>(a.shape(1)));
    if (in.array_kind == nullptr)
      throw std::invalid_argument("internal: a C-contiguous " + array_shapes() + " uint8 array expected");
    in.array = std::move(a);
  } else if (what == "strings") {
    auto s = std::make_shared<Strings>();
    const py::list list = spec[1].cast<py::list>();
    s->ends.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
      const py::handle h = list[i];
      if (PyUnicode_Check(h.ptr())) {
        Py_ssize_t len = 0;
        const char* p = PyUnicode_AsUTF8AndSize(h.ptr(), &len);
        if (p == nullptr) throw py::error_already_set();
        s->text.append(p, static_cast<std::size_t>(len));
      } else if (PyBytes_Check(h.ptr())) {
        s->text.append(PyBytes_AS_STRING(h.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(h.ptr())));
      } else {
        throw py::type_error(fmt::format("puzzles[{}]: a {} is not a puzzle (give str, bytes or an {} integer array)",
                                         i, std::string(py::str(h.get_type().attr("__name__"))), array_shapes()));
      }
      s->ends.push_back(s->text.size());
    }
    in.strings = std::move(s);
  } else {
    throw std::invalid_argument("internal: unknown input kind " + what);
  }
  return in;
}

std::size_t Input::size() const {
  return array ? static_cast<std::size_t>(array->shape(0)) : strings ? strings->ends.size() : 0;
}

Opener Input::opener() const {
  if (array)
    return array_kind->opener(array->data(), static_cast<std::size_t>(array->shape(0)),
                              static_cast<std::size_t>(array->shape(1)));
  if (strings) return [s = strings](const std::string&) { return std::make_unique<StringsSource>(s); };
  return {};
}

puzzle::PuzzleKind Input::kind() const {
  if (array) return array_kind->kind;
  if (strings) return StringsSource::kind_of_first(*strings);
  return puzzle::io::is_stream(file) ? puzzle::Kinds::fallback : puzzle::io::file_kind(file);
}

std::string Input::default_solver() const {
  if (!in_memory())
    return puzzle::io::is_stream(file) ? puzzle::default_solver(kind()) : puzzle::io::default_solver_for(registry(), {file});
  auto source = opener()("");
  puzzle::io::RawSlice slice;
  if (!source->read(slice, 1)) return puzzle::default_solver(kind());
  const puzzle::Format& f = source->format();
  std::string name = puzzle::default_solver(f.kind);
  puzzle::Kinds::visit(f.kind, [&](auto row) {
    using R = decltype(row);
    const puzzle::Record<R> record = R::parse(f, slice.record(0));
    if (!record.error.empty()) return;
    const puzzle::PuzzleRef ref(record.puzzle);
    name = puzzle::default_solver(registry(), f.kind, {&ref, 1});
  });
  return name;
}

// ---- Waiting in Python while the driver runs ---------------------------------------------------

namespace {

/// The Python exception being raised, taken (the error indicator cleared) with its traceback.
py::object take_error() {
  py::error_already_set e;
  py::object value = e.value();
  if (e.trace()) PyException_SetTraceback(value.ptr(), e.trace().ptr());
  return value;
}

}  // namespace

void Ticker::update(std::size_t pass_, uint64_t puzzles_, uint64_t done_, uint64_t total_, double el,
                    std::string_view solver_) {
  std::lock_guard lock(m);
  fresh = true, pass = pass_, puzzles = puzzles_, done = done_, total = total_, elapsed = el;
  if (solver != solver_) solver = std::string(solver_);
}

py::object run_waiting(const std::function<void()>& work, std::atomic<bool>& stop, Ticker& ticker,
                       const py::object& progress) {
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::exception_ptr failure;
  std::thread worker;
  {
    py::gil_scoped_release nogil;
    worker = std::thread([&] {
      try {
        work();
      } catch (...) {
        failure = std::current_exception();
      }
      std::lock_guard lock(m);
      done = true;
      cv.notify_all();
    });
  }
  py::object error = py::none();
  auto report = [&] {
    if (progress.is_none() || !error.is_none()) return;
    std::unique_lock lock(ticker.m);
    if (!ticker.fresh) return;
    ticker.fresh = false;
    const py::tuple args = py::make_tuple(ticker.pass, ticker.puzzles, ticker.done, ticker.total, ticker.elapsed, ticker.solver);
    lock.unlock();
    try {
      progress(*args);
    } catch (py::error_already_set& e) {
      e.restore();
      error = take_error();
      stop = true;
    }
  };
  for (bool finished = false; !finished;) {
    {
      py::gil_scoped_release nogil;
      std::unique_lock lock(m);
      finished = cv.wait_for(lock, 50ms, [&] { return done; });
    }
    if (error.is_none() && PyErr_CheckSignals() != 0) {
      error = take_error();
      stop = true;
    }
    report();
  }
  {
    py::gil_scoped_release nogil;
    worker.join();
  }
  if (failure) std::rethrow_exception(failure);
  return error;
}

// ---- Rows --------------------------------------------------------------------------------------

namespace {

/// The rows of a run as columns (RunConfig::on_row, serial writer stage: no lock needed).
struct Rows {
  std::vector<uint64_t> line, solutions, time_ns, guesses, backtracks, nodes;
  std::vector<uint16_t> solver;  // index into the run's solvers
  std::vector<uint8_t> status;
  std::vector<uint32_t> clues;
  std::vector<std::string> solution, extra;
  std::vector<uint64_t> message_at;  // rows with a message, and the messages
  std::vector<std::string> message;
  std::string_view current;  // the solver of the last row
  uint16_t current_index = 0;
  uint64_t first_invalid = UINT64_MAX;  // the first `invalid` row, for invalid="raise"
};

template <class T>
py::array_t<T> to_numpy(const std::vector<T>& v) {
  return py::array_t<T>(static_cast<py::ssize_t>(v.size()), v.data());
}

py::dict rows_dict(const Rows& r, bool solutions, bool extra) {
  py::dict d;
  d["line"] = to_numpy(r.line);
  d["solver"] = to_numpy(r.solver);
  d["status"] = to_numpy(r.status);
  d["solutions"] = to_numpy(r.solutions);
  d["clues"] = to_numpy(r.clues);
  d["time_ns"] = to_numpy(r.time_ns);
  d["guesses"] = to_numpy(r.guesses);
  d["backtracks"] = to_numpy(r.backtracks);
  d["nodes"] = to_numpy(r.nodes);
  if (solutions) d["solution"] = py::cast(r.solution);
  if (extra) d["extra"] = py::cast(r.extra);
  d["message_at"] = to_numpy(r.message_at);
  d["message"] = py::cast(r.message);
  return d;
}

const puzzle::SolverInfo& solver_named(const std::string& name) {
  if (const puzzle::SolverInfo* s = registry().find(name)) return *s;
  const std::string near = registry().suggest(name);
  throw std::invalid_argument(fmt::format("unknown solver '{}'{}; sudoku_bench.solvers() lists them", name,
                                          near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
}

}  // namespace

py::dict run_rows(const Input& input, const std::string& name, const std::function<void(puzzle::run::RunConfig&)>& configure,
                  uint64_t budget, int threads, bool solutions, bool stop_on_invalid, const py::object& progress) {
  puzzle::run::RunConfig cfg;
  cfg.files = {input.in_memory() ? name : input.file};
  cfg.open = input.opener();
  configure(cfg);
  const bool extra = cfg.extra_columns > 0;
  cfg.limits.budget = budget;
  cfg.threads = puzzle::thread_count(threads);
  cfg.solutions = solutions;
  std::atomic<bool> stop{false};
  cfg.stop = &stop;

  Rows rows;
  const std::size_t expect = input.size();
  for (auto* v : {&rows.line, &rows.solutions, &rows.time_ns, &rows.guesses, &rows.backtracks, &rows.nodes})
    v->reserve(expect * cfg.solvers.size());
  // The solution field as the CSV writes it (a Sudoku's line, a nonogram's picture, or blank).
  const puzzle::io::Column<puzzle::io::PuzzleRow>& solution_column = puzzle::io::rows_schema(true).columns().back();
  fmt::memory_buffer buf;
  cfg.on_row = [&](const puzzle::io::PuzzleRow& row, std::string_view extra_fields, std::string_view message) {
    if (row.solver != rows.current) {
      for (std::size_t i = 0; i < cfg.solvers.size(); ++i)
        if (cfg.solvers[i]->name == row.solver) rows.current_index = static_cast<uint16_t>(i);
      rows.current = cfg.solvers[rows.current_index]->name;
    }
    const uint64_t at = rows.line.size();
    rows.line.push_back(row.line);
    rows.solver.push_back(rows.current_index);
    rows.status.push_back(static_cast<uint8_t>(row.status));
    rows.solutions.push_back(row.solutions);
    rows.clues.push_back(row.clues);
    rows.time_ns.push_back(row.time_ns);
    rows.guesses.push_back(row.work.guesses);
    rows.backtracks.push_back(row.work.backtracks);
    rows.nodes.push_back(row.work.nodes);
    if (cfg.solutions) {
      buf.clear();
      solution_column.write(buf, row);
      rows.solution.emplace_back(buf.data(), buf.size());
    }
    if (extra) rows.extra.emplace_back(extra_fields);
    if (!message.empty()) {
      rows.message_at.push_back(at);
      rows.message.emplace_back(message);
    }
    if (row.status == puzzle::Status::invalid && rows.first_invalid == UINT64_MAX) {
      rows.first_invalid = at;
      if (stop_on_invalid) stop = true;
    }
  };
  Ticker ticker;
  std::size_t pass = 0;
  std::string_view pass_solver;
  cfg.on_progress = [&](const puzzle::run::Progress& p) {
    if (p.solver != pass_solver && !pass_solver.empty()) ++pass;
    pass_solver = p.solver;
    ticker.update(pass, p.puzzles, p.done, p.total, p.elapsed_s, p.solver);
  };

  puzzle::run::RunReport report;
  py::object error = run_waiting([&] { report = puzzle::run::run_passes(cfg); }, stop, ticker, progress);

  py::dict out = rows_dict(rows, cfg.solutions, extra);
  std::vector<std::string> names;
  for (const auto* s : cfg.solvers) names.emplace_back(s->name);
  out["solvers"] = names;
  fmt::memory_buffer summary;
  const auto& schema = puzzle::io::summary_schema();
  for (const auto& s : report.summaries) schema.write(summary, s);
  out["summary_csv"] = schema.header() + fmt::to_string(summary);
  out["read_errors"] = report.read_errors;
  out["interrupted"] = report.interrupted;
  out["first_invalid"] = rows.first_invalid == UINT64_MAX ? py::object(py::none()) : py::object(py::int_(rows.first_invalid));
  out["error"] = error;
  return out;
}

namespace {

/// solve / count: one driver run over `input` with each of `solvers` in turn, up to `limit`
/// solutions.
py::dict run(const py::tuple& input_spec, const std::string& name, const std::vector<std::string>& solver_names,
             uint64_t limit, uint64_t budget, int threads, bool solutions, bool stop_on_invalid, const py::object& progress) {
  std::vector<const puzzle::SolverInfo*> solvers;
  for (const std::string& n : solver_names) solvers.push_back(&solver_named(n));
  return run_rows(Input::from(input_spec), name, [&](puzzle::run::RunConfig& cfg) {
    cfg.solvers = solvers;
    cfg.limits.solutions = limit;
  }, budget, threads, solutions, stop_on_invalid, progress);
}

}  // namespace

// ---- Generation --------------------------------------------------------------------------------

/// Items [0, count) of `make_worker` on the generation driver: the output lines (as the CLI
/// writes them) and the stats CSV (as `--stats` writes it).
py::dict run_items(uint64_t count, int threads, const std::vector<puzzle::ItemColumn>& columns, const std::string& method,
                   std::function<std::unique_ptr<puzzle::ItemWorker>()> make_worker, const py::object& progress) {
  puzzle::run::GenerateConfig cfg;
  cfg.count = count;
  cfg.threads = puzzle::thread_count(threads);
  cfg.make_worker = std::move(make_worker);
  std::atomic<bool> stop{false};
  cfg.stop = &stop;
  std::vector<std::string> lines, problems;
  std::vector<uint64_t> problem_at;
  fmt::memory_buffer stats;
  const auto schema = puzzle::io::gen_stats_schema(columns);
  cfg.on_items = [&](const std::vector<puzzle::GenItem>& items) {
    for (const puzzle::GenItem& it : items) {
      std::string_view line = it.line;
      if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
      lines.emplace_back(line);
      schema.write(stats, puzzle::io::GenStatsRow{&it, method});
      if (!it.problem.empty()) problem_at.push_back(it.index), problems.push_back(it.problem);
    }
  };
  Ticker ticker;
  cfg.on_progress = [&](uint64_t done, double el) { ticker.update(0, done, done, count, el, method); };
  puzzle::run::GenerateReport report;
  py::object error = run_waiting([&] { report = puzzle::run::generate(cfg); }, stop, ticker, progress);
  py::dict out;
  out["lines"] = lines;
  out["stats_csv"] = schema.header() + fmt::to_string(stats);
  out["problem_at"] = problem_at;
  out["problems"] = problems;
  out["wall_s"] = report.wall_s;
  out["error"] = error;
  return out;
}

namespace {

/// generate: the options (their command-line text forms, from sudoku_bench.generate; the kinds'
/// own under "options", by name) checked and turned into a worker's spec by the library's
/// plan_generate, as `generate` does; an OptionError is a ValueError.
py::dict generate(uint64_t count, int threads, const py::dict& o, const py::object& progress) {
  puzzle::GenerateOptions opt;
  opt.registry = &registry();
  const auto text = [&](const char* key, std::string& out) { out = o[key].cast<std::string>(); };
  const auto flag = [&](const char* key, bool& out) { out = o[key].cast<bool>(); };
  text("kind", opt.kind), text("checker", opt.checker), text("verifier", opt.verifier);
  flag("solutions", opt.solutions), flag("verify", opt.verify);
  opt.seed = o["seed"].cast<uint64_t>();
  opt.max_attempts = o["max_attempts"].cast<uint64_t>();
  for (auto [name, value] : o["options"].cast<py::dict>()) opt.options[name.cast<std::string>()] = value.cast<std::string>();
  puzzle::GeneratePlan plan = puzzle::plan_generate(opt, puzzle::OptionStyle::python);
  py::dict out = run_items(count, threads, plan.columns, plan.method, plan.make_worker, progress);
  out["target"] = plan.target;
  return out;
}

}  // namespace

// ---- Solvers from outside ----------------------------------------------------------------------

puzzle::Registry& registry() {
  static puzzle::Registry session;
  return session;
}

std::vector<std::string> add_all(std::vector<puzzle::SolverInfo> infos) {
  for (const auto& i : infos)
    if (registry().find(i.name) != nullptr)
      throw std::invalid_argument(fmt::format("a solver named '{}' is registered already", i.name));
  std::vector<std::string> names;
  for (auto& i : infos) names.push_back(registry().add(std::move(i)).name);
  return names;
}

}  // namespace pymodule

using namespace pymodule;

PYBIND11_MODULE(_core, m) {
  m.doc() = "sudoku-bench's library: the C++ half of the sudoku_bench module (see sudoku_bench).";
  static py::exception<puzzle::io::InputError> input_error(m, "InputError", PyExc_OSError);
  static py::exception<puzzle::ext::LoadError> load_error(m, "LoadError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const puzzle::io::InputError& e) {
      input_error(e.what());
    } catch (const puzzle::ext::LoadError& e) {
      load_error(e.what());
    }
  });
  // The kinds' own parts first: they add their array shapes and size listers.
  add_kinds(m);

  m.def("solvers", [] {
    py::list out;
    for (const puzzle::SolverInfo& s : registry().solvers()) {
      std::vector<int> sizes;
      for (const auto& list : size_listers())
        if (!(sizes = list(s)).empty()) break;
      out.append(py::dict(py::arg("name") = s.name, py::arg("kind") = std::string(puzzle::to_string(s.kind)),
                          py::arg("sizes") = sizes, py::arg("description") = s.description,
                          py::arg("origin") = s.origin, py::arg("batch") = s.batch()));
    }
    return out;
  });
  m.def("default_solver", [](const py::tuple& spec) { return Input::from(spec).default_solver(); });
  m.def("input_kind", [](const py::tuple& spec) { return std::string(puzzle::to_string(Input::from(spec).kind())); });
  m.def("statuses", [] {
    std::vector<std::string> out;
    for (int i = 0; i < puzzle::kStatusCount; ++i) out.emplace_back(puzzle::to_string(static_cast<puzzle::Status>(i)));
    return out;
  });
  m.def("row_columns", [](bool solutions) { return puzzle::io::rows_schema(solutions).names(); });
  m.attr("DEFAULT_BUDGET") = puzzle::kDefaultBudget;

  m.def("run", &run, py::arg("input"), py::arg("name"), py::arg("solvers"), py::arg("limit"), py::arg("budget"),
        py::arg("threads"), py::arg("solutions"), py::arg("stop_on_invalid"), py::arg("progress"));
  m.def("generate", &generate);
  // The kinds' own generate options, from the table (generate/options.hpp): sudoku_bench.generate's
  // keyword arguments beyond the shared ones.
  m.def("generate_options", [] {
    py::list out;
    for (const puzzle::GenerateOption& o : puzzle::generate_options())
      out.append(py::dict(py::arg("name") = o.name, py::arg("help") = o.help, py::arg("default") = o.default_text,
                          py::arg("flag") = o.flag, py::arg("join") = o.join));
    return out;
  });

  m.def("add_exec", [](const std::string& name, const std::string& command, double timeout_s, bool batch) {
    puzzle::ext::check_solver_name(name);
    if (registry().find(name) != nullptr)
      throw std::invalid_argument(fmt::format("a solver named '{}' is registered already", name));
    std::vector<puzzle::SolverInfo> one;
    {
      py::gil_scoped_release nogil;  // starts the command and waits for its first answer
      one.push_back(batch ? puzzle::ext::exec_batch_solver(name, command, puzzle::ext::to_timeout(timeout_s))
                          : puzzle::ext::exec_solver(name, command, puzzle::ext::to_timeout(timeout_s)));
    }
    return add_all(std::move(one)).front();
  });
}
