// The tournament harness: reads a computer-tournament question file (and its
// solution file, when given) with the tournament reader, solves every puzzle with the
// nonogram search under a per-puzzle time limit, verifies every answer, and prints the
// totals, the slowest puzzles and, with --csv, one row per puzzle. A development and
// measurement tool (not a test: its times depend on the machine); scripts/nonogram_figures.sh
// runs it.
//
//   nonogram_tournament QUESTIONS [SOLUTIONS] [--limit N] [--time-limit S] [--first N]
//                       [--from N] [--csv FILE]
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "nonogram/formats.hpp"
#include "nonogram/search.hpp"

namespace ng = puzzle::nonogram;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    fmt::print(stderr, "cannot read {}\n", path);
    std::exit(2);
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// This thread's CPU time in microseconds: the machine is shared, so wall time would count
/// the other processes' turns.
double cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  uint64_t limit = 1;
  double time_limit = 10;
  long first = -1, from = 0;
  std::string csv;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&] {
      if (i + 1 >= argc) {
        fmt::print(stderr, "{} needs a value\n", a);
        std::exit(2);
      }
      return std::string(argv[++i]);
    };
    if (a == "--limit") limit = std::stoull(next());
    else if (a == "--time-limit") time_limit = std::stod(next());
    else if (a == "--first") first = std::stol(next());
    else if (a == "--from") from = std::stol(next());
    else if (a == "--csv") csv = next();
    else files.push_back(a);
  }
  if (files.empty() || files.size() > 2) {
    fmt::print(stderr, "usage: nonogram_tournament QUESTIONS [SOLUTIONS] [--limit N] [--time-limit S] "
                       "[--first N] [--from N] [--csv FILE]\n");
    return 2;
  }
  const std::string qtext = slurp(files[0]);
  const std::string stext = files.size() > 1 ? slurp(files[1]) : std::string();
  const auto records = ng::tournament_records(qtext);
  const auto sol_records = ng::tournament_records(stext);
  std::FILE* out = csv.empty() ? nullptr : std::fopen(csv.c_str(), "w");
  if (out) std::fprintf(out, "number,status,solutions,cpu_us,probes,conflicts,line_solves,left\n");

  ng::Search search;
  struct Row {
    long number;
    double us;
  };
  std::vector<Row> times;
  int solved = 0, unique = 0, multiple = 0, none = 0, over = 0, bad = 0, differ = 0;
  double total_us = 0;
  uint64_t probes = 0, conflicts = 0;
  const long end = first < 0 ? static_cast<long>(records.size()) : std::min<long>(from + first, static_cast<long>(records.size()));
  for (long i = from; i < end; ++i) {
    ng::Puzzle p;
    long number = 0;
    ng::FormatError err;
    if (!ng::parse_tournament(records[i].text, p, number, err)) {
      fmt::print("{}:{}: {}\n", files[0], records[i].line + err.line - 1, err.message);
      ++bad;
      continue;
    }
    ng::SearchLimits lim;
    lim.solutions = limit;
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpu_us();
    lim.stop.deadline = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(time_limit));
    const ng::SearchResult r = search.run(p, lim);
    (void)t0;
    const double us = cpu_us() - c0;
    total_us += us;
    times.push_back({number, us});
    probes += r.probes, conflicts += r.conflicts;
    std::string status;
    if (r.end != ng::SearchResult::End::complete) {
      status = "budget_exceeded";
      ++over;
    } else if (r.solutions == 0) {
      status = "none";
      ++none;
    } else if (limit == 1) {
      status = "solved";
      ++solved;
    } else if (r.solutions == 1) {
      status = "unique";
      ++unique;
    } else {
      status = "multiple";
      ++multiple;
    }
    if (r.solutions > 0) {
      if (auto why = ng::check_picture(p, r.first)) {
        fmt::print("${}: WRONG: {}\n", number, *why);
        ++bad;
      }
      if (static_cast<std::size_t>(i) < sol_records.size()) {
        ng::Picture known;
        long n2 = 0;
        if (ng::parse_tournament_solution(sol_records[i].text, p.width, p.height, known, n2, err)) {
          if (n2 != number) fmt::print("${}: the solution file's record {} is ${}\n", number, i + 1, n2);
          if (ng::check_picture(p, known)) fmt::print("${}: the known solution does not fit the clues\n", number);
          if (!(known == r.first)) {
            ++differ;
            if (status == "unique") fmt::print("${}: WRONG: unique, but the known solution differs\n", number), ++bad;
          }
        } else {
          fmt::print("{}:{}: {}\n", files[1], sol_records[i].line + err.line - 1, err.message);
        }
      }
    } else if (r.end == ng::SearchResult::End::complete && !stext.empty()) {
      fmt::print("${}: WRONG: none, but the file gives a solution\n", number);
      ++bad;
    }
    if (out)
      std::fprintf(out, "%ld,%s,%llu,%.1f,%llu,%llu,%llu,%d\n", number, status.c_str(),
                   static_cast<unsigned long long>(r.solutions), us, static_cast<unsigned long long>(r.probes),
                   static_cast<unsigned long long>(r.conflicts), static_cast<unsigned long long>(r.line_solves), r.left);
  }
  if (out) std::fclose(out);
  std::sort(times.begin(), times.end(), [](const Row& a, const Row& b) { return a.us > b.us; });
  fmt::print("{}: {} puzzles, limit {}: solved {} unique {} multiple {} none {} over-time {} wrong/bad {} "
             "(answer != file's picture: {})\n",
             files[0], times.size(), limit, solved, unique, multiple, none, over, bad, differ);
  fmt::print("total {:.3f} s of CPU, probes {}, conflicts {}\n", total_us / 1e6, probes, conflicts);
  fmt::print("slowest:");
  for (std::size_t i = 0; i < std::min<std::size_t>(10, times.size()); ++i)
    fmt::print(" ${} {:.1f} ms", times[i].number, times[i].us / 1000);
  fmt::print("\n");
  return bad == 0 && over == 0 ? 0 : 1;
}
