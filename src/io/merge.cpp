#include "io/merge.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <memory>
#include <queue>
#include <tuple>

#include <fmt/format.h>

#include "puzzle/generate_item.hpp"

namespace puzzle::io {
namespace {

std::string_view layout_name(ResultsLayout k) {
  switch (k) {
    case ResultsLayout::rows: return "per-puzzle rows (solve, rate)";
    case ResultsLayout::stats: return "per-item stats (generate, transform --stats)";
    case ResultsLayout::lines: return "puzzle lines (generate, transform)";
    case ResultsLayout::summary: return "a summary (--summary)";
    case ResultsLayout::bench: return "bench repetitions (bench -o)";
  }
  return "?";
}

struct Part {
  std::string path;
  Shard shard;
};

}  // namespace

MergePlan plan_merge(const std::vector<std::string>& paths) {
  if (paths.empty()) throw InputError("merge: no parts given");
  MergePlan plan;
  std::vector<Part> parts;
  Meta first_meta;
  for (const std::string& path : paths) {
    if (path.ends_with(".partial"))
      throw InputError(fmt::format("{}: an unfinished part (its run was stopped): run its shard "
                                   "again with --resume to complete it, then merge", path));
    if (is_stream(path)) throw InputError(fmt::format("{}: merge reads files, not streams", path));
    const ResultsFile f(path);
    if (f.layout() == ResultsLayout::summary)
      throw InputError(fmt::format("{}: a summary CSV (--summary): merge makes the summary itself from the "
                                   "parts' per-puzzle rows; give it those (each shard's -o) and --summary FILE",
                                   path));
    if (f.layout() == ResultsLayout::bench)
      throw InputError(fmt::format("{}: a bench CSV: bench runs are not cut into shards, so there is nothing "
                                   "to merge (compare two with regress)",
                                   path));
    if (f.meta().empty())
      throw InputError(fmt::format("{}: no `#` provenance lines, so nothing says which shard it "
                                   "holds (generate and transform write them into their output "
                                   "with --shard)", path));
    const std::optional<Shard> shard = shard_in(f.meta());
    if (!shard) throw InputError(fmt::format("{}: its '# shard:' line does not read as K/N", path));
    if (parts.empty()) {
      plan.layout = f.layout();
      plan.header = f.header();
      plan.identity = run_identity(f.meta());
      plan.shards = shard->count;
      first_meta = f.meta();
    } else {
      const std::string& p0 = parts.front().path;
      if (f.layout() != plan.layout)
        throw InputError(fmt::format("{} holds {} but {} holds {}: not parts of one output", p0,
                                     layout_name(plan.layout), path, layout_name(f.layout())));
      if (f.header() != plan.header)
        throw InputError(fmt::format("{} and {} have different columns: not parts of one run", p0, path));
      if (const Meta id = run_identity(f.meta()); id != plan.identity)
        throw InputError(fmt::format("{} and {} are not parts of one run: {}", p0, path,
                                     first_difference(plan.identity, id)));
      if (shard->count != plan.shards)
        throw InputError(fmt::format("{} is shard {}/{} but {} is shard {}/{}: parts of runs cut "
                                     "into different numbers of shards overlap",
                                     p0, parts.front().shard.index, plan.shards, path, shard->index,
                                     shard->count));
      // generate/transform: the item count is only in `# shard:` (not in the identity), and
      // parts of `-n 20` and `-n 40` would otherwise concatenate into neither run.
      if (plan.layout != ResultsLayout::rows) {
        const std::optional<ItemRange> a = items_in(first_meta), b = items_in(f.meta());
        if (a && b && a->count != b->count)
          throw InputError(fmt::format("{} holds items of a run of {} but {} of a run of {} (-n): "
                                       "not parts of one run", p0, a->count, path, b->count));
      }
      for (const Part& q : parts)
        if (q.shard.index == shard->index)
          throw InputError(fmt::format("shard {}/{} given twice: {} and {}", shard->index,
                                       shard->count, q.path, path));
      if (build_of(f.meta()) != build_of(first_meta))
        plan.warnings.push_back(fmt::format("{} was written by {}, {} by {}: the rows may differ "
                                            "where the builds do", p0, build_of(first_meta), path,
                                            build_of(f.meta())));
    }
    for (const std::string& t : meta_values(f.meta(), "threads")) plan.threads += std::atoi(t.c_str());
    parts.push_back({path, *shard});
  }
  std::sort(parts.begin(), parts.end(), [](const Part& a, const Part& b) { return a.shard.index < b.shard.index; });
  for (uint32_t k = 0; k < plan.shards; ++k)
    if (k >= parts.size() || parts[k].shard.index != k) {
      std::string given;
      for (const Part& q : parts) given += fmt::format("{}{}/{} {}", given.empty() ? "" : ", ", q.shard.index, plan.shards, q.path);
      throw InputError(fmt::format("shard {}/{} is missing (given: {})", k, plan.shards, given));
    }
  for (const Part& q : parts) plan.parts.push_back(q.path);
  return plan;
}

namespace {

constexpr uint64_t kStopEvery = 4096;  // rows between two looks at the stop flag

bool stopped(const std::atomic<bool>* stop, uint64_t n) {
  return n % kStopEvery == 0 && stop != nullptr && stop->load(std::memory_order_relaxed);
}

Merged merge_rows(const MergePlan& plan, OutputFile& out, const std::atomic<bool>* stop) {
  std::vector<std::unique_ptr<RowsFile>> parts;
  for (const std::string& p : plan.parts) parts.push_back(std::make_unique<RowsFile>(p));
  Merged m;
  m.summaries = parts.front()->empty_summaries();
  // A min-heap of the parts by their current row's (pass, line).
  using Key = std::tuple<std::size_t, uint64_t, std::size_t>;
  std::priority_queue<Key, std::vector<Key>, std::greater<>> heap;
  const auto push = [&](std::size_t i) {
    if (parts[i]->next()) heap.emplace(parts[i]->pass(), parts[i]->row().line, i);
  };
  for (std::size_t i = 0; i < parts.size(); ++i) push(i);
  std::string text;
  Key last{};
  std::size_t last_part = 0;
  while (!heap.empty()) {
    const Key top = heap.top();
    heap.pop();
    const auto [pass, line, i] = top;
    const RowsFile& part = *parts[i];
    if (m.lines > 0 && std::get<0>(last) == pass && std::get<1>(last) == line) {
      const PuzzleRow& r = part.row();
      throw InputError(fmt::format("{} and {} both hold {} line {} ({}): shards overlap",
                                   plan.parts[last_part], plan.parts[i], r.file, line, r.solver));
    }
    const PuzzleRow& r = part.row();
    m.summaries[pass].add(r.status, r.time_ns, r.work);
    text.assign(part.text());
    text += '\n';
    out.write(text);
    last = top;
    last_part = i;
    if (stopped(stop, ++m.lines)) {
      m.interrupted = true;
      break;
    }
    push(i);
  }
  for (Summary& s : m.summaries) {
    s.threads = plan.threads;
    s.wall_s = std::numeric_limits<double>::quiet_NaN();
    s.interrupted = m.interrupted;
  }
  return m;
}

/// generate/transform parts: one after the other, each holding exactly its items (a stats row's
/// index is checked too).
Merged merge_items(const MergePlan& plan, OutputFile& out, const std::atomic<bool>* stop) {
  Merged m;
  std::string text;
  for (const std::string& path : plan.parts) {
    ResultsFile f(path);
    const std::optional<ItemRange> items = items_in(f.meta());
    if (!items)
      throw InputError(fmt::format("{}: its '# shard:' line does not say which items it holds", path));
    uint64_t n = 0;
    std::string_view line;
    while (f.next(line)) {
      if (plan.layout == ResultsLayout::stats) {
        const std::string_view index = line.substr(0, line.find(','));
        if (index != std::to_string(items->first + n))
          throw InputError(fmt::format("{}:{}: item {} where item {} was due", path, f.line_no(),
                                       index, items->first + n));
      } else if (line.starts_with('#') && !line.starts_with(puzzle::kMissedPrefix)) {
        continue;
      }
      text.assign(line);
      text += '\n';
      out.write(text);
      ++n;
      if (stopped(stop, ++m.lines)) {
        m.interrupted = true;
        return m;
      }
    }
    if (n != items->end - items->first)
      throw InputError(fmt::format("{}: holds {} items where its shard has {} (items {} to {}): "
                                   "cut short?", path, n, items->end - items->first, items->first,
                                   items->end - 1));
  }
  return m;
}

}  // namespace

Merged merge_parts(const MergePlan& plan, OutputFile& out, std::string_view provenance,
                   const std::atomic<bool>* stop) {
  if (plan.layout != ResultsLayout::lines) {
    out.write(provenance);
    out.write(plan.header + "\n");
  }
  return plan.layout == ResultsLayout::rows ? merge_rows(plan, out, stop) : merge_items(plan, out, stop);
}

}  // namespace puzzle::io
