#pragma once
// The nonogram row of the table of puzzle kinds (puzzle/kinds.hpp): what the tool needs to know
// of a nonogram, in one place.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzle/format.hpp"
#include "nonogram/draw.hpp"
#include "nonogram/formats.hpp"
#include "nonogram/nonogram.hpp"
#include "puzzle/solver.hpp"
#include "nonogram/verify.hpp"

namespace puzzle::nonogram {

/// The nonogram row's generation concern (kinds.hpp's KindGeneration; defined in
/// generate_plan.cpp).
struct NonogramGeneration {
  /// `generate --kind nonogram`: the options (puzzle/generate_options.hpp) checked and made into a
  /// run's plan: a worker of nonogram/generate.hpp and the words describing the run; throws
  /// OptionError.
  static GeneratePlan plan_generate(const GenerateOptions& opt, const OptionNames& say);
  /// Its own options: size, fill, smooth, line-solvable.
  static std::vector<GenerateOption> generate_options();
  /// Its checker and verifier when none is asked for (generate's help).
  static GenerateDefaults generate_defaults();
};

/// The nonogram row of the table of kinds: its identity, judge, files, solvers, and the concerns
/// of the command line's help, `show`'s drawing and outside programs (kind.cpp), with its
/// generation above.
struct NonogramKind : NonogramGeneration {
  static constexpr PuzzleKind id = PuzzleKind::nonogram;
  static constexpr std::string_view name = "nonogram";
  static constexpr std::string_view plural = "nonograms";
  /// `nonogram-cdcl`: it finishes the computer tournaments' puzzles, on which `nonogram-line`'s
  /// search can run for hours.
  static constexpr std::string_view default_solver = "nonogram-cdcl";
  static constexpr std::string_view noun = "nonogram";  ///< one puzzle of the kind, in help texts
  static constexpr std::string_view as_text = "a nonogram's game ID (WxH:clues)";  ///< show's puzzle argument
  using Puzzle = nonogram::Puzzle;
  using Solution = nonogram::Picture;
  using Known = nonogram::Known;
  /// Every solver of the kind takes every size (sides up to nonogram::kMaxSide, checked when the
  /// record is read).
  static std::optional<std::string> size_refused(const Puzzle&, const SolverInfo&) { return std::nullopt; }
  /// For `list`: every size, so the kind's name.
  static std::string sizes(const SolverInfo&) { return std::string(name); }
  static uint16_t clues(const Puzzle& p) noexcept { return static_cast<uint16_t>(p.clue_count()); }
  /// Never: bad clues are read errors.
  static std::optional<std::string> contradiction(const Puzzle&) { return std::nullopt; }
  static std::optional<std::string> verify(const Puzzle& p, const Result& r, uint64_t limit, const Known& k) {
    return nonogram::verify(p, r, limit, k);
  }
  /// The picture held by `a` (a 0x0 picture when none).
  static const Solution& solution(const Answer& a) noexcept {
    const Solution* p = a.get<Solution>();
    return p != nullptr ? *p : kNoSolution;
  }
  static inline const Solution kNoSolution{};
  /// The answer's text (the CSV's solution field): the picture's cells (nonogram::to_text);
  /// empty for no picture.
  static std::string text(const Solution& s) { return s.width != 0 ? nonogram::to_text(s) : std::string(); }
  /// The puzzle as one word (the `--exec` protocol's request): its game ID.
  static std::string puzzle_text(const Puzzle& p) { return nonogram::to_id(p); }
  /// Reads a picture of `p` written as text() writes it (also `1`/`0`) into `out`.
  static bool read_solution(std::string_view word, const Puzzle& p, Answer& out) {
    Solution picture;
    if (!nonogram::parse_picture(word, p.width, p.height, picture)) return false;
    out = std::move(picture);
    return true;
  }
  /// `show`: the puzzle in a few words ("25x25 nonogram, 312 clue numbers"), and its clues
  /// around the grid, empty or with `answer`'s picture (nothing when the picture is of another
  /// size: a lying outside solver's).
  static std::string summary(const Puzzle& p) {
    return std::to_string(p.width) + "x" + std::to_string(p.height) + " nonogram, " + std::to_string(p.clue_count()) +
           " clue numbers";
  }
  static std::string draw(const Puzzle& p, const Solution* answer) {
    if (answer != nullptr && (answer->width != p.width || answer->height != p.height)) return {};
    return nonogram::to_pretty(p, answer);
  }
  /// Files (nonogram/formats.hpp): a file whose first data line is a game ID, a tournament
  /// header or a `.non` keyword holds nonograms; `out` gets its layout.
  static bool detect(std::string_view line, Format& out) { return nonogram::detect_format(line, out); }
  /// One record of a file of `format`: a game ID line (parse_line), a tournament record, a whole
  /// `.non` file; an error names its line within the record.
  static Record<NonogramKind> parse(const Format& format, std::string_view record);
  /// One line of a file of game IDs: the ID (nonogram::parse_id: bad clues are errors), then
  /// maybe fields separated by `,`, `:`, `;`, `|`, a space or a tab: a number is a known count,
  /// w*h cells of `#`/`.` (or `1`/`0`) a known solution.
  static Record<NonogramKind> parse_line(std::string_view line);
  /// What a record of `format` is called in messages ("nonogram game ID").
  static std::string_view record_name(const Format& format) noexcept;
  static std::string solution_name(const Puzzle& p) {
    return std::to_string(p.width) + "x" + std::to_string(p.height) + " picture";
  }
  /// The kind's built-in solvers in `list`'s order, the naive baseline first (kind.cpp).
  static std::vector<SolverInfo> solvers();
  /// An outside program's first nonogram (ext/exec.cpp): a plus sign on 3x3 (one picture).
  static Probe<Puzzle, Known> probe();
};

}  // namespace puzzle::nonogram
