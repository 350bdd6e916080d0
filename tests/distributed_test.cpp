// Runs cut into shards and merged, and runs stopped and resumed: the merged or
// resumed output equals a single, uninterrupted run's (rows apart from time_ns; generate's
// lines byte for byte), and every way the parts can fail to be one run is refused by name.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>
#include <zlib.h>

#include "command_util.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;

/// A results file's header and rows with the time_ns column blanked: what must not differ.
std::string rows_without_time(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  int time_col = -1;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ls(line);
    std::string cell;
    while (std::getline(ls, cell, ',')) f.push_back(cell);
    if (!line.empty() && line.back() == ',') f.emplace_back();
    if (time_col < 0)
      for (std::size_t i = 0; i < f.size(); ++i)
        if (f[i] == "time_ns") time_col = static_cast<int>(i);
    if (time_col >= 0 && static_cast<std::size_t>(time_col) < f.size()) f[static_cast<std::size_t>(time_col)] = "T";
    for (std::size_t i = 0; i < f.size(); ++i) out += (i ? "," : "") + f[i];
    out += '\n';
  }
  return out;
}

std::size_t count_lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

/// A summary CSV's rows with the columns that are timings blanked (from wall_s on, but
/// guesses_per_puzzle, no_guess_pct and interrupted, which are counts).
std::vector<std::string> summary_counts(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("dataset,")) continue;
    std::vector<std::string> f;
    std::stringstream ls(line);
    std::string cell;
    while (std::getline(ls, cell, ',')) f.push_back(cell);
    // dataset,solver,threads,puzzles..wrong (3..11), wall_s .. max_us (12..18), the rest.
    std::string keep = f[0] + "," + f[1];
    for (std::size_t i = 3; i <= 11; ++i) keep += "," + f[i];
    for (std::size_t i = 19; i < f.size(); ++i) keep += "," + f[i];
    out.push_back(keep);
  }
  return out;
}

/// Starts `args` in the background, sends `sig` once `partial` holds more than `bytes` bytes
/// (rows have reached the disk: the run is under way, whatever the machine's load), and waits;
/// the exit code, or -1 when the run ended before that.
int run_and_signal(const std::string& args, int sig, const std::string& partial, std::uintmax_t bytes) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string cmd = "exec " + std::string(SUDOKU_BENCH_EXE) + " " + args + " >/dev/null 2>&1";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  for (int i = 0; i < 1200; ++i) {  // at most a minute
    std::error_code ec;
    if (fs::file_size(partial, ec) > bytes && !ec) break;
    if (::waitpid(pid, &status, WNOHANG) == pid) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ::kill(pid, sig);
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(Merge, SolveShardsOfTwoFilesAndTwoSolversMergeToTheSingleRun) {
  test::TempDir dir;
  // A plain file (cut by byte ranges) and a gzip file (cut by record index mod N).
  const std::string plain = test::shared("norvig_top95.txt");
  const std::string text = test::slurp(test::shared("norvig_easy50.txt"));
  const std::string gz = dir.path("easy.txt.gz");
  gzFile g = gzopen(gz.c_str(), "wb");
  gzwrite(g, text.data(), static_cast<unsigned>(text.size()));
  gzclose(g);
  const std::string run = "solve " + plain + " " + gz + " -s dlx,propagation --limit 2 ";
  auto r = test::command(run + "-o " + dir.path("single.csv") + " --summary " + dir.path("single_s.csv"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::string parts;
  for (int k = 0; k < 3; ++k) {
    const std::string part = dir.path("part-" + std::to_string(k) + ".csv");
    r = test::command(run + "-j 1 --shard " + std::to_string(k) + "/3 -o " + part);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    parts = " " + part + parts;  // given in reverse: merge orders them
  }
  r = test::command("merge -o " + dir.path("m.csv") + " --summary " + dir.path("m_s.csv") + parts);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string single = test::slurp(dir.path("single.csv")), merged = test::slurp(dir.path("m.csv"));
  EXPECT_EQ(rows_without_time(merged), rows_without_time(single));
  EXPECT_EQ(count_lines(rows_without_time(merged)), 1u + 2 * (95 + 50));
  // The provenance says what was run and which parts it was made from.
  EXPECT_NE(merged.find("# solvers: dlx,propagation"), std::string::npos) << merged;
  EXPECT_NE(merged.find("# part: " + dir.path("part-0.csv") + " sha256="), std::string::npos) << merged;
  EXPECT_EQ(merged.find("# shard:"), std::string::npos) << "the merge is the whole run";
  // The summary is recomputed from the rows: the same counts as the single run; the wall time
  // of parts that were not one timed run is left blank.
  const std::string ms = test::slurp(dir.path("m_s.csv"));
  EXPECT_EQ(summary_counts(ms), summary_counts(test::slurp(dir.path("single_s.csv"))));
  EXPECT_NE(ms.find(",0,,,"), std::string::npos) << "wrong=0, then blank wall_s and puzzles_per_s: " << ms;
}

TEST(Merge, RateShardsMergeWithTheirRatingColumns) {
  test::TempDir dir;
  const std::string run = "rate " + test::shared("norvig_top95.txt") + " -j 1 ";
  ASSERT_EQ(test::command(run + "-o " + dir.path("single.csv")).exit_code, 0);
  std::string parts;
  for (int k = 0; k < 4; ++k) {
    const std::string part = dir.path("p" + std::to_string(k) + ".csv");
    ASSERT_EQ(test::command(run + "--shard " + std::to_string(k) + "/4 -o " + part).exit_code, 0);
    parts += " " + part;
  }
  const auto r = test::command("merge -o " + dir.path("m.csv") + parts);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(rows_without_time(test::slurp(dir.path("m.csv"))), rows_without_time(test::slurp(dir.path("single.csv"))));
  EXPECT_NE(test::slurp(dir.path("m.csv")).find(",er,ep,ed,level,"), std::string::npos);
}

TEST(Merge, GenerateStatsMergeInItemOrder) {
  test::TempDir dir;
  const std::string run = "generate -n 40 --seed 9 ";
  ASSERT_EQ(test::command(run + "-o /dev/null --stats " + dir.path("single.csv")).exit_code, 0);
  std::string parts;
  for (int k = 0; k < 3; ++k) {
    const std::string part = dir.path("s" + std::to_string(k) + ".csv");
    ASSERT_EQ(test::command(run + "-j 1 --shard " + std::to_string(k) + "/3 -o /dev/null --stats " + part).exit_code, 0);
    parts += " " + part;
  }
  const auto r = test::command("merge -o " + dir.path("m.csv") + parts);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(rows_without_time(test::slurp(dir.path("m.csv"))), rows_without_time(test::slurp(dir.path("single.csv"))));
  // A summary belongs to rows only.
  EXPECT_EQ(test::command("merge -o " + dir.path("m2.csv") + " --summary " + dir.path("x.csv") + parts).exit_code, 2);
}

TEST(Merge, RefusesGeneratePartsOfRunsOfAnotherCount) {
  // The count (-n) is only in `# shard:`: parts 0/2 of -n 20 and 1/2 of -n 40 are not one run,
  // neither for the puzzle lines nor for the stats.
  test::TempDir dir;
  const std::string p0 = dir.path("p0.txt"), p1 = dir.path("p1.txt");
  const std::string s0 = dir.path("s0.csv"), s1 = dir.path("s1.csv");
  ASSERT_EQ(test::command("generate -n 20 --seed 2 --shard 0/2 -o " + p0 + " --stats " + s0).exit_code, 0);
  ASSERT_EQ(test::command("generate -n 40 --seed 2 --shard 1/2 -o " + p1 + " --stats " + s1).exit_code, 0);
  for (const auto& [a, b] : {std::pair{p0, p1}, std::pair{s0, s1}}) {
    const std::string out = dir.path("m" + fs::path(a).extension().string());
    const auto r = test::command("merge -o " + out + " " + b + " " + a);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    for (const std::string& w : {a, b, std::string("20"), std::string("40")})
      EXPECT_NE(r.out.find(w), std::string::npos) << "'" << w << "' in: " << r.out;
    EXPECT_FALSE(fs::exists(out));
    EXPECT_FALSE(fs::exists(out + ".partial"));
  }
  // Transform's parts, the same.
  const std::string src = test::shared("norvig_top95.txt");
  ASSERT_EQ(test::command("transform " + src + " -n 10 --shard 0/2 -o " + dir.path("t0.txt")).exit_code, 0);
  ASSERT_EQ(test::command("transform " + src + " -n 30 --shard 1/2 -o " + dir.path("t1.txt")).exit_code, 0);
  EXPECT_EQ(test::command("merge -o " + dir.path("t.txt") + " " + dir.path("t0.txt") + " " + dir.path("t1.txt")).exit_code, 2);
}

/// Three parts of one solve run, for the refusals below.
struct ThreeParts {
  test::TempDir dir;
  std::vector<std::string> part;
  ThreeParts() {
    for (int k = 0; k < 3; ++k) {
      part.push_back(dir.path("p" + std::to_string(k) + ".csv"));
      const auto r = test::command("solve " + test::shared("norvig_top95.txt") + " -s dlx -j 1 --shard " +
                               std::to_string(k) + "/3 -o " + part.back());
      EXPECT_EQ(r.exit_code, 0) << r.out;
    }
  }
  test::CliResult merge(const std::vector<std::string>& parts) const {
    std::string args = "merge -o " + dir.path("out.csv");
    for (const auto& p : parts) args += " " + p;
    return test::command(args);
  }
};

/// Expects exit 2, a message holding each of `words`, and no output file.
void expect_refused(const ThreeParts& t, const std::vector<std::string>& parts,
                    const std::vector<std::string>& words) {
  const auto r = t.merge(parts);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  for (const auto& w : words) EXPECT_NE(r.out.find(w), std::string::npos) << "'" << w << "' in: " << r.out;
  EXPECT_FALSE(fs::exists(t.dir.path("out.csv")));
  EXPECT_FALSE(fs::exists(t.dir.path("out.csv.partial")));
}

TEST(Merge, RefusesPartsThatAreNotTheWholeOfOneRun) {
  ThreeParts t;
  const auto& p = t.part;
  expect_refused(t, {p[0], p[2]}, {"shard 1/3 is missing", p[0], p[2]});
  expect_refused(t, {p[0], p[1], p[1], p[2]}, {"shard 1/3 given twice", p[1]});
  // Another run: another solver, or the same solver on another dataset.
  const std::string other = t.dir.path("other.csv");
  ASSERT_EQ(test::command("solve " + test::shared("norvig_top95.txt") + " -s propagation -j 1 --shard 1/3 -o " + other).exit_code, 0);
  expect_refused(t, {p[0], other, p[2]}, {"not parts of one run", "solvers: dlx", "solvers: propagation", other});
  ASSERT_EQ(test::command("solve " + test::shared("norvig_easy50.txt") + " -s dlx -j 1 --shard 1/3 -o " + t.dir.path("o2.csv")).exit_code, 0);
  expect_refused(t, {p[0], t.dir.path("o2.csv"), p[2]}, {"not parts of one run", "norvig_easy50.txt"});
  // Shards of a run cut in two do not fit shards of one cut in three.
  const std::string half = t.dir.path("half.csv");
  ASSERT_EQ(test::command("solve " + test::shared("norvig_top95.txt") + " -s dlx -j 1 --shard 1/2 -o " + half).exit_code, 0);
  expect_refused(t, {p[0], half}, {"shard 0/3", "shard 1/2", "overlap"});
  // An unfinished part, and a file that is no part at all.
  fs::copy_file(p[1], p[1] + ".partial");
  expect_refused(t, {p[0], p[1] + ".partial", p[2]}, {"unfinished part", "--resume"});
  expect_refused(t, {p[0], test::shared("norvig_top95.txt"), p[2]}, {"norvig_top95.txt"});
}

TEST(Merge, RefusesRowsInTwoPartsAndWarnsOfAnotherBuild) {
  ThreeParts t;
  const auto& p = t.part;
  // A part that claims to be shard 1 but holds shard 0's rows: the overlap is named.
  std::string fake = test::slurp(p[0]);
  fake.replace(fake.find("# shard: 0/3"), 12, "# shard: 1/3");
  const std::string f = t.dir.path("fake.csv");
  std::ofstream(f) << fake;
  expect_refused(t, {p[0], f, p[2]}, {"both hold", "overlap", f});
  // Parts written by another revision of the tool merge, with a warning.
  std::string old = test::slurp(p[1]);
  const std::size_t at = old.find("# git_revision: ");
  old.replace(at, old.find('\n', at) - at, "# git_revision: 0123abc");
  std::ofstream(p[1]) << old;
  const auto r = t.merge(p);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("warning: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0123abc"), std::string::npos) << r.out;
}

TEST(Resume, SolveStoppedBySigtermOrKillNineResumesToTheUninterruptedRun) {
  test::TempDir dir;
  // Two solvers, so that the stop falls in the second pass; the naive baseline (with a budget:
  // about 3 s in all) is slow enough on these to be stopped part-way.
  const std::string run = "solve " + test::shared("norvig_top95.txt") + " -s dlx,backtracking --budget 1000000 -j 1 ";
  ASSERT_EQ(test::command(run + "-o " + dir.path("single.csv") + " --summary " + dir.path("single_s.csv")).exit_code, 0);
  const std::string expect = rows_without_time(test::slurp(dir.path("single.csv")));
  for (const int sig : {SIGTERM, SIGKILL}) {
    SCOPED_TRACE(sig);
    const std::string out = dir.path("r" + std::to_string(sig) + ".csv"), sum = dir.path("s" + std::to_string(sig) + ".csv");
    const std::string args = run + "-o " + out + " --summary " + sum;
    // Past the header and the first pass's rows (7.7 KB) into the second pass (17 KB in all).
    ASSERT_EQ(run_and_signal(args, sig, out + ".partial", 8000), 128 + sig) << "the run ended before the signal";
    // The complete rows: kill -9 can land inside a write and leave the last row cut.
    const std::string partial = test::slurp(out + ".partial");
    const std::size_t kept = count_lines(rows_without_time(partial.substr(0, partial.rfind('\n') + 1)));
    // A row cut in half by the kill: not kept.
    std::ofstream(out + ".partial", std::ios::app) << "/some/file.txt,99,dl";
    const auto r = test::command(args + " --resume");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    if (kept > 1) {
      EXPECT_NE(r.out.find("resuming " + out + ".partial: " + std::to_string(kept - 1) + " rows kept"),
                std::string::npos) << r.out;
    }
    EXPECT_EQ(rows_without_time(test::slurp(out)), expect);
    EXPECT_FALSE(fs::exists(out + ".partial"));
    EXPECT_EQ(summary_counts(test::slurp(sum)), summary_counts(test::slurp(dir.path("single_s.csv"))));
  }
}

TEST(Resume, RefusesAPartialFileOfAnotherCommandAndLeavesItAlone) {
  test::TempDir dir;
  const std::string out = dir.path("r.csv");
  ASSERT_EQ(test::command("solve " + test::shared("norvig_top95.txt") + " -s dlx -o " + out).exit_code, 0);
  fs::rename(out, out + ".partial");
  const std::string before = test::slurp(out + ".partial");
  for (const std::string other : {" -s propagation", " -s dlx --limit 2", " -s dlx --shard 0/2"}) {
    const auto r = test::command("solve " + test::shared("norvig_top95.txt") + other + " --resume -o " + out);
    EXPECT_EQ(r.exit_code, 2) << other << ": " << r.out;
    EXPECT_NE(r.out.find("not from this command"), std::string::npos) << r.out;
    EXPECT_EQ(test::slurp(out + ".partial"), before);
  }
  // The same command finds every row done and only finishes the file.
  const auto r = test::command("solve " + test::shared("norvig_top95.txt") + " -s dlx --resume -o " + out);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(rows_without_time(test::slurp(out)), rows_without_time(before));
  // --resume without a partial file is a plain run.
  EXPECT_EQ(test::command("solve " + test::shared("norvig_top95.txt") + " -s dlx --resume -o " + dir.path("new.csv")).exit_code, 0);
  EXPECT_EQ(rows_without_time(test::slurp(dir.path("new.csv"))), rows_without_time(before));
}

TEST(Resume, GenerateResumesByteIdenticalAndRefusesAnotherSeed) {
  test::TempDir dir;
  // Killed once 2,000 rows are on disk, with 8,000 to go (9x9 items take about 0.2 ms).
  const std::string run = "generate -n 10000 --seed 3 ";
  const std::string out = dir.path("g.txt"), stats = dir.path("g.csv");
  ASSERT_EQ(test::command(run + "-o " + dir.path("single.txt")).exit_code, 0);
  ASSERT_EQ(run_and_signal(run + "-j 1 -o " + out + " --stats " + stats, SIGKILL, out + ".partial", 82 * 2000),
            128 + SIGKILL) << "the run ended before the signal";
  const std::string before = test::slurp(out + ".partial");
  const auto refused = test::command("generate -n 10000 --seed 4 -o " + out + " --stats " + stats + " --resume");
  EXPECT_EQ(refused.exit_code, 2) << refused.out;
  EXPECT_EQ(test::slurp(out + ".partial"), before);
  const auto r = test::command(run + "-o " + out + " --stats " + stats + " --resume");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(test::slurp(out), test::slurp(dir.path("single.txt")));
  // The stats rows: items 0 .. 9999, each once, in order.
  std::istringstream in(test::slurp(stats));
  std::string line;
  uint64_t next = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("index,")) continue;
    EXPECT_EQ(line.substr(0, line.find(',')), std::to_string(next++));
  }
  EXPECT_EQ(next, 10000u);
}

TEST(Resume, RefusesAPartialWithMoreItemsThanTheRunMakes) {
  // An unsharded generate/transform records no count: a partial of -n 40 resumed with -n 20
  // holds more than the run makes. Refused (it used to run on forever), the partial untouched.
  test::TempDir dir;
  const std::string src = test::shared("norvig_top95.txt");
  for (const std::string& cmd : {std::string("generate --seed 4"), "transform " + src}) {
    SCOPED_TRACE(cmd);
    const std::string out = dir.path("g.txt"), stats = dir.path("g.csv");
    ASSERT_EQ(test::command(cmd + " -n 40 -o " + out + " --stats " + stats).exit_code, 0);
    fs::rename(out, out + ".partial");
    fs::rename(stats, stats + ".partial");
    const std::string before = test::slurp(out + ".partial"), before_stats = test::slurp(stats + ".partial");
    for (const std::string& with_stats : {std::string(), " --stats " + stats}) {
      const auto r = test::cli(cmd + " -n 20 -o " + out + with_stats + " --resume", "timeout 60 ");
      EXPECT_EQ(r.exit_code, 2) << r.out;
      EXPECT_NE(r.out.find(out + ".partial"), std::string::npos) << r.out;
      EXPECT_NE(r.out.find("holds 40 items but this run makes 20"), std::string::npos) << r.out;
      EXPECT_EQ(test::slurp(out + ".partial"), before);
      EXPECT_EQ(test::slurp(stats + ".partial"), before_stats);
      EXPECT_FALSE(fs::exists(out));
    }
    // The same -n finishes it.
    ASSERT_EQ(test::cli(cmd + " -n 40 -o " + out + " --stats " + stats + " --resume", "timeout 120 ").exit_code, 0);
    EXPECT_EQ(test::slurp(out), before);
    fs::remove(out);
    fs::remove(stats);
  }
}

/// The first `rows` data rows of a results file, with its `#` lines and (when `has_header`)
/// its column header.
std::string first_rows(const std::string& text, std::size_t rows, bool has_header = true) {
  std::istringstream in(text);
  std::string line, out;
  bool header = !has_header;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') {
      if (header && rows-- == 0) break;
      header = true;
    }
    out += line + '\n';
  }
  return out;
}

TEST(Resume, TheSameDatasetTwiceResumesAndMerges) {
  // `solve a.txt a.txt` benchmarks the file twice: its rows map to the passes in order, so that
  // its output can be resumed and its shards merged like any other.
  test::TempDir dir;
  const std::string top = test::shared("norvig_top95.txt");
  const std::string run = "solve " + top + " " + top + " -s dlx,propagation -j 1 ";
  ASSERT_EQ(test::command(run + "-o " + dir.path("single.csv") + " --summary " + dir.path("single_s.csv")).exit_code, 0);
  const std::string single = test::slurp(dir.path("single.csv"));
  ASSERT_EQ(count_lines(rows_without_time(single)), 1u + 4 * 95);
  // Stopped in the second dataset's first pass (dlx), then in its last (propagation).
  for (const std::size_t kept : {95u * 2 + 40, 95u * 3 + 7}) {
    SCOPED_TRACE(kept);
    const std::string out = dir.path("r" + std::to_string(kept) + ".csv"), sum = dir.path("s" + std::to_string(kept) + ".csv");
    std::ofstream(out + ".partial") << first_rows(single, kept);
    const auto r = test::command(run + "-o " + out + " --summary " + sum + " --resume");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find(std::to_string(kept) + " rows kept"), std::string::npos) << r.out;
    EXPECT_EQ(rows_without_time(test::slurp(out)), rows_without_time(single));
    EXPECT_EQ(summary_counts(test::slurp(sum)), summary_counts(test::slurp(dir.path("single_s.csv"))));
  }
  std::string parts;
  for (int k = 0; k < 3; ++k) {
    const std::string part = dir.path("p" + std::to_string(k) + ".csv");
    ASSERT_EQ(test::command(run + "--shard " + std::to_string(k) + "/3 -o " + part).exit_code, 0);
    parts += " " + part;
  }
  const auto m = test::command("merge -o " + dir.path("m.csv") + " --summary " + dir.path("m_s.csv") + parts);
  ASSERT_EQ(m.exit_code, 0) << m.out;
  EXPECT_EQ(rows_without_time(test::slurp(dir.path("m.csv"))), rows_without_time(single));
  EXPECT_EQ(summary_counts(test::slurp(dir.path("m_s.csv"))), summary_counts(test::slurp(dir.path("single_s.csv"))));
}

TEST(Resume, RowsDoneReachThePartialFileWithinASecond) {
  // Eight easy puzzles (the first slice of so small a file), then a slice of eight that the
  // naive solver takes half a minute over (about 4 s each). The eight rows must be on disk within about a second, though no later
  // slice comes to push them out: `kill -9` then loses only the puzzle in progress.
  test::TempDir dir;
  std::istringstream easy(test::slurp(test::shared("norvig_easy50.txt")));
  std::string text, line;
  for (int i = 0; i < 8 && std::getline(easy, line);)
    if (!line.empty() && line[0] != '#') text += line + "\n", ++i;
  // Hard for a digit-by-digit search in cell order: its first row is nearly empty.
  for (int i = 0; i < 8; ++i)
    text += "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n";
  const std::string in = dir.write("slow.txt", text), out = dir.path("rows.csv");
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string cmd = "exec " + std::string(SUDOKU_BENCH_EXE) + " solve " + in +
                            " -s backtracking -j 1 -o " + out + " >/dev/null 2>&1";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  std::size_t rows = 0;
  for (int i = 0; i < 100 && rows < 8; ++i) {  // a loaded machine: up to 10 s more
    rows = count_lines(rows_without_time(test::slurp(out + ".partial")));
    rows = rows > 0 ? rows - 1 : 0;  // the column header
    if (rows < 8) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  int status = 0;
  const bool running = ::waitpid(pid, &status, WNOHANG) == 0;
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(running) << "the run ended before the kill: the last puzzle is not slow enough";
  const std::string kept = test::slurp(out + ".partial");
  EXPECT_EQ(rows, 8u) << kept;
  for (int l = 1; l <= 8; ++l)
    EXPECT_NE(kept.find("slow.txt," + std::to_string(l) + ",backtracking,solved,"), std::string::npos) << kept;
  EXPECT_EQ(kept.find("slow.txt,9,"), std::string::npos) << kept;
}

TEST(Resume, RateResumesWithItsRatingColumns) {
  // A partial file of `rate` cut after row 40 (and in the middle of row 41, as a kill leaves
  // it): the resumed run keeps the 40 rows and ends equal to an uninterrupted run, rating
  // columns included.
  test::TempDir dir;
  const std::string run = "rate " + test::shared("norvig_top95.txt") + " -j 1 ";
  ASSERT_EQ(test::command(run + "-o " + dir.path("single.csv") + " --summary " + dir.path("single_s.csv")).exit_code, 0);
  const std::string single = test::slurp(dir.path("single.csv"));
  const std::string out = dir.path("r.csv"), sum = dir.path("s.csv");
  std::string cut = first_rows(single, 41);
  cut.resize(cut.size() - 20);
  std::ofstream(out + ".partial") << cut;
  const auto r = test::command(run + "-o " + out + " --summary " + sum + " --resume");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("40 rows kept"), std::string::npos) << r.out;
  EXPECT_EQ(rows_without_time(test::slurp(out)), rows_without_time(single));
  EXPECT_NE(test::slurp(out).find(",er,ep,ed,level,"), std::string::npos);
  EXPECT_EQ(summary_counts(test::slurp(sum)), summary_counts(test::slurp(dir.path("single_s.csv"))));
}

TEST(Resume, TransformResumesByteIdentical) {
  test::TempDir dir;
  const std::string run = "transform " + test::shared("norvig_top95.txt") + " -n 5000 --seed 6 ";
  ASSERT_EQ(test::command(run + "-o " + dir.path("single.txt") + " --stats " + dir.path("single.csv")).exit_code, 0);
  const std::string single = test::slurp(dir.path("single.txt"));
  const std::string out = dir.path("t.txt"), stats = dir.path("t.csv");
  // Lines: 1234 items and half of the next; stats: 2000 rows (more than the lines: the run
  // continues from the fewer).
  std::ofstream(out + ".partial") << single.substr(0, 1234 * 82 + 40);
  std::ofstream(stats + ".partial") << first_rows(test::slurp(dir.path("single.csv")), 2000);
  const auto r = test::command(run + "-o " + out + " --stats " + stats + " --resume");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("1234 items kept, continuing from item 1234"), std::string::npos) << r.out;
  EXPECT_EQ(test::slurp(out), single);
  EXPECT_EQ(rows_without_time(test::slurp(stats)), rows_without_time(test::slurp(dir.path("single.csv"))));
  // Another seed: refused, the partial left alone.
  std::ofstream(out + ".partial") << single.substr(0, 100 * 82);
  const auto other = test::command("transform " + test::shared("norvig_top95.txt") + " -n 5000 --seed 7 -o " + out + " --resume");
  EXPECT_EQ(other.exit_code, 2) << other.out;
  EXPECT_EQ(test::slurp(out + ".partial"), single.substr(0, 100 * 82));
}

TEST(Resume, AShardResumesAndStillMerges) {
  // --resume with --shard: the partial of shard 1/3 continues within its own records (solve) or
  // items (generate), and the parts then merge into the single run.
  test::TempDir dir;
  const std::string run = "solve " + test::shared("norvig_top95.txt") + " -s dlx,propagation -j 1 ";
  ASSERT_EQ(test::command(run + "-o " + dir.path("single.csv")).exit_code, 0);
  std::vector<std::string> parts;
  for (int k = 0; k < 3; ++k) {
    parts.push_back(dir.path("p" + std::to_string(k) + ".csv"));
    ASSERT_EQ(test::command(run + "--shard " + std::to_string(k) + "/3 -o " + parts.back()).exit_code, 0);
  }
  const std::string whole = test::slurp(parts[1]);
  fs::remove(parts[1]);
  std::ofstream(parts[1] + ".partial") << first_rows(whole, 40);  // into the second pass
  auto r = test::command(run + "--shard 1/3 -o " + parts[1] + " --resume");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("40 rows kept"), std::string::npos) << r.out;
  EXPECT_EQ(rows_without_time(test::slurp(parts[1])), rows_without_time(whole));
  // Shard 2's partial is not shard 1's.
  std::ofstream(dir.path("x.csv.partial")) << first_rows(whole, 10);
  EXPECT_EQ(test::command(run + "--shard 2/3 -o " + dir.path("x.csv") + " --resume").exit_code, 2);
  r = test::command("merge -o " + dir.path("m.csv") + " " + parts[0] + " " + parts[1] + " " + parts[2]);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(rows_without_time(test::slurp(dir.path("m.csv"))), rows_without_time(test::slurp(dir.path("single.csv"))));

  // generate: shard 1/3 of 300 items (100 to 199) keeps 37 and makes the rest again.
  const std::string gen = "generate -n 300 --seed 8 ";
  ASSERT_EQ(test::command(gen + "-o " + dir.path("g.txt")).exit_code, 0);
  std::string gparts;
  for (int k = 0; k < 3; ++k) {
    const std::string p = dir.path("g" + std::to_string(k) + ".txt");
    ASSERT_EQ(test::command(gen + "--shard " + std::to_string(k) + "/3 -o " + p).exit_code, 0);
    gparts += " " + p;
  }
  const std::string g1 = dir.path("g1.txt"), g1_text = test::slurp(g1);
  fs::remove(g1);
  std::ofstream(g1 + ".partial") << first_rows(g1_text, 37, false);  // the `#` lines, then 37 items
  r = test::command(gen + "--shard 1/3 -o " + g1 + " --resume");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("37 items kept, continuing from item 137"), std::string::npos) << r.out;
  EXPECT_EQ(test::slurp(g1), g1_text);
  r = test::command("merge -o " + dir.path("gm.txt") + gparts);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(test::slurp(dir.path("gm.txt")), test::slurp(dir.path("g.txt")));
}

TEST(Merge, StdinShardsByRecordIndexMergeToTheSingleRun) {
  // A pipe on stdin cannot be cut by bytes: each shard keeps the records of index K mod N.
  test::TempDir dir;
  const std::string data = test::shared("norvig_top95.txt");
  const std::string run = "solve - -s dlx --limit 2 -j 1 ", pipe = "cat " + data + " | ";
  ASSERT_EQ(test::cli(run + "-o " + dir.path("single.csv") + " --summary " + dir.path("single_s.csv"), pipe).exit_code, 0);
  std::string parts;
  for (int k = 0; k < 4; ++k) {
    const std::string part = dir.path("p" + std::to_string(k) + ".csv");
    const auto r = test::cli(run + "--shard " + std::to_string(k) + "/4 -o " + part, pipe);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    // 95 records: shard k has 24 (k < 3) or 23.
    EXPECT_EQ(count_lines(rows_without_time(test::slurp(part))), 1u + (k < 3 ? 24 : 23)) << part;
    EXPECT_NE(test::slurp(part).find("/4 (stdin by records mod 4)\n"), std::string::npos) << part;
    parts += " " + part;
  }
  const auto r = test::command("merge -o " + dir.path("m.csv") + " --summary " + dir.path("m_s.csv") + parts);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(rows_without_time(test::slurp(dir.path("m.csv"))), rows_without_time(test::slurp(dir.path("single.csv"))));
  EXPECT_EQ(count_lines(rows_without_time(test::slurp(dir.path("m.csv")))), 1u + 95);
  EXPECT_EQ(summary_counts(test::slurp(dir.path("m_s.csv"))), summary_counts(test::slurp(dir.path("single_s.csv"))));
}

}  // namespace
