// The canonical form (sudoku/generate/canon.hpp) against a brute force over every isomorph, on
// transform's isomorphs, and `transform --canonical` / `--dedupe` end to end.
#include <algorithm>
#include <array>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <gtest/gtest.h>

#include "puzzle/rng.hpp"
#include "sudoku/generate/canon.hpp"
#include "sudoku/generate/generator.hpp"
#include "sudoku/generate/transform.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

using puzzle::sudoku::Grid;
using puzzle::sudoku::minlex;

namespace {

/// The minlex form by brute force: every one of the 2 * 1296 * 1296 cell orders, each relabelled
/// by first appearance (the smallest relabelling of a fixed order), compared cell by cell with
/// the best so far (a comparison stops at the first cell that differs; no order is skipped).
Grid canon_brute(const Grid& in) {
  constexpr int kP[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  uint8_t g[2][81];
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c)
      g[0][r * 9 + c] = static_cast<uint8_t>(in.at(r, c)), g[1][c * 9 + r] = static_cast<uint8_t>(in.at(r, c));
  std::vector<std::array<uint8_t, 9>> orders;  // the 1,296 line orders that keep bands
  for (int bp = 0; bp < 6; ++bp)
    for (int p0 = 0; p0 < 6; ++p0)
      for (int p1 = 0; p1 < 6; ++p1)
        for (int p2 = 0; p2 < 6; ++p2) {
          const int p[3] = {p0, p1, p2};
          std::array<uint8_t, 9> o{};
          for (int b = 0; b < 3; ++b)
            for (int x = 0; x < 3; ++x) o[3 * b + x] = static_cast<uint8_t>(3 * kP[bp][b] + kP[p[b]][x]);
          orders.push_back(o);
        }
  uint8_t best[81];
  std::memset(best, 0xff, sizeof best);
  for (int t = 0; t < 2; ++t)
    for (const auto& ro : orders)
      for (const auto& co : orders) {
        uint8_t lab[10] = {0}, buf[81];
        uint8_t next = 1;
        bool less = false;
        int i = 0;
        for (; i < 81; ++i) {
          const uint8_t d = g[t][9 * ro[i / 9] + co[i % 9]];
          if (d != 0 && lab[d] == 0) lab[d] = next++;
          buf[i] = lab[d];
          if (!less) {
            if (buf[i] > best[i]) break;
            if (buf[i] < best[i]) less = true;
          }
        }
        if (i == 81 && less) std::memcpy(best, buf, 81);
      }
  Grid out(3);
  for (int i = 0; i < 81; ++i) out.set(i, best[i]);
  return out;
}

/// Every `step`-th puzzle of a shared dataset, up to `n`.
std::vector<Grid> canon_sample(const std::string& file, std::size_t n, std::size_t step) {
  std::vector<Grid> out;
  const auto recs = test::load(test::shared(file), n * step);
  for (std::size_t i = 0; i < recs.size() && out.size() < n; i += step) out.push_back(recs[i].parsed.puzzle);
  return out;
}

std::vector<Grid> canon_grids(std::size_t n) {
  const auto* gen = puzzle::sudoku::find_generator("restart-dfs");
  auto g = gen->make();
  std::vector<Grid> out;
  puzzle::GenStats stats;
  for (std::size_t i = 0; i < n; ++i) {
    puzzle::ItemRng rng = puzzle::item_rng(47, i);
    Grid grid(3);
    EXPECT_TRUE(g->fill(3, rng, grid, stats));
    out.push_back(grid);
  }
  return out;
}

std::string canon_text(const Grid& g) { return puzzle::sudoku::to_line(g); }

}  // namespace

TEST(Canon, KnownForms) {
  Grid empty(3);
  EXPECT_EQ(minlex(empty), empty);
  Grid one(3);
  one.set(40, 7);  // a single given goes to the last cell, as 1
  Grid last(3);
  last.set(80, 1);
  EXPECT_EQ(minlex(one), last);
  // The forum's smallest full grid is its own form; a relabelled, transposed copy maps to it.
  const Grid mg = test::parse("123456789456789123789123456214365897365897214897214365531642978642978531978531642");
  EXPECT_EQ(canon_text(minlex(mg)), canon_text(mg));
  puzzle::ItemRng rng = puzzle::item_rng(3, 3);
  EXPECT_EQ(minlex(puzzle::sudoku::Transform::random(3, rng).apply(mg)), mg);
}

TEST(Canon, EqualsBruteForceOnASample) {
  // A few seconds in a Release build; scripts/canon_check.sh runs the full check (250 puzzles,
  // 50 grids: the DISABLED_ test below) and results/canonical.md has its output.
  std::vector<Grid> sample = canon_sample("forum_hardest_1106.txt", 2, 300);
  for (const Grid& g : canon_sample("17_clue.txt", 2, 9000)) sample.push_back(g);
  // A line of 17_clue.txt, whose header says its puzzles are in minlex form: 1,505 of its 49,158
  // are not in the forum's (this one's form is smaller: "................12..1.34...").
  sample.push_back(test::parse("................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8."));
  sample.push_back(canon_grids(1).front());
  for (const Grid& g : sample) EXPECT_EQ(canon_text(minlex(g)), canon_text(canon_brute(g))) << canon_text(g);
}

TEST(Canon, DISABLED_EqualsBruteForceOn250PuzzlesAnd50Grids) {
  std::vector<Grid> sample;
  for (const auto& [file, n, step] : {std::tuple<const char*, std::size_t, std::size_t>{"17_clue.txt", 100, 491},
                                      {"forum_hardest_1106.txt", 50, 7},
                                      {"sudoku_exchange_diabolical.txt", 50, 790},
                                      {"bug_plus_n.txt", 30, 1},
                                      {"magictour_top1465.txt", 20, 73}})
    for (const Grid& g : canon_sample(file, n, step)) sample.push_back(g);
  for (const Grid& g : canon_grids(50)) sample.push_back(g);
  std::size_t compared = 0, puzzles = 0, mismatches = 0;
  for (const Grid& g : sample) {
    const bool same = canon_text(minlex(g)) == canon_text(canon_brute(g));
    EXPECT_TRUE(same) << canon_text(g);
    ++compared, puzzles += g.clues() < 81, mismatches += !same;
  }
  std::printf("brute force: %zu compared (%zu puzzles, %zu grids), %zu mismatches\n", compared, puzzles,
              compared - puzzles, mismatches);
}

TEST(Canon, EveryIsomorphHasItsSourcesForm) {
  std::vector<Grid> sources = canon_sample("forum_hardest_1106.txt", 375, 1);
  for (const Grid& g : canon_sample("17_clue.txt", 300, 160)) sources.push_back(g);
  for (const Grid& g : canon_sample("sudoku_exchange_diabolical.txt", 325, 120)) sources.push_back(g);
  ASSERT_EQ(sources.size(), 1000u);
  for (const Grid& g : canon_grids(50)) sources.push_back(g);
  std::set<std::string> forms;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const std::string form = canon_text(minlex(sources[i]));
    forms.insert(form);
    for (uint64_t k = 0; k < 3; ++k) {
      puzzle::ItemRng rng = puzzle::item_rng(i, k);
      const Grid iso = puzzle::sudoku::Transform::random(3, rng).apply(sources[i]);
      ASSERT_EQ(canon_text(minlex(iso)), form) << canon_text(sources[i]) << " isomorph " << canon_text(iso);
    }
  }
  EXPECT_EQ(forms.size(), sources.size());  // no two of these sources are isomorphic
}

TEST(Canon, FingerprintSetKeepsDistinctForms) {
  puzzle::sudoku::FingerprintSet set;
  const std::vector<Grid> grids = canon_grids(3000);  // grows the set past its first size
  for (const Grid& g : grids) EXPECT_TRUE(set.insert(puzzle::sudoku::fingerprint(g)));
  for (const Grid& g : grids) EXPECT_FALSE(set.insert(puzzle::sudoku::fingerprint(g)));
  EXPECT_EQ(set.size(), grids.size());
}

TEST(TransformCli, CanonicalAndDedupe) {
  test::TempDir dir;
  const std::string src = dir.path("src.txt"), iso = dir.path("iso.txt"), a = dir.path("a.txt"),
                    b = dir.path("b.txt"), mixed = dir.path("mixed.txt"), kept = dir.path("kept.txt");
  {
    std::string text;
    for (const Grid& g : canon_sample("17_clue.txt", 200, 200)) text += canon_text(g) + "\n";
    std::FILE* f = std::fopen(src.c_str(), "wb");
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
  // transform's isomorphs (item i of source i mod 200) map to their source's form.
  ASSERT_EQ(test::command("transform " + src + " -n 1000 --seed 9 -o " + iso).exit_code, 0);
  auto r = test::command("transform --canonical " + src + " -o " + a);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("transform: 200 canonical forms"), std::string::npos) << r.out;
  r = test::command("transform --canonical " + iso + " -j 2 -o " + b);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto forms = test::load(a), iso_forms = test::load(b);
  ASSERT_EQ(forms.size(), 200u);
  ASSERT_EQ(iso_forms.size(), 1000u);
  for (std::size_t i = 0; i < iso_forms.size(); ++i)
    EXPECT_EQ(canon_text(iso_forms[i].parsed.puzzle), canon_text(forms[i % 200].parsed.puzzle)) << i;
  // --dedupe keeps the first of each class in input order: the isomorphs' first 200 lines (one
  // per source), whatever -j; a file of sources and isomorphs interleaved keeps the sources.
  std::string text = test::slurp(src) + test::slurp(iso);
  {
    std::FILE* f = std::fopen(mixed.c_str(), "wb");
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
  r = test::command("transform --dedupe " + mixed + " -j 1 -o " + kept);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("transform: 200 of 1,200 puzzles kept, one per isomorphism class"), std::string::npos) << r.out;
  EXPECT_EQ(test::slurp(kept), test::slurp(src));
  r = test::command("transform --dedupe " + iso + " -j 2 -o " + kept);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string iso_text = test::slurp(iso);
  std::size_t cut = 0;
  for (int i = 0; i < 200; ++i) cut = iso_text.find('\n', cut) + 1;
  EXPECT_EQ(test::slurp(kept), iso_text.substr(0, cut));
  // Options that make no sense for a pass over the file are refused; a bad line is named.
  r = test::command("transform --dedupe " + src + " -n 5 -o " + kept);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("-n does not apply to --canonical or --dedupe"), std::string::npos) << r.out;
  r = test::command("transform " + src + " -o " + kept);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  {
    std::FILE* f = std::fopen(mixed.c_str(), "wb");
    const std::string bad = canon_text(forms[0].parsed.puzzle) + "\n11" + std::string(79, '.') + "\n";
    std::fwrite(bad.data(), 1, bad.size(), f);
    std::fclose(f);
  }
  r = test::command("transform --canonical " + mixed + " -o " + kept);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(mixed + ":2: "), std::string::npos) << r.out;
  EXPECT_EQ(test::load(kept).size(), 1u);
}
