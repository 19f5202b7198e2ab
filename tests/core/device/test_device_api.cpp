// Guards issue #8 "Device memory": the device API registry, device tensors over a simulated
// device (copies counted, memory marked), the CUDA runtime loaded with dlopen (no GPU here: it
// says why, with the CUDA error), and the fixture plugin's refusal of host memory.
#include <gtest/gtest.h>

#include "d500/device/device_api.h"
#include "d500/plugin/plugin_manager.h"
#include "simulated_device.h"

using namespace d500;

TEST(DeviceApi, CudaSaysWhyItCannotRunOrRoundTrips) {
  std::shared_ptr<device::DeviceApi> cuda = device::find_device_api(kDLCUDA);
  ASSERT_NE(cuda, nullptr);
  EXPECT_EQ(cuda->name(), "cuda");
  const std::string why = cuda->unusable_reason();
  if (!why.empty()) {
    // Insufficient driver, no device, no runtime: always the prefix, then the call and its error.
    EXPECT_EQ(why.rfind("no usable GPU: ", 0), 0u) << why;
    EXPECT_GT(why.size(), std::string("no usable GPU: ").size() + 10) << why;
    try {
      device::require_device_api(kDLCUDA);
      ADD_FAILURE() << "require_device_api(kDLCUDA) accepted an unusable GPU";
    } catch (const D500Error& e) {
      EXPECT_EQ(std::string(e.what()), why);
    }
    EXPECT_THROW(cuda->alloc(16), D500Error);
    return;
  }
  // A GPU: allocation, both copies, a device-to-device copy and the event timer.
  device::DeviceApi& api = device::require_device_api(kDLCUDA);
  Tensor host(DType::Float32, {257});
  fill_uniform(host, 5);
  device::DeviceTensor a(api, DType::Float32, {257}), b(api, DType::Float32, {257});
  device::TransferStats stats;
  a.upload(host, &stats);
  api.copy_on_device(b.data(), a.data(), a.nbytes());
  Tensor back = b.download(&stats);
  for (int64_t i = 0; i < host.numel(); ++i) ASSERT_EQ(back.at(i), host.at(i)) << i;
  EXPECT_EQ(stats.h2d_copies, 1);
  EXPECT_EQ(stats.d2h_bytes, 257 * 4);
  auto t = api.timer();
  t->start();
  EXPECT_GE(t->stop_ns(), 0.0);
  EXPECT_GT(api.calibrate_timer().resolution_ns, 0.0);
}

TEST(DeviceApi, NoApiForADeviceTypeIsOneClearError) {
  EXPECT_EQ(device::find_device_api(kDLROCM), nullptr);
  try {
    device::require_device_api(kDLROCM);
    FAIL() << "no error for a device type without an API";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("no device API for device type 10 (rocm)"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(device::find_device_api(kDLCPU), nullptr);  // the host needs none
}

TEST(DeviceApi, RegisteredApiReplacesAndUnusableOneGivesItsReason) {
  test::SimulatedDevice& sim = test::simulated_device();
  EXPECT_EQ(device::find_device_api(kDLExtDev).get(), &sim);
  EXPECT_EQ(&device::require_device_api(kDLExtDev), &sim);
  sim.set_unusable("no usable simulated device: switched off for the test");
  EXPECT_THROW(
      {
        try {
          device::require_device_api(kDLExtDev);
        } catch (const D500Error& e) {
          EXPECT_STREQ(e.what(), "no usable simulated device: switched off for the test");
          throw;
        }
      },
      D500Error);
  sim.set_unusable("");
  // A registered CUDA API replaces the built-in one; nullptr brings the built-in back.
  auto other = std::make_shared<test::SimulatedDevice>();
  device::register_device_api(kDLCUDA, other);
  EXPECT_EQ(device::find_device_api(kDLCUDA), other);
  device::register_device_api(kDLCUDA, nullptr);
  EXPECT_EQ(device::find_device_api(kDLCUDA)->name(), "cuda");
}

TEST(DeviceApi, DeviceTensorCopiesAreCountedAndMemoryIsTheDevices) {
  test::SimulatedDevice& sim = test::simulated_device();
  sim.reset_counts();
  const int64_t live = sim.live_allocations();
  {
    Tensor host(DType::Float64, {3, 5});
    fill_uniform(host, 9);
    device::DeviceTensor d(sim, DType::Float64, {3, 5});
    EXPECT_TRUE(sim.owns(d.data()));
    EXPECT_FALSE(sim.owns(host.data()));
    DLTensor v = d.dl();
    EXPECT_EQ(v.device.device_type, kDLExtDev);
    EXPECT_EQ(v.data, d.data());
    device::TransferStats stats;
    d.upload(host, &stats);
    Tensor back = d.download(&stats);
    for (int64_t i = 0; i < host.numel(); ++i) ASSERT_EQ(back.at(i), host.at(i));
    EXPECT_EQ(stats.h2d_copies, 1);
    EXPECT_EQ(stats.d2h_copies, 1);
    EXPECT_EQ(stats.h2d_bytes, 15 * 8);
    EXPECT_EQ(sim.counts().h2d, 1);
    EXPECT_EQ(sim.counts().d2h, 1);
    // A mismatched host tensor is refused with both shapes named, before any copy.
    Tensor wrong(DType::Float64, {5, 3});
    try {
      d.upload(wrong);
      ADD_FAILURE() << "mismatched upload accepted";
    } catch (const D500Error& e) {
      EXPECT_NE(std::string(e.what()).find("float64[5, 3]"), std::string::npos) << e.what();
    }
    EXPECT_EQ(sim.counts().h2d, 1);
  }
  EXPECT_EQ(sim.live_allocations(), live);  // freed with the tensor
}

TEST(DeviceApi, FixturePluginRefusesHostMemoryAndAcceptsDeviceMemory) {
  test::SimulatedDevice& sim = test::simulated_device();
  plugin::PluginManager pm({D500_SIMDEV_PLUGIN_DIR});
  pm.load({"fixture_simdev"});
  const plugin::OperatorImpl* relu = pm.operators().find_impl("Relu", "", "fixture_simdev");
  ASSERT_NE(relu, nullptr);
  EXPECT_EQ(relu->device_type(), kDLExtDev);
  Tensor x(DType::Float32, {8}), y(DType::Float32, {8});
  fill_uniform(x, 3);
  plugin::OperatorInstance inst(*relu, {}, {plugin::tensor_info(DType::Float32, {8})});
  std::vector<DLTensor> in{x.dl()}, out{y.dl()};
  try {
    inst.forward(in, out);
    ADD_FAILURE() << "the fixture ran on host memory";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("expected kDLExtDev"), std::string::npos) << e.what();
  }
  // Marked as the device's but not allocated by it: still refused.
  in[0].device.device_type = kDLExtDev;
  out[0].device.device_type = kDLExtDev;
  try {
    inst.forward(in, out);
    ADD_FAILURE() << "the fixture ran on memory the device did not allocate";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("not allocated by the simulated device"),
              std::string::npos)
        << e.what();
  }
  device::DeviceTensor dx(sim, DType::Float32, {8}), dy(sim, DType::Float32, {8});
  dx.upload(x);
  in = {dx.dl()};
  out = {dy.dl()};
  inst.forward(in, out);
  Tensor got = dy.download();
  for (int64_t i = 0; i < 8; ++i) EXPECT_EQ(got.at(i), x.at(i) > 0 ? x.at(i) : 0.0) << i;
}
