#pragma once
// The techniques, in order of human difficulty, and the steps they find.
//
// Each technique is a function that looks at a Board and finds ONE step (or nothing): what it
// is, the unit and digits involved, the cells of the pattern, and the cells it places or the
// candidates it removes. Every step is a sound deduction (none assumes the puzzle is unique), so
// the solver may apply them on any puzzle and still count solutions exactly afterwards.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/logic/board.hpp"

namespace puzzle::sudoku::logic {

enum class Technique : uint8_t {
  full_house,          // the last empty cell of a unit
  hidden_single_box,   // a digit with one place left in a box
  hidden_single_line,  // a digit with one place left in a row or column
  naked_single,        // a cell with one candidate left
  pointing,            // a digit of a box confined to one row or column: out of the rest of it
  claiming,            // a digit of a row or column confined to one box: out of the rest of it
  naked_pair,
  x_wing,
  hidden_pair,
  naked_triple,
  swordfish,
  hidden_triple,
  xy_wing,
  xyz_wing,
  naked_quad,
  jellyfish,
  hidden_quad,
  x_chain,             // alternating strong/weak links of one digit (skyscraper, kite, ...)
  forcing_chain,       // a candidate whose singles lead to a contradiction is false
  cell_forcing_chain,  // every candidate of a cell (or place of a digit) forces the same result
  guess,               // nothing applies: the solution's digit, found by search
};
inline constexpr int kTechniqueCount = 21;

/// Short identifier ("hidden_pair"), used in JSON.
std::string_view technique_id(Technique t) noexcept;
/// Human name ("Hidden pair").
std::string_view technique_name(Technique t) noexcept;

struct Placement {
  uint8_t cell, digit;
};
struct Elimination {
  uint8_t cell, digit;
};

/// One step of reasoning (a deduction, or a guess): what `explain --logic` says in a sentence.
/// (se::Step is a step of the SE rating, with its rating and the reference's words.)
struct Deduction {
  Technique technique = Technique::guess;
  int unit = -1;            ///< the region the step is about (grid9.hpp's numbers), or -1
  int unit2 = -1;           ///< a second unit (the row of a pointing pair, the box of claiming)
  uint16_t digits = 0;      ///< the digits of the pattern
  int length = 0;           ///< chains: links (x-chain) or implications (forcing chains)
  std::vector<uint8_t> cells;               ///< the pattern (pair cells, wing pivot+pincers, ...)
  std::vector<uint8_t> lines;               ///< fish: base rows/columns (region numbers)
  std::vector<Placement> placements;
  std::vector<Elimination> eliminations;

  void clear() noexcept {
    unit = unit2 = -1;
    digits = 0;
    length = 0;
    cells.clear();
    lines.clear();
    placements.clear();
    eliminations.clear();
  }
};

/// Applies a step's placements and eliminations.
void apply(Board& b, const Deduction& s) noexcept;

/// The sentence a person would say: "Hidden single in row 4: 7 can only go in r4c2".
std::string describe(const Deduction& s);

// The technique finders. Each returns true and fills `out` (cleared first) with one step.
bool find_full_house(const Board& b, Deduction& out);
bool find_hidden_single(const Board& b, Deduction& out, bool boxes);  // boxes, or rows and columns
bool find_naked_single(const Board& b, Deduction& out);
bool find_pointing(const Board& b, Deduction& out);
bool find_claiming(const Board& b, Deduction& out);
bool find_naked_subset(const Board& b, Deduction& out, int size);
bool find_hidden_subset(const Board& b, Deduction& out, int size);
bool find_fish(const Board& b, Deduction& out, int size);
bool find_xy_wing(const Board& b, Deduction& out);
bool find_xyz_wing(const Board& b, Deduction& out);
bool find_x_chain(const Board& b, Deduction& out);
bool find_forcing_chain(const Board& b, Deduction& out);
bool find_cell_forcing_chain(const Board& b, Deduction& out);

/// Finds one step of `t` (not `guess`).
bool find(Technique t, const Board& b, Deduction& out);

/// Naked and hidden singles to a fixed point, for the trials of the chain techniques and the
/// search. Stops early (returning true) once `max_placements` cells are placed. Returns false on
/// a contradiction. `placed` counts the placements made.
/// `order`, when given, receives for each cell placed its placement index (capped at 255).
bool propagate_singles(Board& b, int max_placements, int& placed, uint8_t* order = nullptr) noexcept;

}  // namespace puzzle::sudoku::logic
