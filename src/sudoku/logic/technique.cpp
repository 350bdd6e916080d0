// The technique table (ids, names), applying a step, and the sentences of `explain --logic`.
#include "sudoku/logic/technique.hpp"

#include <fmt/format.h>

namespace puzzle::sudoku::logic {
namespace {

struct Info {
  std::string_view id, name;
};

constexpr Info kInfo[kTechniqueCount] = {
    {"full_house", "Full house"},
    {"hidden_single_box", "Hidden single"},
    {"hidden_single_line", "Hidden single"},
    {"naked_single", "Naked single"},
    {"pointing", "Pointing"},
    {"claiming", "Claiming"},
    {"naked_pair", "Naked pair"},
    {"x_wing", "X-Wing"},
    {"hidden_pair", "Hidden pair"},
    {"naked_triple", "Naked triple"},
    {"swordfish", "Swordfish"},
    {"hidden_triple", "Hidden triple"},
    {"xy_wing", "XY-Wing"},
    {"xyz_wing", "XYZ-Wing"},
    {"naked_quad", "Naked quad"},
    {"jellyfish", "Jellyfish"},
    {"hidden_quad", "Hidden quad"},
    {"x_chain", "X-chain"},
    {"forcing_chain", "Forcing chain"},
    {"cell_forcing_chain", "Cell forcing chain"},
    {"guess", "Guess"},
};

std::string cells_label(const std::vector<uint8_t>& cells) {
  std::string s;
  for (uint8_t c : cells) s += (s.empty() ? "" : ", ") + grid9::cell_rc(c);
  return s;
}

/// The cells of the eliminations: "r6c1, r6c2".
std::string elim_cells(const std::vector<Elimination>& el) {
  std::string s;
  for (const auto& e : el) s += (s.empty() ? "" : ", ") + grid9::cell_rc(e.cell);
  return s;
}

/// "4 from r1c2, r3c3; 7 from r3c3": eliminations grouped by digit.
std::string by_digit(const std::vector<Elimination>& el) {
  std::string s;
  for (int d = 1; d <= 9; ++d) {
    std::string cells;
    for (const auto& e : el)
      if (e.digit == d) cells += (cells.empty() ? "" : ", ") + grid9::cell_rc(e.cell);
    if (!cells.empty()) s += fmt::format("{}{} from {}", s.empty() ? "" : "; ", d, cells);
  }
  return s;
}

/// "r3c4 loses 2,8; r3c7 loses 6": eliminations grouped by cell.
std::string by_cell(const std::vector<Elimination>& el) {
  std::string s;
  for (std::size_t i = 0; i < el.size();) {
    unsigned m = 0;
    std::size_t j = i;
    for (; j < el.size() && el[j].cell == el[i].cell; ++j) m |= bit(el[j].digit);
    s += fmt::format("{}{} loses {}", s.empty() ? "" : "; ", grid9::cell_rc(el[i].cell), digits_label(m));
    i = j;
  }
  return s;
}

std::string lines_label(const std::vector<uint8_t>& lines) {
  std::string s = region_type(lines.front()) == kRow ? "rows " : "columns ";
  for (std::size_t i = 0; i < lines.size(); ++i) s += (i ? ", " : "") + std::to_string(lines[i] % 9 + 1);
  return s;
}

std::string size_word(std::size_t n) { return n == 2 ? "pair" : n == 3 ? "triple" : "quad"; }

}  // namespace

std::string_view technique_id(Technique t) noexcept { return kInfo[static_cast<int>(t)].id; }
std::string_view technique_name(Technique t) noexcept { return kInfo[static_cast<int>(t)].name; }
void apply(Board& b, const Deduction& s) noexcept {
  for (const auto& p : s.placements)
    if (b.value[p.cell] == 0) b.place(p.cell, p.digit);
  for (const auto& e : s.eliminations) b.cand[e.cell] &= static_cast<uint16_t>(~bit(e.digit));
}

bool find(Technique t, const Board& b, Deduction& out) {
  switch (t) {
    case Technique::full_house: return find_full_house(b, out);
    case Technique::hidden_single_box: return find_hidden_single(b, out, true);
    case Technique::hidden_single_line: return find_hidden_single(b, out, false);
    case Technique::naked_single: return find_naked_single(b, out);
    case Technique::pointing: return find_pointing(b, out);
    case Technique::claiming: return find_claiming(b, out);
    case Technique::naked_pair: return find_naked_subset(b, out, 2);
    case Technique::x_wing: return find_fish(b, out, 2);
    case Technique::hidden_pair: return find_hidden_subset(b, out, 2);
    case Technique::naked_triple: return find_naked_subset(b, out, 3);
    case Technique::swordfish: return find_fish(b, out, 3);
    case Technique::hidden_triple: return find_hidden_subset(b, out, 3);
    case Technique::xy_wing: return find_xy_wing(b, out);
    case Technique::xyz_wing: return find_xyz_wing(b, out);
    case Technique::naked_quad: return find_naked_subset(b, out, 4);
    case Technique::jellyfish: return find_fish(b, out, 4);
    case Technique::hidden_quad: return find_hidden_subset(b, out, 4);
    case Technique::x_chain: return find_x_chain(b, out);
    case Technique::forcing_chain: return find_forcing_chain(b, out);
    case Technique::cell_forcing_chain: return find_cell_forcing_chain(b, out);
    case Technique::guess: return false;
  }
  return false;
}

std::string describe(const Deduction& s) {
  const std::string name(technique_name(s.technique));
  const int d = s.digits ? first_digit(s.digits) : 0;
  switch (s.technique) {
    case Technique::full_house:
      return fmt::format("Full house in {}: {} is the last empty cell, so it is {}", grid9::region_name(s.unit),
                         grid9::cell_rc(s.placements[0].cell), s.placements[0].digit);
    case Technique::hidden_single_box:
    case Technique::hidden_single_line:
      return fmt::format("Hidden single in {}: {} can only go in {}", grid9::region_name(s.unit), d,
                         grid9::cell_rc(s.placements[0].cell));
    case Technique::naked_single:
      return fmt::format("Naked single: {} can only be {}", grid9::cell_rc(s.placements[0].cell), d);
    case Technique::pointing:
      return fmt::format("Pointing {} in {}: {} is only in {}, so remove {} from {}",
                         size_word(s.cells.size()), grid9::region_name(s.unit), d, grid9::region_name(s.unit2), d,
                         elim_cells(s.eliminations));
    case Technique::claiming:
      return fmt::format("Claiming in {}: {} is only in {}, so remove {} from {}", grid9::region_name(s.unit), d,
                         grid9::region_name(s.unit2), d,
                         elim_cells(s.eliminations));
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
      return fmt::format("{} in {}: {} hold only {}, so remove {}", name, grid9::region_name(s.unit),
                         cells_label(s.cells), digits_label(s.digits), by_digit(s.eliminations));
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
      return fmt::format("{} in {}: {} can only go in {}, so {}", name, grid9::region_name(s.unit),
                         digits_label(s.digits), cells_label(s.cells), by_cell(s.eliminations));
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish: {
      unsigned cover = 0;
      const bool base_rows = region_type(s.lines.front()) == kRow;
      for (uint8_t c : s.cells) cover |= 1u << (base_rows ? col_of(c) : row_of(c));
      std::string covers = base_rows ? "columns " : "rows ";
      bool first = true;
      for (int i = 0; i < 9; ++i)
        if (cover & (1u << i)) covers += (first ? "" : ", ") + std::to_string(i + 1), first = false;
      return fmt::format("{} on {}: in {} the {} is only in {}, so remove {}", name, d,
                         lines_label(s.lines), d, covers, by_digit(s.eliminations));
    }
    case Technique::xy_wing:
    case Technique::xyz_wing:
      return fmt::format("{}: pivot {} with pincers {} and {}: one of them is {}, so remove {}", name,
                         grid9::cell_rc(s.cells[0]), grid9::cell_rc(s.cells[1]), grid9::cell_rc(s.cells[2]),
                         s.eliminations[0].digit, by_digit(s.eliminations));
    case Technique::x_chain: {
      std::string chain;
      for (std::size_t i = 0; i < s.cells.size(); ++i)
        chain += (i ? (i % 2 ? "=" : "-") : "") + grid9::cell_rc(s.cells[i]);
      return fmt::format("X-chain on {} ({} links, = strong, - weak: {}): one end is {}, so remove {}",
                         d, s.length, chain, d, by_digit(s.eliminations));
    }
    case Technique::forcing_chain:
      return fmt::format("Forcing chain: if {} were {}, singles would lead to a contradiction in {} "
                         "steps, so remove {} from {}",
                         grid9::cell_rc(s.cells[0]), d, s.length, d, grid9::cell_rc(s.cells[0]));
    case Technique::cell_forcing_chain:
      if (s.unit < 0)
        return fmt::format("Cell forcing chain on {} ({}): each of them leads by singles to {} = {} "
                           "(within {} steps), so it is {}",
                           grid9::cell_rc(s.cells[0]), digits_label(s.digits),
                           grid9::cell_rc(s.placements[0].cell), s.placements[0].digit, s.length,
                           s.placements[0].digit);
      return fmt::format("Unit forcing chain in {}: wherever {} goes ({}), singles lead to {} = {} "
                         "(within {} steps), so it is {}",
                         grid9::region_name(s.unit), d, cells_label(s.cells), grid9::cell_rc(s.placements[0].cell),
                         s.placements[0].digit, s.length, s.placements[0].digit);
    case Technique::guess:
      return fmt::format("No technique applies: guess {} = {} (candidates {}; the search confirms it)",
                         grid9::cell_rc(s.placements[0].cell), s.placements[0].digit, digits_label(s.digits));
  }
  return name;
}

}  // namespace puzzle::sudoku::logic
