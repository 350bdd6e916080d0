// Development tool: where does our SE rater depart from the reference?
//
//   se_compare trace [SAMPLE] [-v] [-p N]   step traces of ../shared/datasets/se_steps_sample.txt:
//       per puzzle, match or the first differing step (ours and the reference's); -p N only
//       puzzle N (1-240) with every step; then the counts, and per technique of the reference's
//       departed step how many puzzles depart there.
//   se_compare steps [SAMPLE] [-t PREFIX] [-v]   every step judged on its own: our first hint
//       on the reference's grid before each of its steps; per technique (the reference's text up
//       to the colon) how many steps we match; -t keeps the steps whose reference text starts
//       with PREFIX, -v prints the mismatches.
//   se_compare er FILE [-n N] [--skip N] [--source NAME] [--slow MS] [--reps K] [--cpu] [-v]   ER against a
//       ratings CSV (columns by name: puzzle, se_rating or er, and where present dataset, which
//       --source filters, ep and ed, reference_seconds): exact share (and of ER, EP and ED
//       together), Spearman, per band, time per puzzle (--reps K: the median of K passes over
//       the file) and, with the reference's times, the ratios by median, p90, max and total;
//       -v prints each puzzle that differs, --slow MS each that takes longer. A plain puzzle
//       file (one a line) has no reference: time, status and our ER per band. --cpu times the
//       thread's CPU time instead of the steady clock (a busy machine).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstring>
#include <iostream>
#include <map>

#include "measure/spearman.hpp"
#include "se_reference.hpp"

namespace {

int trace(int argc, char** argv) {
  std::string path = std::string(SUDOKU_SHARED_DATASETS) + "/se_steps_sample.txt";
  bool verbose = false;
  int only = 0;
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-v")) verbose = true;
    else if (!std::strcmp(argv[i], "-p") && i + 1 < argc) only = std::atoi(argv[++i]);
    else path = argv[i];
  }
  const auto sample = se_ref::read_sample(path);
  puzzle::sudoku::se::Rater rater;
  int full = 0, er = 0;
  std::map<std::string, int> by_tech;
  for (std::size_t i = 0; i < sample.size(); ++i) {
    if (only != 0 && static_cast<int>(i + 1) != only) continue;
    const auto& ref = sample[i];
    if (only != 0) {
      std::vector<puzzle::sudoku::se::Step> steps;
      const auto r = rater.rate(se_ref::grid_of(ref.puzzle), puzzle::sudoku::se::kDefaultSeBudget, &steps);
      std::cout << "# puzzle " << ref.puzzle << "  ER " << ref.er << " (ours " << puzzle::sudoku::se::tenths_text(r.er) << ")\n";
      for (std::size_t k = 0; k < std::max(steps.size(), ref.steps.size()); ++k) {
        if (k < ref.steps.size())
          std::cout << "ref  " << k + 1 << ' ' << ref.steps[k].rating << ' ' << ref.steps[k].text << " | " << ref.steps[k].effect << '\n';
        if (k < steps.size())
          std::cout << "ours " << k + 1 << ' ' << puzzle::sudoku::se::tenths_text(puzzle::sudoku::se::tenths(steps[k].rating)) << ' '
                    << steps[k].text << " | " << puzzle::sudoku::se::effect_text(steps[k]) << '\n';
      }
    }
    const auto c = se_ref::compare(rater, ref);
    full += c.full_match;
    er += c.er_equal;
    if (c.departs >= 0) {
      std::string tech = c.departs < static_cast<int>(ref.steps.size()) ? ref.steps[c.departs].text : "(end)";
      tech = tech.substr(0, tech.find(':'));
      ++by_tech[tech];
      if (verbose || only != 0)
        std::cout << i + 1 << " ER " << ref.er << " ours " << c.er << "  step " << c.departs + 1
                  << "\n  ref:  " << c.theirs << "\n  ours: " << c.ours << '\n';
    }
  }
  std::cout << "puzzles: " << (only ? 1 : sample.size()) << "  whole trace equal: " << full
            << "  ER equal: " << er << '\n';
  std::vector<std::pair<int, std::string>> v;
  for (auto& [k, n] : by_tech) v.emplace_back(n, k);
  std::sort(v.rbegin(), v.rend());
  for (auto& [n, k] : v) std::cout << "  departs at " << k << ": " << n << '\n';
  return 0;
}

int steps(int argc, char** argv) {
  std::string path = std::string(SUDOKU_SHARED_DATASETS) + "/se_steps_sample.txt", prefix;
  bool verbose = false;
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-v")) verbose = true;
    else if (!std::strcmp(argv[i], "-t") && i + 1 < argc) prefix = argv[++i];
    else path = argv[i];
  }
  const auto sample = se_ref::read_sample(path);
  std::map<std::string, std::pair<int, int>> by_tech;  // equal, all
  int equal = 0, all = 0;
  for (std::size_t p = 0; p < sample.size(); ++p) {
    const auto& ref = sample[p];
    for (const auto& c : se_ref::replay(ref)) {
      const auto& rs = ref.steps[c.step];
      if (!prefix.empty() && rs.text.rfind(prefix, 0) != 0) continue;
      std::string tech = rs.text.substr(0, rs.text.find(':'));
      auto& t = by_tech[tech];
      t.first += c.equal;
      ++t.second;
      equal += c.equal;
      ++all;
      if (verbose && !c.equal)
        std::cout << "puzzle " << p + 1 << " step " << c.step + 1 << "\n  ref:  " << rs.rating << ' ' << rs.text
                  << " | " << rs.effect << "\n  ours: " << c.ours << '\n';
    }
  }
  std::cout << "steps equal: " << equal << " / " << all << '\n';
  for (auto& [k, t] : by_tech)
    if (t.first != t.second) std::cout << "  " << k << ": " << t.first << " / " << t.second << '\n';
  return 0;
}

// The columns of a ratings CSV, by name: `puzzle` and `se_rating` or `er` (se_ratings_more.csv,
// the diabolical file), `dataset`; se_ratings_hardest.csv adds `ep`, `ed` and the reference's own
// time, `reference_seconds`. -1 where absent.
struct Columns {
  int dataset = -1, puzzle = -1, er = -1, ep = -1, ed = -1, seconds = -1;
};

std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream ss(line);
  std::string f;
  while (std::getline(ss, f, ',')) out.push_back(f);
  return out;
}

// Milliseconds: the steady clock (what the published figures use), or this thread's CPU time
// (--cpu: on a busy machine, the time the rating itself ran).
double now_ms(bool cpu) {
  if (cpu) {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
  }
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int tenths_of(const std::string& s) { return static_cast<int>(std::lround(std::stod(s) * 10)); }

// The element at n * num / den of the sorted values (median 1/2, p90 9/10, max 1/1).
double percentile(std::vector<double> v, std::size_t num, std::size_t den) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, v.size() * num / den)];
}

int er(int argc, char** argv) {
  if (argc < 3) return 2;
  std::string path = argv[2], source;
  std::size_t limit = 0, skip = 0;
  bool verbose = false;
  double slow = 0;  // list the puzzles that take longer (ms)
  int reps = 1;     // time each puzzle this many times, keep the median (a shared machine)
  bool cpu = false;  // the thread's CPU time instead of the steady clock
  for (int i = 3; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-v")) verbose = true;
    else if (!std::strcmp(argv[i], "--cpu")) cpu = true;
    else if (!std::strcmp(argv[i], "--slow") && i + 1 < argc) slow = std::stod(argv[++i]);
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "-n") && i + 1 < argc) limit = std::stoul(argv[++i]);
    else if (!std::strcmp(argv[i], "--skip") && i + 1 < argc) skip = std::stoul(argv[++i]);
    else if (!std::strcmp(argv[i], "--source") && i + 1 < argc) source = argv[++i];
  }
  std::ifstream in(path);
  if (!in) {
    std::cerr << path << ": cannot read\n";
    return 2;
  }
  std::string line;
  std::size_t comments = 0;
  while (std::getline(in, line) && line.starts_with("#")) ++comments;
  Columns col;
  // A plain puzzle file (one puzzle a line, `#` comments) has no reference: time and ER only.
  const bool plain = line.find(',') == std::string::npos && line.size() >= 81;
  if (plain) {
    col.puzzle = 0;
  } else {
    const auto names = split_csv(line);
    for (std::size_t k = 0; k < names.size(); ++k) {
      const auto& n = names[k];
      const int i = static_cast<int>(k);
      if (n == "dataset") col.dataset = i;
      else if (n == "puzzle") col.puzzle = i;
      else if (n == "se_rating" || n == "er") col.er = i;
      else if (n == "ep") col.ep = i;
      else if (n == "ed") col.ed = i;
      else if (n == "reference_seconds") col.seconds = i;
    }
    if (col.puzzle < 0 || col.er < 0) {
      std::cerr << path << ": no puzzle and se_rating (or er) columns\n";
      return 2;
    }
  }
  struct Row {
    std::string puzzle;
    int er, ep, ed;  // the reference's, tenths (-1: not in the file)
    double seconds;  // the reference's time, or -1
    puzzle::sudoku::Grid grid;
    std::size_t line;  // in the file, from 1
  };
  std::vector<Row> rows;
  std::size_t seen = 0, line_no = comments + (plain ? 0 : 1);
  for (bool first = plain; (first || std::getline(in, line)) && (limit == 0 || rows.size() < limit); first = false) {
    ++line_no;
    if (plain && (line.empty() || line.starts_with("#"))) continue;
    const auto f = split_csv(plain ? line.substr(0, 81) : line);
    auto at = [&](int k) { return k >= 0 && k < static_cast<int>(f.size()) ? f[static_cast<std::size_t>(k)] : std::string{}; };
    if (!source.empty() && at(col.dataset) != source) continue;
    if (seen++ < skip) continue;
    const std::string ep = at(col.ep), ed = at(col.ed), sec = at(col.seconds);
    rows.push_back(Row{at(col.puzzle), plain ? -1 : tenths_of(at(col.er)), ep.empty() ? -1 : tenths_of(ep),
                       ed.empty() ? -1 : tenths_of(ed), sec.empty() ? -1.0 : std::stod(sec),
                       se_ref::grid_of(at(col.puzzle)), line_no});
  }
  // Every pass rates the puzzles one after another, as the reference's figures were made; a
  // puzzle's time is its median over the passes (the machine is shared).
  puzzle::sudoku::se::Rater rater;
  std::vector<puzzle::sudoku::se::Rating> ratings(rows.size());
  std::vector<std::vector<double>> passes(rows.size());
  for (int k = 0; k < reps; ++k)
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const double t0 = now_ms(cpu);
      ratings[i] = rater.rate(rows[i].grid);
      passes[i].push_back(now_ms(cpu) - t0);
    }
  std::vector<double> ours, theirs, times, ref_ms;
  std::map<int, std::pair<int, int>> band;  // reference tenths / 5 -> (equal, all)
  int equal = 0, budget = 0, with_ep = 0, all_three = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    const auto& r = ratings[i];
    std::nth_element(passes[i].begin(), passes[i].begin() + reps / 2, passes[i].end());
    times.push_back(passes[i][static_cast<std::size_t>(reps / 2)]);
    if (row.seconds >= 0) ref_ms.push_back(row.seconds * 1000);
    budget += r.status == puzzle::sudoku::se::RatingStatus::budget_exceeded;
    if (slow > 0 && times.back() > slow)
      std::cout << fmt::format("slow: {} ER {} {:.2f} ms (line {}) {} work {}\n", row.puzzle, puzzle::sudoku::se::tenths_text(r.er),
                               times.back(), row.line, puzzle::sudoku::se::status_id(r.status), r.work);
    ours.push_back(r.er / 10.0);
    if (plain) {  // no reference: our ER's band
      ++band[r.er / 5].second;
      continue;
    }
    theirs.push_back(row.er / 10.0);
    const bool eq = r.er == row.er;
    equal += eq;
    const bool three = eq && r.ep == row.ep && r.ed == row.ed;
    if (row.ep >= 0) {
      ++with_ep;
      all_three += three;
    }
    if (verbose && (!eq || (row.ep >= 0 && !three))) {
      auto rated = [](int er, int ep, int ed) {
        return ep < 0 ? puzzle::sudoku::se::tenths_text(er)
                      : puzzle::sudoku::se::tenths_text(er) + '/' + puzzle::sudoku::se::tenths_text(ep) + '/' + puzzle::sudoku::se::tenths_text(ed);
      };
      std::cout << fmt::format("differs: {} ER {} ours {} (line {})\n", row.puzzle, rated(row.er, row.ep, row.ed),
                               rated(r.er, row.ep < 0 ? -1 : r.ep, r.ed), row.line);
    }
    auto& b = band[row.er / 5];
    b.first += eq;
    ++b.second;
  }
  if (ours.empty()) return 1;
  if (plain)
    std::cout << fmt::format("puzzles {} (no reference)  budget_exceeded {}\n", ours.size(), budget);
  else
    std::cout << fmt::format("puzzles {}  exact ER {} ({:.2f}%)  Spearman {:.4f}  budget_exceeded {}\n", ours.size(),
                             equal, 100.0 * equal / static_cast<double>(ours.size()),
                             ours.size() > 1 ? puzzle::measure::spearman(ours, theirs) : 1.0, budget);
  if (with_ep > 0) std::cout << fmt::format("ER, EP and ED all equal: {} of {}\n", all_three, with_ep);
  auto total = [](const std::vector<double>& v) {
    double s = 0;
    for (double t : v) s += t;
    return s;
  };
  std::cout << fmt::format("time per puzzle ms: median {:.4f}  p90 {:.4f}  max {:.3f}  total {:.1f}\n",
                           percentile(times, 1, 2), percentile(times, 9, 10), percentile(times, 1, 1), total(times));
  if (ref_ms.size() == times.size()) {
    // The reference's own times (the same statistics of its column), and the ratios.
    const double m = percentile(ref_ms, 1, 2), p = percentile(ref_ms, 9, 10), x = percentile(ref_ms, 1, 1), t = total(ref_ms);
    std::cout << fmt::format("reference ms: median {:.0f}  p90 {:.0f}  max {:.0f}  total {:.0f}\n", m, p, x, t);
    std::cout << fmt::format("ratio to the reference: median {:.0f}x  p90 {:.0f}x  max {:.0f}x  total {:.0f}x\n",
                             m / percentile(times, 1, 2), p / percentile(times, 9, 10), x / percentile(times, 1, 1),
                             t / total(times));
  }
  for (auto& [k, b] : band)
    if (plain)
      std::cout << fmt::format("  ER [{:.1f},{:.1f}): {}\n", k * 0.5, k * 0.5 + 0.5, b.second);
    else
      std::cout << fmt::format("  ER [{:.1f},{:.1f}): {}/{} exact\n", k * 0.5, k * 0.5 + 0.5, b.first, b.second);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && !std::strcmp(argv[1], "trace")) return trace(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "steps")) return steps(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "er")) return er(argc, argv);
  std::cerr << "usage: se_compare trace [SAMPLE] [-v] [-p N] | se_compare steps [SAMPLE] [-t PREFIX] [-v] | se_compare er FILE.csv [-n N] [--skip N] [--source NAME] [--slow MS] [--reps K] [--cpu] [-v]\n";
  return 2;
}
