// Level 1's "network" section of an experiment file, parsed and checked (the runner's level and
// the studio's editor share it):
//
//   "network": {
//     "model": "lenet.onnx"                       (relative to the experiment file), or
//              {"builder": "lenet", "seed": 1, "with_loss": false, "dtype": "float32"},
//     "executors": ["reference", "torch"],        (executor_factory.h)
//     "batch_sizes": [1, 16, 64],                 (throughput and fwd+bwd points)
//     "input_shapes": {"input": [1, 28, 28]},     (per sample, for inputs of unknown shape)
//     "latency": true, "throughput": true, "training": true, "per_node": true,
//     "latency_min_samples": 100,
//     "loss": "",                                 (a scalar output; "" = sum of the outputs)
//     "micro_batching": {"batch": 64, "k": [1, 2, 4], "executors": [...], "tolerance": 0}
//   }
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "d500/network/graph.h"
#include "d500/network/micro_batching.h"
#include "d500/network/network_benchmark.h"
#include "d500/onnx/model_builder.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/spec/problem.h"

namespace d500::network {

struct NetworkSpec {
  std::string model_path;  // resolved; "" for a built model
  std::string model_arg;   // as written (messages)
  std::string builder;     // "mlp", "lenet", "resnet"
  onnx::BuildOptions build;
  std::vector<std::string> executors;
  std::vector<int64_t> batch_sizes = {1};
  std::vector<std::pair<std::string, Shape>> input_shapes;  // per sample
  NetworkBenchmarkOptions bench;
  bool micro = false;
  MicroBatchOptions micro_opt;
  std::vector<std::string> micro_executors;
};

// Parses the section as far as it can be checked without the model and the plugins. Every
// problem is reported, one per line, as "source:$.network.path: what"; `base_dir` resolves a
// relative model file; `policy` and `seed` (the experiment's) go into the benchmark options.
Result<NetworkSpec> parse_network(const nlohmann::json& section, const std::string& source,
                                  const std::string& base_dir, const measure::Policy& policy,
                                  uint64_t seed);

// The plugins the section's executors need, as written (nothing for names it cannot read), each
// with the JSON path of the first executor that names it.
std::vector<std::pair<std::string, std::string>> network_plugins(const nlohmann::json& section);

// The model's bytes: the file, or the builder's output. Error.where is "$.network.model".
Result<std::string> network_model_bytes(const NetworkSpec& s);
// The graph at a batch size (every fed input's first dimension), with the per-sample shapes.
Result<Graph> network_graph_at(const std::string& bytes, const NetworkSpec& s, int64_t batch);
// Builds executor `name` per batch size; throws D500Error naming the executor. `bytes`, `s` and
// `pm` must outlive the factory. keep_intermediates: ExecutorOptions' (false for timing only).
ExecutorFactory network_executor_factory(const std::string& name, const std::string& bytes,
                                         const NetworkSpec& s, const plugin::PluginManager& pm,
                                         bool keep_intermediates = true);

// What a run would refuse after parsing: a missing or malformed model, an input it does not
// have; with `pm` (its plugins loaded) also an executor that cannot run the model (naming the
// operator), and a loss that is not a scalar output. Stops at the first problem of the model.
// `isolate`: per executor, build it in a child process (network_isolation.h); empty: none.
spec::Problems check_network(const NetworkSpec& s, const plugin::PluginManager* pm,
                             const std::vector<bool>& isolate = {});

}  // namespace d500::network
