// A sudoku-bench-plugin-host "from another build" for tests/isolate_test.cpp: the real child's
// code, answering the handshake with an identity no build has. A tool must refuse it with one
// message naming both builds (what a stale host left beside a new tool looks like).
#include "ext/isolate.hpp"

int main(int argc, char** argv) {
  return puzzle::ext::isolated_child_main(argc, argv, "0.0.0 stale-build, protocol 0, block 0 bytes");
}
