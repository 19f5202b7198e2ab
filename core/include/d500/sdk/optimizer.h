// d500 SDK: write an optimizer as an ordinary C++ class; the CRTP base generates its C table.
//
//   class Sgd : public d500::sdk::Optimizer<Sgd> {
//    public:
//     explicit Sgd(const d500::sdk::Attributes& hyper)
//         : weight_decay_(hyper.get_float("weight_decay", 0.0)) {
//       hyper.expect_only({"lr", "weight_decay"});
//     }
//     void step(d500::sdk::Params params, d500::sdk::Grads grads, double lr) {
//       for (size_t i = 0; i < params.size(); ++i) {
//         auto p = params[i].as<float>();
//         auto g = grads[i].as<float>();
//         for (int64_t k = 0; k < p.numel(); ++k) p[k] -= lr * (g[k] + weight_decay_ * p[k]);
//       }
//     }
//    private:
//     double weight_decay_;
//   };
//   static const d500_optimizer kSgd = Sgd::define({"sgd", "default", "plain SGD"});
//   static const d500_optimizer* const kOptimizers[] = {&kSgd};
//   ... PluginMeta(...).optimizers(kOptimizers, 1)   (sdk/plugin.h)
//
// The constructor runs in create() (reject unknown or bad hyper-parameters there, by throwing);
// step() in step(). Before step() runs, the base checks what every optimizer needs: the same
// number of parameters and gradients, pairwise the same dtype and shape, data present, and the
// same count and shapes as at the first step (state is kept by position). Every exception is
// caught at the boundary (sdk/status.h). Header-only, C++17.
#ifndef D500_SDK_OPTIMIZER_H
#define D500_SDK_OPTIMIZER_H

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "d500/plugin.h"
#include "d500/sdk/attributes.h"
#include "d500/sdk/status.h"
#include "d500/sdk/tensor_view.h"

namespace d500 {
namespace sdk {

// Parameters are written in place (the caller owns them); gradients are read.
using Params = BasicTensorList<DLTensor>;
using Grads = BasicTensorList<const DLTensor>;

// How an optimizer is listed. Strings must have static storage (string literals).
// A hyper-parameter from `h` (or `fallback`) that must lie in [lo, hi] ([lo, hi) with hi_open);
// std::invalid_argument naming it otherwise. The optimizers of every plugin check theirs so.
inline double hyper_in_range(const Attributes& h, const char* name, double fallback, double lo,
                             double hi, bool hi_open = false) {
  const double v = h.get_float(name, fallback);
  if (!(v >= lo && (hi_open ? v < hi : v <= hi)))
    throw std::invalid_argument("hyper-parameter " + std::string(name) + " = " + std::to_string(v) +
                                " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) +
                                (hi_open ? ")" : "]"));
  return v;
}

struct OptimizerSpec {
  const char* name;                 // "sgd", "momentum", "nesterov", "adam", "adamw", ...
  const char* variant = "default";  // "default", "native"
  const char* description = "";
  int32_t device_type = kDLCPU;  // DLDeviceType of the tensors it steps
};

template <class Derived>
class Optimizer {
 public:
  // The C table entry for Derived. Keep it in static storage.
  static d500_optimizer define(const OptimizerSpec& spec) {
    d500_optimizer opt{};  // members of later ABI versions stay zero
    opt.struct_size = sizeof(d500_optimizer);
    opt.name = spec.name;
    opt.variant = spec.variant ? spec.variant : "default";
    opt.device_type = spec.device_type;
    opt.description = spec.description ? spec.description : "";
    opt.create = &create_;
    opt.destroy = &destroy_;
    opt.step = &step_;
    return opt;
  }

  // Steps taken so far (before the current one, inside step()).
  int64_t steps_taken() const { return steps_; }

 protected:
  Optimizer() = default;
  ~Optimizer() = default;

 private:
  // The per-position shapes seen at the first step; later steps must match them. Nothing is
  // allocated on the way (this runs before every step); messages are built only on failure.
  void check(const DLTensor* params, const DLTensor* grads, size_t n) {
    if (n && (!params || !grads)) throw std::invalid_argument("params or grads is NULL");
    if (steps_ == 0) shapes_.clear();  // a failed first step leaves nothing behind
    if (steps_ > 0 && n != shapes_.size())
      throw std::invalid_argument("step got " + std::to_string(n) + " parameters, the first " +
                                  "step had " + std::to_string(shapes_.size()) +
                                  " (state is kept by position)");
    for (size_t i = 0; i < n; ++i) {
      const DLTensor& p = params[i];
      const DLTensor& g = grads[i];
      if (!p.data || !g.data)
        throw std::invalid_argument(which(i) + " or its gradient has no data");
      if (p.device.device_type != device_type_ || g.device.device_type != device_type_)
        throw std::invalid_argument(which(i) + " or its gradient is on device type " +
                                    std::to_string(p.device.device_type) + "/" +
                                    std::to_string(g.device.device_type) + ", expected " +
                                    std::to_string(device_type_));
      if (!same_dtype(p.dtype, g.dtype))
        throw std::invalid_argument(which(i) + " is " + dtype_name(p.dtype) +
                                    " but its gradient is " + dtype_name(g.dtype));
      if (!same_shape(p, g.shape, g.ndim))
        throw std::invalid_argument(
            which(i) + " has shape " + shape_string(p.shape, static_cast<size_t>(p.ndim)) +
            " but its gradient " + shape_string(g.shape, static_cast<size_t>(g.ndim)));
      if (steps_ == 0) {
        shapes_.push_back(shape_of(p));
      } else if (!same_shape(p, shapes_[i].data(), static_cast<int32_t>(shapes_[i].size()))) {
        throw std::invalid_argument(which(i) + " has shape " +
                                    shape_string(p.shape, static_cast<size_t>(p.ndim)) +
                                    ", at the first step it had " + shape_string(shapes_[i]) +
                                    " (state is kept by position)");
      }
    }
  }
  static std::string which(size_t i) { return "parameter " + std::to_string(i); }
  static std::vector<int64_t> shape_of(const DLTensor& t) {
    return std::vector<int64_t>(t.shape, t.shape + t.ndim);
  }
  static bool same_shape(const DLTensor& t, const int64_t* shape, int32_t ndim) {
    if (t.ndim != ndim) return false;
    for (int32_t d = 0; d < ndim; ++d)
      if (t.shape[d] != shape[d]) return false;
    return true;
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

  static int32_t step_(void* instance, const DLTensor* params, const DLTensor* grads, size_t n,
                       double lr, d500_error* err) {
    return guard(err, [&] {
      Derived& self = *static_cast<Derived*>(instance);
      Optimizer& base = self;
      if (!std::isfinite(lr) || lr < 0.0)
        throw std::invalid_argument("learning rate must be finite and >= 0, got " +
                                    std::to_string(lr));
      if (base.steps_ == 0) base.device_type_ = device_of(self);
      base.check(params, grads, n);
      // The descriptors are only read; the parameters' data is what step() writes.
      self.step(Params(const_cast<DLTensor*>(params), n), Grads(grads, n), lr);
      ++base.steps_;
    });
  }

  // The device Derived declares with `static constexpr int32_t kDevice` (default: the CPU).
  template <class D>
  static auto device_of_impl(const D&, int) -> decltype(int32_t(D::kDevice)) {
    return D::kDevice;
  }
  template <class D>
  static int32_t device_of_impl(const D&, long) {
    return kDLCPU;
  }
  static int32_t device_of(const Derived& d) { return device_of_impl(d, 0); }

  int64_t steps_ = 0;
  int32_t device_type_ = kDLCPU;
  std::vector<std::vector<int64_t>> shapes_;
};

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_OPTIMIZER_H
