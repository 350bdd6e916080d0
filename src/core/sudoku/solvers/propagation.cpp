// `propagation`: candidate propagation on band bitboards, guessing only when nothing is certain.
// 9x9 only (other sizes return `unsupported`).
//
// Data layout (the JSolve / ZSolver family's, written afresh). The grid is cut into three bands
// of three rows. For each (band, digit) one 32-bit word holds the 27 cells of the band where the
// digit is still possible, bit row_in_band * 9 + column; the 27 words sit band-major
// (cand[band * 9 + digit]), so the nine digits of one band are adjacent and "these cells are
// taken" is two 4-lane SSE2 and-nots plus one scalar. Beside them: the solved cells of each band
// and a 27-bit set of the words changed since their last reduction (and, for `scored`'s rule
// 5, the triads already applied). That is the whole State, 152 bytes, copied whole at a guess (a
// stack of 82 snapshots lives in the worker; no undo log).
//
// Rules, cheapest first, to a fixed point:
//  1. Band reduction of each changed word. Three lookups of a 512-entry row table give, per row,
//     which of its three box segments (3 cells) are non-empty, and the row itself if it has one
//     cell. In a band a digit takes one segment per row and one per box: one of six
//     permutations. A 512-entry table maps the 9-bit segment occupancy to the cells of the
//     segments some permutation still uses, which is pointing and claiming between rows and
//     boxes (and a little more) in one AND; an empty result is a contradiction. Rows left with
//     one cell are hidden singles, and so are boxes (a box with one cell is that box's only
//     segment, so the permutation empties the rest of its row). New singles of a word are placed
//     together: their rows and columns lose the digit, their cells lose the other digits.
//  2. Naked singles: bit-sliced counters (at least one, at least two) over the nine digit words
//     of a band give the cells with one candidate; a cell with none is a contradiction.
//  3. Stack reduction: rule 1 turned sideways. In a stack a digit takes one column per box and
//     one box per column, so the 9 (column, band) segments of a stack obey the same
//     permutation table: pointing and claiming between columns and boxes, and hidden singles in
//     columns (a column with one cell confines its box to that column; rule 1 then places it).
//  4. Guess: the first bivalue cell in row-major order (counters as in 2, plus "at least three"),
//     else the cell with fewest candidates; digits in increasing order. (`scored`, below,
//     is this solver with the bivalue cell chosen by a score and one more rule, 5: 2.6-2.9x
//     fewer guesses on the hard lists; results/hard_puzzles.md.)
//
// Counters (tdoku's convention). nodes: propagation states entered, the root plus every digit
// tried at a guessed cell; the budget counts nodes and the root is always entered. guesses:
// digits tried at a guessed cell while two or more of its digits were left; after each failure
// the digit is removed from the saved state, so the last digit left is forced and not a guess
// (a bivalue cell costs one guess). backtracks: contradictions found below at least one guess
// (each undoes the newest guess); resuming after a counted solution (limit >= 2) is not one.
//
// Measurements that shaped it (CLI `solve -j 1`, median solve time per puzzle in microseconds,
// portable -O3 build on the 2-core Xeon of results/propagation.md; instructions per puzzle
// from valgrind --tool=callgrind on a harness that parses then solves, 1/25 of 17_clue):
//                                                   17_clue  magictour  forum_1106   Ir 17_clue
//  a. scan all 27 words per pass against a saved    6.05      24.2       181         27k
//     copy; place cell by cell
//  b. 27-bit changed-word set instead of the scan;  5.92      21.1       165         38k
//     place a word's singles together
//  c. SSE2 for "cells leave the other digits";      5.41      20.6       161         34k
//     givens set up in bulk, not placed one by one
//  d. + rule 3 (stack reduction)                    4.90      16.8       124         32k
//  e. - hidden singles in columns as a separate     4.96      13.5       114         29k
//     pass (rule 3 finds them), this file
// perf on (a): 66% in propagate, most of it the 27-word scan and its unpredictable branches;
// (b) runs more instructions but mispredicts less. Rule 3 cut guesses per puzzle from 1.67 to
// 0.92 (17_clue), 18.1 to 11.7 (magictour) and 142.6 to 123.6 (forum_hardest): on the hard lists
// fewer nodes pay for the extra pass. Taking the last bivalue cell instead of the first was
// 6% fewer instructions on magictour but 10% more on forum_hardest: kept the first.
//
// 9x9 only (other sizes return `unsupported`).
//
// `scored` (issue 15) is this solver with another rule 4 and one more rule, 5 (the class's
// template parameters). Rule 4: where `propagation` guesses the first bivalue cell in row-major
// order, `scored` scores every bivalue cell and guesses the best one (choose_scored). For a cell
// with digits a and z the score is
//   (candidates of a among its unsolved peers) + (candidates of z among them)
//   + 4 x (peers that are bivalue cells holding a or z)
// : the eliminations each branch starts with, and the peers each branch turns into singles.
// Ties go to the first in row-major order; with no bivalue cell, the cell with the fewest
// candidates. Digits are tried in increasing order, as before. The score is computed four
// lanes at a time, one lane per band, from the candidate words transposed digit-major (two 4x4
// transposes); the bivalue cells come from the same copy, counted by full adders.
//  5. Triads (the tdoku author's idea), run when rules 1-3 stall and some word changed since the
//     last look. A row segment of a box (three cells) holds three different digits, and so does
//     a column segment: fewer than three digits among its candidates is a contradiction, and
//     when exactly three are left (a naked pair beside a solved cell, or a naked triple) they
//     are the segment's and leave the rest of its row or column and of its box. All three bands
//     at once, one SSE2 lane per band: per digit, the row segments that have it (bits 0, 3, ..,
//     24 of x | x >> 1 | x >> 2) and the column segments (bits 0-8 of x | x >> 9 | x >> 18);
//     the nine digits counted bit-sliced by five full adders; solved segments and the triads
//     already applied (remembered in the State, which is copied at a guess) are left out, so
//     the rest of a call runs only for a new triad, its eliminations from two small tables.
//     A call costs about 490 instructions on forum_hardest (340 of them counting) and 610 on
//     diabolical, portable path: 5.7% and 3.4% of all (valgrind, first 200 / 3000, limit 2).
//     On AVX2 the row and column segments share one 256-bit vector (per-lane shifts) and one
//     set of adders: -0.8% of all instructions on forum_hardest, -0.4% on diabolical (limit 1).
//
// Instruction sets. The whole solver (both rules 4) is compiled once per Highway target
// (baseline, SSE4, AVX2: `foreach_target.h`; AVX-512 measured slower, see CMakeLists.txt) and
// the best one the CPU runs is picked when a solver is made; SUDOKU_SIMD caps it
// (sudoku/simd.hpp; `portable` for fixed instruction counts under valgrind). The paths differ in
// code generation (popcnt, tzcnt, BMI, VEX) and in the score's popcounts: per-byte sums and one
// psadbw on the baseline (SSE2), Highway's byte PopulationCount (a pshufb nibble table) and
// SumsOf8 elsewhere.
// The rules are the same on every path, so answers and counters are equal (tests/simd_test.cpp).
//
// Its counters count as propagation's (below). Measurements that shaped it (issue 15; guesses per
// puzzle at limit 2, whole files; instructions from valgrind --tool=callgrind on a harness that
// parses then solves the first 375 / 500 / 3000 / 3000 puzzles, portable path; see
// results/hard_puzzles.md for times):
//                                   forum_1106  magictour  17_clue  diabolical
//   guesses, propagation              286        18.8       1.29     2.52
//   + triads (first form), first bivalue 270     15.3
//   + triads (first form), this score 109        6.6        0.34*    1.73*   (* first 10000)
//   this score, no triads             117        8.3        0.61     1.77
//   this score + rule 5 (scored)      109.4      6.56       0.49     1.73
//   Ir propagation                    688M       96.5M      89.2M    108M
//   Ir + triads (first form)          459M       60.8M      83.9M    118M
//   Ir this score, no triads          387M       61.6M      81.8M    105M
// Rule 5 as it is now against the score alone (the harness on the first 200 / 500 / 3000 / 3000,
// main at 10737c9 against this file): limit 2 171.4M -> 166.4M, 55.9M -> 46.1M, 74.8M -> 71.3M,
// 96.4M -> 94.7M; limit 1 87.8M -> 84.9M, 36.1M -> 31.7M, 71.8M -> 69.2M, 82.8M -> 81.3M. Part of
// that is not rule 5's but paid for it in the same round: choose_scored's digit-major copy and
// bivalue cells from the transpose and adders (-2.7% on forum), init's per-cell unit masks
// (-3.5% on diabolical at limit 1), rule 1 handing its reduced words to rules 2, 3 and 5 once
// per pass. Rule 5 itself went through: one band at a time, a 64-bit word of both kinds of
// segments, thermometer counters (+6.9% on forum, +7% on diabolical: ~370 instructions a band);
// the three bands as lanes of one vector and full adders (no better: every call re-applied the
// old triads, 60% of calls); the applied ones remembered (+5.7%: rule 1's per-word bookkeeping
// of three "unseen" sets spilled registers; +1.4% once fixed). Row triads alone give 112.6
// guesses on forum, column triads alone 112.9; both 109.4.
// At limit 1 on diabolical (easy: 2 guesses a puzzle) the score alone did not pay: 91.4M
// instructions against propagation's 89.4M; choose_scored costs ~2,000 instructions a call (20-30
// bivalue cells at ~55 each) and saves about as much propagation.
// The triads' first form (checked per segment at every fixed point) cut nodes by 6% (forum) to
// 25% (magictour) but cost about 1,000 instructions a fixed point: a net loss everywhere but
// magictour. The score's weight (no triads): 2 / 3 / 4 / 6 per bivalue peer gave 119 / 116 /
// 117 / 120 guesses on forum and 8.9 / 8.4 / 8.3 / 8.2 on magictour: 4. A bivalue peer is
// counted once even when it holds both digits: counting it once per digit (a naked-pair twin
// twice) made 117 guesses instead of 109 on forum (with triads). Other scores tried, with
// triads: candidates of the digits among peers alone 128 / 9.1; bivalue peers alone 156 / 7.9;
// fewest peer candidates 325 / 17.1. The popcounts were first scalar: GCC calls __popcountdi2
// in a portable build (14% of all instructions on forum); then per-byte sums (2.7k instructions
// a call); then this SSE2 form.
// The part every target shares (tables, the state's layout), once: foreach_target.h includes
// this file again for each target.
#ifndef SUDOKU_PROPAGATION_SHARED_
#define SUDOKU_PROPAGATION_SHARED_
#include "sudoku/solvers/propagation.hpp"
#include "sudoku/simd.hpp"

#include <array>
#include <bit>
#include <memory>

#include <emmintrin.h>

namespace sudoku {
namespace {

constexpr uint32_t kBandCells = (1u << 27) - 1;

struct Tables {
  uint32_t allowed[512];  // segment occupancy (9 bits, row*3+box) -> cells of the band allowed
  uint16_t allowed_segments[512];  // the same, as segments (9 bits)
  uint8_t spread3[8];     // bits 0,1,2 -> bits 0,3,6
  uint8_t gather3[0x4a];  // bits 0,3,6 -> bits 0,1,2
  uint16_t row[512];      // one row (9 bits) -> bits 0-2: which of its three box segments are
                          // non-empty; bits 3-11: the row itself if it has exactly one cell
  uint32_t peers[27];     // cells of the band in the row, box or column of cell i (i excluded)
  uint32_t column[9];     // the three cells of column c in a band
  uint32_t rows[8];       // rows of a band (3 bits) -> their cells
  uint32_t boxes[8];      // boxes of a band (3 bits) -> their cells
  uint32_t triad_row[25];  // row segment (its first cell) -> the rest of its row and box
  uint32_t triad_col[9];   // column segment (its column) -> the rest of its box in the band
};

constexpr Tables make_tables() {
  Tables t{};
  for (int r = 0; r < 512; ++r) {
    const int segs = ((r & 7) != 0) | (((r >> 3) & 7) != 0) << 1 | (((r >> 6) & 7) != 0) << 2;
    const int single = (r != 0 && (r & (r - 1)) == 0) ? r : 0;
    t.row[r] = static_cast<uint16_t>(segs | single << 3);
  }
  // A digit occupies one segment per row of the band and one per box: a permutation of boxes to
  // rows. Keep the segments that belong to at least one permutation the occupancy allows.
  constexpr int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int occ = 0; occ < 512; ++occ) {
    int keep = 0;
    for (const auto& p : perms) {
      const int segs = 1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2]);
      if ((occ & segs) == segs) keep |= segs;
    }
    uint32_t cells = 0;
    for (int s = 0; s < 9; ++s)
      if (keep >> s & 1) cells |= 7u << ((s / 3) * 9 + (s % 3) * 3);
    t.allowed[occ] = cells;
    t.allowed_segments[occ] = static_cast<uint16_t>(keep);
  }
  for (int i = 0; i < 27; ++i) {
    const int r = i / 9, c = i % 9;
    uint32_t m = 0;
    for (int j = 0; j < 27; ++j) {
      const int r2 = j / 9, c2 = j % 9;
      if (r2 == r || c2 == c || c2 / 3 == c / 3) m |= 1u << j;
    }
    t.peers[i] = m & ~(1u << i);
  }
  for (int m = 0; m < 8; ++m)
    t.spread3[m] = static_cast<uint8_t>((m & 1) | (m >> 1 & 1) << 3 | (m >> 2 & 1) << 6);
  for (int m = 0; m < 0x4a; ++m)
    t.gather3[m] = static_cast<uint8_t>((m & 1) | (m >> 3 & 1) << 1 | (m >> 6 & 1) << 2);
  for (int c = 0; c < 9; ++c) t.column[c] = 1u << c | 1u << (c + 9) | 1u << (c + 18);
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

/// The whole search state; copied whole at a guess.
struct State {
  uint32_t cand[27];   // [band * 9 + digit]: cells of the band where the digit is possible
  uint32_t solved[3];  // cells of each band that hold a placed digit
  uint32_t dirty;      // bit band * 9 + digit: cand changed since its last band reduction
  // `scored` only (rule 5): per band, the triads already applied, row segments (bits 0, 3, ..,
  // 24) and column segments (bits 0-8); one spare word so that each loads as a vector.
  uint32_t triad_rows[3], triad_cols[3], spare;
};

constexpr uint8_t kBandOf[27] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2};

constexpr uint32_t spread_columns(uint32_t cols) { return cols | cols << 9 | cols << 18; }

/// Per cell (band * 27 + bit), one lane per band: the cells of that band that see the cell
/// (its row, box and column in its own band, its column in the others); lane 3 empty.
struct PeerMasks {
  alignas(16) uint32_t m[81][4];
};
constexpr PeerMasks make_peer_masks() {
  PeerMasks t{};
  for (int b = 0; b < 3; ++b)
    for (int i = 0; i < 27; ++i)
      for (int b2 = 0; b2 < 3; ++b2)
        t.m[b * 27 + i][b2] = b2 == b ? kT.peers[i] : kT.column[i % 9];
  return t;
}
constexpr PeerMasks kPeerMasks = make_peer_masks();

}  // namespace
}  // namespace sudoku
#endif  // SUDOKU_PROPAGATION_SHARED_

// The per-target part: compiled once for each instruction set Highway targets (foreach_target.h
// and HWY_BEFORE_NAMESPACE set the target's flags), picked at run time by make_*() below.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "sudoku/solvers/propagation.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace sudoku::HWY_NAMESPACE {
namespace {

/// Places `digit` in the cells `cells` of `band` (no two in a row or column): clears their rows
/// and columns of the digit in the band (their boxes are left to the band reduction), their
/// columns in the other bands, and the other digits from the cells.
inline void assign(State& s, uint32_t& dirty, int band, int digit, uint32_t cells) {
  const uint32_t r0 = cells & 511, r1 = (cells >> 9) & 511, r2 = cells >> 18;
  const uint32_t rows = (r0 ? 511u : 0u) | (r1 ? 511u << 9 : 0u) | (r2 ? 511u << 18 : 0u);
  const uint32_t cols = spread_columns(r0 | r1 | r2);
  s.solved[band] |= cells;
  uint32_t* c = s.cand + band * 9;
  const uint32_t old = c[digit];
  const uint32_t mine = (old & ~(rows | cols)) | cells;
  // The other digits leave the cells: digits 0-3 and 4-7 four at a time (SSE2 is part of
  // x86-64), digit 8 alone; `changed` collects which words lost a cell.
  const __m128i v = _mm_set1_epi32(static_cast<int>(cells)), zero = _mm_setzero_si128();
  const __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c));
  const __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c + 4));
  const int kept0 = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(x0, v), zero)));
  const int kept1 = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(x1, v), zero)));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(c), _mm_andnot_si128(v, x0));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(c + 4), _mm_andnot_si128(v, x1));
  uint32_t changed = ~static_cast<uint32_t>(kept0 | kept1 << 4) & 0xff;
  changed |= static_cast<uint32_t>((c[8] & cells) != 0) << 8;
  c[8] &= ~cells;
  changed = (changed & ~(1u << digit)) | static_cast<uint32_t>(mine != old) << digit;
  c[digit] = mine;
  dirty |= changed << (band * 9);
  for (int b = 0; b < 3; ++b) {
    if (b == band) continue;
    const uint32_t x = s.cand[b * 9 + digit];
    dirty |= static_cast<uint32_t>((x & cols) != 0) << (b * 9 + digit);
    s.cand[b * 9 + digit] = x & ~cols;
  }
}


inline __m128i load4(const uint32_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

/// The candidate words digit-major, x[digit] with one lane per band (lane 3 zero): digits 0-3
/// and 4-7 by two 4x4 transposes, digit 8 alone.
inline void digit_major(const State& s, __m128i* x) {
  const __m128i zero = _mm_setzero_si128();
  for (int h = 0; h < 2; ++h) {
    const __m128i a0 = load4(s.cand + 4 * h), a1 = load4(s.cand + 9 + 4 * h), a2 = load4(s.cand + 18 + 4 * h);
    const __m128i t0 = _mm_unpacklo_epi32(a0, a1), t1 = _mm_unpacklo_epi32(a2, zero);
    const __m128i t2 = _mm_unpackhi_epi32(a0, a1), t3 = _mm_unpackhi_epi32(a2, zero);
    x[4 * h] = _mm_unpacklo_epi64(t0, t1);
    x[4 * h + 1] = _mm_unpackhi_epi64(t0, t1);
    x[4 * h + 2] = _mm_unpacklo_epi64(t2, t3);
    x[4 * h + 3] = _mm_unpackhi_epi64(t2, t3);
  }
  x[8] = _mm_setr_epi32(static_cast<int>(s.cand[8]), static_cast<int>(s.cand[17]), static_cast<int>(s.cand[26]), 0);
}

/// Full adder of bit-sliced counters: (sum, carry) of a + b + c, lane by lane (SSE2 or AVX2).
inline void full_add(__m128i a, __m128i b, __m128i c, __m128i& sum, __m128i& carry) {
  const __m128i u = _mm_xor_si128(a, b);
  sum = _mm_xor_si128(u, c);
  carry = _mm_or_si128(_mm_and_si128(a, b), _mm_and_si128(u, c));
}
#if HWY_TARGET == HWY_AVX2
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
#if HWY_TARGET == HWY_AVX2
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
/// triad_cols). Returns false on a contradiction; sets `progress` when it changed a word, and
/// marks the word in `dirty`.
constexpr int kNext[4] = {1, 2, 0, 1};  // the other two bands of band b: kNext[b], kNext[b + 1]

inline bool triads(State& s, uint32_t& dirty, bool& progress) {
  constexpr uint32_t kSegStarts = 0x1249249;  // bits 0, 3, .., 24: the first cell of each segment
  const __m128i seg_starts = _mm_setr_epi32(kSegStarts, kSegStarts, kSegStarts, 0);
  const __m128i columns = _mm_setr_epi32(511, 511, 511, 0);
  __m128i x[9];
  digit_major(s, x);
  const __m128i zero = _mm_setzero_si128();
  // Per digit, the segments that have it: row segments at bits 0, 3, .., 24, column segments
  // at bits 0-8; the other bits hold whatever, masked once at the end (the counts are bitwise).
  __m128i rows[9], cols[9];
  __m128i r1, r2, r4, c1, c2, c4;
#if HWY_TARGET == HWY_AVX2
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
  // Lane 3 of the loads below is another field: harmless, the counts of lane 3 are zero.
  const __m128i sv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.solved));
  const __m128i full_rows = _mm_and_si128(sv, _mm_and_si128(_mm_srli_epi32(sv, 1), _mm_srli_epi32(sv, 2)));
  const __m128i full_cols = _mm_and_si128(sv, _mm_and_si128(_mm_srli_epi32(sv, 9), _mm_srli_epi32(sv, 18)));
  const __m128i seen_rows = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.triad_rows));
  const __m128i seen_cols = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.triad_cols));
  const __m128i three_rows = _mm_andnot_si128(_mm_or_si128(_mm_or_si128(r4, full_rows), seen_rows), _mm_and_si128(r3, r2));
  const __m128i three_cols = _mm_andnot_si128(_mm_or_si128(_mm_or_si128(c4, full_cols), seen_cols), _mm_and_si128(c3, c2));
  if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(three_rows, three_cols), zero)) == 0xffff)
    return true;
  // Remembered as applied (lane 3 stores back the field it loaded), then applied: the (digit,
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
    uint32_t* c = s.cand + b * 9;
    const uint32_t w = c[d];
    const uint32_t rs = (w | w >> 1 | w >> 2) & tr[b];  // row segments that hold the digit
    const uint32_t cs = (w | w >> 9 | w >> 18) & tc[b];  // column segments
    uint32_t lose = 0;
    for (uint32_t r = rs; r; r &= r - 1) lose |= kT.triad_row[std::countr_zero(r)];
    for (uint32_t r = cs; r; r &= r - 1) {
      const int col = std::countr_zero(r);
      lose |= kT.triad_col[col];
      for (const int b2 : {kNext[b], kNext[b + 1]}) {
        const uint32_t y = s.cand[b2 * 9 + d];
        if (y & kT.column[col]) {
          s.cand[b2 * 9 + d] = y & ~kT.column[col];
          dirty |= 1u << (b2 * 9 + d);
          progress = true;
        }
      }
    }
    if (c[d] & lose) {
      c[d] &= ~lose;
      dirty |= 1u << (b * 9 + d);
      progress = true;
    }
  }
  return true;
}

/// Propagates to a fixed point (rules 1-3, and 5 when `Triads`). False on a contradiction.
template <bool Triads>
bool propagate(State& s) {
  // The dirty set lives in a register here: written through `s`, the compiler would reload it
  // after every store to the candidate words (same type, possible alias).
  uint32_t dirty = s.dirty;
  s.dirty = 0;
  // Words changed since rule 2 (per band) and rule 3 (per digit) last looked at them. A state
  // that enters here is at the fixed point of every rule but for its dirty words (the root
  // marks all), and the rules are idempotent, so a band or digit with no changed word would
  // change nothing: they are skipped (the same work and results, fewer instructions).
  uint32_t unseen2 = dirty, unseen3 = dirty, unseen5 = dirty;
  for (;;) {
    // 1. Band reduction of each changed (band, digit) word: locked candidates in rows and boxes,
    // then hidden singles in rows (a box with one cell left leaves its row with one cell too).
    uint32_t reduced = 0;  // the words this pass reduces, for rules 2, 3 and 5
    while (dirty) {
      const int k = std::countr_zero(dirty);
      dirty &= dirty - 1;
      reduced |= 1u << k;
      const int b = kBandOf[k], d = k - 9 * b;
      uint32_t a = s.cand[k];
      for (;;) {
        const uint32_t e0 = kT.row[a & 511], e1 = kT.row[(a >> 9) & 511], e2 = kT.row[a >> 18];
        const uint32_t allowed = kT.allowed[(e0 & 7) | (e1 & 7) << 3 | (e2 & 7) << 6];
        if (a & ~allowed) {
          a &= allowed;
          if (a == 0) return false;
          continue;
        }
        const uint32_t fresh = ((e0 >> 3) | (e1 >> 3) << 9 | (e2 >> 3) << 18) & ~s.solved[b];
        if (!fresh) break;
        s.cand[k] = a;
        assign(s, dirty, b, d, fresh);
        a = s.cand[k];
      }
      s.cand[k] = a;
      dirty &= ~(1u << k);
    }
    unseen2 |= reduced, unseen3 |= reduced;
    if constexpr (Triads) unseen5 |= reduced;
    if ((s.solved[0] & s.solved[1] & s.solved[2]) == kBandCells) return true;

    // 2. Naked singles: bit-sliced count of candidates per cell.
    bool progress = false;
    for (int b = 0; b < 3; ++b) {
      if (((unseen2 | dirty) >> (9 * b) & 511) == 0) continue;  // dirty: singles just placed
      unseen2 &= ~(511u << (9 * b));
      const uint32_t* c = s.cand + b * 9;
      uint32_t a1 = 0, a2 = 0;
      for (int d = 0; d < 9; ++d) {
        a2 |= a1 & c[d];
        a1 |= c[d];
      }
      if (a1 != kBandCells) return false;
      const uint32_t singles = a1 & ~a2 & ~s.solved[b];
      if (!singles) continue;
      for (int d = 0; d < 9; ++d) {
        const uint32_t n = c[d] & singles;
        if (!n) continue;
        const uint32_t r0 = n & 511, r1 = (n >> 9) & 511, r2 = n >> 18;
        // Two in a row or a column: the digit cannot go in both.
        if ((r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1)) | (r0 & r1) | (r0 & r2) |
            (r1 & r2))
          return false;
        assign(s, dirty, b, d, n);
      }
      progress = true;
    }
    if (progress) continue;

    // 3. Locked candidates between boxes and columns: step 1 turned sideways. In a stack, a
    // digit takes one column in each box and one box in each column, so the (column, band)
    // segments of a stack obey the same permutation rule as the (row, box) segments of a band.
    const uint32_t digits = (unseen3 | unseen3 >> 9 | unseen3 >> 18) & 511;
    unseen3 = 0;
    for (uint32_t left = digits; left; left &= left - 1) {
      const int d = std::countr_zero(left);
      uint32_t occ[3];  // columns of each band that still have the digit
      for (int b = 0; b < 3; ++b) {
        const uint32_t x = s.cand[b * 9 + d];
        occ[b] = (x | x >> 9 | x >> 18) & 511;
      }
      for (int st = 0; st < 3; ++st) {
        const int sh = 3 * st;
        const uint32_t segs = kT.spread3[(occ[0] >> sh) & 7] |
                              kT.spread3[(occ[1] >> sh) & 7] << 1 |
                              kT.spread3[(occ[2] >> sh) & 7] << 2;  // bit column * 3 + band
        const uint32_t keep = kT.allowed_segments[segs];
        if (keep == segs) continue;
        if (keep == 0) return false;
        for (int b = 0; b < 3; ++b) {
          const uint32_t lost = (occ[b] & ~(kT.gather3[(keep >> b) & 0x49] << sh)) & (7u << sh);
          if (!lost) continue;
          s.cand[b * 9 + d] &= ~spread_columns(lost);
          dirty |= 1u << (b * 9 + d);
          progress = true;
        }
      }
    }
    if (progress) continue;
    if constexpr (!Triads) return true;

    // 5. Triads, when a word changed since the rule last looked.
    if (!unseen5) return true;
    unseen5 = 0;
    if (!triads(s, dirty, progress)) return false;
    if (!progress) return true;
  }
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
      s.cand[b * 9 + d] = (kBandCells & ~taken & ~all) | given[b * 9 + d];
    }
  }
  s.dirty = (1u << 27) - 1;
  for (int b = 0; b < 3; ++b) s.triad_rows[b] = s.triad_cols[b] = 0;
  s.spare = 0;
  return true;
}

/// Writes the solved state's 81 cells into `g` (every one of them: the state is solved), which
/// keeps its other cells: a fresh Grid would clear and copy 625 bytes (2.5% of the time on
/// diabolical at limit 1; perf).
void write_solution(const State& s, Grid& g) {
  g.reshape(3);
  uint8_t* v = g.data();
  for (int b = 0; b < 3; ++b)
    for (int d = 0; d < 9; ++d)
      for (uint32_t x = s.cand[b * 9 + d]; x; x &= x - 1)
        v[b * 27 + std::countr_zero(x)] = static_cast<uint8_t>(d + 1);
}

// Rule 4, the cell to guess: two choices, one solver each (`propagation`, `scored`).

/// The unsolved cell with the fewest candidates (when no cell is bivalue): band and bit.
void fewest_candidates(const State& s, int& band, int& bit) {
  int best = 10;
  for (int b = 0; b < 3; ++b) {
    for (uint32_t open = kBandCells & ~s.solved[b]; open; open &= open - 1) {
      const int i = std::countr_zero(open);
      int n = 0;
      for (int d = 0; d < 9; ++d) n += s.cand[b * 9 + d] >> i & 1;
      if (n < best) best = n, band = b, bit = i;
    }
  }
}

/// The unsolved cells of band `b` with exactly two candidates (bit-sliced counters over the
/// nine digit words: at least one, two, three).
inline uint32_t bivalue_cells(const State& s, int b) {
  const uint32_t* c = s.cand + b * 9;
  uint32_t x1 = 0, x2 = 0, x3 = 0;
  for (int d = 0; d < 9; ++d) {
    x3 |= x2 & c[d];
    x2 |= x1 & c[d];
    x1 |= c[d];
  }
  return x2 & ~x3 & ~s.solved[b];
}

/// The unsolved cell with the fewest candidates (a bivalue cell when there is one): band and
/// bit. The state is propagated and not solved, so every unsolved cell has two or more.
void choose_first(const State& s, int& band, int& bit) {
  for (int b = 0; b < 3; ++b) {
    const uint32_t two = bivalue_cells(s, b);
    if (two) {
      band = b, bit = std::countr_zero(two);
      return;
    }
  }
  fewest_candidates(s, band, bit);
}


/// The digits (bit d) still possible in cell `bit` of the band whose candidate words are
/// c[0..8]: lanes of the words without the cell compare equal to zero.
inline uint32_t cell_digits(const uint32_t* c, int bit) {
  const uint32_t cell = 1u << bit;
  const __m128i v = _mm_set1_epi32(static_cast<int>(cell)), zero = _mm_setzero_si128();
  const __m128i lo = _mm_cmpeq_epi32(_mm_and_si128(load4(c), v), zero);
  const __m128i hi = _mm_cmpeq_epi32(_mm_and_si128(load4(c + 4), v), zero);
  const int absent = _mm_movemask_ps(_mm_castsi128_ps(lo)) | _mm_movemask_ps(_mm_castsi128_ps(hi)) << 4;
  return (~static_cast<uint32_t>(absent) & 0xff) | static_cast<uint32_t>((c[8] & cell) != 0) << 8;
}

uint32_t digits_at(const State& s, int band, int bit) { return cell_digits(s.cand + band * 9, bit); }

#if HWY_TARGET == HWY_EMU128 || HWY_TARGET == HWY_SCALAR
// The build's baseline (x86-64: SSE2). Highway 1.0 has no SSE2 target (its EMU128 emulates
// vectors with scalar code), so this path keeps its own SSE2 code: popcounts as per-byte sums,
// the total by one psadbw.
/// The number of set bits of each byte of each lane, in that byte.
inline __m128i byte_counts(__m128i x) {
  const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
  x = _mm_sub_epi32(x, _mm_and_si128(_mm_srli_epi32(x, 1), m1));
  x = _mm_add_epi32(_mm_and_si128(x, m2), _mm_and_si128(_mm_srli_epi32(x, 2), m2));
  return _mm_and_si128(_mm_add_epi32(x, _mm_srli_epi32(x, 4)), m4);
}

/// The score of a bivalue cell with digits a and z (see choose_scored): `peers` its peer masks,
/// one lane per band; `open_*` and `pair_*` the unsolved and the bivalue cells with the digit.
inline int peer_score(const uint32_t* peers, const uint32_t* open_a, const uint32_t* open_z,
                      const uint32_t* pair_a, const uint32_t* pair_z) {
  const __m128i m = load4(peers);
  const __m128i oa = _mm_and_si128(load4(open_a), m);
  const __m128i oz = _mm_and_si128(load4(open_z), m);
  const __m128i pz = _mm_and_si128(_mm_or_si128(load4(pair_a), load4(pair_z)), m);
  // Per byte at most 8 + 8 + 4 * 8: no carry between bytes.
  const __m128i sum = _mm_add_epi8(_mm_add_epi8(byte_counts(oa), byte_counts(oz)),
                                   _mm_slli_epi32(byte_counts(pz), 2));
  const __m128i sad = _mm_sad_epu8(sum, _mm_setzero_si128());
  return _mm_cvtsi128_si32(sad) + _mm_cvtsi128_si32(_mm_srli_si128(sad, 8));
}
#else
// SSE4 and AVX2: Highway's PopulationCount of bytes (a nibble table by pshufb), the total by one
// SumsOf8 (psadbw), as on the baseline: per-lane counts are never needed.
inline int peer_score(const uint32_t* peers, const uint32_t* open_a, const uint32_t* open_z,
                      const uint32_t* pair_a, const uint32_t* pair_z) {
  namespace hn = hwy::HWY_NAMESPACE;
  const hn::FixedTag<uint32_t, 4> d;
  const hn::Repartition<uint8_t, decltype(d)> d8;
  const hn::Repartition<uint64_t, decltype(d)> d64;
  const auto m = hn::Load(d, peers);
  const auto bytes = [&](auto v) { return hn::PopulationCount(hn::BitCast(d8, hn::And(v, m))); };
  const auto pz = bytes(hn::Or(hn::Load(d, pair_a), hn::Load(d, pair_z)));
  // Per byte at most 8 + 8 + 4 * 8: no carry between bytes.
  const auto sum = hn::Add(hn::Add(bytes(hn::Load(d, open_a)), bytes(hn::Load(d, open_z))),
                           hn::Add(hn::Add(pz, pz), hn::Add(pz, pz)));
  return static_cast<int>(hn::GetLane(hn::SumOfLanes(d64, hn::SumsOf8(sum))));
}
#endif

/// The branching cell: the bivalue cell whose two digits reach furthest, else (rare) the cell
/// with the fewest candidates. Score of a bivalue cell with digits a and z: the candidates of a
/// and of z among its unsolved peers (they go when one of them is placed) plus 4 for each peer
/// that is itself bivalue with a or z (it becomes a single); ties go to the first in row-major
/// order. The state is propagated and not solved, so every unsolved cell has two or more.
void choose_scored(const State& s, int& band, int& bit) {
  // Digit-major copies, one lane per band, for 4-lane SSE2: unsolved cells and bivalue cells
  // that still have the digit.
  __m128i x[9];
  digit_major(s, x);
  __m128i ones, twos, fours;
  count9(x, ones, twos, fours);
  const __m128i bivalue = _mm_andnot_si128(_mm_or_si128(ones, fours), twos);  // lane 3 zero
  if (_mm_movemask_epi8(_mm_cmpeq_epi32(bivalue, _mm_setzero_si128())) != 0xffff) {
    alignas(16) uint32_t open[9][4], pair[9][4], two[4];  // two: bivalue cells of each band
    _mm_store_si128(reinterpret_cast<__m128i*>(two), bivalue);
    const __m128i open_cells = _mm_setr_epi32(static_cast<int>(~s.solved[0]), static_cast<int>(~s.solved[1]),
                                              static_cast<int>(~s.solved[2]), 0);
    for (int d = 0; d < 9; ++d) {
      _mm_store_si128(reinterpret_cast<__m128i*>(open[d]), _mm_and_si128(x[d], open_cells));
      _mm_store_si128(reinterpret_cast<__m128i*>(pair[d]), _mm_and_si128(x[d], bivalue));
    }
    int best = -1;
    for (int b = 0; b < 3; ++b) {
      const uint32_t* c = s.cand + b * 9;
      for (uint32_t t = two[b]; t; t &= t - 1) {
        const int i = std::countr_zero(t);
        const uint32_t digits = cell_digits(c, i);
        const int a = std::countr_zero(digits), z = 31 - std::countl_zero(digits);
        const int score = peer_score(kPeerMasks.m[b * 27 + i], open[a], open[z], pair[a], pair[z]);
        if (score > best) best = score, band = b, bit = i;
      }
    }
    return;
  }
  fewest_candidates(s, band, bit);
}



/// `Choose` picks the cell to guess: choose_first (`propagation`) or choose_scored (`scored`);
/// `Triads`: rule 5 on or off.
template <void (*Choose)(const State&, int&, int&), bool Triads>
class Propagation final : public Solver {
 public:
  Result solve(const Grid& puzzle, const Limits& limits) override {
    Result r;
    if (puzzle.box() != 3) {
      r.status = Status::unsupported;
      return r;
    }
    State cur;
    if (!init(cur, puzzle)) {
      r.status = Status::invalid;
      return r;
    }
    const uint64_t budget = limits.budget == 0 ? UINT64_MAX : limits.budget;
    const uint64_t limit = limits.solutions == 0 ? 1 : limits.solutions;
    bool budget_hit = false;
    int depth = 0;
    r.work.nodes = 1;
    bool ok = propagate<Triads>(cur);
    for (;;) {
      if (ok) {
        if ((cur.solved[0] & cur.solved[1] & cur.solved[2]) == kBandCells) {
          if (r.solutions++ == 0) write_solution(cur, r.solution);
          if (r.solutions >= limit) break;
        } else {
          // Guess: the first candidate of the cell Choose picks.
          if (r.work.nodes >= budget) {
            budget_hit = true;
            break;
          }
          Frame& f = stack_[depth++];
          f.state = cur;
          Choose(cur, f.band, f.bit);
          f.digit = std::countr_zero(digits_at(cur, f.band, f.bit));
          ++r.work.nodes;
          ++r.work.guesses;
          assign(cur, cur.dirty, f.band, f.digit, 1u << f.bit);
          ok = propagate<Triads>(cur);
          continue;
        }
      } else if (depth > 0) {
        ++r.work.backtracks;
      }
      // Dead end or solution counted: resume at the newest guess with its next digit.
      if (depth == 0) break;
      if (r.work.nodes >= budget) {
        budget_hit = true;
        break;
      }
      Frame& f = stack_[depth - 1];
      f.state.cand[f.band * 9 + f.digit] &= ~(1u << f.bit);
      f.state.dirty |= 1u << (f.band * 9 + f.digit);
      const uint32_t left = digits_at(f.state, f.band, f.bit);
      cur = f.state;
      f.digit = std::countr_zero(left);
      ++r.work.nodes;
      if (left & (left - 1)) {
        ++r.work.guesses;  // still a choice between two or more
      } else {
        --depth;  // the last digit is forced: no longer a branching point
      }
      assign(cur, cur.dirty, f.band, f.digit, 1u << f.bit);
      ok = propagate<Triads>(cur);
    }
    r.status = status_for(r.solutions, limit, budget_hit);
    return r;
  }

 private:
  struct Frame {
    State state;  // the state before the guess, minus the digits already tried
    int band, bit, digit;
  };
  std::array<Frame, 82> stack_;
};

}  // namespace

std::unique_ptr<Solver> NewPropagation() { return std::make_unique<Propagation<choose_first, false>>(); }

std::unique_ptr<Solver> NewScored() { return std::make_unique<Propagation<choose_scored, true>>(); }

std::optional<std::array<uint16_t, 81>> RootCandidates(const Grid& puzzle) {
  if (puzzle.box() != 3) return std::nullopt;
  State s;
  if (!init(s, puzzle) || !propagate<false>(s)) return std::nullopt;
  std::array<uint16_t, 81> out{};
  for (int b = 0; b < 3; ++b)
    for (int d = 0; d < 9; ++d)
      for (uint32_t x = s.cand[b * 9 + d]; x; x &= x - 1)
        out[b * 27 + std::countr_zero(x)] |= static_cast<uint16_t>(2u << d);
  return out;
}

}  // namespace sudoku::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace sudoku {
namespace {

/// The function of the target simd::current_target() names, among those compiled here (the
/// choice is simd.cpp's, not HWY_DYNAMIC_DISPATCH's: see there).
template <class F>
F for_current_target([[maybe_unused]] F sse4, [[maybe_unused]] F avx2, F baseline) {
  [[maybe_unused]] const int64_t t = simd::current_target();
#if HWY_TARGETS & HWY_AVX2
  if (t == HWY_AVX2) return avx2;
#endif
#if HWY_TARGETS & HWY_SSE4
  if (t == HWY_SSE4) return sse4;
#endif
  return baseline;
}

#if HWY_TARGETS & HWY_AVX2
#define SUDOKU_AVX2(f) &N_AVX2::f
#else
#define SUDOKU_AVX2(f) nullptr
#endif
#if HWY_TARGETS & HWY_SSE4
#define SUDOKU_SSE4(f) &N_SSE4::f
#else
#define SUDOKU_SSE4(f) nullptr
#endif
#define SUDOKU_DISPATCH(f) \
  for_current_target<decltype(&HWY_STATIC_DISPATCH(f))>(SUDOKU_SSE4(f), SUDOKU_AVX2(f), &HWY_STATIC_DISPATCH(f))

}  // namespace

std::unique_ptr<Solver> make_propagation() { return SUDOKU_DISPATCH(NewPropagation)(); }

std::unique_ptr<Solver> make_scored() { return SUDOKU_DISPATCH(NewScored)(); }

std::optional<std::array<uint16_t, 81>> propagation_candidates(const Grid& puzzle) {
  return SUDOKU_DISPATCH(RootCandidates)(puzzle);
}

}  // namespace sudoku
#endif  // HWY_ONCE
