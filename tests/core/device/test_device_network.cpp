// Guards issue #8 "Networks on the GPU", on the simulated device: an assembled executor whose
// nodes run partly on the device (fixture_simdev: Relu, Add) and partly on the CPU (reference:
// Sigmoid) computes what the reference alone computes, copies values between host and device
// only when their current contents are on the other side, and counts those copies.
#include <gtest/gtest.h>

#include "../network/network_test_util.h"
#include "simulated_device.h"

using namespace d500;
using namespace d500::network;
using d500::test::contains;
using d500::test::node;
using d500::test::tensor;
using d500::test::type;

namespace {

const plugin::OperatorRegistry& ops() {
  static auto* pm = [] {
    auto* p = new plugin::PluginManager({D500_SIMDEV_PLUGIN_DIR, D500_TEST_PLUGIN_DIR});
    p->load({"fixture_simdev", "reference"});
    return p;
  }();
  return pm->operators();
}

// y = Sigmoid(h2) + h2, h2 = Relu(x) + b: x, b [2, 4].
Graph mixed() {
  GraphDesc d;
  d.name = "mixed";
  d.inputs = {{"x", type(DType::Float32, {2, 4})}};
  d.outputs = {"y"};
  d.parameters.push_back(
      {"b", tensor(DType::Float32, {2, 4}, {0.5, -1, 0.25, 2, -0.5, 1, 0, -2})});
  d.nodes = {node("r1", "Relu", {"x"}, {"h1"}), node("a1", "Add", {"h1", "b"}, {"h2"}),
             node("s1", "Sigmoid", {"h2"}, {"h3"}), node("a2", "Add", {"h3", "h2"}, {"y"})};
  return d500::test::make_graph(std::move(d));
}

std::unique_ptr<AssembledExecutor> build(const std::vector<std::string>& prefer) {
  ExecutorOptions o;
  o.policy.prefer = prefer;
  auto ex = AssembledExecutor::build(mixed(), ops(), o);
  if (!ex.ok()) throw D500Error(ex.error());
  return std::move(ex).value();
}

const std::vector<double> kX = {1, -2, 3, -4, 0.5, -0.5, 2, 0};

}  // namespace

TEST(DeviceNetwork, MixedHostAndDeviceNodesComputeWhatTheReferenceComputes) {
  test::SimulatedDevice& sim = test::simulated_device();
  sim.set_unusable("");
  auto ex = build({"fixture_simdev", "reference"});
  const auto& a = ex->assignments();
  EXPECT_EQ(a[0].implementation, "fixture_simdev/default");
  EXPECT_EQ(a[1].implementation, "fixture_simdev/default");
  EXPECT_EQ(a[2].implementation, "reference/default");
  EXPECT_EQ(a[3].implementation, "fixture_simdev/default");
  auto ref = build({"reference"});
  const Tensor x = tensor(DType::Float32, {2, 4}, kX);
  ex->set_input("x", x);
  ref->set_input("x", x);
  ex->forward();
  ref->forward();
  const Tensor& y = ex->output("y");
  const Tensor& want = ref->output("y");
  for (int64_t i = 0; i < y.numel(); ++i) EXPECT_FLOAT_EQ(y.at(i), want.at(i)) << i;
  // An intermediate written on the device reads back right too.
  ASSERT_NE(ex->value("h1"), nullptr);
  for (int64_t i = 0; i < 8; ++i) EXPECT_FLOAT_EQ(ex->value("h1")->at(i), std::max(kX[i], 0.0));
}

TEST(DeviceNetwork, ValuesMoveOnlyWhenTheirContentsAreOnTheOtherSide) {
  test::SimulatedDevice& sim = test::simulated_device();
  sim.set_unusable("");
  auto ex = build({"fixture_simdev", "reference"});
  EXPECT_EQ(ex->transfers().h2d_copies, 0);  // building copies nothing
  ex->set_input("x", tensor(DType::Float32, {2, 4}, kX));
  sim.reset_counts();
  ex->forward();
  // Up: x, b (first use), h3 (written by the CPU's Sigmoid, read by a2). Down: h2 (read by the
  // Sigmoid). h2 stays current on the device for a2: no copy up again.
  EXPECT_EQ(ex->transfers().h2d_copies, 3);
  EXPECT_EQ(ex->transfers().d2h_copies, 1);
  ex->output("y");  // y comes back once
  ex->output("y");
  EXPECT_EQ(ex->transfers().d2h_copies, 2);
  EXPECT_EQ(ex->transfers().h2d_bytes, 3 * 8 * 4);
  EXPECT_EQ(ex->transfers().d2h_bytes, 2 * 8 * 4);
  // The executor's counts are the device's.
  EXPECT_EQ(sim.counts().h2d, 3);
  EXPECT_EQ(sim.counts().d2h, 2);
  // Again without new inputs: x and b are current on the device; h3 and h2 move again.
  ex->forward();
  EXPECT_EQ(ex->transfers().h2d_copies, 4);
  EXPECT_EQ(ex->transfers().d2h_copies, 3);
  // A new input goes up once more; a new parameter too.
  ex->set_input("x", tensor(DType::Float32, {2, 4}, kX));
  ex->set_parameter("b", tensor(DType::Float32, {2, 4}, kX));
  ex->forward();
  EXPECT_EQ(ex->transfers().h2d_copies, 4 + 3);
}

TEST(DeviceNetwork, BackPropagationThroughADeviceNodeIsRefusedByName) {
  test::simulated_device().set_unusable("");
  auto ex = build({"fixture_simdev", "reference"});
  ex->set_input("x", tensor(DType::Float32, {2, 4}, kX));
  try {
    ex->forward_backward_sum({"y"});
    FAIL() << "back-propagated through a device node";
  } catch (const D500Error& e) {
    EXPECT_TRUE(contains(e.what(), "node 'a2'") || contains(e.what(), "a2")) << e.what();
    EXPECT_TRUE(contains(e.what(), "not supported yet")) << e.what();
  }
}

TEST(DeviceNetwork, UnusableDeviceIsPassedOverWithItsReason) {
  test::SimulatedDevice& sim = test::simulated_device();
  sim.set_unusable("no usable simulated device: unplugged by the test");
  auto ex = build({"fixture_simdev", "reference"});
  sim.set_unusable("");
  for (const auto& a : ex->assignments()) {
    EXPECT_EQ(a.implementation, "reference/default");
    if (a.node == 2) continue;  // Sigmoid: fixture_simdev never was a candidate
    ASSERT_EQ(a.skipped.size(), 1u) << a.node;
    EXPECT_TRUE(contains(a.skipped[0], "fixture_simdev/default: no usable simulated device"))
        << a.skipped[0];
  }
  ex->set_input("x", tensor(DType::Float32, {2, 4}, kX));
  ex->forward();
  EXPECT_EQ(ex->transfers().h2d_copies + ex->transfers().d2h_copies, 0);
}
