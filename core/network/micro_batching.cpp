#include "d500/network/micro_batching.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>

#include "d500/operators/operator_benchmark.h"
#include "d500/spec/experiment.h"

namespace d500::network {

namespace {

using Inputs = std::vector<std::pair<std::string, Tensor>>;

// Rows [first, first + rows) of every input (the batch is the first dimension).
Inputs slice(const Inputs& full, int64_t first, int64_t rows) {
  Inputs out;
  for (const auto& [name, t] : full) {
    if (t.shape().empty() || t.shape()[0] < first + rows)
      throw D500Error("input \"" + name + "\" " + shape_to_string(t.shape()) +
                      " has no batch dimension to split");
    Shape s = t.shape();
    const size_t row_bytes = t.nbytes() / static_cast<size_t>(s[0]);
    s[0] = rows;
    Tensor part(t.dtype(), s);
    std::memcpy(part.data(), static_cast<const char*>(t.data()) + first * row_bytes, part.nbytes());
    out.emplace_back(name, std::move(part));
  }
  return out;
}

// One backward of the minibatch's mean loss over `rows` samples; the gradients are of the
// micro-batch's sum when the loss is the sum of the outputs (scaled by the caller).
void backward(NetworkExecutor& ex, const std::string& loss) {
  if (loss.empty())
    ex.forward_backward_sum(ex.output_names());
  else
    ex.forward_backward(loss);
}

// The scale of one micro-batch's raw gradient in the accumulated full-batch mean gradient.
double scale_of(const MicroBatchOptions& o, int64_t k) {
  if (!o.scale) return 1.0;
  // A named loss is already the micro-batch's mean: 1/k. A sum over the micro-batch's outputs
  // becomes the minibatch's mean with 1/B.
  return o.loss.empty() ? 1.0 / static_cast<double>(o.batch) : 1.0 / static_cast<double>(k);
}

void add_scaled(Tensor& acc, const Tensor& g, double s) {
  if (acc.dtype() == DType::Float32) {
    float* a = acc.data_as<float>();
    const float* x = g.data_as<float>();
    const float fs = static_cast<float>(s);
    for (int64_t i = 0; i < acc.numel(); ++i) a[i] += fs * x[i];
  } else if (acc.dtype() == DType::Float64) {
    double* a = acc.data_as<double>();
    const double* x = g.data_as<double>();
    for (int64_t i = 0; i < acc.numel(); ++i) a[i] += s * x[i];
  } else {
    for (int64_t i = 0; i < acc.numel(); ++i) acc.set(i, acc.at(i) + s * g.at(i));
  }
}

// One minibatch step: every micro-batch forward+backward, gradients accumulated into `acc`.
class StepSubject : public measure::Subject {
 public:
  StepSubject(NetworkExecutor& ex, std::vector<Inputs> micro, const MicroBatchOptions& o, int64_t k)
      : ex_(ex), micro_(std::move(micro)), loss_(o.loss), scale_(scale_of(o, k)) {
    for (const auto& p : ex_.parameter_names()) {
      const Tensor& t = ex_.parameter(p);
      acc_.emplace_back(t.dtype(), t.shape());
    }
  }
  void step() {
    for (auto& a : acc_) std::memset(a.data(), 0, a.nbytes());
    const auto& params = ex_.parameter_names();
    for (const auto& inputs : micro_) {
      for (const auto& [name, t] : inputs) ex_.set_input(name, t);
      backward(ex_, loss_);
      for (size_t i = 0; i < params.size(); ++i)
        add_scaled(acc_[i], ex_.gradient(params[i]), scale_);
    }
  }
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) step();
  }
  const std::vector<Tensor>& accumulated() const { return acc_; }

 private:
  NetworkExecutor& ex_;
  std::vector<Inputs> micro_;
  std::string loss_;
  double scale_;
  std::vector<Tensor> acc_;
};

GradientError compare(const std::string& name, const Tensor& a, const Tensor& e, double tol) {
  GradientError g;
  g.parameter = name;
  double max_e = 0;
  for (int64_t i = 0; i < e.numel(); ++i) {
    const double d = std::fabs(a.at(i) - e.at(i));
    g.max_abs_error =
        std::isnan(d) ? std::numeric_limits<double>::infinity() : std::max(g.max_abs_error, d);
    max_e = std::max(max_e, std::fabs(e.at(i)));
  }
  g.max_rel_error = max_e > 0              ? g.max_abs_error / max_e
                    : g.max_abs_error == 0 ? 0
                                           : std::numeric_limits<double>::infinity();
  g.passed = g.max_rel_error <= tol;
  return g;
}

}  // namespace

std::vector<MicroBatchResult> run_micro_batching(const ExecutorFactory& make,
                                                 const MicroBatchOptions& o,
                                                 const std::atomic<bool>* cancel) {
  if (o.batch < 1)
    throw D500Error("micro-batching: the minibatch must be >= 1, got " + std::to_string(o.batch));
  for (int64_t k : o.ks)
    if (k < 1 || o.batch % k != 0)
      throw D500Error("micro-batching: k = " + std::to_string(k) +
                      " does not divide the minibatch " + std::to_string(o.batch));

  // The full-batch gradients of the mean loss, and the minibatch's inputs.
  Inputs inputs;
  std::vector<std::string> params;
  std::vector<Tensor> expected;
  DType dtype = DType::Float32;
  {
    std::unique_ptr<NetworkExecutor> full = make(o.batch, true);
    if (!full) throw D500Error("micro-batching: the factory returned no executor");
    inputs = seeded_inputs(*full, o.seed);
    for (const auto& [name, t] : inputs) full->set_input(name, t);
    backward(*full, o.loss);
    const double s = o.loss.empty() ? 1.0 / static_cast<double>(o.batch) : 1.0;
    params = full->parameter_names();
    for (const auto& p : params) {
      const Tensor& g = full->gradient(p);
      Tensor e(DType::Float64, g.shape());
      for (int64_t i = 0; i < g.numel(); ++i) e.set(i, s * g.at(i));
      expected.push_back(std::move(e));
      dtype = g.dtype();
    }
  }
  const double tol = o.tolerance > 0 ? o.tolerance : dtype == DType::Float64 ? 1e-10 : 1e-4;

  const measure::TimerInfo timer = measure::calibrate_timer();
  std::vector<MicroBatchResult> out;
  for (int64_t k : o.ks) {
    MicroBatchResult r;
    r.k = k;
    r.micro_batch = o.batch / k;
    r.tolerance = tol;
    if (cancel && cancel->load()) break;
    try {
      std::vector<Inputs> micro;
      for (int64_t j = 0; j < k; ++j)
        micro.push_back(slice(inputs, j * r.micro_batch, r.micro_batch));
      PeakMemory mem;
      std::unique_ptr<NetworkExecutor> ex = make(r.micro_batch, true);
      if (!ex) throw D500Error("the factory returned no executor");
      StepSubject subject(*ex, std::move(micro), o, k);
      subject.step();
      r.peak_rss_delta_bytes = mem.delta_bytes();
      r.memory_method = mem.method();
      r.passed = true;
      for (size_t i = 0; i < params.size(); ++i) {
        GradientError g = compare(params[i], subject.accumulated()[i], expected[i], tol);
        r.max_abs_error = std::max(r.max_abs_error, g.max_abs_error);
        r.max_rel_error = std::max(r.max_rel_error, g.max_rel_error);
        r.passed = r.passed && g.passed;
        r.gradients.push_back(std::move(g));
      }
      if (o.measure_time) {
        r.m = measure::measure(subject, o.policy, timer);
        if (!r.m.error.empty()) r.error = r.m.error;
      }
    } catch (const std::exception& ex) {
      r.error = ex.what();
      r.passed = false;
    }
    out.push_back(std::move(r));
  }
  return out;
}

void store_micro_batching(store::ResultStore& store, int64_t run_id, const std::string& executor,
                          const MicroBatchOptions& o,
                          const std::vector<MicroBatchResult>& results) {
  using nlohmann::json;
  const std::string policy_json = spec::policy_to_json(o.policy).dump();
  for (const auto& r : results) {
    const std::string subject =
        "micro-batching k=" + std::to_string(r.k) + " B=" + std::to_string(o.batch);
    store::MeasurementRow row = operators::measurement_row(r.m);
    if (!r.error.empty()) {
      row.stop_reason = std::string(measure::stop_reason_name(measure::StopReason::Error));
      row.error = r.error;
    }
    row.run_id = run_id;
    row.subject = subject;
    row.implementation = executor;
    row.point_json = json{{"kind", "micro-batching"}, {"batch", o.batch}, {"k", r.k}}.dump();
    row.policy_json = policy_json;
    const int64_t mid = store.add_measurement(row, r.m.samples_ns);
    if (!r.error.empty()) continue;
    if (r.peak_rss_delta_bytes >= 0)
      add_memory(store, run_id, kRssSeries, "micro-batching/B=" + std::to_string(o.batch), executor,
                 r.k, r.peak_rss_delta_bytes);
    auto add = [&](const std::string& what, double rel, double abs, bool passed) {
      store::ValidationRow v;
      v.run_id = run_id;
      v.measurement_id = mid;
      v.subject = subject + " [" + executor + "] " + what;
      v.metric = "grad_max_rel";
      v.value = std::isfinite(rel) ? rel : 1e308;
      v.tolerance = r.tolerance;
      v.passed = passed;
      char buf[64];
      std::snprintf(buf, sizeof buf, "max abs err %.3g", abs);
      v.detail = std::string(buf) + (o.scale ? "" : "; accumulated without the 1/k scale");
      store.add_validation(v);
    };
    add("all parameters", r.max_rel_error, r.max_abs_error, r.passed);
    for (const auto& g : r.gradients) add(g.parameter, g.max_rel_error, g.max_abs_error, g.passed);
  }
}

}  // namespace d500::network
