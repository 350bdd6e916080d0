#pragma once
// The nonogram formats of the field besides sgt-pattern's game IDs (nonogram.hpp), as pure
// functions on text (no I/O; the reader cuts a file into records and hands each over):
//
// - The computer tournaments' batch format (TAAI, TCGA, the Computer Olympiad): a record is a
//   header line `$N`, then the column clues (left to right, one line each, runs top to bottom)
//   and the row clues (top to bottom, runs left to right), runs separated by tabs. The format
//   does not state the size: a record of 2n clue lines is n x n (the tournaments' puzzles are
//   all 25 x 25). A solution file holds, for each `$N`, n lines of n `0`/`1` (1 = shaded),
//   tab-separated. Accepted beyond the tournaments' files: spaces or commas between runs, CRLF,
//   `0` or an empty line for an empty clue, blank lines after a record's last clue.
//
// - Steve Simpson's `.non` (his solver's puzzle files; pbnsolve, webpbn's export, Wolter's
//   survey and many collections use it): one puzzle a file, lines of `keyword value`:
//   `width W` (or `columns W`) and `height H` (or `rows H`) first; `rows` alone on a line, then
//   H clues, and `columns` alone, then W clues, each clue runs separated by commas (`0` for an
//   empty line; blank lines are skipped); `goal "0110..."` a known solution (W*H cells row by
//   row, `0` blank, `1` shaded). Any other word starts a property line (title, by, copyright,
//   catalogue, license, ...), kept out of the puzzle. Colour clues (`3b`, `color` lines) are
//   refused: these are black-and-white nonograms.
//
// - The `.nin` files of Jan Wolter's survey of nonogram solvers (webpbn.com/survey): one
//   puzzle a file; the first line is `W H` (width, then height), then H row clues (top to
//   bottom, runs left to right) and W column clues (left to right, runs top to bottom), one
//   line each, runs separated by spaces or tabs. A clue is placed by its line: an empty line
//   (or `0`) is an empty clue; blank lines after the last clue are ignored.
//
// Every reader checks the clues as the game IDs' reader does (ClueBuilder): the same mistake
// gets the same message whatever the format.
#include <string>
#include <string_view>
#include <vector>

#include "nonogram/nonogram.hpp"
#include "puzzle/format.hpp"

namespace puzzle::nonogram {

/// How a file of nonograms writes its records (Format::layout), found from its first data line.
enum class Layout : uint8_t {
  game_id,     ///< one sgt-pattern game ID per line (`WxH:clues`), optional `,solution`, `:count`
  tournament,  ///< the computer tournaments' batch format: a `$N` line, then 2n clue lines
  non,         ///< Steve Simpson's `.non`: the whole file is one puzzle
  nin,         ///< Wolter's survey `.nin`: `W H`, H row clues, W column clues; one puzzle a file
};

/// The format of a file of nonograms whose first data line (trimmed) is `line`: a game ID, a
/// tournament header, a `.non` keyword or a `.nin` size line; false (and `out` untouched) for
/// anything else.
bool detect_format(std::string_view line, Format& out);

/// Why a record could not be read, and where: `line` counts from 1 at the record's first line.
struct FormatError {
  int line = 0;
  std::string message;
};

// ---- The tournament batch format -------------------------------------------------------------

/// True when `line` is a tournament record's header, `$N` (N a decimal number; trailing spaces
/// and CR allowed); `number` gets N.
bool tournament_header(std::string_view line, long& number) noexcept;

/// Parses one tournament record: `text` is its header line and every line after it up to the
/// next header. Returns false with `error` set (the line within `text` and why).
bool parse_tournament(std::string_view text, Puzzle& out, long& number, FormatError& error);

/// Parses one record of a tournament solution file, a `width` x `height` picture: the header
/// `$N`, then one line per row of `0`/`1` cells (separated by tabs, spaces or nothing).
bool parse_tournament_solution(std::string_view text, int width, int height, Picture& out,
                               long& number, FormatError& error);

/// A record of a file in the tournament format: its text (header line included) and the
/// number of its header line in the file (1-based).
struct TournamentRecord {
  std::string_view text;
  int line = 0;
};

/// Cuts a whole file (`text`) into its records; lines before the first header are skipped
/// when blank, and make a record of their own otherwise (whose parse then says why).
std::vector<TournamentRecord> tournament_records(std::string_view text);

// ---- Steve Simpson's .non ----------------------------------------------------------------------

/// True when `line` (a file's first line that is not blank) starts like a `.non` file: one of
/// its keywords (width, height, rows, columns, catalogue, title, by, copyright, license,
/// maxrule, goal) then a space or the line's end.
bool looks_like_non(std::string_view line) noexcept;

/// Parses a whole `.non` file. `known` gets the `goal`, if any. Returns false with `error`
/// set (its line and why).
bool parse_non(std::string_view text, Puzzle& out, Known& known, FormatError& error);

// ---- Wolter's survey .nin ---------------------------------------------------------------------

/// True when `line` is a `.nin` file's first line: two decimal numbers (width, height)
/// separated by spaces or tabs, nothing else (surrounding blanks and CR allowed).
bool looks_like_nin(std::string_view line) noexcept;

/// Parses a whole `.nin` file (from its size line). Returns false with `error` set (its line
/// and why).
bool parse_nin(std::string_view text, Puzzle& out, FormatError& error);

}  // namespace puzzle::nonogram
