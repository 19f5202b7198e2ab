// Level 3's sections of an experiment file, parsed and checked (the runner's levels and the
// studio's editor share them):
//   "distributed": {"scheme": a registered scheme (scheme_registry.h): "allreduce", "dpsgd", ...
//                             or a plugin's "plugin/name", "params": {"ratio": 0.01} (its own),
//                   "average_every": 4, "sampler": "partitioned" | "replicated",
//                   "scaling_baseline": false,
//                   "fault": {"rank": 1, "step": 5, "kind": "nan_loss" | "error" | "crash"}}
//   "collective": {"operations": ["allreduce", "allgather", "broadcast"],
//                  "min_bytes": 4, "max_bytes": 67108864, "dtype": "float32" | "float64"}
// Problems are reported, one per line, as "source:$.distributed.path: what".
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/distributed/collective_benchmark.h"
#include "d500/distributed/distributed_optimizers.h"
#include "d500/error.h"
#include "d500/tensor.h"
#include "d500/training/trainer.h"
#include "d500/training/training_spec.h"

namespace d500::distributed {

// A fault injected on one rank at one step (the distributed level's "fault").
struct FaultSpec {
  int rank = -1;  // -1: no fault
  int64_t step = 0;
  std::string kind;  // "nan_loss", "error", "crash"
};

struct DistributedSpec {
  std::string scheme = "allreduce";      // a registered scheme, or a plugin's "plugin/name"
  std::map<std::string, double> params;  // a plugin scheme's hyper-parameters
  int64_t average_every = 4;
  bool partitioned = true;
  bool scaling_baseline = false;
  // A plugin scheme's hook that has not returned after this long fails the run as stuck.
  double hook_timeout_s = 120;
  FaultSpec fault;
  nlohmann::json as_written;
};

// The "distributed" section (absent: an empty object, every default).
Result<DistributedSpec> parse_distributed(const nlohmann::json& section, const std::string& source);

// The trainer's options on every rank: the section's, but stops are agreed across ranks by the
// scheme (a rank stopping alone would leave the others waiting in a collective) and the target
// is judged afterwards; the asynchronous scheme's ranks stop on their own.
training::TrainerOptions distributed_trainer_options(const training::TrainingSpec& t, uint64_t seed,
                                                     bool async);

struct CollectiveSpec {
  std::vector<Collective> ops;
  int64_t min_bytes = 4;
  int64_t max_bytes = 64 << 20;
  DType dtype = DType::Float32;
  std::vector<int64_t> sizes() const;  // min_bytes doubling up to max_bytes
};

Result<CollectiveSpec> parse_collective(const nlohmann::json& section, const std::string& source);

}  // namespace d500::distributed
