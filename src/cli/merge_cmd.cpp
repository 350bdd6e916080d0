// `merge`: the parts of a sharded run (solve, rate, generate, transform with --shard K/N) back
// into the one output a single run would have written (io/merge.hpp does the work).
#include <chrono>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/session.hpp"
#include "io/merge.hpp"

namespace puzzle::cli {

int merge(const MergeOptions& opt, const Context& ctx) {
  const puzzle::io::MergePlan plan = puzzle::io::plan_merge(opt.parts);
  if (!opt.summary.empty() && plan.layout != puzzle::io::ResultsLayout::rows)
    throw UsageError("--summary: only the per-puzzle rows of solve and rate have a summary");
  for (const std::string& w : plan.warnings) fmt::print(ctx.console->err, "warning: {}\n", w);

  // The merged file says what was run (the parts' datasets, solvers, options), the threads of
  // all parts together, and which part files it was made from.
  Session session(ctx, plan.threads);
  for (const auto& [k, v] : plan.identity) session.record(k, v);
  for (const std::string& p : plan.parts) session.input(p, "part");
  puzzle::io::OutputFile* out = session.output(opt.output, "merged output");
  puzzle::io::OutputFile* summary = session.output(opt.summary, "summary");
  session.resume(opt.resume);  // a merge is redone from its parts: nothing of it to keep
  session.start();
  return session.run([&] {
    const auto t0 = std::chrono::steady_clock::now();
    puzzle::io::Merged m;
    try {
      m = puzzle::io::merge_parts(plan, *out, session.header(), session.stop_flag());
    } catch (const puzzle::io::InputError&) {  // parts that are not one run: nothing worth keeping
      out->discard();
      if (summary != nullptr) summary->discard();
      throw;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    Session::Outcome o;
    if (plan.layout == puzzle::io::ResultsLayout::rows) o = report_summaries(session, m.summaries, summary, false);
    fmt::print(session.term(), "merge: {} shards, {} lines in {:.3f} s\n", plan.shards, m.lines, s);
    return o;
  });
}


void add_merge_command(CLI::App& app, Commands& out) {
  auto opt = std::make_shared<MergeOptions>();
  auto* m = app.add_subcommand(
      "merge", "Merge the parts of a run cut with --shard K/N into the output a single run "
               "writes (rows in input order, the summary recomputed from them)");
  m->add_option("parts", opt->parts,
                "The parts, in any order: every shard 0..N-1 of one run exactly once (rows of "
                "solve or rate, or the output or --stats of generate or transform)")
      ->required();
  m->add_option("-o,--output", opt->output, "The merged file; - for stdout")->required();
  m->add_option("--summary", opt->summary,
                "Summary CSV recomputed from the merged rows (exact percentiles; wall_s and "
                "puzzles_per_s blank: the parts were not one timed run)");
  m->add_flag("--resume", opt->resume,
              "Replace the partial output a stopped merge left (a merge is made again from its "
              "parts, which are quick to read)");
  out.push_back({m, [opt](const Context& ctx) { return merge(*opt, ctx); }});
}

}  // namespace puzzle::cli
