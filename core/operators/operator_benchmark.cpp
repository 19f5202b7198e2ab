#include "d500/operators/operator_benchmark.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <random>

#include "d500/measure/loop.h"
#include "d500/operators/validation.h"
#include "placed.h"

namespace d500::operators {

using nlohmann::json;

namespace {

// The event timer's calibration per device, made once per run.
using DeviceTimers = std::function<measure::TimerInfo(device::DeviceApi&)>;

// One operator implementation at one point: its instance and the buffers it reads and writes.
// An implementation of another device type than the CPU gets device tensors: the inputs copied
// to its device once, before any call, the outputs copied back once, after the measurement, each
// copy timed on the device's clock and reported on its own, never inside the operator's time;
// its calls are timed with the device's events (measure::Subject::own_timer).
class OperatorSubject : public measure::Subject {
 public:
  OperatorSubject(const plugin::OperatorImpl& impl, const spec::Experiment& e,
                  const spec::Point& point, uint64_t seed, const DeviceTimers& timers)
      : api_(device_for(impl)) {
    std::vector<Shape> shapes = e.op.shapes_at(point);
    std::vector<d500_tensor_info> infos;
    for (size_t i = 0; i < shapes.size(); ++i) {
      inputs_.emplace_back(e.op.dtype, shapes[i]);
      // Every implementation sees the same input values at a point (seed + input index).
      fill_uniform(inputs_.back(), seed + i);
      infos.push_back(plugin::tensor_info(e.op.dtype, shapes[i]));
    }
    instance_ = std::make_unique<plugin::OperatorInstance>(
        impl, attributes_from_json(e.op.attributes_at(point)), infos);
    for (const auto& info : instance_->output_info()) {
      DType dt = from_dlpack(info.dtype);
      if (dt == DType::Invalid) throw D500Error(impl.id() + ": output of unsupported dtype");
      outputs_.emplace_back(dt, Shape(info.shape, info.shape + info.ndim));
    }
    if (api_) {
      timer_info_ = timers(*api_);
      events_ = api_->timer();
      events_->start();
      in_ = Placed(api_, inputs_, true, &transfers_);
      h2d_ns_ = events_->stop_ns();
    } else {
      in_ = Placed(nullptr, inputs_, false);
    }
    out_ = Placed(api_, outputs_, false);
    std::tie(flops_, bytes_) = instance_->cost();
  }

  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) instance_->forward(in_.dl(), out_.dl());
  }
  const measure::TimerInfo* own_timer() const override { return api_ ? &timer_info_ : nullptr; }
  double run_timed(uint64_t n) override {
    events_->start();
    run(n);
    return events_->stop_ns();
  }

  // The outputs of the measured calls on the host: copied back (timed) from the device once.
  const std::vector<Tensor>& fetch_outputs() {
    if (api_ && !fetched_) {
      events_->start();
      out_.fetch(outputs_, &transfers_);
      d2h_ns_ = events_->stop_ns();
      fetched_ = true;
    }
    return outputs_;
  }

  bool on_device() const { return api_ != nullptr; }
  const device::TransferStats& transfers() const { return transfers_; }
  double h2d_ns() const { return h2d_ns_; }
  double d2h_ns() const { return d2h_ns_; }
  bool fetched() const { return fetched_; }
  const std::vector<Tensor>& inputs() const { return inputs_; }
  double flops() const { return flops_; }
  double bytes() const { return bytes_; }

 private:
  device::DeviceApi* api_ = nullptr;
  std::vector<Tensor> inputs_, outputs_;
  Placed in_, out_;
  std::unique_ptr<plugin::OperatorInstance> instance_;
  std::unique_ptr<device::EventTimer> events_;
  measure::TimerInfo timer_info_;
  device::TransferStats transfers_;
  double h2d_ns_ = 0, d2h_ns_ = 0;
  bool fetched_ = false;
  double flops_ = 0, bytes_ = 0;
};

// A copy between host and device as a measurement of its own (one timed copy of every input,
// or of every output), beside the operator's: subject "<point> [h2d copy]", the point with
// "transfer": "h2d" or "d2h", bytes moved, stop reason "once".
void store_transfer(store::ResultStore& store, int64_t run_id, const std::string& label,
                    const std::string& impl, const spec::Point& point, const char* direction,
                    double ns, int64_t bytes, const std::string& policy_json) {
  measure::Measurement m;
  m.samples_ns = {ns};
  m.summary = stats::summarize(m.samples_ns);
  store::MeasurementRow row = measurement_row(m);
  row.stop_reason = "once";
  row.run_id = run_id;
  row.subject = label + " [" + direction + " copy]";
  row.implementation = impl;
  json p = point.to_json();
  p["transfer"] = direction;
  row.point_json = p.dump();
  row.policy_json = policy_json;
  row.bytes = static_cast<double>(bytes);
  store.add_measurement(row, m.samples_ns);
}

}  // namespace

store::MeasurementRow measurement_row(const measure::Measurement& m) {
  store::MeasurementRow r;
  const stats::Summary& s = m.summary;
  r.stop_reason = std::string(measure::stop_reason_name(m.stop));
  r.error = m.error;
  r.n = static_cast<int64_t>(s.n);
  r.median = s.median;
  r.ci_lo = s.ci_lo;
  r.ci_hi = s.ci_hi;
  r.ci_level = s.ci_level;
  r.ci_valid = s.ci_valid;
  r.q1 = s.q1;
  r.q3 = s.q3;
  r.min = s.min;
  r.max = s.max;
  r.p90 = s.p90;
  r.p99 = s.p99;
  r.p999 = s.p999;
  r.mean = s.mean;
  r.sd = s.sd;
  r.cv = s.cv;
  r.n_outliers = static_cast<int64_t>(s.n_outliers);
  r.shapiro_w = s.shapiro_w;
  r.shapiro_p = s.shapiro_p;
  r.block_size = static_cast<int64_t>(m.block_size);
  r.warmup_calls = m.warmup_calls;
  r.warmup_ns = m.warmup_ns;
  r.first_call_ns = m.first_call_ns;
  r.timer_overhead_ns = m.timer.overhead_ns;
  r.timer_resolution_ns = m.timer.resolution_ns;
  r.minor_faults_per_call = m.minor_faults_per_call;
  r.major_faults_per_call = m.major_faults_per_call;
  r.ctx_switches_per_call = m.ctx_switches_per_call;
  return r;
}

namespace {

// Validates one implementation at one point and stores the verdicts (and a determinism
// heat-map when two runs differ) against its measurement. Returns whether every check passed.
bool validate_and_store(const spec::Experiment& e, const spec::Point& point,
                        const plugin::OperatorImpl& impl, const plugin::OperatorImpl* reference,
                        OperatorSubject& subject, store::ResultStore& store, int64_t run_id,
                        int64_t measurement_id, const std::string& label, uint64_t seed) {
  const spec::Validation& v = e.validation;
  if (!v.forward && !v.backward && !v.determinism) return true;
  operators::ValidationOptions o{v.forward, v.backward, v.determinism, v.tolerance, seed};
  bool ok = true;
  // A device implementation's forward is checked on the outputs of its measured calls.
  std::vector<ValidationResult> results;
  try {
    const std::vector<Tensor>* computed = subject.on_device() ? &subject.fetch_outputs() : nullptr;
    results = validate_operator(impl, reference, attributes_from_json(e.op.attributes_at(point)),
                                subject.inputs(), o, computed);
  } catch (const std::exception& ex) {  // the copy back failed
    ValidationResult r;
    r.metric = "forward";
    r.value = INFINITY;
    r.detail = ex.what();
    results.push_back(r);
  }
  for (const auto& r : results) {
    store::ValidationRow row;
    row.run_id = run_id;
    row.measurement_id = measurement_id;
    row.subject = label + " [" + impl.id() + "]";
    row.metric = r.metric;
    row.value = r.value;
    row.tolerance = r.tolerance;
    row.passed = r.passed || r.skipped;
    row.detail = r.skipped ? "skipped: " + r.detail : r.detail;
    store.add_validation(row);
    ok = ok && row.passed;
    if (!r.heatmap_json.empty()) {
      store::ArtifactRow a;
      a.run_id = run_id;
      a.name = "diff_heatmap " + row.subject + " " + r.metric;
      a.mime = "application/vnd.d500.heatmap+json";
      a.data.assign(r.heatmap_json.begin(), r.heatmap_json.end());
      store.add_artifact(a);
    }
  }
  return ok;
}

}  // namespace

std::vector<plugin::Attribute> attributes_from_json(const json& attrs) {
  std::vector<plugin::Attribute> out;
  for (auto it = attrs.begin(); it != attrs.end(); ++it) {
    const json& v = it.value();
    plugin::Attribute a{it.key(), int64_t{0}};
    if (v.is_number_integer()) {
      a.value = v.get<int64_t>();
    } else if (v.is_number()) {
      a.value = v.get<double>();
    } else if (v.is_string()) {
      a.value = v.get<std::string>();
    } else if (v.is_array() &&
               std::all_of(v.begin(), v.end(), [](const json& x) { return x.is_number_integer(); })) {
      a.value = v.get<std::vector<int64_t>>();
    } else if (v.is_array() &&
               std::all_of(v.begin(), v.end(), [](const json& x) { return x.is_number(); })) {
      a.value = v.get<std::vector<double>>();
    } else {
      throw D500Error("attribute \"" + it.key() + "\" has a value of unsupported type: " + v.dump());
    }
    out.push_back(std::move(a));
  }
  return out;
}

Result<std::vector<const plugin::OperatorImpl*>> resolve_implementations(
    const spec::Experiment& e, const plugin::OperatorRegistry& registry) {
  std::vector<const plugin::OperatorImpl*> out;
  for (const auto& want : e.implementations) {
    const plugin::OperatorImpl* impl = registry.find_impl(e.op.op_type, e.op.domain, want.id());
    if (!impl) {
      std::string available;
      for (const auto* i : registry.find(e.op.op_type, e.op.domain))
        available += (available.empty() ? "" : ", ") + i->id();
      std::string op = e.op.domain.empty() ? e.op.op_type : e.op.domain + "::" + e.op.op_type;
      return Error{"no implementation \"" + want.id() + "\" of operator " + op + " (available: " +
                       (available.empty() ? "none in any loaded plugin" : available) + ")",
                   "$.implementations"};
    }
    out.push_back(impl);
  }
  return out;
}

RunSummary run_operator_experiment(const spec::Experiment& e,
                                   const std::vector<const plugin::OperatorImpl*>& impls,
                                   const plugin::OperatorImpl* reference,
                                   store::ResultStore& store, int64_t run_id,
                                   const RunCallbacks& cb) {
  RunSummary summary;
  std::vector<spec::Point> points = e.points();
  // Points in a seeded random order: drift over the run does not line up with the sweep.
  std::vector<size_t> order(points.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::mt19937_64 gen(e.seed);
  std::shuffle(order.begin(), order.end(), gen);

  const measure::TimerInfo timer = measure::calibrate_timer();
  std::map<device::DeviceApi*, measure::TimerInfo> device_timers;
  const DeviceTimers timers = [&](device::DeviceApi& api) {
    auto it = device_timers.find(&api);
    if (it == device_timers.end()) it = device_timers.emplace(&api, api.calibrate_timer()).first;
    return it->second;
  };
  const std::string policy_json = spec::policy_to_json(e.repetition).dump();
  const size_t total = points.size() * impls.size();
  size_t done = 0;

  for (size_t pi : order) {
    const spec::Point& point = points[pi];
    std::string label = e.op.op_type + (point.vars.empty() ? "" : " " + point.label());
    if (cb.cancel && cb.cancel->load()) {
      summary.cancelled = true;
      break;
    }
    // Build every implementation's subject; one that cannot be built is a failed measurement.
    std::vector<std::unique_ptr<OperatorSubject>> subjects(impls.size());
    std::vector<std::string> setup_error(impls.size());
    for (size_t k = 0; k < impls.size(); ++k) {
      try {
        subjects[k] =
            std::make_unique<OperatorSubject>(*impls[k], e, point, e.seed + 1000 * pi, timers);
      } catch (const std::exception& ex) {
        setup_error[k] = ex.what();
      }
    }
    std::vector<measure::Subject*> live;
    std::vector<size_t> live_index;
    for (size_t k = 0; k < impls.size(); ++k)
      if (subjects[k]) {
        live.push_back(subjects[k].get());
        live_index.push_back(k);
      }
    measure::ProgressFn progress;
    if (cb.progress)
      progress = [&](const measure::Progress& p) {
        cb.progress({done + p.variants_done, total, label, p.samples, p.rel_ci});
      };
    std::vector<measure::Measurement> results = measure::measure_interleaved(
        live, e.repetition, e.seed + pi, timer, progress, cb.cancel);

    for (size_t k = 0; k < impls.size(); ++k) {
      store::MeasurementRow row;
      std::vector<double> samples;
      auto it = std::find(live_index.begin(), live_index.end(), k);
      if (it == live_index.end()) {
        row.stop_reason = std::string(measure::stop_reason_name(measure::StopReason::Error));
        row.error = setup_error[k];
      } else {
        const measure::Measurement& m = results[it - live_index.begin()];
        row = measurement_row(m);
        samples = m.samples_ns;
        row.flops = subjects[k]->flops();
        row.bytes = subjects[k]->bytes();
        if (m.stop == measure::StopReason::Cancelled) summary.cancelled = true;
      }
      row.run_id = run_id;
      row.subject = label;
      row.implementation = impls[k]->id();
      row.point_json = point.to_json().dump();
      row.policy_json = policy_json;
      int64_t mid = store.add_measurement(row, samples);
      ++summary.measurements;
      if (subjects[k] && row.error.empty() && !(cb.cancel && cb.cancel->load()) &&
          !validate_and_store(e, point, *impls[k], reference, *subjects[k], store, run_id, mid,
                              label, e.seed + 7919 * pi + k))
        ++summary.invalid;
      if (subjects[k] && subjects[k]->on_device() && row.error.empty()) {
        OperatorSubject& sub = *subjects[k];
        try {
          sub.fetch_outputs();  // when validation did not already
        } catch (const std::exception& ex) {
          row.error = std::string("copying the outputs back to the host: ") + ex.what();
        }
        const device::TransferStats& t = sub.transfers();
        store_transfer(store, run_id, label, row.implementation, point, "h2d", sub.h2d_ns(),
                       t.h2d_bytes, policy_json);
        if (sub.fetched())
          store_transfer(store, run_id, label, row.implementation, point, "d2h", sub.d2h_ns(),
                         t.d2h_bytes, policy_json);
      }
      if (!row.error.empty()) {
        ++summary.failed;
        summary.errors.push_back(label + " [" + row.implementation + "]: " + row.error);
        store.add_log(run_id, "error", summary.errors.back());
      }
    }
    done += impls.size();
    if (cb.progress) cb.progress({done, total, label, 0, 0});
    if (summary.cancelled) break;
  }
  return summary;
}

}  // namespace d500::operators
