// `propagation` and `scored`: candidate propagation on band bitboards, guessing only when nothing
// is certain. 9x9 only (other sizes return `unsupported`).
//
// Data layout. The grid is cut into three bands of three rows. For each (band, digit) one 32-bit
// word holds the 27 cells of the band where the digit is still possible, bit row_in_band * 9 +
// column (the JSolve / ZSolver family's words, written afresh). The words of digits 0-7 of a
// band are one 8-lane vector (one AVX2 register, or two SSE2 ones), digit 8's three words sit
// beside them, then the solved cells of each band and, for `scored`'s rule 5, the triads
// already applied: the whole State, 160 bytes, copied whole at a guess (a stack of 82 snapshots
// lives in the worker; no undo log).
//
// Rules, to a fixed point:
//  1. Band reduction: in a band a digit takes one segment (three cells of a row in one box) per
//     row and one per box, a permutation; the segments no permutation uses go (pointing and
//     claiming between rows and boxes), by bit logic on the 3x3 segment matrix, for all lanes
//     at once (reduce()). Rows left with one cell are hidden singles; boxes too (a box with one
//     cell confines its row).
//  2. Naked singles: the lanes of a band counted bit-sliced (at least one, at least two), with
//     digit 8; a cell with none is a contradiction. The singles of rules 1 and 2 are placed
//     together: their rows and columns lose the digit, their cells the other digits.
//  3. Stack reduction: rule 1 turned sideways. In a stack a digit takes one column per box and
//     one box per column, the same permutation problem on the (band, column) segments; lane by
//     lane over the three band vectors (the bands are the rows of the matrix), so all digits
//     and stacks at once (stack_keep()). It also takes from each band the columns where another
//     band placed the digit.
//  4. Guess: `propagation` takes the first bivalue cell in row-major order, `scored` the
//     bivalue cell whose digits reach furthest (choose_scored); else the cell with the fewest
//     candidates; digits in increasing order.
//  5. `scored` only, when 1-3 stall: triads (a row or column segment of a box with three digits
//     left holds them; fewer is a contradiction).
// `scored` chooses per node between its heavy engine (the score, rule 5 and the fixed point)
// and the cheap one (rules 1-3, stopping short of the fixed point; `propagation`'s choice). The
// root is heavy and the guesses of the first two levels take the score. Once the puzzle has
// backtracked, the guesses down to one level below its deepest contradiction take the score
// too, and the nodes of the first two levels run rule 5 to the fixed point. The rest is cheap
// (Propagation::search).
// propagate() repeats step() until nothing changes: one step is rules 1-2 on the three bands
// and digit 8 (read from the step's input, so the reduction and the singles of all bands run
// side by side: four independent chains of vector operations, held in registers), then rule 3
// on their result, with one branch for a contradiction and one for the end. It is breadth
// first, so a contradiction (half the nodes end in one) is found after the fewest steps. The
// fixed point does not depend on the order (each rule only removes candidates, and removes
// more from fewer), so an engine that applies the rules one word at a time (results/
// hard_puzzles.md) reaches the same state: the same nodes, guesses and answers on every puzzle.
// Why this shape (forum_hardest, limit 2, AVX2 instructions a node; results/solvers.md): a
// band's words in one vector with rounds to the band's own fixed point is no faster than one
// word at a time (~250 instructions a round, 10.5 rounds a node: 3.3k a node against 3.8k);
// breadth first with rule 3 every step takes a quarter fewer rounds (the nodes that end in a
// contradiction do 60% more depth first); the three bands in one step, in registers, take 3.2k
// a node instead of 3.7k, with far more independent work: 1.2x less time.
//
// Counters (tdoku's convention). nodes: propagation states entered, the root plus every digit
// tried at a guessed cell; the budget counts nodes and the root is always entered. guesses:
// digits tried at a guessed cell while two or more of its digits were left; after each failure
// the digit is removed from the saved state, so the last digit left is forced and not a guess
// (a bivalue cell costs one guess). backtracks: contradictions found below at least one guess
// (each undoes the newest guess); resuming after a counted solution (limit >= 2) is not one.
//
// Instruction sets. The whole solver is compiled once per Highway target (baseline, SSE4, AVX2,
// AVX3 = AVX-512 F/VL/DQ/BW: `foreach_target.h`) and the best one the CPU runs is picked when a
// solver is made; SUDOKU_SIMD caps it (puzzle/simd.hpp; `portable` for fixed instruction counts
// under valgrind, which cannot run AVX-512). AVX3 runs the step on 512-bit vectors (two bands
// in one, the third with digit 8 of all three in the other: half the step's instructions, 1.07x
// the puzzles a second of the 256-bit step on multi-solution sets) and the rest as AVX2 code;
// its gain there is the three-input logic (vpternlogd) and 32 registers. On the 128-bit paths
// (SSE4, the SSE2 baseline) an 8-lane vector is two registers, and the engine is 5-10% slower
// there on hard sets than an engine of one word at a time (results/solvers.md). The rules are
// the same on every path, so answers and counters are equal (tests/simd_test.cpp).
//
// Measurements: results/solvers.md, with their commands; results/hard_puzzles.md has the
// history of the rules and the branching score.

// The part every target shares (tables, the state's layout), once: foreach_target.h includes
// this file again for each target.
#ifndef SUDOKU_PROPAGATION_SHARED_
#define SUDOKU_PROPAGATION_SHARED_
#include "sudoku/solvers/propagation.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>

#include <emmintrin.h>

namespace puzzle::sudoku {
namespace {

constexpr uint32_t kBandCells = (1u << 27) - 1;

struct Tables {
  uint32_t peers[27];     // cells of the band in the row, box or column of cell i (i excluded)
  uint32_t column[9];     // the three cells of column c in a band
  uint32_t column_of[27];  // the column of cell i: column[i % 9]
  uint32_t rows[8];       // rows of a band (3 bits) -> their cells
  uint32_t boxes[8];      // boxes of a band (3 bits) -> their cells
  uint32_t triad_row[25];  // row segment (its first cell) -> the rest of its row and box
  uint32_t triad_col[9];   // column segment (its column) -> the rest of its box in the band
};

constexpr Tables make_tables() {
  Tables t{};
  for (int i = 0; i < 27; ++i) {
    const int r = i / 9, c = i % 9;
    uint32_t m = 0;
    for (int j = 0; j < 27; ++j) {
      const int r2 = j / 9, c2 = j % 9;
      if (r2 == r || c2 == c || c2 / 3 == c / 3) m |= 1u << j;
    }
    t.peers[i] = m & ~(1u << i);
  }
  for (int c = 0; c < 9; ++c) t.column[c] = 1u << c | 1u << (c + 9) | 1u << (c + 18);
  for (int i = 0; i < 27; ++i) t.column_of[i] = t.column[i % 9];
  for (int m = 0; m < 8; ++m) {
    t.rows[m] = t.boxes[m] = 0;
    for (int j = 0; j < 3; ++j) {
      if (m >> j & 1) t.rows[m] |= 511u << (9 * j);
      if (m >> j & 1) t.boxes[m] |= 0x1c0e07u << (3 * j);
    }
  }
  for (int p = 0; p < 25; ++p) {
    const uint32_t seg = 7u << p;
    t.triad_row[p] = ((511u << (p / 9 * 9)) | t.boxes[1u << (p % 9 / 3)]) & ~seg;
  }
  for (int c = 0; c < 9; ++c) t.triad_col[c] = t.boxes[1u << (c / 3)] & ~t.column[c];
  return t;
}

constexpr Tables kT = make_tables();

/// Per cell: its row, column and box as one mask (bit row, 9 + column, 18 + box), and its band
/// word (band * 9, the offset of the band's words) and bit in the band.
struct CellUnits {
  uint32_t units;
  uint8_t band9, bit;
};
constexpr std::array<CellUnits, 81> make_cells() {
  std::array<CellUnits, 81> t{};
  for (int i = 0; i < 81; ++i)
    t[i] = {1u << (i / 9) | 1u << (9 + i % 9) | 1u << (18 + i / 27 * 3 + i % 9 / 3),
            static_cast<uint8_t>(i / 27 * 9), static_cast<uint8_t>(i % 27)};
  return t;
}
constexpr std::array<CellUnits, 81> kCell = make_cells();

/// The whole search state; copied whole at a guess (160 bytes: five 32-byte vectors).
struct State {
  // Cells of the band where the digit is possible: digits 0-7 of each band, one vector of
  // eight lanes (propagate() keeps them in registers), digit 8 beside them.
  alignas(32) uint32_t band[3][8];
  uint32_t d8[4];      // digit 8 of each band; [3] stays zero (loaded as a fourth lane)
  uint32_t solved[4];  // cells of each band that hold a placed digit; [3] stays zero
  // `scored` only (rule 5): per band, the triads already applied, row segments (bits 0, 3, ..,
  // 24) and column segments (bits 0-8); [3] spare, so that each loads as a vector.
  uint32_t triad_rows[4], triad_cols[4];

  uint32_t& word(int b, int d) { return d < 8 ? band[b][d] : d8[b]; }
  uint32_t word(int b, int d) const { return d < 8 ? band[b][d] : d8[b]; }
};
static_assert(sizeof(State) == 160);

constexpr uint32_t spread_columns(uint32_t cols) { return cols | cols << 9 | cols << 18; }

// Bit sets of a band word (bit row * 9 + column) used by the rules.
constexpr uint32_t kSeg = 0x1249249;                     // the first cell of each segment
constexpr uint32_t kRowStart = 1u | 1u << 9 | 1u << 18;  // the first cell of each row
constexpr uint32_t kSegC01 = kRowStart * 9;              // segment starts of boxes 0 and 1
constexpr uint32_t kSegC2 = kRowStart << 6;              // segment starts of box 2
constexpr uint32_t kSegC12 = kRowStart * 0x48;           // segment starts of boxes 1 and 2

constexpr int kNext[4] = {1, 2, 0, 1};

/// 128-bit sets of cells, one 32-bit lane per band (bit 32 * band + cell: the layout of the
/// digit-major words), up to 96 of them, each as its two 64-bit words (lo: bands 0 and 1, hi:
/// band 2) in a table of their own, so that a lookup is one load (8-byte strides).
struct Sets128 {
  uint64_t lo[96], hi[96];
};

/// Per cell, at 32 * band + bit: the cells it sees (its peers): its row, box and column in its
/// band, its column in the others (bits 27-31 of each lane zero).
constexpr Sets128 make_sees() {
  Sets128 t{};
  for (int b = 0; b < 3; ++b)
    for (int i = 0; i < 27; ++i) {
      uint32_t lane[3] = {};
      for (int o = 0; o < 3; ++o) lane[o] = o == b ? kT.peers[i] : kT.column_of[i];
      t.lo[32 * b + i] = lane[0] | uint64_t{lane[1]} << 32;
      t.hi[32 * b + i] = lane[2];
    }
  return t;
}
constexpr Sets128 kSees = make_sees();
  // the other two bands of band b: kNext[b], kNext[b + 1]

}  // namespace
}  // namespace puzzle::sudoku
#endif  // SUDOKU_PROPAGATION_SHARED_

// The per-target part: compiled once for each instruction set Highway targets (foreach_target.h
// and HWY_BEFORE_NAMESPACE set the target's flags), picked at run time by make_*() below.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "sudoku/solvers/propagation.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace puzzle::sudoku::HWY_NAMESPACE {
namespace {

inline __m128i load4(const uint32_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// Two vector types with the same operations, so that the rules are written once (templates over
// V): V8, eight 32-bit lanes, the words of digits 0-7 of a band (one AVX2 register, or two SSE2
// ones); V4, four lanes, the words of digit 8 of the three bands (lane = band, lane 3 zero).
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3
struct V8 {
  __m256i v;
  static V8 splat(uint32_t x) { return {_mm256_set1_epi32(static_cast<int>(x))}; }
};
inline V8 vload(const uint32_t* p) { return {_mm256_load_si256(reinterpret_cast<const __m256i*>(p))}; }
inline void vstore(uint32_t* p, V8 a) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), a.v); }
inline V8 operator&(V8 a, V8 b) { return {_mm256_and_si256(a.v, b.v)}; }
inline V8 operator|(V8 a, V8 b) { return {_mm256_or_si256(a.v, b.v)}; }
inline V8 operator^(V8 a, V8 b) { return {_mm256_xor_si256(a.v, b.v)}; }
inline V8 operator-(V8 a, V8 b) { return {_mm256_sub_epi32(a.v, b.v)}; }
inline V8 operator+(V8 a, V8 b) { return {_mm256_add_epi32(a.v, b.v)}; }
/// ~a & b
inline V8 andnot(V8 a, V8 b) { return {_mm256_andnot_si256(a.v, b.v)}; }
template <int n>
V8 shl(V8 a) { return {_mm256_slli_epi32(a.v, n)}; }
template <int n>
V8 shr(V8 a) { return {_mm256_srli_epi32(a.v, n)}; }
/// All ones in the lanes that are zero.
inline V8 is_zero(V8 a) { return {_mm256_cmpeq_epi32(a.v, _mm256_setzero_si256())}; }
/// Bit `bit` of each lane, as bit i for lane i.
inline uint32_t bit_of_lanes(V8 a, int bit) {
  return static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_sll_epi32(a.v, _mm_cvtsi32_si128(31 - bit)))));
}
inline bool none(V8 a) { return _mm256_testz_si256(a.v, a.v) != 0; }
inline __m128i lo128(V8 a) { return _mm256_castsi256_si128(a.v); }
inline __m128i hi128(V8 a) { return _mm256_extracti128_si256(a.v, 1); }
/// A 128-bit value in both halves.
inline V8 both(__m128i x) { return {_mm256_inserti128_si256(_mm256_castsi128_si256(x), x, 1)}; }
/// Lane 0 of x in all eight lanes.
inline V8 splat_first(__m128i x) { return {_mm256_broadcastd_epi32(x)}; }
/// a with x ORed into its lanes 0-3.
inline V8 or_low(V8 a, __m128i x) { return {_mm256_or_si256(a.v, _mm256_zextsi128_si256(x))}; }
#else
struct V8 {
  __m128i lo, hi;
  static V8 splat(uint32_t x) {
    const __m128i v = _mm_set1_epi32(static_cast<int>(x));
    return {v, v};
  }
};
inline V8 vload(const uint32_t* p) { return {load4(p), load4(p + 4)}; }
inline void vstore(uint32_t* p, V8 a) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), a.lo);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 4), a.hi);
}
inline V8 operator&(V8 a, V8 b) { return {_mm_and_si128(a.lo, b.lo), _mm_and_si128(a.hi, b.hi)}; }
inline V8 operator|(V8 a, V8 b) { return {_mm_or_si128(a.lo, b.lo), _mm_or_si128(a.hi, b.hi)}; }
inline V8 operator^(V8 a, V8 b) { return {_mm_xor_si128(a.lo, b.lo), _mm_xor_si128(a.hi, b.hi)}; }
inline V8 operator-(V8 a, V8 b) { return {_mm_sub_epi32(a.lo, b.lo), _mm_sub_epi32(a.hi, b.hi)}; }
inline V8 operator+(V8 a, V8 b) { return {_mm_add_epi32(a.lo, b.lo), _mm_add_epi32(a.hi, b.hi)}; }
inline V8 andnot(V8 a, V8 b) { return {_mm_andnot_si128(a.lo, b.lo), _mm_andnot_si128(a.hi, b.hi)}; }
template <int n>
V8 shl(V8 a) { return {_mm_slli_epi32(a.lo, n), _mm_slli_epi32(a.hi, n)}; }
template <int n>
V8 shr(V8 a) { return {_mm_srli_epi32(a.lo, n), _mm_srli_epi32(a.hi, n)}; }
inline V8 is_zero(V8 a) {
  const __m128i z = _mm_setzero_si128();
  return {_mm_cmpeq_epi32(a.lo, z), _mm_cmpeq_epi32(a.hi, z)};
}
inline uint32_t bit_of_lanes(V8 a, int bit) {
  const __m128i n = _mm_cvtsi32_si128(31 - bit);
  return static_cast<uint32_t>(_mm_movemask_ps(_mm_castsi128_ps(_mm_sll_epi32(a.lo, n))) |
                               _mm_movemask_ps(_mm_castsi128_ps(_mm_sll_epi32(a.hi, n))) << 4);
}
inline bool none(V8 a) {
  const __m128i x = _mm_or_si128(a.lo, a.hi);
#if HWY_TARGET == HWY_SSE4
  return _mm_testz_si128(x, x) != 0;
#else
  return _mm_movemask_epi8(_mm_cmpeq_epi32(x, _mm_setzero_si128())) == 0xffff;
#endif
}
inline __m128i lo128(V8 a) { return a.lo; }
inline __m128i hi128(V8 a) { return a.hi; }
inline V8 both(__m128i x) { return {x, x}; }
inline V8 splat_first(__m128i x) { return both(_mm_shuffle_epi32(x, 0)); }
inline V8 or_low(V8 a, __m128i x) { return {_mm_or_si128(a.lo, x), a.hi}; }
#endif

struct V4 {
  __m128i v;
  static V4 splat(uint32_t x) { return {_mm_set1_epi32(static_cast<int>(x))}; }
};
inline V4 operator&(V4 a, V4 b) { return {_mm_and_si128(a.v, b.v)}; }
inline V4 operator|(V4 a, V4 b) { return {_mm_or_si128(a.v, b.v)}; }
inline V4 operator^(V4 a, V4 b) { return {_mm_xor_si128(a.v, b.v)}; }
inline V4 operator-(V4 a, V4 b) { return {_mm_sub_epi32(a.v, b.v)}; }
inline V4 operator+(V4 a, V4 b) { return {_mm_add_epi32(a.v, b.v)}; }
inline V4 andnot(V4 a, V4 b) { return {_mm_andnot_si128(a.v, b.v)}; }
template <int n>
V4 shl(V4 a) { return {_mm_slli_epi32(a.v, n)}; }
template <int n>
V4 shr(V4 a) { return {_mm_srli_epi32(a.v, n)}; }
inline V4 is_zero(V4 a) { return {_mm_cmpeq_epi32(a.v, _mm_setzero_si128())}; }
inline bool none(V4 a) { return _mm_movemask_epi8(_mm_cmpeq_epi32(a.v, _mm_setzero_si128())) == 0xffff; }
/// The lanes of the other bands: band b + 1 and band b + 2 (mod 3) at lane b; lane 3 stays.
inline V4 next_band(V4 a) { return {_mm_shuffle_epi32(a.v, _MM_SHUFFLE(3, 0, 2, 1))}; }
inline V4 band_after_next(V4 a) { return {_mm_shuffle_epi32(a.v, _MM_SHUFFLE(3, 1, 0, 2))}; }
/// Lane b of x in all eight lanes of a V8.
template <int b>
V8 lane(V4 x) {
  if constexpr (b == 0) return splat_first(x.v);
  return splat_first(_mm_shuffle_epi32(x.v, b * 0x55));
}
/// Lane 0 of each (all their lanes are equal) as lanes 0, 1, 2; lane 3 zero.
inline V4 gather3(V8 a, V8 b, V8 c) {
  return {_mm_unpacklo_epi64(_mm_unpacklo_epi32(lo128(a), lo128(b)), _mm_unpacklo_epi32(lo128(c), _mm_setzero_si128()))};
}
inline V4 load_v4(const uint32_t* p) { return {load4(p)}; }
inline void store_v4(uint32_t* p, V4 a) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), a.v); }

template <int imm>
inline void count_step(__m128i& o, __m128i& t) {
  const __m128i y = _mm_shuffle_epi32(o, imm);
  t = _mm_or_si128(_mm_or_si128(t, _mm_shuffle_epi32(t, imm)), _mm_and_si128(o, y));
  o = _mm_or_si128(o, y);
}

/// Bit-sliced count of the eight lanes, in every lane: the bits set in at least one lane, in
/// at least two.
inline void count_all(V8 a, V8& one, V8& two) {
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3
  // On 256-bit vectors, with the halves swapped (one permute), so that the sums land in both
  // halves: no extract and insert around 128-bit steps (two instructions and their latency).
  const __m256i h = _mm256_permute2x128_si256(a.v, a.v, 1);
  __m256i t = _mm256_and_si256(a.v, h), o = _mm256_or_si256(a.v, h);
  const auto count_step = [&](auto shuffle) {
    const __m256i y = shuffle(o);
    t = _mm256_or_si256(_mm256_or_si256(t, shuffle(t)), _mm256_and_si256(o, y));
    o = _mm256_or_si256(o, y);
  };
  count_step([](__m256i x) { return _mm256_shuffle_epi32(x, 0x4e); });
  count_step([](__m256i x) { return _mm256_shuffle_epi32(x, 0xb1); });
  one = {o}, two = {t};
#else
  __m128i o = lo128(a), h = hi128(a);
  __m128i t = _mm_and_si128(o, h);
  o = _mm_or_si128(o, h);
  count_step<0x4e>(o, t);
  count_step<0xb1>(o, t);
  one = both(o), two = both(t);
#endif
}

/// The OR of the eight lanes, in every lane.
inline V8 or_all(V8 a) {
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3
  __m256i x = _mm256_or_si256(a.v, _mm256_permute2x128_si256(a.v, a.v, 1));
  x = _mm256_or_si256(x, _mm256_shuffle_epi32(x, 0x4e));
  return {_mm256_or_si256(x, _mm256_shuffle_epi32(x, 0xb1))};
#else
  __m128i x = _mm_or_si128(lo128(a), hi128(a));
  x = _mm_or_si128(x, _mm_shuffle_epi32(x, 0x4e));
  x = _mm_or_si128(x, _mm_shuffle_epi32(x, 0xb1));
  return both(x);
#endif
}

// Rules 1 and 3 lane by lane, written once for both vector types.

/// Rule 1 on each lane's word: `reduced`, the word less the cells of the segments no
/// permutation uses, and `hidden`, the word's rows with one cell (both from `w` as given). The
/// segments are a 3x3 matrix M (bit row * 9 + box * 3, kSeg); segment (r, c) is used by a
/// permutation when the other rows match the other boxes: M(r+1,c+1) M(r+2,c+2) | M(r+1,c+2)
/// M(r+2,c+1) (indices mod 3), computed with M rotated along its boxes and rows.
template <class V>
inline void reduce(V w, V& reduced, V& hidden) {
  const V w1 = shr<1>(w), w2 = shr<2>(w);
  const V m = (w | w1 | w2) & V::splat(kSeg);
  const V a = (shr<3>(m) & V::splat(kSegC01)) | (shl<6>(m) & V::splat(kSegC2));     // M(r, c+1)
  const V z = (shr<6>(m) & V::splat(kRowStart)) | (shl<3>(m) & V::splat(kSegC12));  // M(r, c+2)
  // M(r+1, c) at (r, c) is (x >> 9 | x << 18); bits 27-31 then hold leftovers, which the AND
  // with a, z or m (none above bit 26) clears.
  const auto next_row = [](V x) { return shr<9>(x) | shl<18>(x); };
  const V keep = m & next_row((a & next_row(z)) | (z & next_row(a)));
  reduced = w & (keep | shl<1>(keep) | shl<2>(keep));
  // A row with one cell: some segment non-empty, no segment with two cells, no two segments.
  const V two_in_segment = ((w & (w1 | w2)) | (w1 & w2)) & V::splat(kSeg);
  const V twos = two_in_segment | shr<3>(two_in_segment) | shr<6>(two_in_segment) | (m & (a | z)) | (a & z);
  const V one_cell = andnot(twos, m | a | z) & V::splat(kRowStart);
  hidden = w & (shl<9>(one_cell) - one_cell);
}

/// The rows of each lane's word that hold a cell: `first`, their first cells (bit row * 9,
/// kRowStart), and `cells`, all their cells. A row's nine bits are not zero when their low
/// eight plus 0xff, or the ninth, reach bit 8 (no carry leaves the row).
template <class V>
inline void rows_of(V x, V& first, V& cells) {
  constexpr uint32_t kLow8 = 0xffu * kRowStart, kHigh = kRowStart << 8;
  const V high = (((x & V::splat(kLow8)) + V::splat(kLow8)) | x) & V::splat(kHigh);
  first = shr<8>(high);
  cells = high | (high - first);
}

/// The columns (bits 0-8) of each lane's word.
template <class V>
inline V columns_of(V x) { return (x | shr<9>(x) | shr<18>(x)) & V::splat(511); }

/// Columns (bits 0-8) spread to the three rows of a band.
template <class V>
inline V spread(V c) { return c | shl<9>(c) | shl<18>(c); }

/// Rule 3 for band row b of the stacks' 3x3 matrices (rows: bands, columns: the three columns
/// of a stack, bits 3k..3k+2): the columns of `o` a permutation uses, given the other bands'
/// columns o1 (band b + 1) and o2 (band b + 2).
template <class V>
inline V stack_keep(V o, V o1, V o2) {
  const auto next = [](V x) { return (shr<1>(x) & V::splat(0xdb)) | (shl<2>(x) & V::splat(0x124)); };
  const auto after_next = [](V x) { return (shr<2>(x) & V::splat(0x49)) | (shl<1>(x) & V::splat(0x1b6)); };
  return o & ((next(o1) & after_next(o2)) | (after_next(o1) & next(o2)));
}

/// The candidate words and solved cells of the three bands, held in registers while propagate()
/// runs (loaded from the State once, stored back when it succeeds).
struct Grid3 {
  V8 w[3];
  V4 w8, solved;  // lane = band, lane 3 zero
};
inline void load_grid(const State& s, Grid3& g) {
  g = {{vload(s.band[0]), vload(s.band[1]), vload(s.band[2])}, load_v4(s.d8), load_v4(s.solved)};
}
inline void store_grid(State& s, const Grid3& g) {
  for (int b = 0; b < 3; ++b) vstore(s.band[b], g.w[b]);
  store_v4(s.d8, g.w8);
  store_v4(s.solved, g.solved);
}

/// Lane b of x in all eight lanes of a V8 (b a constant after unrolling).
inline V8 lane_of(V4 x, int b) {
  return splat_first(b == 0 ? x.v : b == 1 ? _mm_shuffle_epi32(x.v, 0x55) : _mm_shuffle_epi32(x.v, 0xaa));
}

/// One step of propagation on the three bands: rules 1 and 2 on each, from the words as the
/// step finds them (the reduction and the singles side by side), then rule 3 on the result,
/// which also takes from each band the columns where another band placed the digit. Digits
/// 0-7 of a band are one V8, digit 8 of the three bands one V4; everything stays in registers
/// and the step has two branches (a contradiction; whether anything changed). False on a
/// contradiction; `changed` when a word or a solved set changed.
HWY_INLINE bool step(Grid3& g, bool& changed) {
  constexpr int kB = 3;
  const V4 bands3 = {_mm_setr_epi32(-1, -1, -1, 0)};  // the three lanes of a V4 that are bands
  // 1. Band reduction; 2. the candidates counted per cell (with digit 8): the cells with one
  // (naked), and the contradictions the counts show, at once, so that only three vectors a
  // band stay live until the placements (16 registers on AVX2): a word left empty, a cell with
  // no candidate, a placed cell with two.
  V8 reduced[kB], hidden[kB], naked[kB], bad = V8::splat(0);
#pragma GCC unroll 3
  for (int b = 0; b < kB; ++b) {
    reduce(g.w[b], reduced[b], hidden[b]);
    V8 one, two;
    count_all(g.w[b], one, two);
    const V8 w8 = lane_of(g.w8, b);
    two = two | (one & w8);
    one = one | w8;
    naked[b] = andnot(two, one);
    bad = bad | is_zero(reduced[b]) | andnot(one, V8::splat(kBandCells)) | (two & lane_of(g.solved, b));
  }
  V4 reduced8, hidden8;
  reduce(g.w8, reduced8, hidden8);
  // The singles: rows with one cell (hidden), cells with one candidate (naked), not yet placed.
  const V4 fresh8 = andnot(g.solved, hidden8 | (g.w8 & gather3(naked[0], naked[1], naked[2])));
  V4 rows8, row_cells8;
  rows_of(fresh8, rows8, row_cells8);
  // Contradictions: a word left empty, two singles of a digit in one row (only naked ones can
  // be: a hidden one is alone in its row).
  V4 bad8 = (is_zero(reduced8) & bands3) | (fresh8 & (fresh8 - rows8));
  V8 next[kB], columns[kB], placed[kB];
#pragma GCC unroll 3
  for (int b = 0; b < kB; ++b) {
    const V8 fresh = andnot(lane_of(g.solved, b), hidden[b] | (g.w[b] & naked[b]));
    V8 rows, row_cells;
    rows_of(fresh, rows, row_cells);
    bad = bad | (fresh & (fresh - rows));
    // Placed: their rows and columns lose the digit, their cells the other digits.
    columns[b] = columns_of(fresh);
    placed[b] = or_all(fresh) | lane_of(fresh8, b);
    next[b] = andnot(row_cells | spread(columns[b]) | placed[b], reduced[b]) | fresh;
  }
  const V4 placed8 = gather3(placed[0], placed[1], placed[2]);
  const V4 columns8 = columns_of(fresh8);
  const V4 next8 = andnot(row_cells8 | spread(columns8) | placed8, reduced8) | fresh8;
  // 3. Stack reduction, on the columns each band keeps once the others' placements are out.
  V8 open[kB];
#pragma GCC unroll 3
  for (int b = 0; b < kB; ++b)
    open[b] = andnot(columns[(b + 1) % 3] | columns[(b + 2) % 3], columns_of(next[b]));
  V8 keep[kB];
#pragma GCC unroll 3
  for (int b = 0; b < kB; ++b) keep[b] = stack_keep(open[b], open[(b + 1) % 3], open[(b + 2) % 3]);
  const V4 open8 = andnot(next_band(columns8) | band_after_next(columns8), columns_of(next8));
  const V4 keep8 = stack_keep(open8, next_band(open8), band_after_next(open8));
  // A stack where the digit has no permutation: no band keeps a column of it.
  const V8 all = keep[0] | keep[1] | keep[2];
  const V4 all8 = keep8 | next_band(keep8) | band_after_next(keep8);
  bad = bad | andnot((all | shr<1>(all) | shr<2>(all)) & V8::splat(0x49), V8::splat(0x49));
  bad8 = bad8 | (andnot((all8 | shr<1>(all8) | shr<2>(all8)) & V4::splat(0x49), V4::splat(0x49)) & bands3);
  if (!none(or_low(bad, bad8.v))) return false;
  V8 diff = V8::splat(0);
#pragma GCC unroll 3
  for (int b = 0; b < kB; ++b) {
    const V8 w = next[b] & spread(keep[b]);
    diff = diff | (w ^ g.w[b]);
    g.w[b] = w;
  }
  const V4 w8 = next8 & spread(keep8), solved8 = g.solved | placed8;
  const V4 diff8 = (w8 ^ g.w8) | (solved8 ^ g.solved);
  g.w8 = w8, g.solved = solved8;
  changed = !none(or_low(diff, diff8.v));
  return true;
}

/// The candidate words digit-major, x[digit] with one lane per band (lane 3 zero): digits 0-3
/// and 4-7 by two 4x4 transposes of the band vectors' halves, digit 8 as it is.
inline void digit_major(const Grid3& g, __m128i* x) {
  const __m128i zero = _mm_setzero_si128();
  for (int h = 0; h < 2; ++h) {
    const __m128i a0 = h ? hi128(g.w[0]) : lo128(g.w[0]), a1 = h ? hi128(g.w[1]) : lo128(g.w[1]),
                  a2 = h ? hi128(g.w[2]) : lo128(g.w[2]);
    const __m128i t0 = _mm_unpacklo_epi32(a0, a1), t1 = _mm_unpacklo_epi32(a2, zero);
    const __m128i t2 = _mm_unpackhi_epi32(a0, a1), t3 = _mm_unpackhi_epi32(a2, zero);
    x[4 * h] = _mm_unpacklo_epi64(t0, t1);
    x[4 * h + 1] = _mm_unpackhi_epi64(t0, t1);
    x[4 * h + 2] = _mm_unpacklo_epi64(t2, t3);
    x[4 * h + 3] = _mm_unpackhi_epi64(t2, t3);
  }
  x[8] = g.w8.v;  // lane 3 is zero
}

#if HWY_TARGET == HWY_AVX3
// On AVX-512 the step runs on two 512-bit vectors instead of three 256-bit ones and digit 8's
// 128-bit one: half the operations for rules 1-2 (lane by lane), a few lane permutes to meet
// the other bands. A: bands 0 and 1 (lane 8 * band + digit, digits 0-7); B: band 2 (lanes 0-7)
// and digit 8 of the three bands (lanes 8-10), lanes 11-15 zero: the State's words from
// band[2] on, in order. The same rules on the same words: the same states as the 256-bit step.

/// Sixteen 32-bit lanes, the operations reduce(), rows_of(), columns_of(), spread() and
/// stack_keep() use.
struct V16 {
  __m512i v;
  static V16 splat(uint32_t x) { return {_mm512_set1_epi32(static_cast<int>(x))}; }
};
inline V16 operator&(V16 a, V16 b) { return {_mm512_and_si512(a.v, b.v)}; }
inline V16 operator|(V16 a, V16 b) { return {_mm512_or_si512(a.v, b.v)}; }
inline V16 operator^(V16 a, V16 b) { return {_mm512_xor_si512(a.v, b.v)}; }
inline V16 operator-(V16 a, V16 b) { return {_mm512_sub_epi32(a.v, b.v)}; }
inline V16 operator+(V16 a, V16 b) { return {_mm512_add_epi32(a.v, b.v)}; }
inline V16 andnot(V16 a, V16 b) { return {_mm512_andnot_si512(a.v, b.v)}; }
template <int n>
V16 shl(V16 a) { return {_mm512_slli_epi32(a.v, n)}; }
template <int n>
V16 shr(V16 a) { return {_mm512_srli_epi32(a.v, n)}; }
/// Lanes by index (0-15 from a, 16-31 from b).
inline V16 pick(V16 a, __m512i index, V16 b) { return {_mm512_permutex2var_epi32(a.v, index, b.v)}; }
inline V16 pick(__m512i index, V16 a) { return {_mm512_permutexvar_epi32(index, a.v)}; }
/// The two 256-bit halves swapped; the low half in both.
inline V16 swap_halves(V16 a) { return {_mm512_shuffle_i64x2(a.v, a.v, 0x4e)}; }
inline V16 low_twice(V16 a) { return {_mm512_shuffle_i64x2(a.v, a.v, 0x44)}; }
/// Lane masks: the lanes where a is not zero, where it is.
inline __mmask16 nonzero(V16 a) { return _mm512_test_epi32_mask(a.v, a.v); }
inline __mmask16 zero(V16 a) { return _mm512_testn_epi32_mask(a.v, a.v); }

/// count_all() per 256-bit half (a band's eight lanes): in each of its lanes, the bits set in
/// at least one of them (`one`), in at least two (`two`).
inline void count_halves(V16 a, V16& one, V16& two) {
  const __m512i h = _mm512_shuffle_i64x2(a.v, a.v, 0xb1);  // 128-bit blocks swapped in each half
  __m512i t = _mm512_and_si512(a.v, h), o = _mm512_or_si512(a.v, h);
  __m512i y = _mm512_shuffle_epi32(o, _MM_PERM_BADC);
  t = _mm512_or_si512(_mm512_or_si512(t, _mm512_shuffle_epi32(t, _MM_PERM_BADC)), _mm512_and_si512(o, y));
  o = _mm512_or_si512(o, y);
  y = _mm512_shuffle_epi32(o, _MM_PERM_CDAB);
  t = _mm512_or_si512(_mm512_or_si512(t, _mm512_shuffle_epi32(t, _MM_PERM_CDAB)), _mm512_and_si512(o, y));
  one = {_mm512_or_si512(o, y)}, two = {t};
}
/// or_all() per 256-bit half.
inline V16 or_halves(V16 a) {
  __m512i x = _mm512_or_si512(a.v, _mm512_shuffle_i64x2(a.v, a.v, 0xb1));
  x = _mm512_or_si512(x, _mm512_shuffle_epi32(x, _MM_PERM_BADC));
  return {_mm512_or_si512(x, _mm512_shuffle_epi32(x, _MM_PERM_CDAB))};
}

struct Grid16 {
  V16 a, b;
  V4 solved;  // lane = band, lane 3 zero
};
inline void load_grid(const State& s, Grid16& g) {
  g = {{_mm512_loadu_si512(s.band[0])}, {_mm512_maskz_loadu_epi32(0x0fff, s.band[2])}, load_v4(s.solved)};
}
inline void store_grid(State& s, const Grid16& g) {
  _mm512_storeu_si512(s.band[0], g.a.v);
  _mm512_mask_storeu_epi32(s.band[2], 0x0fff, g.b.v);
  store_v4(s.solved, g.solved);
}

/// step() of the 256-bit grid, on Grid16 (see there).
HWY_INLINE bool step(Grid16& g, bool& changed) {
  // Per lane, the band's digit 8 word (A: bands 0, 1; B's low half: band 2), its solved cells
  // (B's lanes 8-10: of bands 0-2), and of B's lanes 8-10 the same lanes for bands 1-2-0
  // (the next band) and 2-0-1 (the one after).
  const __m512i of_d8_a = _mm512_setr_epi32(8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9);
  const __m512i of_d8_b = _mm512_set1_epi32(10);
  const __m512i solved_a = _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
  const __m512i solved_b = _mm512_setr_epi32(2, 2, 2, 2, 2, 2, 2, 2, 0, 1, 2, 3, 3, 3, 3, 3);
  // B's low half kept, lanes 8-10 from a band's first lane: A 0, A 8, B 0.
  const __m512i gather_b = _mm512_setr_epi32(16, 17, 18, 19, 20, 21, 22, 23, 0, 8, 16, 0, 0, 0, 0, 0);
  // B's lanes 8-10 from the next band's digit 8 (9, 10, 8) and the one after's (10, 8, 9); the
  // low half from A's low half (band 0) and high half (band 1).
  const __m512i next_idx = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 25, 26, 24, 27, 27, 27, 27, 27);
  const __m512i after_idx = _mm512_setr_epi32(8, 9, 10, 11, 12, 13, 14, 15, 26, 24, 25, 27, 27, 27, 27, 27);
  const V16 cells = V16::splat(kBandCells);
  const V16 solv = {_mm512_zextsi128_si512(g.solved.v)};
  const V16 sa = pick(solved_a, solv), sb = pick(solved_b, solv);
  // 1. Band reduction; 2. the candidates counted per cell (with digit 8): the naked singles,
  // and the contradictions: a word left empty, a cell with no candidate, a placed cell with two.
  V16 red_a, hid_a, red_b, hid_b;
  reduce(g.a, red_a, hid_a);
  reduce(g.b, red_b, hid_b);
  V16 one_a, two_a, one_b, two_b;
  count_halves(g.a, one_a, two_a);
  count_halves(g.b, one_b, two_b);  // lanes 0-7 (band 2)
  const V16 w8_a = pick(of_d8_a, g.b), w8_b = pick(of_d8_b, g.b);
  two_a = two_a | (one_a & w8_a), one_a = one_a | w8_a;
  two_b = two_b | (one_b & w8_b), one_b = one_b | w8_b;
  const V16 naked_a = andnot(two_a, one_a), naked_b = andnot(two_b, one_b);
  __mmask16 bad = zero(red_a) | (zero(red_b) & 0x07ff) | nonzero(andnot(one_a, cells) | (two_a & sa)) |
                  (nonzero(andnot(one_b, cells) | (two_b & sb)) & 0x00ff);
  // The singles not yet placed: rows with one cell, cells with one candidate.
  const V16 fresh_a = andnot(sa, hid_a | (g.a & naked_a));
  const V16 fresh_b = andnot(sb, hid_b | (g.b & pick(naked_a, gather_b, naked_b)));
  V16 rows_a, row_cells_a, rows_b, row_cells_b;
  rows_of(fresh_a, rows_a, row_cells_a);
  rows_of(fresh_b, rows_b, row_cells_b);
  const V16 cols_a = columns_of(fresh_a), cols_b = columns_of(fresh_b);
  // Placed: their rows and columns lose the digit, their cells the other digits.
  const V16 placed_a = or_halves(fresh_a) | pick(of_d8_a, fresh_b);
  const V16 placed_b = pick(placed_a, gather_b, or_halves(fresh_b) | pick(of_d8_b, fresh_b));
  const V16 next_a = andnot(row_cells_a | spread(cols_a) | placed_a, red_a) | fresh_a;
  const V16 next_b = andnot(row_cells_b | spread(cols_b) | placed_b, red_b) | fresh_b;
  // 3. Stack reduction, on the columns each band keeps once the others' placements are out.
  const V16 both_a = cols_a | swap_halves(cols_a);
  const V16 open_a = andnot(swap_halves(cols_a) | low_twice(cols_b), columns_of(next_a));
  const V16 open_b = andnot(pick(both_a, next_idx, cols_b) | pick(both_a, after_idx, cols_b), columns_of(next_b));
  const V16 keep_a = stack_keep(open_a, swap_halves(open_a), low_twice(open_b));
  const V16 keep_b = stack_keep(open_b, pick(open_a, next_idx, open_b), pick(open_a, after_idx, open_b));
  // A stack where the digit has no permutation: no band keeps a column of it (digits 0-7 in
  // lanes 0-7, digit 8 in lane 8).
  const V16 kept = keep_a | swap_halves(keep_a);
  const V16 all = keep_b | pick(kept, next_idx, keep_b) | pick(kept, after_idx, keep_b);
  bad |= nonzero(andnot((all | shr<1>(all) | shr<2>(all)) & V16::splat(0x49), V16::splat(0x49))) & 0x01ff;
  bad |= nonzero((fresh_a & (fresh_a - rows_a)) | (fresh_b & (fresh_b - rows_b)));
  if (bad) return false;
  const V16 w_a = next_a & spread(keep_a), w_b = next_b & spread(keep_b);
  const V4 solved = g.solved | V4{_mm512_extracti32x4_epi32(_mm512_maskz_mov_epi32(0x0700, placed_b.v), 2)};
  changed = (nonzero((w_a ^ g.a) | (w_b ^ g.b)) | !none(solved ^ g.solved)) != 0;
  g.a = w_a, g.b = w_b, g.solved = solved;
  return true;
}

inline void digit_major(const Grid16& g, __m128i* x) {
  digit_major(Grid3{{{_mm512_castsi512_si256(g.a.v)}, {_mm512_extracti64x4_epi64(g.a.v, 1)}, {_mm512_castsi512_si256(g.b.v)}},
                    {_mm512_extracti32x4_epi32(g.b.v, 2)}, g.solved},
              x);
}
using Bands = Grid16;
#else
using Bands = Grid3;
#endif

/// Full adder of bit-sliced counters: (sum, carry) of a + b + c, lane by lane (SSE2 or AVX2).
inline void full_add(__m128i a, __m128i b, __m128i c, __m128i& sum, __m128i& carry) {
  const __m128i u = _mm_xor_si128(a, b);
  sum = _mm_xor_si128(u, c);
  carry = _mm_or_si128(_mm_and_si128(a, b), _mm_and_si128(u, c));
}
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3
inline void full_add(__m256i a, __m256i b, __m256i c, __m256i& sum, __m256i& carry) {
  const __m256i u = _mm256_xor_si256(a, b);
  sum = _mm256_xor_si256(u, c);
  carry = _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(u, c));
}
#endif

/// The nine digits' counts per bit, bit-sliced (ones, twos, fours or more): of x[0..8], lane by
/// lane, whatever is in them.
inline void count9(const __m128i* x, __m128i& ones, __m128i& twos, __m128i& fours) {
  __m128i s1, c1, s2, c2, s3, c3, c4, t, f;
  full_add(x[0], x[1], x[2], s1, c1);
  full_add(x[3], x[4], x[5], s2, c2);
  full_add(x[6], x[7], x[8], s3, c3);
  full_add(s1, s2, s3, ones, c4);
  full_add(c1, c2, c3, t, f);
  twos = _mm_xor_si128(t, c4);
  fours = _mm_or_si128(f, _mm_and_si128(t, c4));  // 4 or more (at most 9)
}
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3
inline void count9(const __m256i* x, __m256i& ones, __m256i& twos, __m256i& fours) {
  __m256i s1, c1, s2, c2, s3, c3, c4, t, f;
  full_add(x[0], x[1], x[2], s1, c1);
  full_add(x[3], x[4], x[5], s2, c2);
  full_add(x[6], x[7], x[8], s3, c3);
  full_add(s1, s2, s3, ones, c4);
  full_add(c1, c2, c3, t, f);
  twos = _mm256_xor_si256(t, c4);
  fours = _mm256_or_si256(f, _mm256_and_si256(t, c4));
}
#endif

/// Rule 5 (see the header): triads. A row segment (three cells of a row in one box) or a
/// column segment (three cells of a column in one box) holds three different digits, so fewer
/// than three digits among its candidates is a contradiction, and when exactly three are left
/// they are the segment's: they leave the rest of its row or column and of its box. For each
/// band and digit, the row segments that have the digit (bits 0, 3, .., 24) and the column
/// segments (bits 0-8); the three bands are the lanes of one SSE2 vector, and the nine digits
/// are counted bit-sliced by full adders. Each triad is applied once (State::triad_rows,
/// triad_cols). `x`: the words digit-major (digit_major()). Returns false on a contradiction;
/// sets `progress` when it changed a word.
inline bool triads(State& s, const __m128i* x, bool& progress) {
  constexpr uint32_t kSegStarts = 0x1249249;  // bits 0, 3, .., 24: the first cell of each segment
  const __m128i seg_starts = _mm_setr_epi32(kSegStarts, kSegStarts, kSegStarts, 0);
  const __m128i columns = _mm_setr_epi32(511, 511, 511, 0);
  const __m128i zero = _mm_setzero_si128();
  // Per digit, the segments that have it: row segments at bits 0, 3, .., 24, column segments
  // at bits 0-8; the other bits hold whatever, masked once at the end (the counts are bitwise).
  __m128i rows[9], cols[9];
  __m128i r1, r2, r4, c1, c2, c4;
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3
  // Both kinds in one 256-bit vector (rows in the low half, columns in the high half: AVX2's
  // per-lane shifts), counted by one set of full adders.
  __m256i both[9];
  const __m256i by1 = _mm256_setr_epi32(1, 1, 1, 1, 9, 9, 9, 9), by2 = _mm256_setr_epi32(2, 2, 2, 2, 18, 18, 18, 18);
  for (int d = 0; d < 9; ++d) {
    const __m256i v = _mm256_broadcastsi128_si256(x[d]);
    both[d] = _mm256_or_si256(v, _mm256_or_si256(_mm256_srlv_epi32(v, by1), _mm256_srlv_epi32(v, by2)));
    rows[d] = _mm256_castsi256_si128(both[d]);
    cols[d] = _mm256_extracti128_si256(both[d], 1);
  }
  __m256i n1, n2, n4;
  count9(both, n1, n2, n4);
  r1 = _mm256_castsi256_si128(n1), c1 = _mm256_extracti128_si256(n1, 1);
  r2 = _mm256_castsi256_si128(n2), c2 = _mm256_extracti128_si256(n2, 1);
  r4 = _mm256_castsi256_si128(n4), c4 = _mm256_extracti128_si256(n4, 1);
#else
  for (int d = 0; d < 9; ++d) {
    rows[d] = _mm_or_si128(x[d], _mm_or_si128(_mm_srli_epi32(x[d], 1), _mm_srli_epi32(x[d], 2)));
    cols[d] = _mm_or_si128(x[d], _mm_or_si128(_mm_srli_epi32(x[d], 9), _mm_srli_epi32(x[d], 18)));
  }
  count9(rows, r1, r2, r4);
  count9(cols, c1, c2, c4);
#endif
  // Three or more digits in every segment.
  const __m128i r3 = _mm_and_si128(_mm_or_si128(_mm_and_si128(r1, r2), r4), seg_starts);
  const __m128i c3 = _mm_and_si128(_mm_or_si128(_mm_and_si128(c1, c2), c4), columns);
  const __m128i ok = _mm_and_si128(_mm_cmpeq_epi32(r3, seg_starts), _mm_cmpeq_epi32(c3, columns));
  if (_mm_movemask_epi8(ok) != 0xffff) return false;
  // Exactly three, in segments not yet solved.
  const __m128i sv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.solved));
  const __m128i full_rows = _mm_and_si128(sv, _mm_and_si128(_mm_srli_epi32(sv, 1), _mm_srli_epi32(sv, 2)));
  const __m128i full_cols = _mm_and_si128(sv, _mm_and_si128(_mm_srli_epi32(sv, 9), _mm_srli_epi32(sv, 18)));
  const __m128i seen_rows = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.triad_rows));
  const __m128i seen_cols = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.triad_cols));
  const __m128i three_rows = _mm_andnot_si128(_mm_or_si128(_mm_or_si128(r4, full_rows), seen_rows), _mm_and_si128(r3, r2));
  const __m128i three_cols = _mm_andnot_si128(_mm_or_si128(_mm_or_si128(c4, full_cols), seen_cols), _mm_and_si128(c3, c2));
  if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(three_rows, three_cols), zero)) == 0xffff)
    return true;
  // Remembered as applied, then applied: the (digit,
  // band) pairs with the digit in a new triad, bit digit * 4 + band.
  _mm_storeu_si128(reinterpret_cast<__m128i*>(s.triad_rows), _mm_or_si128(seen_rows, three_rows));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(s.triad_cols), _mm_or_si128(seen_cols, three_cols));
  uint64_t hits = 0;
  for (int d = 0; d < 9; ++d) {
    const __m128i h = _mm_or_si128(_mm_and_si128(rows[d], three_rows), _mm_and_si128(cols[d], three_cols));
    hits |= static_cast<uint64_t>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(h, zero))) ^ 15) << (4 * d);
  }
  alignas(16) uint32_t tr[4], tc[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(tr), three_rows);
  _mm_store_si128(reinterpret_cast<__m128i*>(tc), three_cols);
  for (; hits; hits &= hits - 1) {
    const int k = std::countr_zero(hits), d = k >> 2, b = k & 3;
    uint32_t& c = s.word(b, d);
    const uint32_t w = c;
    const uint32_t rs = (w | w >> 1 | w >> 2) & tr[b];  // row segments that hold the digit
    const uint32_t cs = (w | w >> 9 | w >> 18) & tc[b];  // column segments
    uint32_t lose = 0;
    for (uint32_t r = rs; r; r &= r - 1) lose |= kT.triad_row[std::countr_zero(r)];
    for (uint32_t r = cs; r; r &= r - 1) {
      const int col = std::countr_zero(r);
      lose |= kT.triad_col[col];
      for (const int b2 : {kNext[b], kNext[b + 1]}) {
        uint32_t& y = s.word(b2, d);
        if (y & kT.column[col]) {
          y &= ~kT.column[col];
          progress = true;
        }
      }
    }
    if (c & lose) {
      c &= ~lose;
      progress = true;
    }
  }
  return true;
}


/// Per cell, its number of candidates, bit-sliced (n1 + 2 n2 + 4 n4 + 8 n8), one lane per band
/// (lane 3 zero), by full adders over the digit-major words.
struct CellCounts {
  __m128i n1, n2, n4, n8;
};
inline CellCounts cell_counts(const __m128i* x) {
  __m128i s1, c1, s2, c2, s3, c3, c4, t, f;
  full_add(x[0], x[1], x[2], s1, c1);
  full_add(x[3], x[4], x[5], s2, c2);
  full_add(x[6], x[7], x[8], s3, c3);
  CellCounts n;
  full_add(s1, s2, s3, n.n1, c4);
  full_add(c1, c2, c3, t, f);
  n.n2 = _mm_xor_si128(t, c4);
  const __m128i carry = _mm_and_si128(t, c4);
  n.n4 = _mm_xor_si128(f, carry);
  n.n8 = _mm_and_si128(f, carry);
  return n;
}

/// The propagated state for rules 4 and 5: its words digit-major (digit_major()) and each
/// cell's number of candidates.
struct Counted {
  __m128i x[9];
  CellCounts n;
};

/// Propagates to a fixed point (rules 1-3 by steps, then 5 when `Triads`). False on a
/// contradiction; else `c` holds the state counted, for rule 4.
///
/// `Lazy` (not with `Triads`; `scored`'s cheap nodes): stops before the fixed point, after the
/// first step that places nothing, unless that step left an open cell with fewer than two
/// candidates (rule 4 needs two). It skips the step that would only confirm the fixed point
/// (a quarter of the steps where the search dives to a solution); what the skipped steps would
/// have removed is left to the nodes below, so a contradiction can show one node later. A step
/// that places a digit is always followed by another, so a state with every cell placed has
/// been checked.
template <bool Triads, bool Lazy = false>
bool propagate(State& s, Counted& c) {
  static_assert(!(Triads && Lazy));
  Bands g;
  load_grid(s, g);
  for (;;) {
    bool changed = true;
    while (changed) {
      [[maybe_unused]] const V4 before = g.solved;
      if (!step(g, changed)) return false;
      if constexpr (Lazy) {
        if (none(before ^ g.solved)) break;
      }
    }
    digit_major(g, c.x);
    c.n = cell_counts(c.x);
    if constexpr (Lazy) {
      // Open cells with fewer than two candidates: keep stepping to the fixed point.
      const __m128i two_or_more = _mm_or_si128(_mm_or_si128(c.n.n2, c.n.n4), c.n.n8);
      const __m128i band_cells = _mm_setr_epi32(kBandCells, kBandCells, kBandCells, 0);
      const __m128i short_cells = _mm_andnot_si128(_mm_or_si128(two_or_more, g.solved.v), band_cells);
      if (changed && !none(V4{short_cells})) continue;
    }
    store_grid(s, g);
    if constexpr (!Triads) return true;
    if ((s.solved[0] & s.solved[1] & s.solved[2]) == kBandCells) return true;
    bool progress = false;
    if (!triads(s, c.x, progress)) return false;
    if (!progress) return true;
    load_grid(s, g);
  }
}

/// Places `digit` in cell `bit` of `band` (a guess): the cell loses its other digits, its row
/// and column the digit.
inline void place(State& s, int band, int digit, int bit) {
  const uint32_t cell = 1u << bit, col = kT.column[bit % 9];
  for (int d = 0; d < 9; ++d) s.word(band, d) &= ~cell;
  uint32_t& w = s.word(band, digit);
  w = (w & ~(511u << (bit / 9 * 9) | col)) | cell;
  s.solved[band] |= cell;
  for (const int o : {kNext[band], kNext[band + 1]}) s.word(o, digit) &= ~col;
}

/// Sets up the state from the givens. False when two givens conflict.
bool init(State& s, const Grid& g) {
  uint32_t units[9] = {};   // per digit: rows, columns and boxes that hold it (CellUnits::units)
  uint32_t given[27] = {};  // [band * 9 + digit]
  const uint8_t* v = g.data();
  // The givens, found 16 cells at a time: a branch per cell mispredicted on about a third of
  // them (11% of the time on diabolical puzzles at limit 1; perf). A Grid holds kMaxCells
  // (625) bytes, so reading 96 is safe.
  static_assert(kMaxCells >= 96);
  uint64_t filled[2] = {};  // cells 0-63, 64-80
  for (int k = 0; k < 6; ++k) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v + 16 * k));
    const uint64_t m = ~static_cast<uint64_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128()))) & 0xffff;
    filled[k / 4] |= m << (16 * (k % 4));
  }
  filled[1] &= (1u << 17) - 1;
  uint32_t clash = 0;
  for (int half = 0; half < 2; ++half) {
    for (uint64_t left = filled[half]; left; left &= left - 1) {
      const int cell = 64 * half + std::countr_zero(left);
      const int d = v[cell] - 1;
      const CellUnits& u = kCell[cell];
      clash |= units[d] & u.units;
      units[d] |= u.units;
      given[u.band9 + d] |= 1u << u.bit;
    }
  }
  if (clash) return false;
  for (int b = 0; b < 3; ++b) {
    uint32_t all = 0;
    for (int d = 0; d < 9; ++d) all |= given[b * 9 + d];
    s.solved[b] = all;
    for (int d = 0; d < 9; ++d) {
      const uint32_t taken = kT.rows[(units[d] >> (3 * b)) & 7] | spread_columns((units[d] >> 9) & 511) |
                             kT.boxes[(units[d] >> (18 + 3 * b)) & 7];
      s.word(b, d) = (kBandCells & ~taken & ~all) | given[b * 9 + d];
    }
  }
  s.d8[3] = s.solved[3] = 0;
  for (int b = 0; b < 4; ++b) s.triad_rows[b] = s.triad_cols[b] = 0;
  return true;
}

#if HWY_TARGET == HWY_AVX3
/// The AVX-512 path's start: the givens as cells with one candidate, not yet placed, the open
/// cells with all nine. The root's first step places the givens and takes their digits from
/// their rows, columns and boxes, which init() does one given at a time (its loop carries a
/// dependency through memory from given to given): the same fixed point, one step more, the
/// same search. Givens that conflict end in a contradiction at the root, which init() then
/// tells from a puzzle with no solution.
void init_unplaced(State& s, const Grid& g) {
  static_assert(kMaxCells >= 96);  // a Grid holds kMaxCells bytes: reading 86 is safe
  const uint8_t* v = g.data();
  for (int b = 0; b < 3; ++b) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + 27 * b));
    const uint32_t open = _mm256_cmpeq_epi8_mask(x, _mm256_setzero_si256()) & kBandCells;
    for (int d = 0; d < 9; ++d)
      s.word(b, d) = (_mm256_cmpeq_epi8_mask(x, _mm256_set1_epi8(static_cast<char>(d + 1))) & kBandCells) | open;
  }
  for (int b = 0; b < 4; ++b) s.solved[b] = s.triad_rows[b] = s.triad_cols[b] = 0;
  s.d8[3] = 0;
}
#endif

/// Writes the solved state's 81 cells into `g` (every one of them: the state is solved), a 9x9
/// grid made in place in the result and not cleared (Answer::reuse: a Grid made here and
/// copied there would clear and copy 625 bytes more, 2.5% of the time on diabolical at limit 1;
/// perf). Per band, the four bits of each cell's value (digit + 1) as four words (each cell has
/// one digit), each spread to a byte a cell (SSE2: bytes repeated by unpacks, tested against
/// each byte's bit): about 60 operations a band, not 7 a cell.
void write_solution(const State& s, Grid& g) {
  alignas(16) uint8_t out[96];
  const __m128i bits = _mm_set1_epi64x(static_cast<int64_t>(0x8040201008040201));
  for (int b = 0; b < 3; ++b) {
    uint32_t value[4] = {};
    for (int d = 0; d < 9; ++d)
      for (int k = 0; k < 4; ++k)
        if ((d + 1) >> k & 1) value[k] |= s.word(b, d);
    __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128();  // cells 0-15, 16-31
    for (int k = 0; k < 4; ++k) {
      __m128i x = _mm_cvtsi32_si128(static_cast<int>(value[k]));
      x = _mm_unpacklo_epi8(x, x);
      x = _mm_unpacklo_epi16(x, x);  // byte j of the word four times, j = 0..3
      const __m128i weight = _mm_set1_epi8(static_cast<char>(1 << k));
      const auto to_bytes = [&](__m128i y) { return _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(y, bits), bits), weight); };
      lo = _mm_or_si128(lo, to_bytes(_mm_unpacklo_epi32(x, x)));  // byte i: byte i / 8 of the word
      hi = _mm_or_si128(hi, to_bytes(_mm_unpackhi_epi32(x, x)));
    }
    // In band order, each band's 32 bytes over the 5 past the previous band's 27.
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 27 * b), lo);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 27 * b + 16), hi);
  }
  std::copy_n(out, 81, g.data());
}

/// The digits (bit d) still possible in cell `bit` of `band`.
inline uint32_t digits_at(const State& s, int band, int bit) {
  return bit_of_lanes(vload(s.band[band]), bit) | (s.d8[band] >> bit & 1) << 8;
}

// Rule 4, the cell to guess: two choices, one solver each (`propagation`, `scored`).

/// The cells (one lane per band) with exactly k candidates.
inline __m128i cells_with(const CellCounts& n, int k) {
  const auto bit = [](__m128i x, bool set) { return set ? x : _mm_xor_si128(x, _mm_set1_epi32(-1)); };
  return _mm_and_si128(_mm_and_si128(bit(n.n1, k & 1), bit(n.n2, k & 2)), _mm_and_si128(bit(n.n4, k & 4), bit(n.n8, k & 8)));
}

/// The first cell of `cells` (one lane per band) in row-major order; false when there is none.
inline bool first_cell(__m128i cells, int& band, int& bit) {
  alignas(16) uint32_t lanes[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes), cells);
  for (int b = 0; b < 3; ++b) {
    if (lanes[b] != 0) {
      band = b, bit = std::countr_zero(lanes[b]);
      return true;
    }
  }
  return false;
}

/// The first unsolved cell with the fewest candidates, from `from` candidates up (every unsolved
/// cell of a propagated state has two or more, a solved one exactly one).
inline void fewest_candidates(const CellCounts& n, int from, int& band, int& bit) {
  for (int k = from; k <= 9; ++k)
    if (first_cell(cells_with(n, k), band, bit)) return;
}

/// The unsolved cell with the fewest candidates (a bivalue cell when there is one), the first in
/// row-major order: band and bit. The state is propagated and not solved.
void choose_first(const State&, const Counted& c, int& band, int& bit) {
  fewest_candidates(c.n, 2, band, bit);
}

// The score of choose_scored.
#if HWY_TARGET == HWY_EMU128 || HWY_TARGET == HWY_SCALAR
// The build's baseline (x86-64: SSE2, no popcnt): the bits added in pairs, fours, eights.
inline __m128i byte_counts(__m128i x) {
  const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
  x = _mm_sub_epi32(x, _mm_and_si128(_mm_srli_epi32(x, 1), m1));
  x = _mm_add_epi32(_mm_and_si128(x, m2), _mm_and_si128(_mm_srli_epi32(x, 2), m2));
  return _mm_and_si128(_mm_add_epi32(x, _mm_srli_epi32(x, 4)), m4);
}
#endif

/// The score of the bivalue cell `at` (see choose_scored) with digits a and z: the cells of
/// open[a] and of open[z] among those it sees, and four times its bivalue peers with a or z.
inline int score_of(const Sets128& open, int a, int z, const uint64_t* two, int at) {
#if HWY_TARGET == HWY_EMU128 || HWY_TARGET == HWY_SCALAR
  const auto set = [](const Sets128& t, int i) {
    return _mm_set_epi64x(static_cast<int64_t>(t.hi[i]), static_cast<int64_t>(t.lo[i]));
  };
  const __m128i m = set(kSees, at), oa = set(open, a), oz = set(open, z);
  const __m128i pairs = _mm_and_si128(_mm_or_si128(oa, oz), _mm_load_si128(reinterpret_cast<const __m128i*>(two)));
  // Per byte at most 8 + 8 + 4 * 8: no carry between bytes; one psadbw sums them.
  const __m128i bytes = _mm_add_epi8(_mm_add_epi8(byte_counts(_mm_and_si128(oa, m)), byte_counts(_mm_and_si128(oz, m))),
                                     _mm_slli_epi32(byte_counts(_mm_and_si128(pairs, m)), 2));
  const __m128i sad = _mm_sad_epu8(bytes, _mm_setzero_si128());
  return _mm_cvtsi128_si32(sad) + _mm_cvtsi128_si32(_mm_srli_si128(sad, 8));
#else
  // SSE4.2 and later have popcnt: six scalar counts, independent of each other.
  const uint64_t m_lo = kSees.lo[at], m_hi = kSees.hi[at];
  const uint64_t a_lo = open.lo[a], a_hi = open.hi[a], z_lo = open.lo[z], z_hi = open.hi[z];
  return std::popcount(a_lo & m_lo) + std::popcount(a_hi & m_hi) + std::popcount(z_lo & m_lo) +
         std::popcount(z_hi & m_hi) +
         4 * (std::popcount((a_lo | z_lo) & two[0] & m_lo) + std::popcount((a_hi | z_hi) & two[1] & m_hi));
#endif
}

/// The branching cell: the bivalue cell whose two digits reach furthest, else (rare) the cell
/// with the fewest candidates. Score of a bivalue cell with digits a and z: the candidates of a
/// and of z among its unsolved peers (they go when one of them is placed) plus 4 for each peer
/// that is itself bivalue with a or z (it becomes a single); ties go to the first in row-major
/// order. The state is propagated and not solved, so every unsolved cell has two or more.
/// The grid as one 128-bit set (a 32-bit lane per band, the layout of Counted's digit-major
/// words), so that a cell's peers in all three bands are one mask (kSees) and each count is two
/// 64-bit popcounts: about 64 instructions a bivalue cell compiled (AVX2), no stores between
/// cells. (Scoring eight cells at a time in the lanes of a vector, by permutes and byte counts,
/// took 2.5 times the instructions a call; grouping the cells by their digit pair, or meeting
/// them digit by digit, cost more than it saved: results/solvers.md.)
void choose_scored(const State& s, const Counted& c, int& band, int& bit) {
  const CellCounts& n = c.n;
  const __m128i bivalue = cells_with(n, 2);  // lane 3 zero
  alignas(16) uint64_t two[2];
  _mm_store_si128(reinterpret_cast<__m128i*>(two), bivalue);
  if ((two[0] | two[1]) == 0) {
    fewest_candidates(n, 3, band, bit);
    return;
  }
  // Per digit, the unsolved cells that have it.
  Sets128 open;
  const __m128i solved = load4(s.solved);
  for (int d = 0; d < 9; ++d) {
    const __m128i o = _mm_andnot_si128(solved, c.x[d]);
    open.lo[d] = static_cast<uint64_t>(_mm_cvtsi128_si64(o));
    open.hi[d] = static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(o, o)));
  }
  // Bit 32 * band + cell, in row-major order; the best so far as score * 128 + (127 - bit), so
  // that the larger key is the better cell, the first of equals.
  // Band by band, so that the band's words are loaded once (the key, not the order, picks).
  int best = 0;
  for (int b = 0; b < 3; ++b) {
    const uint32_t cells = static_cast<uint32_t>(two[b >> 1] >> (32 * (b & 1)));
    if (cells == 0) continue;
    const V8 words = vload(s.band[b]);
    const uint32_t w8 = s.d8[b];
    for (uint32_t t = cells; t; t &= t - 1) {
      const int i = std::countr_zero(t), at = 32 * b + i;
      const uint32_t digits = bit_of_lanes(words, i) | (w8 >> i & 1) << 8;
      // Its two digits (the ORs change neither, and bound both for the compiler).
      const int a = std::countr_zero(digits | 1u << 8), z = std::countr_zero((digits & (digits - 1)) | 1u << 8);
      best = std::max(best, score_of(open, a, z, two, at) * 128 + (127 - at));
    }
  }
  const int at = 127 - (best & 127);
  band = at >> 5, bit = at & 31;
}

/// `scored`'s guesses at this depth or less are chosen by the score on every puzzle, and once
/// the puzzle has backtracked its nodes at this depth or less run rule 5 to the fixed point
/// (Propagation::search). Two levels: one saves 1-3.5% more instructions on the multi-solution
/// sets and costs 3.5% on magictour_top1465, three the reverse (results/solvers.md).
constexpr int kScoredDepth = 2;

/// `Hybrid` false: `propagation` (choose_first, rules 1-3). True: `scored`, which chooses its
/// engine per node as the puzzle shows how hard it is. Most puzzles with several solutions
/// are a dive to the first one (about ten nodes, a backtrack in one puzzle of three): there
/// the score and rule 5 save no guesses and cost a quarter of each node. So `scored` starts
/// cheap: the root propagated with rule 5, the guesses of the first levels (kScoredDepth) by
/// the score, deeper ones on the first bivalue cell, and every node below the root with rules
/// 1-3 only, stopping short of the fixed point (propagate<false, true>). A contradiction at
/// depth d shows the guesses down to there need the score's pruning: from then on the guesses
/// down to depth d + 1 take the score, and the nodes of the first levels run rule 5 to the
/// fixed point. Below the deepest contradiction the search stays a cheap dive, and rule 5
/// deeper than the first levels costs more than it prunes, on hard puzzles too
/// (forum_hardest_1106: results/solvers.md).
template <bool Hybrid>
class Propagation final : public SolverOf<Propagation<Hybrid>, Grid> {
 public:
  Result solve_one(const Grid& puzzle, const Limits& limits) {
    const auto failed = [](Status why) {
      Result r;
      r.status = why;
      return r;
    };
    if (puzzle.box() != 3) return failed(Status::unsupported);
    State cur;
#if HWY_TARGET == HWY_AVX3
    init_unplaced(cur, puzzle);
    Result r = search(cur, limits);
    if (r.solutions == 0 && !init(cur, puzzle)) return failed(Status::invalid);
    return r;
#else
    if (!init(cur, puzzle)) return failed(Status::invalid);
    return search(cur, limits);
#endif
  }

 private:
  /// The search from the state set up from the givens.
  Result search(State& cur, const Limits& limits) {
    Result r;
    const uint64_t budget = limits.budget == 0 ? UINT64_MAX : limits.budget;
    const uint64_t limit = limits.wanted();
    bool budget_hit = false;
    int depth = 0;
    // `scored`: the guesses at this depth or less take the score.
    int scored_depth = kScoredDepth;
    // `scored`: a node at `d` runs rule 5 to the fixed point (once the puzzle has backtracked).
    const auto heavy_at = [&](int d) { return r.work.backtracks != 0 && d <= kScoredDepth; };
    Counted counted;  // the propagated state, for the choice
    // A node's propagation: heavy (rule 5, to the fixed point) or cheap (lazy for `scored`).
    const auto propagate_node = [&](bool heavy_node) {
      if constexpr (Hybrid) {
        return heavy_node ? propagate<true>(cur, counted) : propagate<false, true>(cur, counted);
      } else {
        return propagate<false>(cur, counted);
      }
    };
    r.work.nodes = 1;
    bool ok = propagate_node(true);
    for (;;) {
      if (ok) {
        if ((cur.solved[0] & cur.solved[1] & cur.solved[2]) == kBandCells) {
          if (r.solutions++ == 0) write_solution(cur, r.answer.reuse<Grid>(3, Grid::Unset{}));
          if (r.solutions >= limit) break;
        } else {
          // Guess: the first candidate of the cell chosen.
          if (r.work.nodes >= budget) {
            budget_hit = true;
            break;
          }
          Frame& f = stack_[depth++];
          f.state = cur;
          if (Hybrid && depth <= scored_depth) {
            choose_scored(cur, counted, f.band, f.bit);
          } else {
            choose_first(cur, counted, f.band, f.bit);
          }
          f.digit = std::countr_zero(digits_at(cur, f.band, f.bit));
          ++r.work.nodes;
          ++r.work.guesses;
          place(cur, f.band, f.digit, f.bit);
          ok = propagate_node(heavy_at(depth));
          continue;
        }
      } else if (depth > 0) {
        ++r.work.backtracks;
        scored_depth = std::max(scored_depth, depth + 1);
      }
      // Dead end or solution counted: resume at the newest guess with its next digit.
      if (depth == 0) break;
      if (r.work.nodes >= budget) {
        budget_hit = true;
        break;
      }
      Frame& f = stack_[depth - 1];
      f.state.word(f.band, f.digit) &= ~(1u << f.bit);
      const uint32_t left = digits_at(f.state, f.band, f.bit);
      cur = f.state;
      f.digit = std::countr_zero(left);
      const bool heavy = heavy_at(depth);  // the node is at this depth
      ++r.work.nodes;
      if (left & (left - 1)) {
        ++r.work.guesses;  // still a choice between two or more
      } else {
        --depth;  // the last digit is forced: no longer a branching point
      }
      place(cur, f.band, f.digit, f.bit);
      ok = propagate_node(heavy);
    }
    r.status = status_for(r.solutions, limit, budget_hit);
    return r;
  }

  struct Frame {
    State state;  // the state before the guess, minus the digits already tried
    int band, bit, digit;
  };
  std::array<Frame, 82> stack_;
};

}  // namespace

std::unique_ptr<Solver> NewPropagation() { return std::make_unique<Propagation<false>>(); }

std::unique_ptr<Solver> NewScored() { return std::make_unique<Propagation<true>>(); }

std::optional<std::array<uint16_t, 81>> RootCandidates(const Grid& puzzle) {
  if (puzzle.box() != 3) return std::nullopt;
  State s;
  Counted counted;
  if (!init(s, puzzle) || !propagate<false>(s, counted)) return std::nullopt;
  std::array<uint16_t, 81> out{};
  for (int b = 0; b < 3; ++b)
    for (int d = 0; d < 9; ++d)
      for (uint32_t x = s.word(b, d); x; x &= x - 1)
        out[b * 27 + std::countr_zero(x)] |= static_cast<uint16_t>(2u << d);
  return out;
}

}  // namespace puzzle::sudoku::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "puzzle/simd_dispatch.hpp"

namespace puzzle::sudoku {

std::unique_ptr<Solver> make_propagation() { return SUDOKU_DISPATCH(NewPropagation)(); }

std::unique_ptr<Solver> make_scored() { return SUDOKU_DISPATCH(NewScored)(); }

std::optional<std::array<uint16_t, 81>> propagation_candidates(const Grid& puzzle) {
  return SUDOKU_DISPATCH(RootCandidates)(puzzle);
}

}  // namespace puzzle::sudoku
#endif  // HWY_ONCE
