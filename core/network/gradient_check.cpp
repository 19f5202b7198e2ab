#include "d500/network/gradient_check.h"

#include <algorithm>
#include <cmath>

namespace d500::network {

std::vector<GradientCheck> check_gradients(NetworkExecutor& ex, const std::string& loss,
                                           const GradientCheckOptions& o) {
  ex.forward_backward(loss);
  // Copies: the next passes overwrite the executor's buffers.
  std::vector<Tensor> grads;
  for (const auto& p : ex.parameter_names()) grads.push_back(ex.gradient(p).clone());

  std::vector<GradientCheck> out;
  for (size_t k = 0; k < ex.parameter_names().size(); ++k) {
    const std::string& name = ex.parameter_names()[k];
    const Tensor original = ex.parameter(name).clone();
    Tensor dir(original.dtype(), original.shape());
    fill_uniform(dir, o.seed * 1000003 + k);
    double norm = 0;
    for (int64_t i = 0; i < dir.numel(); ++i) norm += dir.at(i) * dir.at(i);
    norm = std::sqrt(norm);
    GradientCheck c;
    c.parameter = name;
    for (int64_t i = 0; i < dir.numel(); ++i) c.analytic += grads[k].at(i) * dir.at(i) / norm;

    auto loss_at = [&](double step) {
      Tensor p = original.clone();
      for (int64_t i = 0; i < p.numel(); ++i) p.set(i, original.at(i) + step * dir.at(i) / norm);
      ex.set_parameter(name, p);
      ex.forward();
      return ex.output(loss).at(0);
    };
    const double plus = loss_at(o.epsilon), minus = loss_at(-o.epsilon);
    ex.set_parameter(name, original);
    c.numeric = (plus - minus) / (2 * o.epsilon);
    c.rel_error = std::fabs(c.analytic - c.numeric) /
                  std::max({std::fabs(c.analytic), std::fabs(c.numeric), 1e-12});
    c.passed = c.rel_error <= o.tolerance;
    out.push_back(c);
  }
  return out;
}

}  // namespace d500::network
