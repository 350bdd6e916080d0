#include "cli/table.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>

namespace puzzle::cli {

std::string Table::render(std::size_t left) const {
  std::vector<std::size_t> w(header_.size(), 0);
  auto widen = [&w](const std::vector<std::string>& r) {
    for (std::size_t i = 0; i < r.size() && i < w.size(); ++i) w[i] = std::max(w[i], r[i].size());
  };
  widen(header_);
  for (const auto& r : rows_) widen(r);
  std::string out;
  auto line = [&](const std::vector<std::string>& r) {
    std::string l;
    for (std::size_t i = 0; i < w.size(); ++i) {
      const std::string& cell = i < r.size() ? r[i] : std::string();
      if (i > 0) l += "  ";
      l += i < left ? fmt::format("{:<{}}", cell, w[i]) : fmt::format("{:>{}}", cell, w[i]);
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out += l + "\n";
  };
  line(header_);
  std::size_t total = 0;
  for (std::size_t x : w) total += x + 2;
  out += std::string(total > 2 ? total - 2 : 0, '-') + "\n";
  for (const auto& r : rows_) line(r);
  return out;
}

std::string human(double v, int decimals) {
  if (!std::isfinite(v)) return "-";
  const std::string digits = fmt::format("{:.{}f}", std::fabs(v), decimals);
  const std::size_t dot = std::min(digits.find('.'), digits.size());
  std::string out;
  if (v < 0) out.push_back('-');
  for (std::size_t i = 0; i < digits.size(); ++i) {  // a comma before each group of three
    if (i > 0 && i < dot && (dot - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

std::string short_name(const std::string& path) {
  return path == "-" ? "stdin" : std::filesystem::path(path).filename().string();
}
std::string micro(double us) {
  if (!std::isfinite(us)) return "-";  // no per-puzzle time (--exec-batch)
  return us >= 100 ? human(us, 0) : fmt::format("{:.2f}", us);
}

std::string summary_tables(const std::vector<puzzle::Summary>& sums, bool ratio) {
  using puzzle::Status;
  // timeout and error come only from external programs (--exec): shown when one happened.
  const bool ext = std::any_of(sums.begin(), sums.end(), [](const puzzle::Summary& s) {
    return s.count(Status::timeout) + s.count(Status::error) > 0;
  });
  std::vector<std::string> outcome_head = {"dataset", "solver", "puzzles", "solved", "unique",
                                           "multiple", "none", "invalid", "budget", "unsupp.",
                                           "wrong"};
  if (ext) outcome_head.insert(outcome_head.end(), {"timeout", "error"});
  Table outcome(outcome_head);
  std::vector<std::string> speed_head = {"dataset", "solver", "threads", "wall s", "puzzles/s",
                                         "mean µs", "median", "p90", "p99", "max µs",
                                         "guesses/pz", "%no-guess"};
  if (ratio) speed_head.push_back("vs first");
  Table speed(speed_head);
  const puzzle::Summary* first = nullptr;
  for (const auto& s : sums) {
    if (first == nullptr || first->dataset != s.dataset) first = &s;
    const std::string ds = short_name(s.dataset) + (s.interrupted ? " (stopped)" : "");
    std::vector<std::string> counts = {
        ds, s.solver, human(double(s.puzzles)), human(double(s.found())),
        human(double(s.count(Status::unique))), human(double(s.count(Status::multiple))),
        human(double(s.count(Status::none))), human(double(s.count(Status::invalid))),
        human(double(s.count(Status::budget_exceeded))),
        human(double(s.count(Status::unsupported))), human(double(s.count(Status::wrong)))};
    if (ext)
      counts.insert(counts.end(), {human(double(s.count(Status::timeout))),
                                   human(double(s.count(Status::error)))});
    outcome.add(std::move(counts));
    std::vector<std::string> row = {ds, s.solver, std::to_string(s.threads),
                                    // unknown after a merge or a resume: rows of several runs
                                    std::isfinite(s.wall_s) ? fmt::format("{:.3f}", s.wall_s) : "-",
                                    std::isfinite(s.wall_s) ? human(s.puzzles_per_s()) : "-",
                                    micro(s.mean_us()),
                                    micro(s.quantile_us(0.5)), micro(s.quantile_us(0.9)),
                                    micro(s.quantile_us(0.99)), micro(s.max_us()),
                                    fmt::format("{:.2f}", s.guesses_per_puzzle()),
                                    fmt::format("{:.1f}", s.no_guess_pct())};
    if (ratio) {
      const double base = first->puzzles_per_s();
      row.push_back(base > 0 && s.ran() > 0 ? fmt::format("{:.2f}x", s.puzzles_per_s() / base) : "-");
    }
    speed.add(std::move(row));
  }
  std::string out = outcome.render(2);
  out += '\n';
  out += speed.render(2);
  return out;
}

}  // namespace puzzle::cli
