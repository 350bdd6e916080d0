// The Python module's part of the table of puzzle kinds (the core's is puzzle/kinds.hpp, the
// command line's cli/kinds.*): each kind's own part of sudoku_bench._core, added before the
// shared calls that ask the hooks the parts fill in (module.hpp: array_kinds, size_listers).
// With those tables, the one place outside the kinds' folders that names a kind.
#include "module.hpp"
#include "sudoku_module.hpp"

namespace pymodule {

void add_kinds(py::module_& m) { add_sudoku(m); }

}  // namespace pymodule
