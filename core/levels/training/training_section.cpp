#include "training/training_section.h"

#include <filesystem>

#include "d500/run/run.h"

namespace d500::run {

using training::TrainingSpec;

TrainingSpec parse_training_section(const spec::Experiment& e, const std::string& spec_path) {
  const std::string dir =
      spec_path.empty() ? "" : std::filesystem::path(spec_path).parent_path().string();
  auto t = training::parse_training(e.sections.value("training", nlohmann::json::object()),
                                    spec_path, dir);
  if (!t) throw Failure{kBadInput, t.error().to_string()};
  return std::move(t).value();
}

std::string store_recipe_verdict(store::ResultStore& store, int64_t run_id,
                                 const training::TrainingSpec& t, const std::string& missed,
                                 bool* compliant) {
  if (t.recipe_path.empty()) return "";
  std::vector<std::string> why = t.recipe_violations;
  if (!missed.empty()) why.push_back(missed);
  store::ValidationRow v;
  v.run_id = run_id;
  // "recipe NAME (PATH)": the name is what `d500 list` groups by, the same on every machine.
  auto recipe = training::load_recipe(t.recipe_path);
  v.subject =
      "recipe " + (recipe ? recipe.value().name + " (" + t.recipe_path + ")" : t.recipe_path);
  v.metric = "compliance";
  v.passed = why.empty();
  v.value = v.passed ? 1 : 0;
  v.tolerance = 1;
  for (const auto& w : why) v.detail += (v.detail.empty() ? "" : "; ") + w;
  store.add_validation(v);
  *compliant = v.passed;
  return v.passed ? "recipe: compliant" : "recipe: NOT compliant: " + v.detail;
}

std::shared_ptr<training::MetricEvent> make_metric_event(
    const training::TrainingSpec& t, std::string_view level, const plugin::PluginManager& plugins,
    network::NetworkExecutor& ex, const training::TrainerOptions& o, training::SeriesSink* sink,
    store::ResultStore* store, int64_t run_id) {
  if (t.metrics.empty()) return nullptr;
  training::register_plugin_metrics(plugins);  // check_experiment did; a no-op then
  auto event = std::make_shared<training::MetricEvent>(t.metrics, level, ex, o, sink);
  if (store) {
    store::ArtifactRow a;
    a.run_id = run_id;
    a.name = training::kMetricKindsArtifact;
    a.mime = "application/json";
    const std::string text = training::metric_kinds_json(event->used()).dump();
    a.data.assign(text.begin(), text.end());
    store->add_artifact(a);
  }
  return event;
}

}  // namespace d500::run
