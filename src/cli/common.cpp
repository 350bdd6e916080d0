#include "cli/common.hpp"

#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "io/parse.hpp"
#include "io/reader.hpp"
#include "puzzle/registry.hpp"

namespace puzzle::cli {

std::vector<const puzzle::SolverInfo*> parse_solvers(const puzzle::Registry& registry, const std::string& list,
                                                     puzzle::PuzzleKind kind) {
  std::vector<const puzzle::SolverInfo*> out;
  if (list == "all") {
    for (const auto& s : registry.solvers())
      if (s.solves(kind)) out.push_back(&s);
    return out;
  }
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string name = list.substr(start, comma - start);
    start = comma + 1;
    if (name.empty()) continue;
    const puzzle::SolverInfo* info = registry.find(name);
    if (info == nullptr) {
      const std::string near = registry.suggest(name);
      throw UsageError(fmt::format("unknown solver '{}'{}; 'sudoku-bench list' shows them all", name,
                                   near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
    }
    out.push_back(info);
  }
  if (out.empty()) throw UsageError("no solver given");
  return out;
}

puzzle::PuzzleKind input_kind(const std::vector<std::string>& files) {
  for (const std::string& f : files)
    if (!puzzle::io::is_stream(f)) return puzzle::io::file_kind(f);
  return puzzle::Kinds::fallback;
}

void add_shard_option(CLI::App* app, std::string& text, bool items) {
  app->add_option("--shard", text,
                  items ? "Only part K of N (K from 0 to N-1): items count*K/N to count*(K+1)/N-1, "
                          "each the same as in a single run"
                        : "Only part K of N of the input (K from 0 to N-1): a plain file is cut "
                          "into N byte ranges at line starts, gzip and stdin by record index mod "
                          "N; line numbers stay the file's own");
}

puzzle::io::Shard shard_of(const std::string& text) {
  if (text.empty()) return {};
  const auto s = puzzle::io::parse_shard(text);
  if (!s) throw UsageError(fmt::format("--shard '{}': expected K/N with 0 <= K < N (e.g. 0/4)", text));
  return *s;
}

void add_resume_option(CLI::App* app, bool& flag) {
  app->add_flag("--resume", flag,
                "Continue the partial output (OUT.partial) that an earlier run of this same "
                "command left when it was stopped or killed: its complete rows are kept and the "
                "run goes on after them, so the output equals an uninterrupted run's. Without a "
                "partial output, a plain run");
}

bool names_file(const std::string& arg) {
  std::error_code ec;
  return std::filesystem::exists(arg, ec);
}

}  // namespace puzzle::cli
