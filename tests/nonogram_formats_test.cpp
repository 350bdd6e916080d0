// The nonogram formats of the field: the computer tournaments' batch format with
// its solution files, Steve Simpson's .non and the survey's .nin; each reads back what a writer made of random
// pictures, say what is wrong with bad records (the same words as the game IDs' reader), and
// read the three shared tournament sets, whose known pictures fit their clues.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <utility>

#include "nonogram/formats.hpp"
#include "nonogram/generate.hpp"
#include "nonogram/nonogram.hpp"
#include "puzzle/rng.hpp"
#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using test::slurp;

namespace ng = puzzle::nonogram;

/// A clue as the tournaments write it: runs separated by `sep`, `0` for none.
std::string clue_line(std::span<const uint8_t> runs, const std::string& sep) {
  std::string s;
  for (std::size_t j = 0; j < runs.size(); ++j) s += (j ? sep : "") + std::to_string(runs[j]);
  return s.empty() ? "0" : s;
}

std::string tournament_text(const ng::Puzzle& p, long number, const std::string& eol = "\n") {
  std::string s = "$" + std::to_string(number) + eol;
  for (int i = 0; i < p.lines(); ++i) s += clue_line(p.line(i), "\t") + eol;
  return s;
}

std::string solution_text(const ng::Picture& pic, long number) {
  std::string s = "$" + std::to_string(number) + "\n";
  for (int r = 0; r < pic.height; ++r)
    for (int c = 0; c < pic.width; ++c) s += std::string(pic.at(r, c) ? "1" : "0") + (c + 1 < pic.width ? "\t" : "\n");
  return s;
}

std::string non_text(const ng::Puzzle& p, const ng::Picture* goal) {
  std::string s = "catalogue \"test\"\ntitle \"random\"\nwidth " + std::to_string(p.width) + "\nheight " +
                  std::to_string(p.height) + "\n\nrows\n";
  for (int r = 0; r < p.height; ++r) s += clue_line(p.row(r), ",") + "\n";
  s += "\ncolumns\n";
  for (int c = 0; c < p.width; ++c) s += clue_line(p.column(c), ",") + "\n";
  if (goal) {
    s += "goal \"";
    for (int r = 0; r < goal->height; ++r)
      for (int c = 0; c < goal->width; ++c) s += goal->at(r, c) ? '1' : '0';
    s += "\"\n";
  }
  return s;
}

/// A `.nin` file: `W H`, the row clues, the column clues; an empty clue written as `0` or as
/// an empty line by turns.
std::string nin_text(const ng::Puzzle& p, const std::string& eol = "\n") {
  std::string s = std::to_string(p.width) + " " + std::to_string(p.height) + eol;
  int empty = 0;
  auto clue = [&](std::span<const uint8_t> runs) {
    s += (runs.empty() && empty++ % 2 ? "" : clue_line(runs, " ")) + eol;
  };
  for (int r = 0; r < p.height; ++r) clue(p.row(r));
  for (int c = 0; c < p.width; ++c) clue(p.column(c));
  return s;
}

TEST(NonogramTournament, ReadsBackWhatItWrites) {
  puzzle::ItemRng rng(28);
  for (int t = 0; t < 300; ++t) {
    const int n = 1 + static_cast<int>(puzzle::below(rng, 40));
    const ng::Picture pic = ng::random_picture(n, n, 0.2 + 0.1 * (t % 7), rng);
    const ng::Puzzle want = ng::clues_of(pic);
    const std::string text = tournament_text(want, t, t % 3 == 0 ? "\r\n" : "\n") + (t % 2 ? "\n\n" : "");
    ng::Puzzle got;
    long number = -1;
    ng::FormatError err;
    ASSERT_TRUE(ng::parse_tournament(text, got, number, err)) << err.line << ": " << err.message << "\n" << text;
    EXPECT_EQ(got, want);
    EXPECT_EQ(number, t);
    ng::Picture back;
    ASSERT_TRUE(ng::parse_tournament_solution(solution_text(pic, t), n, n, back, number, err)) << err.message;
    EXPECT_EQ(back, pic);
  }
}

// Puzzles wider than a machine word (the solvers' masks of two and four words), through every
// reader: each side around the word boundaries and up to the largest, 255.
TEST(NonogramFormats, WidePuzzlesReadBack) {
  puzzle::ItemRng rng(64);
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{64, 63}, {65, 129}, {127, 128}, {200, 3}, {255, 255}}) {
    const ng::Picture pic = ng::random_picture(w, h, 0.6, rng);
    const ng::Puzzle want = ng::clues_of(pic);
    EXPECT_FALSE(ng::check_picture(want, pic)) << w << "x" << h;
    ng::Puzzle got;
    ng::Known known;
    ng::FormatError err;
    std::string error;
    ASSERT_TRUE(ng::parse_id(ng::to_id(want), got, error)) << error;
    EXPECT_EQ(got, want);
    ASSERT_TRUE(ng::parse_nin(nin_text(want), got, err)) << err.line << ": " << err.message;
    EXPECT_EQ(got, want);
    ASSERT_TRUE(ng::parse_non(non_text(want, &pic), got, known, err)) << err.line << ": " << err.message;
    EXPECT_EQ(got, want);
    ASSERT_TRUE(known.solution.has_value());
    EXPECT_EQ(*known.solution, pic);
    if (w == h) {
      long number = -1;
      ASSERT_TRUE(ng::parse_tournament(tournament_text(want, 7), got, number, err)) << err.message;
      EXPECT_EQ(got, want);
      ng::Picture back;
      ASSERT_TRUE(ng::parse_tournament_solution(solution_text(pic, 7), w, h, back, number, err)) << err.message;
      EXPECT_EQ(back, pic);
    }
  }
}

TEST(NonogramTournament, CutsAFileIntoRecords) {
  const std::string text = "\n\n$1\n1\n1\n$2\r\n0\n\n$3\n1\t1\n0\n1\n1 1\n\n1\n";
  const auto recs = ng::tournament_records(text);
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_EQ(recs[0].line, 3);
  EXPECT_EQ(recs[0].text, "$1\n1\n1\n");
  EXPECT_EQ(recs[1].line, 6);
  EXPECT_EQ(recs[2].line, 9);
  ng::Puzzle p;
  long number = 0;
  ng::FormatError err;
  EXPECT_TRUE(ng::parse_tournament(recs[0].text, p, number, err)) << err.message;
  EXPECT_EQ(ng::to_id(p), "1x1:1/1");
  // "$2": one clue line and a blank one dropped at the end: an odd count.
  EXPECT_FALSE(ng::parse_tournament(recs[1].text, p, number, err));
  EXPECT_NE(err.message.find("$2: 1 clue lines"), std::string::npos) << err.message;
  EXPECT_TRUE(ng::parse_tournament(recs[2].text, p, number, err)) << err.message;
  EXPECT_EQ(ng::to_id(p), "3x3:1.1//1/1.1//1");  // a blank line inside: an empty clue
  // Text before the first header is a record of its own, which says what it lacks.
  const auto odd = ng::tournament_records("hello\n$1\n1\n1\n");
  ASSERT_EQ(odd.size(), 2u);
  EXPECT_FALSE(ng::parse_tournament(odd[0].text, p, number, err));
  EXPECT_EQ(err.line, 1);
  EXPECT_NE(err.message.find("expected a record header $N"), std::string::npos) << err.message;
  EXPECT_TRUE(ng::tournament_records("").empty());
}

TEST(NonogramTournament, BadRecordsSayWhereAndWhy) {
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"$1\n4\n1\n1\n1\n1\n1\n", 2, "column 1: run of 4 cells, the column has 3"},
      {"$1\n1\t2\n1\n1\n1\n1\n1\n", 2, "column 1: clue 1.2 needs 4 cells, the column has 3"},
      {"$1\n1\n1\n1\n1\n1\n2\n", 1, "the column clues shade 3 cells, the row clues 4"},
      {"$1\n1\n1\n1\nx\n1\n1\n", 5, "bad character 'x' in the clue of row 1"},
      {"$1\n1\n1\n1\n1 0\n1\n1\n", 5, "row 1: a run of 0 cells among others"},
      {"$1\n1\n1\n1\n1\n1\n", 1, "$1: 5 clue lines"},
      {"$7\n", 1, "$7: 0 clue lines"},
      {"$1\n99999999999999\n1\n", 2, "column 1: run of 1000000000 cells, the column has 1"},
      {"$1\n3b\n1\n", 2, "colour clue '3b'"},
      {"1\n1\n", 1, "expected a record header"},
  };
  for (const auto& [text, line, want] : cases) {
    ng::Puzzle p;
    long number = 0;
    ng::FormatError err;
    EXPECT_FALSE(ng::parse_tournament(text, p, number, err)) << text;
    EXPECT_EQ(err.line, line) << text << ": " << err.message;
    EXPECT_NE(err.message.find(want), std::string::npos) << text << ": " << err.message;
  }
  const std::vector<std::tuple<std::string, int, std::string>> solutions = {
      {"$1\n1 0\n0 1\n", 1, "$1: 2 rows, the puzzle has 3"},
      {"$1\n1 0 1\n0 1\n1 1 1\n", 3, "row 2 of a solution has 2 cells, the puzzle 3"},
      {"$1\n1 0 1 1\n0 1 0\n1 1 1\n", 2, "row 1 of a solution has more than 3 cells"},
      {"$1\n1 0 1\n0 2 0\n1 1 1\n", 3, "bad character '2' in row 2"},
      {"1 0 1\n", 1, "expected a solution header"},
  };
  for (const auto& [text, line, want] : solutions) {
    ng::Picture pic;
    long number = 0;
    ng::FormatError err;
    EXPECT_FALSE(ng::parse_tournament_solution(text, 3, 3, pic, number, err)) << text;
    EXPECT_EQ(err.line, line) << text << ": " << err.message;
    EXPECT_NE(err.message.find(want), std::string::npos) << text << ": " << err.message;
  }
}

// The shared sets: 1,000 25x25 puzzles each, numbered $1..$1000 in order, and each solution
// file's picture fits its puzzle's clues.
TEST(NonogramTournament, ReadsTheSharedTournamentSets) {
  for (const char* name : {"taai2011", "tcga2016", "icga2017"}) {
    const std::string dir = std::string(SUDOKU_SHARED_DATASETS) + "/nonogram/";
    const std::string q = slurp(dir + name + "-question.txt"), s = slurp(dir + name + "-solution.txt");
    const auto qr = ng::tournament_records(q), sr = ng::tournament_records(s);
    ASSERT_EQ(qr.size(), 1000u) << name;
    ASSERT_EQ(sr.size(), 1000u) << name;
    for (std::size_t i = 0; i < qr.size(); ++i) {
      ng::Puzzle p;
      ng::Picture pic;
      long number = 0, sn = 0;
      ng::FormatError err;
      ASSERT_TRUE(ng::parse_tournament(qr[i].text, p, number, err)) << name << ":" << qr[i].line + err.line - 1 << ": " << err.message;
      EXPECT_EQ(number, static_cast<long>(i + 1));
      EXPECT_EQ(p.width, 25);
      EXPECT_EQ(qr[i].line, static_cast<int>(i * 51 + 1));
      ASSERT_TRUE(ng::parse_tournament_solution(sr[i].text, 25, 25, pic, sn, err)) << name << ": " << err.message;
      EXPECT_EQ(sn, number);
      EXPECT_FALSE(ng::check_picture(p, pic)) << name << " $" << number;
    }
  }
}

// Steve Simpson's own example (his format page): a 4 x 5 picture, with properties and blank
// lines, `goal` the picture.
TEST(NonogramNon, ReadsSimpsonsExample) {
  const std::string text =
      "title \"a P\"\nby \"someone\"\nwidth 4\nheight 5\n\nrows\n4\n1,1\n1,1\n1,2\n3\n\ncolumns\n5\n1,1\n"
      "1,2\n4\n\ngoal \"11111001100110111110\"\n";
  ng::Puzzle p;
  ng::Known known;
  ng::FormatError err;
  ASSERT_TRUE(ng::parse_non(text, p, known, err)) << err.line << ": " << err.message;
  EXPECT_EQ(ng::to_id(p), "4x5:5/1.1/1.2/4/4/1.1/1.1/1.2/3");
  ASSERT_TRUE(known.solution.has_value());
  EXPECT_FALSE(ng::check_picture(p, *known.solution));
  EXPECT_FALSE(known.solutions.has_value());
  EXPECT_TRUE(ng::looks_like_non("title \"a P\""));
  EXPECT_TRUE(ng::looks_like_non("width 4"));
  EXPECT_TRUE(ng::looks_like_non("Rows"));
  EXPECT_FALSE(ng::looks_like_non("4x5:5/1.1/1.1/4/4/1.1/1.1/1.2/3"));
  EXPECT_FALSE(ng::looks_like_non("widths 4"));
  EXPECT_FALSE(ng::looks_like_non("$1"));
}

TEST(NonogramNon, ReadsBackWhatItWrites) {
  puzzle::ItemRng rng(29);
  for (int t = 0; t < 300; ++t) {
    const int w = 1 + static_cast<int>(puzzle::below(rng, 40)), h = 1 + static_cast<int>(puzzle::below(rng, 40));
    const ng::Picture pic = ng::random_picture(w, h, 0.2 + 0.1 * (t % 7), rng);
    const ng::Puzzle want = ng::clues_of(pic);
    ng::Puzzle got;
    ng::Known known;
    ng::FormatError err;
    ASSERT_TRUE(ng::parse_non(non_text(want, t % 2 ? &pic : nullptr), got, known, err)) << err.line << ": " << err.message;
    EXPECT_EQ(got, want);
    EXPECT_EQ(known.solution.has_value(), t % 2 == 1);
    if (known.solution) {
      EXPECT_EQ(*known.solution, pic);
    }
  }
  // Columns first, the sizes as `columns W` / `rows H`, spaces between the runs, CRLF.
  ng::Puzzle p;
  ng::Known known;
  ng::FormatError err;
  ASSERT_TRUE(ng::parse_non("columns 2\r\nrows 2\r\ncolumns\r\n2\r\n1\r\nrows\r\n2\r\n1 \r\n", p, known, err)) << err.message;
  EXPECT_EQ(ng::to_id(p), "2x2:2/1/2/1");
}

TEST(NonogramNon, BadFilesSayWhereAndWhy) {
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"width 3\nheight 3\nrows\n4\n1\n1\ncolumns\n1\n1\n1\n", 4, "row 1: run of 4 cells, the row has 3"},
      {"width 3\nheight 3\nrows\n1\n1\n1\ncolumns\n1\n1\n2\n", 2, "the column clues shade 4 cells, the row clues 3"},
      {"width 3\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n1\n", 6, "rows: 2 clues before this line, 3 expected"},
      {"width 3\nheight 3\nrows\n1\n1\n1\ncolumns\n1\n1\n", 9, "columns: 2 clues, 3 expected"},
      {"height 3\nrows\n1\n1\n1\ncolumns\n1\n1\n1\n", 6, "columns before the width"},
      {"width 3\nheight 3\nrows\n1\n1\n1\n", 1, "no column clues"},
      {"height 3\n", 1, "no width line"},
      {"width 3\nwidth 3\n", 2, "the width is given twice"},
      {"width 256\n", 1, "width 256: each side must be 1..255"},
      {"width three\n", 1, "width: not a number: three"},
      {"width 3\nheight 3\nrows\n1b\n1\n1\ncolumns\n1\n1\n1\n", 4, "colour clue '1b'"},
      {"color a #ff0000\n", 1, "a colour nonogram"},
      {"width 2\nheight 1\n1\n", 3, "a clue outside the rows and columns blocks"},
      {"width 2\nheight 1\nrows\n1,0\ncolumns\n1\n0\n", 4, "row 1: a run of 0 cells among others"},
      {"width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"1\"\n", 8, "goal: 2 cells of 0 and 1 expected"},
      {"width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal 12\n", 8, "goal: 2 cells"},
  };
  for (const auto& [text, line, want] : cases) {
    ng::Puzzle p;
    ng::Known known;
    ng::FormatError err;
    EXPECT_FALSE(ng::parse_non(text, p, known, err)) << text;
    EXPECT_EQ(err.line, line) << text << ": " << err.message;
    EXPECT_NE(err.message.find(want), std::string::npos) << text << ": " << err.message;
  }
}

TEST(NonogramNin, ReadsBackWhatItWrites) {
  puzzle::ItemRng rng(48);
  for (int t = 0; t < 300; ++t) {
    const int w = 1 + static_cast<int>(puzzle::below(rng, 40)), h = 1 + static_cast<int>(puzzle::below(rng, 40));
    const ng::Picture pic = ng::random_picture(w, h, 0.1 + 0.1 * (t % 7), rng);
    const ng::Puzzle want = ng::clues_of(pic);
    const std::string text = nin_text(want, t % 3 == 0 ? "\r\n" : "\n") + (t % 2 ? "\n\n" : "");
    ng::Puzzle got;
    ng::FormatError err;
    ASSERT_TRUE(ng::parse_nin(text, got, err)) << err.line << ": " << err.message << "\n" << text;
    EXPECT_EQ(got, want);
    puzzle::Format f;
    ASSERT_TRUE(ng::detect_format(text.substr(0, text.find('\n')), f));
    EXPECT_TRUE(f.is(ng::Layout::nin));
  }
  EXPECT_TRUE(ng::looks_like_nin("80 95"));
  EXPECT_TRUE(ng::looks_like_nin(" 5\t10 \r"));
  EXPECT_FALSE(ng::looks_like_nin("5"));
  EXPECT_FALSE(ng::looks_like_nin("5 10 2"));
  EXPECT_FALSE(ng::looks_like_nin("5x10"));
  EXPECT_FALSE(ng::looks_like_nin("width 5"));
}

// The survey's Dancer (webpbn #1), as the survey's file writes it: 5 wide, 10 high.
TEST(NonogramNin, ReadsTheSurveysDancer) {
  ng::Puzzle p;
  ng::FormatError err;
  ASSERT_TRUE(ng::parse_nin(slurp(test::shared("nonogram/survey/webpbn-00001.nin")), p, err)) << err.message;
  EXPECT_EQ(ng::to_id(p), "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2");
}

TEST(NonogramNin, BadFilesSayWhereAndWhy) {
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"3 2\n1\n1\n1\n1\n", 5, "4 clue lines, 5 expected (2 rows, then 3 columns"},
      {"2 2\n1\n1\n1\n1\n1\n", 6, "more than 4 clue lines (2 rows, then 2 columns)"},
      {"2 2\n1\n1 x\n1\n1\n", 3, "bad character 'x' in the clue of row 2"},
      {"3 2\n4\n0\n1\n1\n1\n", 2, "row 1: run of 4 cells, the row has 3"},
      {"2 2\n2\n2\n1\n1\n", 1, "the column clues shade 2 cells, the row clues 4"},
      {"256 256\n", 1, "nonogram of 256x256: each side must be 1..255"},
      {"0 3\n", 1, "nonogram of 0x3"},
      {"\n\n", 2, "an empty file"},
      {"2 two\n", 1, "expected the size W H"},
      {"2 1\n1b\n1\n0\n", 2, "colour clue '1b'"},
  };
  for (const auto& [text, line, want] : cases) {
    ng::Puzzle p;
    ng::FormatError err;
    EXPECT_FALSE(ng::parse_nin(text, p, err)) << text;
    EXPECT_EQ(err.line, line) << text << ": " << err.message;
    EXPECT_NE(err.message.find(want), std::string::npos) << text << ": " << err.message;
  }
}

// ---- The formats in the tool: detected from the first data line, solved and verified -------

/// The status column (the 4th) of every row of a rows CSV.
std::vector<std::string> statuses(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& line : test::data_lines(text)) {
    std::istringstream fields(line);
    std::string f;
    for (int i = 0; i < 4; ++i) std::getline(fields, f, ',');
    out.push_back(f);
  }
  return out;
}

// The first 40 puzzles of TAAI 2011 as a file of their own (its `$N` lines and tabs as they
// are): `solve` detects the format, nonogram-cdcl answers every one and the verifier accepts
// each answer against the clues (limit 1) and proves each unique or multiple (limit 2).
TEST(NonogramFormatsInTheTool, SolvesATournamentFile) {
  test::TempDir dir;
  const std::string all = slurp(test::shared("nonogram/taai2011-question.txt"));
  const auto records = ng::tournament_records(all);
  ASSERT_GE(records.size(), 40u);
  const auto f = dir.write("taai40.txt", std::string(all.substr(0, static_cast<std::size_t>(records[40].text.data() - all.data()))));
  for (const char* limit : {"1", "2"}) {
    const auto rows = dir.path(std::string("rows") + limit + ".csv");
    const auto r = test::command("solve " + f + " -s nonogram-cdcl -j 2 --limit " + limit + " -o " + rows);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const auto got = statuses(slurp(rows));
    EXPECT_EQ(got.size(), 40u);
    for (const std::string& status : got) {
      if (limit[0] == '1') EXPECT_EQ(status, "solved");
      else EXPECT_TRUE(status == "unique" || status == "multiple") << status;
    }
  }
}

// Bad records are reported at the record's first line, with the line of the mistake; the
// records around them are solved; an empty clue may be a blank line or `0`; CRLF is read.
TEST(NonogramFormatsInTheTool, TournamentRecordsSayWhereTheyAreWrong) {
  test::TempDir dir;
  const auto f = dir.write("t.txt",
                           "$1\r\n1\r\n1\r\n1\r\n1\r\n"  // 2x2: columns 1, 1; rows 1, 1
                           "$2\n2\n0\n1\n1\n\n"          // a blank line after the record
                           "$3\n1\n1\n3\n1\n"             // line 15: a run of 3 in a row of 2
                           "$4\n\n2\n1\n1\n");            // an empty column as a blank line
  const auto r = test::command("solve " + f + " -s nonogram-cdcl,nonogram-line --limit 2 -o " + dir.path("rows.csv"));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(f + ":12: line 15: row 1: run of 3 cells, the row has 2"), std::string::npos) << r.out;
  const std::string rows = slurp(dir.path("rows.csv"));
  for (const char* solver : {"nonogram-cdcl", "nonogram-line"}) {
    EXPECT_NE(rows.find(std::string(",1,") + solver + ",multiple,"), std::string::npos) << rows;
    EXPECT_NE(rows.find(std::string(",6,") + solver + ",unique,"), std::string::npos) << rows;
    EXPECT_NE(rows.find(std::string(",12,") + solver + ",invalid,"), std::string::npos) << rows;
    EXPECT_NE(rows.find(std::string(",17,") + solver + ",unique,"), std::string::npos) << rows;
  }
}

// A .non file is one puzzle; its goal is one solution: a different picture that fits the clues
// is an answer at limit 1, but not when the solver says the puzzle is unique.
TEST(NonogramFormatsInTheTool, ReadsANonFileAndItsGoal) {
  test::TempDir dir;
  // 2x2 with one shaded cell in each line: two pictures, the diagonals.
  const std::string head = "title \"two ways\"\nwidth 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n";
  const auto good = dir.write("good.non", "catalogue \"x\"\n" + head + "goal \"1001\"\n");
  const auto other = dir.write("other.non", head + "goal \"0110\"\n");
  for (const auto& f : {good, other}) {
    const auto r = test::command("solve " + f + " -s nonogram-cdcl --limit 1");
    EXPECT_EQ(r.exit_code, 0) << f << ": " << r.out;
  }
  const auto unique = dir.write("unique.non", "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\ngoal \"10\"\n");
  const auto r = test::command("solve " + unique + " -s nonogram-cdcl --limit 2");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("answer differs from the known solution at r1c2"), std::string::npos) << r.out;
}

// The twelve webpbn puzzles of Wolter's survey, each a .nin file: detected, solved and proved
// unique by nonogram-cdcl and nonogram-line. A bad file in the same batch is reported with
// its file and line and the files after it are solved; as for any input of which no record
// reads as a puzzle (a .nin or .non file is one record), the run then exits 2 and its rows
// stay partial.
TEST(NonogramFormatsInTheTool, SolvesTheSurveysNinFiles) {
  test::TempDir dir;
  std::string files;
  for (const char* n : {"00001", "00006", "00016", "00021", "00023", "00027", "00065", "00436", "00529", "00803",
                        "01611", "06574"})
    files += " " + test::shared(std::string("nonogram/survey/webpbn-") + n + ".nin");
  const auto rows = dir.path("rows.csv");
  const auto r = test::command("solve" + files + " -s nonogram-cdcl,nonogram-line -j 2 --limit 2 -o " + rows);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  const auto got = statuses(slurp(rows));
  EXPECT_EQ(got.size(), 2u * 12);
  EXPECT_EQ(std::count(got.begin(), got.end(), "unique"), 2 * 12) << slurp(rows);

  const auto bad = dir.write("bad.nin", "2 2\n1\n1\n1\n3\n");
  const auto with_bad = test::command("solve " + bad + files.substr(0, files.find(".nin") + 4) +
                                      " -s nonogram-cdcl --limit 2 -o " + rows);
  EXPECT_EQ(with_bad.exit_code, 2) << with_bad.out;
  EXPECT_NE(with_bad.out.find(bad + ":1: line 5: column 2: run of 3 cells, the column has 2"), std::string::npos)
      << with_bad.out;
  EXPECT_EQ(statuses(slurp(rows + ".partial")), (std::vector<std::string>{"invalid", "unique"}));
}

// --time-limit stops a puzzle inside its search (here one whose 20! pictures are counted):
// the puzzle is budget_exceeded and the run goes on and ends normally.
TEST(NonogramFormatsInTheTool, TimeLimitStopsAPuzzleMidSearch) {
  test::TempDir dir;
  std::string ones = "20x20:";
  for (int i = 0; i < 40; ++i) ones += i ? "/1" : "1";
  const auto f = dir.write("ones.txt", ones + "\n2x2:1/1/2/0\n");
  for (const char* solver : {"nonogram-cdcl", "nonogram-line", "nonogram-backtracking"}) {
    const auto rows = dir.path(std::string(solver) + ".csv");
    const auto r = test::command("solve " + f + " -s " + solver + " -j 1 --budget 0 --limit 1000000000000 "
                             "--time-limit 0.2 -o " + rows);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const std::string text = slurp(rows);
    EXPECT_NE(text.find(std::string(",1,") + solver + ",budget_exceeded,"), std::string::npos) << text;
    EXPECT_NE(text.find(std::string(",2,") + solver + ",unique,"), std::string::npos) << text;
  }
}

}  // namespace
