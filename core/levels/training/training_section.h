// The runner's side of the training levels (training and distributed): the parsed "training"
// section (parsed, built and checked in core: training_spec.h, training_setup.h), and the
// recipe verdict, which both levels store.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "d500/spec/experiment.h"
#include "d500/store/result_store.h"
#include "d500/training/metric_event.h"
#include "d500/training/training_setup.h"

namespace d500::run {

// The experiment's "training" section; Failure(kBadInput) listing every problem.
training::TrainingSpec parse_training_section(const spec::Experiment& e,
                                              const std::string& spec_path);

// The recipe verdict of a run whose experiment follows a recipe, stored as a validation row:
// compliant unless a fixed component changed or `missed` (why the target was not reached; ""
// when it was) says otherwise. Returns the text for the run's reason ("recipe: compliant" or
// "recipe: NOT compliant: <why>"), "" without a recipe; *compliant is set with a recipe.
std::string store_recipe_verdict(store::ResultStore& store, int64_t run_id,
                                 const training::TrainingSpec& t, const std::string& missed,
                                 bool* compliant);

// The training event of the section's metrics at `level` ("training" or "distributed"), with the
// plugins' metrics registered first; nullptr when the section names none (nothing is paid then).
// With `store` (rank 0; the first seed) their descriptors are stored beside the run, so readers
// know each metric's unit and direction without its plugin.
std::shared_ptr<training::MetricEvent> make_metric_event(
    const training::TrainingSpec& t, std::string_view level, const plugin::PluginManager& plugins,
    network::NetworkExecutor& ex, const training::TrainerOptions& o, training::SeriesSink* sink,
    store::ResultStore* store, int64_t run_id);

}  // namespace d500::run
