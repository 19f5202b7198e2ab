// Guards issue #30 (distributed schemes as registered components, plugin ABI 1.4): the built-in
// schemes are registered in order with summaries; a scheme registered from outside core trains
// like the built-in it imitates; malformed registrations are refused with the reason and leave
// nothing behind; a plugin's scheme (the examples plugin's top-k sparsification, built with the
// SDK only) is registered as "plugin/name", equals allreduce when it sends everything, moves the
// bytes its ratio says, and its refusals of bad params name the plugin; a plugin whose scheme is
// malformed is refused naming the field; an ABI 1.3 plugin still loads. Runs alone and under
// mpirun with 2 ranks.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "d500/distributed/distributed_spec.h"
#include "d500/distributed/plugin_schemes.h"
#include "d500/distributed/scheme_registry.h"
#include "scheme_test_support.h"

using namespace d500;
using namespace d500::distributed;
using namespace d500::test;

namespace {

// A user's scheme, registered from outside core: allreduce as a sum, then divided by the ranks.
class SumThenScale : public SchemeAlgorithm {
 public:
  explicit SumThenScale(std::shared_ptr<int> calls) : calls_(std::move(calls)) {}
  void before_optimizer(SchemeContext& c, int64_t) override {
    c.pack_gradients();
    c.comm().allreduce(c.buffer(), c.count(), c.dtype(), ReduceOp::Sum);
    c.scale_buffer(1.0 / c.comm().size());
    c.unpack_gradients();
    ++*calls_;
  }

 private:
  std::shared_ptr<int> calls_;  // outlives the instance: the registry keeps the factory
};

TEST(SchemeRegistry, AUsersSchemeTrainsLikeTheBuiltInItImitates) {
  SchemeDescriptor d;
  d.name = "test_sum_then_scale";
  d.summary = "allreduce as a sum and a division";
  d.origin = "test";
  auto calls = std::make_shared<int>(0);
  d.make = [calls](SchemeContext&) { return std::make_unique<SumThenScale>(calls); };
  ASSERT_EQ(schemes().add(d), "");
  EXPECT_NE(schemes().add(d).find("the name is taken by test"), std::string::npos);

  const int me = W().rank();
  std::vector<float> got[2];
  std::vector<StepRecord> records[2];
  int i = 0;
  for (const char* name : {"allreduce", "test_sum_then_scale"}) {
    auto ex = mlp(kPerRank);
    training::Optimizer opt(plugins(), "reference", "sgd");
    DistributedScheme scheme(W(), *ex, {.scheme = name});
    EXPECT_EQ(scheme.descriptor().name, name);
    scheme.broadcast_parameters();
    for (int64_t s = 0; s < 3; ++s) step(scheme, *ex, opt, s, me * kPerRank, 0.2);
    got[i] = flat_params(*ex);
    records[i++] = scheme.steps();
  }
  EXPECT_EQ(*calls, 3);
  EXPECT_LT(max_abs_diff(got[0], got[1]), 1e-6);
  ASSERT_EQ(records[1].size(), 3u);
  for (size_t s = 0; s < 3; ++s) EXPECT_EQ(records[1][s].comm_bytes, records[0][s].comm_bytes);
}

TEST(SchemeRegistry, BuiltInsComeFirstAndMalformedSchemesAreRefused) {
  const auto all = schemes().all();
  ASSERT_GE(all.size(), 5u);
  const char* builtins[] = {"allreduce", "parameter_server", "async_parameter_server",
                            "model_averaging", "dpsgd"};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(all[i]->name, builtins[i]);
    EXPECT_EQ(all[i]->origin, "built-in");
    EXPECT_FALSE(all[i]->summary.empty()) << all[i]->name;
  }
  EXPECT_TRUE(schemes().find("async_parameter_server")->asynchronous);
  EXPECT_TRUE(schemes().find("dpsgd")->replicas_differ);
  EXPECT_FALSE(schemes().find("allreduce")->replicas_differ);
  auto ok = [] {
    SchemeDescriptor d;
    d.name = "test_ok";
    d.summary = "s";
    d.origin = "plugin x";
    d.make = [](SchemeContext&) { return std::make_unique<SchemeAlgorithm>(); };
    return d;
  };
  auto bad = ok();
  bad.name = "Top-K";
  EXPECT_NE(schemes().add(bad).find("scheme \"Top-K\" from plugin x: a name is"),
            std::string::npos);
  bad = ok();
  bad.summary.clear();
  EXPECT_NE(schemes().add(bad).find("no summary"), std::string::npos);
  bad = ok();
  bad.make = nullptr;
  EXPECT_NE(schemes().add(bad).find("no algorithm"), std::string::npos);
  bad = ok();
  bad.name = "allreduce";
  EXPECT_NE(schemes().add(bad).find("taken by built-in"), std::string::npos);
  EXPECT_EQ(schemes().find("test_ok"), nullptr) << "nothing refused is registered";
}

// The examples plugin (plugins/examples) beside the reference, its schemes registered.
const plugin::PluginManager& example_plugins() {
  static const auto pm = [] {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"examples"});
    if (auto refused = register_plugin_schemes(*p); !refused.empty())
      throw D500Error(refused.front());
    return p;
  }();
  return *pm;
}

TEST(PluginSchemes, ThePluginsSchemeIsRegisteredOnceAsPluginSlashName) {
  const auto& pm = example_plugins();
  ASSERT_EQ(pm.find("examples")->state, plugin::PluginState::Loaded) << pm.find("examples")->error;
  EXPECT_EQ(pm.find("examples")->n_schemes, 1u);
  const auto* d = schemes().find("examples/topk_sgd");
  ASSERT_NE(d, nullptr) << schemes().names();
  EXPECT_EQ(d->origin, "plugin examples");
  EXPECT_NE(d->summary.find("top-k"), std::string::npos);
  EXPECT_FALSE(d->asynchronous);
  EXPECT_TRUE(register_plugin_schemes(pm).empty()) << "a second call registers nothing again";

  // The experiment file names it; its params reach the plugin; a built-in takes none.
  auto spec =
      parse_distributed({{"scheme", "examples/topk_sgd"}, {"params", {{"ratio", 0.5}}}}, "x.json");
  ASSERT_TRUE(spec) << spec.error().to_string();
  EXPECT_EQ(spec->params.at("ratio"), 0.5);
  auto bad = parse_distributed({{"scheme", "dpsgd"}, {"params", {{"ratio", 0.5}}}}, "x.json");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().to_string().find("$.distributed.params"), std::string::npos);
  auto unknown = parse_distributed({{"scheme", "topk"}}, "x.json");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().to_string().find("examples/topk_sgd"), std::string::npos)
      << "the registered plugin scheme is among the choices: " << unknown.error().to_string();
}

// Three steps of the plugin's scheme and of allreduce from the same start.
struct Pair {
  std::vector<float> topk, allreduce;
  std::vector<StepRecord> topk_steps, allreduce_steps;
};
Pair run_both(double ratio) {
  example_plugins();
  Pair out;
  for (const std::string name : {"examples/topk_sgd", "allreduce"}) {
    auto ex = mlp(kPerRank);
    training::Optimizer opt(plugins(), "reference", "sgd");
    SchemeOptions o;
    o.scheme = name;
    if (name != "allreduce") o.params["ratio"] = ratio;
    DistributedScheme scheme(W(), *ex, o);
    scheme.broadcast_parameters();
    for (int64_t s = 0; s < 3; ++s) step(scheme, *ex, opt, s, W().rank() * kPerRank, 0.2);
    (name == "allreduce" ? out.allreduce : out.topk) = flat_params(*ex);
    (name == "allreduce" ? out.allreduce_steps : out.topk_steps) = scheme.steps();
  }
  return out;
}

TEST(PluginSchemes, TopKThatSendsEverythingIsAllreduce) {
  const Pair p = run_both(1.0);
  EXPECT_LT(max_abs_diff(p.topk, p.allreduce), 1e-5);
  for (size_t s = 0; s < p.topk_steps.size(); ++s)
    EXPECT_EQ(p.topk_steps[s].comm_bytes, W().size() > 1 ? W().size() * (30 + 5 + 15 + 3) * 8 : 0)
        << "every entry of the 6x5, 5, 5x3 and 3 tensors, as index and value";
}

TEST(PluginSchemes, TopKMovesTheBytesItsRatioSays) {
  const Pair p = run_both(0.1);
  // The MLP's tensors: 6x5, 5, 5x3, 3 -> k = 3, 1, 2, 1 entries of 8 bytes; an allgather sends
  // B and receives (n - 1) B.
  const int64_t n = W().size(), sent = (3 + 1 + 2 + 1) * 8;
  ASSERT_EQ(p.topk_steps.size(), 3u);
  for (const auto& r : p.topk_steps) EXPECT_EQ(r.comm_bytes, n > 1 ? n * sent : 0) << r.step;
  if (n > 1) {
    EXPECT_LT(p.topk_steps[0].comm_bytes, p.allreduce_steps[0].comm_bytes);
    EXPECT_GT(max_abs_diff(p.topk, p.allreduce), 1e-6) << "sparsified steps differ";
  }
}

TEST(PluginSchemes, BadParamsAreRefusedNamingThePlugin) {
  example_plugins();
  auto ex = mlp(kPerRank);
  for (const auto& [param, value, why] :
       {std::tuple{"ratio", 2.0, "params.ratio must lie in (0, 1]"}, std::tuple{"k", 3.0, "k"}}) {
    SchemeOptions o;
    o.scheme = "examples/topk_sgd";
    o.params[param] = value;
    try {
      DistributedScheme s(W(), *ex, o);
      ADD_FAILURE() << param << " was accepted";
    } catch (const D500Error& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find("scheme \"examples/topk_sgd\" (plugin examples) create failed"),
                std::string::npos)
          << msg;
      EXPECT_NE(msg.find(why), std::string::npos) << msg;
    }
  }
}

TEST(PluginSchemes, APluginWithAMalformedSchemeIsRefusedNamingTheField) {
  plugin::PluginManager pm(
      {std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-schemes"});
  pm.load({"fixture_scheme_small", "fixture_scheme_no_description", "fixture_scheme_no_hooks"});
  const std::pair<const char*, const char*> want[] = {
      {"fixture_scheme_small", "scheme #0 struct_size is"},
      {"fixture_scheme_no_description", "scheme \"broken\" has no description"},
      {"fixture_scheme_no_hooks", "has neither before_optimizer nor after_optimizer"}};
  for (const auto& [name, why] : want) {
    const auto* rec = pm.find(name);
    ASSERT_NE(rec, nullptr) << name;
    EXPECT_EQ(rec->state, plugin::PluginState::Broken) << name;
    EXPECT_NE(rec->error.find(why), std::string::npos) << name << ": " << rec->error;
  }
  EXPECT_TRUE(pm.schemes().empty());
  EXPECT_TRUE(register_plugin_schemes(pm).empty());
}

TEST(PluginSchemes, AnAbi13PluginStillLoadsAndItsOptimizerSteps) {
  plugin::PluginManager pm({std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-abi"});
  pm.load({"fixture_abi13"});
  const auto* rec = pm.find("fixture_abi13");
  ASSERT_NE(rec, nullptr);
  ASSERT_EQ(rec->state, plugin::PluginState::Loaded) << rec->error;
  EXPECT_EQ(rec->abi_version, (1u << 16) | 3u);
  EXPECT_EQ(rec->n_schemes, 0u) << "its info ends before the 1.4 members";
  EXPECT_EQ(rec->n_optimizers, 1u);
  training::Optimizer opt(pm, "fixture_abi13", "halving_sgd", {});
  Tensor p(DType::Float32, {2}), g(DType::Float32, {2});
  p.set(0, 1.0);
  p.set(1, 2.0);
  g.set(0, 1.0);
  g.set(1, -1.0);
  std::vector<DLTensor> ps{p.dl()}, gs{g.dl()};
  opt.step(ps, gs, 0.5);
  EXPECT_FLOAT_EQ(static_cast<float>(p.at(0)), 0.75f);
  EXPECT_FLOAT_EQ(static_cast<float>(p.at(1)), 2.25f);
}

}  // namespace
