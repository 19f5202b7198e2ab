// The torch plugin's network executor (ABI 1.2, issue #4 item 2): every model of
// libonnx-testdata that the reference validates also validates on it; it agrees with the
// reference executor on the shipped networks forward and backward; its parameter views are the
// memory an optimizer updates; node events name the nodes; bad requests give clear errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "d500/network/executor_comparison.h"
#include "d500/network/executor_factory.h"
#include "d500/network/model_validation.h"
#include "d500/onnx/model.h"
#include "d500/onnx/model_builder.h"

using namespace d500;
namespace fs = std::filesystem;

namespace {

const std::string kDataRoot = "/usr/share/libonnx-testdata/data";

plugin::PluginManager& plugins() {
  static plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  static bool loaded = [] {
    pm.load({"reference", "torch"});
    return true;
  }();
  (void)loaded;
  return pm;
}

network::Graph graph_of(Result<std::string> bytes) {
  if (!bytes) throw D500Error(bytes.error());
  auto model = onnx::Model::parse(*bytes, "built");
  if (!model) throw D500Error(model.error());
  auto g = network::Graph::from_model(*model);
  if (!g) throw D500Error(g.error());
  return std::move(g).value();
}

std::unique_ptr<network::NetworkExecutor> build(const std::string& name, network::Graph g) {
  auto ex = network::make_executor(name, std::move(g), plugins());
  if (!ex) throw D500Error(ex.error());
  return std::move(ex).value();
}

}  // namespace

TEST(TorchExecutor, IsOfferedByTheTorchPlugin) {
  ASSERT_EQ(plugins().find("torch")->state, plugin::PluginState::Loaded);
  EXPECT_EQ(plugins().find("torch")->n_executors, 1u);
  const auto* e = plugin::find_executor(plugins().executors(), "torch");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->id(), "torch/default");
}

TEST(TorchExecutor, ValidatesEveryTestModelTheReferenceValidates) {
  int both = 0;
  std::vector<std::string> failures;
  for (const char* sub : {"pytorch-converted", "simple"}) {
    for (const auto& entry : fs::directory_iterator(kDataRoot + "/" + sub)) {
      const std::string dir = entry.path().string();
      const auto ref = network::validate_model_dir(plugins(), dir, "reference");
      if (ref.outcome != network::ModelOutcome::Passed) continue;
      const auto t = network::validate_model_dir(plugins(), dir, "torch");
      if (t.outcome == network::ModelOutcome::Passed) {
        ++both;
        EXPECT_EQ(t.executor, "torch/default (cpu)");
      } else {
        failures.push_back(ref.test + ": " + t.reason);
      }
    }
  }
  for (const auto& f : failures) ADD_FAILURE() << f;
  std::printf("validated on both the reference and the torch executor: %d models\n", both);
  EXPECT_GE(both, 74);  // 61 before the element-wise operators of issue 14
}

TEST(TorchExecutor, AgreesWithTheReferenceForwardAndBackward) {
  onnx::BuildOptions bo;
  bo.batch = 4;
  bo.with_loss = true;
  for (auto&& bytes :
       {onnx::build_lenet({}, bo), onnx::build_resnet({}, bo), onnx::build_mlp({}, bo)}) {
    network::Graph g = graph_of(Result<std::string>(std::string(bytes.value())));
    auto ref = build("reference", g.clone());
    auto torch = build("torch", g.clone());
    network::ComparisonOptions co;
    co.seed = 5;
    co.tol = {1e-3, 1e-5};
    const auto c = network::compare_executors(g, *ref, *torch, co);
    EXPECT_TRUE(c.passed()) << g.name() << " first diverging: " << c.first_diverging_node;
    EXPECT_TRUE(c.gradients_compared) << c.gradients_skipped;
    EXPECT_EQ(c.gradients.size(), g.parameters().size());
  }
}

TEST(TorchExecutor, ParameterViewsAreTheMemoryTheExecutorComputesWith) {
  onnx::BuildOptions bo;
  bo.batch = 2;
  bo.with_loss = true;
  auto ex = build("torch", graph_of(onnx::build_mlp({}, bo)));
  Tensor x(DType::Float32, {2, 784});
  fill_uniform(x, 1);
  ex->set_input("input", x);
  ex->forward();
  const double before = ex->output("logits").at(0);
  // Zeroing the last layer's weights and bias through the views makes the logits zero.
  for (const char* name : {"fc2.weight", "fc2.bias"}) {
    DLTensor v = ex->parameter_view(name);
    int64_t n = 1;
    for (int i = 0; i < v.ndim; ++i) n *= v.shape[i];
    std::fill_n(static_cast<float*>(v.data), n, 0.0f);
  }
  ex->forward();
  EXPECT_NE(before, 0.0);
  EXPECT_EQ(ex->output("logits").at(0), 0.0);
  // Gradient views stay put across backward passes.
  ex->forward_backward("loss");
  const void* g1 = ex->gradient_view("fc1.weight").data;
  ex->forward_backward("loss");
  EXPECT_EQ(g1, ex->gradient_view("fc1.weight").data);
}

TEST(TorchExecutor, NodeEventsNameEveryNodeAndTheBackwardPass) {
  onnx::BuildOptions bo;
  bo.batch = 2;
  bo.with_loss = true;
  network::Graph g = graph_of(onnx::build_lenet({}, bo));
  const size_t nodes = g.nodes().size();
  auto ex = build("torch", std::move(g));
  std::vector<std::string> names;
  int backward = 0;
  ex->set_node_callback([&](const network::NodeEvent& e) {
    if (e.pass == network::Pass::Backward) {
      backward += e.node == network::NetworkExecutor::kWholePass;
      return;
    }
    if (!e.after) names.push_back(*e.name);
  });
  ex->forward_backward("loss");
  EXPECT_EQ(names.size(), nodes);
  EXPECT_NE(std::find(names.begin(), names.end(), "conv1"), names.end());
  EXPECT_EQ(backward, 2);  // before and after
}

TEST(TorchExecutor, BadRequestsAreClearErrors) {
  onnx::BuildOptions bo;
  bo.batch = 2;
  auto ex = build("torch", graph_of(onnx::build_mlp({}, bo)));
  try {
    ex->set_input("pixels", Tensor(DType::Float32, {2, 784}));
    FAIL() << "unknown input accepted";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown input \"pixels\""), std::string::npos)
        << e.what();
  }
  try {
    ex->set_input("input", Tensor(DType::Float32, {3, 784}));
    FAIL() << "wrong shape accepted";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("float32[2, 784]"), std::string::npos) << e.what();
  }
  auto unknown = network::make_executor("tensorflow", graph_of(onnx::build_mlp({}, bo)), plugins());
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("torch/default"), std::string::npos)
      << unknown.error().message;
}

// Issue 14/16 (fair numbers): a timing executor (keep_intermediates false) frees each temporary
// after its last reader, as a LibTorch loop does; its outputs are the same as the keeping one's,
// graph inputs and parameters stay readable, and a freed intermediate is simply not there.
TEST(TorchExecutor, ATimingExecutorFreesTemporariesAndComputesTheSame) {
  onnx::BuildOptions bo;
  bo.batch = 2;
  network::Graph g = graph_of(onnx::build_lenet({}, bo));
  std::string intermediate;
  for (const auto& n : g.nodes())
    if (n.op_type == "Relu") intermediate = n.outputs.at(0);
  ASSERT_FALSE(intermediate.empty());
  network::ExecutorOptions timing;
  timing.allocate_gradients = false;
  timing.keep_intermediates = false;
  auto keep = build("torch", g.clone());
  auto freeing = network::make_executor("torch", std::move(g), plugins(), timing);
  ASSERT_TRUE(freeing.ok()) << freeing.error().to_string();
  Tensor x(DType::Float32, {2, 1, 28, 28});
  for (int64_t i = 0; i < x.numel(); ++i) x.set(i, 0.01 * double(i % 97));
  for (auto* ex : {keep.get(), freeing->get()}) {
    ex->set_input("input", x);
    ex->forward();
  }
  const Tensor& a = keep->output("logits");
  const Tensor& b = (*freeing)->output("logits");
  ASSERT_EQ(a.numel(), b.numel());
  for (int64_t i = 0; i < a.numel(); ++i) EXPECT_EQ(a.at(i), b.at(i)) << i;
  EXPECT_NE(keep->value(intermediate), nullptr);
  EXPECT_EQ((*freeing)->value(intermediate), nullptr) << intermediate << " was kept";
  EXPECT_NE((*freeing)->value("input"), nullptr);
}

// Issue 16 (training at bare speed): the training level builds its executor freeing temporaries
// (keep_intermediates false) in forward_backward too, as a LibTorch loop lets autograd hold what
// backward needs; over two steps its loss and every gradient equal the keeping executor's, and
// a freed intermediate is not there.
TEST(TorchExecutor, AFreeingExecutorTrainsTheSame) {
  onnx::BuildOptions bo;
  bo.batch = 4;
  bo.with_loss = true;
  network::Graph g = graph_of(onnx::build_lenet({}, bo));
  std::string intermediate;
  for (const auto& n : g.nodes())
    if (n.op_type == "Relu") intermediate = n.outputs.at(0);
  network::ExecutorOptions freeing_options;
  freeing_options.keep_intermediates = false;
  auto keep = build("torch", g.clone());
  auto freeing = network::make_executor("torch", std::move(g), plugins(), freeing_options);
  ASSERT_TRUE(freeing.ok()) << freeing.error().to_string();
  Tensor x(DType::Float32, {4, 1, 28, 28}), y(DType::Int64, {4});
  for (int step = 0; step < 2; ++step) {
    for (int64_t i = 0; i < x.numel(); ++i) x.set(i, 0.01 * double((i + step) % 97));
    for (int64_t i = 0; i < y.numel(); ++i) y.set(i, double((i * 3 + step) % 10));
    for (auto* ex : {keep.get(), freeing->get()}) {
      ex->set_input("input", x);
      ex->set_input("labels", y);
      ex->forward_backward("loss");
    }
    EXPECT_NEAR(keep->output("loss").at(0), (*freeing)->output("loss").at(0), 1e-6) << step;
    for (const auto& p : keep->parameter_names()) {
      const Tensor& a = keep->gradient(p);
      const Tensor& b = (*freeing)->gradient(p);
      ASSERT_EQ(a.numel(), b.numel()) << p;
      double worst = 0, largest = 0;
      for (int64_t i = 0; i < a.numel(); ++i) {
        worst = std::max(worst, std::abs(a.at(i) - b.at(i)));
        largest = std::max(largest, std::abs(a.at(i)));
      }
      // The same kernels on the same values; threads may sum in another order.
      EXPECT_LE(worst, 1e-6 * largest) << p << " at step " << step;
      EXPECT_GT(largest, 0.0) << p << " has no gradient";
    }
  }
  EXPECT_NE(keep->value(intermediate), nullptr);
  EXPECT_EQ((*freeing)->value(intermediate), nullptr) << intermediate << " was kept";
}
