// Issue 5 (level 2): the reference optimizers against the published update rules
// (torch.optim's documentation), computed here independently, element by element, in double
// precision, over several steps with changing gradients and learning rates. Deep500's own Adam
// and AdaGrad were wrong; these tests pin bias correction, decoupled decay, the Nesterov form and
// where eps sits.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"
#include "d500/training/optimizer.h"

namespace d500::training {
namespace {

const plugin::PluginManager& plugins() {
  static std::unique_ptr<plugin::PluginManager> m = [] {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"reference"});
    return p;
  }();
  return *m;
}

constexpr int kSteps = 6;
const std::vector<double> kP0 = {0.5, -1.25, 2.0, -0.03, 0.0};

// Gradient of element k at step t (1-based): mixed signs and scales, one tiny, one zero at t=2.
double grad(int t, size_t k) {
  const double base[] = {0.3, -0.8, 1.7, 2e-5, -0.4};
  if (t == 2 && k == 4) return 0.0;
  return base[k] * (1.0 + 0.25 * t) * (t % 2 ? 1.0 : -0.7);
}
double lr_at(int t) {
  return 0.05 / (1.0 + 0.1 * (t - 1));
}

// The parameters after every step, as the plugin computed them.
std::vector<std::vector<double>> run(const std::string& name, const HyperParameters& hyper,
                                     DType dtype) {
  Optimizer opt(plugins(), "reference", name, hyper);
  const int64_t n = static_cast<int64_t>(kP0.size());
  Tensor p(dtype, {n}), g(dtype, {n});
  for (int64_t k = 0; k < n; ++k) p.set(k, kP0[k]);
  std::vector<std::vector<double>> out;
  for (int t = 1; t <= kSteps; ++t) {
    for (int64_t k = 0; k < n; ++k) g.set(k, grad(t, static_cast<size_t>(k)));
    opt.step({p.dl()}, {g.dl()}, lr_at(t));
    std::vector<double> now;
    for (int64_t k = 0; k < n; ++k) now.push_back(p.at(k));
    out.push_back(now);
  }
  return out;
}

// One element's trajectory from a scalar rule: rule(t, lr, g, p) returns the new p and keeps its
// own state in the closure.
using Rule = std::function<double(int, double, double, double)>;
std::vector<std::vector<double>> expect(const std::function<Rule()>& make_rule) {
  std::vector<std::vector<double>> out(kSteps, std::vector<double>(kP0.size()));
  for (size_t k = 0; k < kP0.size(); ++k) {
    Rule rule = make_rule();
    double p = kP0[k];
    for (int t = 1; t <= kSteps; ++t) {
      p = rule(t, lr_at(t), grad(t, k), p);
      out[t - 1][k] = p;
    }
  }
  return out;
}

void compare(const std::string& name, const HyperParameters& hyper,
             const std::function<Rule()>& rule) {
  const auto want = expect(rule);
  for (DType dtype : {DType::Float64, DType::Float32}) {
    const auto got = run(name, hyper, dtype);
    const double tol = dtype == DType::Float64 ? 1e-13 : 2e-6;
    for (int t = 0; t < kSteps; ++t)
      for (size_t k = 0; k < kP0.size(); ++k)
        EXPECT_NEAR(got[t][k], want[t][k], tol * std::max(1.0, std::abs(want[t][k])))
            << name << " " << dtype_name(dtype) << " step " << t + 1 << " element " << k;
  }
}

TEST(ReferenceOptimizers, Sgd) {
  compare("sgd", {{"weight_decay", 0.1}},
          [] { return [](int, double lr, double g, double p) { return p - lr * (g + 0.1 * p); }; });
}

TEST(ReferenceOptimizers, MomentumWithDampening) {
  compare("momentum", {{"momentum", 0.8}, {"dampening", 0.3}, {"weight_decay", 0.01}}, [] {
    auto b = std::make_shared<double>(0.0);
    return [b](int t, double lr, double g, double p) {
      g += 0.01 * p;
      *b = t == 1 ? g : 0.8 * *b + 0.7 * g;  // the first step takes g undamped
      return p - lr * *b;
    };
  });
}

TEST(ReferenceOptimizers, Nesterov) {
  compare("nesterov", {{"momentum", 0.9}, {"weight_decay", 0.02}}, [] {
    auto b = std::make_shared<double>(0.0);
    return [b](int t, double lr, double g, double p) {
      g += 0.02 * p;
      *b = t == 1 ? g : 0.9 * *b + g;
      return p - lr * (g + 0.9 * *b);  // look-ahead: g + mu * b, not b
    };
  });
}

TEST(ReferenceOptimizers, AdamWithBiasCorrectionAndCoupledDecay) {
  compare("adam", {{"beta1", 0.8}, {"beta2", 0.95}, {"eps", 1e-6}, {"weight_decay", 0.05}}, [] {
    auto m = std::make_shared<double>(0.0), v = std::make_shared<double>(0.0);
    return [m, v](int t, double lr, double g, double p) {
      g += 0.05 * p;
      *m = 0.8 * *m + 0.2 * g;
      *v = 0.95 * *v + 0.05 * g * g;
      const double mh = *m / (1 - std::pow(0.8, t)), vh = *v / (1 - std::pow(0.95, t));
      return p - lr * mh / (std::sqrt(vh) + 1e-6);
    };
  });
}

TEST(ReferenceOptimizers, AdamFirstStepMovesByLrTimesSign) {
  // With bias correction the first Adam step is lr * g / (|g| + eps): about lr for every element.
  const auto got = run("adam", {}, DType::Float64);
  for (size_t k = 0; k < 4; ++k) {
    const double g = grad(1, k);
    EXPECT_NEAR(got[0][k], kP0[k] - lr_at(1) * g / (std::abs(g) + 1e-8), 1e-14) << k;
  }
}

TEST(ReferenceOptimizers, AdamWDecaysDecoupled) {
  compare("adamw", {{"weight_decay", 0.1}}, [] {  // betas 0.9 / 0.999, eps 1e-8 by default
    auto m = std::make_shared<double>(0.0), v = std::make_shared<double>(0.0);
    return [m, v](int t, double lr, double g, double p) {
      p *= 1 - lr * 0.1;  // decay applied to p, not added to g
      *m = 0.9 * *m + 0.1 * g;
      *v = 0.999 * *v + 0.001 * g * g;
      const double mh = *m / (1 - std::pow(0.9, t)), vh = *v / (1 - std::pow(0.999, t));
      return p - lr * mh / (std::sqrt(vh) + 1e-8);
    };
  });
}

TEST(ReferenceOptimizers, AdamWDefaultWeightDecayIsOnePercent) {
  const auto a = run("adamw", {}, DType::Float64),
             b = run("adamw", {{"weight_decay", 0.01}}, DType::Float64);
  EXPECT_EQ(a, b);
  const auto c = run("adamw", {{"weight_decay", 0.0}}, DType::Float64);
  EXPECT_NE(a, c);
}

TEST(ReferenceOptimizers, AdagradEpsOutsideTheRootWithLrDecay) {
  compare("adagrad",
          {{"lr_decay", 0.1},
           {"initial_accumulator_value", 0.05},
           {"eps", 1e-3},
           {"weight_decay", 0.01}},
          [] {
            auto s = std::make_shared<double>(0.05);
            return [s](int t, double lr, double g, double p) {
              g += 0.01 * p;
              const double clr = lr / (1 + (t - 1) * 0.1);
              *s += g * g;
              return p - clr * g / (std::sqrt(*s) + 1e-3);
            };
          });
}

TEST(ReferenceOptimizers, RmspropPlain) {
  compare("rmsprop", {{"alpha", 0.9}, {"eps", 1e-4}}, [] {
    auto v = std::make_shared<double>(0.0);
    return [v](int, double lr, double g, double p) {
      *v = 0.9 * *v + 0.1 * g * g;
      return p - lr * g / (std::sqrt(*v) + 1e-4);
    };
  });
}

TEST(ReferenceOptimizers, RmspropCenteredWithMomentumAndDecay) {
  compare(
      "rmsprop",
      {{"alpha", 0.95}, {"eps", 1e-3}, {"momentum", 0.5}, {"centered", 1}, {"weight_decay", 0.1}},
      [] {
        auto v = std::make_shared<double>(0.0), ga = std::make_shared<double>(0.0),
             b = std::make_shared<double>(0.0);
        return [v, ga, b](int, double lr, double g, double p) {
          g += 0.1 * p;
          *v = 0.95 * *v + 0.05 * g * g;
          *ga = 0.95 * *ga + 0.05 * g;
          *b = 0.5 * *b + g / (std::sqrt(*v - *ga * *ga) + 1e-3);
          return p - lr * *b;
        };
      });
}

TEST(ReferenceOptimizers, ListsAllSevenRules) {
  std::vector<std::string> names;
  for (const auto& o : plugins().optimizers())
    if (o.plugin == "reference") names.push_back(o.name());
  EXPECT_EQ(names, (std::vector<std::string>{"sgd", "momentum", "nesterov", "adam", "adamw",
                                             "adagrad", "rmsprop"}));
}

TEST(ReferenceOptimizers, BadHyperParametersAndTensorsAreClearErrors) {
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const D500Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::string m = message([] { Optimizer(plugins(), "reference", "adam", {{"beta3", 0.5}}); });
  EXPECT_NE(m.find("optimizer reference/adam"), std::string::npos) << m;
  EXPECT_NE(m.find("unknown attribute 'beta3'"), std::string::npos) << m;
  m = message([] { Optimizer(plugins(), "reference", "adam", {{"beta1", 1.0}}); });
  EXPECT_NE(m.find("beta1"), std::string::npos) << m;
  m = message([] { Optimizer(plugins(), "reference", "lion"); });
  EXPECT_NE(m.find("has no optimizer 'lion'"), std::string::npos) << m;
  EXPECT_NE(m.find("adamw"), std::string::npos) << m;  // lists what there is

  Optimizer sgd(plugins(), "reference", "sgd");
  Tensor p(DType::Float32, {3}), g(DType::Float32, {4}), i(DType::Int64, {3});
  m = message([&] { sgd.step({p.dl()}, {g.dl()}, 0.1); });
  EXPECT_NE(m.find("parameter 0 has shape [3] but its gradient [4]"), std::string::npos) << m;
  m = message([&] { sgd.step({p.dl()}, {}, 0.1); });
  EXPECT_NE(m.find("1 parameters but 0 gradients"), std::string::npos) << m;
  m = message([&] { sgd.step({i.dl()}, {i.dl()}, 0.1); });
  EXPECT_NE(m.find("int64"), std::string::npos) << m;
  Tensor g3(DType::Float32, {3});
  sgd.step({p.dl()}, {g3.dl()}, 0.1);
  Tensor q(DType::Float32, {5}), gq(DType::Float32, {5});
  m = message([&] { sgd.step({q.dl()}, {gq.dl()}, 0.1); });
  EXPECT_NE(m.find("at the first step it had [3]"), std::string::npos) << m;
  m = message([&] { sgd.step({p.dl()}, {g3.dl()}, NAN); });
  EXPECT_NE(m.find("learning rate"), std::string::npos) << m;
}

}  // namespace
}  // namespace d500::training
