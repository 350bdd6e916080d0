// Development tool for issue 16: where does our SE rater depart from the reference?
//
//   se_compare trace [SAMPLE] [-v] [-p N]   step traces of ../shared/datasets/se_steps_sample.txt:
//       per puzzle, match or the first differing step (ours and the reference's); -p N only
//       puzzle N (1-240) with every step; then the counts, and per technique of the reference's
//       departed step how many puzzles depart there.
//   se_compare steps [SAMPLE] [-t PREFIX] [-v]   every step judged on its own: our first hint
//       on the reference's grid before each of its steps; per technique (the reference's text up
//       to the colon) how many steps we match; -t keeps the steps whose reference text starts
//       with PREFIX, -v prints the mismatches.
//   se_compare er FILE.csv [-n N] [--source NAME] [--slow MS] [--reps K] [-v]   ER against a ratings CSV (puzzle and
//       se_rating columns; se_ratings_more.csv's dataset column filters with --source): exact
//       share, Spearman, per band, time per puzzle (--reps K: the median of K passes over the
//       file); -v prints each puzzle whose ER differs, --slow MS each that takes longer.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <iostream>
#include <map>

#include "se_reference.hpp"
#include "sudoku/logic/spearman.hpp"

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
  sudoku::se::Rater rater;
  int full = 0, er = 0;
  std::map<std::string, int> by_tech;
  for (std::size_t i = 0; i < sample.size(); ++i) {
    if (only != 0 && static_cast<int>(i + 1) != only) continue;
    const auto& ref = sample[i];
    if (only != 0) {
      std::vector<sudoku::se::Step> steps;
      const auto r = rater.rate(se_ref::grid_of(ref.puzzle), sudoku::se::kDefaultSeBudget, &steps);
      std::cout << "# puzzle " << ref.puzzle << "  ER " << ref.er << " (ours " << sudoku::se::tenths_text(r.er) << ")\n";
      for (std::size_t k = 0; k < std::max(steps.size(), ref.steps.size()); ++k) {
        if (k < ref.steps.size())
          std::cout << "ref  " << k + 1 << ' ' << ref.steps[k].rating << ' ' << ref.steps[k].text << " | " << ref.steps[k].effect << '\n';
        if (k < steps.size())
          std::cout << "ours " << k + 1 << ' ' << sudoku::se::tenths_text(sudoku::se::tenths(steps[k].rating)) << ' '
                    << steps[k].text << " | " << sudoku::se::effect_text(steps[k]) << '\n';
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

int er(int argc, char** argv) {
  if (argc < 3) return 2;
  std::string path = argv[2], source;
  std::size_t limit = 0;
  bool verbose = false;
  double slow = 0;  // list the puzzles that take longer (ms)
  int reps = 1;     // time each puzzle this many times, keep the median (a shared machine)
  for (int i = 3; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-v")) verbose = true;
    else if (!std::strcmp(argv[i], "--slow") && i + 1 < argc) slow = std::stod(argv[++i]);
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "-n") && i + 1 < argc) limit = std::stoul(argv[++i]);
    else if (!std::strcmp(argv[i], "--source") && i + 1 < argc) source = argv[++i];
  }
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  const bool has_source = line.rfind("dataset,", 0) == 0;
  struct Row {
    std::string puzzle;
    int ref;
    sudoku::Grid grid;
  };
  std::vector<Row> rows;
  while (std::getline(in, line) && (limit == 0 || rows.size() < limit)) {
    std::string src, puzzle, rating;
    std::istringstream ss(line);
    if (has_source) std::getline(ss, src, ',');
    std::getline(ss, puzzle, ',');
    std::getline(ss, rating, ',');
    if (!source.empty() && src != source) continue;
    rows.push_back(Row{puzzle, static_cast<int>(std::lround(std::stod(rating) * 10)), se_ref::grid_of(puzzle)});
  }
  // Every pass rates the puzzles one after another, as the reference's figures were made; a
  // puzzle's time is its median over the passes (the machine is shared).
  sudoku::se::Rater rater;
  std::vector<sudoku::se::Rating> ratings(rows.size());
  std::vector<std::vector<double>> passes(rows.size());
  for (int k = 0; k < reps; ++k)
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      ratings[i] = rater.rate(rows[i].grid);
      passes[i].push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
  std::vector<double> ours, theirs, times;
  std::map<int, std::pair<int, int>> band;  // reference tenths / 5 -> (equal, all)
  int equal = 0, budget = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& [puzzle, ref, grid] = rows[i];
    const auto& r = ratings[i];
    std::nth_element(passes[i].begin(), passes[i].begin() + reps / 2, passes[i].end());
    times.push_back(passes[i][static_cast<std::size_t>(reps / 2)]);
    budget += r.status == sudoku::se::Status::budget_exceeded;
    if (slow > 0 && times.back() > slow)
      std::cout << fmt::format("slow: {} ER {} {:.2f} ms (line {})\n", puzzle, sudoku::se::tenths_text(r.er), times.back(),
                               i + 2);
    ours.push_back(r.er / 10.0);
    theirs.push_back(ref / 10.0);
    const bool eq = r.er == ref;
    equal += eq;
    if (verbose && !eq)
      std::cout << fmt::format("differs: {} ER {} ours {} (line {})\n", puzzle, sudoku::se::tenths_text(ref),
                               sudoku::se::tenths_text(r.er), i + 2);
    auto& b = band[ref / 5];
    b.first += eq;
    ++b.second;
  }
  if (ours.empty()) return 1;
  std::sort(times.begin(), times.end());
  std::cout << fmt::format("puzzles {}  exact ER {} ({:.2f}%)  Spearman {:.4f}  budget_exceeded {}\n", ours.size(),
                           equal, 100.0 * equal / static_cast<double>(ours.size()),
                           ours.size() > 1 ? sudoku::logic::spearman(ours, theirs) : 1.0, budget);
  std::cout << fmt::format("time per puzzle ms: median {:.4f}  p90 {:.4f}  max {:.3f}  total {:.1f}\n",
                           times[times.size() / 2], times[times.size() * 9 / 10], times.back(),
                           [&] { double s = 0; for (double t : times) s += t; return s; }());
  for (auto& [k, b] : band)
    std::cout << fmt::format("  ER [{:.1f},{:.1f}): {}/{} exact\n", k * 0.5, k * 0.5 + 0.5, b.first, b.second);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && !std::strcmp(argv[1], "trace")) return trace(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "steps")) return steps(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "er")) return er(argc, argv);
  std::cerr << "usage: se_compare trace [SAMPLE] [-v] [-p N] | se_compare steps [SAMPLE] [-t PREFIX] [-v] | se_compare er FILE.csv [-n N] [--source NAME] [--slow MS] [--reps K] [-v]\n";
  return 2;
}
