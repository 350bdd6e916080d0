#include "io/results.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "puzzle/generate_item.hpp"

namespace puzzle::io {

ResultsFile::ResultsFile(std::string path) : path_(std::move(path)) {
  f_ = std::fopen(path_.c_str(), "rb");
  if (f_ == nullptr) throw InputError(fmt::format("{}: cannot open: {}", path_, std::strerror(errno)));
  // The `#` lines, then the first other line: a column header, or already a data line.
  while (raw_line()) {
    std::string_view l = line_;
    l.remove_suffix(1);  // the newline
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    if (l.empty()) {
      offset_ = next_offset_;
      continue;
    }
    // A missed generated item's line is a `#` comment but a data line: it holds the item's place.
    if (l.front() == '#' && !l.starts_with(puzzle::kMissedPrefix)) {
      std::string k, v;
      if (split_meta(l.substr(1), k, v)) meta_.emplace_back(std::move(k), std::move(v));
      offset_ = next_offset_;
      continue;
    }
    if (l.starts_with("file,line,solver,") || l.starts_with("index,method,") || l.starts_with("find,generation,") ||
        l.starts_with("dataset,solver,")) {
      layout_ = l.starts_with("file,")                              ? ResultsLayout::rows
                : l.starts_with("index,") || l.starts_with("find,") ? ResultsLayout::stats
                : l.starts_with("dataset,solver,threads,rep,")      ? ResultsLayout::bench
                                                                    : ResultsLayout::summary;
      header_ = std::string(l);
      offset_ = next_offset_;
    } else {
      pending_ = true;
    }
    break;
  }
}

ResultsFile::~ResultsFile() {
  std::free(buf_);
  if (f_ != nullptr) std::fclose(f_);
}

bool ResultsFile::raw_line() {
  errno = 0;
  const ssize_t n = ::getline(&buf_, &cap_, f_);
  if (n <= 0) {
    if (std::ferror(f_)) throw InputError(fmt::format("{}: read error after line {}: {}", path_, line_no_, std::strerror(errno)));
    return false;
  }
  if (buf_[n - 1] != '\n') return false;  // cut short: not a line
  ++line_no_;
  line_ = std::string_view(buf_, static_cast<std::size_t>(n));
  next_offset_ += static_cast<uint64_t>(n);
  return true;
}

bool ResultsFile::next(std::string_view& line) {
  if (!pending_ && !raw_line()) return false;
  pending_ = false;
  offset_ = next_offset_;
  line = line_.substr(0, line_.size() - 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return true;
}

std::vector<std::string> meta_values(const Meta& meta, std::string_view key) {
  std::vector<std::string> out;
  for (const auto& [k, v] : meta)
    if (k == key) out.push_back(v);
  return out;
}

Meta run_identity(const Meta& meta) {
  static constexpr std::string_view kNotIdentity[] = {"tool", "git_revision", "compiler", "build",
                                                      "flags", "cpu", "simd", "date", "threads",
                                                      "command", "shard", "part"};
  Meta out;
  for (const auto& kv : meta) {
    if (std::find(std::begin(kNotIdentity), std::end(kNotIdentity), kv.first) != std::end(kNotIdentity)) continue;
    out.push_back(kv);
    // `plugin: NAMES PATH sha256=HEX; how the threads reach it`: the how (a private instance
    // per thread, a shared one, a child process) does not change the rows, and a run stopped
    // by a crash is continued with --isolate --resume.
    if (kv.first == "plugin")
      if (const std::size_t sha = kv.second.rfind(" sha256="); sha != std::string::npos)
        if (const std::size_t how = kv.second.find("; ", sha); how != std::string::npos) out.back().second.resize(how);
  }
  return out;
}

std::string first_difference(const Meta& a, const Meta& b) {
  const auto show = [](const Meta& m, std::size_t j) {
    return j < m.size() ? fmt::format("'{}: {}'", m[j].first, m[j].second) : std::string("nothing");
  };
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i)
    if (i >= a.size() || i >= b.size() || a[i] != b[i]) return fmt::format("{} against {}", show(a, i), show(b, i));
  return "";
}

std::string build_of(const Meta& meta) {
  const auto tool = meta_values(meta, "tool"), git = meta_values(meta, "git_revision");
  return fmt::format("{} (git {})", tool.empty() ? "unknown tool" : tool.front(),
                     git.empty() ? "unknown" : git.front());
}

std::optional<Shard> shard_in(const Meta& meta) {
  const auto v = meta_values(meta, "shard");
  if (v.empty()) return Shard{};
  const std::string& text = v.front();
  const std::size_t end = text.find_first_not_of("0123456789/");
  return parse_shard(std::string_view(text).substr(0, end));
}

std::string items_record(Shard s, uint64_t count) {
  const uint64_t first = s.begin(count), end = s.end(count);
  if (first == end) return fmt::format("{}/{}: no items of {}", s.index, s.count, count);
  return fmt::format("{}/{}: items {} to {} of {}", s.index, s.count, first, end - 1, count);
}

std::optional<ItemRange> items_in(const Meta& meta) {
  const auto v = meta_values(meta, "shard");
  if (v.empty()) return std::nullopt;
  ItemRange r;
  unsigned long long a = 0, b = 0, c = 0;
  unsigned k = 0, n = 0;
  if (std::sscanf(v.front().c_str(), "%u/%u: items %llu to %llu of %llu", &k, &n, &a, &b, &c) == 5 && a <= b) {
    r.first = a, r.end = b + 1, r.count = c;
    return r;
  }
  if (std::sscanf(v.front().c_str(), "%u/%u: no items of %llu", &k, &n, &c) == 3) {
    r.count = c;
    return r;
  }
  return std::nullopt;
}

namespace {

/// A `# dataset:` line's path ("PATH sha256=...").
std::string dataset_path(const std::string& value) {
  const std::size_t at = value.rfind(" sha256=");
  return at == std::string::npos ? value : value.substr(0, at);
}

std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    if (comma > start) out.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

}  // namespace

RowsFile::RowsFile(std::string path)
    : file_(std::move(path)), reader_(rows_schema(false), file_.path(), {"file", "line", "solver"}) {
  if (file_.layout() != ResultsLayout::rows)
    throw InputError(fmt::format("{}: not a per-puzzle rows file of solve or rate (no "
                                 "file,line,solver,... header)", file_.path()));
  for (const std::string& d : meta_values(file_.meta(), "dataset")) datasets_.push_back(dataset_path(d));
  const auto solvers = meta_values(file_.meta(), "solvers");
  if (!solvers.empty()) solvers_ = split_commas(solvers.front());
  if (datasets_.empty() || solvers_.empty())
    throw InputError(fmt::format("{}: no '# dataset:' or '# solvers:' line: not written by this "
                                 "version's solve or rate, so its rows cannot be placed", file_.path()));
  try {
    reader_.feed(file_.header(), 0, row_);
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());
  }
}

bool RowsFile::next() {
  std::string_view line;
  if (!file_.next(line)) return false;
  const auto fail = [&](const std::string& why) {
    return InputError(fmt::format("{}:{}: {}", file_.path(), file_.line_no(), why));
  };
  try {
    if (!reader_.feed(line, file_.line_no(), row_)) throw fail("not a row");
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());
  }
  const auto s = std::find(solvers_.begin(), solvers_.end(), row_.solver);
  const bool named = std::find(datasets_.begin(), datasets_.end(), row_.file) != datasets_.end();
  if (!named || s == solvers_.end())
    throw fail(fmt::format("row of {} by {}, which the file's provenance does not name", row_.file, row_.solver));
  // The first pass of this dataset and solver that can follow the last row: a dataset given
  // twice (`solve a.txt a.txt`, a legitimate benchmark) has two passes, and a row of the second
  // is told from one of the first by coming after it (each pass holds every record of the
  // shard, so the second starts again at a line at or before where the first ended).
  const std::size_t solver = static_cast<std::size_t>(s - solvers_.begin());
  std::size_t pass = SIZE_MAX;
  for (std::size_t d = 0; d < datasets_.size() && pass == SIZE_MAX; ++d) {
    const std::size_t p = d * solvers_.size() + solver;
    if (datasets_[d] == row_.file && (!any_ || p > pass_ || (p == pass_ && row_.line > last_line_))) pass = p;
  }
  if (pass == SIZE_MAX)
    throw fail("rows out of the order sudoku-bench writes them (dataset, solver, line): edited?");
  any_ = true;
  pass_ = pass;
  last_line_ = row_.line;
  text_ = line;
  return true;
}

std::vector<Summary> RowsFile::empty_summaries() const {
  std::vector<Summary> out;
  for (const std::string& d : datasets_)
    for (const std::string& s : solvers_) {
      Summary sum;
      sum.dataset = d;
      sum.solver = s;
      out.push_back(std::move(sum));
    }
  return out;
}

}  // namespace puzzle::io
