#include "distributed_extras.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <thread>

#include "d500/measure/series_kinds.h"
#include "d500/measure/stats.h"
#include "d500/training/sampler.h"
#include "d500/training/trainer.h"
#include "format.h"

namespace d500::run {

namespace {

constexpr int kTagScalingDone = 91;

class FaultEvent : public training::TrainingEvent {
 public:
  FaultEvent(FaultSpec f, network::NetworkExecutor& ex) : f_(std::move(f)), ex_(ex) {}
  void before_step(int64_t step) override {
    if (step != f_.step) return;
    const std::string what = "fault injected by $.distributed.fault on rank " +
                             std::to_string(f_.rank) + " at step " + std::to_string(step);
    if (f_.kind == "error") throw D500Error(what + " (kind \"error\")", "distributed level");
    if (f_.kind == "crash") {
      std::fprintf(stderr, "d500: %s: killing this process (kind \"crash\")\n", what.c_str());
      std::fflush(stderr);
      std::raise(SIGKILL);
    }
    // nan_loss: the first parameter's first element becomes NaN, so this step's loss is NaN.
    const DLTensor p = ex_.parameter_view(ex_.parameter_names().front());
    auto* b = static_cast<uint8_t*>(p.data) + p.byte_offset;
    if (p.dtype.bits == 32)
      *reinterpret_cast<float*>(b) = std::nanf("");
    else
      *reinterpret_cast<double*>(b) = std::nan("");
  }

 private:
  FaultSpec f_;
  network::NetworkExecutor& ex_;
};

// Counts the base case's steps and keeps their times.
class BaselineSteps : public training::TrainingEvent, public training::SeriesSink {
 public:
  explicit BaselineSteps(int64_t steps) : left_(steps) {}
  void after_step(int64_t, double) override {
    if (--left_ <= 0) stop.store(true);
  }
  void point(const std::string& name, int64_t, double, double value) override {
    if (series::is(name, series::kStepTime)) ns.push_back(value * 1e9);
  }
  std::atomic<bool> stop{false};
  std::vector<double> ns;

 private:
  int64_t left_;
};

// Median and its interval at `confidence` (sorted copy).
struct MedianCi {
  double median = 0, lo = 0, hi = 0;
  bool valid = false;
};
MedianCi median_ci(std::vector<double> xs, double confidence) {
  std::sort(xs.begin(), xs.end());
  MedianCi m;
  m.median = stats::quantile_sorted(xs, 0.5);
  const stats::MedianCI ci = stats::median_ci(xs, confidence);
  m.valid = ci.valid;
  m.lo = ci.lo, m.hi = ci.hi;
  return m;
}

}  // namespace

std::shared_ptr<training::TrainingEvent> make_fault_event(const FaultSpec& f, int rank, int ranks,
                                                          network::NetworkExecutor& ex) {
  if (f.rank < 0) return nullptr;
  if (f.rank >= ranks)
    throw Failure{kBadInput, "$.distributed.fault.rank: " + std::to_string(f.rank) +
                                 " is not a rank of this " + std::to_string(ranks) + "-rank job"};
  if (f.rank != rank) return nullptr;
  return std::make_shared<FaultEvent>(f, ex);
}

void run_scaling_baseline(distributed::Communicator& comm, LevelContext& ctx, const ScalingJob& job,
                          LevelOutcome& out) {
  if (comm.rank() != 0) {
    // Wait for rank 0 without spinning in a collective (it would take a core from the base case).
    while (!comm.iprobe(0, kTagScalingDone))
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    char done = 0;
    comm.recv(&done, 1, 0, kTagScalingDone);
    return;
  }
  const training::TrainingSpec& t = *job.t;
  training::TrainerOptions o;
  o.batch = t.batch;
  o.epochs = int64_t{1} << 30;  // the step count stops it
  o.schedule = t.schedule;
  o.augmentation = t.augment;
  o.seed = job.seed;
  training::Trainer trainer(*job.ex, *job.opt, o);
  auto one = distributed::Communicator::single_rank();
  auto scheme = std::make_shared<distributed::DistributedScheme>(*one, *job.ex, job.scheme);
  if (scheme->descriptor().asynchronous) scheme->set_optimizer(job.opt, t.schedule);
  auto steps = std::make_shared<BaselineSteps>(job.steps);
  trainer.add_event(scheme);
  trainer.add_event(steps);
  trainer.set_sink(steps.get());
  trainer.set_cancel(&steps->stop);
  training::ReplicatedSampler sampler(job.train->size(), job.seed, t.sampler != "sequential");
  const auto r = trainer.train(*job.train, sampler, *job.test);
  char done = 1;
  for (int rank = 1; rank < comm.size(); ++rank) comm.send(&done, 1, rank, kTagScalingDone);
  if (steps->ns.empty() || job.critical_ns.empty()) {
    ctx.store.add_log(ctx.run_id, "warning", "scaling: no step times to compare");
    return;
  }
  const double n = comm.size(), batch = static_cast<double>(t.batch);
  store::MeasurementRow m;
  const stats::Summary s = stats::summarize(steps->ns);
  m.run_id = ctx.run_id;
  m.subject = "step time 1 rank (scaling base case)";
  m.implementation = job.implementation;
  m.point_json = nlohmann::json{{"scaling_baseline", 1}}.dump();
  m.stop_reason = "training steps";
  m.n = static_cast<int64_t>(steps->ns.size());
  m.median = s.median, m.ci_lo = s.ci_lo, m.ci_hi = s.ci_hi, m.ci_level = s.ci_level;
  m.ci_valid = s.ci_valid;
  m.q1 = s.q1, m.q3 = s.q3, m.min = s.min, m.max = s.max;
  m.p90 = s.p90, m.p99 = s.p99, m.p999 = s.p999;
  m.mean = s.mean, m.sd = s.sd, m.cv = s.cv;
  ctx.store.add_measurement(m, steps->ns);
  // Bonferroni: two 97.5% intervals give the ratio an interval of at least 95%.
  const MedianCi one_rank = median_ci(steps->ns, 0.975);
  const MedianCi job_crit = median_ci(job.critical_ns, 0.975);
  const double speedup = n * one_rank.median / job_crit.median;
  const bool valid = one_rank.valid && job_crit.valid && job_crit.lo > 0;
  const double lo = valid ? n * one_rank.lo / job_crit.hi : speedup;
  const double hi = valid ? n * one_rank.hi / job_crit.lo : speedup;
  std::vector<store::SeriesPoint> pts;
  auto add = [&](const std::string& name, double v) {
    pts.push_back({0, ctx.run_id, 0, "scaling." + name, 0, r.wall_s, v});
  };
  add("speedup", speedup);
  add("efficiency", speedup / n);
  if (valid) {
    add("speedup_ci_lo", lo), add("speedup_ci_hi", hi);
    add("efficiency_ci_lo", lo / n), add("efficiency_ci_hi", hi / n);
  }
  add("throughput_n", n * batch / (job_crit.median * 1e-9));
  add("throughput_1", batch / (one_rank.median * 1e-9));
  ctx.store.add_series(pts);
  const std::string ci =
      valid ? " [" + fixed(lo, 2) + ", " + fixed(hi, 2) + "]" : " (n too small for a CI)";
  const std::string line = "scaling against 1 rank (weak: batch " + std::to_string(t.batch) +
                           " per rank, " + std::to_string(r.steps) +
                           " steps alone on rank 0 after the job): speedup " + fixed(speedup, 2) +
                           ci + ", efficiency " + fixed(100 * speedup / n, 1) + "%";
  ctx.store.add_log(ctx.run_id, "info", line);
  out.summary["scaling_speedup"] = speedup;
  out.summary["scaling_efficiency"] = speedup / n;
  out.reason += "; " + line;
}

}  // namespace d500::run
