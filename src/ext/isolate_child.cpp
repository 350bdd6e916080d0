// The child process of an isolated plug-in (isolate.hpp): it answers the handshake, loads the
// library, and then solves the slices the parent hands it through the shared block
// (isolate_wire.hpp), one puzzle after another, until the parent closes its socket. It trusts
// nothing in the block that the library could have written over: each slice's parameters are
// read before the library runs, each puzzle's size and place checked before it is read.
#include <poll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "ext/isolate.hpp"
#include "ext/isolate_wire.hpp"
#include "sudoku/sudoku_kind.hpp"

namespace puzzle::ext {

using namespace isolate_wire;

namespace {

/// Writes `text` into the block's text (cut to fit).
void say(Block& b, std::string_view text) { copy_cut(b.header.text, text); }

/// The answer in `round` to slot `i`'s puzzle `p`, whose cells are at `at`, into `b`, signed.
void write_slot(Block& b, uint32_t round, uint32_t i, const sudoku::Grid& p, uint32_t at, const Result& r, uint64_t time_ns,
                const std::optional<std::string>& unusable, std::string_view message) {
  const int cells = p.cells();
  Slot& s = b.slots[i];
  s.status = static_cast<uint8_t>(r.status);
  s.solutions = r.solutions;
  s.guesses = r.work.guesses;
  s.backtracks = r.work.backtracks;
  s.nodes = r.work.nodes;
  s.time_ns = time_ns;
  // Its place in `solutions` has room for a grid of the puzzle's size; the layer's solvers give
  // no other (one that did reaches the parent as no grid, which the verifier rejects as an
  // answer of another size, as it would the grid itself).
  const sudoku::Grid& g = sudoku::SudokuKind::solution(r.answer);  // none: box 0
  s.solution_box = g.cells() == cells ? static_cast<uint8_t>(g.box()) : 0;
  if (s.solution_box != 0) std::memcpy(b.solutions + at, g.data(), static_cast<std::size_t>(cells));
  const std::string_view m = unusable ? std::string_view(*unusable) : message;
  s.unusable = unusable ? 1 : 0;
  s.message_len = static_cast<uint16_t>(std::min(m.size(), kMessage));
  if (s.message_len != 0) std::memcpy(b.messages[i], m.data(), s.message_len);  // an empty view may be null
  s.check = slot_check(b, round, i, {p.data(), static_cast<std::size_t>(cells)}, at);
}

}  // namespace

int isolated_child_main(int argc, char** argv, std::string_view build) {
  if (argc != 5) {
    std::fprintf(stderr, "sudoku-bench %s: for sudoku-bench's own use (an isolated plug-in)\n",
                 std::string(kIsolatedChildCommand).c_str());
    return 2;
  }
  // The handshake, before anything else: this build's identity beside the parent's. Another
  // build's parent names both in its one message; this process says nothing.
  if (struct stat st{}; ::fstat(kBlockFd, &st) == 0 && static_cast<std::size_t>(st.st_size) >= sizeof(Handshake)) {
    void* p = ::mmap(nullptr, sizeof(Handshake), PROT_READ | PROT_WRITE, MAP_SHARED, kBlockFd, 0);
    if (p != MAP_FAILED) {
      Handshake& hs = *static_cast<Handshake*>(p);
      const bool ours = std::memcmp(hs.magic, kMagic, sizeof kMagic) == 0;
      if (ours) copy_cut(hs.child, build);
      const bool same = ours && cut_text(hs.parent) == cut_text(hs.child);
      ::munmap(p, sizeof(Handshake));
      if (ours && !same) return kStaleExit;
    }
  }
  Block* b = map_block(kBlockFd);
  ::close(kBlockFd);  // mapped: the library has no descriptor of the block to find
  if (b == nullptr) {
    std::fprintf(stderr, "sudoku-bench %s: no block of this build shared with the parent (a %s from another build "
                 "of sudoku-bench beside it?)\n", std::string(kIsolatedChildCommand).c_str(),
                 std::string(kPluginHostProgram).c_str());
    return 2;
  }
  // The watchdog: when the parent ends, however (even kill -9), its end of the socket closes;
  // the child then exits at once, even in the middle of a library call that never returns.
  std::thread([] {
    pollfd f{kSocketFd, POLLRDHUP, 0};
    while (::poll(&f, 1, -1) < 0 && errno == EINTR) {
    }
    ::_exit(0);
  }).detach();

  const std::string path = argv[2], symbol = argv[3], name = argv[4];
  Loaded loaded;
  try {
    LoadOptions options;
    options.reentrant = {"all"};  // one thread here: the library's one instance
    loaded = symbol.empty() ? load_native(path, options) : load_harness(name, path, symbol, options);
  } catch (const std::exception& e) {
    say(*b, e.what());
    return 2;
  }
  std::string list;
  for (const SolverInfo& s : loaded.solvers) list += fmt::format("{}\t{}\t{}\n", s.name, s.sizes, s.description);
  say(*b, list);
  const char ready = kReady, done = kDone;
  if (::send(kSocketFd, &ready, 1, MSG_NOSIGNAL) != 1) return 0;

  std::vector<std::unique_ptr<Solver>> solvers(loaded.solvers.size());
  sudoku::Grid puzzle;
  Header& h = b->header;
  for (;;) {
    char c = 0;
    const ssize_t got = ::recv(kSocketFd, &c, 1, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got != 1) return 0;  // the parent is done with us
    // The hand-over's parameters, read before the library runs again (it may write over them).
    const uint32_t index = h.solver, count = h.count, round = h.round, first = h.next.load(std::memory_order_relaxed);
    const Limits limits{h.limit, h.budget};
    if (c != kGo || index >= solvers.size() || count > kSlots) return 2;
    std::unique_ptr<Solver>& solver = solvers[index];
    if (solver == nullptr) {
      try {
        solver = loaded.solvers[index].make();
      } catch (const std::exception& e) {  // the parent stops the run with this message
        say(*b, e.what());
        ::send(kSocketFd, &kNoState, 1, MSG_NOSIGNAL);
        return kNoStateExit;
      }
    }
    for (uint32_t i = first; i < count; ++i) {
      if (h.stop.load(std::memory_order_relaxed) != 0) break;
      const Slot& s = b->slots[i];
      const int box = s.box;
      const uint32_t at = s.at;
      const auto cells = static_cast<std::size_t>(box) * box * box * box;
      if (box < sudoku::kMinBox || box > sudoku::kMaxBox || at > sizeof b->cells - cells) {  // not what the parent wrote
        ::send(kSocketFd, &kOverwritten, 1, MSG_NOSIGNAL);
        return 2;
      }
      puzzle.reshape(box);
      std::memcpy(puzzle.data(), b->cells + at, cells);
      const auto t0 = std::chrono::steady_clock::now();
      Result r = solver->solve(puzzle, limits);
      const auto t1 = std::chrono::steady_clock::now();
      const std::optional<std::string> unusable = solver->complete(puzzle, r);  // untimed
      write_slot(*b, round, i, puzzle, at, r,
                 static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count()),
                 unusable, solver->message());
      // The next puzzle begins no earlier than this call's end: stored before the progress
      // that announces it (no third clock read per puzzle).
      h.started_ns.store(ns_of(t1), std::memory_order_relaxed);
      h.next.store(i + 1, std::memory_order_release);
    }
    if (::send(kSocketFd, &done, 1, MSG_NOSIGNAL) != 1) return 0;
  }
}

}  // namespace puzzle::ext
