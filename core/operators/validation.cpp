#include "d500/operators/validation.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>

#include "placed.h"

namespace d500::operators {

namespace {

bool is_real(DType t) {
  return t == DType::Float32 || t == DType::Float64;
}

Tensor to_dtype(const Tensor& t, DType dtype) {
  if (!is_real(t.dtype()) || t.dtype() == dtype) return t.clone();
  Tensor out(dtype, t.shape());
  for (int64_t i = 0; i < t.numel(); ++i) out.set(i, t.at(i));
  return out;
}

std::vector<Tensor> to_f64(const std::vector<Tensor>& xs) {
  std::vector<Tensor> out;
  for (const auto& x : xs) out.push_back(to_dtype(x, DType::Float64));
  return out;
}

// One fresh instance, one forward: the outputs it wrote (copied back from the implementation's
// device when it has one; the constants it is created with stay on the host, as the ABI says).
std::vector<Tensor> run_forward(const plugin::OperatorImpl& impl,
                                const std::vector<plugin::Attribute>& attrs,
                                const std::vector<Tensor>& inputs) {
  device::DeviceApi* api = device_for(impl);
  std::vector<d500_tensor_info> infos;
  std::vector<const DLTensor*> constants;
  std::vector<DLTensor> host_dl;
  for (const auto& t : inputs) host_dl.push_back(t.dl());
  for (size_t i = 0; i < inputs.size(); ++i) {
    infos.push_back(plugin::tensor_info(inputs[i].dtype(), inputs[i].shape()));
    constants.push_back(&host_dl[i]);
  }
  plugin::OperatorInstance inst(impl, attrs, infos, constants);
  if (!api && inst.has_forward_owned()) return inst.run(host_dl);  // its own outputs, copied
  std::vector<Tensor> outs;
  for (const auto& info : inst.output_info())
    outs.emplace_back(from_dlpack(info.dtype), Shape(info.shape, info.shape + info.ndim));
  Placed in(api, inputs, true), out(api, outs, false);
  inst.forward(in.dl(), out.dl());
  out.fetch(outs);
  return outs;
}

std::string fmt(double v) {
  std::ostringstream os;
  os.precision(3);
  os << v;
  return os.str();
}

ValidationResult compare_forward(const Tensor& got, const Tensor& want, size_t k, double tol) {
  ValidationResult r;
  r.metric = "forward_rel_l2[" + std::to_string(k) + "]";
  r.tolerance = tol;
  if (got.shape() != want.shape()) {
    r.detail = "output " + std::to_string(k) + " has shape " + shape_to_string(got.shape()) +
               ", the reference " + shape_to_string(want.shape());
    r.value = INFINITY;
    return r;
  }
  if (!is_real(got.dtype())) {  // integer and bool outputs must agree exactly
    int64_t differ = 0;
    for (int64_t i = 0; i < got.numel(); ++i) differ += got.at(i) != want.at(i);
    r.metric = "forward_mismatches[" + std::to_string(k) + "]";
    r.value = static_cast<double>(differ);
    r.tolerance = 0;
    r.passed = differ == 0;
    r.detail = std::to_string(differ) + " of " + std::to_string(got.numel()) + " elements differ";
    return r;
  }
  double l1 = 0, l2 = 0, linf = 0, norm = 0;
  int64_t worst = -1, nan_at = -1;
  for (int64_t i = 0; i < got.numel(); ++i) {
    double a = got.at(i), b = want.at(i);
    if (std::isnan(a) != std::isnan(b)) {
      if (nan_at < 0) nan_at = i;
      continue;
    }
    if (std::isnan(a)) continue;
    double d = std::fabs(a - b);
    l1 += d;
    l2 += d * d;
    norm += b * b;
    if (d > linf) {
      linf = d;
      worst = i;
    }
  }
  l2 = std::sqrt(l2);
  norm = std::sqrt(norm);
  r.value = nan_at >= 0 ? INFINITY : norm > 0 ? l2 / norm : l2;
  r.passed = nan_at < 0 && r.value <= tol;
  r.detail = "L1 " + fmt(l1) + ", L2 " + fmt(l2) + ", Linf " + fmt(linf) +
             (worst >= 0 ? " at " + std::to_string(worst) : "");
  if (nan_at >= 0)
    r.detail +=
        "; NaN where the reference has none (or the reverse) at element " + std::to_string(nan_at);
  return r;
}

double dot(const Tensor& a, const Tensor& b) {
  double s = 0;
  for (int64_t i = 0; i < a.numel(); ++i) s += a.at(i) * b.at(i);
  return s;
}

// sum_k <w_k, f(x)_k> with the reference in float64.
double weighted_loss(const plugin::OperatorImpl& ref, const std::vector<plugin::Attribute>& attrs,
                     const std::vector<Tensor>& x64, const std::vector<Tensor>& weights) {
  auto outs = run_forward(ref, attrs, x64);
  double s = 0;
  for (size_t k = 0; k < outs.size() && k < weights.size(); ++k)
    if (is_real(outs[k].dtype())) s += dot(weights[k], outs[k]);
  return s;
}

std::vector<ValidationResult> check_backward(const plugin::OperatorImpl& impl,
                                             const plugin::OperatorImpl& ref,
                                             const std::vector<plugin::Attribute>& attrs,
                                             const std::vector<Tensor>& inputs,
                                             const std::vector<Tensor>& outputs, double tol,
                                             uint64_t seed) {
  std::vector<ValidationResult> results;
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  // Random output weights make the loss L = sum_k <w_k, y_k>; dL/dy_k = w_k.
  std::vector<Tensor> w64, w;
  for (const auto& y : outputs) {
    Tensor t(DType::Float64, y.shape());
    if (is_real(y.dtype()))
      for (int64_t i = 0; i < t.numel(); ++i) t.set(i, u(gen));
    w.push_back(to_dtype(t, is_real(y.dtype()) ? y.dtype() : DType::Float64));
    w64.push_back(std::move(t));
  }
  std::vector<Tensor> grads;
  for (const auto& x : inputs) grads.emplace_back(x.dtype(), x.shape());
  {
    device::DeviceApi* api = device_for(impl);
    std::vector<d500_tensor_info> infos;
    std::vector<DLTensor> host_dl;
    for (const auto& t : inputs) host_dl.push_back(t.dl());
    std::vector<const DLTensor*> constants;
    for (size_t i = 0; i < inputs.size(); ++i) {
      infos.push_back(plugin::tensor_info(inputs[i].dtype(), inputs[i].shape()));
      constants.push_back(&host_dl[i]);
    }
    Placed in(api, inputs, true), out(api, outputs, true), gout(api, w, true);
    Placed gin(api, grads, true);  // zeros, as on the host
    for (size_t i = 0; i < grads.size(); ++i)
      if (!is_real(inputs[i].dtype())) gin.dl()[i].data = nullptr;  // labels, shapes: no gradient
    plugin::OperatorInstance inst(impl, attrs, infos, constants);
    inst.backward(gout.dl(), in.dl(), out.dl(), gin.dl());
    gin.fetch(grads);
  }
  std::vector<Tensor> x64 = to_f64(inputs);
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!is_real(inputs[i].dtype())) continue;
    ValidationResult r;
    r.metric = "backward_rel[" + std::to_string(i) + "]";
    r.tolerance = tol;
    // A central difference along one random direction v: (L(x+hv) - L(x-hv)) / 2h = <dL/dx, v>.
    Tensor v(DType::Float64, inputs[i].shape());
    for (int64_t j = 0; j < v.numel(); ++j) v.set(j, u(gen));
    const double h = 1e-6;
    std::vector<Tensor> plus = to_f64(inputs), minus = to_f64(inputs);
    for (int64_t j = 0; j < v.numel(); ++j) {
      plus[i].set(j, x64[i].at(j) + h * v.at(j));
      minus[i].set(j, x64[i].at(j) - h * v.at(j));
    }
    double numeric =
        (weighted_loss(ref, attrs, plus, w64) - weighted_loss(ref, attrs, minus, w64)) / (2 * h);
    double analytic = dot(grads[i], v);
    if (!std::isfinite(numeric) || !std::isfinite(analytic)) {
      r.skipped = !std::isfinite(numeric);
      r.value = INFINITY;
      r.detail = "non-finite: numerical " + fmt(numeric) + ", analytic " + fmt(analytic);
      results.push_back(r);
      continue;
    }
    double scale = std::max({std::fabs(numeric), std::fabs(analytic), 1e-12});
    r.value = std::fabs(numeric - analytic) / scale;
    r.passed = r.value <= tol;
    r.detail = "directional derivative: numerical " + fmt(numeric) + ", analytic " + fmt(analytic);
    results.push_back(r);
  }
  return results;
}

ValidationResult check_determinism(const std::vector<Tensor>& a, const std::vector<Tensor>& b,
                                   size_t k) {
  ValidationResult r;
  r.metric = "determinism[" + std::to_string(k) + "]";
  int64_t differ = 0;
  std::ostringstream values;
  const Tensor& x = a[k];
  const Tensor& y = b[k];
  size_t elem = dtype_size(x.dtype());
  for (int64_t i = 0; i < x.numel(); ++i) {
    bool same = std::memcmp(static_cast<const char*>(x.data()) + i * elem,
                            static_cast<const char*>(y.data()) + i * elem, elem) == 0;
    differ += !same;
  }
  r.value = static_cast<double>(differ);
  r.passed = differ == 0;
  r.detail = differ ? std::to_string(differ) + " of " + std::to_string(x.numel()) +
                          " elements differ between two runs on the same inputs"
                    : "bitwise identical";
  if (differ) {
    values << "{\"shape\": " << shape_to_string(x.shape()) << ", \"values\": [";
    for (int64_t i = 0; i < x.numel(); ++i) {
      double p = x.at(i), q = y.at(i);
      double rel = p == q ? 0 : std::fabs(p - q) / std::max(std::fabs(p), std::fabs(q));
      values << (i ? "," : "") << (std::isfinite(rel) ? rel : 1.0);
    }
    values << "]}";
    r.heatmap_json = values.str();
  }
  return r;
}

ValidationResult failure(const std::string& metric, const std::string& what) {
  ValidationResult r;
  r.metric = metric;
  r.value = INFINITY;
  r.detail = what;
  return r;
}

ValidationResult skipped(const std::string& metric, const std::string& why) {
  ValidationResult r = failure(metric, why);
  r.skipped = true;
  r.value = 0;
  return r;
}

}  // namespace

double default_tolerance(DType dtype, bool backward) {
  if (dtype == DType::Float64) return backward ? 1e-6 : 1e-10;
  return backward ? 1e-3 : 1e-5;
}

std::vector<ValidationResult> validate_operator(const plugin::OperatorImpl& impl,
                                                const plugin::OperatorImpl* reference,
                                                const std::vector<plugin::Attribute>& attrs,
                                                const std::vector<Tensor>& inputs,
                                                const ValidationOptions& o,
                                                const std::vector<Tensor>* computed) {
  std::vector<ValidationResult> results;
  DType dtype = inputs.empty() ? DType::Float32 : inputs[0].dtype();
  std::vector<Tensor> outputs;
  try {
    if (computed)
      for (const auto& t : *computed) outputs.push_back(t.clone());
    else
      outputs = run_forward(impl, attrs, inputs);
  } catch (const std::exception& ex) {
    results.push_back(failure("forward", ex.what()));
    return results;
  }
  if (o.forward) {
    if (!reference) {
      results.push_back(skipped("forward", "no reference implementation of this operator"));
    } else {
      try {
        auto want = run_forward(*reference, attrs, to_f64(inputs));
        double tol = o.tolerance > 0 ? o.tolerance : default_tolerance(dtype, false);
        for (size_t k = 0; k < outputs.size() && k < want.size(); ++k)
          results.push_back(compare_forward(outputs[k], want[k], k, tol));
        if (want.size() != outputs.size())
          results.push_back(failure("forward_outputs", std::to_string(outputs.size()) +
                                                           " outputs, the reference has " +
                                                           std::to_string(want.size())));
      } catch (const std::exception& ex) {
        results.push_back(skipped("forward", std::string("reference failed: ") + ex.what()));
      }
    }
  }
  if (o.backward) {
    if (!impl.has_backward()) {
      results.push_back(skipped("backward", "implementation has no backward"));
    } else if (!reference) {
      results.push_back(skipped("backward", "no reference implementation of this operator"));
    } else {
      try {
        double tol = o.tolerance > 0 ? o.tolerance : default_tolerance(dtype, true);
        for (auto& r : check_backward(impl, *reference, attrs, inputs, outputs, tol, o.seed))
          results.push_back(std::move(r));
      } catch (const std::exception& ex) {
        results.push_back(failure("backward", ex.what()));
      }
    }
  }
  if (o.determinism) {
    try {
      auto again = run_forward(impl, attrs, inputs);
      for (size_t k = 0; k < outputs.size() && k < again.size(); ++k)
        results.push_back(check_determinism(outputs, again, k));
    } catch (const std::exception& ex) {
      results.push_back(failure("determinism", ex.what()));
    }
  }
  return results;
}

}  // namespace d500::operators
