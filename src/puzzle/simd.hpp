#pragma once
// The instruction set of the solvers compiled once per target by Highway's headers
// (propagation, scored): the best this CPU runs is picked here when a solver is made;
// SUDOKU_SIMD caps it, for instruction counts that do not depend on the CPU (valgrind) and to
// compare the paths.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace puzzle::simd {

/// The targets compiled in that this CPU runs, best first, in lower case (x86-64: "avx3"
/// (AVX-512 F/VL/DQ/BW), "avx2", "sse4", then "baseline": the build's own instruction set, SSE2
/// on a portable x86-64 build).
std::vector<std::string> available();

/// The target that solvers made from now on use.
std::string current();

/// The same as Highway's target bit (HWY_AVX2, ...): what the solvers' factories dispatch on.
int64_t current_target();

/// Solvers made from now on use `name`: one of available(), "portable" (= "baseline"), or
/// "best"/"" (the default choice again). Throws std::invalid_argument, listing the names, for
/// a target not compiled in or not run by this CPU. Call it before worker threads make their
/// solvers (main does, from SUDOKU_SIMD; tests between runs): a solver keeps the target it
/// was made with.
void use(std::string_view name);

/// Applies the environment variable SUDOKU_SIMD (unset: best), as use() does; the message of
/// its exception names the variable.
void use_environment();

}  // namespace puzzle::simd
