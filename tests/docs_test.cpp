// The docs say what the files hold: each column list the README gives is the list its writer
// writes, in its order (a reader that takes columns by position, or a person who reads the list,
// gets what the file has).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
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

/// The maps agree with the tree: every folder of src/ (and every file at its top) is in
/// docs/ARCHITECTURE.md's map and the README's "Where things are", and every `src/...` path
/// either names is there.
TEST(Docs, TheMapsAgreeWithTheTree) {
  namespace fs = std::filesystem;
  const fs::path root(SUDOKU_SOURCE_DIR);
  const std::string architecture = test::slurp((root / "docs/ARCHITECTURE.md").string());
  const std::string readme = test::slurp((root / "README.md").string());
  for (const auto& e : fs::directory_iterator(root / "src")) {
    const std::string name = "src/" + e.path().filename().string() + (e.is_directory() ? "/" : "");
    EXPECT_TRUE(test::has(architecture, name)) << name << " is not in docs/ARCHITECTURE.md";
    EXPECT_TRUE(test::has(readme, name)) << name << " is not in the README";
    if (!e.is_directory()) continue;
    for (const auto& sub : fs::directory_iterator(e.path())) {
      if (sub.is_directory()) {
        EXPECT_TRUE(test::has(architecture, sub.path().filename().string() + "/"))
            << name << sub.path().filename().string() << "/ is not in docs/ARCHITECTURE.md";
      }
    }
  }
  const std::regex path(R"(src/[A-Za-z_/.]*[A-Za-z_])");
  for (const std::string* doc : {&architecture, &readme})
    for (std::sregex_iterator m(doc->begin(), doc->end(), path), end; m != end; ++m)
      EXPECT_TRUE(fs::exists(root / m->str())) << m->str() << " is named in a map but is not there";
}

}  // namespace
