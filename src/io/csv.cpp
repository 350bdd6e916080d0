#include "io/csv.hpp"

#include <array>
#include <charconv>
#include <ctime>
#include <stdexcept>
#include <utility>

#include "puzzle/build_info.hpp"
#include "puzzle/kinds.hpp"
#include "puzzle/machine.hpp"
#include "puzzle/simd.hpp"
#include "puzzle/split_csv.hpp"

namespace puzzle::io {

void append_csv_field(fmt::memory_buffer& out, std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
    out.append(field);
    return;
  }
  out.push_back('"');
  for (char c : field) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
}

std::vector<std::string> split_csv_line(std::string_view line) {
  std::vector<std::string_view> fields;
  std::string buf;
  split_csv(line, fields, buf);  // the readers' CSV splitter (core/split_csv.hpp)
  return {fields.begin(), fields.end()};
}

bool split_meta(std::string_view text, std::string& key, std::string& value) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return false;
  auto trim = [](std::string_view t) {
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    return std::string(t);
  };
  key = trim(text.substr(0, colon));
  value = trim(text.substr(colon + 1));
  return true;
}

std::string metadata_header(const Provenance& p) {
  const BuildInfo& b = build_info();
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
  std::string out;
  auto line = [&out](std::string_view k, std::string_view v) {
    std::string clean(v);
    for (char& c : clean)
      if (c == '\n' || c == '\r') c = ' ';
    out += fmt::format("# {}: {}\n", k, clean);
  };
  line("tool", fmt::format("sudoku-bench {}", b.version));
  line("git_revision", b.git_revision);
  line("compiler", b.compiler);
  line("build", b.build_type);
  line("flags", b.flags);
  line("cpu", cpu_model());
  line("simd", puzzle::simd::current());
  line("date", date);
  line("threads", std::to_string(p.threads));
  if (!p.command.empty()) line("command", p.command);
  for (const auto& [path, sha] : p.datasets)
    line("dataset", fmt::format("{} sha256={}", path,
                                !sha.empty() ? sha : path == "-" ? "n/a (stdin)" : "n/a (not a regular file)"));
  for (const auto& [k, v] : p.extra) line(k, v);
  return out;
}

namespace {

/// The solution field: the answer's text, as its kind writes it (kinds.hpp), or nothing.
void append_answer(fmt::memory_buffer& b, const Answer& a) {
  b.append(puzzle::Kinds::text(a));
}

using Buf = fmt::memory_buffer;
using column::put;

/// Reads a whole number field into `v`.
template <class T>
bool read_num(std::string_view s, T& v) {
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size() && !s.empty();
}

std::vector<Column<PuzzleRow>> rows_columns() {
  using R = PuzzleRow;
  // The readers (merge and resume read rows back) keep views into the line being read.
  return {
      {"file", [](Buf& b, const R& r) { append_csv_field(b, r.file); },
       [](std::string_view s, R& r) { return r.file = s, true; }},
      {"line", [](Buf& b, const R& r) { put(b, "{}", r.line); },
       [](std::string_view s, R& r) { return read_num(s, r.line); }},
      {"solver", [](Buf& b, const R& r) { b.append(r.solver); },
       [](std::string_view s, R& r) { return r.solver = s, true; }},
      {"status", [](Buf& b, const R& r) { b.append(to_string(r.status)); },
       [](std::string_view s, R& r) {
         for (int i = 0; i < kStatusCount; ++i)
           if (to_string(static_cast<Status>(i)) == s) return r.status = static_cast<Status>(i), true;
         return false;
       }},
      {"solutions", [](Buf& b, const R& r) { put(b, "{}", r.solutions); },
       [](std::string_view s, R& r) { return read_num(s, r.solutions); }},
      {"clues", [](Buf& b, const R& r) { put(b, "{}", r.clues); },
       [](std::string_view s, R& r) { return read_num(s, r.clues); }},
      {"time_ns", [](Buf& b, const R& r) { put(b, "{}", r.time_ns); },
       [](std::string_view s, R& r) { return read_num(s, r.time_ns); }},
      {"guesses", [](Buf& b, const R& r) { put(b, "{}", r.work.guesses); },
       [](std::string_view s, R& r) { return read_num(s, r.work.guesses); }},
      {"backtracks", [](Buf& b, const R& r) { put(b, "{}", r.work.backtracks); },
       [](std::string_view s, R& r) { return read_num(s, r.work.backtracks); }},
      {"nodes", [](Buf& b, const R& r) { put(b, "{}", r.work.nodes); },
       [](std::string_view s, R& r) { return read_num(s, r.work.nodes); }},
  };
}

}  // namespace

const Schema<PuzzleRow>& rows_schema(bool solutions) {
  static const Schema<PuzzleRow> plain(rows_columns());
  static const Schema<PuzzleRow> with_solution([] {
    auto c = rows_columns();
    c.push_back({"solution", [](Buf& b, const PuzzleRow& r) {
                   if (r.answer != nullptr) append_answer(b, *r.answer);
                 }});
    return c;
  }());
  return solutions ? with_solution : plain;
}

const Schema<Summary>& summary_schema() {
  using S = Summary;
  static const Schema<Summary> s{
      {"dataset", [](Buf& b, const S& r) { append_csv_field(b, r.dataset); }},
      {"solver", [](Buf& b, const S& r) { append_csv_field(b, r.solver); }},
      {"threads", [](Buf& b, const S& r) { put(b, "{}", r.threads); }},
      {"puzzles", [](Buf& b, const S& r) { put(b, "{}", r.puzzles); }},
      {"solved", [](Buf& b, const S& r) { put(b, "{}", r.found()); }},
      {"unique", [](Buf& b, const S& r) { put(b, "{}", r.count(Status::unique)); }},
      {"multiple", [](Buf& b, const S& r) { put(b, "{}", r.count(Status::multiple)); }},
      {"none", [](Buf& b, const S& r) { put(b, "{}", r.count(Status::none)); }},
      {"invalid", [](Buf& b, const S& r) { put(b, "{}", r.count(Status::invalid)); }},
      {"budget_exceeded", [](Buf& b, const S& r) { put(b, "{}", r.count(Status::budget_exceeded)); }},
      {"unsupported", [](Buf& b, const S& r) { put(b, "{}", r.count(Status::unsupported)); }},
      {"wrong", [](Buf& b, const S& r) { put(b, "{}", r.count(Status::wrong)); }},
      {"wall_s", [](Buf& b, const S& r) { put(b, r.wall_s, 6); }},
      {"puzzles_per_s", [](Buf& b, const S& r) { put(b, r.puzzles_per_s(), 1); }},
      {"mean_us", [](Buf& b, const S& r) { put(b, r.mean_us(), 3); }},
      {"median_us", [](Buf& b, const S& r) { put(b, r.quantile_us(0.5), 3); }},
      {"p90_us", [](Buf& b, const S& r) { put(b, r.quantile_us(0.9), 3); }},
      {"p99_us", [](Buf& b, const S& r) { put(b, r.quantile_us(0.99), 3); }},
      {"max_us", [](Buf& b, const S& r) { put(b, r.max_us(), 3); }},
      {"guesses_per_puzzle", [](Buf& b, const S& r) { put(b, r.guesses_per_puzzle(), 4); }},
      {"no_guess_pct", [](Buf& b, const S& r) { put(b, r.no_guess_pct(), 2); }},
      // External programs only (--exec, docs/exec.md): after the older columns, so that the
      // readers of those by position still work, and before `interrupted`, which stays last.
      {"timeout", [](Buf& b, const S& r) { put(b, "{}", r.count(Status::timeout)); }},
      {"error", [](Buf& b, const S& r) { put(b, "{}", r.count(Status::error)); }},
      {"interrupted", [](Buf& b, const S& r) { b.push_back(r.interrupted ? '1' : '0'); }},
  };
  return s;
}

Schema<GenStatsRow> gen_stats_schema(std::span<const ItemColumn> extra) {
  using G = GenStatsRow;
  std::vector<Column<G>> c{
      {"index", [](Buf& b, const G& r) { put(b, "{}", r.item->index); }},
      {"method", [](Buf& b, const G& r) { b.append(r.method); }},
      {"attempts", [](Buf& b, const G& r) { put(b, "{}", r.item->stats.attempts); }},
      {"restarts", [](Buf& b, const G& r) { put(b, "{}", r.item->stats.restarts); }},
      {"placements", [](Buf& b, const G& r) { put(b, "{}", r.item->stats.placements); }},
      {"checks", [](Buf& b, const G& r) { put(b, "{}", r.item->stats.checks); }},
      {"time_ns", [](Buf& b, const G& r) { put(b, "{}", r.item->time_ns); }},
      {"clues", [](Buf& b, const G& r) { put(b, "{}", r.item->clues); }},
      {"target", [](Buf& b, const G& r) {  // blank without a clue target
         if (r.item->target > 0) put(b, "{}", r.item->target);
       }},
      {"reached", [](Buf& b, const G& r) { b.push_back(r.item->ok ? '1' : '0'); }},
  };
  // The plan's columns: column K writes the item's extra[K] (a distinct function per K: a
  // template over it), blank when the item has fewer values.
  if (extra.size() > kMaxItemColumns)
    throw std::logic_error(fmt::format("{} extra stats columns; at most {}", extra.size(), kMaxItemColumns));
  static constexpr auto writers = []<std::size_t... K>(std::index_sequence<K...>) {
    return std::array<void (*)(Buf&, const G&), sizeof...(K)>{[](Buf& b, const G& r) {
      if (K < r.item->extra.size()) append_csv_field(b, r.item->extra[K]);
    }...};
  }(std::make_index_sequence<kMaxItemColumns>{});
  for (std::size_t k = 0; k < extra.size(); ++k) c.push_back({extra[k].name, writers[k]});
  return Schema<G>(std::move(c));
}

}  // namespace puzzle::io
