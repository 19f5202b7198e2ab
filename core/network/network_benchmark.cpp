#include "d500/network/network_benchmark.h"

#include <algorithm>
#include <chrono>
#include <random>

#include "d500/network/assembled_executor.h"

namespace d500::network {

namespace {

using Clock = std::chrono::steady_clock;

double ns_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}

// One pass of an executor: inference, or forward+backward of the loss.
class PassSubject : public measure::Subject {
 public:
  PassSubject(NetworkExecutor& ex, bool training, const std::string& loss)
      : ex_(ex), training_(training), loss_(loss) {}
  void pass() {
    if (!training_)
      ex_.forward();
    else if (loss_.empty())
      ex_.forward_backward_sum(ex_.output_names());
    else
      ex_.forward_backward(loss_);
  }
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) pass();
  }

 protected:
  NetworkExecutor& ex_;

 private:
  bool training_;
  const std::string& loss_;
};

// The same pass with the node events on: each run(n) adds one sample per node and pass kind,
// its time per call over the n calls (the measurement loop's samples are run(block) calls).
class NodeSubject : public PassSubject {
 public:
  NodeSubject(NetworkExecutor& ex, bool training, const std::string& loss)
      : PassSubject(ex, training, loss) {
    ex_.set_node_callback([this](const NodeEvent& ev) { on_event(ev); });
  }
  ~NodeSubject() override { ex_.set_node_callback({}); }

  struct Acc {
    const std::string* name = nullptr;
    const std::string* op_type = nullptr;
    size_t node = 0;
    Pass pass = Pass::Forward;
    Clock::time_point start;
    double block_ns = 0;
    std::vector<double> samples;
  };

  void run(uint64_t n) override {
    for (auto& a : accs_) a.block_ns = 0;
    for (uint64_t i = 0; i < n; ++i) pass();
    for (auto& a : accs_)
      if (a.name) a.samples.push_back(a.block_ns / static_cast<double>(n));
  }
  const std::vector<Acc>& accs() const { return accs_; }

 private:
  void on_event(const NodeEvent& ev) {
    // NetworkExecutor::kWholePass (an autograd backward) + 1 wraps to slot 0.
    const size_t key = 2 * (ev.node + 1) + (ev.pass == Pass::Backward ? 1 : 0);
    if (key >= accs_.size()) accs_.resize(key + 1);
    Acc& a = accs_[key];
    if (!ev.after) {
      if (!a.name) a.name = ev.name, a.op_type = ev.op_type, a.node = ev.node, a.pass = ev.pass;
      a.start = Clock::now();
    } else {
      a.block_ns += ns_since(a.start);
    }
  }
  std::vector<Acc> accs_;
};

struct Plan {
  std::string kind;  // "latency", "throughput", "fwd+bwd"
  int64_t batch = 0;
  bool node_times = false;
};

std::vector<Plan> plan(const NetworkBenchmarkOptions& o) {
  std::vector<Plan> out;
  const int64_t largest =
      o.batch_sizes.empty() ? 0 : *std::max_element(o.batch_sizes.begin(), o.batch_sizes.end());
  if (o.latency) out.push_back({"latency", 1, o.per_node});
  bool first = true;
  for (int64_t b : o.batch_sizes) {
    if (o.throughput && !(b == 1 && o.latency))
      out.push_back({"throughput", b, o.per_node && !o.latency && first});
    first = false;
  }
  if (o.training)
    for (int64_t b : o.batch_sizes) out.push_back({"fwd+bwd", b, o.per_node && b == largest});
  return out;
}

std::string subject_of(const std::string& kind, int64_t batch) {
  return kind + " b=" + std::to_string(batch);
}

void set_rates(PointResult& r) {
  const stats::Summary& s = r.m.summary;
  if (!r.m.error.empty() || !(s.median > 0)) return;
  const double b = static_cast<double>(r.batch) * 1e9;
  r.samples_per_s = b / s.median;
  r.samples_per_s_lo = s.ci_valid && s.ci_hi > 0 ? b / s.ci_hi : 0;
  r.samples_per_s_hi = s.ci_valid && s.ci_lo > 0 ? b / s.ci_lo : 0;
}

void fail(PointResult& r, const std::string& what) {
  r.m.stop = measure::StopReason::Error;
  r.m.error = what;
}

// Builds the executor fresh, times its first pass, and measures the memory around both.
std::unique_ptr<NetworkExecutor> prepare(const ExecutorUnderTest& e, const Plan& p,
                                         const NetworkBenchmarkOptions& o, PointResult& r) {
  try {
    PeakMemory mem;
    auto t0 = Clock::now();
    std::unique_ptr<NetworkExecutor> ex = e.make(p.batch, p.kind == "fwd+bwd");
    if (!ex) throw D500Error("the factory returned no executor");
    r.build_ns = ns_since(t0);
    r.description = ex->description();
    fill_inputs(*ex, o.seed);
    PassSubject first(*ex, p.kind == "fwd+bwd", o.loss);
    t0 = Clock::now();
    first.pass();
    r.first_call_ns = ns_since(t0);
    r.peak_rss_delta_bytes = mem.delta_bytes();
    r.memory_method = mem.method();
    if (auto m = ex->memory()) r.executor_peak_bytes = m->peak;
    // An assembled executor with nodes on a device: the copies of one more pass, the steady
    // state (the first pass also uploads what stays on the device).
    if (const auto* a = dynamic_cast<const AssembledExecutor*>(ex.get());
        a && a->transfers().h2d_copies + a->transfers().d2h_copies > 0) {
      const device::TransferStats before = a->transfers();
      first.pass();
      const device::TransferStats& now = a->transfers();
      r.h2d_copies = now.h2d_copies - before.h2d_copies;
      r.h2d_bytes = now.h2d_bytes - before.h2d_bytes;
      r.d2h_copies = now.d2h_copies - before.d2h_copies;
      r.d2h_bytes = now.d2h_bytes - before.d2h_bytes;
    }
    return ex;
  } catch (const std::exception& ex) {
    fail(r, ex.what());
    return nullptr;
  }
}

// Node times of the executors of one point, measured interleaved.
std::vector<NodeTime> measure_nodes(const std::vector<std::unique_ptr<NetworkExecutor>>& exs,
                                    const std::vector<PointResult>& results, const Plan& p,
                                    const NetworkBenchmarkOptions& o, uint64_t seed,
                                    const measure::TimerInfo& timer,
                                    const std::atomic<bool>* cancel,
                                    std::vector<std::string>& errors) {
  const bool training = p.kind == "fwd+bwd";
  std::vector<std::unique_ptr<NodeSubject>> subjects;
  std::vector<measure::Subject*> live;
  std::vector<size_t> index;
  for (size_t i = 0; i < exs.size(); ++i) {
    if (!exs[i] || !results[i].m.error.empty()) continue;
    subjects.push_back(std::make_unique<NodeSubject>(*exs[i], training, o.loss));
    live.push_back(subjects.back().get());
    index.push_back(i);
  }
  auto ms = measure::measure_interleaved(live, o.policy, seed, timer, {}, cancel);
  const std::string group = (training ? "fwd+bwd b=" : "fwd b=") + std::to_string(p.batch);
  std::vector<NodeTime> out;
  for (size_t k = 0; k < subjects.size(); ++k) {
    const PointResult& r = results[index[k]];
    if (!ms[k].error.empty()) {
      errors.push_back("node times " + group + " [" + r.executor + "]: " + ms[k].error);
      continue;
    }
    const size_t n = ms[k].samples_ns.size();
    const size_t first = out.size();
    double total = 0;
    for (const auto& a : subjects[k]->accs()) {
      if (!a.name || a.samples.size() < n || n == 0) continue;
      NodeTime t;
      t.executor = r.executor;
      t.group = group;
      t.batch = p.batch;
      t.node = a.node;
      t.name = *a.name;
      t.op_type = *a.op_type;
      t.pass = a.pass;
      const bool whole = t.op_type.rfind('(', 0) == 0;  // "(autograd)": already bracketed
      t.subject = "node " + t.name + (whole ? " " + t.op_type : " (" + t.op_type + ")") + " " +
                  (a.pass == Pass::Forward ? "fwd" : "bwd") + " b=" + std::to_string(p.batch);
      if (training && a.pass == Pass::Forward) t.subject += " (training)";
      // The calls before sampling (warm-up, block sizing) are not samples.
      t.samples_ns.assign(a.samples.end() - static_cast<std::ptrdiff_t>(n), a.samples.end());
      t.summary = stats::summarize(t.samples_ns, o.policy.confidence);
      total += t.summary.median;
      out.push_back(std::move(t));
    }
    for (size_t j = first; j < out.size(); ++j)
      out[j].share = total > 0 ? out[j].summary.median / total : 0;
  }
  return out;
}

}  // namespace

size_t count_points(const NetworkBenchmarkOptions& options) {
  return plan(options).size();
}

NetworkBenchmarkResult run_network_benchmark(const std::vector<ExecutorUnderTest>& executors,
                                             const NetworkBenchmarkOptions& o,
                                             const BenchmarkCallbacks& cb) {
  NetworkBenchmarkResult result;
  std::vector<Plan> plans = plan(o);
  // Points in a seeded random order, so drift over the run does not line up with the sweep.
  std::mt19937_64 gen(o.seed);
  std::shuffle(plans.begin(), plans.end(), gen);
  const measure::TimerInfo timer = measure::calibrate_timer();
  auto cancelled = [&] { return cb.cancel && cb.cancel->load(); };

  for (size_t pi = 0; pi < plans.size(); ++pi) {
    const Plan& p = plans[pi];
    if (cancelled()) {
      result.cancelled = true;
      break;
    }
    const std::string subject = subject_of(p.kind, p.batch);
    std::vector<PointResult> rs(executors.size());
    std::vector<std::unique_ptr<NetworkExecutor>> exs(executors.size());
    std::vector<measure::Subject*> live;
    std::vector<std::unique_ptr<PassSubject>> subjects;
    std::vector<size_t> index;
    for (size_t i = 0; i < executors.size(); ++i) {
      rs[i].executor = executors[i].name;
      rs[i].kind = p.kind;
      rs[i].batch = p.batch;
      rs[i].subject = subject;
      exs[i] = prepare(executors[i], p, o, rs[i]);
      if (!exs[i]) continue;
      subjects.push_back(std::make_unique<PassSubject>(*exs[i], p.kind == "fwd+bwd", o.loss));
      live.push_back(subjects.back().get());
      index.push_back(i);
    }
    measure::Policy policy = o.policy;
    if (p.kind == "latency") {
      policy.min_samples = std::max(policy.min_samples, o.latency_min_samples);
      policy.max_samples = std::max(policy.max_samples, policy.min_samples);
    }
    auto ms =
        measure::measure_interleaved(live, policy, o.seed + 7919 * (pi + 1), timer, {}, cb.cancel);
    for (size_t k = 0; k < ms.size(); ++k) {
      PointResult& r = rs[index[k]];
      const double first = r.first_call_ns;
      r.m = std::move(ms[k]);
      r.m.first_call_ns = first;  // the executor's own first pass, not the loop's first call
      if (r.m.stop == measure::StopReason::Cancelled) result.cancelled = true;
    }
    subjects.clear();
    for (auto& r : rs) {
      set_rates(r);
      if (!r.m.error.empty())
        result.errors.push_back(subject + " [" + r.executor + "]: " + r.m.error);
    }
    std::vector<NodeTime> nodes;
    if (p.node_times && !cancelled())
      nodes =
          measure_nodes(exs, rs, p, o, o.seed + 104729 * (pi + 1), timer, cb.cancel, result.errors);
    exs.clear();
    // Throughput at batch 1 is the latency pass: one measurement, shown under both.
    if (p.kind == "latency" && o.throughput &&
        std::find(o.batch_sizes.begin(), o.batch_sizes.end(), 1) != o.batch_sizes.end()) {
      const size_t n = rs.size();
      for (size_t i = 0; i < n; ++i) {
        PointResult d = rs[i];
        d.kind = "throughput";
        d.subject = subject_of("throughput", 1);
        d.derived = true;
        rs.push_back(std::move(d));
      }
    }
    if (cb.on_point) cb.on_point(rs, nodes);
    for (auto& r : rs) result.points.push_back(std::move(r));
    for (auto& t : nodes) result.nodes.push_back(std::move(t));
    if (cb.progress) cb.progress(pi + 1, plans.size(), subject);
    if (result.cancelled) break;
  }
  if (cancelled()) result.cancelled = true;
  return result;
}

std::vector<NodeTime> slowest_nodes(std::span<const NodeTime> nodes, const std::string& executor,
                                    const std::string& group, size_t k) {
  std::vector<NodeTime> out;
  for (const auto& t : nodes)
    if (t.executor == executor && t.group == group) out.push_back(t);
  std::stable_sort(out.begin(), out.end(), [](const NodeTime& a, const NodeTime& b) {
    return a.summary.median > b.summary.median;
  });
  if (out.size() > k) out.resize(k);
  return out;
}

}  // namespace d500::network
