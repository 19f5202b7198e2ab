// Guards issue #8 "Networks on the GPU", on the simulated device: an assembled executor whose
// nodes run partly on the device (fixture_simdev: Relu, Add) and partly on the CPU (reference:
// Sigmoid) computes what the reference alone computes, copies values between host and device
// only when their current contents are on the other side, and counts those copies; gradients
// back-propagated through those nodes are the reference's, their copies counted too.
#include <gtest/gtest.h>

#include <map>

#include "../network/network_test_util.h"
#include "d500/network/network_benchmark.h"
#include "process.h"
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
  d.parameters.push_back({"b", tensor(DType::Float32, {2, 4}, {0.5, -1, 0.25, 2, -0.5, 1, 0, -2})});
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

// Gradients of b through device and CPU nodes, against the reference alone; the copies each
// forward_backward makes, the same every time once the input and parameter are on the device.
TEST(DeviceNetwork, GradientsThroughDeviceNodesEqualTheReferenceOnes) {
  test::SimulatedDevice& sim = test::simulated_device();
  sim.set_unusable("");
  auto ex = build({"fixture_simdev", "reference"});
  auto ref = build({"reference"});
  const Tensor x = tensor(DType::Float32, {2, 4}, kX);
  ex->set_input("x", x);
  ref->set_input("x", x);
  ref->forward_backward_sum({"y"});
  const auto sim_before = sim.counts();
  ex->forward_backward_sum({"y"});
  const Tensor& want = ref->gradient("b");
  auto expect_reference_gradient = [&] {
    const Tensor& g = ex->gradient("b");
    for (int64_t i = 0; i < g.numel(); ++i) EXPECT_NEAR(g.at(i), want.at(i), 1e-6) << i;
  };
  expect_reference_gradient();
  // Forward: up x, b, h3; down h2. Backward: a2 gets dy up and gives dh3 and its share of dh2
  // down; the Sigmoid runs on the host; a1 gets dh2 up and gives db down (dh1 is not wanted).
  const device::TransferStats& t = ex->transfers();
  EXPECT_EQ(t.h2d_copies, 3 + 2);
  EXPECT_EQ(t.d2h_copies, 1 + 3);
  EXPECT_EQ(t.h2d_bytes, 5 * 8 * 4);
  EXPECT_EQ(t.d2h_bytes, 4 * 8 * 4);
  EXPECT_EQ(sim.counts().h2d - sim_before.h2d, t.h2d_copies);
  EXPECT_EQ(sim.counts().d2h - sim_before.d2h, t.d2h_copies);
  // Again: x and b stay current on the device; everything else moves as before, and the
  // gradient is the same (not accumulated across calls).
  for (int k = 1; k <= 3; ++k) {
    ex->forward_backward_sum({"y"});
    EXPECT_EQ(t.h2d_copies, 5 + 3 * k) << k;
    EXPECT_EQ(t.d2h_copies, 4 + 4 * k) << k;
    expect_reference_gradient();
  }
  // The loss read after back-propagation is the reference's.
  const Tensor& y = ex->output("y");
  for (int64_t i = 0; i < y.numel(); ++i) EXPECT_FLOAT_EQ(y.at(i), ref->output("y").at(i)) << i;
}

// y = Sigmoid(h1) + h1, h1 = Relu(x + w): the gradient of w goes through Relu's and Add's
// backward on the device, a CPU node in between.
TEST(DeviceNetwork, GradientsThroughDeviceReluAndAddEqualTheReferenceOnes) {
  test::simulated_device().set_unusable("");
  auto graph = [] {
    GraphDesc d;
    d.name = "relu_chain";
    d.inputs = {{"x", type(DType::Float32, {2, 4})}};
    d.outputs = {"y"};
    d.parameters.push_back(
        {"w", tensor(DType::Float32, {2, 4}, {0.5, 3, -0.25, 2, -0.75, 1, -3, 0.5})});
    d.nodes = {node("a0", "Add", {"x", "w"}, {"h0"}), node("r1", "Relu", {"h0"}, {"h1"}),
               node("s1", "Sigmoid", {"h1"}, {"h2"}), node("a2", "Add", {"h2", "h1"}, {"y"})};
    return d500::test::make_graph(std::move(d));
  };
  auto make = [&](const std::vector<std::string>& prefer) {
    ExecutorOptions o;
    o.policy.prefer = prefer;
    auto ex = AssembledExecutor::build(graph(), ops(), o);
    if (!ex.ok()) throw D500Error(ex.error());
    return std::move(ex).value();
  };
  auto ex = make({"fixture_simdev", "reference"});
  auto ref = make({"reference"});
  EXPECT_EQ(ex->assignments()[1].implementation, "fixture_simdev/default");
  const Tensor x = tensor(DType::Float32, {2, 4}, kX);
  ex->set_input("x", x);
  ref->set_input("x", x);
  ex->forward_backward_sum({"y"});
  ref->forward_backward_sum({"y"});
  const Tensor& g = ex->gradient("w");
  const Tensor& want = ref->gradient("w");
  int zeros = 0;
  for (int64_t i = 0; i < g.numel(); ++i) {
    EXPECT_NEAR(g.at(i), want.at(i), 1e-6) << i;
    zeros += want.at(i) == 0;
  }
  EXPECT_GT(zeros, 0);  // Relu cut some of it off: its backward mattered
  EXPECT_LT(zeros, 8);
  // Forward: up x, w, h2; down h1. Backward: up dy, dh1 (to r1, which the host adds up); down
  // dh2, a2's share of dh1, dw. dh0 goes from r1 to a0 on the device: no copy.
  EXPECT_EQ(ex->transfers().h2d_copies, 3 + 2);
  EXPECT_EQ(ex->transfers().d2h_copies, 1 + 3);
  // Again: the same gradient, not accumulated, and the same copies but x and w.
  ex->forward_backward_sum({"y"});
  for (int64_t i = 0; i < g.numel(); ++i) EXPECT_NEAR(g.at(i), want.at(i), 1e-6) << i;
  EXPECT_EQ(ex->transfers().h2d_copies, 5 + 3);
  EXPECT_EQ(ex->transfers().d2h_copies, 4 + 4);
}

// The network benchmark reports, next to its times, the copies of one steady-state pass of an
// assembled executor with device nodes (stored as series); an executor on the CPU alone has none.
TEST(DeviceNetwork, NetworkBenchmarkStoresTheCopiesPerPass) {
  test::simulated_device().set_unusable("");
  d500::test::TempDir dir;
  auto st = store::ResultStore::open(dir.file("t.d500db"), store::ResultStore::Mode::ReadWrite);
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  store::RunInfo run;
  run.name = "net";
  run.level = "network";
  const int64_t id = (*st)->create_run(run);
  NetworkBenchmarkOptions o;
  o.batch_sizes = {2};  // the graph's own batch (b is [2, 4])
  o.latency = false;
  o.per_node = false;
  o.policy.warmup_calls = 1;
  o.policy.min_samples = 5;
  o.policy.max_samples = 10;
  o.policy.max_seconds = 0.1;
  auto factory = [](std::vector<std::string> prefer) {
    return [prefer](int64_t batch, bool gradients) -> std::unique_ptr<NetworkExecutor> {
      ExecutorOptions eo;
      eo.policy.prefer = prefer;
      eo.batch = batch;
      eo.allocate_gradients = gradients;
      auto ex = AssembledExecutor::build(mixed(), ops(), eo);
      if (!ex.ok()) throw D500Error(ex.error());
      return std::move(ex).value();
    };
  };
  BenchmarkCallbacks cb;
  cb.on_point = [&](const auto& p, const auto& n) {
    store_benchmark_results(**st, id, p, n, o.policy);
  };
  auto r = run_network_benchmark(
      {{"simdev", factory({"fixture_simdev", "reference"})}, {"cpu", factory({"reference"})}}, o,
      cb);
  ASSERT_TRUE(r.errors.empty()) << r.errors[0];
  std::map<std::string, double> series;
  for (const auto& p : (*st)->series_after(id, 0, 100)) {
    EXPECT_EQ(p.step, 2) << p.name;
    series[p.name] = p.value;
  }
  // A forward: up h3, down h2 (x and b stay on the device). Forward and backward: as in
  // GradientsThroughDeviceNodesEqualTheReferenceOnes, 3 up and 4 down.
  EXPECT_EQ(series["h2d_copies_per_pass throughput simdev"], 1);
  EXPECT_EQ(series["d2h_copies_per_pass throughput simdev"], 1);
  EXPECT_EQ(series["h2d_bytes_per_pass throughput simdev"], 8 * 4);
  EXPECT_EQ(series["h2d_copies_per_pass fwd+bwd simdev"], 3);
  EXPECT_EQ(series["d2h_copies_per_pass fwd+bwd simdev"], 4);
  EXPECT_EQ(series["d2h_bytes_per_pass fwd+bwd simdev"], 4 * 8 * 4);
  for (const auto& [name, value] : series)
    EXPECT_EQ(name.find("per_pass") != std::string::npos && name.find(" cpu") != std::string::npos,
              false)
        << name;
  for (const auto& p : r.points) {
    EXPECT_EQ(p.h2d_copies >= 0, p.executor == "simdev") << p.executor << " " << p.subject;
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
