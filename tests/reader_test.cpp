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

// Progress: what the reader has returned, not what it has buffered (a small file is read at
// once, and at a second a puzzle the progress would say 100% from the start).
TEST(Reader, BytesConsumedFollowTheRecordsReturned) {
  test::TempDir dir;
  std::string text;
  for (int i = 0; i < 100; ++i) text += kPuzzle + "\n";
  for (const bool gz : {false, true}) {
    std::string f = dir.path(gz ? "p.txt.gz" : "p.txt");
    if (gz) {
      gzip_file(f, text);
    } else {
      f = dir.write("p.txt", text);
    }
    puzzle::io::PuzzleReader reader(f);
    puzzle::io::RawSlice slice;
    ASSERT_TRUE(reader.read(slice, 10));
    const uint64_t total = reader.total_bytes();
    const uint64_t after10 = reader.bytes_consumed();
    if (!gz) {
      EXPECT_EQ(after10, 10 * (kPuzzle.size() + 1));
    }
    EXPECT_LT(after10, total / 4) << gz;
    while (reader.read(slice, 10)) {
    }
    EXPECT_EQ(reader.bytes_consumed(), total) << gz;
  }
}

TEST(Reader, TruncatedGzipIsAnErrorNotSilence) {
  test::TempDir dir;
  std::string text;
  for (int i = 0; i < 20000; ++i) text += kPuzzle + " " + std::to_string(i * 7919) + "\n";
  const auto full = dir.path("full.gz");
  gzip_file(full, text);
  const std::string bytes = test::slurp(full);
  const auto cut = dir.write("cut.gz", bytes.substr(0, bytes.size() / 2));
  puzzle::io::PuzzleReader reader(cut);
  puzzle::io::RawSlice slice;
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
  EXPECT_EQ(puzzle::sudoku::to_line(recs[1].parsed.puzzle), kPuzzle);
}

TEST(Reader, EndlessLineIsBounded) {
  test::TempDir dir;
  const std::string huge(3 * puzzle::io::PuzzleReader::kMaxLine, '1');
  const auto f = dir.write("long.txt", huge + "\n" + kPuzzle + "\n");
  const auto recs = test::load(f);
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_NE(recs[0].parsed.error.find("too long"), std::string::npos);
  EXPECT_EQ(recs[1].parsed.error, "");
  EXPECT_EQ(recs[1].line, 2u);
}

TEST(Reader, EveryLongLineIsCutAtMaxLine) {
  // A line longer than kMaxLine that fits in the read buffer used to be kept whole: how much of
  // a long line was kept depended on where it fell in the buffer.
  test::TempDir dir;
  const std::string longer(puzzle::io::PuzzleReader::kMaxLine + 1000, '2');
  const auto f = dir.write("long.txt", kPuzzle + "\n" + longer + "\n" + kPuzzle + "\n");
  puzzle::io::PuzzleReader reader(f);
  puzzle::io::RawSlice slice;
  ASSERT_TRUE(reader.read(slice, 10));
  ASSERT_EQ(slice.records.size(), 3u);
  EXPECT_EQ(slice.record(1).size(), puzzle::io::PuzzleReader::kMaxLine);
  EXPECT_EQ(slice.record(2), kPuzzle);
  EXPECT_EQ(slice.records[2].line, 3u);
}

TEST(Reader, UnreadableInputsThrowWithTheReason) {
  test::TempDir dir;
  try {
    puzzle::io::PuzzleReader r(dir.path("missing.txt"));
    FAIL() << "no exception";
  } catch (const puzzle::io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.txt: cannot open: No such file or directory"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(puzzle::io::PuzzleReader r(dir.path("")), puzzle::io::InputError);
  try {
    puzzle::io::PuzzleReader r(dir.path("."));
    FAIL() << "no exception";
  } catch (const puzzle::io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
  EXPECT_THROW(puzzle::io::sha256_file(dir.path("missing.txt")), puzzle::io::InputError);
}

TEST(Reader, HeaderWithoutPuzzleColumn) {
  test::TempDir dir;
  const auto f = dir.write("bad.csv", "id,solution\n1,2\n");
  puzzle::io::PuzzleReader reader(f);
  puzzle::io::RawSlice slice;
  EXPECT_FALSE(reader.read(slice, 10));
  EXPECT_NE(reader.error().find("bad.csv:1: CSV header"), std::string::npos) << reader.error();
}

TEST(Reader, ByteOrderMarkIsSkipped) {
  // Windows editors start UTF-8 files with EF BB BF: the first line must read as if it were not
  // there, in every format.
  const std::string bom = "\xEF\xBB\xBF";
  test::TempDir dir;
  const auto lines = test::load(dir.write("bom.txt", bom + kPuzzle + "\r\n" + kPuzzle + "\r\n"));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].line, 1u);
  EXPECT_EQ(lines[0].parsed.error, "");
  EXPECT_EQ(puzzle::sudoku::to_line(lines[0].parsed.puzzle), kPuzzle);
  const auto csv = test::load(dir.write("bom.csv", bom + "puzzle,solution\n" + kPuzzle + "," + kSolution + "\n"));
  ASSERT_EQ(csv.size(), 1u);
  EXPECT_EQ(csv[0].parsed.error, "");
  EXPECT_TRUE(csv[0].parsed.known.solution);
  const auto comment = test::load(dir.write("bom2.txt", bom + "# a comment\n" + kPuzzle + "\n"));
  ASSERT_EQ(comment.size(), 1u);
  EXPECT_EQ(comment[0].line, 2u);
  const auto gz = dir.path("bom.txt.gz");
  gzip_file(gz, bom + kPuzzle + "\n");
  const auto zipped = test::load(gz);
  ASSERT_EQ(zipped.size(), 1u);
  EXPECT_EQ(zipped[0].parsed.error, "");
  // Only at the start of the input: elsewhere it is a bad character like any other.
  const auto later = test::load(dir.write("bom3.txt", kPuzzle + "\n" + bom + kPuzzle + "\n"));
  ASSERT_EQ(later.size(), 2u);
  EXPECT_NE(later[1].parsed.error, "");
}

TEST(Reader, TinyBuffersReadTheSameRecords) {
  // Lines that span reads, outgrow the buffer or end without a newline: the records must not
  // depend on the buffer size (fuzz/fuzz_common.hpp checks the same on every fuzz input).
  test::TempDir dir;
  const std::string text = "\xEF\xBB\xBF# c\r\n" + kPuzzle + ":1:" + kSolution + "\n\n  \n" + kPuzzle +
                           "\r\n" + std::string(300, '.') + "\n#\n" + kPuzzle;
  const auto f = dir.write("p.txt", text);
  auto read_all = [&](puzzle::io::ReaderLimits limits, std::size_t per_slice) {
    puzzle::io::PuzzleReader reader(f, 0, limits);
    puzzle::io::RawSlice slice;
    std::vector<std::pair<uint64_t, std::string>> out;
    while (reader.read(slice, per_slice))
      for (std::size_t i = 0; i < slice.records.size(); ++i)
        out.emplace_back(slice.records[i].line, std::string(slice.record(i)));
    EXPECT_EQ(reader.error(), "");
    return out;
  };
  const auto want = read_all({}, 256);
  ASSERT_EQ(want.size(), 4u);
  EXPECT_EQ(want[0].first, 2u);
  EXPECT_EQ(want[3].first, 8u);
  for (std::size_t buffer : {1, 2, 3, 7, 64, 100})
    EXPECT_EQ(read_all({buffer, puzzle::io::PuzzleReader::kMaxLine}, buffer % 3 + 1), want) << buffer;
  // A small max_line cuts the long lines, not the line numbers.
  const auto cut = read_all({5, 90}, 2);
  ASSERT_EQ(cut.size(), 4u);
  EXPECT_EQ(cut[2].second, std::string(90, '.'));
  EXPECT_EQ(cut[3].first, 8u);
}

TEST(Reader, NothingMoreAfterABadHeader) {
  // read() returned false for a header without a puzzle column; the lines after it must not
  // come out of a later read() either.
  test::TempDir dir;
  const auto f = dir.write("bad.csv", "id,solution\n" + kPuzzle + "\n" + kPuzzle + "\n");
  puzzle::io::PuzzleReader reader(f);
  puzzle::io::RawSlice slice;
  EXPECT_FALSE(reader.read(slice, 10));
  EXPECT_FALSE(reader.read(slice, 10));
  EXPECT_TRUE(slice.records.empty());
  EXPECT_NE(reader.error(), "");
}

TEST(Reader, Sha256MatchesTheManifest) {
  EXPECT_EQ(puzzle::io::sha256_file(test::shared("norvig_top95.txt")),
            "67d79348fc59eb089cb9e3927e2fc51be116a30b817367b292e24f76ad8e9893");
}

}  // namespace
