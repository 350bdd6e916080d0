#pragma once
// Picks, among the copies of a function that foreach_target.h compiled in one file (one per
// Highway target, in that file's N_SSE4, N_AVX2, N_AVX3 namespaces), the one of the target
// simd::current_target() names (simd.cpp's choice, not HWY_DYNAMIC_DISPATCH's: see there).
// Include it in the HWY_ONCE part of such a file: SUDOKU_DISPATCH(f)(args...).
#include <cstdint>

#include <hwy/highway.h>

#include "puzzle/simd.hpp"

namespace puzzle::simd {

template <class F>
F for_current_target([[maybe_unused]] F sse4, [[maybe_unused]] F avx2, [[maybe_unused]] F avx3, F baseline) {
  [[maybe_unused]] const int64_t t = current_target();
#if HWY_TARGETS & HWY_AVX3
  if (t == HWY_AVX3) return avx3;
#endif
#if HWY_TARGETS & HWY_AVX2
  if (t == HWY_AVX2) return avx2;
#endif
#if HWY_TARGETS & HWY_SSE4
  if (t == HWY_SSE4) return sse4;
#endif
  return baseline;
}

}  // namespace puzzle::simd

#if HWY_TARGETS & HWY_AVX2
#define SUDOKU_AVX2(f) &N_AVX2::f
#else
#define SUDOKU_AVX2(f) nullptr
#endif
#if HWY_TARGETS & HWY_AVX3
#define SUDOKU_AVX3(f) &N_AVX3::f
#else
#define SUDOKU_AVX3(f) nullptr
#endif
#if HWY_TARGETS & HWY_SSE4
#define SUDOKU_SSE4(f) &N_SSE4::f
#else
#define SUDOKU_SSE4(f) nullptr
#endif
#define SUDOKU_DISPATCH(f)                                                                        \
  ::puzzle::simd::for_current_target<decltype(&HWY_STATIC_DISPATCH(f))>(                          \
      SUDOKU_SSE4(f), SUDOKU_AVX2(f), SUDOKU_AVX3(f), &HWY_STATIC_DISPATCH(f))
