// Datasets as registered components (issue 30): the training section's "dataset" names one,
// built in ("fashion-mnist", "cifar10", "synthetic") or a plugin's ("plugin/name", ABI 1.4
// d500_dataset, streamed: its samples are read as the training asks for them), and both go
// through this registry; "dataset_dir" and "dataset_params" are what it reads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "d500/plugin/component_registry.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/training/dataset.h"
#include "d500/training/training_spec.h"

namespace d500::training {

// What the network is built for: one sample's shape and the class count.
struct DataShape {
  Shape sample;  // [D] or [C, H, W]
  int64_t classes = 0;
};

struct DatasetDescriptor {
  std::string name;                     // "fashion-mnist"; a plugin's: "plugin/name"
  std::string summary;                  // one line
  std::string origin = "built-in";      // or "plugin <name>"
  std::vector<std::string> parameters;  // the section keys it reads
  // Without reading samples; throws D500Error (where "$.training.dataset") when it cannot open.
  std::function<DataShape(const TrainingSpec&)> shape;
  // The train and test sets (a synthetic one drawn from `seed`); throws D500Error naming the
  // files or the plugin when they cannot be read.
  std::function<DatasetSplit(const TrainingSpec&, uint64_t seed)> make;
};

class DatasetRegistry : public plugin::ComponentRegistry<DatasetDescriptor> {
 public:
  DatasetRegistry() : ComponentRegistry("dataset") {}
  std::string add(DatasetDescriptor d) {
    const std::string why = d.shape ? "" : "no shape function";
    return add_checked(std::move(d), why);
  }
};

// The process's datasets: the built-in ones are registered on first use.
DatasetRegistry& datasets();

// Registers every dataset the loaded plugins offer that is not registered yet, as "plugin/name";
// one refusal per dataset not registered. `pm` must outlive the datasets made of them.
std::vector<std::string> register_plugin_datasets(const plugin::PluginManager& pm);

// The section's dataset from the registry: D500Error (where "$.training.dataset") for an unknown
// name, listing the known ones.
const DatasetDescriptor& dataset_of(const TrainingSpec& t);

// Where Fashion-MNIST is looked for by a section, and what is said when it is not there.
std::string fashion_dir(const TrainingSpec& t);
std::string no_fashion_mnist(const std::string& dir);

}  // namespace d500::training
