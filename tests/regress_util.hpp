#pragma once
// What the tests of `regress` share (regress_test, count_test): apart from test_util.hpp, which
// the solver thread test includes without the bench layer.
#include <stdexcept>
#include <string>

#include "measure/regress.hpp"

namespace test {

/// The comparison of `solver` in a regress report (an exception when it has none).
inline const puzzle::measure::Comparison& item(const puzzle::measure::RegressReport& r, const std::string& solver) {
  for (const auto& c : r.items)
    if (c.solver == solver) return c;
  throw std::runtime_error("no item for " + solver);
}

}  // namespace test
