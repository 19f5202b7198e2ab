// d500 SDK: write a training metric (ABI 1.4) as an ordinary C++ class; the CRTP base generates
// its C table.
//
//   class GradNorm : public d500::sdk::Metric<GradNorm> {
//    public:
//     explicit GradNorm(const d500::sdk::Attributes& hyper) { hyper.expect_only({}); }
//     std::optional<double> step(const d500::sdk::MetricStep& s) {   // every step
//       double sum = 0;
//       for (size_t i = 0; i < s.grads.size(); ++i)
//         for (float g : s.grads[i].as<float>()) sum += double(g) * g;
//       return std::sqrt(sum);
//     }
//     std::optional<double> end_epoch(int64_t epoch) { return {}; }   // optional
//   };
//   static const d500_metric kGradNorm = GradNorm::define(
//       {"grad_norm", "L2 norm of the gradients", "1", D500_BETTER_NEITHER, "training",
//        D500_METRIC_PER_STEP});
//   static const d500_metric* const kMetrics[] = {&kGradNorm};
//   ... PluginMeta(...).metrics(kMetrics, 1)   (sdk/plugin.h)
//
// Experiments name it "plugin/name" in the training section ("metrics": [{"name":
// "myplugin/grad_norm", "params": {...}}]); the constructor runs in create(), with "params" as
// float attributes. Every exception is caught at the boundary (sdk/status.h). Header-only, C++17.
#ifndef D500_SDK_METRIC_H
#define D500_SDK_METRIC_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>

#include "d500/plugin.h"
#include "d500/sdk/attributes.h"
#include "d500/sdk/status.h"
#include "d500/sdk/tensor_view.h"

namespace d500 {
namespace sdk {

// What a metric sees of one step (d500_metric_step), valid only during the call.
struct MetricStep {
  int64_t step;
  int64_t epoch;
  double loss;
  double compute_s;                    // forward + backward seconds of this step
  BasicTensor<const DLTensor> logits;  // [batch, classes] float32
  BasicTensor<const DLTensor> labels;  // [batch] int64
  BasicTensorList<const DLTensor> params, grads;
};

// How a metric is listed. Strings must have static storage (string literals).
struct MetricSpec {
  const char* name;         // [a-z0-9_]+, unique within the plugin
  const char* description;  // one line, required
  const char* unit;         // required: "s", "B", "1" for a plain number or a fraction
  int32_t better;           // D500_BETTER_LOWER, _HIGHER or _NEITHER
  const char* level;        // "training" (levels 2 and 3) or "distributed" (level 3)
  uint32_t flags;           // D500_METRIC_PER_STEP and/or D500_METRIC_PER_EPOCH
};

template <class Derived>
class Metric {
 public:
  // The C table entry for Derived. Keep it in static storage.
  static d500_metric define(const MetricSpec& spec) {
    d500_metric m{};  // members of later ABI versions stay zero
    m.struct_size = sizeof(d500_metric);
    m.name = spec.name;
    m.description = spec.description;
    m.unit = spec.unit;
    m.better = spec.better;
    m.level = spec.level;
    m.flags = spec.flags;
    m.create = &create_;
    m.destroy = &destroy_;
    m.update_step = &step_;
    m.end_epoch = &epoch_;
    return m;
  }

  // What a metric does not declare gives no value.
  std::optional<double> step(const MetricStep&) { return std::nullopt; }
  std::optional<double> end_epoch(int64_t) { return std::nullopt; }

 protected:
  Metric() = default;
  ~Metric() = default;

 private:
  static void put(std::optional<double> v, double* value, int32_t* has_value) {
    if (!value || !has_value) throw std::invalid_argument("value out-parameters are NULL");
    *has_value = v ? 1 : 0;
    *value = v ? *v : 0.0;
  }
  static int32_t create_(const d500_attr* hyper, size_t n_hyper, void** instance, d500_error* err) {
    return guard(err, [&] {
      if (!instance) throw std::invalid_argument("create: instance out-parameter is NULL");
      *instance = nullptr;
      *instance = new Derived(Attributes(hyper, n_hyper));
    });
  }
  static void destroy_(void* instance) {
    guard(nullptr, [&] { delete static_cast<Derived*>(instance); });
  }
  static int32_t step_(void* instance, const d500_metric_step* in, double* value,
                       int32_t* has_value, d500_error* err) {
    return guard(err, [&] {
      if (!in) throw std::invalid_argument("update_step: no step");
      static const DLTensor kNone{};
      const MetricStep s{in->step,
                         in->epoch,
                         in->loss,
                         in->compute_s,
                         BasicTensor<const DLTensor>(in->logits ? in->logits : &kNone),
                         BasicTensor<const DLTensor>(in->labels ? in->labels : &kNone),
                         BasicTensorList<const DLTensor>(in->params, in->n_params),
                         BasicTensorList<const DLTensor>(in->grads, in->n_params)};
      put(static_cast<Derived*>(instance)->step(s), value, has_value);
    });
  }
  static int32_t epoch_(void* instance, int64_t epoch, double* value, int32_t* has_value,
                        d500_error* err) {
    return guard(err,
                 [&] { put(static_cast<Derived*>(instance)->end_epoch(epoch), value, has_value); });
  }
};

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_METRIC_H
