// Level 1: one network on one or more executors (network_benchmark.h), and the micro-batching
// transformation (micro_batching.h). The "network" section is parsed and checked in core
// (network_spec.h); here it is measured and stored.
#include <filesystem>

#include "d500/network/network_spec.h"
#include "levels.h"

namespace d500::cli {

namespace {

// The section as check_experiment accepted it.
network::NetworkSpec parse_section(const spec::Experiment& e, const std::string& spec_path) {
  const std::string dir = std::filesystem::path(spec_path).parent_path().string();
  auto s = network::parse_network(e.sections.value("network", nlohmann::json::object()), spec_path,
                                  dir, e.repetition, e.seed);
  if (!s) throw CliError{kBadInput, s.error().to_string()};
  return std::move(s).value();
}

LevelOutcome run_network(LevelContext& ctx) {
  const network::NetworkSpec s = parse_section(ctx.e, ctx.spec_path);
  auto model = network::network_model_bytes(s);
  if (!model) throw CliError{kBadInput, ctx.spec_path + ":" + model.error().to_string()};
  const std::string& bytes = *model;
  ctx.store.add_log(ctx.run_id, "info",
                    "model: " + (s.model_path.empty() ? s.model_arg : s.model_path) + " (" +
                        std::to_string(bytes.size()) + " bytes)");
  std::vector<network::ExecutorUnderTest> exs;
  for (const auto& name : s.executors)
    exs.push_back({name, network::network_executor_factory(name, bytes, s, ctx.plugins)});

  const size_t bench_total = network::count_points(s.bench);
  const size_t micro_total = s.micro ? s.micro_opt.ks.size() * s.micro_executors.size() : 0;
  const size_t total = bench_total + micro_total;
  network::BenchmarkCallbacks cb;
  cb.cancel = &g_cancel;
  cb.progress = [&](size_t done, size_t, const std::string& subject) {
    ctx.progress.update(operators::ProgressEvent{done, total, subject});
  };
  cb.on_point = [&](const auto& points, const auto& nodes) {
    network::store_benchmark_results(ctx.store, ctx.run_id, points, nodes, s.bench.policy);
  };
  LevelOutcome out;
  size_t measured = 0, failed = 0, invalid = 0;
  bool cancelled = false;
  if (bench_total > 0) {
    network::NetworkBenchmarkResult r = network::run_network_benchmark(exs, s.bench, cb);
    measured = r.points.size();
    failed = r.errors.size();
    out.errors = r.errors;
    cancelled = r.cancelled;
  }
  size_t done = bench_total;
  for (const auto& name : s.micro_executors) {
    if (g_cancel.load()) break;
    ctx.progress.update(operators::ProgressEvent{done, total, "micro-batching [" + name + "]"});
    auto results = network::run_micro_batching(
        network::network_executor_factory(name, bytes, s, ctx.plugins), s.micro_opt, &g_cancel);
    network::store_micro_batching(ctx.store, ctx.run_id, name, s.micro_opt, results);
    for (const auto& r : results) {
      ++measured;
      if (!r.error.empty()) {
        ++failed;
        out.errors.push_back("micro-batching k=" + std::to_string(r.k) + " [" + name + "]: " +
                             r.error);
      } else if (!r.passed) {
        ++invalid;
      }
    }
    done += s.micro_opt.ks.size();
    ctx.progress.update(operators::ProgressEvent{done, total, "micro-batching [" + name + "]"});
  }
  for (const auto& e : out.errors) ctx.store.add_log(ctx.run_id, "error", e);
  out.summary = {{"measurements", measured}, {"failed", failed}, {"micro_batching_failed", invalid}};
  if (cancelled || g_cancel.load()) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
    out.reason = "cancelled by a signal; what was measured is kept";
  } else if (failed > 0) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = std::to_string(failed) + " of " + std::to_string(measured) +
                 " measurements failed; first: " + out.errors.front();
  } else if (invalid > 0) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = std::to_string(invalid) +
                 " micro-batching runs gave gradients other than the full batch's (see `d500 show`)";
  }
  return out;
}

}  // namespace

const Level kNetworkLevel{"network", &run_network};

}  // namespace d500::cli
