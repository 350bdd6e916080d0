#pragma once
// What the tool and an isolated plug-in's child process share (isolate.hpp): the block of
// memory they both map, the bytes they send each other on their socket, and the checksum that
// signs each answer. The parent's side is isolate.cpp, the child's isolate_child.cpp.
//
// The shared block is one struct, Block: a Header (the slice's parameters, the child's
// progress, the parent's stop request, the child's list of solvers or why it could not load
// the library), kSlots Slots (a puzzle's size and place in, its answer's figures out) and the
// slice's cells, packed: the puzzles one after another in `cells`, each answer at the same
// place in `solutions`, a message only in the slot's row of `messages`. Packed, a slice of
// 9x9 puzzles touches a page of the block for every 50 puzzles, not one for every 2.6 (a slot
// with room for a 25x25 grid); each page costs a fault in each process, and page faults are
// the dearest thing about a child on a virtual machine (results/plugins.md). Atomics in the
// block are lock-free, hence address-free: the two processes map it at different addresses.
//
// The child's library can write over the block (a stray store through a wild pointer): nothing
// in it is taken on trust. The child reads the slice's parameters once, before the library
// runs, and checks each puzzle's size and place before it reads it; it signs each answer with
// a checksum over the round, the slot, the puzzle as it read it and the answer as it wrote it,
// which the parent computes again over its own copy of the puzzle: an answer overwritten, stale
// or given for a puzzle that was overwritten is `error`, never a figure. What must be believed
// to end a slice (the end, a solver that cannot make its state, an input found overwritten)
// goes through the socket; a puzzle's start time in the block only ever shortens the parent's
// wait, within what the parent saw itself.
//
// The exchange, on the socket (descriptor kSocketFd of the child's): the child maps the block
// (kBlockFd), answers the handshake, loads the library, lists its solvers in the header's text
// and sends kReady. For each slice the parent writes the puzzles and the header's parameters
// and sends kGo; the child answers the slots in order and sends kDone, or as its last word
// kNoState or kOverwritten before it exits. The parent ends the child by closing its socket.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "sudoku/grid.hpp"

namespace puzzle::ext::isolate_wire {

inline constexpr std::size_t kSlots = 256;        // the driver's largest slice: one exchange per slice
inline constexpr std::size_t kText = 16 * 1024;   // the child's list of solvers, or why it cannot load
inline constexpr std::size_t kMessage = 240;      // complete()'s message, cut to this
inline constexpr int kSocketFd = 3, kBlockFd = 4;  // in the child
inline constexpr char kGo = 'G', kDone = 'D', kReady = 'R';
inline constexpr char kNoState = 'S';      // the child's last word: the solver could not make its state
inline constexpr char kOverwritten = 'X';  // ... a puzzle's size or place in the block is not one the parent wrote
// The protocol between the tool and its child: bump it when what they say through the block or
// the socket changes in meaning (a change of the block's size shows by itself).
inline constexpr int kProtocol = 4;
inline constexpr int kStaleExit = 4;  // the child's status when it is from another build (the handshake)
inline constexpr int kNoStateExit = 3;  // ... when the solver could not make its state (create() failed)

/// A steady-clock time in nanoseconds: comparable between the parent and the child (libstdc++'s
/// steady_clock is CLOCK_MONOTONIC, one clock for the whole system).
inline int64_t ns_of(std::chrono::steady_clock::time_point t) noexcept {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}
inline int64_t now_ns() noexcept { return ns_of(std::chrono::steady_clock::now()); }

/// The first bytes of the block, the same in every build (never change it): the parent's
/// build_identity() and, written by the child before anything else, the child's. A child of
/// another build (a stale sudoku-bench-plugin-host beside a new tool) sees that they differ,
/// says so here and exits kStaleExit; the parent names both builds in one message.
struct Handshake {
  char magic[16];    // kMagic
  char parent[120];  // NUL-terminated, cut to fit
  char child[120];
};
inline constexpr char kMagic[16] = "sudoku-bench-hs";

struct Header {
  // Set by the parent before each slice.
  uint32_t solver = 0;  // index in the list the child gave
  uint32_t count = 0;   // slots in use
  uint64_t limit = 1, budget = 0;
  uint32_t round = 0;   // one more for each hand-over: an answer's checksum names its round
  // The child's progress: every slot before `next` is answered, and the one at `next` began no
  // earlier than `started_ns` (now_ns()). The child stores `started_ns` before it
  // publishes `next` (release), so a parent that reads `next` first never sees an older start.
  alignas(64) std::atomic<uint32_t> next{0};
  std::atomic<int64_t> started_ns{0};
  // Set by the parent: stop after the current puzzle (Ctrl-C, SIGTERM).
  alignas(64) std::atomic<uint32_t> stop{0};
  // Written by the child before it says it is ready: "NAME\tBOXES\tDESCRIPTION\n" per solver;
  // or, before it exits, why it cannot serve.
  alignas(64) char text[kText] = {};
};
static_assert(std::atomic<uint32_t>::is_always_lock_free && std::atomic<int64_t>::is_always_lock_free);

struct Slot {
  uint8_t box;           // in
  uint8_t status;        // out: puzzle::Status
  uint8_t solution_box;  // out: 0 when the Result had no grid (or one of another size)
  uint8_t unusable;      // out: complete() said why the answer cannot be used (in `messages`)
  uint16_t message_len;  // out
  uint32_t at;           // in: where its cells are in Block::cells (its answer's in `solutions`)
  uint32_t check;        // out: slot_check() of the answer
  uint64_t solutions, guesses, backtracks, nodes, time_ns;  // out
};

struct Block {
  Handshake hello;  // first: its place is the same in every build
  Header header;
  Slot slots[kSlots];
  uint8_t cells[kSlots * sudoku::kMaxCells];  // in: the slice's puzzles, packed
  uint8_t solutions[kSlots * sudoku::kMaxCells];  // out: each answer where its puzzle is in `cells`
  char messages[kSlots][kMessage];        // out: complete()'s or the solver's message
};

/// The checksum that signs slot `i`'s answer in `round` to `puzzle`: the child's over the puzzle
/// it read, the parent's over its own; both over the answer as it is in the block. XXH3 (64
/// bits, kept to 32): a stray store passes it once in 2^32, and it costs ~15 ns a puzzle a side
/// where zlib's CRC-32 took 320 (Debian's zlib has no folding CRC).
inline uint32_t slot_check(const Block& b, uint32_t round, uint32_t i, std::span<const uint8_t> puzzle, uint32_t at) {
  const Slot& s = b.slots[i];
  struct {
    uint32_t round, slot;
    uint8_t status, solution_box, unusable, zero;
    uint32_t message_len;
    uint64_t solutions, guesses, backtracks, nodes, time_ns;
  } const fields{round, i, s.status, s.solution_box, s.unusable, 0, s.message_len,
                 s.solutions, s.guesses, s.backtracks, s.nodes, s.time_ns};
  static_assert(sizeof fields == 4 * 4 + 5 * 8);  // no padding: every byte hashed is set
  XXH64_hash_t h = XXH3_64bits(&fields, sizeof fields);
  h = XXH3_64bits_withSeed(puzzle.data(), puzzle.size(), h);
  if (s.solution_box != 0) h = XXH3_64bits_withSeed(b.solutions + at, puzzle.size(), h);
  if (s.message_len != 0) h = XXH3_64bits_withSeed(b.messages[i], std::min<std::size_t>(s.message_len, kMessage), h);
  return static_cast<uint32_t>(h ^ (h >> 32));
}

/// `text` into the array `to`, cut to fit, NUL-terminated.
template <std::size_t N>
inline void copy_cut(char (&to)[N], std::string_view text) noexcept {
  const std::size_t n = std::min(text.size(), N - 1);
  std::memcpy(to, text.data(), n);
  to[n] = '\0';
}
/// What copy_cut() wrote: the text up to its NUL (the whole array when it has none).
template <std::size_t N>
inline std::string_view cut_text(const char (&from)[N]) noexcept {
  return {from, ::strnlen(from, N)};
}

/// The block at descriptor `fd`, mapped (both sides); nullptr when it is not one of this build's
/// size or cannot be mapped (errno says why).
Block* map_block(int fd);

}  // namespace puzzle::ext::isolate_wire
