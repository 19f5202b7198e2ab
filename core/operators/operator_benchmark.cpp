#include "d500/operators/operator_benchmark.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <random>

#include "d500/measure/loop.h"
#include "d500/measure/tail.h"
#include "d500/operators/isolation.h"
#include "d500/operators/validation.h"
#include "d500/plugin/instance_report.h"
#include "impl_outcome.h"
#include "outcome_store.h"
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
                  const spec::Point& point, uint64_t seed, const DeviceTimers& timers,
                  const measure::TimerInfo& host_timer)
      : api_(device_for(impl)), host_timer_(host_timer) {
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
    // An operator that allocates its outputs (ABI 1.3) is called through forward_owned: no
    // host buffers; its outputs are copied to the host only for validation, timed apart.
    owned_ = instance_->has_forward_owned();
    for (const auto& info : instance_->output_info()) {
      DType dt = from_dlpack(info.dtype);
      if (dt == DType::Invalid) throw D500Error(impl.id() + ": output of unsupported dtype");
      if (!owned_) outputs_.emplace_back(dt, Shape(info.shape, info.shape + info.ndim));
      ++n_outputs_;
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
    if (!owned_) out_ = Placed(api_, outputs_, false);
    std::tie(flops_, bytes_) = instance_->cost();
    // A CPU implementation that reports its layout conversions is timed by this subject: the
    // conversions inside a block's calls are taken out of the block's time, sampled apart.
    reports_ = plugin::reports_instances(impl) && !api_ && !owned_;
  }

  void run(uint64_t n) override {
    if (owned_) {
      run_owned(n);
      return;
    }
    for (uint64_t i = 0; i < n; ++i) instance_->forward(in_.dl(), out_.dl());
  }
  // Owned outputs are timed by the subject: the calls only, their releases after the clock.
  const measure::TimerInfo* own_timer() const override {
    return api_ ? &timer_info_ : owned_ || reports_ ? &host_timer_ : nullptr;
  }
  double run_timed(uint64_t n) override {
    if (owned_) return run_owned(n);
    if (reports_) return run_less_layout(n);
    events_->start();
    run(n);
    return events_->stop_ns();
  }

  // The outputs of the measured calls on the host: copied back (timed) from the device once, or
  // (owned outputs) the last call's copied into host tensors, timed as its own quantity.
  const std::vector<Tensor>& fetch_outputs() {
    if (owned_ && !fetched_) {
      const auto t0 = std::chrono::steady_clock::now();
      outputs_.clear();
      for (size_t j = 0; j < last_.size(); ++j) outputs_.push_back(owned_to_host(last_[j], api_));
      owned_copy_ns_ =
          std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
      for (const auto& t : outputs_) owned_copy_bytes_ += static_cast<int64_t>(t.nbytes());
      fetched_ = true;
      last_.release();
    }
    if (api_ && !fetched_) {
      events_->start();
      out_.fetch(outputs_, &transfers_);
      d2h_ns_ = events_->stop_ns();
      fetched_ = true;
    }
    return outputs_;
  }

  bool on_device() const { return api_ != nullptr; }
  bool owned() const { return owned_; }
  double owned_copy_ns() const { return owned_copy_ns_; }
  int64_t owned_copy_bytes() const { return owned_copy_bytes_; }
  const device::TransferStats& transfers() const { return transfers_; }
  double h2d_ns() const { return h2d_ns_; }
  double d2h_ns() const { return d2h_ns_; }
  bool fetched() const { return fetched_; }
  const std::vector<Tensor>& inputs() const { return inputs_; }
  double flops() const { return flops_; }
  double bytes() const { return bytes_; }
  // What the plugin says the instance ran; "" when it does not say.
  std::string kernel() const {
    auto r = plugin::instance_report(*instance_);
    return r ? r->kernel : std::string();
  }
  // The layout conversions of the timed calls, per call (one sample per block that did any).
  std::optional<TransferOutcome> layout() const {
    if (layout_samples_.empty()) return std::nullopt;
    return TransferOutcome{0, static_cast<int64_t>(layout_bytes_), layout_samples_};
  }

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
  // forward_owned, as a user's loop `y = conv(x)` runs it: each call's result lives until the
  // next one is made and is then released, inside the clock (the allocator hands the same memory
  // back, as it does in that loop); the last one is kept for validation.
  double run_owned(uint64_t n) {
    plugin::OwnedOutputs slot[2];
    auto call = [&](uint64_t i) {
      slot[i & 1] = plugin::OwnedOutputs(n_outputs_);  // releases the result of call i - 2
      instance_->forward_owned_unchecked(in_.dl(), slot[i & 1]);
    };
    double ns;
    if (api_) {
      events_->start();
      for (uint64_t i = 0; i < n; ++i) call(i);
      ns = events_->stop_ns();
    } else {
      const auto t0 = std::chrono::steady_clock::now();
      for (uint64_t i = 0; i < n; ++i) call(i);
      ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    }
    if (n > 0) last_ = std::move(slot[(n - 1) & 1]);
    // The results' shapes are checked once, outside the clock: a bad one fails the measurement.
    for (size_t j = 0; !checked_ && j < last_.size(); ++j) {
      try {
        plugin::checked_shape(last_[j]);
      } catch (const D500Error& e) {
        throw D500Error(instance_->impl().id() + " output " + std::to_string(j) + ": " + e.what());
      }
    }
    checked_ = true;
    fetched_ = false;
    return ns;  // the other slot's result is released here, after the clock
  }
  // A block's time less the layout conversions its calls did (their time measured by the plugin,
  // read before and after the block, outside the clock).
  double run_less_layout(uint64_t n) {
    const auto before = plugin::instance_report(*instance_);
    const auto t0 = std::chrono::steady_clock::now();
    run(n);
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    const auto after = plugin::instance_report(*instance_);
    if (!before || !after || after->layout_calls <= before->layout_calls) return ns;
    const double layout = std::min(ns, after->layout_ns - before->layout_ns);
    layout_samples_.push_back(layout / static_cast<double>(n));
    layout_bytes_ = after->layout_bytes;
    return ns - layout;
  }
  bool reports_ = false;
  std::vector<double> layout_samples_;
  double layout_bytes_ = 0;
  measure::TimerInfo host_timer_;
  bool owned_ = false, checked_ = false;
  size_t n_outputs_ = 0;
  plugin::OwnedOutputs last_;
  double owned_copy_ns_ = 0;
  int64_t owned_copy_bytes_ = 0;
};

}  // namespace

bool is_transfer_row(const store::MeasurementRow& m) {
  if (m.point_json.find("\"transfer\"") == std::string::npos) return false;
  const json p = json::parse(m.point_json, nullptr, false);
  return p.is_object() && p.contains("transfer");
}

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

// What every measurement of a run shares.
struct RunContext {
  const spec::Experiment& e;
  const plugin::OperatorImpl* reference;
  measure::TimerInfo timer;
  DeviceTimers timers;
  const std::atomic<bool>* cancel = nullptr;
  bool cancelled() const { return cancel && cancel->load(); }
};

// One implementation at one point.
struct Slot {
  const plugin::OperatorImpl& impl;
  const spec::Point& point;
  size_t point_index;  // in e.points(): seeds inputs, the loop and validation
  size_t impl_index;
};

// Null when the instance could not be made; `failed` then says why (unsupported or an error).
std::unique_ptr<OperatorSubject> make_subject(const RunContext& c, const Slot& s,
                                              ImplOutcome& failed) {
  try {
    return std::make_unique<OperatorSubject>(s.impl, c.e, s.point, c.e.seed + 1000 * s.point_index,
                                             c.timers, c.timer);
  } catch (const std::exception& ex) {
    failed = creation_failed(ex);
    return nullptr;
  }
}

// Validates a measured implementation (verdicts and a determinism heat-map when two runs differ).
std::vector<ValidationResult> validate(const RunContext& c, const Slot& s,
                                       OperatorSubject& subject) {
  const spec::Validation& v = c.e.validation;
  if (!v.forward && !v.backward && !v.determinism) return {};
  ValidationOptions o{v.forward, v.backward, v.determinism, v.tolerance,
                      c.e.seed + 7919 * s.point_index + s.impl_index};
  try {
    // A device implementation's forward is checked on the outputs of its measured calls.
    const std::vector<Tensor>* computed =
        subject.on_device() || subject.owned() ? &subject.fetch_outputs() : nullptr;
    return validate_operator(s.impl, c.reference,
                             attributes_from_json(c.e.op.attributes_at(s.point)), subject.inputs(),
                             o, computed);
  } catch (const std::exception& ex) {  // the copy back failed
    ValidationResult r;
    r.metric = "forward";
    r.value = INFINITY;
    r.detail = ex.what();
    return {r};
  }
}

// A measured subject's outcome: its row, its validation (unless it failed or the run was
// cancelled) and, for a device implementation, its two copies.
ImplOutcome finish(const RunContext& c, const Slot& s, OperatorSubject& subject,
                   const measure::Measurement& m) {
  ImplOutcome o;
  o.row = measurement_row(m);
  o.samples_ns = m.samples_ns;
  const auto words = measure::context_words(m.contexts);
  o.context_words.assign(words.begin(), words.end());
  o.row.flops = subject.flops();
  o.row.bytes = subject.bytes();
  o.row.kernel = subject.kernel();
  o.reorder = subject.layout();
  if (!o.row.error.empty()) return o;
  if (!c.cancelled()) o.validations = validate(c, s, subject);
  if (subject.owned() && subject.fetched())
    o.owned_copy = TransferOutcome{subject.owned_copy_ns(), subject.owned_copy_bytes(), {}};
  if (!subject.on_device()) return o;
  try {
    subject.fetch_outputs();  // when validation did not already
  } catch (const std::exception& ex) {
    o.row.error = std::string("copying the outputs back to the host: ") + ex.what();
  }
  o.h2d = TransferOutcome{subject.h2d_ns(), subject.transfers().h2d_bytes, {}};
  if (subject.fetched() && !subject.owned())
    o.d2h = TransferOutcome{subject.d2h_ns(), subject.transfers().d2h_bytes, {}};
  return o;
}

// One implementation alone, from creating it to validating it: what an isolated child runs.
ImplOutcome measure_alone(const RunContext& c, const Slot& s) {
  ImplOutcome failed;
  auto subject = make_subject(c, s, failed);
  if (!subject) return failed;
  measure::Subject* one[] = {subject.get()};
  auto m = measure::measure_interleaved(one, c.e.repetition, c.e.seed + s.point_index, c.timer, {},
                                        c.cancel);
  return finish(c, s, *subject, m.front());
}

// Called as the implementations of a point finish: how many, and the last one's samples and CI.
using PointProgress = std::function<void(size_t finished, int64_t samples, double rel_ci)>;

// Every implementation at one point, outcomes in the order of `slots`: those in this process
// measured interleaved (measurement.md rule 6), then each isolated one alone in its own child.
std::vector<ImplOutcome> measure_point(const RunContext& c, const std::vector<Slot>& slots,
                                       const std::vector<bool>& isolated,
                                       const plugin::ChildOptions& child,
                                       const PointProgress& progress) {
  std::vector<ImplOutcome> out(slots.size());
  std::vector<std::unique_ptr<OperatorSubject>> subjects(slots.size());
  std::vector<measure::Subject*> live;
  std::vector<size_t> live_index;
  for (size_t k = 0; k < slots.size(); ++k) {
    if (isolated[k]) continue;
    subjects[k] = make_subject(c, slots[k], out[k]);
    if (!subjects[k]) continue;
    live.push_back(subjects[k].get());
    live_index.push_back(k);
  }
  measure::ProgressFn p;
  if (progress)
    p = [&](const measure::Progress& q) { progress(q.variants_done, q.samples, q.rel_ci); };
  if (!live.empty()) {
    auto results = measure::measure_interleaved(
        live, c.e.repetition, c.e.seed + slots.front().point_index, c.timer, p, c.cancel);
    for (size_t i = 0; i < live.size(); ++i)
      out[live_index[i]] = finish(c, slots[live_index[i]], *subjects[live_index[i]], results[i]);
  }
  size_t finished = live.size();
  for (size_t k = 0; k < slots.size(); ++k) {
    if (!isolated[k]) continue;
    out[k] = c.cancelled() ? stopped_outcome(measure::StopReason::Cancelled)
                           : measure_in_child([&] { return measure_alone(c, slots[k]); }, child);
    if (progress) progress(++finished, out[k].row.n, 0);
  }
  return out;
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
    } else if (v.is_array() && std::all_of(v.begin(), v.end(),
                                           [](const json& x) { return x.is_number_integer(); })) {
      a.value = v.get<std::vector<int64_t>>();
    } else if (v.is_array() &&
               std::all_of(v.begin(), v.end(), [](const json& x) { return x.is_number(); })) {
      a.value = v.get<std::vector<double>>();
    } else {
      throw D500Error("attribute \"" + it.key() +
                      "\" has a value of unsupported type: " + v.dump());
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
                                   const plugin::OperatorImpl* reference, store::ResultStore& store,
                                   int64_t run_id, const RunCallbacks& cb,
                                   const IsolationOptions& isolation) {
  RunSummary summary;
  std::vector<spec::Point> points = e.points();
  // Points in a seeded random order: drift over the run does not line up with the sweep.
  std::vector<size_t> order(points.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::mt19937_64 gen(e.seed);
  std::shuffle(order.begin(), order.end(), gen);

  std::map<device::DeviceApi*, measure::TimerInfo> device_timers;
  const DeviceTimers timers = [&](device::DeviceApi& api) {
    auto it = device_timers.find(&api);
    if (it == device_timers.end()) it = device_timers.emplace(&api, api.calibrate_timer()).first;
    return it->second;
  };
  const RunContext c{e, reference, measure::calibrate_timer(), timers, cb.cancel};
  std::vector<bool> isolated = isolation.isolate;
  isolated.resize(impls.size(), false);
  plugin::ChildOptions child;
  child.deadline = std::chrono::milliseconds(static_cast<int64_t>(
      1000 * isolation_deadline_seconds(e.repetition, isolation.margin_seconds)));
  child.cancel = cb.cancel;
  child.leave_alone = {store.path()};  // only this process writes the store
  const Destination dest{store, run_id, spec::policy_to_json(e.repetition).dump()};
  const size_t total = points.size() * impls.size();
  size_t done = 0;

  for (size_t pi : order) {
    const spec::Point& point = points[pi];
    const std::string label = e.op.op_type + (point.vars.empty() ? "" : " " + point.label());
    if (c.cancelled()) {
      summary.cancelled = true;
      break;
    }
    std::vector<Slot> slots;
    for (size_t k = 0; k < impls.size(); ++k) slots.push_back(Slot{*impls[k], point, pi, k});
    PointProgress progress;
    if (cb.progress)
      progress = [&](size_t finished, int64_t samples, double rel_ci) {
        cb.progress({done + finished, total, label, samples, rel_ci});
      };
    // Each point's measurements are stored as soon as the point is done.
    std::vector<ImplOutcome> outcomes = measure_point(c, slots, isolated, child, progress);
    for (size_t k = 0; k < impls.size(); ++k)
      store_outcome(dest, slots[k].impl.id(), point, label, outcomes[k], summary);
    done += impls.size();
    if (cb.progress) cb.progress({done, total, label, 0, 0});
    if (summary.cancelled) break;
  }
  return summary;
}

}  // namespace d500::operators
