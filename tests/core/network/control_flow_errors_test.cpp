// Control flow that cannot run (issue 14, item 3): a body that does not fit its node, a Loop
// whose condition never turns false, a value read from outside that is not there, a body
// operator no chosen plugin has, back-propagation through control flow. Each is one error
// naming the node; nothing hangs or crashes.
#include <gtest/gtest.h>

#include "control_flow_util.h"

using d500::DType;
using d500::network::Graph;
using d500::network::GraphDesc;
using d500::network::Node;
using d500::test::body;
using d500::test::contains;
using d500::test::node;
using d500::test::tensor;
using d500::test::type;

namespace {

// If(c) whose branches compute y from x (a parameter when `x_is_parameter`).
GraphDesc if_desc(GraphDesc then_b, bool x_is_parameter = false) {
  GraphDesc else_b;
  else_b.name = "else";
  else_b.nodes = {node("neg", "Neg", {"x"}, {"else_y"})};
  else_b.outputs = {"else_y"};
  Node n = node("if", "If", {"c"}, {"y"});
  n.subgraphs = {{"then_branch", body(std::move(then_b))},
                 {"else_branch", body(std::move(else_b))}};
  GraphDesc g;
  g.nodes = {n};
  g.inputs = {{"c", type(DType::Bool, {})}};
  if (x_is_parameter)
    g.parameters.push_back({"x", tensor(DType::Float32, {2}, {1, -1})});
  else
    g.inputs.emplace_back("x", type(DType::Float32, {2}));
  g.outputs = {"y"};
  return g;
}

// A Loop without M whose body hands its condition back unchanged: true forever.
GraphDesc endless_loop() {
  GraphDesc b;
  b.name = "loop_body";
  b.inputs = {{"i", type(DType::Int64, {})},
              {"cond_in", type(DType::Bool, {})},
              {"s_in", type(DType::Float32, {1})}};
  b.nodes = {node("keep", "Identity", {"cond_in"}, {"cond_out"}),
             node("less", "Less", {"s_in", "s_in"}, {"never"}),
             node("add", "Add", {"s_in", "s_in"}, {"s_out"})};
  b.outputs = {"cond_out", "s_out"};
  Node n = node("loop", "Loop", {"", "go", "s0"}, {"s"});
  n.subgraphs = {{"body", body(std::move(b))}};
  GraphDesc g;
  g.nodes = {n};
  g.inputs = {{"s0", type(DType::Float32, {1})}};
  g.constants.push_back({"go", tensor(DType::Bool, {}, {1})});
  g.outputs = {"s"};
  return g;
}

}  // namespace

TEST(ControlFlowErrors, ABodyWhoseOutputsDoNotMatchTheNodeIsRefusedNamingIt) {
  GraphDesc then_b;
  then_b.name = "then";
  then_b.nodes = {node("relu", "Relu", {"x"}, {"a"}), node("neg", "Neg", {"x"}, {"b"})};
  then_b.outputs = {"a", "b"};  // two, the If has one
  auto ex = d500::network::AssembledExecutor::build(
      d500::test::make_graph(if_desc(std::move(then_b))), d500::test::operators());
  ASSERT_FALSE(ex.ok());
  const std::string& m = ex.error().message;
  EXPECT_TRUE(contains(m, "'if' (If)")) << m;
  EXPECT_TRUE(contains(m, "then_branch")) << m;
  EXPECT_TRUE(contains(m, "2 outputs")) << m;
}

TEST(ControlFlowErrors, ALoopWhoseConditionNeverTurnsFalseStopsAtTheTripCeiling) {
  d500::network::ExecutorOptions o;
  o.max_loop_trips = 50;
  auto ex = d500::test::make_executor(d500::test::make_graph(endless_loop()), o);
  ex->set_input("s0", tensor(DType::Float32, {1}, {1}));
  const std::string m = d500::test::error_of([&] { ex->forward(); });
  EXPECT_TRUE(contains(m, "'loop' (Loop)")) << m;
  EXPECT_TRUE(contains(m, "50 iterations")) << m;
  EXPECT_TRUE(contains(m, "max_loop_trips")) << m;
}

TEST(ControlFlowErrors, AValueReadFromOutsideThatIsNotThereNamesTheNode) {
  GraphDesc then_b;
  then_b.name = "then";
  then_b.nodes = {node("relu", "Relu", {"nowhere"}, {"then_y"})};
  then_b.outputs = {"then_y"};
  auto g = Graph::create(if_desc(std::move(then_b)));
  ASSERT_FALSE(g.ok());
  const std::string& m = g.error().message;
  EXPECT_TRUE(contains(m, "'if' (If)")) << m;
  EXPECT_TRUE(contains(m, "then_branch")) << m;
  EXPECT_TRUE(contains(m, "\"nowhere\"")) << m;
}

TEST(ControlFlowErrors, ABodyOperatorNoChosenPluginHasIsNamedWithItsNode) {
  d500::network::ExecutorOptions o;
  o.policy.prefer = {"examples"};  // no Less, no Identity
  auto ex = d500::network::AssembledExecutor::build(d500::test::make_graph(endless_loop()),
                                                    d500::test::operators(), o);
  ASSERT_FALSE(ex.ok());
  const std::string& m = ex.error().message;
  EXPECT_TRUE(contains(m, "Less (node 'less') in subgraph 'body' of node 'loop'")) << m;
}

TEST(ControlFlowErrors, BackPropagationThroughControlFlowIsRefusedNamingTheNode) {
  GraphDesc then_b;
  then_b.name = "then";
  then_b.nodes = {node("relu", "Relu", {"x"}, {"then_y"})};
  then_b.outputs = {"then_y"};
  auto ex = d500::test::make_executor(d500::test::make_graph(if_desc(std::move(then_b), true)));
  ex->set_input("c", tensor(DType::Bool, {}, {1}));
  ex->forward();  // forward runs
  EXPECT_EQ(ex->output("y").at(0), 1.0);
  const std::string m = d500::test::error_of([&] { ex->forward_backward_sum({"y"}); });
  EXPECT_TRUE(contains(m, "'if' (If)")) << m;
  EXPECT_TRUE(contains(m, "control flow")) << m;
}
