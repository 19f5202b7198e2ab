// What a training level builds from a "training" section (training_spec.h): the parsed section,
// the network's executor (parameters seeded), and the dataset split. Used by the distributed
// level (level_training.cpp still builds its own), and the recipe verdict, shared by both levels.
#pragma once

#include <memory>
#include <set>
#include <string>

#include "d500/network/executor.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/spec/experiment.h"
#include "d500/store/result_store.h"
#include "d500/training/dataset.h"
#include "d500/training/trainer.h"
#include "d500/training/training_spec.h"

namespace d500::cli {

// The plugins a "training" section names as written (its executor's and its optimizer's, and the
// reference); a recipe may name more, which the level's check() loads.
std::set<std::string> training_section_plugins(const spec::Experiment& e);
// The experiment's "training" section; CliError(kBadInput) listing every problem.
training::TrainingSpec parse_training_section(const spec::Experiment& e,
                                              const std::string& spec_path);
// The network from its builder (parameters from `seed`) or model file, on the named executor.
std::unique_ptr<network::NetworkExecutor> build_training_executor(const training::TrainingSpec& t,
                                                                  uint64_t seed,
                                                                  plugin::PluginManager& pm);
// Train and test sets (synthetic ones drawn from `seed`), flattened for an MLP, normalised when
// asked.
training::DatasetSplit load_training_data(const training::TrainingSpec& t, uint64_t seed);

// The trainer's options as the section gives them (batch, epochs, stops, schedule, augmentation),
// for the seed `seed`.
training::TrainerOptions trainer_options_for(const training::TrainingSpec& t, uint64_t seed);

// The recipe verdict of a run whose experiment follows a recipe, stored as a validation row:
// compliant unless a fixed component changed or `missed` (why the target was not reached; ""
// when it was) says otherwise. Returns the text for the run's reason ("recipe: compliant" or
// "recipe: NOT compliant: <why>"), "" without a recipe; *compliant is set with a recipe.
std::string store_recipe_verdict(store::ResultStore& store, int64_t run_id,
                                 const training::TrainingSpec& t, const std::string& missed,
                                 bool* compliant);

}  // namespace d500::cli
