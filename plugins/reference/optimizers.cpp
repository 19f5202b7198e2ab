// The reference optimizers. Each rule follows the algorithm box of torch.optim's documentation
// (PyTorch 1.13/2.x), t counting steps from 1, g the gradient, p the parameter:
//
// sgd       g += wd p;                                   p -= lr g
// momentum  g += wd p; b = t==1 ? g : mu b + (1-dampening) g;          p -= lr b
// nesterov  g += wd p; b = t==1 ? g : mu b + g;          p -= lr (g + mu b)
// adam      g += wd p; m = b1 m + (1-b1) g; v = b2 v + (1-b2) g^2;
//           p -= lr (m / (1-b1^t)) / (sqrt(v / (1-b2^t)) + eps)
// adamw     p *= 1 - lr wd;  then adam without the g += wd p
// adagrad   g += wd p; clr = lr / (1 + (t-1) lr_decay); s += g^2;  p -= clr g / (sqrt(s) + eps)
//           (s starts at initial_accumulator_value)
// rmsprop   g += wd p; v = a v + (1-a) g^2; centered: ga = a ga + (1-a) g, v~ = v - ga^2
//           (else v~ = v); d = sqrt(v~) + eps; momentum > 0: b = mu b + g / d, p -= lr b;
//           else p -= lr g / d
#include "optimizers.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "d500/sdk/optimizer.h"

namespace d500::reference {
namespace {

using sdk::Attributes;

enum class Rule { Sgd, Momentum, Nesterov, Adam, AdamW, Adagrad, RmsProp };

double in_range(const Attributes& h, const char* name, double fallback, double lo, double hi,
                bool hi_open = false) {
  return sdk::hyper_in_range(h, name, fallback, lo, hi, hi_open);
}

constexpr double kInf = HUGE_VAL;

template <Rule R>
class RefOptimizer : public sdk::Optimizer<RefOptimizer<R>> {
 public:
  explicit RefOptimizer(const Attributes& h) {
    switch (R) {
      case Rule::Sgd:
        h.expect_only({"lr", "weight_decay"});
        break;
      case Rule::Momentum:
        h.expect_only({"lr", "momentum", "dampening", "weight_decay"});
        momentum_ = in_range(h, "momentum", 0.9, 0, kInf);
        dampening_ = in_range(h, "dampening", 0.0, 0, 1);
        break;
      case Rule::Nesterov:
        h.expect_only({"lr", "momentum", "weight_decay"});
        momentum_ = in_range(h, "momentum", 0.9, 0, kInf);
        if (momentum_ <= 0) throw std::invalid_argument("nesterov needs momentum > 0");
        break;
      case Rule::Adam:
      case Rule::AdamW:
        h.expect_only({"lr", "beta1", "beta2", "eps", "weight_decay"});
        beta1_ = in_range(h, "beta1", 0.9, 0, 1, true);
        beta2_ = in_range(h, "beta2", 0.999, 0, 1, true);
        eps_ = in_range(h, "eps", 1e-8, 0, kInf);
        break;
      case Rule::Adagrad:
        h.expect_only({"lr", "lr_decay", "weight_decay", "initial_accumulator_value", "eps"});
        lr_decay_ = in_range(h, "lr_decay", 0.0, 0, kInf);
        initial_ = in_range(h, "initial_accumulator_value", 0.0, 0, kInf);
        eps_ = in_range(h, "eps", 1e-10, 0, kInf);
        break;
      case Rule::RmsProp:
        h.expect_only({"lr", "alpha", "eps", "weight_decay", "momentum", "centered"});
        alpha_ = in_range(h, "alpha", 0.99, 0, 1);
        eps_ = in_range(h, "eps", 1e-8, 0, kInf);
        momentum_ = in_range(h, "momentum", 0.0, 0, kInf);
        centered_ = h.get_float("centered", 0.0) != 0.0;
        break;
    }
    in_range(h, "lr", 1e-3, 0, kInf);  // the rate itself comes with every step
    weight_decay_ = in_range(h, "weight_decay", R == Rule::AdamW ? 1e-2 : 0.0, 0, kInf);
  }

  void step(sdk::Params params, sdk::Grads grads, double lr) {
    if (state_.empty()) state_.resize(params.size());
    const int64_t t = this->steps_taken() + 1;
    for (size_t i = 0; i < params.size(); ++i) {
      if (params[i].template is<float>())
        update<float>(params[i].template as<float>(), grads[i].template as<float>(), state_[i], t,
                      lr);
      else if (params[i].template is<double>())
        update<double>(params[i].template as<double>(), grads[i].template as<double>(), state_[i],
                       t, lr);
      else
        throw sdk::unsupported("parameter " + std::to_string(i) + " is " +
                               sdk::dtype_name(params[i].dtype()) +
                               "; float32 and float64 are offered");
    }
  }

 private:
  struct State {
    std::vector<double> a, b, c;  // the rule's buffers (momentum, moments, sums)
  };

  template <class T>
  void update(sdk::View<T> p, sdk::View<const T> g, State& s, int64_t t, double lr) const {
    const size_t n = static_cast<size_t>(p.numel());
    if (s.a.empty()) {
      const double a0 = R == Rule::Adagrad ? initial_ : 0.0;
      s.a.assign(n, a0), s.b.assign(n, 0.0), s.c.assign(n, 0.0);
    }
    const double wd = weight_decay_, mu = momentum_;
    for (size_t k = 0; k < n; ++k) {
      double x = p[k], d = g[k];
      if (R != Rule::AdamW) d += wd * x;
      switch (R) {
        case Rule::Sgd:
          x -= lr * d;
          break;
        case Rule::Momentum:
          s.a[k] = t == 1 ? d : mu * s.a[k] + (1.0 - dampening_) * d;
          x -= lr * s.a[k];
          break;
        case Rule::Nesterov:
          s.a[k] = t == 1 ? d : mu * s.a[k] + d;
          x -= lr * (d + mu * s.a[k]);
          break;
        case Rule::AdamW:
          x *= 1.0 - lr * wd;
          [[fallthrough]];
        case Rule::Adam: {
          s.a[k] = beta1_ * s.a[k] + (1.0 - beta1_) * d;
          s.b[k] = beta2_ * s.b[k] + (1.0 - beta2_) * d * d;
          const double m_hat = s.a[k] / (1.0 - std::pow(beta1_, static_cast<double>(t)));
          const double v_hat = s.b[k] / (1.0 - std::pow(beta2_, static_cast<double>(t)));
          x -= lr * m_hat / (std::sqrt(v_hat) + eps_);
          break;
        }
        case Rule::Adagrad: {
          const double clr = lr / (1.0 + static_cast<double>(t - 1) * lr_decay_);
          s.a[k] += d * d;
          x -= clr * d / (std::sqrt(s.a[k]) + eps_);
          break;
        }
        case Rule::RmsProp: {
          s.a[k] = alpha_ * s.a[k] + (1.0 - alpha_) * d * d;
          double v = s.a[k];
          if (centered_) {
            s.b[k] = alpha_ * s.b[k] + (1.0 - alpha_) * d;
            v -= s.b[k] * s.b[k];
          }
          const double denom = std::sqrt(v) + eps_;
          if (mu > 0) {
            s.c[k] = mu * s.c[k] + d / denom;
            x -= lr * s.c[k];
          } else {
            x -= lr * d / denom;
          }
          break;
        }
      }
      p[k] = static_cast<T>(x);
    }
  }

  double momentum_ = 0, dampening_ = 0, beta1_ = 0, beta2_ = 0, eps_ = 0, weight_decay_ = 0;
  double lr_decay_ = 0, initial_ = 0, alpha_ = 0;
  bool centered_ = false;
  std::vector<State> state_;
};

const d500_optimizer kSgd =
    RefOptimizer<Rule::Sgd>::define({"sgd", "default", "SGD: p -= lr (g + wd p)"});
const d500_optimizer kMomentum = RefOptimizer<Rule::Momentum>::define(
    {"momentum", "default", "SGD with heavy-ball momentum (torch.optim.SGD, nesterov=False)"});
const d500_optimizer kNesterov = RefOptimizer<Rule::Nesterov>::define(
    {"nesterov", "default", "SGD with Nesterov momentum (torch.optim.SGD, nesterov=True)"});
const d500_optimizer kAdam = RefOptimizer<Rule::Adam>::define(
    {"adam", "default", "Adam with bias correction; weight decay added to the gradient"});
const d500_optimizer kAdamW = RefOptimizer<Rule::AdamW>::define(
    {"adamw", "default", "AdamW: Adam with decoupled weight decay (default 0.01)"});
const d500_optimizer kAdagrad = RefOptimizer<Rule::Adagrad>::define(
    {"adagrad", "default", "AdaGrad: p -= clr g / (sqrt(sum g^2) + eps)"});
const d500_optimizer kRmsProp = RefOptimizer<Rule::RmsProp>::define(
    {"rmsprop", "default", "RMSProp (eps outside the square root; centered and momentum)"});

const d500_optimizer* const kAll[] = {&kSgd,   &kMomentum, &kNesterov, &kAdam,
                                      &kAdamW, &kAdagrad,  &kRmsProp};

}  // namespace

const d500_optimizer* const* reference_optimizers() {
  return kAll;
}
size_t reference_optimizer_count() {
  return sizeof kAll / sizeof kAll[0];
}

}  // namespace d500::reference
