// The graph to draw of a model (display_graph.h): one box per node, inputs and outputs, one edge
// per tensor read from another box, typed by shape inference, named as network::Graph names.
#include "d500/onnx/display_graph.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "../../support/onnx_edges.h"
#include "onnx_test_util.h"
#include "proto.h"

using d500::onnx::DisplayGraph;
using d500::onnx::DisplayNode;
using d500::onnx::Model;

namespace {

const std::string kModels = std::string(D500_TEST_SOURCE_DIR) + "/resources/models";

DisplayGraph graph_of(const std::string& file) {
  auto m = Model::load(kModels + "/" + file);
  EXPECT_TRUE(m.ok()) << m.error().to_string();
  auto g = d500::onnx::display_graph(*m);
  EXPECT_TRUE(g.ok()) << g.error().to_string();
  return std::move(g).value();
}

const DisplayNode* find(const DisplayGraph& g, const std::string& name) {
  for (const auto& n : g.nodes)
    if (n.name == name) return &n;
  return nullptr;
}

}  // namespace

TEST(DisplayGraph, HasABoxPerNodeInputAndOutputAndAnEdgePerTensorRead) {
  for (const char* file : {"lenet5.onnx", "resnet_small.onnx"}) {
    auto m = Model::load(kModels + "/" + file);
    ASSERT_TRUE(m.ok());
    const DisplayGraph g = graph_of(file);
    EXPECT_EQ(g.operator_count, m->node_count()) << file;
    EXPECT_EQ(g.nodes.size(), m->node_count() + 1 + m->outputs().size()) << file;  // "input"
    EXPECT_EQ(g.edges.size(), d500::test::onnx_edge_count(*m)) << file;
    for (const auto& e : g.edges) {
      ASSERT_LT(e.from, g.nodes.size());
      ASSERT_LT(e.to, g.nodes.size());
      EXPECT_NE(g.nodes[e.to].kind, DisplayNode::Kind::Input);
    }
  }
}

TEST(DisplayGraph, TypesTensorsByShapeInferenceAndListsWeightsAsInputs) {
  const DisplayGraph g = graph_of("lenet5.onnx");
  EXPECT_EQ(g.shape_problem, "");
  const DisplayNode* conv1 = find(g, "conv1");
  ASSERT_NE(conv1, nullptr);
  EXPECT_EQ(conv1->op_type, "Conv");
  ASSERT_EQ(conv1->inputs.size(), 3u);  // input, weight, bias
  EXPECT_FALSE(conv1->inputs[0].initializer);
  EXPECT_TRUE(conv1->inputs[1].initializer);
  EXPECT_EQ(conv1->inputs[1].type(), "float32[6, 1, 5, 5]");
  ASSERT_EQ(conv1->outputs.size(), 1u);
  EXPECT_EQ(conv1->outputs[0].type(), "float32[N, 6, 28, 28]");  // the symbolic batch stays N
  EXPECT_EQ(d500::onnx::compact_shape(conv1->outputs[0].shape),
            "N\xC3\x97"
            "6\xC3\x97"
            "28\xC3\x97"
            "28");
  std::map<std::string, std::string> attrs(conv1->attributes.begin(), conv1->attributes.end());
  EXPECT_EQ(attrs["kernel_shape"], "[5, 5]");
  EXPECT_EQ(attrs["pads"], "[2, 2, 2, 2]");
  // Edges carry the tensor's type: the one into conv1 is the graph input.
  for (const auto& e : g.edges)
    if (g.nodes[e.to].name == "conv1") {
      EXPECT_EQ(g.nodes[e.from].kind, DisplayNode::Kind::Input);
      EXPECT_EQ(e.tensor.name, "input");
      EXPECT_EQ(e.tensor.type(), "float32[N, 1, 28, 28]");
    }
}

TEST(DisplayGraph, NamesUnnamedAndRepeatedNodesAsTheNetworkGraphDoesAndDrawsEachRead) {
  ::onnx::ModelProto p;
  p.set_ir_version(8);
  p.add_opset_import()->set_version(13);
  auto* g = p.mutable_graph();
  g->set_name("twice");
  d500::test::set_tensor_type(g->add_input(), "x", ::onnx::TensorProto::FLOAT);
  d500::test::set_tensor_type(g->add_output(), "z", ::onnx::TensorProto::FLOAT);
  auto* add = g->add_node();  // unnamed, reads x twice
  add->set_op_type("Add");
  add->add_input("x");
  add->add_input("x");
  add->add_output("y");
  auto* relu = g->add_node();
  relu->set_op_type("Relu");
  relu->set_name("Add_0");  // the name the first node is given
  relu->add_input("y");
  relu->add_output("z");
  auto m = Model::parse(p.SerializeAsString(), "twice");
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  auto d = d500::onnx::display_graph(*m);
  ASSERT_TRUE(d.ok());
  ASSERT_EQ(d->operator_count, 2u);
  EXPECT_EQ(d->nodes[0].name, "Add_0");
  EXPECT_EQ(d->nodes[1].name, "Add_0_1");
  EXPECT_EQ(d->edges.size(), 4u);  // x twice into Add, y into Relu, z out
}

// Issue 35 item 20: Constant boxes folded into their readers; one writing a graph output stays.
TEST(DisplayGraph, FoldsConstantNodesIntoTheirReaders) {
  DisplayGraph g;
  auto op = [&g](const std::string& name, const std::string& op_type) {
    DisplayNode n;
    n.name = name;
    n.op_type = op_type;
    g.nodes.push_back(n);
  };
  op("shape", "Constant");
  g.nodes.back().attributes = {{"value_ints", "[1, -1]"}};
  g.nodes.back().outputs = {{"shape_out", "int64", "[2]"}};
  op("reshape", "Reshape");
  g.nodes.back().inputs = {{"x"}, {"shape_out", "int64", "[2]"}};
  op("kept", "Constant");
  g.operator_count = 3;
  DisplayNode out;
  out.kind = DisplayNode::Kind::Output;
  out.name = "kept_out";
  g.nodes.push_back(out);
  g.edges = {{0, 1, {"shape_out"}}, {2, 3, {"kept_out"}}};
  const DisplayGraph folded = d500::onnx::fold_constants(g);
  EXPECT_EQ(folded.folded_constants, 1u);
  ASSERT_EQ(folded.nodes.size(), 3u);
  EXPECT_EQ(folded.operator_count, 2u);
  EXPECT_EQ(folded.nodes[0].name, "reshape");
  EXPECT_EQ(folded.nodes[0].inputs[1].constant, "[1, -1]");
  EXPECT_EQ(folded.nodes[0].inputs[0].constant, "");
  ASSERT_EQ(folded.edges.size(), 1u);
  EXPECT_EQ(folded.edges[0].from, 1u);  // "kept", which writes a graph output
  EXPECT_EQ(folded.edges[0].to, 2u);
}
