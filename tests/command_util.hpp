#pragma once
// Commands run in the test's own process, through the library the program is (cli/app.hpp):
// most tests need the command, not a process. What needs a process (a signal, kill -9, an
// environment for the child, stdin, a pipe) starts the program with test::cli().
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/app.hpp"
#include "test_util.hpp"

namespace test {

/// `line` cut into words as a shell would (spaces; '...' and "..." keep spaces; \ escapes), or
/// a test failure for shell syntax that only a shell gives meaning to (| < > ; & $ `).
inline std::vector<std::string> shell_words(const std::string& line) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < line.size()) word += line[++i];
      else word += c;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c, in_word = true;
    } else if (c == '\\' && i + 1 < line.size()) {
      word += line[++i], in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) out.push_back(word), word.clear(), in_word = false;
    } else if (std::string_view("|<>;&$`").find(c) != std::string_view::npos) {
      ADD_FAILURE() << "shell syntax in '" << line << "': run it with test::cli()";
      word += c, in_word = true;
    } else {
      word += c, in_word = true;
    }
  }
  if (in_word) out.push_back(word);
  return out;
}

/// Runs the command line `args` ("solve FILE -o OUT") in this process and captures what it
/// writes (both streams and an output named `-`, in the order written). Child processes it
/// starts (an isolated plug-in's host, the count under callgrind) run the built program.
inline CliResult command(const std::string& args) {
  std::vector<std::string> words = shell_words(args);
  words.insert(words.begin(), SUDOKU_BENCH_EXE);
  char path[] = "/tmp/sudoku-test-output-XXXXXX";
  const int fd = ::mkstemp(path);
  if (fd < 0) return {-1, "mkstemp failed"};
  ::unlink(path);
  ::fcntl(fd, F_SETFL, O_APPEND);  // buffered and unbuffered writes both land at the end
  std::FILE* f = ::fdopen(fd, "a+");
  puzzle::cli::Console console;
  console.out = console.err = f;
  console.out_fd = fd;
  CliResult r{puzzle::cli::run(words, console, SUDOKU_BENCH_EXE), {}};
  std::fflush(f);
  ::lseek(fd, 0, SEEK_SET);
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) r.out.append(buf, static_cast<std::size_t>(n));
  std::fclose(f);
  return r;
}

}  // namespace test
