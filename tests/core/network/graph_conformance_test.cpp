// Node tests that are graphs (issue 14, item 3): ONNX's *_expanded tests write an operator's
// function body out as several nodes; `d500 conformance` runs them on the assembled executor over
// the chosen plugin's operators and counts them, instead of calling them unsupported.
#include "d500/network/graph_conformance.h"

#include <gtest/gtest.h>

#include "network_test_util.h"

using d500::operators::ConformanceOutcome;
using d500::operators::run_node_test;

namespace {

const std::string kNode = d500::test::kDataRoot + "/node/";

}  // namespace

TEST(GraphConformance, AnExpandedFunctionBodyRunsOnThePluginsOperators) {
  const auto& ops = d500::test::operators();
  const auto runner = d500::network::graph_conformance(ops, "reference");
  // LayerNormalization's body computes its shapes (Shape, Slice, Concat) and Reshapes by them.
  for (const char* test : {"test_softmax_axis_0_expanded", "test_celu_expanded",
                           "test_layer_normalization_4d_axis0_expanded"}) {
    auto r = run_node_test(ops, "reference", kNode + test, {}, runner);
    EXPECT_EQ(r.outcome, ConformanceOutcome::Passed) << test << ": " << r.detail();
    EXPECT_EQ(r.op_type, d500::operators::kFunctionBody);
    EXPECT_GE(r.data_sets, 1);
    EXPECT_NE(r.implementation.find("reference"), std::string::npos) << r.implementation;
    // Without a graph runner the same test is unsupported, as a one-node conformance run says.
    auto alone = run_node_test(ops, "reference", kNode + test);
    EXPECT_EQ(alone.outcome, ConformanceOutcome::Unsupported) << alone.detail();
    EXPECT_NE(alone.reason.find("expanded function"), std::string::npos) << alone.reason;
  }
}

TEST(GraphConformance, OnlyTheChosenPluginsOperatorsAreUsed) {
  // The examples plugin has no Exp, ReduceMax or Div: the body is unsupported, naming a node.
  const auto& ops = d500::test::operators();
  auto r = run_node_test(ops, "examples", kNode + "test_softmax_axis_0_expanded", {},
                         d500::network::graph_conformance(ops, "examples"));
  EXPECT_EQ(r.outcome, ConformanceOutcome::Unsupported) << r.detail();
  EXPECT_NE(r.reason.find("node"), std::string::npos) << r.reason;
}

TEST(GraphConformance, ABodyThatDrawsRandomNumbersIsUnsupportedWithTheReason) {
  const auto& ops = d500::test::operators();
  auto r = run_node_test(ops, "reference", kNode + "test_bernoulli_expanded", {},
                         d500::network::graph_conformance(ops, "reference"));
  EXPECT_EQ(r.outcome, ConformanceOutcome::Unsupported);
  EXPECT_NE(r.reason.find("RandomUniformLike"), std::string::npos) << r.reason;
  EXPECT_NE(r.reason.find("random"), std::string::npos) << r.reason;
}
