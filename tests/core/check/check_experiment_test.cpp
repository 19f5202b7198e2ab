// check_experiment: one refused and one accepted experiment per level (issue 13, item 4), with
// the plugins of this build; the accepted ones are the shipped examples.
#include "d500/check/check_experiment.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "d500/json_input.h"
#include "d500/training/dataset.h"

namespace {

using d500::check::check_experiment;
using d500::check::CheckOptions;
using d500::spec::Problems;
using nlohmann::json;

const std::string kExamples = std::string(D500_TEST_SOURCE_DIR) + "/resources/examples";

d500::plugin::PluginManager& plugins() {
  static d500::plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  pm.discover();
  return pm;
}

bool have(const std::string& plugin) {
  const auto* rec = plugins().find(plugin);
  return rec && rec->state != d500::plugin::PluginState::Broken;
}

std::string text(const Problems& ps) {
  return d500::spec::format_problems(ps, "exp");
}

Problems check_example(const std::string& name, bool with_plugins) {
  auto doc = d500::read_json_file(kExamples + "/" + name);
  EXPECT_TRUE(doc.ok()) << name;
  CheckOptions o;
  o.base_dir = kExamples;
  return check_experiment(*doc, name, with_plugins ? &plugins() : nullptr, o);
}

// The path of the only problem, after checking that there is exactly one.
std::string only_path(const Problems& ps) {
  EXPECT_EQ(ps.size(), 1u) << text(ps);
  return ps.empty() ? "" : ps.front().path;
}

Problems check(const json& doc, const CheckOptions& o = {}) {
  return check_experiment(doc, "exp", &plugins(), o);
}

const json kSynthetic = {
    {"dataset", "synthetic"},
    {"synthetic", {{"samples", 64}, {"test_samples", 16}, {"shape", {8}}, {"classes", 2}}},
    {"network", {{"builder", "mlp"}, {"hidden", {4}}}},
    {"epochs", 1},
    {"seeds", 1}};

TEST(CheckExperiment, ShippedExamplesAreAcceptedWithoutPlugins) {
  for (const auto& e : std::filesystem::directory_iterator(kExamples)) {
    if (e.path().extension() != ".json") continue;
    const std::string name = e.path().filename().string();
    if (name.rfind("train_fashion", 0) == 0 && !d500::training::fashion_mnist_available())
      continue;  // the dataset is a Debian package this machine may lack
    EXPECT_EQ(text(check_example(name, false)), "") << name;
  }
}

TEST(CheckExperiment, ShippedExampleOfEveryLevelIsAcceptedWithThePlugins) {
  EXPECT_EQ(text(check_example("gemm_reference.json", true)), "");
  EXPECT_EQ(text(check_example("distributed_mlp.json", true)), "");
  EXPECT_EQ(text(check_example("allreduce_sweep.json", true)), "");
  if (!have("torch")) GTEST_SKIP() << "no torch plugin: the network and training examples use it";
  EXPECT_EQ(text(check_example("lenet_network.json", true)), "");
  if (d500::training::fashion_mnist_available())
    EXPECT_EQ(text(check_example("train_fashion_mlp.json", true)), "");
}

TEST(CheckExperiment, OperatorLevelRefusesAnUnknownPluginAndVariant) {
  json e = {{"d500", 1},
            {"name", "x"},
            {"level", "operator"},
            {"operator", {{"op", "Gemm"}, {"inputs", {{4, 4}, {4, 4}}}}},
            {"implementations", {"reference", "nosuch"}}};
  Problems ps = check(e);
  EXPECT_EQ(only_path(ps), "$.implementations[1]");
  EXPECT_NE(text(ps).find("unknown plugin \"nosuch\""), std::string::npos) << text(ps);
  e["implementations"] = {"reference/nosuch"};
  ps = check(e);
  EXPECT_EQ(only_path(ps), "$.implementations");
  EXPECT_NE(text(ps).find("no implementation \"reference/nosuch\""), std::string::npos) << text(ps);
  // Without the plugins, the file itself is fine.
  EXPECT_TRUE(check_experiment(e, "exp", nullptr).empty());
}

// Issue 35, item 5: a Conv without inputs was accepted, and its run failed at once ("expects
// inputs X, W"). The input count is the operator's (its schema), checked without plugins.
TEST(CheckExperiment, OperatorLevelRefusesTheWrongNumberOfInputs) {
  json e = {{"d500", 1},
            {"name", "x"},
            {"level", "operator"},
            {"operator", {{"op", "Conv"}, {"inputs", json::array()}}},
            {"implementations", {"reference"}}};
  for (const Problems& ps : {check_experiment(e, "exp", nullptr), check(e)}) {
    EXPECT_EQ(only_path(ps), "$.operator.inputs");
    EXPECT_EQ(ps.empty() ? "" : ps.front().message,
              "Conv takes 2 to 3 inputs (X, W and optional B), the experiment gives 0");
  }
  e["operator"] = {{"op", "Relu"}, {"inputs", {{4}, {4}}}};
  EXPECT_EQ(only_path(check_experiment(e, "exp", nullptr)), "$.operator.inputs");
  e["operator"] = {{"op", "Sum"}, {"inputs", {{4}, {4}, {4}}}};  // variadic
  EXPECT_EQ(text(check(e)), "");
}

// The shapes are the plugins': each implementation is created at every point, as the run does,
// and a request it calls wrong is refused with its own words and the point.
TEST(CheckExperiment, OperatorLevelRefusesShapesAnImplementationRejects) {
  json e = {{"d500", 1},
            {"name", "x"},
            {"level", "operator"},
            {"operator", {{"op", "Conv"}, {"inputs", {{1, 4, "N", "N"}, {8, 4, 3, 3}}}}},
            {"sweep", {{"N", {8, 2}}}},
            {"implementations", {"reference"}}};
  Problems ps = check(e);
  EXPECT_EQ(only_path(ps), "$.operator");
  EXPECT_NE(text(ps).find("reference/default Conv: "), std::string::npos) << text(ps);
  EXPECT_NE(text(ps).find(" at N=2"), std::string::npos) << text(ps);
  // Without the plugins nothing is known of the shapes.
  EXPECT_TRUE(check_experiment(e, "exp", nullptr).empty());
  e["sweep"]["N"] = {8, 16};
  EXPECT_EQ(text(check(e)), "");
  e["operator"]["inputs"][1] = {8, 3, 3, 3};  // W's channels are not X's
  EXPECT_EQ(only_path(check(e)), "$.operator");
}

TEST(CheckExperiment, NetworkLevelRefusesAMissingModelAndAnUnknownExecutor) {
  json e = {{"d500", 1},
            {"name", "x"},
            {"level", "network"},
            {"network", {{"model", "missing.onnx"}, {"executors", {"reference"}}}}};
  Problems ps = check_experiment(e, "exp", nullptr);  // no plugin needed to see this
  EXPECT_EQ(only_path(ps), "$.network.model");
  EXPECT_NE(text(ps).find("no model file"), std::string::npos) << text(ps);
  e["network"] = {{"model", {{"builder", "mlp"}}}, {"executors", {"nosuchexec"}}};
  EXPECT_EQ(only_path(check(e)), "$.network.executors[0]");
  e["network"]["batch_sizes"] = {0};
  EXPECT_EQ(only_path(check_experiment(e, "exp", nullptr)), "$.network.batch_sizes[0]");
}

TEST(CheckExperiment, TrainingLevelRefusesAnOptimizerThePluginLacks) {
  json t = kSynthetic;
  t["optimizer"] = {{"plugin", "reference"}, {"name", "adamax"}};
  const json e = {{"d500", 1}, {"name", "x"}, {"level", "training"}, {"training", t}};
  const Problems ps = check(e);
  EXPECT_EQ(only_path(ps), "$.training.optimizer");
  EXPECT_NE(text(ps).find("no optimizer \"adamax\""), std::string::npos) << text(ps);
  json ok = e;
  ok["training"].erase("optimizer");
  EXPECT_EQ(text(check(ok)), "");
}

TEST(CheckExperiment, DistributedLevelRefusesAnUnknownSchemeAndFault) {
  const json e = {{"d500", 1},
                  {"name", "x"},
                  {"level", "distributed"},
                  {"training", kSynthetic},
                  {"distributed", {{"scheme", "ring"}, {"fault", {{"kind", "boom"}}}}}};
  const Problems ps = check_experiment(e, "exp", nullptr);
  ASSERT_EQ(ps.size(), 2u) << text(ps);
  EXPECT_EQ(ps[0].path, "$.distributed.scheme");
  EXPECT_EQ(ps[1].path, "$.distributed.fault.kind");
}

TEST(CheckExperiment, CollectiveLevelRefusesASizeThatIsNoWholeElement) {
  const json e = {
      {"d500", 1}, {"name", "x"}, {"level", "collective"}, {"collective", {{"min_bytes", 3}}}};
  const Problems ps = check(e);
  EXPECT_EQ(only_path(ps), "$.collective.min_bytes");
  EXPECT_EQ(ps.front().message, "must be a multiple of 4 (one float32), got 3");
}

TEST(CheckExperiment, TopLevelProblemsKeepTheirPaths) {
  const json e = {{"d500", 1}, {"level", "operator"}, {"seed", -1}};
  const Problems ps = check(e);
  std::set<std::string> paths;
  for (const auto& p : ps) paths.insert(p.path);
  EXPECT_TRUE(paths.count("$.name")) << text(ps);
  EXPECT_TRUE(paths.count("$.seed")) << text(ps);
  EXPECT_TRUE(paths.count("$.operator")) << text(ps);
}

TEST(CheckExperiment, AStoreWhoseFolderIsMissingIsRefused) {
  auto doc = d500::read_json_file(kExamples + "/allreduce_sweep.json");
  CheckOptions o;
  o.store_path = "/nonexistent-d500-folder/x.d500db";
  const Problems ps = check(*doc, o);
  EXPECT_EQ(only_path(ps), "$");
  EXPECT_NE(text(ps).find("/nonexistent-d500-folder"), std::string::npos) << text(ps);
}

TEST(CheckExperiment, ProblemsFromAParserErrorSplitPathAndMessage) {
  const d500::Error e{"exp:$.a.b: expected x: or y\nexp:$.c: bad\n  nested line", ""};
  const Problems ps = d500::spec::problems_from_error(e, "exp");
  ASSERT_EQ(ps.size(), 2u);
  EXPECT_EQ(ps[0], (d500::spec::Problem{"$.a.b", "expected x: or y"}));
  EXPECT_EQ(ps[1], (d500::spec::Problem{"$.c", "bad\n  nested line"}));
  EXPECT_EQ(d500::spec::format_problems(ps, "f.json"),
            "f.json:$.a.b: expected x: or y\nf.json:$.c: bad\n  nested line");
}

}  // namespace
