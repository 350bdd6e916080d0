#include "run/judge.hpp"

namespace puzzle::run {

void ProblemReport::operator()(uint64_t line, const Verdict& v) {
  if (!cfg_.on_problem || v.message.empty()) return;
  if (v.status == Status::unsupported) {
    if (!unsupported_reported_) cfg_.on_problem(file_, line, v.message);
    unsupported_reported_ = true;
  } else if (v.status != Status::invalid || report_invalid_) {
    cfg_.on_problem(file_, line, v.message);
  }
}

}  // namespace puzzle::run
