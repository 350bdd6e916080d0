// sudoku-bench-plugin-host: the child process of an isolated plug-in (ext/isolate.hpp),
// a program of its own so that a child's start costs only what it needs: the plug-in layer and
// the library, not the tool's start-up (its CLI, TBB, OpenSSL, zlib, the solver registry).
// Started by the tool (and the Python module) with the same arguments as
// `sudoku-bench __plugin-child`; not a program for users.
#include "ext/isolate.hpp"

int main(int argc, char** argv) { return puzzle::ext::isolated_child_main(argc, argv); }
