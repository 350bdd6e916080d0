#pragma once
// The Sudoku row of the table of puzzle kinds (puzzle/kinds.hpp): what the tool needs to know
// of a Sudoku, in one place.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzle/format.hpp"
#include "puzzle/solver.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/verify.hpp"

namespace puzzle::sudoku {

struct SudokuKind;

/// The Sudoku row's files concern (kinds.hpp's KindFiles; defined in sudoku_parse.cpp). Sudoku is
/// the kind of a file no other row claims, the table's fallback (Kinds::detect asks it last).
struct SudokuFiles {
  static constexpr bool fallback = true;
  /// Takes every first data line: a comma grid of 4, 9, 16 or 25 cells (of `out.size`'s box when
  /// it is not 0, --size), a CSV header naming a puzzle column, else one puzzle a line; false
  /// with `error` set only for a CSV header with no puzzle column.
  static bool detect(std::string_view line, Format& out, std::string& error);
  /// One record of a file of `format` (parse_record), its givens unchecked: contradictory givens
  /// are the solver's to find (`invalid`) and the judge's to check.
  static Record<SudokuKind> parse(const Format& format, std::string_view record);
  /// What a record of `format` is called in messages ("Sudoku line").
  static std::string_view record_name(const Format& format) noexcept;
  /// `solve --size`: a grid side (4, 9, 16, 25), its box the Format's size.
  static SizeOption size_option() noexcept;
};

/// The Sudoku row's generation concern (KindGeneration; defined in generate/sudoku_plan.cpp).
struct SudokuGeneration {
  /// `generate --kind sudoku`: the options (puzzle/generate_options.hpp) checked and made into a
  /// run's plan: a worker of generate/job.hpp and the words describing the run; throws
  /// OptionError.
  static GeneratePlan plan_generate(const GenerateOptions& opt, const OptionNames& say);
  /// Its own options: size, method, clues, minimal, symmetry, grids, difficulty, er.
  static std::vector<GenerateOption> generate_options();
  /// Its checker, verifier and stats columns when none is asked for (generate's help).
  static GenerateDefaults generate_defaults();
};

/// The Sudoku row of the table of kinds: its identity, judge, solvers, and the concerns of the
/// command line's help, `show`'s drawing and outside programs (sudoku_kind.cpp), with its files
/// and generation above.
struct SudokuKind : SudokuFiles, SudokuGeneration {
  static constexpr PuzzleKind id = PuzzleKind::sudoku;
  static constexpr std::string_view name = "sudoku";     ///< list, the Python module
  static constexpr std::string_view plural = "Sudoku";   ///< messages ("solves Sudoku, not ...")
  static constexpr std::string_view default_solver = "scored";  ///< 9x9's: by_speed's first
  /// Its solvers by speed, fastest first: the default for a size is the first that takes it
  /// (registry.hpp default_solver: `scored` for 9x9, `wide` for 4x4, 16x16 and 25x25;
  /// results/wide.md).
  static constexpr std::array<std::string_view, 3> by_speed = {"scored", "wide", "dlx"};
  /// An empty puzzle of each size and its name, for `list`'s defaults by size.
  static std::vector<std::pair<std::string, Grid>> size_examples();
  static constexpr std::string_view noun = "Sudoku";  ///< one puzzle of the kind, in help texts
  static constexpr std::string_view as_text = "a puzzle string (81 characters for 9x9)";  ///< show's puzzle argument
  using Puzzle = Grid;
  using Solution = Grid;   ///< the Answer's alternative (solver.hpp)
  using Known = sudoku::Known;
  /// The sizes: a solver declares the ones it takes (SolverInfo::boxes); the others are
  /// `unsupported`, with this reason.
  static std::optional<std::string> size_refused(const Puzzle& p, const SolverInfo& info) {
    if (info.supports(p.box())) return std::nullopt;
    return size_refusal(p, info);
  }
  static std::string size_refusal(const Puzzle& p, const SolverInfo& info);
  /// The sides of the grids `info` takes, for `list` ("4,9,16,25").
  static std::string sizes(const SolverInfo& info);
  static uint16_t clues(const Puzzle& p) noexcept { return static_cast<uint16_t>(p.clues()); }
  /// What makes a puzzle with no answer `invalid`: two equal givens in a unit.
  static std::optional<std::string> contradiction(const Puzzle& p);
  static std::optional<std::string> verify(const Puzzle& p, const Result& r, uint64_t limit, const Known& k) {
    return sudoku::verify(p, r, limit, k);
  }
  /// The answer held by `a` (a grid of no cells when none).
  static const Solution& solution(const Answer& a) noexcept {
    const Solution* g = a.get<Solution>();
    return g != nullptr ? *g : kNoGrid;
  }
  static inline const Grid kNoGrid{0};
  /// The answer's text (the CSV's solution field): the one-line grid; empty for no grid.
  static std::string text(const Solution& s) { return s.box() != 0 ? to_line(s) : std::string(); }
  /// The puzzle as one word (the `--exec` protocol's request): its one-line grid.
  static std::string puzzle_text(const Puzzle& p) { return to_line(p); }
  /// Reads a solution of `p` written as one word (an `--exec` answer) into `out`; false when
  /// `word` is not one: read_grid().
  static bool read_solution(std::string_view word, const Puzzle& p, Answer& out) {
    Grid& g = out.reuse<Grid>(p.box(), Grid::Unset{});
    g.reshape(p.box());
    return read_grid(word, p.box(), g);
  }
  /// What a solution of `p` is called in messages ("9x9 solution").
  static std::string solution_name(const Puzzle& p);
  /// `show`: the puzzle in a few words ("24 clues"), and the puzzle drawn for a terminal, or with
  /// `answer` the answer.
  static std::string summary(const Puzzle& p) { return std::to_string(p.clues()) + " clues"; }
  static std::string draw(const Puzzle& p, const Solution* answer) {
    return to_pretty(answer != nullptr ? *answer : p);
  }
  /// Reads `word` as a grid of `box` in the one-line alphabet of to_line(): `1-9` up to 9x9,
  /// `1-9A-G` for 16x16, `A-Y` for 25x25 (letters in either case), `.` or `0` empty.
  static bool read_grid(std::string_view word, int box, Grid& out);
  /// The kind's built-in solvers in `list`'s order, the naive baseline first (the registry joins
  /// the rows' lists in the table's order and sets each one's kind).
  static std::vector<SolverInfo> solvers();
  /// An outside program's first puzzle (ext/exec.cpp): a 9x9 solution with one cell of each row
  /// emptied (naked singles only).
  static Probe<Puzzle, Known> probe();
};

}  // namespace puzzle::sudoku
