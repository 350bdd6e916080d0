#pragma once
// Sudoku's part of sudoku_bench._core (module.cpp beside this file), added by the module's table
// of kinds (python/kinds.cpp).
#include <pybind11/pybind11.h>

namespace pymodule {

namespace py = pybind11;

/// Sudoku's arrays, rate, transform, generators, levels, rating columns, plug-ins.
void add_sudoku(py::module_& m);

}  // namespace pymodule
