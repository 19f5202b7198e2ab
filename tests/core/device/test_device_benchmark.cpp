// Guards issue #8 "Device memory and timing" in the operator benchmark, on the simulated device:
// inputs copied to the device once, outputs back once, the measured calls on device tensors
// (the fixture plugin refuses anything else), results validated against the reference, the
// copies stored as measurements of their own beside the operator's, and an unusable device
// failing its measurements with the device's reason while the rest of the run is kept.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "d500/operators/operator_benchmark.h"
#include "simulated_device.h"

using namespace d500;
using nlohmann::json;

namespace {

class DeviceBenchmark : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    pm_ = new plugin::PluginManager({D500_SIMDEV_PLUGIN_DIR, D500_TEST_PLUGIN_DIR});
    pm_->load({"fixture_simdev", "reference"});
  }
  static void TearDownTestSuite() { delete pm_; }

  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("d500_device_bench_" + std::to_string(getpid()) + ".d500db");
    std::filesystem::remove(path_);
    store_ =
        std::move(store::ResultStore::open(path_.string(), store::ResultStore::Mode::ReadWrite))
            .value();
    store::RunInfo r;
    r.name = "device";
    r.level = "operator";
    run_ = store_->create_run(r);
    test::simulated_device().set_unusable("");
    test::simulated_device().reset_counts();
  }
  void TearDown() override {
    store_.reset();
    std::filesystem::remove(path_);
  }

  // An experiment of `op` on float32 [4, 50] inputs (two points when `sweep`).
  spec::Experiment experiment(const std::string& op, int n_inputs, bool determinism,
                              const std::vector<std::string>& impls) {
    json j{{"d500", 1},
           {"name", "device"},
           {"level", "operator"},
           {"seed", 7u},
           {"operator", {{"op", op}, {"dtype", "float32"}, {"inputs", json::array()}}},
           {"implementations", impls},
           {"sweep", {{"N", {50, 64}}}},
           // The copies counted here are the forward pass's and the determinism run's; the
           // gradient check of the fixture's backward (its own copies) stays off.
           {"validate", {{"determinism", determinism}, {"backward", false}}},
           {"repetition", {{"min_samples", 10}, {"max_samples", 40}, {"max_seconds", 1}}}};
    for (int i = 0; i < n_inputs; ++i) j["operator"]["inputs"].push_back({4, "N"});
    auto e = spec::parse_experiment(j, "test.json");
    EXPECT_TRUE(e.ok()) << (e.ok() ? "" : e.error().to_string());
    return std::move(e).value();
  }

  operators::RunSummary run(const spec::Experiment& e) {
    auto impls = operators::resolve_implementations(e, pm_->operators());
    EXPECT_TRUE(impls.ok());
    const plugin::OperatorImpl* ref = pm_->operators().find_impl(e.op.op_type, "", "reference");
    return operators::run_operator_experiment(e, *impls, ref, *store_, run_, {});
  }

  static plugin::PluginManager* pm_;
  std::filesystem::path path_;
  std::unique_ptr<store::ResultStore> store_;
  int64_t run_ = 0;
};
plugin::PluginManager* DeviceBenchmark::pm_ = nullptr;

bool is_transfer(const store::MeasurementRow& m) {
  return json::parse(m.point_json).contains("transfer");
}

}  // namespace

TEST_F(DeviceBenchmark, InputsGoOnceOutputsComeBackOnceAndCopiesAreTheirOwnMeasurements) {
  test::SimulatedDevice& sim = test::simulated_device();
  const int64_t live = sim.live_allocations();
  auto s = run(experiment("Add", 2, /*determinism=*/false, {"fixture_simdev", "reference"}));
  ASSERT_EQ(s.failed, 0u) << (s.errors.empty() ? "" : s.errors.front());
  EXPECT_EQ(s.invalid, 0u);
  // Two points: per point two inputs up and one output down, whatever the number of calls.
  const auto c = sim.counts();
  EXPECT_EQ(c.h2d, 2 * 2);
  EXPECT_EQ(c.d2h, 2 * 1);
  EXPECT_EQ(c.h2d_bytes, 2 * 4 * (50 + 64) * 4);
  EXPECT_EQ(c.d2h_bytes, 4 * (50 + 64) * 4);
  EXPECT_EQ(sim.live_allocations(), live);  // every device tensor freed after its point

  int ops = 0, h2d = 0, d2h = 0;
  for (const auto& m : store_->measurements(run_)) {
    ASSERT_TRUE(m.error.empty()) << m.error;
    const json p = json::parse(m.point_json);
    if (!is_transfer(m)) {
      ++ops;
      EXPECT_GE(m.n, 10) << m.implementation;  // the operator's own samples, many calls
      continue;
    }
    // Copies only for the device implementation, one timed copy each, with their bytes.
    EXPECT_EQ(m.implementation, "fixture_simdev/default");
    EXPECT_EQ(m.n, 1);
    EXPECT_EQ(m.stop_reason, "once");
    EXPECT_GT(m.median, 0.0);
    const double n = p["N"].get<double>();
    if (p["transfer"] == "h2d") {
      ++h2d;
      EXPECT_EQ(m.bytes, 2 * 4 * n * 4);
      EXPECT_NE(m.subject.find("[h2d copy]"), std::string::npos) << m.subject;
    } else {
      ++d2h;
      EXPECT_EQ(p["transfer"], "d2h");
      EXPECT_EQ(m.bytes, 4 * n * 4);
    }
  }
  EXPECT_EQ(ops, 4);  // 2 points x 2 implementations
  EXPECT_EQ(h2d, 2);
  EXPECT_EQ(d2h, 2);
  // The device implementation's outputs (copied back) passed the forward check.
  int forward_checks = 0;
  for (const auto& v : store_->validations(run_))
    if (v.subject.find("fixture_simdev") != std::string::npos &&
        v.metric.rfind("forward_rel_l2", 0) == 0) {
      ++forward_checks;
      EXPECT_TRUE(v.passed) << v.detail;
      EXPECT_LE(v.value, 1e-5);
    }
  EXPECT_EQ(forward_checks, 2);
}

TEST_F(DeviceBenchmark, DeterminismRunsOnTheDeviceToo) {
  auto s = run(experiment("Relu", 1, /*determinism=*/true, {"fixture_simdev"}));
  ASSERT_EQ(s.failed, 0u) << (s.errors.empty() ? "" : s.errors.front());
  EXPECT_EQ(s.invalid, 0u);
  // Per point: the benchmark's copy up and back, and the determinism run's.
  EXPECT_EQ(test::simulated_device().counts().h2d, 2 * 2);
  EXPECT_EQ(test::simulated_device().counts().d2h, 2 * 2);
  bool determinism = false;
  for (const auto& v : store_->validations(run_)) {
    EXPECT_TRUE(v.passed) << v.metric << ": " << v.detail;
    determinism = determinism || v.metric.rfind("determinism", 0) == 0;
  }
  EXPECT_TRUE(determinism);
}

TEST_F(DeviceBenchmark, UnusableDeviceFailsItsMeasurementsWithTheReasonAndKeepsTheRest) {
  test::simulated_device().set_unusable("no usable simulated device: unplugged by the test");
  auto s = run(experiment("Relu", 1, false, {"reference", "fixture_simdev"}));
  test::simulated_device().set_unusable("");
  EXPECT_EQ(s.failed, 2u);  // the device implementation at both points
  ASSERT_FALSE(s.errors.empty());
  EXPECT_NE(s.errors.front().find("no usable simulated device: unplugged by the test"),
            std::string::npos)
      << s.errors.front();
  int kept = 0;
  for (const auto& m : store_->measurements(run_)) {
    EXPECT_FALSE(is_transfer(m));  // nothing was copied
    if (m.implementation == "reference/default") {
      EXPECT_TRUE(m.error.empty()) << m.error;
      ++kept;
    } else {
      EXPECT_EQ(m.error, "no usable simulated device: unplugged by the test");
    }
  }
  EXPECT_EQ(kept, 2);
  EXPECT_EQ(test::simulated_device().counts().h2d, 0);
}

TEST_F(DeviceBenchmark, DeviceCallsAreTimedWithTheDevicesTimerNotTheHostClock) {
  // The simulated device's clock reads 12345 ns for every region: the operator's samples are
  // exactly that (single calls: the "device timer" is fine enough), the copies' too, while a
  // host implementation in the same run keeps the steady clock.
  test::simulated_device().set_fixed_timer_ns(12345);
  auto s = run(experiment("Relu", 1, false, {"fixture_simdev", "reference"}));
  test::simulated_device().set_fixed_timer_ns(0);
  ASSERT_EQ(s.failed, 0u) << (s.errors.empty() ? "" : s.errors.front());
  int device_rows = 0;
  for (const auto& m : store_->measurements(run_)) {
    if (m.implementation == "reference/default") {
      EXPECT_NE(m.median, 12345.0);
      EXPECT_GT(m.timer_overhead_ns, 0.0);  // the steady clock's calibration
      continue;
    }
    ++device_rows;
    EXPECT_EQ(m.median, 12345.0) << m.subject;
    EXPECT_EQ(m.min, 12345.0) << m.subject;
    if (!is_transfer(m)) {
      EXPECT_EQ(m.block_size, 1);
      EXPECT_EQ(m.timer_resolution_ns, 1.0);  // the device timer's calibration
      EXPECT_EQ(m.timer_overhead_ns, 0.0);
    }
  }
  EXPECT_EQ(device_rows, 2 * 3);  // per point: the operator, h2d, d2h
}

TEST_F(DeviceBenchmark, CudnnOnDeviceTensorsOrNoUsableGpu) {
  plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  pm.discover();
  if (!pm.find("cudnn")) GTEST_SKIP() << "the cudnn plugin is not built (D500_WITH_CUDA off)";
  pm.load({"cudnn", "reference"});
  spec::Experiment e = experiment("Relu", 1, false, {"reference", "cudnn"});
  auto impls = operators::resolve_implementations(e, pm.operators());
  ASSERT_TRUE(impls.ok()) << impls.error().to_string();
  auto s = operators::run_operator_experiment(
      e, *impls, pm.operators().find_impl("Relu", "", "reference"), *store_, run_, {});
  const std::string why = device::find_device_api(kDLCUDA)->unusable_reason();
  if (!why.empty()) {
    // Both points of cudnn fail with the runtime's reason; the reference's are kept.
    EXPECT_EQ(s.failed, 2u);
    for (const auto& err : s.errors) EXPECT_NE(err.find(why), std::string::npos) << err;
    EXPECT_EQ(why.rfind("no usable GPU: ", 0), 0u) << why;
    for (const auto& m : store_->measurements(run_))
      EXPECT_EQ(m.error.empty(), m.implementation == "reference/default") << m.implementation;
    return;
  }
  // A GPU: measured on device tensors, copies stored apart, validated against the reference.
  ASSERT_EQ(s.failed, 0u) << (s.errors.empty() ? "" : s.errors.front());
  EXPECT_EQ(s.invalid, 0u);
  int transfers = 0;
  for (const auto& m : store_->measurements(run_))
    if (is_transfer(m)) {
      ++transfers;
      EXPECT_EQ(m.implementation, "cudnn/default");
      EXPECT_GT(m.median, 0.0);
    }
  EXPECT_EQ(transfers, 2 * 2);
}
