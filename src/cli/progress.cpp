#include "cli/progress.hpp"

#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "cli/table.hpp"

namespace puzzle::cli {

ProgressBar::ProgressBar(const Console& console) : err_(console.err), tty_(console.tty) {}

void ProgressBar::update(const puzzle::run::Progress& p) {
  if (p.elapsed_s < last_draw_) last_draw_ = -1;  // a new pass began
  if (!tty_ || p.elapsed_s < 1.0) return;
  if (shown_ && p.elapsed_s - last_draw_ < 0.1) return;
  last_draw_ = p.elapsed_s;
  shown_ = true;
  const double rate = p.elapsed_s > 0 ? double(p.puzzles) / p.elapsed_s : 0;
  const std::string name = std::filesystem::path(*p.file).filename().string();
  std::string bar;
  if (p.total > 0) {
    const double frac = std::min(1.0, double(p.done) / double(p.total));
    const int width = 24, fill = static_cast<int>(frac * width);
    const double eta = frac > 0 ? p.elapsed_s * (1 - frac) / frac : 0;
    const int e = static_cast<int>(eta + 0.5);
    bar = fmt::format("[{}{}] {:3.0f}%  ETA {}:{:02d}:{:02d}  ", std::string(fill, '#'),
                      std::string(width - fill, '.'), frac * 100, e / 3600, e / 60 % 60, e % 60);
  }
  // The pace: puzzles a second, or seconds a puzzle when slower than one a second (`rate` on the
  // hardest puzzles), where "0/s" would say nothing.
  const std::string pace = p.puzzles == 0 ? "-"
                           : rate >= 10   ? human(rate) + "/s"
                           : rate >= 1    ? fmt::format("{:.1f}/s", rate)
                                          : fmt::format("{:.1f} s each", p.elapsed_s / double(p.puzzles));
  fmt::print(err_, "\r\033[K{}{} puzzles  {}  {} / {}", bar, human(double(p.puzzles)), pace, name, p.solver);
  std::fflush(err_);
}

void ProgressBar::line(const std::string& text) {
  if (!tty_) return;
  fmt::print(err_, "\r\033[K{}", text);
  std::fflush(err_);
  shown_ = true;
}

void ProgressBar::clear() {
  if (!shown_) return;
  fmt::print(err_, "\r\033[K");
  std::fflush(err_);
  shown_ = false;
  last_draw_ = -1;
}

}  // namespace puzzle::cli
