#pragma once
// The Sudoku Explainer rating (ER/EP/ED): the techniques of Sukaku Explainer 1.15.10
// (the fork of Sudoku Explainer 1.2.1 that rated ../shared/datasets), tried in its order, with
// its choice of hint at every step, so that the path and therefore the rating are the
// reference's. docs/se_rules.md is the specification: the rules the code follows, with the
// reference's source files; the comments of this folder cite its sections by name.
//
// This header is the public face: rate a puzzle, get ER/EP/ED, the hardest technique, the counts
// per technique and, on request, every step. state.hpp declares the producers (one file per
// family); rater.cpp runs the loop.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "puzzle/stop.hpp"
#include "sudoku/grid.hpp"

namespace puzzle::sudoku::se {

/// Technique families, in the order of the reference's producers (docs/se_rules.md, Producers). A
/// step's name in text output is the family's name; the hint's own text says more.
enum class Tech : uint8_t {
  hidden_single,  // 1.0 full house, 1.2 box, 1.5 line
  direct_pointing,
  direct_claiming,
  direct_hidden_pair,
  naked_single,
  direct_hidden_triplet,
  pointing,
  claiming,
  naked_pair,
  x_wing,
  hidden_pair,
  naked_triplet,
  swordfish,
  hidden_triplet,
  skyscraper,
  two_string_kite,
  turbot_crane,
  grouped_turbot,  // any grouped link of the Turbot family (4.3)
  xy_wing,
  xyz_wing,
  unique_rectangle,  // 4 cells
  unique_loop,       // 6 or more cells
  naked_quad,
  jellyfish,
  hidden_quad,
  three_strong_links,
  wxyz_wing,
  bug,
  vwxyz_wing,
  aligned_pair_exclusion,
  x_cycle,
  y_cycle,
  xy_cycle,
  forcing_x_chain,
  forcing_chain,  // XY forcing chain (7.0 + bonus)
  aligned_triplet_exclusion,
  nishio,
  cell_forcing_chains,    // multiple chains on the grid as it is, not dynamic (8.0 + bonus)
  region_forcing_chains,
  dynamic_contradiction,  // dynamic chains (8.5 + bonus)
  dynamic_double,
  dynamic_cell,
  dynamic_region,
  dynamic_plus,           // nested level 1 (9.0 + bonus)
  nested,                 // nested levels 2 and more (9.5 + bonus)
};
inline constexpr int kTechCount = static_cast<int>(Tech::nested) + 1;

/// Identifier for CSV and JSON ("direct_hidden_pair").
std::string_view tech_id(Tech t) noexcept;
/// The reference's name ("Direct Hidden Pair").
std::string_view tech_name(Tech t) noexcept;

/// One candidate: a digit 1-9 in a cell 0-80.
struct Cand {
  uint8_t cell, digit;
  friend bool operator==(Cand, Cand) = default;
};

/// One step of the rating, as `explain` and the trace show it.
struct Step {
  double rating = 0;  ///< the exact double the reference computes
  Tech tech = Tech::hidden_single;
  std::string text;   ///< what the step is, in the reference's words where we have them
  std::vector<Cand> removals;  ///< in the order the hint lists them
  int place_cell = -1;         ///< the cell the step places a digit in, or -1
  int place_digit = 0;
};

/// Tenths, the way the reference prints a rating: int((r + 0.05) * 10).
int tenths(double r) noexcept;
/// A rating in tenths as the reference prints it: 72 -> "7.2".
std::string tenths_text(int tenths);

/// The chains' length bonus (docs/se_rules.md, Complexity, length bonus and order) with the
/// reference's arithmetic: 0.1 added
/// to 0.0 once for each threshold (4, 6, 8, 12, 16, 24, ...) that complexity - 2 exceeds. Inline:
/// the chain searches ask it for every layer they bound.
inline double length_bonus(int complexity) noexcept {
  double added = 0.0;
  int ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

/// How a rating ended (the `rating_status` column; status_id()). A solver's outcome is
/// puzzle::Status.
enum class RatingStatus : uint8_t {
  rated,            ///< every cell filled
  stuck,            ///< no technique applies: ER 20.0, as the reference prints
  budget_exceeded,  ///< the work budget ran out first
  invalid,          ///< givens that repeat a digit in a region
};

struct Rating {
  RatingStatus status = RatingStatus::rated;
  int er = 0, ep = 0, ed = 0;  ///< tenths (72 = 7.2)
  Tech hardest = Tech::hidden_single;  ///< the first step with the largest rating
  std::array<uint32_t, kTechCount> counts{};  ///< steps of each family
  uint64_t work = 0;  ///< work spent (the unit of the budget)
};

/// About how many work units a second of rating is, on the machine of results/rating.md (1.2e8
/// on the 375 puzzles of forum_hardest_1106.txt, from 0.9e8 to 3.9e8 puzzle by puzzle): what a
/// budget given as a duration is converted at. The budget stays a count of work, so whether a
/// puzzle passes it does not depend on the machine, its load or the thread count.
inline constexpr uint64_t kSeWorkPerSecond = 100'000'000;

/// The default budget (work units; see Rater), about 20 s: over four times the most any puzzle
/// of forum_hardest_1106.txt takes (4.5e8 units, ER 11.8), so that only a puzzle harder than
/// those, or with many solutions (where the reference can run for hours), stops on it.
inline constexpr uint64_t kDefaultSeBudget = 2'000'000'000;

/// A budget as written on the command line: work units ("2000000000", "2e9", "500M", "3k"), or
/// a duration ("30s", "2min", "1h", "0.5s") converted at kSeWorkPerSecond; "0" is no budget.
/// Empty when the text is none of these.
std::optional<uint64_t> parse_budget(std::string_view text);

/// The rater's worker: it owns every memo and all the scratch memory its ratings use (a
/// Workspace), so no two Raters share anything. Not thread-safe; one per thread.
class Rater {
 public:
  Rater();
  ~Rater();
  Rater(const Rater&) = delete;
  Rater& operator=(const Rater&) = delete;

  /// Rates a 9x9 puzzle. `budget` bounds the work (0: unlimited); `steps`, when given, receives
  /// every step with its text. `stop` (SIGINT, SIGTERM) is polled about every 0.1 ms of work:
  /// when it fires the rating ends as budget_exceeded.
  Rating rate(const Grid& puzzle, uint64_t budget = kDefaultSeBudget,
              std::vector<Step>* steps = nullptr, const Stop& stop = {});

 private:
  struct Scratch;
  Scratch* scratch_;
};

/// A difficulty level: a band of ER (docs/rating.md says what each band needs).
struct Level {
  std::string_view name;
  int from;  ///< ER in tenths where the band starts
};
/// The levels, easiest first: easy, medium, hard, expert, diabolical, extreme.
std::span<const Level> levels() noexcept;
/// The level of an ER (tenths): its index in levels().
std::size_t level_index(int er) noexcept;
/// The level's name ("diabolical").
inline std::string_view level_name(int er) noexcept { return levels()[level_index(er)].name; }
/// "rated", "stuck", "budget_exceeded", "invalid".
std::string_view status_id(RatingStatus s) noexcept;

/// "remove r1c1-8 r5c3-8; place r5c2=4": a step's effect in the format of
/// ../shared/datasets/se_steps_sample.txt (removals sorted by cell, then digit).
std::string effect_text(const Step& s);

}  // namespace puzzle::sudoku::se
