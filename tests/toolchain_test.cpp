// Wrong code of a compiler that the build works around, each reduced to a small case: the test
// fails when the workaround is gone and the compiler still has the bug.
//
// GCC 12's mod/ref analysis (-fipa-modref): a caller dropped its stores to a vector it passes by
// reference to a function, not inlined, that reads the vector through a may_alias vector type (an
// SSE load of __m128i), as wide's lane test reads a Split: the callee read the stack as it was,
// and 25x25 answers on the SSE4 path came out wrong (the same case with 16-bit lanes, two loads,
// fails too). The build compiles with -fno-ipa-modref (CMakeLists.txt); this file is compiled at
// -O3 (tests/CMakeLists.txt), where GCC 12.2 shows it: without the flag the caller below passes
// an uninitialized temporary, and GCC itself warns that it may be.
#include <gtest/gtest.h>

#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {
#if defined(__SSE2__)
using Part = uint32_t __attribute__((vector_size(16)));
using AliasLane = uint32_t __attribute__((may_alias));

/// Sixteen 32-bit lanes as four SSE registers, as wide's Split holds a 25x25 row word on SSE4.
struct Sixteen {
  Part p[4];
  AliasLane& operator[](int i) { return reinterpret_cast<AliasLane*>(this)[i]; }
  Sixteen& operator&=(const Sixteen& b) {
    for (int k = 0; k < 4; ++k) p[k] &= b.p[k];
    return *this;
  }
};

/// Bit i set when lane i is not zero, read by SSE loads.
__attribute__((noinline)) uint32_t nonzero_lanes(const Sixteen& v) {
  const auto* q = reinterpret_cast<const __m128i*>(&v);
  const __m128i zero = _mm_setzero_si128();
  const __m128i lo = _mm_packs_epi32(_mm_cmpeq_epi32(q[0], zero), _mm_cmpeq_epi32(q[1], zero));
  const __m128i hi = _mm_packs_epi32(_mm_cmpeq_epi32(q[2], zero), _mm_cmpeq_epi32(q[3], zero));
  return ~static_cast<uint32_t>(_mm_movemask_epi8(_mm_packs_epi16(lo, hi))) & 0xffffu;
}

/// The lanes of `a` that hold `bit`: a temporary made here, then read by nonzero_lanes.
__attribute__((noinline)) uint32_t lanes_holding(const Sixteen& a, uint32_t bit) {
  Sixteen m;
  for (int i = 0; i < 16; ++i) m[i] = bit;
  Sixteen x = a;
  x &= m;
  return nonzero_lanes(x);
}
#endif

TEST(Toolchain, StoresToAVectorReadThroughAMayAliasTypeReachTheCallee) {
#if !defined(__SSE2__)
  GTEST_SKIP() << "the case is an SSE load";
#else
  volatile uint32_t four = 4;  // not a constant the compiler could fold into the calls
  Sixteen a;
  uint32_t want = 0;
  for (int i = 0; i < 16; ++i) {
    a[i] = i % 3 == 0 ? four : 1u;
    want |= static_cast<uint32_t>(i % 3 == 0) << i;
  }
  EXPECT_EQ(lanes_holding(a, four), want);
#endif
}
}  // namespace
