#include "nonogram/search.hpp"

#include <algorithm>
#include <vector>

#include "nonogram/sat.hpp"

namespace puzzle::nonogram {

Search::Search() : prober_(std::make_unique<Prober>()) {}
Search::~Search() = default;

SearchResult Search::run(const Puzzle& p, const SearchLimits& limits) {
  SearchResult res;
  const uint64_t limit = std::max<uint64_t>(limits.solutions, 1);
  const uint64_t budget = limits.budget == 0 ? UINT64_MAX : limits.budget;
  std::vector<Picture> found;  // distinct solutions (probing may meet one twice)
  auto on_solution = [&](const Board& b) {
    Picture pic = b.picture();
    if (std::find(found.begin(), found.end(), pic) == found.end()) found.push_back(std::move(pic));
    return found.size() >= limit;
  };
  auto finish = [&](SearchResult::End end) {
    res.end = found.size() >= limit ? SearchResult::End::complete : end;
    res.solutions = found.size();
    if (!found.empty()) res.first = found.front();
    return res;
  };

  // 1. Line logic.
  Board root(p);
  if (!root.propagate(res.line_solves)) return finish(SearchResult::End::complete);
  if (root.unknown() == 0) {
    on_solution(root);
    return finish(SearchResult::End::complete);
  }
  // 2. Probing.
  Prober& prober = *prober_;
  prober.reset(p);
  const Prober::Outcome probed = prober.run(root, on_solution, limits.stop, budget);
  res.probes = prober.probes();
  res.line_solves += prober.line_solves();
  if (probed == Prober::Outcome::contradiction) return finish(SearchResult::End::complete);
  if (probed == Prober::Outcome::stopped)
    return finish(limits.stop.now() ? SearchResult::End::stopped : SearchResult::End::budget);
  res.left = root.unknown();
  if (res.left == 0) {
    on_solution(root);
    return finish(SearchResult::End::complete);
  }
  // 3. CDCL on what is left, the solutions met so far excluded.
  SatStage cdcl;
  cdcl.start(p, root, &prober);
  for (const Picture& pic : found) cdcl.block(pic);
  while (found.size() < limit) {
    const uint64_t used = res.probes + res.conflicts;
    if (used >= budget) return finish(SearchResult::End::budget);
    Picture pic;
    const SatStage::Answer a = cdcl.next(pic, limits.stop, budget == UINT64_MAX ? 0 : budget - used);
    res.conflicts = cdcl.conflicts();
    if (a == SatStage::Answer::none) break;
    if (a == SatStage::Answer::stopped)
      return finish(limits.stop.now() ? SearchResult::End::stopped : SearchResult::End::budget);
    found.push_back(std::move(pic));
  }
  return finish(SearchResult::End::complete);
}

}  // namespace puzzle::nonogram
