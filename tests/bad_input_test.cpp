// The bad-input catalogue: one table of everything a user can throw at `solve` by mistake, each
// with the message, the statuses in the rows CSV and the exit code it must get. Never a crash,
// a hang or a lost file.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <thread>

#include "command_util.hpp"
#include "test_util.hpp"

namespace {

using test::kPuzzle;
using test::kSolution;

const std::string kGood = kPuzzle + "\n";
const std::string k4x4 = "12..34..21..43..\n";  // a 4x4 puzzle

/// The status column of a rows CSV, counted: "invalid=1 solved=2".
std::string status_counts(const std::string& csv) {
  std::map<std::string, int> n;
  std::istringstream in(csv);
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (header) {
      header = false;
      continue;
    }
    std::vector<std::string> f;
    std::stringstream ls(line);
    std::string cell;
    while (std::getline(ls, cell, ',')) f.push_back(cell);
    if (f.size() > 3) ++n[f[3]];
  }
  std::string out;
  for (const auto& [k, v] : n) out += (out.empty() ? "" : " ") + k + "=" + std::to_string(v);
  return out;
}

std::string gzip_text(const std::string& path, const std::string& text) {
  gzFile g = gzopen(path.c_str(), "wb");
  gzwrite(g, text.data(), static_cast<unsigned>(text.size()));
  gzclose(g);
  return path;
}

struct Case {
  std::string name;
  /// Makes the files in `dir` and returns the arguments after `solve -s dlx -j 2`.
  std::function<std::string(const test::TempDir& dir)> args;
  int exit_code;
  std::vector<std::string> messages;  ///< each must appear in the output
  /// Status counts of dir/rows.csv ("solved=2"); "" when it must exist whatever it holds; "-"
  /// when the run must leave no rows.csv.
  std::string statuses;
  /// More checks after the run (files untouched, ...), or none.
  std::function<void(const test::TempDir& dir)> after = nullptr;
};

std::string rows(const test::TempDir& d) { return " -o " + d.path("rows.csv"); }

void no_partial(const test::TempDir& d) { EXPECT_FALSE(std::filesystem::exists(d.path("rows.csv.partial"))); }

const std::vector<Case>& catalogue() {
  static const std::vector<Case> cases = {
      // A run that reads no puzzle at all fails (exit 2) and leaves no output, partial or not.
      {"empty file", [](const auto& d) { return d.write("in.txt", "") + rows(d); }, 2,
       {"in.txt: no puzzle in this input", "error: no puzzle in the input: nothing was solved"}, "-", no_partial},
      {"only comments", [](const auto& d) { return d.write("in.txt", "# a\n\n# b\n") + rows(d); }, 2,
       {"in.txt: no puzzle in this input"}, "-", no_partial},
      {"binary data",
       [](const auto& d) {
         std::string bin;  // four lines of bytes 1..251, no line break, comment or comma among them
         for (int i = 0; i < 4 * 300; ++i) {
           char b = static_cast<char>((i * 131 + 7) % 251 + 1);
           if (b == '\n' || b == '\r' || b == '#' || b == ',') b = '\x80';
           bin.push_back(i % 300 == 299 ? '\n' : b);
         }
         return d.write("in.bin", bin) + rows(d);
       },
       2, {"in.bin:1: ", "in.bin: not one of its records could be read as a puzzle"}, "-", no_partial},
      {"an unusable file beside a good one",
       [](const auto& d) { return d.write("bad.txt", "not a puzzle\nnor this\n") + " " + d.write("in.txt", kGood) + rows(d); },
       2, {"bad.txt: not one of its records could be read as a puzzle", "kept as"}, "-",
       [](const auto& d) {  // the run failed: its rows stay partial
         EXPECT_EQ(status_counts(test::slurp(d.path("rows.csv.partial"))), "invalid=2 solved=1");
       }},
      {"NUL bytes", [](const auto& d) {
         std::string nul = kPuzzle;
         nul[5] = '\0';
         return d.write("in.txt", kGood + nul + "\n" + kGood) + rows(d);
       },
       0, {"in.txt:2: "}, "invalid=1 solved=2"},
      {"a line over the line cap",
       [](const auto& d) { return d.write("in.txt", std::string(100000, '1') + "\n" + kGood) + rows(d); }, 0,
       {"in.txt:1: "}, "invalid=1 solved=1"},
      {"CRLF", [](const auto& d) { return d.write("in.txt", kPuzzle + "\r\n" + kPuzzle + "\r\n") + rows(d); },
       0, {}, "solved=2"},
      {"UTF-8 BOM", [](const auto& d) { return d.write("in.txt", "\xEF\xBB\xBF" + kGood + kGood) + rows(d); },
       0, {}, "solved=2"},
      {"a nonogram among Sudoku lines",
       [](const auto& d) { return d.write("in.txt", kGood + "4x6:5/4/1/2/1.2/1.1/2/2/2/1\n" + kGood) + rows(d); },
       0, {"in.txt:2: a nonogram game ID in a file of Sudoku puzzles"}, "invalid=1 solved=2"},
      {"a file of nonograms for a Sudoku solver",
       [](const auto& d) { return d.write("in.txt", "4x6:5/4/1/2/1.2/1.1/2/2/2/1\n3x3:1/1/1/1/1/2\n" + kGood) + rows(d); },
       0, {"in.txt:1: solver 'dlx' solves Sudoku, not nonograms", "in.txt:2: the column clues shade 3",
           "in.txt:3: not a nonogram game ID"},
       "invalid=2 unsupported=1"},
      {"mixed sizes in one file",
       [](const auto& d) { return d.write("in.txt", kGood + k4x4 + kGood) + rows(d); }, 0, {}, "solved=3"},
      {"mixed sizes with --size 9",
       [](const auto& d) { return d.write("in.txt", kGood + k4x4 + kGood) + " --size 9" + rows(d); }, 0,
       {"in.txt:2: "}, "invalid=1 solved=2"},
      {"a truncated .gz",
       [](const auto& d) {
         std::string text;
         for (int i = 0; i < 4000; ++i) text += kPuzzle + "," + kSolution + "\n";
         const std::string gz = gzip_text(d.path("in.txt.gz"), text);
         std::filesystem::resize_file(gz, std::filesystem::file_size(gz) / 2);
         return gz + rows(d);
       },
       1, {"in.txt.gz: read error after line", "kept as"}, "-",
       [](const auto& d) {  // the rows of what could be read are kept, partial; the cut line is no puzzle
         const std::string counts = status_counts(test::slurp(d.path("rows.csv.partial")));
         EXPECT_TRUE(counts.starts_with("solved=")) << counts;
       }},
      {"a directory", [](const auto& d) { return d.path("") + rows(d); }, 2, {"is a directory"}, "-"},
      {"a FIFO",
       [](const auto& d) {
         const std::string fifo = d.path("fifo");
         ::mkfifo(fifo.c_str(), 0600);
         // The writer blocks until the tool opens the FIFO: it must open it once, and read it all.
         std::thread([fifo] { std::ofstream(fifo) << kGood << kGood << kGood; }).detach();
         return fifo + rows(d);
       },
       0, {}, "solved=3"},
      {"an unreadable file",
       [](const auto& d) {
         const std::string f = d.write("in.txt", kGood);
         ::chmod(f.c_str(), 0);
         return f + rows(d);
       },
       2, {"in.txt: cannot open: Permission denied"}, "-"},
      {"output to /dev/full", [](const auto& d) { return d.write("in.txt", kGood) + " -o /dev/full"; }, 1,
       {"/dev/full: writing rows failed: No space left on device"}, "-"},
      {"summary to /dev/full",
       [](const auto& d) { return d.write("in.txt", kGood) + rows(d) + " --summary /dev/full"; }, 1,
       {"/dev/full: writing summary failed: No space left on device", "kept as"}, "-",
       [](const auto& d) {  // the rows are kept, as partial: the run did not complete
         EXPECT_EQ(status_counts(test::slurp(d.path("rows.csv.partial"))), "solved=1");
       }},
      {"output equal to an input",
       [](const auto& d) { return d.write("rows.csv", kGood) + rows(d); }, 2,
       {"rows.csv: the rows output is also an input: refusing to overwrite"}, "-",
       [](const auto& d) { EXPECT_EQ(test::slurp(d.path("rows.csv")), kGood); }},
      {"two outputs on one file",
       [](const auto& d) { return d.write("in.txt", kGood) + rows(d) + " --summary " + d.path("rows.csv"); }, 2,
       {"given as both the rows and the summary output"}, "-"},
      {"an output folder that does not exist",
       [](const auto& d) { return d.write("in.txt", kGood) + " -o " + d.path("no/such/rows.csv"); }, 2,
       {"cannot write rows: No such file or directory (the folder", "no/such does not exist)"}, "-"},
      {"a partial file left by an earlier run",
       [](const auto& d) {
         d.write("rows.csv.partial", "# hours of work\n");
         return d.write("in.txt", kGood) + rows(d);
       },
       2, {"rows.csv.partial exists, left by an earlier run"}, "-",
       [](const auto& d) { EXPECT_EQ(test::slurp(d.path("rows.csv.partial")), "# hours of work\n"); }},
  };
  return cases;
}

TEST(BadInput, Catalogue) {
  for (const Case& c : catalogue()) {
    SCOPED_TRACE(c.name);
    test::TempDir dir("-" + std::to_string(&c - catalogue().data()));
    std::string cmd = "solve -s dlx -j 2 " + c.args(dir);
    // Root reads any file: run the unreadable-file case as nobody so permissions apply.
    if (c.name == "an unreadable file" && ::geteuid() == 0) {
      std::filesystem::permissions(dir.path(""), std::filesystem::perms::all);
      cmd = "solve -s dlx -j 2 " + dir.path("in.txt");
      const auto r = test::cli_as_nobody(cmd);
      EXPECT_EQ(r.exit_code, c.exit_code) << r.out;
      for (const auto& m : c.messages) EXPECT_NE(r.out.find(m), std::string::npos) << m << "\n" << r.out;
      continue;
    }
    const auto r = test::command(cmd);
    EXPECT_EQ(r.exit_code, c.exit_code) << r.out;
    for (const auto& m : c.messages) EXPECT_NE(r.out.find(m), std::string::npos) << m << "\n" << r.out;
    EXPECT_EQ(r.out.find("terminate"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Sanitizer"), std::string::npos) << r.out;
    const bool have_rows = std::filesystem::exists(dir.path("rows.csv"));
    if (c.statuses == "-") {
      if (c.name != "output equal to an input") {
        EXPECT_FALSE(have_rows) << "a failed run left rows.csv";
      }
    } else {
      ASSERT_TRUE(have_rows) << r.out;
      EXPECT_FALSE(std::filesystem::exists(dir.path("rows.csv.partial")));
      if (!c.statuses.empty()) {
        EXPECT_EQ(status_counts(test::slurp(dir.path("rows.csv"))), c.statuses) << test::slurp(dir.path("rows.csv"));
      }
    }
    if (c.after) c.after(dir);
  }
}

}  // namespace

namespace {

// rate and bench judge their inputs as solve does: a run that reads no puzzle fails (exit 2) and
// writes nothing.
TEST(BadInput, RateAndBenchOfNoPuzzleFail) {
  test::TempDir dir;
  const auto empty = dir.write("empty.txt", "# nothing\n");
  const auto junk = dir.write("junk.txt", "not a puzzle\nnor this one\n");
  for (const std::string& cmd : {"rate " + junk + " -o " + dir.path("r.csv"),
                                 "bench " + empty + " -s scored --reps 1 -o " + dir.path("b.csv"),
                                 "bench " + junk + " -s scored --reps 1 -o " + dir.path("b.csv")}) {
    SCOPED_TRACE(cmd);
    const auto r = test::command(cmd);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_TRUE(test::has(r.out, "error: no puzzle in the input: nothing was solved")) << r.out;
    for (const char* f : {"r.csv", "r.csv.partial", "b.csv", "b.csv.partial"})
      EXPECT_FALSE(std::filesystem::exists(dir.path(f))) << f;
  }
}

}  // namespace
