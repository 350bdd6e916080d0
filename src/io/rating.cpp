#include "io/rating.hpp"

#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace puzzle::io {

namespace {

using Buf = fmt::memory_buffer;

/// The rater reached an ER: every cell filled, or no technique left (20.0, as the reference).
bool finished(const sudoku::se::Rating& r) { return r.status == sudoku::se::RatingStatus::rated || r.status == sudoku::se::RatingStatus::stuck; }

/// A rating as the reference prints it ("7.2"); blank when the rater did not finish.
void put_tenths(Buf& b, const sudoku::se::Rating& r, int tenths) {
  if (finished(r)) b.append(sudoku::se::tenths_text(tenths));
}

}  // namespace

const Schema<RatingRow>& rating_schema() {
  using R = RatingRow;
  static const Schema<R> s([] {
    std::vector<Column<R>> c = {
        {"er", [](Buf& b, const R& r) { put_tenths(b, *r.se, r.se->er); }},
        {"ep", [](Buf& b, const R& r) { put_tenths(b, *r.se, r.se->ep); }},
        {"ed", [](Buf& b, const R& r) { put_tenths(b, *r.se, r.se->ed); }},
        {"level", [](Buf& b, const R& r) {
           if (finished(*r.se)) b.append(sudoku::se::level_name(r.se->er));
         }},
        {"hardest_technique", [](Buf& b, const R& r) {
           if (r.se->status == sudoku::se::RatingStatus::rated) b.append(sudoku::se::tech_id(r.se->hardest));
         }},
        {"rating_status", [](Buf& b, const R& r) { b.append(sudoku::se::status_id(r.se->status)); }},
    };
    // One count column per technique, n_<technique>: each writer is a distinct function (a
    // template over the technique's index); the names live as long as the schema.
    static const std::vector<std::string> names = [] {
      std::vector<std::string> n;
      for (int t = 0; t < sudoku::se::kTechCount; ++t) n.push_back("n_" + std::string(sudoku::se::tech_id(static_cast<sudoku::se::Tech>(t))));
      return n;
    }();
    [&c]<std::size_t... T>(std::index_sequence<T...>) {
      (c.push_back({names[T], [](Buf& b, const R& r) { column::put(b, "{}", r.se->counts[T]); }}), ...);
    }(std::make_index_sequence<sudoku::se::kTechCount>{});
    return c;
  }());
  return s;
}

}  // namespace puzzle::io
