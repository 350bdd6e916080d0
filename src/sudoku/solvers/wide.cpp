// `wide`: candidate propagation on bitboards sized for the grid, for every size (4x4 to 25x25);
// the default for 16x16 and 25x25, where the 9x9 band bitboards of `propagation` do not reach.
//
// Data layout ("digit-major row words"). For each digit d one vector cand[d] whose lane r
// holds the columns of row r where d may still go; a placed cell keeps only its own digit's
// bit, so the answer is read back from cand. DP lanes: up to 16x16, 16 lanes of 16 bits (one
// 256-bit register; with 32-bit lanes, one AVX-512 register, 16x16 solved 15% slower on AVX-512
// and 2.5x slower on AVX2); for 25x25, 32 lanes of 32 bits (two 16-lane vectors: GCC lowers one
// 128-byte vector type to lane inserts and scalar compares, 6x slower). A 16-lane vector wider
// than the target's registers (25x25 on AVX2, both sizes on SSE4 and the baseline path) is a Split
// of register-wide parts: GCC moves a wider one through the stack 8 bytes at a time (25x25 on
// AVX2 4.9x slower, SSE4 3x on 16x16). Beside them, unsolved (lane r: columns of row r not
// placed); which columns and boxes hold a digit is not kept but read from the words (a placed
// cell keeps its digit, which its peers lost). The State (0.6 KB for 16x16, 3.4 KB for 25x25) is
// copied whole at a guess onto a stack of states; no undo log.
//
// Rules, to a fixed point:
//  1. Naked singles, vertical over the digits: per digit vector two operations keep "at least
//     one / two" candidates per cell, and the XOR of the cell's digits' indices, bit-sliced,
//     gives a single its digit; an unsolved cell with none is a contradiction. A sweep's singles
//     are placed in row order, sweep after sweep until there are none (cheap), before rule 2. The
//     guess keeps "at least three" as well: "exactly two" is its bivalue map.
//  2. Hidden singles: sums over a row are horizontal in this layout, so once per sweep the
//     N x N word matrix is transposed (a butterfly of two-input shuffles, log2(DP) levels) into
//     T[r], whose lane is the digit; rows, bands, columns and boxes are then vertical with all
//     digits at once. A box's counts come from its band's column words (at least one, at least
//     two) by in-word tests of the box's B-bit segments, with no loop over boxes. The singles
//     of a sweep are queued, a cell once (single in its row and box: queued as the row's), then
//     placed; one whose candidate went meanwhile is a contradiction.
//  3. Locked candidates (pointing and claiming, rows and columns), on T, all digits and all
//     boxes of a band at once (in-word segment tests again), when rules 1-2 stall; T is
//     transposed back when something went.
//  4. Guess: the bivalue cell with the highest score, its bivalue peers (row, column and box)
//     plus the contradictions its row, column and box have met so far in this search (a cell
//     left with no candidate counts for its three units, a digit with no place for its unit:
//     the weighted degree of CSP solvers, dom/wdeg; scored by vector a row, a unit's count of
//     contradictions capped at 2^19); no bivalue cell: the cell with the fewest
//     candidates (bit-sliced counts). Digits in increasing order, or (solve_excluding, the
//     reducer's test) the full grid's digit first.
// The givens are loaded in one pass (into the transposed words, where the digits given twice in
// a unit and the done maps are vector operations), not placed one by one: a digit given twice
// in a row, column or box is `invalid`.
//
// Measurements (against dlx, nodes per puzzle, the rules' worth): results/wide.md.
//
// Counters (as propagation.cpp). nodes: propagation states entered, the root plus every digit
// tried at a guessed cell; the budget counts nodes and Limits::stop is polled through a
// NodeGate. guesses: digits tried at a guessed cell while another was left (the last one is
// forced). backtracks: contradictions found below a guess.
//
// Instruction sets: compiled once per Highway target (foreach_target.h) with GCC's vector
// extensions, which the target's flags lower to its registers; the best target the CPU runs is
// picked when a solver is made (puzzle/simd.hpp). The rules are the same on every target, so
// answers and counters are equal.
#ifndef SUDOKU_WIDE_SHARED_
#define SUDOKU_WIDE_SHARED_
#include "sudoku/solvers/wide.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "puzzle/solver.hpp"
#include "sudoku/grid.hpp"
#if defined(__SSE2__)
#include <emmintrin.h>  // the lane tests of the SSE paths
#endif
#endif  // SUDOKU_WIDE_SHARED_

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "sudoku/solvers/wide.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

// The vectors below are passed by value only between functions of this file, all compiled for
// the same target: the ABI note GCC gives for 64-byte vectors on narrower targets does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

HWY_BEFORE_NAMESPACE();
namespace puzzle::sudoku::HWY_NAMESPACE {
namespace {

/// The target's widest vector register in bytes (SVE's scalable width counted as 16).
constexpr int kRegBytes = HWY_MAX_BYTES >= 16 && HWY_MAX_BYTES <= 64 ? HWY_MAX_BYTES : 16;

/// A GCC vector of L of Bytes bytes, and L that may alias a vector (a lane of a Split, by index).
/// Typedefs: GCC 12 drops an attribute on a dependent type in a `using` alias.
template <class L, int Bytes>
struct PartOf {
  typedef L type __attribute__((vector_size(Bytes)));
};
template <class L>
struct AliasOf {
  typedef L type __attribute__((may_alias));
};

/// `op=` element by element over the array `arr` of n vectors of L, with another of the same
/// type or a scalar broadcast to every lane: Split's and W's.
#define SUDOKU_ELEMENTWISE_ASSIGN(Self, arr, n, op)            \
  Self& operator op##=(const Self & b) {                       \
    for (int k = 0; k < n; ++k) arr[k] op## = b.arr[k];        \
    return *this;                                              \
  }                                                            \
  Self& operator op##=(uint32_t b) {                           \
    for (int k = 0; k < n; ++k) arr[k] op## = static_cast<L>(b); \
    return *this;                                              \
  }

/// 16 lanes of L as P vectors of the target's register width. GCC moves a vector wider than the
/// target's registers through the stack and general registers, 8 bytes at a time; P vectors that
/// fit stay in registers. Just the operations W and the butterfly use.
template <class L, int P>
struct Split {
  using Part = typename PartOf<L, 16 * sizeof(L) / P>::type;
  using Lane = typename AliasOf<L>::type;
  Part p[P];
  uint32_t operator[](int i) const { return reinterpret_cast<const Lane*>(this)[i]; }
  Lane& operator[](int i) { return reinterpret_cast<Lane*>(this)[i]; }
  SUDOKU_ELEMENTWISE_ASSIGN(Split, p, P, &)
  SUDOKU_ELEMENTWISE_ASSIGN(Split, p, P, |)
  SUDOKU_ELEMENTWISE_ASSIGN(Split, p, P, ^)
  SUDOKU_ELEMENTWISE_ASSIGN(Split, p, P, +)
  SUDOKU_ELEMENTWISE_ASSIGN(Split, p, P, -)
  Split& operator>>=(int s) {
    for (int k = 0; k < P; ++k) p[k] >>= s;
    return *this;
  }
  Split& operator<<=(int s) {
    for (int k = 0; k < P; ++k) p[k] <<= s;
    return *this;
  }
  friend HWY_INLINE HWY_ATTR Split operator~(Split a) {
    for (int k = 0; k < P; ++k) a.p[k] = ~a.p[k];
    return a;
  }
  friend HWY_INLINE HWY_ATTR Split max(Split a, const Split& b) {
    for (int k = 0; k < P; ++k) a.p[k] = a.p[k] > b.p[k] ? a.p[k] : b.p[k];
    return a;
  }
  /// All ones in the lanes equal / not equal to b.
  friend HWY_INLINE HWY_ATTR Split operator==(const Split& a, uint32_t b) {
    Split r;
    for (int k = 0; k < P; ++k) r.p[k] = reinterpret_cast<Part>(a.p[k] == static_cast<L>(b));
    return r;
  }
  friend HWY_INLINE HWY_ATTR Split operator!=(const Split& a, uint32_t b) {
    Split r;
    for (int k = 0; k < P; ++k) r.p[k] = reinterpret_cast<Part>(a.p[k] != static_cast<L>(b));
    return r;
  }
};

/// 16 lanes of L: one GCC vector when the target's registers hold it, else a Split.
template <class L>
struct Vec16 {
  static constexpr int kParts = 16 * int(sizeof(L)) <= kRegBytes ? 1 : 16 * int(sizeof(L)) / kRegBytes;
  using type = std::conditional_t<kParts == 1, typename PartOf<L, 16 * sizeof(L)>::type, Split<L, kParts>>;
};

/// Lane i of one output of a butterfly level within a vector of LP lanes (a Split's part, or a
/// whole 16-lane vector): blocks of K lanes from p and q in turn (x), or the blocks after them
/// (y, `second`).
constexpr int butterfly_source(int k, int lp, bool second, int i) {
  const int block = i / (2 * k) * 2 * k, w = i % (2 * k), off = second ? k : 0;
  return w < k ? block + w + off : lp + block + (w - k) + off;
}
template <int K, bool Second, class Part, std::size_t... I>
HWY_INLINE HWY_ATTR Part butterfly_shuffle(const Part& p, const Part& q, std::index_sequence<I...>) {
  return __builtin_shufflevector(p, q, butterfly_source(K, int(sizeof...(I)), Second, int(I))...);
}

/// 16 * H lanes of type L (uint16_t up to 16x16: one 256-bit register; uint32_t for 25x25) as
/// H 16-lane vectors.
template <class L, int H>
struct W {
  using Vec = typename Vec16<L>::type;
  Vec h[H];
  uint32_t operator[](int i) const { return h[i >> 4][i & 15]; }
  void set(int i, uint32_t v) { h[i >> 4][i & 15] = static_cast<L>(v); }
  void clear_bits(int i, uint32_t bits) { h[i >> 4][i & 15] &= static_cast<L>(~bits); }
  // Every function returning a W is always inlined (HWY_INLINE), friends also get HWY_ATTR (this
  // target's `target` attribute). GCC 12 miscompiles such a function when it is a real call (the
  // sanitizer builds do not inline them): it returns W in ymm0 and then clears ymm0's upper half
  // with a `vzeroupper` before the `ret`, so on AVX2 and AVX-512 the caller got digits 8-15 as
  // zero (other guesses and counts than the baseline path, found by the cross-path test). And
  // it compiles a friend defined in a class without the `#pragma GCC target` of
  // HWY_BEFORE_NAMESPACE around it: an AVX-512 caller passing W in a zmm register called a
  // baseline copy that expects it in memory.
#define SUDOKU_W_OP(op)                                                     \
  SUDOKU_ELEMENTWISE_ASSIGN(W, h, H, op)                                    \
  friend HWY_INLINE HWY_ATTR W operator op(W a, const W& b) { return a op## = b; } \
  friend HWY_INLINE HWY_ATTR W operator op(W a, uint32_t b) { return a op## = b; }
  SUDOKU_W_OP(&)
  SUDOKU_W_OP(|)
  SUDOKU_W_OP(^)
  SUDOKU_W_OP(+)
  SUDOKU_W_OP(-)
#undef SUDOKU_W_OP
#undef SUDOKU_ELEMENTWISE_ASSIGN
  friend HWY_INLINE HWY_ATTR W operator~(W a) {
    for (int k = 0; k < H; ++k) a.h[k] = ~a.h[k];
    return a;
  }
  /// The larger lane by lane.
  friend HWY_INLINE HWY_ATTR W max(W a, const W& b) {
    for (int k = 0; k < H; ++k) {
      if constexpr (std::is_class_v<Vec>)
        a.h[k] = max(a.h[k], b.h[k]);
      else
        a.h[k] = a.h[k] > b.h[k] ? a.h[k] : b.h[k];
    }
    return a;
  }
  friend HWY_INLINE HWY_ATTR W operator>>(W a, int s) {
    for (int k = 0; k < H; ++k) a.h[k] >>= s;
    return a;
  }
  friend HWY_INLINE HWY_ATTR W operator<<(W a, int s) {
    for (int k = 0; k < H; ++k) a.h[k] <<= s;
    return a;
  }
  /// All ones in the lanes where a is zero / not zero.
  static HWY_INLINE W eq0(const W& a) {
    W r;
    for (int k = 0; k < H; ++k) {
      if constexpr (std::is_class_v<Vec>)  // a Split
        r.h[k] = a.h[k] == 0;
      else  // a GCC vector comparison gives signed lanes
        r.h[k] = reinterpret_cast<Vec>(a.h[k] == 0);
    }
    return r;
  }
  static HWY_INLINE W ne0(const W& a) {
    W r;
    for (int k = 0; k < H; ++k) {
      if constexpr (std::is_class_v<Vec>)
        r.h[k] = a.h[k] != 0;
      else
        r.h[k] = reinterpret_cast<Vec>(a.h[k] != 0);
    }
    return r;
  }
  /// Bit i set when lane i is not zero.
  uint32_t lanes() const {
    uint32_t m = 0;
    for (int k = 0; k < H; ++k) m |= lanes16(h[k]) << (16 * k);
    return m;
  }
  bool any() const {
    Vec o = h[0];
    for (int k = 1; k < H; ++k) o |= h[k];
#if HWY_TARGET == HWY_AVX3
    return lanes16(o) != 0;  // one lane test (vptestm)
#elif HWY_TARGET == HWY_AVX2
    // The register-wide parts ORed, one vptest (a memory round trip cost 3% of the path's
    // instructions on 16x16).
    const auto* q = reinterpret_cast<const __m256i*>(&o);
    __m256i x = q[0];
    for (int k = 1; k < int(sizeof o / 32); ++k) x = _mm256_or_si256(x, q[k]);
    return !_mm256_testz_si256(x, x);
#elif HWY_TARGET == HWY_SSE4
    const auto* q = reinterpret_cast<const __m128i*>(&o);
    __m128i x = q[0];
    for (int k = 1; k < int(sizeof o / 16); ++k) x = _mm_or_si128(x, q[k]);
    return !_mm_testz_si128(x, x);
#else
    uint64_t a[sizeof o / 8];
    std::memcpy(a, &o, sizeof a);
    uint64_t x = 0;
    for (const uint64_t w : a) x |= w;
    return x != 0;
#endif
  }

 private:
  static uint32_t lanes16(const Vec& v) {
#if HWY_TARGET == HWY_AVX3
    if constexpr (sizeof(L) == 4) {
      const __m512i x = reinterpret_cast<const __m512i&>(v);
      return _mm512_test_epi32_mask(x, x);
    } else {
      const __m256i x = reinterpret_cast<const __m256i&>(v);
      return _mm256_test_epi16_mask(x, x);
    }
#elif HWY_TARGET == HWY_AVX2
    if constexpr (sizeof(L) == 4) {
      uint32_t m = 0;
      for (int q = 0; q < 2; ++q) {
        const __m256i x = reinterpret_cast<const __m256i*>(&v)[q];
        const __m256i z = _mm256_cmpeq_epi32(x, _mm256_setzero_si256());
        m |= static_cast<uint32_t>(~_mm256_movemask_ps(_mm256_castsi256_ps(z)) & 0xff) << (8 * q);
      }
      return m;
    } else {
      // A compare, packs to a byte a lane (each half's eight twice), a byte mask; not pext,
      // which AMD's CPUs before Zen 3 run in microcode, some 100 cycles for this mask.
      const __m256i x = reinterpret_cast<const __m256i&>(v);
      const __m256i z = _mm256_cmpeq_epi16(x, _mm256_setzero_si256());
      const uint32_t m = ~static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_packs_epi16(z, z)));
      return (m & 0xffu) | (m >> 8 & 0xff00u);
    }
#else
#if defined(__SSE2__)
    // Lanes in SSE registers: a compare a register, packs down to bytes, a byte mask.
    if constexpr (std::is_class_v<Vec> && sizeof(typename Vec::Part) == 16) {
      const auto* q = reinterpret_cast<const __m128i*>(&v);
      const __m128i zero = _mm_setzero_si128();
      __m128i z;
      if constexpr (sizeof(L) == 2) {
        z = _mm_packs_epi16(_mm_cmpeq_epi16(q[0], zero), _mm_cmpeq_epi16(q[1], zero));
      } else {
        const __m128i lo = _mm_packs_epi32(_mm_cmpeq_epi32(q[0], zero), _mm_cmpeq_epi32(q[1], zero));
        const __m128i hi = _mm_packs_epi32(_mm_cmpeq_epi32(q[2], zero), _mm_cmpeq_epi32(q[3], zero));
        z = _mm_packs_epi16(lo, hi);
      }
      return ~static_cast<uint32_t>(_mm_movemask_epi8(z)) & 0xffffu;
    }
#endif
    uint32_t m = 0;
    for (int i = 0; i < 16; ++i) m |= static_cast<uint32_t>(v[i] != 0) << i;
    return m;
#endif
  }
};

/// One level of the butterfly below: rows i and i + K (K = 8 >> LV) of each 16 x 16 block
/// exchange their halves of width K by a two-input shuffle each. The shuffles' lane indices
/// are constants (the level a template argument), which AVX2 and SSE need to lower them to
/// register shuffles rather than lane-by-lane code.
template <int LV, int H, class Vec>
inline void butterfly_level(Vec* m, int rows) {
  constexpr int K = 8 >> LV;
  for (int blk = 0; blk < rows; blk += 16)
    for (int hh = 0; hh < H; ++hh)
      for (int i = 0; i < 16; ++i) {
        if (i & K) continue;
        Vec& a = m[(blk + i) * H + hh];
        Vec& b = m[(blk + i + K) * H + hh];
        Vec x, y;  // __builtin_shufflevector: GCC 12 and clang both have it
        if constexpr (std::is_class_v<Vec>) {  // a Split: the same lanes, part by part
          constexpr int P = sizeof(Vec) / sizeof(typename Vec::Part), LP = 16 / P;
          if constexpr (K >= LP) {  // whole parts, in blocks of K / LP
            constexpr int KP = K / LP;
            for (int j = 0; j < P; j += 2 * KP)
              for (int t = 0; t < KP; ++t) {
                x.p[j + t] = a.p[j + t], x.p[j + KP + t] = b.p[j + t];
                y.p[j + t] = a.p[j + KP + t], y.p[j + KP + t] = b.p[j + KP + t];
              }
          } else {
            for (int k = 0; k < P; ++k) {
              x.p[k] = butterfly_shuffle<K, false>(a.p[k], b.p[k], std::make_index_sequence<LP>{});
              y.p[k] = butterfly_shuffle<K, true>(a.p[k], b.p[k], std::make_index_sequence<LP>{});
            }
          }
        } else {  // one vector of 16 lanes
          x = butterfly_shuffle<K, false>(a, b, std::make_index_sequence<16>{});
          y = butterfly_shuffle<K, true>(a, b, std::make_index_sequence<16>{});
        }
        a = x, b = y;
      }
}

/// Transposes DP x DP words held as DP vectors of DP lanes: v[r][c] <-> v[c][r]. The 16 x 16
/// blocks by a four-level butterfly of two-input shuffles (vpermt2w / vpermt2d on AVX-512), and
/// for DP = 32 the two off-diagonal blocks swapped first.
template <int DP, class L>
void transpose(W<L, DP / 16>* v) {
  constexpr int H = DP / 16;
  auto* m = &v[0].h[0];  // row r, half k at r * H + k
  if constexpr (H == 2)
    for (int i = 0; i < 16; ++i) std::swap(m[i * H + 1], m[(i + 16) * H]);
  butterfly_level<0, H>(m, DP);
  butterfly_level<1, H>(m, DP);
  butterfly_level<2, H>(m, DP);
  butterfly_level<3, H>(m, DP);
}

template <int B>
class Engine {
 public:
  static constexpr int N = B * B, C = N * N, DP = N <= 16 ? 16 : 32;
  // 16-bit lanes up to 16x16: half the width of 32-bit ones, so half the vector work and state.
  using Lane = std::conditional_t<(N <= 16), uint16_t, uint32_t>;
  using V = W<Lane, DP / 16>;
  static constexpr uint32_t kFull = (1u << N) - 1;
  static constexpr uint32_t kBoxBits = (1u << B) - 1;
  /// Bits j*B, j < B: the first column of each stack; the last: bits j*B + B-1.
  static constexpr uint32_t kSegStart = kFull / kBoxBits, kSegTop = kSegStart << (B - 1);
  static constexpr int kDigitBits = std::bit_width(unsigned(N - 1));  // a digit's index: 0..N-1

  Engine() {
    for (int j = 0; j < DP; ++j) valid_.set(j, j < N ? ~0u : 0u);
    for (int r = 0; r < N; ++r) band_[r / B].set(r, ~0u), row_[r].set(r, ~0u);
    for (int c = 0; c < DP; ++c) colbit_.set(c, c < N ? 1u << c : 0u), last_.set(c, 1023u - c);
    for (int k = 1; k < B; ++k)
      for (int i = 0; i < N; ++i)
        if (i % B + k < B) pair_mask_[k] |= 1u << i;
    if constexpr (kWhole) {
      for (int c = 0; c < N; ++c) colb_[c] = valid_ & (1u << c);
      for (int i = 0; i < C; ++i) unit_[i] = unit(i / N, i % N);
    }
  }

  /// `exclude`: a cell (or -1) that may not hold `digit` (1..N); `prefer`: a grid whose digits
  /// are tried first at a guess, or null.
  Result solve(const Grid& puzzle, const Limits& limits, int exclude = -1, int digit = 0,
               const Grid* prefer = nullptr) {
    Result res;
    work_ = Work{};
    std::fill(std::begin(fails_), std::end(fails_), 0);
    if (!load(stack_[0], puzzle)) {
      res.status = Status::invalid;
      return res;
    }
    if (exclude >= 0) stack_[0].cand[digit - 1].clear_bits(exclude / N, 1u << (exclude % N));
    prefer_ = prefer;
    const uint64_t limit = limits.wanted();
    gate_ = NodeGate(limits.budget, limits.stop);
    bool budget_hit = false;
    res.solutions = search(limit, budget_hit, res.answer);
    res.work = work_;
    res.status = status_for(res.solutions, limit, budget_hit);
    return res;
  }

  /// The candidates at the root of the last search that branched, after propagation
  /// (ExcludingSolver::solve_excluding's `root`): stack_[0] as the search left it, which lost
  /// only the digits tried at the root's guessed cell, given back from its frame.
  void root_candidates(std::vector<uint32_t>& cand) const {
    cand.assign(C, 0);
    for (int d = 0; d < N; ++d)
      for (int r = 0; r < N; ++r)
        for (uint32_t x = stack_[0].cand[d][r]; x; x &= x - 1) cand[r * N + std::countr_zero(x)] |= 1u << d;
    const Frame& f = frames_[0];
    for (int i = 0; i < f.n; ++i) cand[f.r * N + f.c] |= 1u << f.d[i];
  }

 private:
  struct State {
    V unsolved;  // lane r: columns of row r not placed
    V cand[N];   // digit -> (lane r) columns of row r where it may go
    int left;    // cells not placed; < 0 marks a contradiction found when placing
  };
  struct Frame {  // a guessed cell, its digits in the order tried, and those not yet tried
    uint8_t r, c, n;
    uint8_t d[N];
    uint32_t left;
  };
  struct Single {
    uint8_t r, c, d;
  };

  std::array<State, C + 1> stack_;
  std::array<Frame, C + 1> frames_;
  V T_[DP];  // the transposed words: T_[r] lane d = columns of row r for digit d
  std::array<Single, C * 4> queue_;
  Work work_;
  NodeGate gate_;
  uint64_t fails_[3 * N];  // contradictions met in row i (i), column i (N + i), box i (2N + i)
  /// The indices in fails_ of the row, column and box of cell (r, c).
  static std::array<int, 3> units(int r, int c) { return {r, N + c, 2 * N + r / B * B + c / B}; }
  /// A contradiction at cell (r, c), for its three units: false.
  bool failed_at(int r, int c) {
    for (const int u : units(r, c)) ++fails_[u];
    return false;
  }
  const Grid* prefer_ = nullptr;  // its digit first at a guess, or none
  V valid_{};                 // all ones in lanes < N
  uint32_t pair_mask_[B]{};   // bits i with i % B + k < B, for each k = 1..B-1
  V band_[B]{};               // all ones in the lanes (rows) of each band
  V row_[N]{};                // all ones in lane i (row i, or digit i)
  /// A word is one register (up to 16x16 on AVX2 and AVX-512): place reads a cell's masks from
  /// tables (8.5 KB for 16x16) instead of composing them from lane broadcasts.
  static constexpr bool kWhole = sizeof(V) <= kRegBytes;
  std::array<V, kWhole ? C : 1> unit_{};  // a cell's row, column and box
  std::array<V, kWhole ? N : 1> colb_{};  // every lane: column c's bit
  using K = W<uint32_t, DP / 16>;  // 32-bit lanes: a row's columns, with choose's scores
  K colbit_{}, last_{};            // lane c: bit c; 1023 - c

  /// The givens in one pass into T_ (lane d: the columns of the row holding d); then, on T_ by
  /// vector operations with all digits at once, the digits given twice in a unit, the done maps
  /// and each row's words (what the givens leave, but a row holding the digit: its given alone),
  /// transposed into the state.
  bool load(State& s, const Grid& g) {
    int givens = 0;
    for (int r = 0; r < N; ++r) {
      // Each cell's bit into the lane of its value, with no branch a cell (which cells are empty
      // is not predictable): lane 0 collects the empty cells, lane d the columns holding d.
      const uint8_t* row = g.data() + r * N;
      Lane by[DP + 1] = {};
#pragma GCC unroll 25
      for (int c = 0; c < N; ++c) by[row[c]] |= static_cast<Lane>(1u << c);
      std::memcpy(&T_[r], by + 1, sizeof(V));
      s.unsolved.set(r, by[0]);
      givens += N - std::popcount(uint32_t{by[0]});
    }
    for (int r = N; r < DP; ++r) T_[r] = V{}, s.unsolved.set(r, 0);
    V twice{}, co{}, ct{};  // twice: digits given twice in a row or box; co, ct: in a column
    V held[B];              // lane d: bit j*B set when the band's box j holds d
    for (int bi = 0; bi < B; ++bi) {
      V bo{}, bt{};  // the columns of the band holding each digit, once / twice
      for (int k = 0; k < B; ++k) {
        const V x = T_[bi * B + k];
        twice |= x & (x - 1u);
        tally(bo, bt, x);
      }
      tally_band(bo, bt, co, ct);
      twice |= boxes_twice(bo, bt);
      held[bi] = boxes(bo);
    }
    if ((twice | ct).any()) return false;
    const V unheld = valid_ & ~co;  // lane d: the columns not holding d
    for (int r = 0; r < N; ++r) {
      const V x = T_[r];
      T_[r] = x | (V::eq0(x) & (unheld & ~spread(held[r / B])) & s.unsolved[r]);
    }
    transpose<DP>(T_);
    for (int d = 0; d < N; ++d) s.cand[d] = T_[d];
    s.left = C - givens;
    return true;
  }

  /// The cells of the row, column and box of cell (r, c), the cell too.
  HWY_INLINE V unit(int r, int c) const {
    return (band_[r / B] & (kBoxBits << (c / B * B))) | (1u << c) | row_[r];
  }

  /// Places digit d at (r, c) in a state's words `cand`, marked placed in `unsolved`: false when
  /// d is no longer possible there. `alone`: d is the cell's only candidate (a naked single), so
  /// the other digits have nothing there to clear.
  bool place(V* cand, V& unsolved, int r, int c, int d, bool alone = false) const {
    // d's word by whole-vector operations: a lane of a word read or written right after a vector
    // store of the word waits for the store to complete (no store forwarding), which each
    // placement after one of the same digit (a naked sweep's walk) would do. The other words
    // too when a word is one register, with the cell's masks from tables; a word of several
    // registers costs fewer operations by the lane.
    V& cd = cand[d];
    const V old = cd;
    if constexpr (kWhole) {
      const V cell = row_[r] & colb_[c];
      if (!(unsolved & old & cell).any()) return false;
      if (!alone)  // the cell (d's lane: below)
        for (int e = 0; e < N; ++e) cand[e] &= ~cell;
      cd = (old & ~unit_[r * N + c]) | cell;
      unsolved &= ~cell;
    } else {
      const uint32_t bit = 1u << c;
      const V cell = row_[r] & bit;
      if (!(unsolved[r] & bit) || !(old & cell).any()) return false;
      if (!alone)
        for (int e = 0; e < N; ++e) cand[e].clear_bits(r, bit);
      cd = (old & ~unit(r, c)) | cell;
      unsolved.clear_bits(r, bit);
    }
    return true;
  }

  /// The answer of a solved state: each digit in one cell of each row.
  static void write(const State& s, Answer& answer) {
    Grid& g = answer.reuse<Grid>(B, Grid::Unset{});
    for (int d = 0; d < N; ++d)
      for (int r = 0; r < N; ++r) g.set(r * N + std::countr_zero(s.cand[d][r]), d + 1);
  }

  /// Depth-first search from stack_[0]; returns the solutions found (up to `limit`).
  uint64_t search(uint64_t limit, bool& budget_hit, Answer& answer) {
    uint64_t solutions = 0;
    int top = 0;
    ++work_.nodes;
    for (;;) {
      State& s = stack_[top];
      bool ok = propagate(s);
      if (ok && s.left == 0) {
        if (solutions++ == 0) write(s, answer);
        if (solutions >= limit) break;
        ok = false;
      } else if (ok) {
        choose(s, frames_[top]);
        if (!next_child(top)) {
          budget_hit = true;
          break;
        }
        ++top;
        continue;
      } else if (top > 0) {
        ++work_.backtracks;
      }
      // back to the newest guess with a digit left
      while (top > 0 && frames_[top - 1].left == 0) --top;
      if (top == 0) break;
      --top;
      if (!next_child(top)) {
        budget_hit = true;
        break;
      }
      ++top;
    }
    return solutions;
  }

  /// The next digit of frame k into stack_[k + 1]; false when the budget or the stop ends it.
  bool next_child(int k) {
    if (work_.nodes >= gate_.at && gate_.over(work_.nodes)) return false;
    Frame& f = frames_[k];
    const int i = std::countr_zero(f.left);
    f.left &= f.left - 1;
    if (f.left != 0) ++work_.guesses;
    ++work_.nodes;
    const int d = f.d[i];
    State& saved = stack_[k];
    State& child = stack_[k + 1];
    child = saved;
    saved.cand[d].clear_bits(f.r, 1u << f.c);  // tried: gone from the parent
    child.left = place(child.cand, child.unsolved, f.r, f.c, d) ? child.left - 1 : -1;
    return true;
  }

  bool propagate(State& s) {
    for (;;) {
      if (s.left < 0) return false;
      if (s.left == 0) return true;
      const int placed = place_naked(s);
      if (placed < 0) return false;
      if (placed != 0) continue;
      const int queued = find_hidden(s);
      if (queued < 0) return false;
      if (queued != 0) {
        if (!apply(s, queued)) return false;
        continue;
      }
      if (!locked(s)) return true;
    }
  }

  /// The unsolved map a sweep places into: where a word is one register, `copy` (s's, held in a
  /// register and stored back at the end of the sweep: in memory, each placement waited on the
  /// last one's store of it), else s's own (a word of several registers: the copy and its store
  /// cost more than the chain they save).
  static V& sweep_unsolved(State& s, V& copy) {
    if constexpr (kWhole) return copy = s.unsolved;
    return s.unsolved;
  }
  /// The end of a sweep that placed `placed` cells into `unsolved` (from sweep_unsolved()).
  static void placed_into(State& s, const V& unsolved, int placed) {
    if constexpr (kWhole) s.unsolved = unsolved;
    s.left -= placed;
  }

  /// Places the n singles find_hidden queued. It queues a cell once for its digit, so one
  /// placed already this sweep is a clash (place: false).
  bool apply(State& s, int n) {
    V copy;
    V& u = sweep_unsolved(s, copy);
    bool ok = true;
    for (int i = 0; i < n && ok; ++i) {
      const Single q = queue_[i];
      ok = place(s.cand, u, q.r, q.c, q.d) || failed_at(q.r, q.c);
    }
    placed_into(s, u, n);
    return ok;
  }

  /// Rule 1: places the naked singles, in row order; the number placed, or -1 on a contradiction:
  /// a cell with no candidate, or a single whose digit went from it this sweep (two singles of
  /// that digit in a unit: the one found first in digit order, then row order, is blamed).
  int place_naked(State& s) {
    V o{}, t{};  // at least one / two candidates per cell
    for (int d = 0; d < N; ++d) tally(o, t, s.cand[d]);
    const V open = s.unsolved;
    if (const V none = open & ~o; none.any()) {
      const int r = std::countr_zero(none.lanes());
      failed_at(r, std::countr_zero(none[r]));
      return -1;
    }
    const V ns = open & ~t;
    if (!ns.any()) return 0;
    // The XOR of each cell's digits' indices, bit-sliced: a single's digit. A plane at a time
    // (fewer live registers), unrolled so that d's bits are constants.
    V sole[kDigitBits];
#pragma GCC unroll 8
    for (int k = 0; k < kDigitBits; ++k) {
      V p{};
#pragma GCC unroll 32
      for (int d = 0; d < N; ++d)
        if (d >> k & 1) p ^= s.cand[d];
      sole[k] = p;
    }
    // With 16-bit lanes (at most four planes) a row's planes side by side in one word, plane k
    // at bit 16k, give a cell's digit by one multiply: the column's bit of plane k times
    // 2^(48 - 15k) lands on bit 48 + k, and no other product of the terms on bits 48-63.
    constexpr bool kPacked = sizeof(Lane) == 2;
    constexpr uint64_t kPlaneBits = 0x0001000100010001, kGather = 0x0001000200040008;
    int placed = 0, fd = N, fr = 0, fc = 0;
    V copy;
    V& u = sweep_unsolved(s, copy);
    for (uint32_t lm = ns.lanes(); lm; lm &= lm - 1) {
      const int r = std::countr_zero(lm);
      uint64_t planes = 0;
      if constexpr (kPacked)
        for (int k = 0; k < kDigitBits; ++k) planes |= uint64_t{sole[k][r]} << (16 * k);
      for (uint32_t x = ns[r]; x; x &= x - 1) {
        const int c = std::countr_zero(x);
        int d = 0;
        if constexpr (kPacked)
          d = static_cast<int>((planes >> c & kPlaneBits) * kGather >> 48);
        else
          for (int k = 0; k < kDigitBits; ++k) d |= static_cast<int>(sole[k][r] >> c & 1u) << k;
        if (place(s.cand, u, r, c, d, true))
          ++placed;
        else if (d < fd)
          fd = d, fr = r, fc = c;
      }
    }
    placed_into(s, u, placed);
    if (fd == N) return placed;
    failed_at(fr, fc);
    return -1;
  }

  /// f(i, b) for each bit b of each lane i of `lanes` (DP lanes) in order, walked over their
  /// 64-bit words: one loop a word rather than a lane (each loop's end mispredicts); for a dense
  /// table (a sparse one, a digit's naked singles, walks faster lane by lane from a lane mask).
  template <class F>
  static void for_bits(const Lane* lanes, F&& f) {
    constexpr int kBits = 8 * sizeof(Lane), kWords = DP * sizeof(Lane) / 8;
    uint64_t w[kWords];
    std::memcpy(w, lanes, sizeof w);
    for (int i = 0; i < kWords; ++i)
      for (uint64_t x = w[i]; x; x &= x - 1) {
        const int at = i * 64 + std::countr_zero(x);
        f(at / kBits, at % kBits);
      }
  }

  /// Each segment-start bit of x (bit j*B) spread over its segment's B bits.
  static HWY_INLINE V spread(V x) {
    V y = x;
    for (int k = 1; k < B; ++k) y |= x << k;
    return y;
  }

  /// Bit j*B of each lane set where segment j of x (its B bits from bit j*B: a box's columns) is
  /// not zero. A segment's B-1 low bits plus 2^(B-1) - 1 carry into its top bit when not zero and
  /// never beyond it: a few operations for any B, where ORing the segment's shifts takes 2(B-1).
  static HWY_INLINE V boxes(const V& x) {
    return ((x | ((x & ~kSegTop) + (kSegTop - kSegStart))) & kSegTop) >> (B - 1);
  }

  /// x counted into o and t: the bits set in at least one / two of the words so far.
  static HWY_INLINE void tally(V& o, V& t, const V& x) {
    t |= o & x;
    o |= x;
  }
  /// A band's counts (bo, bt: at least one / two of its rows) into the columns' over the bands so
  /// far (co, ct).
  static HWY_INLINE void tally_band(const V& bo, const V& bt, V& co, V& ct) {
    ct |= bt | (co & bo);
    co |= bo;
  }

  /// The band's boxes (bit j*B) where d is in at least two cells, from its counts bo and bt.
  HWY_INLINE V boxes_twice(const V& bo, const V& bt) const {
    V pairs = bt;
    for (int k = 1; k < B; ++k) pairs |= bo & (bo >> k) & pair_mask_[k];
    return boxes(pairs);
  }

  /// Rule 2 on the transposed words (lanes = digits): rows, boxes, columns. The number of
  /// singles queued, or -1 on a contradiction.
  int find_hidden(const State& s) {
    for (int d = 0; d < N; ++d) T_[d] = s.cand[d];
    for (int d = N; d < DP; ++d) T_[d] = V{};
    transpose<DP>(T_);
    const V valid = valid_;
    // The queue's length in a register, not a member (the queue's byte stores may alias one).
    int n = 0;
    const auto push = [&](int r, int c, int d) {
      queue_[n++] = {static_cast<uint8_t>(r), static_cast<uint8_t>(c), static_cast<uint8_t>(d)};
    };
    // Rows: each row's digits with no place and with one, without a branch a row, then the
    // singles walked over the words of that table (one loop a word: each loop's end mispredicts).
    // The units' singles are counted over the unsolved cells (open), and a unit holds d where d
    // is in its cells but none open: a placed cell keeps its digit, which its peers lost.
    Lane digits[DP] = {};
    V stuck{};  // the digits with no place in some row
    // Per band, lane d: the columns of d's row singles (at), of its open cells once / twice
    // (bo, bt), of its cells solved or not (in).
    V at[B], bo[B], bt[B], in[B];
    // Unrolled where a word is one register: on AVX2 16x16 2.5% fewer instructions in all, and
    // fewer mispredicts; where it is several (25x25 on AVX2), 10% slower in all. A macro: GCC
    // does not unroll the loop calling a lambda.
#define SUDOKU_HIDDEN_BAND                                                                 \
  {                                                                                        \
    V a{}, o{}, t{}, i{};                                                                  \
    for (int k = 0; k < B; ++k) {                                                          \
      const int r = bi * B + k;                                                            \
      const V x = T_[r], open = x & s.unsolved[r];                                         \
      const V one = V::eq0(open & (open - 1u)) & V::ne0(open);                             \
      tally(o, t, open);                                                                   \
      i |= x;                                                                              \
      stuck |= V::eq0(x);                                                                  \
      digits[r] = static_cast<Lane>(one.lanes());                                          \
      a |= one & open;                                                                     \
    }                                                                                      \
    at[bi] = a, bo[bi] = o, bt[bi] = t, in[bi] = i;                                        \
  }
    if constexpr (kWhole) {
#pragma GCC unroll 8
      for (int bi = 0; bi < B; ++bi) SUDOKU_HIDDEN_BAND
    } else {
      for (int bi = 0; bi < B; ++bi) SUDOKU_HIDDEN_BAND
    }
#undef SUDOKU_HIDDEN_BAND
    if ((stuck & valid).any()) {  // the first such row, for its count (a contradiction: no hurry)
      int r = 0;
      while (!(V::eq0(T_[r]) & valid).any()) ++r;
      ++fails_[r];
      return -1;
    }
    for_bits(digits, [&](int r, int d) { push(r, std::countr_zero(T_[r][d]), d); });
    // A cell single for its digit in two of its units is queued once (apply): a box's single is
    // left out where the digit has a row single in the box (the box's only place for it is that
    // cell), a column's where it has a row or box single in the column.
    V co{}, ct{};  // columns, open cells: at least one, at least two
    V cin{};       // columns: d in some cell
    V found{};     // lane d: the columns of d's row and box singles
    for (int bi = 0; bi < B; ++bi) {  // bands: their boxes, and the columns' counts
      tally_band(bo[bi], bt[bi], co, ct);
      cin |= in[bi];
      if (const V none = ~boxes(in[bi]) & kSegStart & valid; none.any()) {
        const int d = std::countr_zero(none.lanes());
        ++fails_[2 * N + bi * B + std::countr_zero(none[d]) / B];
        return -1;
      }
      const V hid = boxes(bo[bi]) & ~boxes_twice(bo[bi], bt[bi]);
      found |= at[bi] | (bo[bi] & spread(hid));
      const V fresh = hid & ~boxes(at[bi]);
      for (uint32_t lm = fresh.lanes(); lm; lm &= lm - 1) {
        const int d = std::countr_zero(lm);
        for (uint32_t starts = fresh[d]; starts; starts &= starts - 1) {
          const int j = std::countr_zero(starts) / B;
          const uint32_t colbit = bo[bi][d] & (kBoxBits << (j * B));  // its column; its row in the band:
          const uint32_t rows = (s.cand[d] & colbit).lanes() >> (bi * B);  // a lane test, no scan
          push(bi * B + std::countr_zero(rows), std::countr_zero(colbit), d);
        }
      }
    }
    if (const V none = ~cin & kFull & valid; none.any()) {
      const int d = std::countr_zero(none.lanes());
      ++fails_[N + std::countr_zero(none[d])];
      return -1;
    }
    const V hc = co & ~ct & ~found;
    for (uint32_t lm = hc.lanes(); lm; lm &= lm - 1) {
      const int d = std::countr_zero(lm);
      for (uint32_t cols = hc[d]; cols; cols &= cols - 1) {
        const int c = std::countr_zero(cols);
        push(std::countr_zero((s.cand[d] & (1u << c)).lanes()), c, d);  // its row: a lane test
      }
    }
    return n;
  }

  /// Rule 3 on T_ (left by find_hidden, which found nothing: still the state's words): whether
  /// something went (then T_ is transposed back into the state). A contradiction it makes is
  /// found by the next sweep's counts.
  bool locked(State& s) {
    V* T = T_;
    V before[N];
#pragma GCC unroll 32
    for (int r = 0; r < N; ++r) before[r] = T[r];
    V bo[B];
    for (int bi = 0; bi < B; ++bi) {
      V* x = T + bi * B;
      // All boxes of the band at once: a box as its first column's bit (boxes), and back to its
      // columns (spread). Pointing (rows): a box whose d lies in one row -> the rest of that row
      // loses d.
      V nz[B], o{}, t{};  // nz[k]: the boxes where row k has d; o, t: at least one / two rows
      for (int k = 0; k < B; ++k) {
        nz[k] = boxes(x[k]);
        tally(o, t, nz[k]);
      }
      const V one = o & ~t;
      for (int k = 0; k < B; ++k) {
        const V p = one & nz[k];
        x[k] &= spread(p) | V::eq0(p);
      }
      // claiming (rows): a row whose d lies in one box -> the box's other rows lose d
      V claim[B];  // the columns of the box row k claims
      for (int k = 0; k < B; ++k) {
        const V b = boxes(x[k]);
        claim[k] = spread(b & V::eq0(b & (b - 1u)));
      }
      for (int k = 0; k < B; ++k) {
        V others{};
        for (int k2 = 0; k2 < B; ++k2)
          if (k2 != k) others |= claim[k2];
        x[k] &= ~others;
      }
      V ob{};
      for (int k = 0; k < B; ++k) ob |= x[k];
      bo[bi] = ob;
    }
    // pointing (columns): a box's d in one column -> the other bands lose that column
    V rm[B], rm_all{};
    for (int bi = 0; bi < B; ++bi) {
      rm[bi] = V{};
      for (int j = 0; j < B; ++j) {
        const uint32_t sc = kBoxBits << (j * B);
        const V bc = bo[bi] & sc;
        rm[bi] |= bc & V::ne0(bc) & V::eq0(bc & (bc - 1u));
      }
      rm_all |= rm[bi];
    }
    // claiming (columns): a column whose d lies in one band -> the rest of that box loses d
    V once{}, more{};
    for (int bi = 0; bi < B; ++bi) tally(once, more, bo[bi]);
    for (int bi = 0; bi < B; ++bi) {
      const V only = bo[bi] & ~more;
      const V rem = (rm_all & ~rm[bi]) | (spread(boxes(only)) & ~only);
      for (int k = 0; k < B; ++k) T[bi * B + k] &= ~rem;
    }
    V change{};
    for (int r = 0; r < N; ++r) change |= before[r] ^ T[r];
    if (!change.any()) return false;
    transpose<DP>(T);
    for (int d = 0; d < N; ++d) s.cand[d] = T[d];
    return true;
  }

  /// Rule 4: the cell to guess and its digits into f.
  void choose(const State& s, Frame& f) const {
    int best_r = -1, best_c = -1;
    V o{}, t{}, h{};  // at least one / two / three candidates
    for (int d = 0; d < N; ++d) {
      const V x = s.cand[d];
      h |= t & x;
      t |= o & x;
      o |= x;
    }
    if (const V biv = s.unsolved & t & ~h; biv.any()) {
      // Each bivalue cell's score, the bivalue cells and contradictions of its row, column and
      // box, by vector a row with its columns in lanes, without a walk over the cells (each
      // walk's end mispredicts). The highest score, then the first cell in row order: the key
      // score << 10 | (1023 - cell), C < 1024. A unit's contradictions count up to 2^19 (the
      // key in 32 bits); a search with more in a unit is long past telling them apart.
      const auto fails = [&](int u) { return static_cast<uint32_t>(std::min<uint64_t>(fails_[u], 1u << 19)); };
      Lane bv[DP];
      std::memcpy(bv, &biv, sizeof bv);
      K cols{};  // lane c: the bivalue cells of column c
      for (int r = 0; r < N; ++r) cols -= K::ne0(colbit_ & bv[r]);
      uint32_t col[DP], box[N];
      std::memcpy(col, &cols, sizeof col);
      for (int c = 0; c < N; ++c) col[c] += fails(N + c);
      for (int b = 0; b < N; ++b) {
        const uint32_t in = kBoxBits << (b % B * B);
        uint32_t n = fails(2 * N + b);
        for (int k = 0; k < B; ++k) n += std::popcount(bv[b / B * B + k] & in);
        box[b] = n;
      }
      K best{};
      for (int bi = 0; bi < B; ++bi) {
        K units{};  // lane c: column c's score plus its box's in this band
        for (int c = 0; c < N; ++c) units.set(c, col[c] + box[bi * B + c / B]);
        for (int k = 0; k < B; ++k) {
          const int r = bi * B + k;
          const uint32_t row = std::popcount(uint32_t{bv[r]}) + fails(r);
          best = max(best, ((units + row) << 10 | (last_ - uint32_t(r * N))) & K::ne0(colbit_ & bv[r]));
        }
      }
      uint32_t top = 0;
      for (int c = 0; c < DP; ++c) top = std::max(top, best[c]);
      const int cell = 1023 - static_cast<int>(top & 1023);
      best_r = cell / N, best_c = cell % N;
    } else {
      V p[5] = {};  // bit-sliced candidate counts (at most 25: five planes)
      for (int d = 0; d < N; ++d) {
        V carry = s.cand[d] & s.unsolved;
        for (int k = 0; k < 5; ++k) {
          const V nc = p[k] & carry;
          p[k] ^= carry;
          carry = nc;
        }
      }
      int best = 99;
      for (int r = 0; r < N; ++r)
        for (uint32_t u = s.unsolved[r]; u; u &= u - 1) {
          const int c = std::countr_zero(u);
          int cnt = 0;
          for (int k = 0; k < 5; ++k) cnt |= static_cast<int>(p[k][r] >> c & 1u) << k;
          if (cnt < best) best = cnt, best_r = r, best_c = c;
        }
    }
    int n = 0;
    const int first = prefer_ != nullptr ? (*prefer_)[best_r * N + best_c] - 1 : -1;
    if (first >= 0 && (s.cand[first][best_r] >> best_c & 1u)) f.d[n++] = static_cast<uint8_t>(first);
    for (int d = 0; d < N; ++d)
      if (d != first && (s.cand[d][best_r] >> best_c & 1u)) f.d[n++] = static_cast<uint8_t>(d);
    f.r = static_cast<uint8_t>(best_r), f.c = static_cast<uint8_t>(best_c);
    f.n = static_cast<uint8_t>(n);
    f.left = (1u << n) - 1;
  }
};

class Wide final : public SolverOf<Wide, Grid>, public ExcludingSolver {
 public:
  Result solve_excluding(const Grid& puzzle, int cell, int digit, const Grid& prefer, const Limits& limits,
                         std::vector<uint32_t>& root) override {
    Limits one = limits;
    one.solutions = 1;
    return on_engine(puzzle.box(), [&](auto& e) {
      Result r = e.solve(puzzle, one, cell, digit, &prefer);
      if (r.status == Status::budget_exceeded) e.root_candidates(root);
      return r;
    });
  }

  Result solve_one(const Grid& puzzle, const Limits& limits) {
    return on_engine(puzzle.box(), [&](auto& e) { return e.solve(puzzle, limits); });
  }

 private:
  /// `f` on the engine of box size `box`, made the first time that size is seen (25x25's stack
  /// is 2.3 MB); `unsupported` for another size.
  template <class F>
  Result on_engine(int box, F&& f) {
    const auto made = [](auto& e) -> auto& {
      if (!e) e = std::make_unique<typename std::decay_t<decltype(e)>::element_type>();
      return *e;
    };
    switch (box) {
      case 2: return f(made(e2_));
      case 3: return f(made(e3_));
      case 4: return f(made(e4_));
      case 5: return f(made(e5_));
      default: return result_of(Status::unsupported);
    }
  }
  std::unique_ptr<Engine<2>> e2_;
  std::unique_ptr<Engine<3>> e3_;
  std::unique_ptr<Engine<4>> e4_;
  std::unique_ptr<Engine<5>> e5_;
};

}  // namespace

std::unique_ptr<Solver> NewWide() { return std::make_unique<Wide>(); }

}  // namespace puzzle::sudoku::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();
#pragma GCC diagnostic pop

#if HWY_ONCE
#include "puzzle/simd_dispatch.hpp"

namespace puzzle::sudoku {

std::unique_ptr<Solver> make_wide() { return SUDOKU_DISPATCH(NewWide)(); }

}  // namespace puzzle::sudoku
#endif  // HWY_ONCE
