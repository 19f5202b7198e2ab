// Assembling an executor from several plugins (issue 4, item 2): a preference list puts the
// examples plugin's Conv under LeNet with the reference for the rest; its forward agrees with
// the reference executor, and back-propagating through a forward-only kernel is a clear error.
// An operator no chosen plugin implements is an error at build time naming it and its node.
#include <gtest/gtest.h>

#include "d500/network/executor_comparison.h"
#include "network_test_util.h"

using namespace d500;
using namespace d500::network;
using d500::test::contains;
using d500::test::node;
using d500::test::type;

namespace {

Graph lenet(int64_t batch) {
  auto g = Graph::load(d500::test::kShippedModels + "/lenet5.onnx", {.batch = batch});
  if (!g.ok()) throw D500Error(g.error());
  return std::move(g).value();
}

ExecutorOptions prefer(const std::string& list) {
  ExecutorOptions o;
  auto p = AssemblyPolicy::parse(list);
  if (!p.ok()) throw D500Error(p.error());
  o.policy = *p;
  return o;
}

}  // namespace

TEST(AssemblyPolicy, ParsesPreferenceLists) {
  auto p = AssemblyPolicy::parse("Conv=examples/im2col, Conv=examples/direct,reference");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->prefer, (std::vector<std::string>{"reference"}));
  EXPECT_EQ(p->per_op["Conv"], (std::vector<std::string>{"examples/im2col", "examples/direct"}));
  EXPECT_EQ(p->to_string(), "Conv: examples/im2col, examples/direct; then reference");
  EXPECT_FALSE(AssemblyPolicy::parse("Conv=").ok());
  EXPECT_FALSE(AssemblyPolicy::parse(" , ").ok());
}

TEST(AssembledExecutor, PreferenceListAssemblesFromSeveralPlugins) {
  auto ex = d500::test::make_executor(lenet(4), prefer("examples/im2col,reference"));
  const Graph& g = ex->graph();
  int convs = 0;
  for (const auto& a : ex->assignments()) {
    const Node& n = g.nodes()[a.node];
    if (n.op_type == "Conv") {
      EXPECT_EQ(a.implementation, "examples/im2col") << n.name;
      ++convs;
    } else {
      EXPECT_EQ(a.implementation, "reference/default") << n.name;
      // The examples plugin has no Relu, so it was never a candidate: nothing was skipped.
      EXPECT_TRUE(a.skipped.empty()) << n.name;
    }
  }
  EXPECT_EQ(convs, 2);
  EXPECT_EQ(ex->description(), "assembled (examples/im2col x2, reference/default x10)");

  // Its forward agrees with the reference executor value by value.
  auto ref = d500::test::make_executor(lenet(4));
  ComparisonOptions co;
  co.tol.atol = 1e-5;
  auto c = compare_executors(ex->graph(), *ex, *ref, co);
  EXPECT_TRUE(c.passed()) << c.first_diverging_node;
  EXPECT_EQ(c.intermediates.size(), 12u);
  EXPECT_TRUE(c.first_diverging_node.empty());
  EXPECT_FALSE(c.gradients_compared);
  EXPECT_TRUE(contains(c.gradients_skipped, "examples/im2col")) << c.gradients_skipped;
}

TEST(AssembledExecutor, BackwardThroughAForwardOnlyKernelIsAClearError) {
  auto ex = d500::test::make_executor(lenet(2), prefer("Conv=examples/direct,reference"));
  int runs = 0;
  ex->set_node_callback([&](const NodeEvent&) { ++runs; });
  try {
    ex->forward_backward_sum({"logits"});
    FAIL() << "no error";
  } catch (const D500Error& e) {
    const std::string m = e.what();
    EXPECT_TRUE(contains(m, "'conv2' (Conv)")) << m;
    EXPECT_TRUE(contains(m, "examples/direct")) << m;
    EXPECT_TRUE(contains(m, "no backward")) << m;
  }
  EXPECT_EQ(runs, 0) << "refused before anything ran";
  ex->forward();  // inference through it is fine
}

TEST(AssembledExecutor, OperatorNoChosenPluginImplementsIsNamedAtBuild) {
  GraphDesc d;
  d.inputs = {{"x", type(DType::Float32, {2})}};
  d.outputs = {"z"};
  d.nodes = {node("first", "Relu", {"x"}, {"y"}), node("odd one", "StringNormalizer", {"y"}, {"e"}),
             node("last", "TfIdfVectorizer", {"e"}, {"z"})};
  Graph g = d500::test::make_graph(std::move(d));
  auto missing = AssembledExecutor::unimplemented(g, d500::test::operators(), AssemblyPolicy{});
  EXPECT_EQ(missing, (std::vector<std::string>{"StringNormalizer (node 'odd one')",
                                               "TfIdfVectorizer (node 'last')"}));
  auto ex = AssembledExecutor::build(std::move(g), d500::test::operators());
  ASSERT_FALSE(ex.ok());
  EXPECT_TRUE(contains(ex.error().message, "StringNormalizer (node 'odd one')"))
      << ex.error().message;
  EXPECT_TRUE(contains(ex.error().message, "TfIdfVectorizer (node 'last')")) << ex.error().message;
  // Only the examples plugin: Conv only, so Relu is missing too.
  auto only = AssembledExecutor::build(lenet(1), d500::test::operators(), prefer("examples"));
  ASSERT_FALSE(only.ok());
  EXPECT_TRUE(contains(only.error().message, "Relu (node 'act1')")) << only.error().message;
  EXPECT_TRUE(contains(only.error().message, "MaxPool (node 'pool1')")) << only.error().message;
}

TEST(AssembledExecutor, RefusingCandidatesAreSkippedWithTheirReasons) {
  // The examples' Conv is float32 only; on a float64 graph the reference takes over and the
  // assignment says why the preferred one was passed over.
  GraphDesc d;
  d.inputs = {{"x", type(DType::Float64, {1, 1, 4, 4})}};
  d.outputs = {"y"};
  d.parameters.push_back({"w", Tensor(DType::Float64, {1, 1, 3, 3})});
  d.nodes = {node("c", "Conv", {"x", "w"}, {"y"}, {{"kernel_shape", std::vector<int64_t>{3, 3}}})};
  auto ex = d500::test::make_executor(d500::test::make_graph(std::move(d)),
                                      prefer("examples/im2col,reference"));
  ASSERT_EQ(ex->assignments().size(), 1u);
  const auto& a = ex->assignments()[0];
  EXPECT_EQ(a.implementation, "reference/default");
  ASSERT_EQ(a.skipped.size(), 1u);
  EXPECT_TRUE(contains(a.skipped[0], "examples/im2col")) << a.skipped[0];
}
