// What the training levels build from a parsed "training" section (training_spec.h): the
// network's executor (parameters seeded), the dataset split and the trainer's options; and what
// a run of such a section would refuse before it starts (shared by the runner's training and
// distributed levels and the studio's editor).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "d500/network/executor.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/spec/problem.h"
#include "d500/training/dataset.h"
#include "d500/training/trainer.h"
#include "d500/training/training_spec.h"

namespace d500::training {

// The plugins a parsed section needs (its executor's, its optimizer's, and the reference), each
// with the JSON path that names it ("$.training.executor", "$.training.optimizer", "$.training";
// a recipe may have named them).
std::vector<std::pair<std::string, std::string>> training_plugins(const TrainingSpec& t);

// The network from its builder (parameters from `seed`) or model file, on the named executor.
// Error.where is "$.training.network" or "$.training.executor".
Result<std::unique_ptr<network::NetworkExecutor>> build_training_executor(
    const TrainingSpec& t, uint64_t seed, const plugin::PluginManager& pm);

// Train and test sets (synthetic ones drawn from `seed`), flattened for an MLP, normalised when
// asked. Throws D500Error when the data cannot be read.
DatasetSplit load_training_data(const TrainingSpec& t, uint64_t seed);

// The trainer's options as the section gives them (batch, epochs, stops, schedule, augmentation),
// for the seed `seed`.
TrainerOptions trainer_options_for(const TrainingSpec& t, uint64_t seed);

// What a run refuses before it starts: a dataset that is not there; with `pm` (training_plugins()
// loaded in it) also an optimizer the plugin lacks or whose hyper-parameters it rejects, and a
// network the executor or the trainer (with `options`) cannot take.
spec::Problems check_training(const TrainingSpec& t, uint64_t seed, const TrainerOptions& options,
                              const plugin::PluginManager* pm);

}  // namespace d500::training
