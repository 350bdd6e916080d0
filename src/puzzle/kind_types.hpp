#pragma once
// The types of the table of puzzle kinds (kinds.hpp), below the Solver interface: each kind's
// id, puzzle and solution types (kind_list.hpp), from which solver.hpp makes what a solver is
// handed (PuzzleRef) and what it answers (Answer). The rows themselves (which need solver.hpp)
// are in kinds.hpp; it checks that each row's id, Puzzle and Solution are those at its place.
#include <cstdint>
#include <cstddef>
#include <string>
#include <type_traits>

namespace puzzle {

/// generate's options, its plan, and how an option is named (generate/options.hpp): a row
/// declares its own options (KindGeneration's generate_options) and makes a plan of its kind
/// from the options (plan_generate).
struct GenerateOption;
struct GenerateOptions;
struct GeneratePlan;
struct GenerateDefaults;
struct OptionNames;

/// One record of a file of the kind of row Row (kinds.hpp).
template <class Row>
struct Record;

template <class... T>
struct TypeList {
  static constexpr std::size_t size = sizeof...(T);
  /// The index of T in the list (size when it is not there).
  template <class X>
  static constexpr std::size_t index() noexcept {
    std::size_t i = 0, at = size;
    ((std::is_same_v<X, T> ? (void)(at = i++) : (void)i++), ...);
    return at;
  }
  template <class X>
  static constexpr bool holds = index<X>() < size;
};

}  // namespace puzzle

// The kinds: PuzzleKind, PuzzleTypes, SolutionTypes.
#include "puzzle/kind_list.hpp"

namespace puzzle {

/// A kind's first puzzle for an outside program (a row's probe(); ext/exec.cpp): an easy puzzle
/// with one solution, what the verifier knows of it, its name in messages ("9x9 Sudoku"), and
/// its size as SolverInfo::sizes bits (an --exec-batch program is sent the sizes of the probes:
/// the one it answers tells nothing of the others; 0 for a kind without sizes).
template <class Puzzle, class Known>
struct Probe {
  Puzzle puzzle;
  Known known;
  std::string name;
  unsigned sizes = 0;
};

}  // namespace puzzle
