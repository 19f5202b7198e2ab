// Level 1: one network on one or more executors (network_benchmark.h), and the micro-batching
// transformation (micro_batching.h). The "network" section is parsed and checked in core
// (network_spec.h); here it is measured and stored.
#include <algorithm>
#include <filesystem>

#include "d500/network/network_isolation.h"
#include "d500/network/network_spec.h"
#include "d500/network/node_validation.h"
#include "levels.h"

namespace d500::run {

namespace {

// The section as check_experiment accepted it.
network::NetworkSpec parse_section(const spec::Experiment& e, const std::string& spec_path) {
  const std::string dir = std::filesystem::path(spec_path).parent_path().string();
  auto s = network::parse_network(e.sections.value("network", nlohmann::json::object()), spec_path,
                                  dir, e.repetition, e.seed);
  if (!s) throw Failure{kBadInput, s.error().to_string()};
  return std::move(s).value();
}

// What the benchmark, its isolated children and micro-batching measured, over the run.
struct Tally {
  size_t measured = 0, failed = 0, invalid = 0;
  bool cancelled = false;
  std::vector<std::string> errors;

  void add(size_t points, const std::vector<std::string>& errs, bool was_cancelled,
           bool child_failed = false) {
    measured += points + (child_failed ? 1 : 0);
    failed += errs.size();
    errors.insert(errors.end(), errs.begin(), errs.end());
    cancelled = cancelled || was_cancelled;
  }
  void add_micro(const std::string& name, const std::vector<network::MicroBatchResult>& results) {
    for (const auto& r : results) {
      ++measured;
      if (!r.error.empty()) {
        ++failed;
        errors.push_back("micro-batching k=" + std::to_string(r.k) + " [" + name + "]: " + r.error);
      } else if (!r.passed) {
        ++invalid;
      }
    }
  }
};

// One pass over the points for the executors measured here (interleaved), then one per isolated
// executor, each in its child.
void benchmark_all(LevelContext& ctx, const network::NetworkSpec& s,
                   const std::vector<network::ExecutorUnderTest>& exs,
                   const std::vector<bool>& isolate, size_t total, Tally& t) {
  const size_t points = network::count_points(s.bench);
  if (points == 0) return;
  network::BenchmarkCallbacks cb;
  cb.cancel = &ctx.cancel;
  cb.on_point = [&](const auto& measured, const auto& nodes) {
    network::store_benchmark_results(ctx.store, ctx.run_id, measured, nodes, s.bench.policy);
  };
  auto progress_from = [&](size_t base) {
    return [&ctx, base, total](size_t d, size_t, const std::string& subject) {
      ctx.observer.progress(operators::ProgressEvent{base + d, total, subject});
    };
  };
  std::vector<network::ExecutorUnderTest> here;
  for (size_t i = 0; i < exs.size(); ++i)
    if (!isolate[i]) here.push_back(exs[i]);
  size_t done = 0;
  if (!here.empty()) {
    cb.progress = progress_from(0);
    network::NetworkBenchmarkResult r = network::run_network_benchmark(here, s.bench, cb);
    t.add(r.points.size(), r.errors, r.cancelled);
    done = points;
  }
  const network::IsolatedDestination own{ctx.store, ctx.run_id};
  for (size_t i = 0; i < exs.size() && !ctx.cancel.load(); ++i) {
    if (!isolate[i]) continue;
    cb.progress = progress_from(done);
    auto r = network::run_isolated_benchmark(exs[i], s.bench, own, cb);
    t.add(r.points, r.errors, r.cancelled, r.child_failed);
    done += points;
  }
}

// Micro-batching per executor: here, or in a child for an isolated one.
void micro_batch_all(LevelContext& ctx, const network::NetworkSpec& s, const std::string& bytes,
                     size_t done, size_t total, Tally& t) {
  const auto isolate = network::executor_isolation_plan(operators::experiment_isolation(ctx.e),
                                                        s.micro_executors, ctx.plugins);
  const network::IsolatedDestination own{ctx.store, ctx.run_id};
  for (size_t i = 0; i < s.micro_executors.size() && !ctx.cancel.load(); ++i) {
    const std::string& name = s.micro_executors[i];
    ctx.observer.progress(operators::ProgressEvent{done, total, "micro-batching [" + name + "]"});
    const auto make = network::network_executor_factory(name, bytes, s, ctx.plugins);
    if (isolate[i]) {
      auto r = network::run_isolated_micro_batching(name, make, s.micro_opt, own, &ctx.cancel);
      t.add(r.points, r.errors, r.cancelled, r.child_failed);
      t.invalid += r.invalid;
    } else {
      auto results = network::run_micro_batching(make, s.micro_opt, &ctx.cancel);
      network::store_micro_batching(ctx.store, ctx.run_id, name, s.micro_opt, results);
      t.add_micro(name, results);
    }
    done += s.micro_opt.ks.size();
    ctx.observer.progress(operators::ProgressEvent{done, total, "micro-batching [" + name + "]"});
  }
}

// Where each executor parts from the reference, node by node, for the graph view and the
// per-node table (node_validation.h). Recorded, not a verdict on the run: executors differ
// within rounding, and the rows say by how much.
void validate_each_node(LevelContext& ctx, const network::NetworkSpec& s, const std::string& bytes,
                        const std::vector<network::ExecutorUnderTest>& exs,
                        const std::vector<bool>& isolate) {
  auto g = network::network_graph_at(bytes, s, 1);
  if (!g)
    return ctx.store.add_log(ctx.run_id, "warning",
                             "per-node validation: " + g.error().to_string());
  const auto sum = network::validate_nodes(ctx.store, ctx.run_id, exs, isolate, *g, s.bench.seed);
  for (const auto& e : sum.errors) ctx.store.add_log(ctx.run_id, "warning", e);
  if (sum.nodes > 0)
    ctx.store.add_log(ctx.run_id, "info",
                      "per-node validation against the reference: " + std::to_string(sum.nodes) +
                          " node outputs compared, " + std::to_string(sum.failed) +
                          " outside the tolerance");
}

LevelOutcome run_network(LevelContext& ctx) {
  const network::NetworkSpec s = parse_section(ctx.e, ctx.spec_path);
  auto model = network::network_model_bytes(s);
  if (!model) throw Failure{kBadInput, ctx.spec_path + ":" + model.error().to_string()};
  const std::string& bytes = *model;
  ctx.store.add_log(ctx.run_id, "info",
                    "model: " + (s.model_path.empty() ? s.model_arg : s.model_path) + " (" +
                        std::to_string(bytes.size()) + " bytes)");
  // Timed executors free their temporaries as a framework's loop does; per-node validation
  // reads every value, so its executors keep them.
  std::vector<network::ExecutorUnderTest> exs, timed;
  for (const auto& name : s.executors) {
    exs.push_back({name, network::network_executor_factory(name, bytes, s, ctx.plugins)});
    timed.push_back({name, network::network_executor_factory(name, bytes, s, ctx.plugins, false)});
  }
  // Executors of plugins not shipped with d500 run in child processes unless the experiment
  // says otherwise (network_isolation.h).
  const auto isolate = network::executor_isolation_plan(operators::experiment_isolation(ctx.e),
                                                        s.executors, ctx.plugins);
  const size_t isolated = size_t(std::count(isolate.begin(), isolate.end(), true));
  const size_t passes = (isolated < exs.size() ? 1 : 0) + isolated;
  const size_t bench_total = network::count_points(s.bench) * passes;
  const size_t micro_total = s.micro ? s.micro_opt.ks.size() * s.micro_executors.size() : 0;
  const size_t total = bench_total + micro_total;
  Tally t;
  benchmark_all(ctx, s, timed, isolate, total, t);
  if (s.bench.per_node && !ctx.cancel.load()) validate_each_node(ctx, s, bytes, exs, isolate);
  micro_batch_all(ctx, s, bytes, bench_total, total, t);
  LevelOutcome out;
  out.errors = t.errors;
  const size_t measured = t.measured, failed = t.failed, invalid = t.invalid;
  const bool cancelled = t.cancelled;
  for (const auto& e : out.errors) ctx.store.add_log(ctx.run_id, "error", e);
  out.summary = {
      {"measurements", measured}, {"failed", failed}, {"micro_batching_failed", invalid}};
  if (cancelled || ctx.cancel.load()) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
    out.reason = "cancelled; what was measured is kept";
  } else if (failed > 0) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = std::to_string(failed) + " of " + std::to_string(measured) +
                 " measurements failed; first: " + out.errors.front();
  } else if (invalid > 0) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason =
        std::to_string(invalid) +
        " micro-batching runs gave gradients other than the full batch's (see `d500 show`)";
  }
  return out;
}

}  // namespace

const Level kNetworkLevel{"network", &run_network};

}  // namespace d500::run
