// Level "distributed" (Level 3): data-parallel training on every rank of an MPI job with one of
// the distributed optimizers (distributed_optimizers.h). The experiment has a "training" section
// (as level "training"; one seed, the experiment's) and a "distributed" section (both parsed and
// checked in core: training_spec.h, distributed_spec.h):
//   "distributed": {"scheme": a registered scheme (scheme_registry.h),
//                   "average_every": 4, "sampler": "partitioned" | "replicated",
//                   "scaling_baseline": false, "fault": {...}}   (both: distributed_extras.h)
// Every rank builds the same network (seeded), takes rank 0's parameters, and trains on its shard
// (partitioned: PartitionedSampler padded so that every rank runs the same number of steps) or
// on the whole set (replicated). One writer: the ranks' series (trainer curves plus per step
// "comm_bytes", "comm_time_s", "compute_time_s") reach rank 0 at the end of every epoch, each
// carrying its rank. At the end rank 0 stores per rank a step-time measurement (samples kept)
// and one for the critical path (per step the slowest rank), a Kruskal-Wallis test of whether
// the ranks' step times differ (a validation row), and per rank the final accuracy,
// communication totals and counters. Stops (signal, time limit, a rank whose loss is not finite)
// are agreed by all ranks after each step, so they stop together (a divergence fails the run,
// naming the rank); the target accuracy is judged after training. The
// asynchronous parameter server runs no collective while training: its ranks stop on their own,
// the series reach rank 0 at the end only, and rank 0 also stores the staleness of every worker
// gradient and the accuracy of the server's final model.
#include <algorithm>
#include <functional>
#include <map>
#include <memory>

#include "d500/distributed/distributed_optimizers.h"
#include "d500/distributed/distributed_spec.h"
#include "d500/distributed/plugin_schemes.h"
#include "d500/distributed/series_gather.h"
#include "d500/measure/series_kinds.h"
#include "d500/measure/stats.h"
#include "d500/training/trainer.h"
#include "distributed_extras.h"
#include "levels.h"
#include "training_setup.h"

namespace d500::cli {

namespace {

using distributed::Communicator;

// The section as check_experiment accepted it.
distributed::DistributedSpec parse_dist(const spec::Experiment& e, const std::string& source) {
  auto d = distributed::parse_distributed(e.sections.value("distributed", nlohmann::json::object()),
                                          source);
  if (!d) throw CliError{kBadInput, d.error().to_string()};
  return std::move(d).value();
}

// Keeps this rank's points until they are shipped to rank 0.
class RankSink : public training::SeriesSink {
 public:
  explicit RankSink(int rank) : rank_(rank) {}
  void point(const std::string& name, int64_t step, double wall, double value) override {
    pending.push_back({0, 0, rank_, name, step, wall, value});
  }
  std::vector<store::SeriesPoint> pending;

 private:
  int rank_;
};

// Rank 0's view of what every rank sent, for the analysis at the end.
struct Collected {
  std::map<int, std::map<int64_t, double>> step_time;   // rank -> step -> seconds
  std::map<int, std::map<std::string, double>> totals;  // rank -> name -> sum over steps
  std::map<int, std::map<std::string, double>> last;    // rank -> name -> last value
  std::vector<double> staleness;                        // async server: per worker gradient
  void add(const store::SeriesPoint& p) {
    if (series::is(p.name, series::kStaleness)) staleness.push_back(p.value);
    if (series::is(p.name, series::kStepTime)) step_time[p.rank][p.step] = p.value;
    if (const series::SeriesKind* k = series::find_series(p.name);
        k && k->cadence == series::Cadence::Step && k->unit != "")  // bytes and seconds add up
      totals[p.rank][p.name] += p.value;
    last[p.rank][p.name] = p.value;
  }
};

// Collective: ships every rank's pending points to rank 0, which stores them.
void ship(Communicator& comm, RankSink& sink, LevelContext& ctx, Collected& col) {
  auto all = distributed::gather_series(comm, sink.pending, 0);
  sink.pending.clear();
  if (comm.rank() != 0) return;
  for (auto& p : all) {
    p.run_id = ctx.run_id;  // other ranks wrote their scratch store's id
    col.add(p);
  }
  ctx.store.add_series(all);
}

// Every rank's communicator counters as series of that rank ("comm.<call>.<counter>").
void counter_points(Communicator& comm, RankSink& sink) {
  for (size_t k = 0; k < distributed::kCallKinds; ++k) {
    const distributed::CallStats s = comm.stats().by_kind[k];
    if (s.calls == 0) continue;
    const std::string base =
        "comm." + std::string(distributed::call_kind_name(static_cast<distributed::CallKind>(k))) +
        ".";
    sink.point(base + "calls", 0, 0, static_cast<double>(s.calls));
    sink.point(base + "bytes_sent", 0, 0, static_cast<double>(s.bytes_sent));
    sink.point(base + "bytes_received", 0, 0, static_cast<double>(s.bytes_received));
    sink.point(base + "time_s", 0, 0, static_cast<double>(s.time_ns) * 1e-9);
  }
}

store::MeasurementRow step_row(int64_t run_id, const std::string& subject, const std::string& impl,
                               int rank, const nlohmann::json& point,
                               const std::vector<double>& ns) {
  const stats::Summary s = stats::summarize(ns);
  store::MeasurementRow m;
  m.run_id = run_id;
  m.subject = subject;
  m.implementation = impl;
  m.point_json = point.dump();
  m.rank = rank;
  m.stop_reason = "training steps";
  m.n = static_cast<int64_t>(ns.size());
  m.median = s.median, m.ci_lo = s.ci_lo, m.ci_hi = s.ci_hi, m.ci_level = s.ci_level;
  m.ci_valid = s.ci_valid;
  m.q1 = s.q1, m.q3 = s.q3, m.min = s.min, m.max = s.max;
  m.p90 = s.p90, m.p99 = s.p99, m.p999 = s.p999;
  m.mean = s.mean, m.sd = s.sd, m.cv = s.cv;
  return m;
}

// Rank 0: per-rank step times, the critical path, the Kruskal-Wallis test, the split.
// `crit` gets the critical path's samples (ns).
std::string analyse(LevelContext& ctx, const Collected& col, const std::string& impl,
                    std::vector<double>& crit) {
  store::ResultStore& st = ctx.store;
  std::vector<std::vector<double>> groups;
  std::map<int64_t, double> slowest;  // step -> max over ranks
  for (const auto& [rank, steps] : col.step_time) {
    std::vector<double> ns;
    for (const auto& [step, s] : steps) {
      ns.push_back(s * 1e9);
      slowest[step] = std::max(slowest[step], s);
    }
    if (ns.empty()) continue;
    st.add_measurement(step_row(ctx.run_id, "step time rank " + std::to_string(rank), impl, rank,
                                {{"rank", rank}}, ns),
                       ns);
    groups.push_back(std::move(ns));
  }
  for (const auto& [step, s] : slowest) crit.push_back(s * 1e9);
  if (!crit.empty())
    st.add_measurement(step_row(ctx.run_id, "step time critical path (max over ranks)", impl, 0,
                                {{"across_ranks", "max"}}, crit),
                       crit);
  std::string verdict;
  store::ValidationRow v;
  v.run_id = ctx.run_id;
  v.subject = "step time across ranks";
  v.metric = "kruskal_wallis_p";
  v.tolerance = 0.05;
  if (groups.size() >= 2) {
    const stats::KruskalWallis kw = stats::kruskal_wallis(groups);
    v.value = kw.p_value;
    v.passed = kw.p_value >= 0.05;
    verdict = std::string(v.passed ? "ranks do not differ" : "ranks differ") +
              " (Kruskal-Wallis H = " + fixed(kw.h, 2) + ", df " + fixed(kw.df, 0) +
              ", p = " + fixed(kw.p_value, 4) + ", alpha 0.05)";
  } else {
    v.value = 1;
    v.passed = true;
    verdict = "one rank: nothing to compare";
  }
  v.detail = verdict;
  st.add_validation(v);
  for (const auto& [rank, t] : col.totals) {
    const std::map<std::string, double>& sums = t;  // a structured binding is not captured
    auto total = [&sums](const series::SeriesKind& k) {
      const auto it = sums.find(series::stored(k));
      return it == sums.end() ? 0.0 : it->second;
    };
    const double comm = total(series::kCommTime), comp = total(series::kComputeTime);
    st.add_log(ctx.run_id, "info",
               "rank " + std::to_string(rank) + ": compute " + fixed(comp, 3) +
                   " s, communication " + fixed(comm, 3) + " s (" +
                   fixed(comp + comm > 0 ? 100 * comm / (comp + comm) : 0, 1) + "%), " +
                   fixed(total(series::kCommBytes), 0) + " bytes");
  }
  st.add_log(ctx.run_id, "info", "step time across ranks: " + verdict);
  return verdict;
}

LevelOutcome run_distributed(LevelContext& ctx) {
  Communicator& comm = Communicator::world();
  const bool writer = comm.rank() == 0;
  const training::TrainingSpec t = parse_training_section(ctx.e, ctx.spec_path);
  const distributed::DistributedSpec d = parse_dist(ctx.e, ctx.spec_path);
  const uint64_t seed = ctx.e.seed;
  if (writer) {
    ctx.store.add_log(ctx.run_id, "info", "training section: " + t.as_written.dump());
    ctx.store.add_log(ctx.run_id, "info",
                      "distributed section: " + d.as_written.dump() + " on " +
                          std::to_string(comm.size()) + " ranks");
    if (t.seeds > 1)
      ctx.store.add_log(ctx.run_id, "info",
                        "the distributed level trains one seed (" + std::to_string(seed) +
                            "); $.training.seeds ignored");
  }
  auto data = training::load_training_data(t, seed);
  auto ex = training::build_training_executor(t, seed, ctx.plugins).value();
  training::Optimizer opt(ctx.plugins, t.optimizer_plugin, t.optimizer, t.hyper);
  distributed::register_plugin_schemes(ctx.plugins);  // check_experiment did; a no-op then
  const auto* found = distributed::schemes().find(d.scheme);
  if (!found) throw CliError{kBadInput, "no scheme \"" + d.scheme + "\" (see `d500 plugins`)"};
  const distributed::SchemeDescriptor& kind = *found;
  const bool async = kind.asynchronous;
  const uint64_t rank_seed = seed + static_cast<uint64_t>(comm.rank());
  training::Trainer trainer(*ex, opt,
                            distributed::distributed_trainer_options(t, rank_seed, async));
  distributed::SchemeOptions so;
  so.scheme = d.scheme;
  so.average_every = d.average_every;
  so.params = d.params;
  auto scheme = std::make_shared<distributed::DistributedScheme>(comm, *ex, so);
  RankSink sink(comm.rank());
  Collected col;
  trainer.set_sink(&sink);
  scheme->set_sink(&sink);
  if (async) {
    scheme->set_optimizer(&opt, t.schedule);
    trainer.set_cancel(&g_cancel);
  } else {
    scheme->set_local_stop(&g_cancel, t.max_seconds);
    trainer.set_cancel(scheme->global_stop());
  }
  trainer.add_event(scheme);
  if (auto fault = make_fault_event(d.fault, comm.rank(), comm.size(), *ex))
    trainer.add_event(fault);
  struct EpochEnd : training::TrainingEvent {
    std::function<void(const training::EpochRecord&)> f;
    void after_epoch(const training::EpochRecord& r) override { f(r); }
  };
  auto epoch_end = std::make_shared<EpochEnd>();
  epoch_end->f = [&](const training::EpochRecord& r) {
    if (!async) ship(comm, sink, ctx, col);  // a collective: not while the server serves
    ctx.progress.update({static_cast<size_t>(r.epoch + 1), static_cast<size_t>(t.epochs),
                         "epoch " + std::to_string(r.epoch + 1) + " test acc (rank 0) " +
                             fixed(100 * r.test_accuracy, 2) + "%",
                         0, 0});
  };
  trainer.add_event(epoch_end);
  scheme->broadcast_parameters();
  const int64_t n = data.train.size();
  std::unique_ptr<training::Sampler> sampler;
  if (d.partitioned)
    sampler = std::make_unique<training::PartitionedSampler>(n, comm.rank(), comm.size(), seed,
                                                             t.sampler != "sequential", true);
  else
    sampler = std::make_unique<training::ReplicatedSampler>(n, seed, t.sampler != "sequential");
  const training::TrainResult r = trainer.train(data.train, *sampler, data.test);
  scheme->finish();  // async: the server applies what is still coming

  double tta = -1;
  for (const auto& ep : r.epochs)
    if (t.target_accuracy > 0 && tta < 0 && ep.test_accuracy >= t.target_accuracy) tta = ep.wall_s;
  sink.point(series::stored(series::kFinalTestAccuracy), 0, r.wall_s, r.final_test_accuracy);
  sink.point(series::stored(series::kBestTestAccuracy), 0, r.wall_s, r.best_test_accuracy);
  sink.point(series::stored(series::kSteps), 0, r.wall_s, static_cast<double>(r.steps));
  sink.point(series::stored(series::kTimeToAccuracy), 0, r.wall_s, tta);
  sink.point(series::stored(series::kDiverged), 0, r.wall_s,
             r.stop == training::StopReason::Diverged ? 1 : 0);
  if (kind.replicas_differ) {
    // The replicas differ; their average is the model the job delivers.
    scheme->average_parameters();
    sink.point(series::stored(series::kAveragedModelAccuracy), 0, r.wall_s,
               trainer.evaluate(data.test).first);
  }
  if (async && comm.rank() == 0) {
    sink.point(series::stored(series::kServerAppliedGradients), 0, r.wall_s,
               static_cast<double>(scheme->applied()));
    sink.point(series::stored(series::kServerModelAccuracy), 0, r.wall_s,
               trainer.evaluate(data.test).first);
  }
  counter_points(comm, sink);
  ship(comm, sink, ctx, col);

  LevelOutcome out;
  const std::string impl = d.scheme + " x" + std::to_string(comm.size()) + " (" + t.executor +
                           " + " + t.optimizer_plugin + "/" + t.optimizer + ")";
  std::string verdict;
  std::vector<double> crit;
  if (writer) verdict = analyse(ctx, col, impl, crit);
  // Which ranks diverged: the synchronous schemes agreed on it; the asynchronous ones' ranks
  // stopped on their own and said so in their series.
  std::string diverged = scheme->diverged() ? scheme->diverged_detail() : "";
  if (writer && diverged.empty()) {
    std::string ranks;
    for (const auto& [rank, l] : col.last)
      if (l.count(series::stored(series::kDiverged)) && l.at(series::stored(series::kDiverged)) > 0)
        ranks += (ranks.empty() ? "" : ", ") + std::to_string(rank);
    if (!ranks.empty()) diverged = "loss not finite on rank(s) " + ranks;
  }
  if (writer && !col.staleness.empty()) {
    const stats::Summary st = stats::summarize(col.staleness);
    out.summary["staleness_median"] = st.median;
    out.summary["staleness_max"] = st.max;
    ctx.store.add_log(ctx.run_id, "info",
                      "staleness of " + std::to_string(col.staleness.size()) +
                          " worker gradients: median " + fixed(st.median, 1) + ", max " +
                          fixed(st.max, 0) + " versions");
  }
  out.summary.update({{"scheme", d.scheme},
                      {"ranks", comm.size()},
                      {"steps", r.steps},
                      {"final_test_accuracy", r.final_test_accuracy},
                      {"step_time_across_ranks", verdict}});
  out.reason = d.scheme + " on " + std::to_string(comm.size()) + " ranks, " +
               std::to_string(r.steps) + " steps, rank 0 test accuracy " +
               fixed(100 * r.final_test_accuracy, 2) + "%" +
               (writer ? "; step time: " + verdict : "");
  if (writer && !t.recipe_path.empty()) {
    const std::string missed =
        tta < 0 ? "rank 0 never reached " + fixed(100 * t.target_accuracy, 1) + "% test accuracy"
                : "";
    bool compliant = false;
    out.reason += "; " + store_recipe_verdict(ctx.store, ctx.run_id, t, missed, &compliant);
    out.summary["compliant"] = compliant;
  }
  // The base case on one rank (collective; skipped by all when any rank stopped early).
  if (d.scaling_baseline) {
    int32_t skip =
        r.stop == training::StopReason::Diverged || scheme->diverged() || g_cancel.load();
    comm.allreduce(&skip, 1, DType::Int32, distributed::ReduceOp::Max);
    if (!skip) {
      ScalingJob job{ex.get(), &opt, &t, &data.train, &data.test, seed, r.steps, so, crit, impl};
      run_scaling_baseline(comm, ctx, job, out);
    } else if (writer) {
      ctx.store.add_log(ctx.run_id, "warning",
                        "scaling: no base case measured (the job stopped early or diverged)");
    }
  }
  if (!diverged.empty()) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = "diverged: " + diverged;
  } else if (r.stop == training::StopReason::Diverged) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = "diverged: " + r.stop_detail;
  } else if (async ? g_cancel.load()
                   : scheme->global_stop()->load() && !scheme->stopped_by_time()) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
  } else if (t.target_accuracy > 0 && tta < 0) {
    out.errors.push_back("rank 0 never reached " + fixed(100 * t.target_accuracy, 1) +
                         "% test accuracy");
  }
  return out;
}

}  // namespace

const Level kDistributedLevel{"distributed", &run_distributed, true};

}  // namespace d500::cli
