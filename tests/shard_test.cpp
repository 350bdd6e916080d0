// --shard K/N: the shards of an input partition its records in order, with the file's own line
// numbers, in every format; generated items split the same way.
#include <gtest/gtest.h>
#include <zlib.h>

#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using test::kPuzzle;
using test::kSolution;

/// (line, record text) of every record of `path`, read as shard `s`.
std::vector<std::pair<uint64_t, std::string>> records(const std::string& path, puzzle::io::Shard s,
                                                      std::size_t buffer = 256 * 1024) {
  puzzle::io::PuzzleReader reader(path, 0, puzzle::io::ReaderLimits{buffer, 64 * 1024});
  reader.shard(s);
  puzzle::io::RawSlice slice;
  std::vector<std::pair<uint64_t, std::string>> out;
  while (reader.read(slice, 7))
    for (std::size_t i = 0; i < slice.records.size(); ++i)
      out.emplace_back(slice.records[i].line, std::string(slice.record(i)));
  EXPECT_EQ(reader.error(), "");
  return out;
}

void expect_partition(const std::string& path, uint32_t n, std::size_t buffer = 256 * 1024) {
  const auto all = records(path, {});
  ASSERT_FALSE(all.empty());
  std::vector<std::pair<uint64_t, std::string>> joined;
  for (uint32_t k = 0; k < n; ++k) {
    const auto part = records(path, {k, n}, buffer);
    joined.insert(joined.end(), part.begin(), part.end());
  }
  std::sort(joined.begin(), joined.end());  // mod-N shards interleave; byte shards are in order
  EXPECT_EQ(joined, all) << path << " in " << n << " shards";
}

TEST(Shard, ParsesKOverN) {
  EXPECT_EQ(puzzle::io::parse_shard("0/4")->index, 0u);
  EXPECT_EQ(puzzle::io::parse_shard("3/4")->count, 4u);
  for (const char* bad : {"4/4", "1/0", "1", "a/2", "1/2/3", "-1/2", "", "/2", "1/"})
    EXPECT_FALSE(puzzle::io::parse_shard(bad)) << bad;
  // The shares partition the total, without overflow for huge totals.
  const uint64_t total = UINT64_MAX - 5;
  for (uint32_t n : {1u, 3u, 7u}) {
    EXPECT_EQ((puzzle::io::Shard{0, n}.begin(total)), 0u);
    EXPECT_EQ((puzzle::io::Shard{n - 1, n}.end(total)), total);
    for (uint32_t k = 1; k < n; ++k) EXPECT_EQ((puzzle::io::Shard{k - 1, n}.end(total)), (puzzle::io::Shard{k, n}.begin(total)));
  }
}

TEST(Shard, PlainFilesSplitByByteRangeIntoAPartition) {
  test::TempDir dir;
  std::string lines = "# a comment\n\n";
  for (int i = 0; i < 100; ++i) lines += (i % 7 == 3 ? "# note\n" : "") + kPuzzle + "," + kSolution + "\n";
  const auto plain = dir.write("p.txt", lines);
  for (uint32_t n : {1u, 2u, 3u, 8u, 150u}) expect_partition(plain, n);
  expect_partition(plain, 5, 16);  // a tiny buffer: lines span reads across the boundaries
  // Shard 1 of 2 starts in the middle of the file, with the file's own line numbers.
  const auto second = records(plain, {1, 2});
  ASSERT_FALSE(second.empty());
  EXPECT_GT(second.front().first, 50u);
  // A CSV's header is read by every shard, though only the first holds it.
  std::string csv = "id,puzzle,solution\n";
  for (int i = 0; i < 40; ++i) csv += std::to_string(i) + "," + kPuzzle + "," + kSolution + "\n";
  expect_partition(dir.write("c.csv", csv), 4);
  // The blog's grids span nine lines: a grid belongs to the shard its first line starts in.
  std::string grid;
  for (int g = 0; g < 12; ++g)
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) grid += std::string(c ? "," : "") + (kPuzzle[r * 9 + c] == '.' ? " " : std::string(1, kPuzzle[r * 9 + c]));
      grid += "\n";
    }
  expect_partition(dir.write("g.txt", grid), 5);
}

TEST(Shard, GzipSplitsByRecordIndex) {
  test::TempDir dir;
  std::string text;
  for (int i = 0; i < 50; ++i) text += kPuzzle + "\n";
  const auto path = dir.path("p.txt.gz");
  gzFile g = gzopen(path.c_str(), "wb");
  gzwrite(g, text.data(), static_cast<unsigned>(text.size()));
  gzclose(g);
  expect_partition(path, 3);
  puzzle::io::PuzzleReader r(path);
  r.shard({1, 3});
  EXPECT_EQ(r.shard_mode(), "records mod 3");
}

TEST(Shard, CliGenerateShardsMergeToTheSingleRun) {
  test::TempDir dir;
  // generate: each shard's output says which items it holds; merged, they are the single run's
  // bytes (whatever order the parts are given in).
  ASSERT_EQ(test::command("generate -n 30 --seed 5 -j 2 -o " + dir.path("all.txt")).exit_code, 0);
  std::string parts;
  for (int k = 2; k >= 0; --k) {
    const auto part = dir.path("p" + std::to_string(k) + ".txt");
    const auto r = test::command("generate -n 30 --seed 5 -j 1 --shard " + std::to_string(k) + "/3 -o " + part);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(test::slurp(part).find("# shard: " + std::to_string(k) + "/3: items " + std::to_string(10 * k) + " to "),
              std::string::npos);
    parts += " " + part;
  }
  const auto m = test::command("merge -o " + dir.path("merged.txt") + parts);
  ASSERT_EQ(m.exit_code, 0) << m.out;
  EXPECT_EQ(test::slurp(dir.path("merged.txt")), test::slurp(dir.path("all.txt")));
  // solve: a shard's rows keep the file's line numbers and say which shard they are.
  const auto r = test::command("solve " + test::shared("norvig_top95.txt") + " -s dlx --shard 1/2 -o " + dir.path("s.csv"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string rows = test::slurp(dir.path("s.csv"));
  EXPECT_NE(rows.find("# shard: 1/2"), std::string::npos) << rows;
  EXPECT_EQ(rows.find("norvig_top95.txt,1,"), std::string::npos) << "line 1 belongs to shard 0";
  EXPECT_EQ(test::command("solve " + test::shared("norvig_top95.txt") + " --shard 2/2").exit_code, 2);
}

}  // namespace

namespace {

TEST(Shard, ProvenanceSaysHowEachInputWasCut) {
  // `# shard:` names each dataset with the way its reader cut it: a plain file by byte range,
  // gzip (and stdin) by record index mod N.
  test::TempDir dir;
  const std::string plain = test::shared("norvig_top95.txt");
  const std::string text = test::slurp(plain);
  const std::string gz = dir.path("top.txt.gz");
  gzFile g = gzopen(gz.c_str(), "wb");
  gzwrite(g, text.data(), static_cast<unsigned>(text.size()));
  gzclose(g);
  const auto r = test::command("solve " + plain + " " + gz + " -s dlx --shard 1/3 -o " + dir.path("s.csv"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string rows = test::slurp(dir.path("s.csv"));
  EXPECT_NE(rows.find("# shard: 1/3 (" + plain + " by byte range, " + gz + " by records mod 3)\n"),
            std::string::npos) << rows;
  // stdin: by byte range when it is a plain file, by record index when it is a pipe.
  auto s = test::cli("rate - --shard 0/2 -o " + dir.path("r.csv") + " < " + plain);
  ASSERT_EQ(s.exit_code, 0) << s.out;
  EXPECT_NE(test::slurp(dir.path("r.csv")).find("# shard: 0/2 (stdin by byte range)\n"), std::string::npos);
  s = test::cli("rate - --shard 0/2 -o " + dir.path("p.csv"), "cat " + plain + " | ");
  ASSERT_EQ(s.exit_code, 0) << s.out;
  EXPECT_NE(test::slurp(dir.path("p.csv")).find("# shard: 0/2 (stdin by records mod 2)\n"), std::string::npos);
}

}  // namespace
