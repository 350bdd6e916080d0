#pragma once
// A line's cells as a bit mask of any width the readers take (bit i = cell i): one uint64_t for
// lines of up to 63 cells (every tournament puzzle: the fast path, plain machine words), or
// Bits<W>, W words acting as one unsigned integer of 64W bits, for longer ones. The line
// solver, the boards, probing and the search are templates over the mask type M and are
// written once with the operators and the helpers below, which both types have; a puzzle
// picks its type once by its longer side (with_mask_for()).
//
// The top bit of M stays free: the line solver shifts a run's end one past the line's last
// cell, so a mask of 64W bits holds lines of 64W - 1 cells (kSideOf<M>).
#include <array>
#include <bit>
#include <cstdint>
#include <tuple>
#include <type_traits>

namespace puzzle::nonogram {

template <int W>
struct Bits {
  std::array<uint64_t, W> w{};  // word 0 holds bits 0..63

  constexpr Bits() noexcept = default;
  constexpr Bits(uint64_t low) noexcept : w{low} {}  // NOLINT: 0 and 1 read as masks
  explicit constexpr operator bool() const noexcept {
    uint64_t any = 0;
    for (const uint64_t x : w) any |= x;
    return any != 0;
  }
  friend constexpr bool operator==(const Bits&, const Bits&) noexcept = default;

  constexpr Bits& operator&=(const Bits& o) noexcept {
    for (int i = 0; i < W; ++i) w[i] &= o.w[i];
    return *this;
  }
  constexpr Bits& operator|=(const Bits& o) noexcept {
    for (int i = 0; i < W; ++i) w[i] |= o.w[i];
    return *this;
  }
  constexpr Bits& operator^=(const Bits& o) noexcept {
    for (int i = 0; i < W; ++i) w[i] ^= o.w[i];
    return *this;
  }
  friend constexpr Bits operator&(Bits a, const Bits& b) noexcept { return a &= b; }
  friend constexpr Bits operator|(Bits a, const Bits& b) noexcept { return a |= b; }
  friend constexpr Bits operator^(Bits a, const Bits& b) noexcept { return a ^= b; }
  friend constexpr Bits operator~(Bits a) noexcept {
    for (uint64_t& x : a.w) x = ~x;
    return a;
  }
  /// Addition and subtraction modulo 2^(64W): the carry (borrow) runs through the words.
  friend constexpr Bits operator+(Bits a, const Bits& b) noexcept {
    uint64_t carry = 0;
    for (int i = 0; i < W; ++i) {
      const uint64_t s = a.w[i] + b.w[i];
      const uint64_t t = s + carry;
      carry = static_cast<uint64_t>(s < a.w[i]) | static_cast<uint64_t>(t < s);
      a.w[i] = t;
    }
    return a;
  }
  friend constexpr Bits operator-(Bits a, const Bits& b) noexcept {
    uint64_t borrow = 0;
    for (int i = 0; i < W; ++i) {
      const uint64_t d = a.w[i] - b.w[i];
      const uint64_t t = d - borrow;
      borrow = static_cast<uint64_t>(a.w[i] < b.w[i]) | static_cast<uint64_t>(d < borrow);
      a.w[i] = t;
    }
    return a;
  }
  /// Shifts by 0 <= s (a shift of 64W or more gives 0, unlike a machine word's).
  friend constexpr Bits operator<<(const Bits& a, int s) noexcept {
    Bits o;
    const int q = s >> 6, r = s & 63;
    for (int i = W - 1; i >= q; --i) {
      const uint64_t below = i - q - 1 >= 0 ? a.w[i - q - 1] : 0;
      o.w[i] = (a.w[i - q] << r) | ((below >> 1) >> (63 - r));  // r = 0: nothing from below
    }
    return o;
  }
  friend constexpr Bits operator>>(const Bits& a, int s) noexcept {
    Bits o;
    const int q = s >> 6, r = s & 63;
    for (int i = 0; i + q < W; ++i) {
      const uint64_t above = i + q + 1 < W ? a.w[i + q + 1] : 0;
      o.w[i] = (a.w[i + q] >> r) | ((above << 1) << (63 - r));
    }
    return o;
  }
  constexpr Bits& operator<<=(int s) noexcept { return *this = *this << s; }
  constexpr Bits& operator>>=(int s) noexcept { return *this = *this >> s; }
};

/// Bits of M.
template <class M>
inline constexpr int kBitsOf = static_cast<int>(sizeof(M)) * 8;
/// The longest line a mask M holds (its top bit stays free).
template <class M>
inline constexpr int kSideOf = kBitsOf<M> - 1;

/// The mask of cells 0..n-1 (n <= kBitsOf<M>).
template <class M = uint64_t>
constexpr M full(int n) noexcept {
  if constexpr (std::is_same_v<M, uint64_t>) {
    return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  } else {
    M m;
    for (int i = 0; i < static_cast<int>(m.w.size()); ++i) m.w[i] = full<uint64_t>(n - 64 * i < 0 ? 0 : n - 64 * i);
    return m;
  }
}

/// Whether cell i is in m.
constexpr bool test(uint64_t m, int i) noexcept { return (m >> i) & 1u; }
template <int W>
constexpr bool test(const Bits<W>& m, int i) noexcept {
  return (m.w[i >> 6] >> (i & 63)) & 1u;
}
/// The mask of cell i alone.
template <class M>
constexpr M bit(int i) noexcept {
  if constexpr (std::is_same_v<M, uint64_t>) {
    return uint64_t{1} << i;
  } else {
    M m;
    m.w[i >> 6] = uint64_t{1} << (i & 63);
    return m;
  }
}
/// The lowest cell of a non-empty mask.
inline int lowest(uint64_t m) noexcept { return std::countr_zero(m); }
template <int W>
int lowest(const Bits<W>& m) noexcept {
  int i = 0;
  while (m.w[i] == 0) ++i;
  return 64 * i + std::countr_zero(m.w[i]);
}
/// The highest cell of a non-empty mask.
inline int highest(uint64_t m) noexcept { return 63 - std::countl_zero(m); }
template <int W>
int highest(const Bits<W>& m) noexcept {
  int i = W - 1;
  while (m.w[i] == 0) --i;
  return 64 * i + 63 - std::countl_zero(m.w[i]);
}

/// Cells in m (SWAR: the default portable build has no POPCNT, and std::popcount is then a
/// libgcc call; see generate/rng.hpp).
inline int popcount(uint64_t m) noexcept {
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  return static_cast<int>((((m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full) * 0x0101010101010101ull) >> 56);
}
template <int W>
int popcount(const Bits<W>& m) noexcept {
  int n = 0;
  for (const uint64_t x : m.w) n += popcount(x);
  return n;
}

/// Loads words[0 .. min(n, words of M)) into a mask (the rest 0), and stores a mask's words
/// back: how a Picture's row (ceil(width / 64) words) meets a board's mask.
template <class M>
M load_words(const uint64_t* words, int n) noexcept {
  if constexpr (std::is_same_v<M, uint64_t>) {
    return words[0];
  } else {
    M m;
    for (int i = 0; i < n && i < static_cast<int>(m.w.size()); ++i) m.w[i] = words[i];
    return m;
  }
}
template <class M>
void store_words(const M& m, uint64_t* words, int n) noexcept {
  if constexpr (std::is_same_v<M, uint64_t>) {
    words[0] = m;
  } else {
    for (int i = 0; i < n && i < static_cast<int>(m.w.size()); ++i) words[i] = m.w[i];
  }
}

/// Calls fn(M{}) with the smallest mask type M that holds lines of `side` cells (1..255) and
/// returns what it returns: each of the solvers' templates is made for these three types
/// (PUZZLE_NONOGRAM_MASKS(X) names them for explicit instantiations; PerMask<T> is a T<M> of
/// each, for a solver that keeps memory per type).
#define PUZZLE_NONOGRAM_MASKS(X) X(uint64_t) X(Bits<2>) X(Bits<4>)
template <template <class> class T>
using PerMask = std::tuple<T<uint64_t>, T<Bits<2>>, T<Bits<4>>>;

template <class Fn>
decltype(auto) with_mask_for(int side, Fn&& fn) {
  if (side <= kSideOf<uint64_t>) return fn(uint64_t{});
  if (side <= kSideOf<Bits<2>>) return fn(Bits<2>{});
  return fn(Bits<4>{});
}

}  // namespace puzzle::nonogram
