// The "training" section of an experiment file and the recipes it may follow (Deep500's
// recipe idea): a recipe fixes some components (dataset, network, loss, test set, target) and
// leaves the others mutable (optimizer, batch size, executor, ...). A run against a recipe ends
// with a verdict: compliant, or not and why (a fixed component changed, the target not reached).
//
//   "training": {"recipe": "recipes/fashion_mnist_mlp.json",      (optional)
//                "dataset": "fashion-mnist" | "cifar10" | "synthetic" | "plugin/name",
//                "dataset_dir": "...", "dataset_params": {...},
//                "synthetic": {"samples": 4096, "test_samples": 1024, "shape": [1, 28, 28],
//                              "classes": 10, "noise": 0.5},
//                "normalize": true, "augment": {"crop_padding": 4, "horizontal_flip": true},
//                "network": {"builder": "mlp", "hidden": [256]} | {"builder": "lenet"} |
//                           {"builder": "resnet", "stages": [16, 32, 64]},
//                "loss": "cross-entropy", "target_accuracy": 0.85,
//                "executor": "torch", "optimizer": {"plugin": "torch", "name": "adam", "lr": 1e-3,
//                                                   "beta1": 0.9, ...},
//                "schedule": {"kind": "constant" | "step" | "cosine", "every": 100, "gamma": 0.1,
//                             "total_steps": 1000, "floor": 0, "warmup": 0},
//                "sampler": "shuffled" | "sequential" | "balanced" | "plugin/name",
//                "sampler_params": {...},
//                "batch": 64, "epochs": 5, "max_seconds": 120, "seeds": 5, "eval_every": 0,
//                "metrics": ["ece", {"name": "examples/grad_norm", "params": {"every": 10}}]}
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/training/augmentation.h"
#include "d500/training/lr_schedule.h"
#include "d500/training/optimizer.h"

namespace d500::training {

// The components a recipe can fix, as they are compared: their canonical JSON.
inline const std::vector<std::string> kRecipeComponents = {"dataset", "network", "loss", "test_set",
                                                           "target_accuracy"};

struct Recipe {
  std::string name, path;
  nlohmann::json fixed = nlohmann::json::object();  // component -> value
  std::vector<std::string> mutable_components;
  nlohmann::json defaults = nlohmann::json::object();  // for mutable ones left out
};
// Reads and checks a recipe file ({"d500_recipe": 1, "name", "fixed", "mutable", "defaults"}).
Result<Recipe> load_recipe(const std::string& path);

// One metric the section asks for (metrics.h): "ece" or {"name": "plugin/name", "params": {...}}.
struct MetricRequest {
  std::string name;
  std::map<std::string, double> params;
};

struct TrainingSpec {
  std::string recipe_path;                             // resolved; "" without a recipe
  std::string dataset = "fashion-mnist", dataset_dir;  // a registered dataset's name
  std::map<std::string, double> dataset_params;        // a plugin dataset's ("dataset_params")
  int64_t synthetic_samples = 4096, synthetic_test_samples = 1024, synthetic_classes = 10;
  std::vector<int64_t> synthetic_shape = {1, 28, 28};
  double synthetic_noise = 0.5;
  bool normalize = true;
  Augmentation augment;
  nlohmann::json network = {{"builder", "mlp"}};
  std::string loss = "cross-entropy";
  double target_accuracy = 0;
  std::string executor = "reference";
  std::string optimizer_plugin = "reference", optimizer = "adam";
  HyperParameters hyper;  // lr included
  LrSchedule schedule;
  std::string sampler = "shuffled";              // a registered sampler's name
  std::map<std::string, double> sampler_params;  // its parameters ("sampler_params")
  int64_t batch = 64, epochs = 5, seeds = 5, eval_every = 0;
  double max_seconds = 0;
  std::vector<MetricRequest> metrics;  // checked against the metric registry when run
  // A recipe's fixed components that this experiment sets to something else ("network: ...").
  std::vector<std::string> recipe_violations;
  nlohmann::json as_written;  // the merged section (recipe defaults and fixed values filled in)
};

// Parses a "training" section (`path` is its JSON path, "$.training"; `base_dir` resolves
// relative files). Every problem is reported, one per line, as "source:path: what". With a
// recipe, fixed components left out are taken from it; ones set to another value are recorded
// as violations (the run goes on and ends non-compliant).
Result<TrainingSpec> parse_training(const nlohmann::json& section, const std::string& source,
                                    const std::string& base_dir);

}  // namespace d500::training
