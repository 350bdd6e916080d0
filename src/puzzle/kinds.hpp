#pragma once
// The table of puzzle kinds: one row per kind (a struct in the kind's own files), and the
// places outside a kind that must choose among kinds ask the table, not the kind.
//
// What a kind's row provides is below, by concern (checked at compile time). The kinds are
// listed in one place, kind_list.hpp (their ids and types) with kind_rows.hpp (their rows).
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "puzzle/format.hpp"
#include "puzzle/kind_types.hpp"
#include "puzzle/solver.hpp"

namespace puzzle {

/// Whether row R is the table's fallback: the kind of a file no other row claims. Its detect()
/// takes every line and can fail with a message (detect(line, format, error)); the others' can
/// refuse a line (detect(line, format)). Exactly one row is.
template <class R>
inline constexpr bool kFallback = requires { requires R::fallback; };

// What a kind's row gives, by concern. The first four are what the core needs of every kind;
// the others a kind has or not, and what uses one skips a kind without it (or refuses it, naming
// the kind). A minimal kind is the first four (tests/third_kind/: a Latin square).

/// Its identity and types: its id (its place in kind_list.hpp), name (`list`, the Python
/// module), plural (messages), default solver; the Puzzle, the Solution (an Answer's
/// alternative) and what a file may know of a puzzle (Known).
template <class R>
concept KindIdentity = requires {
  { R::id } -> std::convertible_to<PuzzleKind>;
  { R::name } -> std::convertible_to<std::string_view>;
  { R::plural } -> std::convertible_to<std::string_view>;
  { R::default_solver } -> std::convertible_to<std::string_view>;
  typename R::Puzzle;
  typename R::Solution;
  typename R::Known;
};

/// The judge's (run/judge.hpp) and the rows' (the CSV's solution text): why a solver does not
/// take this size, the clues column, why a puzzle with no answer is invalid, why a result is
/// wrong, the answer held and its text.
template <class R>
concept KindJudge = requires(const typename R::Puzzle& p, const typename R::Solution& s, const Answer& a,
                             const Result& r, const typename R::Known& k, const SolverInfo& info) {
  { R::size_refused(p, info) } -> std::same_as<std::optional<std::string>>;
  { R::clues(p) } -> std::same_as<uint16_t>;
  { R::contradiction(p) } -> std::same_as<std::optional<std::string>>;
  { R::verify(p, r, uint64_t{}, k) } -> std::same_as<std::optional<std::string>>;
  { R::solution(a) } -> std::same_as<const typename R::Solution&>;
  { R::text(s) } -> std::same_as<std::string>;
};

/// Its files (io/): the layouts it claims from a file's first data line (the fallback's takes
/// every line and fails only with a message), one record read, what a record is called.
template <class R>
concept KindFiles = requires(std::string_view line, const Format& cf) {
  { R::parse(cf, line) } -> std::same_as<Record<R>>;
  { R::record_name(cf) } -> std::convertible_to<std::string_view>;
} && (kFallback<R> ? requires(std::string_view line, Format& f, std::string& error) {
  { R::detect(line, f, error) } -> std::same_as<bool>;
} : requires(std::string_view line, Format& f) {
  { R::detect(line, f) } -> std::same_as<bool>;
});

/// Its built-in solvers, `list`'s order (the registry joins the rows' lists).
template <class R>
concept KindSolvers = requires {
  { R::solvers() } -> std::same_as<std::vector<SolverInfo>>;
};

/// A row of the table: what the core needs of every kind.
template <class R>
concept PuzzleKindRow = KindIdentity<R> && KindJudge<R> && KindFiles<R> && KindSolvers<R>;

/// Outside programs (ext/exec.cpp, docs/exec.md): the puzzle and its answer as one word each,
/// what an answer is called, the first puzzle a program is sent. An `--exec` program is sent
/// only kinds that have this.
template <class R>
concept KindPrograms = requires(const typename R::Puzzle& p, Answer& ans) {
  { R::puzzle_text(p) } -> std::same_as<std::string>;
  { R::read_solution(std::string_view{}, p, ans) } -> std::same_as<bool>;
  { R::solution_name(p) } -> std::same_as<std::string>;
  { R::probe() } -> std::same_as<Probe<typename R::Puzzle, typename R::Known>>;
};

/// Drawing (`show`): the puzzle in a few words, and drawn for a terminal, empty or solved.
template <class R>
concept KindDrawing = requires(const typename R::Puzzle& p, const typename R::Solution& s) {
  { R::summary(p) } -> std::same_as<std::string>;
  { R::draw(p, &s) } -> std::same_as<std::string>;
};

/// Generation (`generate --kind`, generate_options.hpp): its own options, its defaults in the
/// help's words, and the plan of a run from the options.
template <class R>
concept KindGeneration = requires {
  { &R::plan_generate } -> std::same_as<GeneratePlan (*)(const GenerateOptions&, const OptionNames&)>;
  { &R::generate_options } -> std::same_as<std::vector<GenerateOption> (*)()>;
  { &R::generate_defaults } -> std::same_as<GenerateDefaults (*)()>;
};

/// The command line's words for it: one puzzle of it (help texts), what `show` takes as text, and
/// what a solver takes of it (`list`'s sizes column). Without them the kind's name serves.
template <class R>
concept KindHelp = requires(const SolverInfo& info) {
  { R::noun } -> std::convertible_to<std::string_view>;
  { R::as_text } -> std::convertible_to<std::string_view>;
  { R::sizes(info) } -> std::same_as<std::string>;
};

template <PuzzleKindRow... Row>
struct KindTable {
  // The rows in the order of kind_types.hpp, whose types make solver.hpp's Answer and PuzzleRef.
  static_assert(((static_cast<std::size_t>(Row::id) == PuzzleTypes::index<typename Row::Puzzle>() &&
                  static_cast<std::size_t>(Row::id) == SolutionTypes::index<typename Row::Solution>()) &&
                 ...) &&
                    sizeof...(Row) == PuzzleTypes::size && sizeof...(Row) == SolutionTypes::size,
                "a row's id, Puzzle and Solution are those at its place in kind_types.hpp");
  static_assert((kFallback<Row> + ...) == 1, "one row is the kind of a file no other row claims");
  /// The row whose puzzle type is P.
  template <class P>
  using Of = std::tuple_element_t<PuzzleTypes::index<P>(), std::tuple<Row...>>;
  /// The first row: generate's kind when none is named, and the kind of an --exec child's first
  /// puzzle (a file no row claims is the Fallback's). It has every concern.
  using First = std::tuple_element_t<0, std::tuple<Row...>>;
  static_assert(KindPrograms<First> && KindGeneration<First> && KindDrawing<First> && KindHelp<First>,
                "the first row has every concern: generate's default kind, an --exec child's first puzzle");
  /// The fallback row (kFallback), and its kind: a file's when no row claims it, or when it
  /// cannot be read.
  using Fallback = std::tuple_element_t<[] {
    std::size_t i = 0, at = 0;
    ((at = kFallback<Row> ? i : at, ++i), ...);
    return at;
  }(), std::tuple<Row...>>;
  static constexpr PuzzleKind fallback = Fallback::id;

  /// Calls f(row) with the row (a value of its type) whose id is `k`.
  template <class F>
  static void visit(PuzzleKind k, F&& f) {
    ((Row::id == k ? f(Row{}) : void()), ...);
  }
  /// f(puzzle) with the puzzle `p` refers to, as its kind's Puzzle type; what f returns.
  template <class T, class F>
  static T on(PuzzleRef p, F&& f) {
    T out{};
    ((p.get<typename Row::Puzzle>() != nullptr ? (void)(out = f(*p.get<typename Row::Puzzle>())) : void()), ...);
    return out;
  }
  /// A T<Row> for every row, in the table's order (storage for records of each kind; one is
  /// reached with std::get<T<R>>).
  static constexpr std::size_t size = sizeof...(Row);
  template <template <class> class T>
  using Each = std::tuple<T<Row>...>;
  /// Calls f(row) for every row, in the table's order.
  template <class F>
  static void each(F&& f) {
    (f(Row{}), ...);
  }
  static std::string_view name(PuzzleKind k) noexcept { return pick(k, [](auto r) { return decltype(r)::name; }); }
  static std::string_view plural(PuzzleKind k) noexcept { return pick(k, [](auto r) { return decltype(r)::plural; }); }
  static std::string_view default_solver(PuzzleKind k) noexcept {
    return pick(k, [](auto r) { return decltype(r)::default_solver; });
  }
  /// The kind called `word` (a row's name), or nothing.
  static std::optional<PuzzleKind> find(std::string_view word) noexcept {
    std::optional<PuzzleKind> k;
    ((Row::name == word ? (void)(k = Row::id) : void()), ...);
    return k;
  }
  /// The format of a file whose first data line (trimmed) is `line`, into `out`, which comes with
  /// what the caller expects (Format::size: --size, 0 for any) and is otherwise a default Format:
  /// the first row (in the table's order) whose detect() claims the line (claim()), else the
  /// fallback row's, which takes any line. False, with `error` set, when the fallback's detect()
  /// fails (a Sudoku CSV header with no puzzle column).
  static bool detect(std::string_view line, Format& out, std::string& error) {
    return claim(line, out) || Fallback::detect(line, out, error);
  }
  /// Whether a row other than the fallback claims `line` (trimmed) as a file's first data line,
  /// the first in the table's order setting `out` (a puzzle given as text that is not the
  /// fallback's; a record of another kind named in the fallback's messages).
  static bool claim(std::string_view line, Format& out) {
    bool found = false;
    each([&](auto r) {
      using R = decltype(r);
      if constexpr (!kFallback<R>) found = found || R::detect(line, out);
    });
    return found;
  }
  /// Whether the fallback row reads `word` as one puzzle of its own without an error (its
  /// one-line layout): a record of the fallback's kind in a file of another kind, which that
  /// kind's messages name.
  static bool fallback_reads(std::string_view word) {
    return Fallback::parse(Format::one_line(fallback), word).error.empty();
  }
  /// `solve --size`: the first row's (in the table's order) that offers one, else none.
  static std::optional<SizeOption> size_option() {
    std::optional<SizeOption> o;
    each([&](auto r) {
      using R = decltype(r);
      if constexpr (requires { R::size_option(); })
        if (!o) o = R::size_option();
    });
    return o;
  }
  /// One puzzle of kind `k` in words ("Sudoku", "nonogram"): its row's noun (KindHelp), else its
  /// name.
  static std::string_view noun(PuzzleKind k) noexcept {
    return pick(k, [](auto r) -> std::string_view {
      using R = decltype(r);
      if constexpr (KindHelp<R>) return R::noun;
      else return R::name;
    });
  }
  /// What a record of a file of `f` is called in messages ("nonogram game ID"): its row's
  /// record_name().
  static std::string_view record_name(const Format& f) noexcept {
    return pick(f.kind, [&](auto r) { return decltype(r)::record_name(f); });
  }
  /// What `info` takes of each kind it solves, in the table's order, joined by commas (`list`'s
  /// sizes column: "4,9,16,25", "nonogram", "9,nonogram").
  static std::string sizes(const SolverInfo& info) {
    std::string s;
    bool first = true;
    each([&](auto r) {
      using R = decltype(r);
      if (!info.solves(R::id)) return;
      if (!first) s += ',';
      if constexpr (KindHelp<R>) s += R::sizes(info);
      else s += R::name;
      first = false;
    });
    return s;
  }
  /// f(row of `k`): a value of one type for every row.
  template <class F>
  static std::string_view pick(PuzzleKind k, F f) noexcept {
    std::string_view v;
    ((Row::id == k ? (void)(v = f(Row{})) : void()), ...);
    return v;
  }
  /// The text of the answer `a` holds (its kind's text()); empty when it holds none.
  static std::string text(const Answer& a) {
    std::string s;
    if (!a.empty())
      visit(a.kind(), [&](auto row) {
        using R = decltype(row);
        s = R::text(R::solution(a));
      });
    return s;
  }
};

/// One record of a file of kind Row, parsed: the puzzle and what the file knows of it, or why it
/// could not be read (io/parse.hpp's parse<Row>).
template <class Row>
struct Record {
  typename Row::Puzzle puzzle;
  typename Row::Known known;
  std::string error;   ///< empty when the record is a valid puzzle
  int error_line = 0;  ///< the line of the error after the record's first (0: the first)

  /// Becomes a copy of `from`, reusing what it holds (records kept in recycled storage): the
  /// puzzle and Known by their own assign() when they have one (a Grid copies its cells alone),
  /// else copied.
  void assign(const Record& from) {
    assign_part(puzzle, from.puzzle);
    assign_part(known, from.known);
    error = from.error;
    error_line = from.error_line;
  }

 private:
  template <class T>
  static void assign_part(T& to, const T& from) {
    if constexpr (requires { to.assign(from); }) to.assign(from);
    else to = from;
  }
};

}  // namespace puzzle

// The table itself: the rows of the kinds kind_list.hpp lists.
#include "puzzle/kind_rows.hpp"
