// The rating loop (docs/se_rules.md, Rating loop) over the producers (docs/se_rules.md,
// Producers), in their order.
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

#include "sudoku/se/se.hpp"
#include "sudoku/se/state.hpp"

namespace puzzle::sudoku::se {

namespace {

struct TechInfo {
  std::string_view id, name;
};
constexpr std::array<TechInfo, kTechCount> kTechs = {{
    {"hidden_single", "Hidden Single"},
    {"direct_pointing", "Direct Pointing"},
    {"direct_claiming", "Direct Claiming"},
    {"direct_hidden_pair", "Direct Hidden Pair"},
    {"naked_single", "Naked Single"},
    {"direct_hidden_triplet", "Direct Hidden Triplet"},
    {"pointing", "Pointing"},
    {"claiming", "Claiming"},
    {"naked_pair", "Naked Pair"},
    {"x_wing", "X-Wing"},
    {"hidden_pair", "Hidden Pair"},
    {"naked_triplet", "Naked Triplet"},
    {"swordfish", "Swordfish"},
    {"hidden_triplet", "Hidden Triplet"},
    {"skyscraper", "Skyscraper"},
    {"two_string_kite", "Two-string Kite"},
    {"turbot_crane", "Turbot Crane"},
    {"grouped_turbot", "Grouped Turbot"},
    {"xy_wing", "XY-Wing"},
    {"xyz_wing", "XYZ-Wing"},
    {"unique_rectangle", "Unique Rectangle"},
    {"unique_loop", "Unique Loop"},
    {"naked_quad", "Naked Quad"},
    {"jellyfish", "Jellyfish"},
    {"hidden_quad", "Hidden Quad"},
    {"three_strong_links", "3 Strong Links"},
    {"wxyz_wing", "WXYZ-Wing"},
    {"bug", "Bivalue Universal Grave"},
    {"vwxyz_wing", "VWXYZ-Wing"},
    {"aligned_pair_exclusion", "Aligned Pair Exclusion"},
    {"x_cycle", "Bidirectional X-Cycle"},
    {"y_cycle", "Bidirectional Y-Cycle"},
    {"xy_cycle", "Bidirectional Cycle"},
    {"forcing_x_chain", "Forcing X-Chain"},
    {"forcing_chain", "Forcing Chain"},
    {"aligned_triplet_exclusion", "Aligned Triplet Exclusion"},
    {"nishio", "Nishio Forcing Chain"},
    {"cell_forcing_chains", "Cell Forcing Chains"},
    {"region_forcing_chains", "Region Forcing Chains"},
    {"dynamic_contradiction", "Dynamic Contradiction Forcing Chains"},
    {"dynamic_double", "Dynamic Double Forcing Chains"},
    {"dynamic_cell", "Dynamic Cell Forcing Chains"},
    {"dynamic_region", "Dynamic Region Forcing Chains"},
    {"dynamic_plus", "Dynamic Forcing Chains (+)"},
    {"nested", "Nested Forcing Chains"},
}};

// docs/se_rules.md, Producers: in order.
constexpr std::array<Producer, 36> kProducers = {
    hidden_single,          direct_intersection,      direct_hidden_pair,   naked_single,
    direct_hidden_triple,   intersection,             naked_pair,           x_wing,
    hidden_pair,            naked_triple,             swordfish,            hidden_triple,
    turbot,                 xy_wing,                  xyz_wing,             unique_loops,
    naked_quad,             jellyfish,                hidden_quad,          three_strong_links,
    wxyz_wing,              bug,                      vwxyz_wing,           aligned_pair_exclusion,
    forcing_chains_cycles,  aligned_triple_exclusion, nishio_chains,        multiple_chains,
    dynamic_chains,         dynamic_plus_chains,      nested_chains_2,      nested_chains_3,
    nested_chains_4_0,      nested_chains_4_1,        nested_chains_4_2,    nested_chains_4_3,
};

// The bands of docs/rating.md, by the techniques whose ratings fall in them.
constexpr Level kLevels[] = {
    {"easy", 10},        // 1.0-1.9: hidden singles, direct pointing and claiming
    {"medium", 20},      // 2.0-2.9: direct hidden sets, naked singles, pointing, claiming
    {"hard", 30},        // 3.0-4.4: pairs, triples, X-Wing, Swordfish, Turbot family, XY/XYZ-Wing
    {"expert", 45},      // 4.5-6.4: uniqueness, quads, Jellyfish, strong links, (V)WXYZ-Wing, BUG, APE
    {"diabolical", 65},  // 6.5-8.4: cycles, forcing chains, ATE, Nishio, multiple forcing chains
    {"extreme", 85},     // 8.5 and up: dynamic and nested forcing chains
};

}  // namespace

std::span<const Level> levels() noexcept { return kLevels; }

std::size_t level_index(int er) noexcept {
  std::size_t index = 0;
  for (std::size_t l = 0; l < std::size(kLevels); ++l)
    if (er >= kLevels[l].from) index = l;
  return index;
}

std::string_view status_id(RatingStatus s) noexcept {
  switch (s) {
    case RatingStatus::rated: return "rated";
    case RatingStatus::stuck: return "stuck";
    case RatingStatus::budget_exceeded: return "budget_exceeded";
    case RatingStatus::invalid: return "invalid";
  }
  return "?";
}

bool next_hint(const State& s, Ctx& ctx, Hints& hints) {
  hints.list.clear();
  for (Producer p : kProducers) {
    p(s, ctx, hints);
    if (!hints.empty()) return true;
  }
  return false;
}

std::string_view tech_id(Tech t) noexcept { return kTechs[static_cast<int>(t)].id; }
std::string_view tech_name(Tech t) noexcept { return kTechs[static_cast<int>(t)].name; }

int tenths(double r) noexcept { return static_cast<int>((r + 0.05) * 10); }

std::optional<uint64_t> parse_budget(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [rest, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc{} || !(value >= 0) || rest == text.data()) return std::nullopt;
  const std::string_view unit(rest, static_cast<std::size_t>(end - rest));
  struct Unit {
    std::string_view name;
    double factor;
  };
  constexpr double kSecond = static_cast<double>(kSeWorkPerSecond);
  constexpr Unit kUnits[] = {{"", 1},           {"k", 1e3},          {"M", 1e6},
                             {"G", 1e9},        {"s", kSecond},      {"min", 60 * kSecond},
                             {"h", 3600 * kSecond}};
  for (const Unit& u : kUnits) {
    if (unit != u.name) continue;
    const double units = value * u.factor;
    if (units >= 1.8e19) return std::nullopt;  // beyond 64 bits
    // A fraction of a unit rounds up: a budget never shrinks to 0 (unlimited) by rounding.
    const auto n = static_cast<uint64_t>(units);
    return n + (static_cast<double>(n) < units ? 1 : 0);
  }
  return std::nullopt;
}

std::string tenths_text(int t) {
  return std::string{} + std::to_string(t / 10) + '.' + static_cast<char>('0' + t % 10);
}

std::string effect_text(const Step& s) {
  std::vector<Cand> rm = s.removals;
  std::sort(rm.begin(), rm.end(), [](Cand a, Cand b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  });
  std::string out;
  if (!rm.empty()) {
    out = "remove";
    for (Cand c : rm) {
      out += ' ';
      out += cell_rc(c.cell);
      out += '-';
      out += static_cast<char>('0' + c.digit);
    }
  }
  if (s.place_cell >= 0) {
    if (!out.empty()) out += "; ";
    out += "place " + cell_rc(s.place_cell) + '=' + static_cast<char>('0' + s.place_digit);
  }
  return out;
}

struct Rater::Scratch {
  State state;
  Hints hints;
  Workspace ws;  // the producers' memos and scratch, for this Rater's ratings only
};

Rater::Rater() : scratch_(new Scratch) {}
Rater::~Rater() { delete scratch_; }

Rating Rater::rate(const Grid& puzzle, uint64_t budget, std::vector<Step>* steps, const Stop& stop) {
  Rating out;
  State& s = scratch_->state;
  if (steps != nullptr) steps->clear();
  if (puzzle.box() != 3 || !s.load(puzzle)) {
    out.status = RatingStatus::invalid;
    return out;
  }
  Ctx ctx(scratch_->ws);
  ctx.want_text = steps != nullptr;
  ctx.budget = budget;
  ctx.watch(stop);
  double er = 0, ep = 0, ed = 0;
  try {
    while (s.empty > 0) {
      Hints& hints = scratch_->hints;
      if (!next_hint(s, ctx, hints)) {
        er = 20.0;
        out.status = RatingStatus::stuck;
        break;
      }
      Hint& h = hints.list.front();
      if (h.rating > er) {
        er = h.rating;
        out.hardest = h.tech;
      }
      ++out.counts[static_cast<int>(h.tech)];
      for (Cand c : h.removals) s.remove(c.cell, c.digit);
      if (h.place_cell >= 0) s.place(h.place_cell, h.place_digit);
      if (ep == 0) {
        if (ed == 0) ed = er;
        if (h.place_cell >= 0) ep = er;
      }
      if (steps != nullptr)
        steps->push_back(Step{h.rating, h.tech, std::move(h.text), std::move(h.removals),
                              h.place_cell, h.place_digit});
    }
  } catch (const BudgetExceeded&) {
    out.status = RatingStatus::budget_exceeded;
  }
  out.er = tenths(er);
  out.ep = tenths(ep);
  out.ed = tenths(ed);
  out.work = ctx.work;
  return out;
}

}  // namespace puzzle::sudoku::se
