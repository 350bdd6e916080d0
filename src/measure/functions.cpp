#include "measure/functions.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "io/reader.hpp"
#include "measure/count.hpp"

namespace puzzle::measure {
namespace {

/// Callgrind's name compression: "(12) name" defines 12, "(12)" refers back to it.
class Names {
 public:
  std::string resolve(std::string_view spec) {
    if (!spec.starts_with('(')) return std::string(spec);
    const std::size_t close = spec.find(')');
    if (close == std::string_view::npos) return std::string(spec);
    const std::string id(spec.substr(1, close - 1));
    std::string_view rest = spec.substr(close + 1);
    if (rest.starts_with(' ')) rest.remove_prefix(1);
    if (!rest.empty()) return names_[id] = std::string(rest);
    const auto it = names_.find(id);
    return it != names_.end() ? it->second : "(" + id + ")";
  }

 private:
  std::map<std::string, std::string> names_;
};

std::string base_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

}  // namespace

std::vector<FunctionCount> parse_callgrind_functions(std::string_view text, const std::string& name) {
  Names objects, functions;
  std::size_t positions = 1;  // "line" unless the dump says otherwise
  std::ptrdiff_t ir = -1;
  std::vector<FunctionCount> fns;
  std::map<std::string, std::size_t> fn_index;
  std::map<std::pair<std::string, std::string>, uint64_t> calls;  // (caller, callee) -> Ir
  std::size_t current = SIZE_MAX;
  std::string object, callee_object, callee;
  bool call_cost_next = false;
  auto function_at = [&](const std::string& fn, const std::string& ob) {
    auto [it, fresh] = fn_index.try_emplace(fn, fns.size());
    if (fresh) fns.push_back({base_name(ob), fn, {}, 0, 0});
    return it->second;
  };
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.empty()) continue;
    const char c = line[0];
    if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '*') {  // a cost line
      if (current == SIZE_MAX || ir < 0) continue;
      const auto w = callgrind_words(line);
      const std::size_t at = positions + std::size_t(ir);
      uint64_t v = 0;
      if (at < w.size()) {
        const auto [p, ec] = std::from_chars(w[at].data(), w[at].data() + w[at].size(), v);
        if (ec != std::errc() || p != w[at].data() + w[at].size())
          throw std::runtime_error(fmt::format("{}: bad cost '{}' in line '{}'", name, w[at], line));
      }
      if (call_cost_next) {
        call_cost_next = false;
        const std::size_t callee_at = function_at(callee, callee_object.empty() ? object : callee_object);
        callee_object.clear();
        if (callee_at != current) {  // a call to itself is in its own count already
          fns[current].inclusive += v;
          calls[{fns[current].function, callee}] += v;
        }
      } else {
        fns[current].self += v;
        fns[current].inclusive += v;
      }
    } else if (line.starts_with("fn=")) {
      current = function_at(functions.resolve(line.substr(3)), object);
    } else if (line.starts_with("cfn=")) {
      callee = functions.resolve(line.substr(4));
    } else if (line.starts_with("ob=")) {
      object = objects.resolve(line.substr(3));
    } else if (line.starts_with("cob=")) {
      callee_object = objects.resolve(line.substr(4));
    } else if (line.starts_with("calls=")) {
      call_cost_next = true;
    } else if (line.starts_with("positions:")) {
      positions = callgrind_words(line.substr(10)).size();
    } else if (line.starts_with("events:")) {
      const auto ev = callgrind_words(line.substr(7));
      const auto it = std::find(ev.begin(), ev.end(), "Ir");
      if (it == ev.end()) throw std::runtime_error(fmt::format("{}: a callgrind dump without the Ir event", name));
      ir = it - ev.begin();
    }
  }
  if (ir < 0) throw std::runtime_error(fmt::format("{}: not a callgrind dump (no events line)", name));
  std::erase_if(fns, [](const FunctionCount& f) { return f.self == 0 && f.inclusive == 0; });
  for (const auto& [pair, v] : calls) {
    if (v == 0) continue;
    const std::string& to_fn = pair.second;  // clang before 16 cannot capture a structured binding
    const auto it = std::find_if(fns.begin(), fns.end(), [&](const FunctionCount& f) { return f.function == to_fn; });
    fns.push_back({it != fns.end() ? it->object : "", to_fn, pair.first, 0, v});
  }
  return fns;
}

const io::Schema<FunctionRow>& functions_schema() {
  using io::column::num;
  using io::column::text;
  using R = FunctionRow;
  static const io::Schema<R> s{
      text<&R::dataset>("dataset"),
      text<&R::solver>("solver"),
      num<&R::rep>("rep"),
      {"object", [](fmt::memory_buffer& b, const R& r) { io::append_csv_field(b, r.count.object); },
       [](std::string_view t, R& r) { return r.count.object.assign(t), true; }},
      {"function", [](fmt::memory_buffer& b, const R& r) { io::append_csv_field(b, r.count.function); },
       [](std::string_view t, R& r) { return r.count.function.assign(t), true; }},
      {"caller", [](fmt::memory_buffer& b, const R& r) { io::append_csv_field(b, r.count.caller); },
       [](std::string_view t, R& r) { return r.count.caller.assign(t), true; }},
      {"self_instructions", [](fmt::memory_buffer& b, const R& r) { fmt::format_to(std::back_inserter(b), "{}", r.count.self); },
       [](std::string_view t, R& r) {
         const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), r.count.self);
         return ec == std::errc() && p == t.data() + t.size();
       }},
      {"inclusive_instructions",
       [](fmt::memory_buffer& b, const R& r) { fmt::format_to(std::back_inserter(b), "{}", r.count.inclusive); },
       [](std::string_view t, R& r) {
         const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), r.count.inclusive);
         return ec == std::errc() && p == t.data() + t.size();
       }},
  };
  return s;
}

FunctionFile read_functions_csv(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw io::InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  std::stringstream ss;
  ss << in.rdbuf();
  return read_table(ss.str(), path, functions_schema(),
                    {"dataset", "solver", "rep", "function", "caller", "self_instructions", "inclusive_instructions"});
}

std::string functions_file_for(const std::string& path) {
  std::filesystem::path p(path);
  return (p.parent_path() / p.stem()).string() + ".functions.csv";
}

namespace {

/// The rows of (dataset file name, solver) in the first repetition of that pair in `f`.
std::vector<const FunctionCount*> rows_of(const FunctionFile& f, const std::string& dataset, const std::string& solver) {
  std::vector<const FunctionCount*> out;
  int rep = -1;
  for (const FunctionRow& r : f.rows) {
    if (r.solver != solver || base_name(r.dataset) != dataset) continue;
    if (rep < 0) rep = r.rep;
    if (r.rep == rep) out.push_back(&r.count);
  }
  return out;
}

}  // namespace

std::vector<FunctionChange> function_changes(const FunctionFile& base, const FunctionFile& cur,
                                             const std::string& dataset, const std::string& solver,
                                             double base_puzzles, double cur_puzzles) {
  std::map<std::string, FunctionChange> by_name;
  double base_total = 0, cur_total = 0;
  auto add = [&](const FunctionFile& f, double puzzles, bool is_base) {
    for (const FunctionCount* c : rows_of(f, dataset, solver)) {
      if (!c->caller.empty()) continue;
      FunctionChange& ch = by_name[c->function];
      ch.function = c->function;
      if (ch.object.empty()) ch.object = c->object;
      (is_base ? ch.base_self : ch.cur_self) = double(c->self) / puzzles;
      (is_base ? ch.base_inclusive : ch.cur_inclusive) = double(c->inclusive) / puzzles;
      (is_base ? base_total : cur_total) += double(c->self) / puzzles;
    }
  };
  add(base, base_puzzles, true);
  add(cur, cur_puzzles, false);
  const double total = cur_total - base_total;
  std::vector<FunctionChange> out;
  for (auto& [n, ch] : by_name) {
    if (ch.base_self == ch.cur_self && ch.base_inclusive == ch.cur_inclusive) continue;
    ch.self_share = total != 0 ? (ch.cur_self - ch.base_self) / total : std::numeric_limits<double>::quiet_NaN();
    ch.inclusive_share =
        total != 0 ? (ch.cur_inclusive - ch.base_inclusive) / total : std::numeric_limits<double>::quiet_NaN();
    out.push_back(std::move(ch));
  }
  std::stable_sort(out.begin(), out.end(), [](const FunctionChange& a, const FunctionChange& b) {
    return std::abs(a.cur_self - a.base_self) > std::abs(b.cur_self - b.base_self);
  });
  return out;
}

namespace {

/// Folded stacks of one side: call path -> self instructions per puzzle (see folded_diff).
std::map<std::string, double> folded(const std::vector<const FunctionCount*>& rows, double puzzles,
                                     const std::string& root) {
  std::map<std::string, const FunctionCount*> fn;
  std::map<std::string, std::vector<std::pair<std::string, double>>> callees;  // caller -> (callee, Ir)
  std::map<std::string, double> into;                                           // callee -> Ir of all calls to it
  for (const FunctionCount* c : rows) {
    if (c->caller.empty()) fn[c->function] = c;
    else callees[c->caller].emplace_back(c->function, double(c->inclusive)), into[c->function] += double(c->inclusive);
  }
  double total = 0;
  for (const auto& [n, c] : fn) total += double(c->self);
  std::map<std::string, double> out;
  const double floor = total * 1e-5;  // paths below this share are left out (they would be many)
  std::vector<std::string> path;
  auto frame = [](std::string s) {
    std::replace(s.begin(), s.end(), ';', ':');
    return s;
  };
  // `scale`: the part of the function's count that belongs to this path. The frames above the
  // solve call that only pass it on (no instructions of their own counted, one callee: the
  // driver's and TBB's, entered before collection was turned on) are left out of the paths.
  auto walk = [&](auto&& self_fn, const std::string& f, double scale, const std::string& prefix, bool above) -> void {
    const auto it = fn.find(f);
    if (it == fn.end() || path.size() > 200) return;
    if (std::find(path.begin(), path.end(), f) != path.end()) return;  // recursion: cut
    path.push_back(f);
    above = above && it->second->self == 0 && callees[f].size() == 1;
    const std::string stack = above ? prefix : prefix + ";" + frame(f);
    if (const double v = double(it->second->self) * scale; v > 0) out[stack] += v / puzzles;
    for (const auto& [g, ir] : callees[f]) {
      const double s = scale * ir / into[g];
      const auto gi = fn.find(g);
      if (gi != fn.end() && double(gi->second->inclusive) * s >= floor) self_fn(self_fn, g, s, stack, above);
    }
    path.pop_back();
  };
  for (const auto& [n, c] : fn)
    if (!into.contains(n)) walk(walk, n, 1.0, root, true);  // the roots: called by nothing counted
  return out;
}

}  // namespace

std::string folded_diff(const FunctionFile& base, const FunctionFile& cur, const std::string& dataset,
                        const std::string& solver, double base_puzzles, double cur_puzzles,
                        const std::string& root) {
  const auto a = folded(rows_of(base, dataset, solver), base_puzzles, root);
  const auto b = folded(rows_of(cur, dataset, solver), cur_puzzles, root);
  std::set<std::string> stacks;
  for (const auto& [s, v] : a) stacks.insert(s);
  for (const auto& [s, v] : b) stacks.insert(s);
  std::string out;
  for (const std::string& s : stacks) {
    const auto x = a.find(s), y = b.find(s);
    const long long va = x != a.end() ? std::llround(x->second) : 0, vb = y != b.end() ? std::llround(y->second) : 0;
    if (va != 0 || vb != 0) out += fmt::format("{} {} {}\n", s, va, vb);
  }
  return out;
}

}  // namespace puzzle::measure
