// The graph IR (issue 4, item 1): topological order, the errors of broken graphs (a cycle, a
// value nobody produces, a value produced twice, opsets outside the supported range), and
// graphs read from ONNX models (parameters, constants, shapes from ONNX shape inference).
#include <gtest/gtest.h>
#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "../../support/process.h"
#include "d500/onnx/model_builder.h"
#include "network_test_util.h"
#include "onnx_test_util.h"

using namespace d500;
using namespace d500::network;
using d500::test::contains;
using d500::test::node;
using d500::test::type;

namespace {

// x -> a (Relu) -> b (Sigmoid) -> y, c (Tanh) reads a too; nodes given out of order.
GraphDesc chain() {
  GraphDesc d;
  d.name = "chain";
  d.inputs = {{"x", type(DType::Float32, {2})}};
  d.outputs = {"y", "c"};
  d.nodes = {node("b", "Sigmoid", {"a"}, {"y"}), node("c", "Tanh", {"a"}, {"c"}),
             node("a", "Relu", {"x"}, {"a"})};
  return d;
}

std::string error_of(GraphDesc d) {
  auto g = Graph::create(std::move(d));
  EXPECT_FALSE(g.ok());
  return g.ok() ? "" : g.error().to_string();
}

}  // namespace

TEST(Graph, TopologicalOrderPutsProducersFirstAndKeepsModelOrderOtherwise) {
  Graph g = d500::test::make_graph(chain());
  ASSERT_EQ(g.order().size(), 3u);
  // a (index 2) first; then b and c are ready together and keep their model order.
  EXPECT_EQ(g.order(), (std::vector<size_t>{2, 0, 1}));
  const Value* a = g.find("a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->kind, ValueKind::Intermediate);
  EXPECT_EQ(a->producer, 2);
  EXPECT_EQ(a->consumers, (std::vector<size_t>{0, 1}));
  EXPECT_TRUE(g.find("y")->is_output);
  EXPECT_EQ(g.find("x")->kind, ValueKind::Input);
  EXPECT_EQ(g.find("nope"), nullptr);
}

TEST(Graph, CycleIsAnErrorNamingItsNodes) {
  GraphDesc d;
  d.inputs = {{"x", type(DType::Float32, {2})}};
  d.outputs = {"z"};
  d.nodes = {node("first", "Add", {"x", "c"}, {"a"}), node("second", "Relu", {"a"}, {"b"}),
             node("third", "Relu", {"b"}, {"c"}), node("out", "Relu", {"c"}, {"z"})};
  const std::string e = error_of(std::move(d));
  EXPECT_TRUE(contains(e, "cycle")) << e;
  EXPECT_TRUE(contains(e, "'first' (Add)")) << e;
  EXPECT_TRUE(contains(e, "'second' (Relu)")) << e;
  EXPECT_TRUE(contains(e, "'third' (Relu)")) << e;
  EXPECT_FALSE(contains(e, "'out'")) << "only the cycle is named: " << e;

  GraphDesc self;
  self.outputs = {"a"};
  self.nodes = {node("loop", "Relu", {"a"}, {"a"})};
  EXPECT_TRUE(contains(error_of(std::move(self)), "'loop' (Relu) -> 'loop' (Relu)"));
}

TEST(Graph, ValueNobodyProducesNamesNodeAndValue) {
  GraphDesc d = chain();
  d.nodes.push_back(node("orphan", "Add", {"a", "ghost"}, {"z"}));
  const std::string e = error_of(std::move(d));
  EXPECT_TRUE(contains(e, "'orphan' (Add)")) << e;
  EXPECT_TRUE(contains(e, "\"ghost\"")) << e;
  EXPECT_TRUE(contains(e, "no node produces")) << e;

  GraphDesc out = chain();
  out.outputs.push_back("missing");
  EXPECT_TRUE(
      contains(error_of(std::move(out)), "graph output \"missing\" is produced by no node"));
}

TEST(Graph, ValueProducedTwiceIsAnError) {
  GraphDesc d = chain();
  d.nodes.push_back(node("again", "Relu", {"x"}, {"a"}));
  const std::string e = error_of(std::move(d));
  EXPECT_TRUE(contains(e, "\"a\" is produced by both")) << e;
  EXPECT_TRUE(contains(e, "'again' (Relu)")) << e;
}

TEST(Graph, OpsetOutsideTheSupportedRange) {
  for (int64_t opset : {kMinOpset - 1, kMaxOpset + 1}) {
    GraphDesc d = chain();
    d.nodes[0].opset = opset;
    const std::string e = error_of(std::move(d));
    EXPECT_TRUE(contains(e, "opset " + std::to_string(opset))) << e;
    EXPECT_TRUE(contains(e, std::to_string(kMinOpset) + ".." + std::to_string(kMaxOpset))) << e;
  }
  // Other domains carry their own versions; only ai.onnx is range-checked.
  GraphDesc d = chain();
  d.nodes[0].domain = "ai.d500.test";
  d.nodes[0].opset = 1;
  EXPECT_TRUE(Graph::create(std::move(d)).ok());

  // From a model: the imported opset is checked before anything else.
  d500::test::TempDir dir;
  d500::test::write_message(dir.file("old.onnx"),
                            d500::test::one_node_model("Relu", "", {"x"}, {"y"}, 5));
  auto g = Graph::load(dir.file("old.onnx"));
  ASSERT_FALSE(g.ok());
  EXPECT_TRUE(contains(g.error().to_string(), "opset 5")) << g.error().to_string();
  EXPECT_TRUE(contains(g.error().to_string(), "6..17")) << g.error().to_string();
}

TEST(Graph, UnnamedNodesGetUniqueNames) {
  GraphDesc d = chain();
  d.nodes[0].name = "";
  d.nodes[1].name = "a";  // clashes with the third node's name
  Graph g = d500::test::make_graph(std::move(d));
  EXPECT_EQ(g.nodes()[0].name, "Sigmoid_0");
  EXPECT_NE(g.nodes()[1].name, g.nodes()[2].name);
}

TEST(Graph, FromModelTakesParametersAndInfersShapes) {
  d500::onnx::LenetSpec spec;
  auto bytes = d500::onnx::build_lenet(spec, {.seed = 3, .batch = 0});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  auto model = d500::onnx::Model::parse(*bytes, "lenet");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  auto g = Graph::from_model(*model, {.batch = 8});
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  EXPECT_EQ(g->inputs(), (std::vector<std::string>{"input"}));
  EXPECT_EQ(g->outputs(), (std::vector<std::string>{"logits"}));
  EXPECT_EQ(g->parameters().size(), 10u);
  EXPECT_EQ(g->parameters()[0].name, "conv1.weight");
  EXPECT_EQ(g->parameters()[0].value.shape(), (Shape{6, 1, 5, 5}));
  EXPECT_EQ(g->parameter_count(), 61706u);
  EXPECT_EQ(g->find("input")->type.to_string(), "float32[8, 1, 28, 28]");
  EXPECT_EQ(g->find("pool1")->type.to_string(), "float32[8, 6, 14, 14]");
  EXPECT_EQ(g->find("logits")->type.to_string(), "float32[8, 10]");
  EXPECT_EQ(g->nodes().size(), 12u);
  // The model's initializer values were handed over, not copied: the model holds names only.
  EXPECT_FALSE(model->initializer("conv1.weight").ok());
  EXPECT_TRUE(contains(model->initializer("conv1.weight").error().message, "handed over"));

  // Without a batch the symbolic dimension stays unknown.
  auto again = d500::onnx::Model::parse(*bytes, "lenet");
  auto dyn = Graph::from_model(*again);
  ASSERT_TRUE(dyn.ok());
  EXPECT_EQ(dyn->find("logits")->type.to_string(), "float32[?, 10]");
  EXPECT_FALSE(dyn->find("logits")->type.complete());
}

TEST(Graph, ConstantNodesAreFoldedIntoConstants) {
  // PixelShuffle: Constant (the shape) -> Reshape -> Transpose -> Constant -> Reshape.
  auto g = Graph::load(d500::test::kDataRoot + "/pytorch-converted/test_PixelShuffle/model.onnx");
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  ASSERT_FALSE(g->constants().empty());
  for (const auto& n : g->nodes()) EXPECT_NE(n.op_type, "Constant");
  EXPECT_EQ(g->constants()[0].value.dtype(), DType::Int64);
  EXPECT_EQ(g->find(g->constants()[0].name)->kind, ValueKind::Constant);
}

TEST(Graph, CloneCopiesParameters) {
  auto g = Graph::load(d500::test::kShippedModels + "/mlp_784_256_10.onnx", {.batch = 2});
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  Graph c = g->clone();
  ASSERT_EQ(c.parameters().size(), g->parameters().size());
  EXPECT_NE(c.parameters()[0].value.data(), g->parameters()[0].value.data());
  EXPECT_EQ(c.parameters()[0].value.at(7), g->parameters()[0].value.at(7));
  EXPECT_EQ(c.order(), g->order());
}

namespace {

// VmRSS or VmHWM of this process in bytes, from /proc/self/status; -1 when unreadable.
double proc_status_bytes(const std::string& key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key + ":", 0) == 0) return std::stod(line.substr(key.size() + 1)) * 1024;
  return -1;
}

}  // namespace

TEST(Graph, LargeModelIsHeldOnceWhileLoading) {
  // A 50 MB model: the peak while loading must stay near one copy of it plus the tensor being
  // converted (the proto's values are freed as they become tensors), not the two copies a naive
  // load holds.
  d500::test::TempDir dir;
  const std::string path = dir.file("big.onnx");
  {
    auto bytes =
        d500::onnx::build_mlp({.inputs = 2048, .hidden = {2048, 2048, 2048}, .classes = 10}, {});
    ASSERT_TRUE(bytes.ok());
    ASSERT_TRUE(d500::onnx::write_model_file(*bytes, path).ok());
  }
  const double size = static_cast<double>(std::filesystem::file_size(path));
  const double largest = 2048.0 * 2048 * 4;
  // Measured in a child with glibc's mmap threshold fixed at its default: freeing the builder's
  // large buffers has raised it dynamically in this process, after which freed tensors stay
  // resident in the heap and the peak would describe the allocator's history, not the load.
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    // Linux resets the peak (VmHWM) to the current size when "5" is written to clear_refs.
    if (!(std::ofstream("/proc/self/clear_refs") << "5")) _exit(2);
    const double before = proc_status_bytes("VmRSS");
    auto g = Graph::load(path);
    if (!g.ok()) _exit(3);
    const double peak = proc_status_bytes("VmHWM") - before;
    std::printf("loading a %.1f MB model: peak %.1f MB\n", size / 1e6, peak / 1e6);
    std::fflush(stdout);
    _exit(peak < size + largest + 8e6 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  if (WEXITSTATUS(status) == 2) GTEST_SKIP() << "no /proc/self/clear_refs";
  EXPECT_EQ(WEXITSTATUS(status), 0) << "see the peak printed above";
}
