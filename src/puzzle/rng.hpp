#pragma once
// Per-item randomness for generation. Every generated item draws from its own ItemRng, seeded
// from (run seed, item index) through splitmix64, so item i is the same whatever the thread
// count, the slice size or the order in which workers reach it.
//
// ItemRng is xoshiro256** (Blackman and Vigna 2018), not ItemRng: a fresh
// mt19937_64 per item costs its 312-word seeding plus a full twist at the first draw, measured
// at 21% of a 9x9 full grid from restart-dfs (perf, portable -O3 build); xoshiro's state is
// four words filled by splitmix64, as its authors recommend. It is a standard
// UniformRandomBitGenerator, so <random> distributions accept it.
#include <cstdint>
#include <limits>

namespace puzzle {

/// splitmix64's finaliser: a bijective 64-bit mixer (Steele, Lea, Flood 2014).
constexpr uint64_t splitmix64(uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// xoshiro256**: 256 bits of state, period 2^256 - 1, passes BigCrush.
class ItemRng {
 public:
  using result_type = uint64_t;
  /// The state is four successive outputs of splitmix64 from `seed` (never all zero).
  explicit ItemRng(uint64_t seed) noexcept {
    for (uint64_t& w : s_) w = splitmix64(seed += 0x9e3779b97f4a7c15ull);
  }
  static constexpr result_type min() noexcept { return 0; }
  static constexpr result_type max() noexcept { return std::numeric_limits<uint64_t>::max(); }
  result_type operator()() noexcept {
    const uint64_t out = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0], s_[3] ^= s_[1], s_[1] ^= s_[2], s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return out;
  }

 private:
  static constexpr uint64_t rotl(uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

/// The random stream of item `index` of a run with seed `seed`.
inline ItemRng item_rng(uint64_t seed, uint64_t index) noexcept {
  return ItemRng(splitmix64(seed) ^ splitmix64(index ^ 0x6a09e667f3bcc909ull));
}

/// A uniform integer in [0, n), n >= 1 (Lemire's multiply-shift on the high 32 bits; the bias
/// is below 2^-32 * n, irrelevant for n <= 625). Unlike std::uniform_int_distribution its
/// output is fixed by this code, so seeds reproduce across standard libraries.
inline uint32_t below(ItemRng& rng, uint32_t n) noexcept {
  return static_cast<uint32_t>(((rng() >> 32) * uint64_t{n}) >> 32);
}

/// A Fisher-Yates shuffle with below(): reproducible across standard libraries.
template <class T>
void shuffle(T* first, std::size_t n, ItemRng& rng) noexcept {
  for (std::size_t i = n; i > 1; --i) {
    const std::size_t j = below(rng, static_cast<uint32_t>(i));
    T tmp = first[i - 1];
    first[i - 1] = first[j];
    first[j] = tmp;
  }
}

/// Bits set in m. Written out (SWAR) because the default portable build has no POPCNT
/// instruction and __builtin_popcount then becomes a libgcc call: a third of restart-dfs's time.
constexpr int popcount32(uint32_t m) noexcept {
  m = m - ((m >> 1) & 0x55555555u);
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  return static_cast<int>((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/// The k-th set bit (0-based) of m, k < popcount(m).
inline int nth_bit(uint32_t m, uint32_t k) noexcept {
  while (k-- > 0) m &= m - 1;
  return __builtin_ctz(m);
}

/// A uniformly chosen set bit of m (m != 0).
inline int random_bit(uint32_t m, ItemRng& rng) noexcept {
  return nth_bit(m, below(rng, static_cast<uint32_t>(popcount32(m))));
}

}  // namespace puzzle
