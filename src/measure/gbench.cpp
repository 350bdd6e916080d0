#include "measure/gbench.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>
#include <utility>

#include <nlohmann/json.hpp>

#include "puzzle/machine.hpp"

namespace puzzle::measure {
namespace {

using Json = nlohmann::ordered_json;

/// The first "cpu MHz" of /proc/cpuinfo, or 0.
double cpu_mhz() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("cpu MHz")) {
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) return std::strtod(line.c_str() + colon + 1, nullptr);
    }
  return 0;
}

/// A row's user counters, in a fixed order; NaN values are left out.
std::vector<std::pair<std::string, double>> counters(const BenchRow& r, bool counted) {
  std::vector<std::pair<std::string, double>> out = {
      {"puzzles", double(r.puzzles)},
      {"nodes", double(r.nodes)},
      {"guesses", double(r.guesses_total)},
      {"backtracks", double(r.backtracks_total)},
      {"found", double(r.found)},
      {"unique", double(r.unique)},
      {"multiple", double(r.multiple)},
      {"none", double(r.none)},
      {"invalid", double(r.invalid)},
      {"budget_exceeded", double(r.budget_exceeded)},
      {"unsupported", double(r.unsupported)},
      {"wrong", double(r.wrong)},
      {"timeout", double(r.timeout)},
      {"error", double(r.error)},
  };
  if (!counted) out.emplace_back("ratio_to_baseline", r.ratio_to_baseline);
  out.emplace_back("instructions_per_puzzle", r.instructions_per_puzzle);
  out.emplace_back("est_cycles_per_puzzle", r.est_cycles_per_puzzle);
  out.emplace_back("l1_hits", r.l1_hits);
  out.emplace_back("ll_hits", r.ll_hits);
  out.emplace_back("ram_hits", r.ram_hits);
  std::erase_if(out, [](const auto& c) { return !std::isfinite(c.second); });
  return out;
}

/// One repetition as Google Benchmark's run: its times and counters.
struct Run {
  uint64_t iterations = 0;
  double real_time = 0, cpu_time = 0;
  std::vector<std::pair<std::string, double>> counters;
};

Run run_of(const BenchRow& r, bool counted) {
  Run out;
  out.counters = counters(r, counted);
  if (counted) {
    out.iterations = r.puzzles;
    out.real_time = out.cpu_time = r.instructions_per_puzzle;
  } else {
    out.iterations = r.puzzles * r.passes;
    out.real_time = 1e9 / r.puzzles_per_s;
    out.cpu_time = std::isfinite(r.cpu_s) && r.wall_s > 0 ? out.real_time * r.cpu_s / r.wall_s : out.real_time;
  }
  return out;
}

struct Stats {
  double mean = 0, median = 0, stddev = 0;
};
Stats stats_of(std::vector<double> v) {
  Stats s;
  const double n = double(v.size());
  for (double x : v) s.mean += x / n;
  s.median = median(v);
  double sq = 0;
  for (double x : v) sq += (x - s.mean) * (x - s.mean);
  s.stddev = v.size() > 1 ? std::sqrt(sq / (n - 1)) : 0;  // the sample's, as Google Benchmark's
  return s;
}

}  // namespace

GbenchMachine this_machine(const std::string& executable) {
  GbenchMachine m;
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0) m.host_name = host;
  m.executable = executable;
  m.num_cpus = int(std::thread::hardware_concurrency());
  m.mhz_per_cpu = cpu_mhz();
  m.have_load_avg = ::getloadavg(m.load_avg, 3) == 3;
  return m;
}

std::string gbench_json(const io::Meta& meta, const std::vector<BenchRow>& rows, const GbenchMachine& machine) {
  auto value = [&meta](std::string_view key) {
    for (const auto& [k, v] : meta)
      if (k == key) return v;
    return std::string();
  };
  const bool counted = value("measure") == "instructions";
  Json context = Json::object();
  context["date"] = value("date");
  context["host_name"] = machine.host_name;
  context["executable"] = machine.executable;
  context["num_cpus"] = machine.num_cpus;
  if (machine.mhz_per_cpu > 0) context["mhz_per_cpu"] = std::lround(machine.mhz_per_cpu);
  context["cpu_scaling_enabled"] = false;  // not known here; Google Benchmark's readers ignore it
  context["caches"] = Json::array();
  if (machine.have_load_avg)
    context["load_avg"] = Json::array({machine.load_avg[0], machine.load_avg[1], machine.load_avg[2]});
  std::string build = value("build");
  for (char& c : build) c = char(std::tolower(static_cast<unsigned char>(c)));
  context["library_build_type"] = build == "debug" ? "debug" : "release";
  std::map<std::string, std::string> joined;  // repeated keys (dataset) in one string
  std::vector<std::string> order;
  for (const auto& [k, v] : meta) {
    if (k == "date") continue;
    auto [it, fresh] = joined.try_emplace(k, v);
    if (fresh) order.push_back(k);
    else it->second += "; " + v;
  }
  for (const std::string& k : order) context[k] = joined[k];

  // (dataset file name, solver) groups in first-seen order, their rows in repetition order.
  std::vector<std::pair<std::string, std::vector<const BenchRow*>>> groups;
  for (const BenchRow& r : rows) {
    const std::string name = std::filesystem::path(r.dataset).filename().string() + "/" + r.solver;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == name; });
    if (it == groups.end()) it = groups.insert(groups.end(), {name, {}});
    it->second.push_back(&r);
  }
  Json benchmarks = Json::array();
  const char* label = counted ? "instructions per puzzle in real_time and cpu_time, not time (sudoku-bench "
                                "bench --measure instructions)"
                              : nullptr;
  int family = 0;
  for (const auto& [group_name, group] : groups) {
    const std::string& name = group_name;  // clang before 16 cannot capture a structured binding
    std::vector<Run> runs;
    for (const BenchRow* r : group) {
      Run run = run_of(*r, counted);
      if (std::isfinite(run.real_time) && std::isfinite(run.cpu_time)) runs.push_back(std::move(run));
    }
    if (runs.empty()) continue;  // nothing was solved: no time to write
    const int reps = int(runs.size());
    auto head = [&](Json& b, const std::string& full_name, const char* run_type) {
      b["name"] = full_name;
      b["family_index"] = family;
      b["per_family_instance_index"] = 0;
      b["run_name"] = name;
      b["run_type"] = run_type;
      b["repetitions"] = reps;
    };
    auto tail = [&](Json& b, uint64_t iterations, double real_time, double cpu_time,
                    const std::vector<std::pair<std::string, double>>& cs) {
      b["iterations"] = iterations;
      b["real_time"] = real_time;
      b["cpu_time"] = cpu_time;
      b["time_unit"] = "ns";
      if (label != nullptr) b["label"] = label;
      for (const auto& [k, v] : cs) b[k] = v;
    };
    for (int i = 0; i < reps; ++i) {
      Json b = Json::object();
      head(b, name, "iteration");
      b["repetition_index"] = i;
      b["threads"] = group[0]->threads;
      tail(b, runs[std::size_t(i)].iterations, runs[std::size_t(i)].real_time, runs[std::size_t(i)].cpu_time,
           runs[std::size_t(i)].counters);
      benchmarks.push_back(std::move(b));
    }
    if (reps > 1) {
      // Google Benchmark's aggregates of every value over the repetitions.
      auto over = [&runs](auto get) {
        std::vector<double> v;
        for (const Run& r : runs) v.push_back(get(r));
        return stats_of(std::move(v));
      };
      const Stats real = over([](const Run& r) { return r.real_time; });
      const Stats cpu = over([](const Run& r) { return r.cpu_time; });
      std::vector<std::pair<std::string, Stats>> cs;
      for (std::size_t c = 0; c < runs[0].counters.size(); ++c) {
        const std::string& key = runs[0].counters[c].first;
        cs.emplace_back(key, over([&key](const Run& r) {
                          for (const auto& [k, v] : r.counters)
                            if (k == key) return v;
                          return 0.0;
                        }));
      }
      const std::pair<const char*, double Stats::*> kinds[] = {
          {"mean", &Stats::mean}, {"median", &Stats::median}, {"stddev", &Stats::stddev}, {"cv", nullptr}};
      for (const auto& [agg, field] : kinds) {
        auto pick = [field = field](const Stats& s) {
          return field != nullptr ? s.*field : s.mean != 0 ? s.stddev / s.mean : 0.0;
        };
        std::vector<std::pair<std::string, double>> values;
        for (const auto& [k, s] : cs) values.emplace_back(k, pick(s));
        Json b = Json::object();
        head(b, name + "_" + agg, "aggregate");
        b["threads"] = group[0]->threads;
        b["aggregate_name"] = agg;
        b["aggregate_unit"] = field != nullptr ? "time" : "percentage";
        tail(b, uint64_t(reps), pick(real), pick(cpu), values);
        benchmarks.push_back(std::move(b));
      }
    }
    ++family;
  }
  Json doc = Json::object();
  doc["context"] = std::move(context);
  doc["benchmarks"] = std::move(benchmarks);
  return doc.dump(2) + "\n";
}

}  // namespace puzzle::measure
