// Control flow on the assembled executor (issue 14, item 3): If, Loop and Scan nodes whose
// subgraphs run on the reference plugin's operators, read from ONNX's node tests and written as
// graphs here; outer-scope values, run-time shapes, and the errors for bodies that do not fit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "control_flow_util.h"
#include "d500/network/graph_conformance.h"

using d500::DType;
using d500::Tensor;
using d500::network::Graph;
using d500::network::GraphDesc;
using d500::network::Node;
using d500::test::body;
using d500::test::contains;
using d500::test::node;
using d500::test::tensor;
using d500::test::type;

namespace {

const std::string kNode = d500::test::kDataRoot + "/node/";

std::vector<double> values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) v.push_back(t.at(i));
  return v;
}

// y = If(c): then Relu(x), else Concat(x, Neg(x)); both branches read x from outside.
Graph if_graph() {
  GraphDesc then_b;
  then_b.name = "then";
  then_b.nodes = {node("relu", "Relu", {"x"}, {"then_y"})};
  then_b.outputs = {"then_y"};
  GraphDesc else_b;
  else_b.name = "else";
  else_b.nodes = {node("neg", "Neg", {"x"}, {"nx"}),
                  node("cat", "Concat", {"x", "nx"}, {"else_y"}, {{"axis", int64_t{0}}})};
  else_b.outputs = {"else_y"};
  Node n = node("if", "If", {"c"}, {"y"});
  n.subgraphs = {{"then_branch", body(std::move(then_b))},
                 {"else_branch", body(std::move(else_b))}};
  GraphDesc g;
  g.nodes = {n};
  g.inputs = {{"x", type(DType::Float32, {3})}, {"c", type(DType::Bool, {})}};
  g.outputs = {"y"};
  return d500::test::make_graph(std::move(g));
}

// A Loop of at most `trips` iterations (M) carrying s += x (x from outside), its condition
// i < 2 computed by the body, so it stops after 3 iterations; scan output: s after each.
GraphDesc loop_desc(int64_t trips) {
  GraphDesc b;
  b.name = "loop_body";
  b.inputs = {{"i", type(DType::Int64, {})},
              {"cond_in", type(DType::Bool, {})},
              {"s_in", type(DType::Float32, {2})}};
  b.constants.push_back({"two", tensor(DType::Int64, {}, {2})});
  b.nodes = {node("add", "Add", {"s_in", "x"}, {"s_out"}),
             node("less", "Less", {"i", "two"}, {"cond_out"}),
             node("copy", "Identity", {"s_out"}, {"scan"})};
  b.outputs = {"cond_out", "s_out", "scan"};
  Node n = node("loop", "Loop", {"M", "", "s0"}, {"s", "scans"});
  n.subgraphs = {{"body", body(std::move(b))}};
  GraphDesc g;
  g.nodes = {n};
  g.inputs = {{"x", type(DType::Float32, {2})}, {"s0", type(DType::Float32, {2})}};
  g.constants.push_back({"M", tensor(DType::Int64, {}, {static_cast<double>(trips)})});
  g.outputs = {"s", "scans"};
  return g;
}

}  // namespace

TEST(ControlFlow, IfPicksTheBranchByItsConditionAndReadsOuterValues) {
  auto ex = d500::test::make_executor(if_graph());
  ex->set_input("x", tensor(DType::Float32, {3}, {-1, 2, -3}));
  ex->set_input("c", tensor(DType::Bool, {}, {1}));
  ex->forward();
  EXPECT_EQ(values(ex->output("y")), (std::vector<double>{0, 2, 0}));
  // The other branch gives another shape: the output is sized at run time.
  ex->set_input("c", tensor(DType::Bool, {}, {0}));
  ex->forward();
  EXPECT_EQ(ex->output("y").shape(), (d500::Shape{6}));
  EXPECT_EQ(values(ex->output("y")), (std::vector<double>{-1, 2, -3, 1, -2, 3}));
  EXPECT_EQ(ex->assignments()[0].implementation, "executor/control-flow");
}

TEST(ControlFlow, LoopCarriesValuesStacksScanOutputsAndStopsOnItsCondition) {
  for (int64_t trips : {5, 2}) {
    auto ex = d500::test::make_executor(d500::test::make_graph(loop_desc(trips)));
    ex->set_input("x", tensor(DType::Float32, {2}, {1, 10}));
    ex->set_input("s0", tensor(DType::Float32, {2}, {0, 0}));
    ex->forward();
    const int64_t n = trips == 5 ? 3 : 2;  // the condition ends it, or M does
    EXPECT_EQ(values(ex->output("s")), (std::vector<double>{1.0 * n, 10.0 * n})) << trips;
    std::vector<double> scans;
    for (int64_t k = 1; k <= n; ++k) scans.insert(scans.end(), {1.0 * k, 10.0 * k});
    EXPECT_EQ(ex->output("scans").shape(), (d500::Shape{n, 2})) << trips;
    EXPECT_EQ(values(ex->output("scans")), scans) << trips;
  }
}

TEST(ControlFlow, ScanRunsBackwardsAndStacksAlongTheOutputAxis) {
  GraphDesc b;
  b.name = "scan_body";
  b.inputs = {{"acc_in", type(DType::Float64, {2})}, {"row", type(DType::Float64, {2})}};
  b.nodes = {node("add", "Add", {"acc_in", "row"}, {"acc_out"}),
             node("copy", "Identity", {"acc_out"}, {"col"})};
  b.outputs = {"acc_out", "col"};
  Node n = node("scan", "Scan", {"acc0", "x"}, {"acc", "cols"},
                {{"num_scan_inputs", int64_t{1}},
                 {"scan_input_directions", std::vector<int64_t>{1}},
                 {"scan_output_axes", std::vector<int64_t>{-1}}});
  n.subgraphs = {{"body", body(std::move(b))}};
  GraphDesc g;
  g.nodes = {n};
  g.inputs = {{"acc0", type(DType::Float64, {2})}, {"x", type(DType::Float64, {3, 2})}};
  g.outputs = {"acc", "cols"};
  auto ex = d500::test::make_executor(d500::test::make_graph(std::move(g)));
  ex->set_input("acc0", tensor(DType::Float64, {2}, {0, 0}));
  ex->set_input("x", tensor(DType::Float64, {3, 2}, {1, 2, 3, 4, 5, 6}));
  ex->forward();
  EXPECT_EQ(values(ex->output("acc")), (std::vector<double>{9, 12}));
  // Rows taken last first: sums 5,6 / 8,10 / 9,12, stacked as columns.
  EXPECT_EQ(ex->output("cols").shape(), (d500::Shape{2, 3}));
  EXPECT_EQ(values(ex->output("cols")), (std::vector<double>{5, 8, 9, 6, 10, 12}));
}

TEST(ControlFlow, AnIfInsideALoopReadsAValueOfTheOutermostGraph) {
  // The Loop body's If reads x, which only the top-level graph has: the body captures it too.
  GraphDesc then_b;
  then_b.name = "then";
  then_b.nodes = {node("add", "Add", {"s_in", "x"}, {"t_out"})};
  then_b.outputs = {"t_out"};
  GraphDesc else_b;
  else_b.name = "else";
  else_b.nodes = {node("sub", "Sub", {"s_in", "x"}, {"e_out"})};
  else_b.outputs = {"e_out"};
  Node inner = node("pick", "If", {"cond_in"}, {"s_out"});
  inner.subgraphs = {{"then_branch", body(std::move(then_b))},
                     {"else_branch", body(std::move(else_b))}};
  GraphDesc b;
  b.name = "loop_body";
  b.inputs = {{"i", type(DType::Int64, {})},
              {"cond_in", type(DType::Bool, {})},
              {"s_in", type(DType::Float32, {2})}};
  b.nodes = {inner, node("keep", "Identity", {"cond_in"}, {"cond_out"})};
  b.outputs = {"cond_out", "s_out"};
  auto loop_body = body(std::move(b));
  EXPECT_EQ(loop_body->captures(), (std::vector<std::string>{"x"}));
  Node n = node("loop", "Loop", {"M", "", "s0"}, {"s"});
  n.subgraphs = {{"body", loop_body}};
  GraphDesc g;
  g.nodes = {n};
  g.inputs = {{"x", type(DType::Float32, {2})}, {"s0", type(DType::Float32, {2})}};
  g.constants.push_back({"M", tensor(DType::Int64, {}, {4})});
  g.outputs = {"s"};
  auto ex = d500::test::make_executor(d500::test::make_graph(std::move(g)));
  ex->set_input("x", tensor(DType::Float32, {2}, {1, 2}));
  ex->set_input("s0", tensor(DType::Float32, {2}, {0.5, 0}));
  ex->forward();
  EXPECT_EQ(values(ex->output("s")), (std::vector<double>{4.5, 8}));
}

TEST(ControlFlow, NodeTestsRunThroughTheGraphExecutorAndAreCounted) {
  const auto& ops = d500::test::operators();
  const auto runner = d500::network::graph_conformance(ops, "reference");
  auto dirs = d500::operators::list_node_tests(kNode, "^test_(if|loop|scan)");
  ASSERT_TRUE(dirs.ok()) << dirs.error().to_string();
  const auto results =
      d500::operators::run_conformance(ops, "reference", *dirs, {}, {}, nullptr, runner);
  for (const auto& r : results) {
    const bool sequence = contains(r.test, "seq") || contains(r.test, "opt");
    EXPECT_EQ(r.outcome, sequence ? d500::operators::ConformanceOutcome::Unsupported
                                  : d500::operators::ConformanceOutcome::Passed)
        << r.test << ": " << r.detail();
    if (sequence) {  // a sequence or optional value (or an Optional node), said so
      std::string why = r.reason;
      std::transform(why.begin(), why.end(), why.begin(), ::tolower);
      EXPECT_TRUE(contains(why, "sequence") || contains(why, "optional")) << r.reason;
    }
  }
  const auto counts = d500::operators::count_outcomes(results);
  EXPECT_EQ(counts.passed, 4u);  // test_if, test_loop11, test_scan9_sum, test_scan_sum
  EXPECT_EQ(counts.unsupported, 4u);
  EXPECT_EQ(counts.failed + counts.errors, 0u);
  const auto by_op = d500::operators::counts_by_operator(results);
  EXPECT_EQ(by_op.at("If").passed, 1u);
  EXPECT_EQ(by_op.at("Loop").passed, 1u);
  EXPECT_EQ(by_op.at("Scan").passed, 2u);
  // Range's function body is a Loop whose body reads `delta` from outside.
  for (const char* t : {"test_range_float_type_positive_delta_expanded",
                        "test_range_int32_type_negative_delta_expanded"}) {
    auto r = d500::operators::run_node_test(ops, "reference", kNode + t, {}, runner);
    EXPECT_EQ(r.outcome, d500::operators::ConformanceOutcome::Passed) << t << ": " << r.detail();
  }
}

TEST(ControlFlow, ALoadedLoopKeepsItsBodyAndWhatItReadsFromOutside) {
  auto g = Graph::load(kNode + "test_range_float_type_positive_delta_expanded/model.onnx");
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  const Node* loop = nullptr;
  for (const auto& n : g->nodes())
    if (n.op_type == "Loop") loop = &n;
  ASSERT_NE(loop, nullptr);
  const Graph* b = loop->subgraph("body");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->formal_inputs(), 3u);
  EXPECT_EQ(b->captures(), (std::vector<std::string>{"delta"}));
  EXPECT_EQ(b->nodes().size(), 3u);
}
