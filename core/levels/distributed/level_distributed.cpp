// Level "distributed" (Level 3): data-parallel training on every rank of an MPI job with one of
// the distributed optimizers (distributed_optimizers.h). The experiment has a "training" section
// (as level "training"; one seed, the experiment's) and a "distributed" section (both parsed and
// checked in core: training_spec.h, distributed_spec.h):
//   "distributed": {"scheme": a registered scheme (scheme_registry.h),
//                   "average_every": 4, "sampler": "partitioned" | "replicated",
//                   "scaling_baseline": false, "fault": {...}}   (both: distributed_extras.h)
// Every rank builds the same network (seeded), takes rank 0's parameters, and trains on its shard
// (partitioned: PartitionedSampler padded so that every rank runs the same number of steps; a
// "training.sampler" other than shuffled or sequential, a plugin's included, is sharded the same
// way by ShardedSampler) or on the whole set (replicated). One writer: the ranks' series (trainer
// curves plus per step "comm_bytes", "comm_time_s", "compute_time_s") reach rank 0 at the end of
// every epoch, each carrying its rank. At the end rank 0 stores per rank a step-time measurement
// (samples kept) and one for the critical path (per step the slowest rank), a Kruskal-Wallis test
// of whether the ranks' step times differ (a validation row), and per rank the final accuracy,
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
#include "d500/training/dataset_registry.h"
#include "d500/training/sampler_registry.h"
#include "d500/training/trainer.h"
#include "distributed_extras.h"
#include "format.h"
#include "levels.h"
#include "training/training_section.h"

namespace d500::run {

namespace {

using distributed::Communicator;

// The section as check_experiment accepted it.
distributed::DistributedSpec parse_dist(const spec::Experiment& e, const std::string& source) {
  auto d = distributed::parse_distributed(e.sections.value("distributed", nlohmann::json::object()),
                                          source);
  if (!d) throw Failure{kBadInput, d.error().to_string()};
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
    ctx.observer.series(p);
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

// One rank's part of a distributed training job, phase by phase.
struct Job {
  explicit Job(LevelContext& c)
      : ctx(c),
        comm(Communicator::world()),
        writer(comm.rank() == 0),
        t(parse_training_section(c.e, c.spec_path)),
        d(parse_dist(c.e, c.spec_path)),
        seed(c.e.seed),
        sink(comm.rank()) {}
  LevelContext& ctx;
  Communicator& comm;
  const bool writer;
  const training::TrainingSpec t;
  const distributed::DistributedSpec d;
  const uint64_t seed;
  training::DatasetSplit data;
  std::unique_ptr<network::NetworkExecutor> ex;
  std::unique_ptr<training::Optimizer> opt;
  const distributed::SchemeDescriptor* kind = nullptr;
  bool async = false;
  distributed::SchemeOptions so;
  std::shared_ptr<distributed::DistributedScheme> scheme;
  std::unique_ptr<training::Trainer> trainer;
  RankSink sink;
  Collected col;
  training::TrainResult r;
  double tta = -1;  // rank 0's time to the target accuracy; -1: not reached
  std::string impl;
  std::vector<double> crit;  // per step, the slowest rank's time (rank 0)
};

void log_sections(Job& j) {
  if (!j.writer) return;
  store::ResultStore& st = j.ctx.store;
  st.add_log(j.ctx.run_id, "info", "training section: " + j.t.as_written.dump());
  st.add_log(j.ctx.run_id, "info",
             "distributed section: " + j.d.as_written.dump() + " on " +
                 std::to_string(j.comm.size()) + " ranks");
  if (j.t.seeds > 1)
    st.add_log(j.ctx.run_id, "info",
               "the distributed level trains one seed (" + std::to_string(j.seed) +
                   "); $.training.seeds ignored");
}

// The network, the optimizer, the scheme and the trainer, wired: the scheme's hooks around each
// step, the fault to inject, and at every epoch's end the series shipped to rank 0 and progress.
void set_up(Job& j) {
  training::register_plugin_datasets(j.ctx.plugins);  // check_experiment did; again here
  training::register_plugin_samplers(j.ctx.plugins);
  j.data = training::load_training_data(j.t, j.seed);
  j.ex = training::build_training_executor(j.t, j.seed, j.ctx.plugins).value();
  j.opt = std::make_unique<training::Optimizer>(j.ctx.plugins, j.t.optimizer_plugin, j.t.optimizer,
                                                j.t.hyper);
  distributed::register_plugin_schemes(j.ctx.plugins);  // check_experiment did; a no-op then
  j.kind = distributed::schemes().find(j.d.scheme);
  if (!j.kind) throw Failure{kBadInput, "no scheme \"" + j.d.scheme + "\" (see `d500 plugins`)"};
  j.async = j.kind->asynchronous;
  const uint64_t rank_seed = j.seed + static_cast<uint64_t>(j.comm.rank());
  const auto options = distributed::distributed_trainer_options(j.t, rank_seed, j.async);
  j.trainer = std::make_unique<training::Trainer>(*j.ex, *j.opt, options);
  j.so.scheme = j.d.scheme;
  j.so.average_every = j.d.average_every;
  j.so.params = j.d.params;
  j.so.hook_timeout = std::chrono::milliseconds(static_cast<int64_t>(j.d.hook_timeout_s * 1000));
  j.so.on_stuck = j.ctx.stuck;
  j.scheme = std::make_shared<distributed::DistributedScheme>(j.comm, *j.ex, j.so);
  j.trainer->set_sink(&j.sink);
  j.scheme->set_sink(&j.sink);
  if (j.async) {
    j.scheme->set_optimizer(j.opt.get(), j.t.schedule);
    j.trainer->set_cancel(&j.ctx.cancel);
  } else {
    j.scheme->set_local_stop(&j.ctx.cancel, j.t.max_seconds);
    j.trainer->set_cancel(j.scheme->global_stop());
  }
  j.trainer->add_event(j.scheme);
  if (auto m = make_metric_event(j.t, "distributed", j.ctx.plugins, *j.ex, options, &j.sink,
                                 j.writer ? &j.ctx.store : nullptr, j.ctx.run_id))
    j.trainer->add_event(m);
  if (auto fault = make_fault_event(j.d.fault, j.comm.rank(), j.comm.size(), *j.ex))
    j.trainer->add_event(fault);
  struct EpochEnd : training::TrainingEvent {
    explicit EpochEnd(Job& job) : j(job) {}
    void after_epoch(const training::EpochRecord& r) override {
      if (!j.async) ship(j.comm, j.sink, j.ctx, j.col);  // a collective: not while serving
      j.ctx.observer.progress({static_cast<size_t>(r.epoch + 1), static_cast<size_t>(j.t.epochs),
                               "epoch " + std::to_string(r.epoch + 1) + " test acc (rank 0) " +
                                   fixed(100 * r.test_accuracy, 2) + "%",
                               0, 0});
    }
    Job& j;
  };
  j.trainer->add_event(std::make_shared<EpochEnd>(j));
}

// This rank's sampler: shuffled and sequential orders dealt out by level 3 itself; any other
// registered sampler (balanced, a plugin's) built with the same seed on every rank, its order
// checked to agree across ranks, then sharded (partitioned) or used whole (replicated).
std::unique_ptr<training::Sampler> rank_sampler(Job& j) {
  const int64_t n = j.data.train.size();
  if (j.t.sampler == "shuffled" || j.t.sampler == "sequential") {
    const bool shuffle = j.t.sampler != "sequential";
    if (j.d.partitioned)
      return std::make_unique<training::PartitionedSampler>(n, j.comm.rank(), j.comm.size(), j.seed,
                                                            shuffle, true);
    return std::make_unique<training::ReplicatedSampler>(n, j.seed, shuffle);
  }
  auto inner = training::make_sampler(j.t.sampler, j.data.train, j.seed, j.t.sampler_params);
  uint64_t order = 1469598103934665603ull;  // FNV-1a over the first epoch's indices
  for (int64_t i : inner->epoch_indices(0))
    order = (order ^ static_cast<uint64_t>(i)) * 1099511628211ull;
  j.comm.require_same("sampler \"" + j.t.sampler + "\"'s epoch order (the same seed on every rank)",
                      std::to_string(order));
  if (!j.d.partitioned) return inner;
  return std::make_unique<training::ShardedSampler>(std::move(inner), j.comm.rank(), j.comm.size(),
                                                    true);
}

void train(Job& j) {
  j.scheme->broadcast_parameters();
  const auto sampler = rank_sampler(j);
  j.r = j.trainer->train(j.data.train, *sampler, j.data.test);
  j.scheme->finish();  // async: the server applies what is still coming
  for (const auto& ep : j.r.epochs)
    if (j.t.target_accuracy > 0 && j.tta < 0 && ep.test_accuracy >= j.t.target_accuracy)
      j.tta = ep.wall_s;
}

// Each rank's last points (accuracies, steps, the averaged or the server's model), then every
// rank's series to rank 0.
void store_final_points(Job& j) {
  const training::TrainResult& r = j.r;
  RankSink& sink = j.sink;
  sink.point(series::stored(series::kFinalTestAccuracy), 0, r.wall_s, r.final_test_accuracy);
  sink.point(series::stored(series::kBestTestAccuracy), 0, r.wall_s, r.best_test_accuracy);
  sink.point(series::stored(series::kSteps), 0, r.wall_s, static_cast<double>(r.steps));
  sink.point(series::stored(series::kTimeToAccuracy), 0, r.wall_s, j.tta);
  sink.point(series::stored(series::kDiverged), 0, r.wall_s,
             r.stop == training::StopReason::Diverged ? 1 : 0);
  if (j.kind->replicas_differ) {
    // The replicas differ; their average is the model the job delivers.
    j.scheme->average_parameters();
    sink.point(series::stored(series::kAveragedModelAccuracy), 0, r.wall_s,
               j.trainer->evaluate(j.data.test).first);
  }
  if (j.async && j.comm.rank() == 0) {
    sink.point(series::stored(series::kServerAppliedGradients), 0, r.wall_s,
               static_cast<double>(j.scheme->applied()));
    sink.point(series::stored(series::kServerModelAccuracy), 0, r.wall_s,
               j.trainer->evaluate(j.data.test).first);
  }
  counter_points(j.comm, sink);
  ship(j.comm, sink, j.ctx, j.col);
}

// Which ranks diverged: the synchronous schemes agreed on it; the asynchronous ones' ranks
// stopped on their own and said so in their series.
std::string diverged_ranks(const Job& j) {
  if (j.scheme->diverged()) return j.scheme->diverged_detail();
  if (!j.writer) return "";
  std::string ranks;
  const std::string name = series::stored(series::kDiverged);
  for (const auto& [rank, l] : j.col.last)
    if (l.count(name) && l.at(name) > 0)
      ranks += (ranks.empty() ? "" : ", ") + std::to_string(rank);
  return ranks.empty() ? "" : "loss not finite on rank(s) " + ranks;
}

// The run's numbers and reason: staleness (async), the step-time verdict, the recipe's.
void summarize(Job& j, LevelOutcome& out) {
  const int ranks = j.comm.size();
  j.impl = j.d.scheme + " x" + std::to_string(ranks) + " (" + j.t.executor + " + " +
           j.t.optimizer_plugin + "/" + j.t.optimizer + ")";
  std::string verdict;
  if (j.writer) verdict = analyse(j.ctx, j.col, j.impl, j.crit);
  if (j.writer && !j.col.staleness.empty()) {
    const stats::Summary st = stats::summarize(j.col.staleness);
    out.summary["staleness_median"] = st.median;
    out.summary["staleness_max"] = st.max;
    j.ctx.store.add_log(j.ctx.run_id, "info",
                        "staleness of " + std::to_string(j.col.staleness.size()) +
                            " worker gradients: median " + fixed(st.median, 1) + ", max " +
                            fixed(st.max, 0) + " versions");
  }
  out.summary.update({{"scheme", j.d.scheme},
                      {"ranks", ranks},
                      {"steps", j.r.steps},
                      {"final_test_accuracy", j.r.final_test_accuracy},
                      {"step_time_across_ranks", verdict}});
  out.reason = j.d.scheme + " on " + std::to_string(ranks) + " ranks, " +
               std::to_string(j.r.steps) + " steps, rank 0 test accuracy " +
               fixed(100 * j.r.final_test_accuracy, 2) + "%" +
               (j.writer ? "; step time: " + verdict : "");
  if (j.writer && !j.t.recipe_path.empty()) {
    const std::string missed =
        j.tta < 0
            ? "rank 0 never reached " + fixed(100 * j.t.target_accuracy, 1) + "% test accuracy"
            : "";
    bool compliant = false;
    out.reason += "; " + store_recipe_verdict(j.ctx.store, j.ctx.run_id, j.t, missed, &compliant);
    out.summary["compliant"] = compliant;
  }
}

// The base case on one rank (collective; skipped by all when any rank stopped early).
void scaling_baseline(Job& j, LevelOutcome& out) {
  if (!j.d.scaling_baseline) return;
  int32_t skip =
      j.r.stop == training::StopReason::Diverged || j.scheme->diverged() || j.ctx.cancel.load();
  j.comm.allreduce(&skip, 1, DType::Int32, distributed::ReduceOp::Max);
  if (!skip) {
    ScalingJob job{j.ex.get(), j.opt.get(), &j.t, &j.data.train, &j.data.test,
                   j.seed,     j.r.steps,   j.so, j.crit,        j.impl};
    run_scaling_baseline(j.comm, j.ctx, job, out);
  } else if (j.writer) {
    j.ctx.store.add_log(j.ctx.run_id, "warning",
                        "scaling: no base case measured (the job stopped early or diverged)");
  }
}

// How the run ended: diverged, cancelled, short of its target, or as summarized.
void conclude(const Job& j, const std::string& diverged, LevelOutcome& out) {
  const bool stopped = j.async ? j.ctx.cancel.load()
                               : j.scheme->global_stop()->load() && !j.scheme->stopped_by_time();
  if (!diverged.empty() || j.r.stop == training::StopReason::Diverged) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = "diverged: " + (diverged.empty() ? j.r.stop_detail : diverged);
  } else if (stopped) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
  } else if (j.t.target_accuracy > 0 && j.tta < 0) {
    out.errors.push_back("rank 0 never reached " + fixed(100 * j.t.target_accuracy, 1) +
                         "% test accuracy");
  }
}

LevelOutcome run_distributed(LevelContext& ctx) {
  Job j(ctx);
  log_sections(j);
  set_up(j);
  train(j);
  store_final_points(j);
  LevelOutcome out;
  const std::string diverged = diverged_ranks(j);
  summarize(j, out);
  scaling_baseline(j, out);
  conclude(j, diverged, out);
  return out;
}

}  // namespace

const Level kDistributedLevel{"distributed", &run_distributed, true};

}  // namespace d500::run
