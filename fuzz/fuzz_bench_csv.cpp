// libFuzzer target: the bench CSV reader of `regress` (puzzle::measure::parse_bench_csv). It must either
// return rows or throw std::runtime_error naming the file and line (any other exception, a crash
// or a sanitizer report is a finding). What it returns must keep the two properties regress
// relies on: bench CSVs may be concatenated (the text twice reads as the rows twice: the repeated
// header is skipped, the `#` lines are metadata again), and a file cut after any whole line
// reads as a prefix of the rows (a bench stopped half-way keeps what it measured).
#include <cmath>
#include <stdexcept>

#include "fuzz_common.hpp"
#include "measure/bench.hpp"

namespace {

const std::string kName = "fuzz.csv";

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

bool same_row(const puzzle::measure::BenchRow& a, const puzzle::measure::BenchRow& b) {
  return a.dataset == b.dataset && a.solver == b.solver && a.threads == b.threads && a.rep == b.rep &&
         a.puzzles == b.puzzles && a.passes == b.passes && same(a.wall_s, b.wall_s) &&
         same(a.puzzles_per_s, b.puzzles_per_s) && same(a.mean_us, b.mean_us) &&
         same(a.median_us, b.median_us) && same(a.p90_us, b.p90_us) && same(a.p99_us, b.p99_us) &&
         same(a.max_us, b.max_us) && same(a.guesses_per_puzzle, b.guesses_per_puzzle) &&
         same(a.no_guess_pct, b.no_guess_pct) && same(a.ratio_to_baseline, b.ratio_to_baseline) &&
         a.nodes == b.nodes && a.guesses_total == b.guesses_total &&
         a.backtracks_total == b.backtracks_total && a.found == b.found && a.unique == b.unique &&
         a.multiple == b.multiple && a.none == b.none && a.invalid == b.invalid &&
         a.budget_exceeded == b.budget_exceeded && a.unsupported == b.unsupported && a.wrong == b.wrong;
}

/// Whether rows[offset, offset + want.size()) are `want`.
bool rows_at(const std::vector<puzzle::measure::BenchRow>& rows, std::size_t offset,
             const std::vector<puzzle::measure::BenchRow>& want) {
  if (rows.size() < offset + want.size()) return false;
  for (std::size_t i = 0; i < want.size(); ++i)
    if (!same_row(rows[offset + i], want[i])) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  puzzle::measure::BenchFile file;
  try {
    file = puzzle::measure::parse_bench_csv(text, kName);
  } catch (const std::runtime_error& e) {
    const std::string_view what = e.what();
    FUZZ_CHECK(what.starts_with(kName + ":"), "error '{}' does not name the file", fuzz::escaped(what));
    return 0;
  }
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  FUZZ_CHECK(file.rows.size() + file.meta.size() < lines, "{} rows and {} meta lines from {} lines",
             file.rows.size(), file.meta.size(), lines);

  // Concatenated with itself: the rows twice, the metadata twice.
  const std::string twice = std::string(text) + "\n" + std::string(text);
  const puzzle::measure::BenchFile both = puzzle::measure::parse_bench_csv(twice, kName);  // must not throw
  FUZZ_CHECK(both.rows.size() == 2 * file.rows.size() && both.meta.size() == 2 * file.meta.size() &&
                 rows_at(both.rows, 0, file.rows) && rows_at(both.rows, file.rows.size(), file.rows),
             "{} rows and {} meta twice read as {} and {}", file.rows.size(), file.meta.size(),
             both.rows.size(), both.meta.size());

  // Cut after each whole line that follows the header (the first line that is neither blank
  // nor `#`): the rows of a prefix.
  bool header_seen = false;
  int cuts = 0;
  for (std::size_t pos = 0; pos < text.size() && cuts < 64;) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    std::string_view line = text.substr(pos, end - pos);
    if (line.ends_with('\r')) line.remove_suffix(1);
    pos = end + 1;
    if (!header_seen) {
      header_seen = !line.empty() && line.front() != '#';
      continue;
    }
    ++cuts;
    const puzzle::measure::BenchFile part = puzzle::measure::parse_bench_csv(text.substr(0, std::min(pos, text.size())), kName);
    FUZZ_CHECK(part.rows.size() <= file.rows.size() && rows_at(file.rows, 0, part.rows) &&
                   part.meta.size() <= file.meta.size(),
               "the first {} bytes read as {} rows, not a prefix of the {} rows", pos,
               part.rows.size(), file.rows.size());
  }
  return 0;
}
