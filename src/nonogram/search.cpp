#include "nonogram/search.hpp"

#include <algorithm>
#include <vector>

#include "nonogram/sat.hpp"

namespace puzzle::nonogram {

Search::Search() = default;
Search::~Search() = default;

SearchResult Search::run(const Puzzle& p, const SearchLimits& limits) {
  return with_mask_for(std::max(p.width, p.height),
                       [&](auto zero) { return run_as<decltype(zero)>(p, limits); });
}

template <class M>
SearchResult Search::run_as(const Puzzle& p, const SearchLimits& limits) {
  SearchResult res;
  const uint64_t limit = std::max<uint64_t>(limits.solutions, 1);
  const uint64_t budget = limits.budget == 0 ? UINT64_MAX : limits.budget;
  std::vector<Picture> found;  // distinct solutions (probing may meet one twice)
  auto on_solution = [&](const BasicBoard<M>& b) {
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
  BasicBoard<M> root(p);
  if (!root.propagate(res.line_solves)) return finish(SearchResult::End::complete);
  if (root.unknown() == 0) {
    on_solution(root);
    return finish(SearchResult::End::complete);
  }
  // 2. Probing.
  auto& held = std::get<std::unique_ptr<BasicProber<M>>>(probers_);
  if (!held) held = std::make_unique<BasicProber<M>>();
  BasicProber<M>& prober = *held;
  prober.reset(p);
  const auto probed = prober.run(root, on_solution, limits.stop, budget);
  res.probes = prober.probes();
  res.line_solves += prober.line_solves();
  if (probed == BasicProber<M>::Outcome::contradiction) return finish(SearchResult::End::complete);
  if (probed == BasicProber<M>::Outcome::stopped)
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
  bool hinted = false;
  while (found.size() < limit) {
    const uint64_t used = res.probes + res.conflicts;
    if (used >= budget) return finish(SearchResult::End::budget);
    // Without phase hints first: a puzzle still open after kHintAfter conflicts gets them
    // (sat.hpp) and the search goes on with its learnt clauses.
    uint64_t allowed = budget == UINT64_MAX ? 0 : budget - used;  // 0: no limit
    const uint64_t to_hint = kHintAfter - std::min(kHintAfter, res.conflicts);
    const bool capped = !hinted && (allowed == 0 || allowed > to_hint);
    if (capped) allowed = to_hint;
    Picture pic;
    const SatStage::Answer a = allowed == 0 && capped ? SatStage::Answer::stopped : cdcl.next(pic, limits.stop, allowed);
    res.conflicts = cdcl.conflicts();
    if (a == SatStage::Answer::stopped && capped && !limits.stop.now()) {
      cdcl.hint(root);
      hinted = true;
      continue;
    }
    if (a == SatStage::Answer::none) break;
    if (a == SatStage::Answer::stopped)
      return finish(limits.stop.now() ? SearchResult::End::stopped : SearchResult::End::budget);
    found.push_back(std::move(pic));
  }
  return finish(SearchResult::End::complete);
}

}  // namespace puzzle::nonogram
