#include "run/canon.hpp"

#include <chrono>
#include <vector>

#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include "puzzle/machine.hpp"
#include "run/pool.hpp"
#include "sudoku/generate/canon.hpp"
#include "sudoku/sudoku_parse.hpp"

namespace puzzle::run {
namespace {

using Clock = std::chrono::steady_clock;

struct CanonSlice {
  io::RawSlice raw;
  std::vector<sudoku::Grid> out;            // per record: the line's grid (form or as read)
  std::vector<sudoku::Fingerprint> prints;  // per record: its form's fingerprint
  std::vector<std::string> errors;          // per record: why it was skipped, or empty
};

}  // namespace

CanonReport canonical_pass(const CanonConfig& cfg) {
  const int threads = thread_count(cfg.threads);
  detail::Threads cores(threads);
  tbb::task_arena& arena = cores.arena;
  CanonReport report;
  sudoku::FingerprintSet seen;
  const auto start = Clock::now();
  uint64_t read = 0;
  arena.execute([&] {
    detail::SlicePool<CanonSlice> pool;
    bool done = false;
    tbb::parallel_pipeline(
        static_cast<std::size_t>(threads * 4),
        tbb::make_filter<void, CanonSlice*>(
            tbb::filter_mode::serial_in_order,
            [&](tbb::flow_control& fc) -> CanonSlice* {
              if (!done && cfg.stop != nullptr && cfg.stop->load(std::memory_order_relaxed)) {
                report.interrupted = true;
                done = true;
              }
              CanonSlice* s = done ? nullptr : pool.get();
              if (s != nullptr && !cfg.in->read(s->raw, cfg.slice_records)) {
                pool.put(s);
                s = nullptr;
                done = true;
              }
              if (s == nullptr) fc.stop();
              return s;
            }) &
            tbb::make_filter<CanonSlice*, CanonSlice*>(
                tbb::filter_mode::parallel,
                [&](CanonSlice* s) {
                  const std::size_t n = s->raw.records.size();
                  s->out.resize(n);
                  s->prints.resize(n);
                  s->errors.resize(n);
                  for (std::size_t i = 0; i < n; ++i) {
                    sudoku::Parsed p = sudoku::parse_record(cfg.in->format(), s->raw.record(i));
                    s->errors[i] = std::move(p.error);
                    if (s->errors[i].empty() && p.puzzle.box() != 3)
                      s->errors[i] = "the canonical form is for 9x9 puzzles and grids";
                    if (!s->errors[i].empty()) continue;
                    const sudoku::Grid form = sudoku::minlex(p.puzzle);
                    s->prints[i] = sudoku::fingerprint(form);
                    s->out[i] = cfg.canonical ? form : p.puzzle;
                  }
                  return s;
                }) &
            tbb::make_filter<CanonSlice*, void>(tbb::filter_mode::serial_in_order, [&](CanonSlice* s) {
              std::string text;
              for (std::size_t i = 0; i < s->raw.records.size(); ++i) {
                if (!s->errors[i].empty()) {
                  ++report.skipped;
                  if (cfg.on_skip) cfg.on_skip(s->raw.records[i].line, s->errors[i]);
                  continue;
                }
                ++report.puzzles;
                if (cfg.dedupe && !seen.insert(s->prints[i])) continue;
                text += sudoku::to_line(s->out[i]);
                text += '\n';
                ++report.written;
              }
              if (cfg.write) cfg.write(text);
              read += s->raw.records.size();
              if (cfg.on_progress) cfg.on_progress(read, std::chrono::duration<double>(Clock::now() - start).count());
              pool.put(s);
            }));
  });
  if (!cfg.in->error().empty()) throw io::InputError(cfg.in->error());
  report.set_bytes = seen.bytes();
  report.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  return report;
}

}  // namespace puzzle::run
