// The docs say what the files hold: each column list the README gives is the list its writer
// writes, in its order (a reader that takes columns by position, or a person who reads the list,
// gets what the file has).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "measure/bench.hpp"
#include "io/csv.hpp"
#include "test_util.hpp"

namespace {

/// The code span after `marker` in `doc`, its white space removed ("" when the marker is
/// missing): a column list written `a,b,c` across lines.
std::string listed_after(const std::string& doc, const std::string& marker) {
  const std::size_t at = doc.find(marker);
  if (at == std::string::npos) return "";
  const std::size_t open = doc.find('`', at + marker.size());
  const std::size_t close = doc.find('`', open + 1);
  if (open == std::string::npos || close == std::string::npos) return "";
  std::string list = doc.substr(open + 1, close - open - 1);
  std::erase_if(list, [](unsigned char c) { return std::isspace(c) != 0; });
  return list;
}

TEST(Docs, ReadmeColumnListsAreTheWriters) {
  const std::string readme = test::slurp(std::string(SUDOKU_SOURCE_DIR) + "/README.md");
  EXPECT_EQ(listed_after(readme, "Per-puzzle CSV columns:"), puzzle::io::rows_schema(false).names());
  EXPECT_EQ(listed_after(readme, "Summary CSV columns:"), puzzle::io::summary_schema().names());
  EXPECT_EQ(listed_after(readme, "Bench CSV columns:"), puzzle::measure::bench_schema().names());
  EXPECT_EQ(listed_after(readme, "Bench summary CSV columns:"), puzzle::measure::bench_summary_schema().names());
}

TEST(Docs, ExecDocsPlaceTimeoutAndErrorWhereTheSummaryHasThem) {
  const std::string exec = test::slurp(std::string(SUDOKU_SOURCE_DIR) + "/docs/exec.md");
  EXPECT_TRUE(test::has(exec, "the summary CSV always has them (after `no_guess_pct`)"));
  EXPECT_TRUE(test::has(puzzle::io::summary_schema().names(), ",no_guess_pct,timeout,error,"));
}

}  // namespace
