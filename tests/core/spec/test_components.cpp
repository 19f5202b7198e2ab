// Issue 17: the component table the experiment canvas draws from. Every port is fed by kinds that
// exist in its level and give its type, refusals name both sides, parameters tied to one value
// are dropped on a swap and the others kept, defaults are JSON objects.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "d500/spec/components.h"

using namespace d500::spec;

namespace {
bool in(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
}  // namespace

TEST(Components, EveryPortIsFedByKindsOfItsLevelThatGiveItsType) {
  for (const std::string level : {"operator", "network", "training", "distributed", "collective"}) {
    const auto kinds = component_kinds_of(level);
    ASSERT_FALSE(kinds.empty()) << level;
    for (const ComponentKind* k : kinds)
      for (const ComponentPort& p : component_ports(*k, level)) {
        ASSERT_FALSE(p.from.empty()) << k->kind << "." << p.name;
        bool fedHere = false;
        for (const std::string& from : p.from) {
          const ComponentKind* f = find_component_kind(from);
          ASSERT_NE(f, nullptr) << from;
          EXPECT_EQ(f->output, p.type) << k->kind << "." << p.name << " from " << from;
          fedHere = fedHere || in(f->levels, level);
        }
        EXPECT_TRUE(fedHere) << k->kind << "." << p.name << " has no feeder in " << level;
      }
  }
}

TEST(Components, LevelsHaveTheirComponents) {
  auto has = [](const std::string& level, const std::string& kind) {
    for (const ComponentKind* k : component_kinds_of(level))
      if (k->kind == kind) return true;
    return false;
  };
  for (const char* k : {"operator", "implementation", "sweep", "repetition"})
    EXPECT_TRUE(has("operator", k)) << k;
  for (const char* k : {"model", "executor", "batch_sizes", "measures"})
    EXPECT_TRUE(has("network", k)) << k;
  for (const char* k : {"dataset", "transforms", "sampler", "loader", "network", "loss",
                        "optimizer", "schedule", "trainer", "stop", "recipe"})
    EXPECT_TRUE(has("training", k)) << k;
  for (const char* k : {"communicator", "scheme", "rank_sampler", "launcher", "trainer"})
    EXPECT_TRUE(has("distributed", k)) << k;
  EXPECT_FALSE(has("training", "scheme"));
  // The trainer takes the optimizer itself in training, through the scheme in distributed.
  auto portNames = [](const std::string& level) {
    std::vector<std::string> names;
    for (const auto& p : component_ports(*find_component_kind("trainer"), level))
      names.push_back(p.name);
    return names;
  };
  EXPECT_TRUE(in(portNames("training"), "optimizer"));
  EXPECT_FALSE(in(portNames("training"), "scheme"));
  EXPECT_TRUE(in(portNames("distributed"), "scheme"));
  EXPECT_FALSE(in(portNames("distributed"), "optimizer"));
}

TEST(Components, RefusalsSayWhatEachSideIs) {
  const ComponentKind& optimizer = *find_component_kind("optimizer");
  const ComponentKind& loader = *find_component_kind("loader");
  const ComponentKind& trainer = *find_component_kind("trainer");
  EXPECT_EQ(connection_refusal(optimizer, loader, "indices", "training"),
            "Loader's indices takes Indices, Optimizer gives Optimizer");
  EXPECT_EQ(connection_refusal(optimizer, trainer, "optimizer", "training"), "");
  EXPECT_EQ(connection_refusal(optimizer, trainer, "nothing", "training"),
            "Trainer has no input \"nothing\"");
  EXPECT_EQ(connection_refusal(trainer, loader, "indices", "training"),
            "Trainer gives nothing to connect");
}

TEST(Components, ParametersTiedToOneValueGoOnASwap) {
  const ComponentKind& optimizer = *find_component_kind("optimizer");
  EXPECT_TRUE(param_applies(optimizer, "torch/adam", "beta1"));
  EXPECT_FALSE(param_applies(optimizer, "reference/sgd", "beta1"));
  EXPECT_TRUE(param_applies(optimizer, "reference/sgd", "lr"));
  const ComponentKind& network = *find_component_kind("network");
  EXPECT_FALSE(param_applies(network, "lenet", "hidden"));
  EXPECT_TRUE(param_applies(network, "mlp", "hidden"));
}

TEST(Components, DefaultsAreObjectsAndValuesAreChoicesOrOffered) {
  for (const ComponentKind& k : component_kinds()) {
    if (!k.default_params.empty()) {
      const auto j = nlohmann::json::parse(k.default_params, nullptr, false);
      EXPECT_TRUE(j.is_object()) << k.kind << ": " << k.default_params;
    }
    if (!k.default_value.empty() && k.offered_by.empty())
      EXPECT_TRUE(in(k.choices, k.default_value)) << k.kind;
  }
}
