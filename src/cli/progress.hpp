#pragma once
// A progress bar on stderr, shown only when stderr is a terminal and a pass has run for over a
// second, redrawn at most ten times a second.
#include <string>

#include "cli/console.hpp"
#include "run/pipeline.hpp"

namespace puzzle::cli {

class ProgressBar {
 public:
  /// On `console`'s error stream, when it is a terminal.
  explicit ProgressBar(const Console& console);
  ~ProgressBar() { clear(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  void update(const puzzle::run::Progress& p);
  /// A one-line status in place of the bar ("rep 2/5  default.txt dlx"), on a terminal only.
  void line(const std::string& text);
  /// Erases the bar (before other output, and at the end of a pass).
  void clear();

 private:
  std::FILE* err_;
  bool tty_;
  bool shown_ = false;
  double last_draw_ = -1;
};

}  // namespace puzzle::cli
