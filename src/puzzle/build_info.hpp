#pragma once
#include <string_view>

namespace puzzle {

/// How this binary was built; every results file records it.
struct BuildInfo {
  std::string_view version;
  std::string_view git_revision;
  std::string_view compiler;
  std::string_view build_type;
  std::string_view flags;
};

const BuildInfo& build_info() noexcept;

}  // namespace puzzle
