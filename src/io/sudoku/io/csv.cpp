#include "sudoku/io/csv.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>

#include "sudoku/build_info.hpp"
#include "sudoku/machine.hpp"

namespace sudoku {

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
  line("date", date);
  line("threads", std::to_string(p.threads));
  if (!p.command.empty()) line("command", p.command);
  for (const auto& [path, sha] : p.datasets)
    line("dataset", fmt::format("{} sha256={}", path, sha.empty() ? "n/a (stdin)" : sha));
  for (const auto& [k, v] : p.extra) line(k, v);
  return out;
}

std::string summary_csv_header() {
  return "dataset,solver,threads,puzzles,solved,unique,multiple,none,invalid,budget_exceeded,"
         "unsupported,wrong,wall_s,puzzles_per_s,mean_us,median_us,p90_us,p99_us,max_us,"
         "guesses_per_puzzle,no_guess_pct,interrupted\n";
}

std::string summary_csv_row(const Summary& s) {
  fmt::memory_buffer out;
  append_csv_field(out, s.dataset);
  out.push_back(',');
  append_csv_field(out, s.solver);
  fmt::format_to(std::back_inserter(out), ",{},{},{},{},{},{},{},{},{},{},{:.6f},{:.1f},{:.3f},{:.3f},{:.3f},{:.3f},{:.3f},{:.4f},{:.2f},{}\n",
                 s.threads, s.puzzles, s.found(), s.count(Status::unique),
                 s.count(Status::multiple), s.count(Status::none), s.count(Status::invalid),
                 s.count(Status::budget_exceeded), s.count(Status::unsupported),
                 s.count(Status::wrong), s.wall_s, s.puzzles_per_s(), s.mean_us(),
                 s.quantile_us(0.5), s.quantile_us(0.9), s.quantile_us(0.99), s.max_us(),
                 s.guesses_per_puzzle(), s.no_guess_pct(), s.interrupted ? 1 : 0);
  return fmt::to_string(out);
}

void write_all(std::FILE* f, std::string_view data, const std::string& what) {
  if (data.empty()) return;
  if (std::fwrite(data.data(), 1, data.size(), f) != data.size())
    throw std::runtime_error(fmt::format("{}: write failed: {}", what, std::strerror(errno)));
}

}  // namespace sudoku
