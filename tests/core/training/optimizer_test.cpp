// Issue 5 (level 2): the host-side Optimizer and the validation of an optimizer against a
// reference: every LibTorch native optimizer against its reference counterpart, and a rule that
// differs (Adam vs AdamW with weight decay) detected as a failure.
#include "d500/training/optimizer.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <ostream>

#include "d500/error.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/training/optimizer_validation.h"

namespace d500::training {
namespace {

// The reference plugin alone, or with the torch plugin (loading LibTorch costs ~0.4 s or more,
// so only the tests that need it pay).
const plugin::PluginManager& load(bool torch) {
  auto make = [](std::vector<std::string> names) {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load(names);
    return p;
  };
  if (!torch) {
    static const auto reference = make({"reference"});
    return *reference;
  }
  static const auto both = make({"reference", "torch"});
  return *both;
}
const plugin::PluginManager& plugins() {
  return load(false);
}

const plugin::OptimizerImpl& impl(const std::string& plugin, const std::string& name) {
  const plugin::OptimizerImpl* o =
      plugin::find_optimizer(load(plugin == "torch").optimizers(), plugin, name);
  if (!o) throw std::runtime_error("no optimizer " + plugin + "/" + name);
  return *o;
}

bool torch_loaded() {
  const plugin::PluginRecord* r = load(true).find("torch");
  return r && r->state == plugin::PluginState::Loaded;
}

TEST(Optimizer, StepsInPlaceAndCountsSteps) {
  Optimizer sgd(plugins(), "reference", "sgd");
  EXPECT_EQ(sgd.id(), "reference/sgd");
  EXPECT_EQ(sgd.variant(), "default");
  Tensor p(DType::Float32, {2}), g(DType::Float32, {2});
  p.set(0, 1.0), p.set(1, -2.0), g.set(0, 0.5), g.set(1, 1.0);
  sgd.step({p.dl()}, {g.dl()}, 0.1);
  EXPECT_FLOAT_EQ(static_cast<float>(p.at(0)), 0.95f);
  EXPECT_FLOAT_EQ(static_cast<float>(p.at(1)), -2.1f);
  EXPECT_EQ(sgd.steps(), 1);
  Optimizer moved = std::move(sgd);
  moved.step({p.dl()}, {g.dl()}, 0.1);
  EXPECT_EQ(moved.steps(), 2);
  EXPECT_THROW(sgd.step({p.dl()}, {g.dl()}, 0.1), D500Error);  // NOLINT: use after move
}

TEST(Optimizer, UnknownPluginOrOptimizerNamesIt) {
  try {
    Optimizer(plugins(), "nosuch", "adam");
    FAIL();
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("optimizer nosuch/adam: plugin 'nosuch' is not known"),
              std::string::npos)
        << e.what();
  }
}

TEST(OptimizerValidation, ReferenceAgainstItselfPassesWithZeroError) {
  const auto v = validate_optimizer(impl("reference", "adam"), impl("reference", "adam"), {});
  EXPECT_TRUE(v.passed) << v.message;
  EXPECT_EQ(v.max_error, 0.0);
  EXPECT_EQ(v.step_errors.size(), 10u);
  EXPECT_EQ(v.candidate, "reference/adam");
}

TEST(OptimizerValidation, DetectsADifferentRule) {
  // Adam adds the decay to the gradient, AdamW decays the weights: not the same update.
  const auto v = validate_optimizer(impl("reference", "adamw"), impl("reference", "adam"),
                                    {{"weight_decay", 0.1}});
  EXPECT_FALSE(v.passed);
  EXPECT_GT(v.max_error, 1e-2);
  std::printf("reference/adamw vs reference/adam (weight_decay 0.1): %s\n", v.message.c_str());
  EXPECT_NE(v.message.find("failed"), std::string::npos) << v.message;
  // Momentum against Nesterov with the same momentum also fails (from the second step on).
  const auto w = validate_optimizer(impl("reference", "nesterov"), impl("reference", "momentum"),
                                    {{"momentum", 0.9}});
  EXPECT_FALSE(w.passed);
  EXPECT_GT(w.max_error, 1e-2);
}

struct Case {
  const char* name;
  HyperParameters hyper;
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

class TorchNative : public ::testing::TestWithParam<Case> {};

TEST_P(TorchNative, MatchesTheReferenceStepByStep) {
#if !D500_TEST_HAVE_TORCH
  GTEST_SKIP() << "built without the LibTorch plugin (D500_WITH_TORCH=OFF)";
#else
  if (!torch_loaded())
    GTEST_SKIP() << "torch plugin not loaded: " << load(true).find("torch")->error;
  const Case& c = GetParam();
  const auto& native = impl("torch", c.name);
  EXPECT_EQ(native.variant(), "native");
  for (DType dtype : {DType::Float32, DType::Float64}) {
    OptimizerValidationOptions o;
    o.dtype = dtype;
    o.steps = 12;
    // A small rate makes the update small next to float32 parameters: still within tolerance.
    o.lr = dtype == DType::Float32 ? 1e-4 : 1e-2;
    const auto v = validate_optimizer(native, impl("reference", c.name), c.hyper, o);
    EXPECT_TRUE(v.passed) << c.name << " " << dtype_name(dtype) << ": " << v.message;
    std::printf("torch/%s vs reference/%s, %s: %s\n", c.name, c.name,
                std::string(dtype_name(dtype)).c_str(), v.message.c_str());
    if (dtype == DType::Float64) {
      EXPECT_LT(v.max_error, 1e-9) << c.name << ": " << v.message;
    }
  }
#endif
}

INSTANTIATE_TEST_SUITE_P(
    AllRules, TorchNative,
    ::testing::Values(
        Case{"sgd", {{"weight_decay", 0.05}}},
        Case{"momentum", {{"momentum", 0.8}, {"dampening", 0.2}, {"weight_decay", 0.01}}},
        Case{"nesterov", {{"momentum", 0.9}, {"weight_decay", 0.01}}},
        Case{"adam", {{"beta1", 0.85}, {"beta2", 0.99}, {"weight_decay", 0.02}}},
        Case{"adamw", {{"weight_decay", 0.1}}},
        Case{"adagrad",
             {{"lr_decay", 0.05}, {"initial_accumulator_value", 0.1}, {"weight_decay", 0.01}}},
        Case{"rmsprop",
             {{"alpha", 0.9}, {"momentum", 0.5}, {"centered", 1}, {"weight_decay", 0.01}}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(TorchNativeState, SurvivesAChangeOfParameterBuffer) {
#if !D500_TEST_HAVE_TORCH
  GTEST_SKIP() << "built without the LibTorch plugin (D500_WITH_TORCH=OFF)";
#else
  if (!torch_loaded()) GTEST_SKIP() << "torch plugin not loaded";
  // Same trajectory whether the caller keeps one buffer or moves the parameter to a new one.
  Optimizer a(load(true), "torch", "adam"), b(load(true), "torch", "adam");
  Tensor pa(DType::Float64, {4}), pb(DType::Float64, {4}), g(DType::Float64, {4});
  fill_uniform(pa, 1), fill_uniform(pb, 1);
  for (int t = 0; t < 4; ++t) {
    fill_uniform(g, 10 + t);
    a.step({pa.dl()}, {g.dl()}, 0.01);
    Tensor moved = pb.clone();  // a fresh buffer each step
    b.step({moved.dl()}, {g.dl()}, 0.01);
    pb = std::move(moved);
  }
  for (int64_t k = 0; k < 4; ++k) EXPECT_DOUBLE_EQ(pa.at(k), pb.at(k));
#endif
}

}  // namespace
}  // namespace d500::training
