// Guards issue #8 "ONNX node conformance on the GPU", on the simulated device: a plugin whose
// operators live off the CPU runs the node tests on device copies of the inputs (the fixture
// plugin refuses anything else), its outputs copied back and compared; an unusable device is an
// error with its reason.
#include <gtest/gtest.h>

#include <filesystem>

#include "d500/operators/conformance.h"
#include "d500/plugin/plugin_manager.h"
#include "simulated_device.h"

using namespace d500;
using operators::ConformanceOutcome;

namespace {

const std::string kNodeTests = operators::kDefaultNodeTestDir;

const plugin::PluginManager& simdev_plugins() {
  static auto* pm = [] {
    auto* p = new plugin::PluginManager({D500_SIMDEV_PLUGIN_DIR});
    p->load({"fixture_simdev"});
    return p;
  }();
  return *pm;
}

#define REQUIRE_NODE_TESTS()                                        \
  if (!std::filesystem::exists(kNodeTests + "/test_relu"))          \
  GTEST_SKIP() << "ONNX node tests not installed at " << kNodeTests \
               << " (Debian package libonnx-testdata)"

}  // namespace

TEST(DeviceConformance, NodeTestsRunOnDeviceCopiesAndPass) {
  REQUIRE_NODE_TESTS();
  test::SimulatedDevice& sim = test::simulated_device();
  sim.set_unusable("");
  for (const char* name : {"test_relu", "test_add"}) {
    sim.reset_counts();
    const int64_t live = sim.live_allocations();
    auto r = operators::run_node_test(simdev_plugins().operators(), "fixture_simdev",
                                      kNodeTests + "/" + name);
    EXPECT_EQ(r.outcome, ConformanceOutcome::Passed) << name << ": " << r.detail();
    EXPECT_EQ(r.implementation, "fixture_simdev/default");
    EXPECT_EQ(r.data_sets, 1);
    // One data set: each input up once, the output back once; nothing left allocated.
    const int64_t n_inputs = std::string(name) == "test_add" ? 2 : 1;
    EXPECT_EQ(sim.counts().h2d, n_inputs) << name;
    EXPECT_EQ(sim.counts().d2h, 1) << name;
    EXPECT_EQ(sim.live_allocations(), live) << name;
  }
}

TEST(DeviceConformance, WhatTheDevicePluginCannotDoIsUnsupportedNotFailed) {
  REQUIRE_NODE_TESTS();
  test::simulated_device().set_unusable("");
  auto r = operators::run_node_test(simdev_plugins().operators(), "fixture_simdev",
                                    kNodeTests + "/test_add_bcast");
  EXPECT_EQ(r.outcome, ConformanceOutcome::Unsupported) << r.detail();
  EXPECT_NE(r.reason.find("only equal shapes"), std::string::npos) << r.reason;
}

TEST(DeviceConformance, UnusableDeviceIsAnErrorWithItsReason) {
  REQUIRE_NODE_TESTS();
  test::SimulatedDevice& sim = test::simulated_device();
  sim.set_unusable("no usable simulated device: unplugged by the test");
  sim.reset_counts();
  auto r = operators::run_node_test(simdev_plugins().operators(), "fixture_simdev",
                                    kNodeTests + "/test_relu");
  sim.set_unusable("");
  EXPECT_EQ(r.outcome, ConformanceOutcome::Error);
  EXPECT_NE(r.reason.find("no usable simulated device: unplugged by the test"), std::string::npos)
      << r.reason;
  EXPECT_EQ(sim.counts().h2d, 0);
}
