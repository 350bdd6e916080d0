#include "cli/se_budget.hpp"

#include <fmt/format.h>

#include "sudoku/se/se.hpp"

namespace puzzle::cli {

void add_se_budget_option(CLI::App* app, uint64_t& budget) {
  auto power = [](uint64_t v) {  // 2000000000 -> "2e9"
    int e = 0;
    for (; v >= 10 && v % 10 == 0; v /= 10) ++e;
    return fmt::format("{}e{}", v, e);
  };
  app->add_option("--se-budget", budget,
                  fmt::format("Work budget of the SE rater per puzzle, in work units (about one a candidate "
                              "looked at; 2e9, 500M) or as a duration (30s, 2min: {} units a second, the "
                              "speed of the machine in results/rating.md, so the outcome does not depend on "
                              "this machine's); a puzzle over it is budget_exceeded; 0 = unlimited",
                              power(puzzle::sudoku::se::kSeWorkPerSecond)))
      ->transform(CLI::Validator(
          [](std::string& text) -> std::string {
            const auto units = puzzle::sudoku::se::parse_budget(text);
            if (!units) return "expected work units (2e9, 500M) or a duration (30s, 2min, 1h), got '" + text + "'";
            text = std::to_string(*units);
            return {};
          },
          ""))
      ->type_name("UNITS|DURATION")
      ->default_str(fmt::format("{} (about {} s)", power(puzzle::sudoku::se::kDefaultSeBudget),
                                puzzle::sudoku::se::kDefaultSeBudget / puzzle::sudoku::se::kSeWorkPerSecond));
}

}  // namespace puzzle::cli
