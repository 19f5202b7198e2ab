// Level 2: training over seeds (training_spec.h). Per seed: a fresh network from the builder
// (parameters seeded by the experiment's seed + k), a fresh optimizer and sampler; the trainer's
// series are stored live as "<name>@seed<k>"; time-to-accuracy per seed, its median with CI and
// the olympic mean; with a recipe, the verdict. A seed that does not converge is a result.
#include <algorithm>
#include <memory>

#include "d500/measure/series_kinds.h"
#include "d500/measure/stats.h"
#include "d500/training/dataset_registry.h"
#include "d500/training/sampler_registry.h"
#include "d500/training/time_to_accuracy.h"
#include "d500/training/trainer.h"
#include "d500/training/training_spec.h"
#include "format.h"
#include "levels.h"
#include "training/training_section.h"

namespace d500::run {

namespace {

using training::TrainingSpec;

// The section's sampler from the registry: built in or a plugin's.
std::unique_ptr<training::Sampler> make_sampler(const TrainingSpec& t, const training::Dataset& d,
                                                uint64_t seed) {
  return training::make_sampler(t.sampler, d, seed, t.sampler_params);
}

// Progress counted in optimizer steps from the first one (issue 35, item 18), so a front end
// never reads "preparing" while the loss curve already grows: about a hundred updates over the
// run (each one a JSON line for the studio), and one at every epoch's end with its accuracy.
// The trainer drops a short last batch, so an epoch is floor(samples / batch) steps.
class StepProgress : public training::TrainingEvent {
 public:
  StepProgress(Observer& progress, store::SeriesWriter& writer, size_t& done, size_t total,
               size_t steps_per_epoch, int64_t seed_index)
      : progress_(progress),
        writer_(writer),
        done_(done),
        total_(total),
        stride_(std::max<size_t>(1, total / 100)),
        epoch_steps_(std::max<size_t>(1, steps_per_epoch)),
        seed_("seed " + std::to_string(seed_index)) {}
  void before_epoch(int64_t epoch) override { epoch_ = epoch; }
  void after_step(int64_t /*step*/, double /*loss*/) override {
    // An epoch's last step is left to after_epoch: the reporter drops a second update of the same
    // count that comes within 100 ms, and that one carries the epoch's accuracy.
    if (++done_ % stride_ == 0 && done_ % epoch_steps_ != 0)
      progress_.progress({done_, total_, seed_ + " epoch " + std::to_string(epoch_ + 1), 0, 0});
  }
  void after_epoch(const training::EpochRecord& r) override {
    writer_.flush();  // the epoch's points are in the store when its progress says so
    progress_.progress({done_, total_,
                        seed_ + " epoch " + std::to_string(r.epoch + 1) + " test acc " +
                            fixed(100 * r.test_accuracy, 2) + "%",
                        0, 0});
  }

 private:
  Observer& progress_;
  store::SeriesWriter& writer_;
  size_t& done_;
  size_t total_, stride_, epoch_steps_;
  std::string seed_;
  int64_t epoch_ = 0;
};

// A point stored and told to the observer (the front ends' live curves).
void store_point(Observer& o, store::SeriesWriter& w, store::SeriesPoint p) {
  o.series(p);
  w.add(std::move(p));
}

class StoreSink : public training::SeriesSink {
 public:
  StoreSink(store::SeriesWriter& w, Observer& o, int64_t run, int64_t seed)
      : w_(w), o_(o), run_(run), seed_(seed) {}
  void point(const std::string& name, int64_t step, double wall, double value) override {
    store::SeriesPoint p;
    p.run_id = run_;
    p.name = name + "@seed" + std::to_string(seed_);
    p.step = step;
    p.wall_time = wall;
    p.value = value;
    store_point(o_, w_, std::move(p));
  }

 private:
  store::SeriesWriter& w_;
  Observer& o_;
  int64_t run_, seed_;
};

// One seed's results beside its curves: time-to-accuracy, final accuracy and where a step's time
// went as series; its accuracy against the target as a validation row.
void store_seed(LevelContext& ctx, store::SeriesWriter& writer, const TrainingSpec& t, int64_t k,
                const training::TrainResult& r) {
  store_point(ctx.observer, writer,
              {0, ctx.run_id, 0, series::stored(series::kTimeToAccuracy), k, r.wall_s,
               r.reached_target ? r.time_to_accuracy_s : -1});
  store_point(ctx.observer, writer,
              {0, ctx.run_id, 0, series::stored(series::kFinalTestAccuracy), k, r.wall_s,
               r.final_test_accuracy});
  for (int p = 0; p < training::StepProfile::kPhases; ++p)
    store_point(ctx.observer, writer,
                {0, ctx.run_id, 0,
                 std::string(training::kStepProfilePrefix) + training::StepProfile::name(p), k,
                 r.wall_s, r.profile.us_per_step(p)});
  writer.flush();
  store::ValidationRow v;
  v.run_id = ctx.run_id;
  v.subject = "seed " + std::to_string(k);
  v.metric = series::stored(series::kTestAccuracy);
  v.value = r.best_test_accuracy;
  v.tolerance = t.target_accuracy;
  v.passed = t.target_accuracy <= 0 || r.reached_target;
  v.detail = std::string("stopped: ") + training::stop_reason_name(r.stop) +
             (r.stop_detail.empty() ? "" : " (" + r.stop_detail + ")") + "; " +
             std::to_string(r.steps) + " steps in " + fixed(r.wall_s, 2) + " s";
  ctx.store.add_validation(v);
}

// The seeds' times to the target as one measurement (samples in ns, the olympic mean as mean).
void store_time_to_accuracy(LevelContext& ctx, const TrainingSpec& t,
                            const std::vector<double>& tta, const training::TtaSummary& sum) {
  store::MeasurementRow m;
  m.run_id = ctx.run_id;
  m.subject = "time-to-accuracy " + fixed(100 * t.target_accuracy, 1) + "%";
  m.implementation = t.executor + " + " + t.optimizer_plugin + "/" + t.optimizer;
  m.point_json = nlohmann::json{{"batch", t.batch}, {"seeds", t.seeds}}.dump();
  std::vector<double> ns;
  for (double s : tta)
    if (s >= 0) ns.push_back(s * 1e9);
  const auto summary = stats::summarize(ns);
  m.n = static_cast<int64_t>(ns.size());
  m.median = summary.median;
  m.ci_lo = summary.ci_lo;
  m.ci_hi = summary.ci_hi;
  m.ci_valid = summary.ci_valid;
  m.min = summary.min;
  m.max = summary.max;
  m.q1 = summary.q1;
  m.q3 = summary.q3;
  m.mean = sum.olympic_valid ? sum.olympic_mean * 1e9 : summary.mean;
  m.stop_reason = std::to_string(sum.not_reached) + " seeds never reached the target";
  ctx.store.add_measurement(m, ns);
}

LevelOutcome conclude(LevelContext& ctx, const TrainingSpec& t, const std::vector<double>& tta,
                      std::vector<std::string> notes) {
  const training::TtaSummary sum = training::summarize_tta(tta);
  if (sum.reached > 0) store_time_to_accuracy(ctx, t, tta, sum);
  LevelOutcome out;
  out.summary = {{"seeds", t.seeds},
                 {"reached", sum.reached},
                 {"not_reached", sum.not_reached},
                 {"tta", sum.describe()}};
  out.errors = std::move(notes);
  std::string verdict;
  if (!t.recipe_path.empty()) {
    const std::string missed = sum.not_reached > 0
                                   ? std::to_string(sum.not_reached) + " of " +
                                         std::to_string(t.seeds) + " seeds never reached " +
                                         fixed(100 * t.target_accuracy, 1) + "% test accuracy"
                                   : "";
    bool compliant = false;
    verdict = store_recipe_verdict(ctx.store, ctx.run_id, t, missed, &compliant);
    out.summary["compliant"] = compliant;
  }
  out.reason = "time-to-accuracy " + sum.describe() + (verdict.empty() ? "" : "; " + verdict);
  if (ctx.cancel.load()) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
  }
  return out;
}

LevelOutcome run_training(LevelContext& ctx) {
  const TrainingSpec t = parse_training_section(ctx.e, ctx.spec_path);
  ctx.store.add_log(ctx.run_id, "info", "training section: " + t.as_written.dump());
  // check_experiment registered the plugins' datasets and samplers; a no-op then.
  training::register_plugin_datasets(ctx.plugins);
  training::register_plugin_samplers(ctx.plugins);
  auto data = training::load_training_data(t, ctx.e.seed);
  store::SeriesWriter writer(ctx.store);
  std::vector<double> tta;
  std::vector<std::string> notes;
  size_t done = 0;
  const size_t steps_per_epoch = make_sampler(t, data.train, ctx.e.seed)->epoch_indices(0).size() /
                                 static_cast<size_t>(std::max<int64_t>(1, t.batch));
  const size_t total = static_cast<size_t>(t.seeds * t.epochs) * steps_per_epoch;
  for (int64_t k = 0; k < t.seeds && !ctx.cancel.load(); ++k) {
    const uint64_t seed = ctx.e.seed + static_cast<uint64_t>(k);
    auto ex = training::build_training_executor(t, seed, ctx.plugins).value();
    if (k == 0) ctx.store.add_log(ctx.run_id, "info", "executor: " + ex->description());
    training::Optimizer opt(ctx.plugins, t.optimizer_plugin, t.optimizer, t.hyper);
    const training::TrainerOptions options = training::trainer_options_for(t, seed);
    training::Trainer trainer(*ex, opt, options);
    StoreSink sink(writer, ctx.observer, ctx.run_id, k);
    trainer.set_sink(&sink);
    if (auto m = make_metric_event(t, "training", ctx.plugins, *ex, options, &sink,
                                   k == 0 ? &ctx.store : nullptr, ctx.run_id))
      trainer.add_event(m);
    trainer.set_cancel(&ctx.cancel);
    trainer.add_event(
        std::make_shared<StepProgress>(ctx.observer, writer, done, total, steps_per_epoch, k));
    auto sampler = make_sampler(t, data.train, seed);
    const training::TrainResult r = trainer.train(data.train, *sampler, data.test);
    done = static_cast<size_t>((k + 1) * t.epochs) * steps_per_epoch;  // a seed may stop early
    store_seed(ctx, writer, t, k, r);
    tta.push_back(r.reached_target ? r.time_to_accuracy_s : -1);
    if (r.stop == training::StopReason::Diverged)
      notes.push_back("seed " + std::to_string(k) + " diverged: " + r.stop_detail);
  }
  return conclude(ctx, t, tta, std::move(notes));
}

}  // namespace

const Level kTrainingLevel{"training", &run_training};

}  // namespace d500::run
