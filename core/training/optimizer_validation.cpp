#include "d500/training/optimizer_validation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "d500/error.h"

namespace d500::training {
namespace {

std::vector<DLTensor> views(const std::vector<Tensor>& ts) {
  std::vector<DLTensor> out;
  for (const Tensor& t : ts) out.push_back(t.dl());
  return out;
}

std::string sci(double v) {
  char s[32];
  std::snprintf(s, sizeof s, "%.2e", v);
  return s;
}

}  // namespace

OptimizerValidation validate_optimizer(const plugin::OptimizerImpl& candidate,
                                       const plugin::OptimizerImpl& reference,
                                       const HyperParameters& hyper,
                                       const OptimizerValidationOptions& options) {
  const std::string where = "validating " + candidate.id() + " against " + reference.id();
  if (options.dtype != DType::Float32 && options.dtype != DType::Float64)
    throw D500Error("dtype must be float32 or float64", where);
  if (options.steps < 1 || options.shapes.empty())
    throw D500Error("needs at least one step and one parameter shape", where);

  Optimizer cand(candidate, hyper), ref(reference, hyper);
  std::vector<Tensor> p_ref, p_cand, before, grads;
  for (size_t i = 0; i < options.shapes.size(); ++i) {
    Tensor p(options.dtype, options.shapes[i]);
    fill_uniform(p, options.seed + i, -1.0, 1.0);
    p_cand.push_back(p.clone());
    before.push_back(p.clone());
    p_ref.push_back(std::move(p));
    grads.emplace_back(options.dtype, options.shapes[i]);
  }
  const std::vector<DLTensor> ref_views = views(p_ref), cand_views = views(p_cand),
                              grad_views = views(grads);

  OptimizerValidation v;
  v.candidate = candidate.id();
  v.reference = reference.id();
  v.tolerance = options.tolerance;
  int64_t first_bad = -1;
  // The dtype's unit roundoff: two of them in a parameter are rounding, not a different rule.
  const double unit = options.dtype == DType::Float32 ? std::numeric_limits<float>::epsilon()
                                                      : std::numeric_limits<double>::epsilon();
  for (int64_t step = 0; step < options.steps; ++step) {
    for (size_t i = 0; i < grads.size(); ++i) {
      // Gradients of mixed scale: mostly O(1), some tiny, so eps placement matters too.
      fill_uniform(grads[i], options.seed * 7919 + 1000 * static_cast<uint64_t>(step) + i, -1.0,
                   1.0);
      for (int64_t k = 0; k < grads[i].numel(); k += 5) grads[i].set(k, grads[i].at(k) * 1e-4);
      std::memcpy(p_cand[i].data(), p_ref[i].data(), p_ref[i].nbytes());
      std::memcpy(before[i].data(), p_ref[i].data(), p_ref[i].nbytes());
    }
    ref.step(ref_views, grad_views, options.lr);
    cand.step(cand_views, grad_views, options.lr);
    double worst = 0.0;
    for (size_t i = 0; i < p_ref.size(); ++i) {
      double diff = 0.0, update = 0.0;
      for (int64_t k = 0; k < p_ref[i].numel(); ++k) {
        const double r = p_ref[i].at(k), c = p_cand[i].at(k);
        const double rounding = 2.0 * unit * std::abs(r);
        diff = std::isfinite(c) ? std::max(diff, std::abs(c - r) - rounding)
                                : std::numeric_limits<double>::infinity();
        update = std::max(update, std::abs(r - before[i].at(k)));
      }
      diff = std::max(diff, 0.0);
      const double err = update > 0 ? diff / update : diff;
      worst = std::max(worst, err);
    }
    v.step_errors.push_back(worst);
    v.max_error = std::max(v.max_error, worst);
    if (first_bad < 0 && !(worst <= options.tolerance)) first_bad = step;
  }
  v.passed = first_bad < 0;
  v.message =
      v.passed
          ? "passed: max relative update error " + sci(v.max_error) + " over " +
                std::to_string(options.steps) + " steps (tolerance " + sci(options.tolerance) + ")"
          : "failed: relative update error " + sci(v.step_errors[static_cast<size_t>(first_bad)]) +
                " at step " + std::to_string(first_bad) + " (max " + sci(v.max_error) +
                ", tolerance " + sci(options.tolerance) + ")";
  return v;
}

}  // namespace d500::training
