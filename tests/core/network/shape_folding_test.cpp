// Shape arithmetic as PyTorch exports it (issue 14 item 6): Shape -> Gather -> Unsqueeze ->
// Concat -> Reshape. Graph::from_model folds the shape into a constant (the Reshape then takes a
// constant shape on any executor) and infers again, typing the Reshape's output; the folded
// graph runs on the reference, and an executor at another batch is refused instead of
// reshaping with the folded batch.
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include "network_test_util.h"
#include "onnx_test_util.h"

using namespace d500;
using namespace d500::network;
using d500::test::contains;

namespace {

::onnx::TensorProto int_tensor(const std::string& name, std::vector<int64_t> dims,
                               std::vector<int64_t> values) {
  ::onnx::TensorProto t;
  t.set_name(name);
  t.set_data_type(::onnx::TensorProto::INT64);
  for (int64_t d : dims) t.add_dims(d);
  for (int64_t v : values) t.add_int64_data(v);
  return t;
}

// x[2, 3, 4] -> Reshape(x, Concat(Unsqueeze(Shape(x)[0], 0), [-1])) = r[2, 12] -> Relu = y.
Graph flatten_model(const GraphOptions& options = {}) {
  ::onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(13);
  auto* g = m.mutable_graph();
  g->set_name("flatten");
  auto* x = g->add_input();
  d500::test::set_tensor_type(x, "x", ::onnx::TensorProto::FLOAT);
  auto* dims = x->mutable_type()->mutable_tensor_type()->mutable_shape();
  for (int64_t d : {2, 3, 4}) dims->add_dim()->set_dim_value(d);
  auto* y = g->add_output();
  d500::test::set_tensor_type(y, "y", ::onnx::TensorProto::FLOAT);
  for (int64_t d : {2, 12})
    y->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(d);
  *g->add_initializer() = int_tensor("zero", {}, {0});
  *g->add_initializer() = int_tensor("axes", {1}, {0});
  *g->add_initializer() = int_tensor("rest", {1}, {-1});
  auto node = [&](const char* op, std::vector<std::string> in, const char* out) {
    auto* n = g->add_node();
    n->set_op_type(op);
    n->set_name(out);
    for (const auto& i : in) n->add_input(i);
    n->add_output(out);
  };
  node("Shape", {"x"}, "s");
  node("Gather", {"s", "zero"}, "b");
  node("Unsqueeze", {"b", "axes"}, "bu");
  node("Concat", {"bu", "rest"}, "shape");
  g->mutable_node(3)->add_attribute()->set_name("axis");
  g->mutable_node(3)->mutable_attribute(0)->set_type(::onnx::AttributeProto::INT);
  g->mutable_node(3)->mutable_attribute(0)->set_i(0);
  node("Reshape", {"x", "shape"}, "r");
  node("Relu", {"r"}, "y");
  std::string bytes;
  m.SerializeToString(&bytes);
  auto model = d500::onnx::Model::parse(bytes, "flatten");
  EXPECT_TRUE(model.ok()) << model.error().message;
  auto graph = Graph::from_model(*model, options);
  EXPECT_TRUE(graph.ok()) << graph.error().message;
  return std::move(graph).value();
}

}  // namespace

TEST(ShapeFolding, ShapeArithmeticBecomesAConstant) {
  Graph g = flatten_model();
  ASSERT_EQ(g.nodes().size(), 2u);
  EXPECT_EQ(g.nodes()[0].op_type, "Reshape");
  // ONNX inference cannot type r from a computed shape; inferred again with the folded one.
  EXPECT_EQ(g.find("r")->type.to_string(), "float32[2, 12]");
  EXPECT_TRUE(g.input_shapes_bound());
  const Tensor* shape = nullptr;
  for (const auto& c : g.constants())
    if (c.name == "shape") shape = &c.value;
  ASSERT_NE(shape, nullptr);
  EXPECT_EQ(shape->shape(), (Shape{2}));
  EXPECT_EQ(shape->data_as<int64_t>()[0], 2);
  EXPECT_EQ(shape->data_as<int64_t>()[1], -1);
}

TEST(ShapeFolding, FoldedGraphRunsAtItsShapeOnly) {
  auto ex = d500::test::make_executor(flatten_model());
  Tensor x(DType::Float32, {2, 3, 4});
  for (int64_t i = 0; i < x.numel(); ++i) x.set(i, static_cast<double>(i));
  ex->set_input("x", std::move(x));
  ex->forward();
  EXPECT_EQ(ex->output("y").shape(), (Shape{2, 12}));
  EXPECT_EQ(ex->output("y").at(13), 13.0);

  ExecutorOptions o;
  o.batch = 5;
  auto bad = AssembledExecutor::build(flatten_model(), d500::test::operators(), o);
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(contains(bad.error().message, "shape arithmetic was computed"))
      << bad.error().message;
  EXPECT_TRUE(contains(bad.error().message, "input \"x\"")) << bad.error().message;

  GraphOptions at5;  // loaded at batch 5, the shape is folded for 5
  at5.batch = 5;
  auto ex5 = d500::test::make_executor(flatten_model(at5));
  ex5->set_input("x", Tensor(DType::Float32, {5, 3, 4}));
  ex5->forward();
  EXPECT_EQ(ex5->output("y").shape(), (Shape{5, 12}));
}
