#include <gtest/gtest.h>
#include <zlib.h>

#include "test_util.hpp"

namespace {

using test::kPuzzle;
using test::kSolution;

void gzip_file(const std::string& path, const std::string& text) {
  gzFile gz = gzopen(path.c_str(), "wb");
  ASSERT_NE(gz, nullptr);
  gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
}

TEST(Reader, CommentsBlankLinesAndLineNumbers) {
  test::TempDir dir;
  const auto f = dir.write("p.txt", "# a header\n\n" + kPuzzle + "\n   \n# more\n" + kPuzzle + "\n");
  const auto recs = test::load(f);
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[0].line, 3u);
  EXPECT_EQ(recs[1].line, 6u);
  EXPECT_EQ(recs[1].parsed.error, "");
}

TEST(Reader, CrLfAndMissingFinalNewline) {
  test::TempDir dir;
  const auto f = dir.write("p.txt", kPuzzle + "\r\n" + kPuzzle + ":1:" + kSolution + "\r\n" + kPuzzle);
  const auto recs = test::load(f);
  ASSERT_EQ(recs.size(), 3u);
  for (const auto& r : recs) EXPECT_EQ(r.parsed.error, "") << r.line;
  EXPECT_TRUE(recs[1].parsed.known.solution);
  EXPECT_EQ(recs[2].line, 3u);
}

TEST(Reader, GzipIsReadTransparently) {
  test::TempDir dir;
  std::string text = "# gz\n";
  for (int i = 0; i < 5000; ++i) text += kPuzzle + "," + kSolution + "\n";
  const auto f = dir.path("p.txt.gz");
  gzip_file(f, text);
  const auto recs = test::load(f);
  ASSERT_EQ(recs.size(), 5000u);
  EXPECT_EQ(recs.back().line, 5001u);
  EXPECT_TRUE(recs.back().parsed.known.solution);
}

TEST(Reader, TruncatedGzipIsAnErrorNotSilence) {
  test::TempDir dir;
  std::string text;
  for (int i = 0; i < 20000; ++i) text += kPuzzle + " " + std::to_string(i * 7919) + "\n";
  const auto full = dir.path("full.gz");
  gzip_file(full, text);
  const std::string bytes = test::slurp(full);
  const auto cut = dir.write("cut.gz", bytes.substr(0, bytes.size() / 2));
  sudoku::PuzzleReader reader(cut);
  sudoku::RawSlice slice;
  std::size_t n = 0;
  while (reader.read(slice, 256)) n += slice.records.size();
  EXPECT_GT(n, 0u);
  EXPECT_LT(n, 20000u);
  EXPECT_NE(reader.error().find("cut.gz: read error after line"), std::string::npos) << reader.error();
}

TEST(Reader, CsvWithHeader) {
  test::TempDir dir;
  const auto f = dir.write("p.csv", "quizzes,solutions\n" + kPuzzle + "," + kSolution + "\n" +
                                        kPuzzle + ",\n");
  const auto recs = test::load(f);
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[0].line, 2u);
  EXPECT_TRUE(recs[0].parsed.known.solution);
  EXPECT_FALSE(recs[1].parsed.known.solution);
}

TEST(Reader, CommaGridsSpanNineLines) {
  test::TempDir dir;
  std::string grid;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const char ch = kPuzzle[static_cast<std::size_t>(r * 9 + c)];
      grid += (c ? "," : "") + std::string(1, ch == '.' ? ' ' : ch);
    }
    grid += "\n";
  }
  const auto f = dir.write("g.txt", "# blog format\n" + grid + "\n# second\n" + grid);
  const auto recs = test::load(f);
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[0].line, 2u);
  EXPECT_EQ(recs[1].line, 13u);  // after 9 grid rows, a blank line and a comment
  EXPECT_EQ(sudoku::to_line(recs[1].parsed.puzzle), kPuzzle);
}

TEST(Reader, EndlessLineIsBounded) {
  test::TempDir dir;
  const std::string huge(3 * sudoku::PuzzleReader::kMaxLine, '1');
  const auto f = dir.write("long.txt", huge + "\n" + kPuzzle + "\n");
  const auto recs = test::load(f);
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_NE(recs[0].parsed.error.find("too long"), std::string::npos);
  EXPECT_EQ(recs[1].parsed.error, "");
  EXPECT_EQ(recs[1].line, 2u);
}

TEST(Reader, UnreadableInputsThrowWithTheReason) {
  test::TempDir dir;
  try {
    sudoku::PuzzleReader r(dir.path("missing.txt"));
    FAIL() << "no exception";
  } catch (const sudoku::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.txt: cannot open: No such file or directory"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(sudoku::PuzzleReader r(dir.path("")), sudoku::InputError);
  try {
    sudoku::PuzzleReader r(dir.path("."));
    FAIL() << "no exception";
  } catch (const sudoku::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
  EXPECT_THROW(sudoku::sha256_file(dir.path("missing.txt")), sudoku::InputError);
}

TEST(Reader, HeaderWithoutPuzzleColumn) {
  test::TempDir dir;
  const auto f = dir.write("bad.csv", "id,solution\n1,2\n");
  sudoku::PuzzleReader reader(f);
  sudoku::RawSlice slice;
  EXPECT_FALSE(reader.read(slice, 10));
  EXPECT_NE(reader.error().find("bad.csv:1: CSV header"), std::string::npos) << reader.error();
}

TEST(Reader, Sha256MatchesTheManifest) {
  EXPECT_EQ(sudoku::sha256_file(test::shared("norvig_top95.txt")),
            "67d79348fc59eb089cb9e3927e2fc51be116a30b817367b292e24f76ad8e9893");
}

}  // namespace
