// The reference operators that need ABI 1.3 (issue 14): Constant with a TENSOR value, Shape,
// Size, Range, and ConstantOfShape / NonZero, whose outputs are sized at run time, feeding later
// nodes through the assembled executor.
#include "abi_fixtures.h"
#include "d500/network/assembled_executor.h"
#include "d500/plugin/operator_registry.h"

using namespace d500;
using d500::test::abi_plugins;
using d500::test::has;

namespace {

const plugin::OperatorImpl& ref(const std::string& op) {
  const auto* impl = abi_plugins().operators().find_impl(op, "", "reference");
  if (!impl) throw D500Error("reference has no " + op);
  return *impl;
}

Tensor values(DType dt, Shape shape, const std::vector<double>& v) {
  Tensor t(dt, std::move(shape));
  for (size_t i = 0; i < v.size(); ++i) t.set(static_cast<int64_t>(i), v[i]);
  return t;
}

std::vector<double> all(const Tensor& t) {
  std::vector<double> out;
  for (int64_t i = 0; i < t.numel(); ++i) out.push_back(t.at(i));
  return out;
}

// One instance of `op` on host tensors: its outputs.
std::vector<Tensor> run(const std::string& op, const std::vector<plugin::Attribute>& attrs,
                        const std::vector<const Tensor*>& in) {
  std::vector<d500_tensor_info> infos;
  std::vector<DLTensor> dls;
  for (const Tensor* t : in)
    infos.push_back(plugin::tensor_info(t->dtype(), t->shape())), dls.push_back(t->dl());
  plugin::OperatorInstance inst(ref(op), attrs, infos);
  return inst.run(dls);
}

network::Node node(const std::string& name, const std::string& op, std::vector<std::string> in,
                   std::vector<std::string> out, std::vector<plugin::Attribute> attrs = {}) {
  network::Node n;
  n.name = name;
  n.op_type = op;
  n.opset = 17;
  n.inputs = std::move(in);
  n.outputs = std::move(out);
  n.attributes = std::move(attrs);
  return n;
}

std::unique_ptr<network::AssembledExecutor> build(network::GraphDesc d, Shape x_shape) {
  auto g = network::Graph::create(std::move(d));
  if (!g.ok()) throw D500Error(g.error());
  network::ExecutorOptions o;
  o.input_shapes = {{"x", x_shape}};
  auto ex = network::AssembledExecutor::build(std::move(g).value(), abi_plugins().operators(), o);
  if (!ex.ok()) throw D500Error(ex.error());
  return std::move(ex).value();
}

}  // namespace

TEST(ReferenceValueOps, ConstantFromATensorAttributeAndFromLists) {
  auto value = std::make_shared<const Tensor>(values(DType::Int64, {2}, {7, -1}));
  auto a = run("Constant", {{"value", value}}, {});
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].dtype(), DType::Int64);
  EXPECT_EQ(all(a[0]), (std::vector<double>{7, -1}));
  auto b = run("Constant", {{"value_floats", std::vector<double>{0.5, 2}}}, {});
  EXPECT_EQ(b[0].dtype(), DType::Float32);
  EXPECT_EQ(all(b[0]), (std::vector<double>{0.5, 2}));
  auto c = run("Constant", {{"value_int", int64_t{4}}}, {});
  EXPECT_EQ(c[0].shape(), Shape{});
  EXPECT_EQ(c[0].at(0), 4);
  const std::string e = d500::test::thrown([] { run("Constant", {}, {}); });
  EXPECT_TRUE(has(e, "exactly one value attribute")) << e;
}

TEST(ReferenceValueOps, ShapeSizeAndRange) {
  Tensor x(DType::Float16, {2, 3, 4});  // a dtype the reference computes nothing in: only read
  EXPECT_EQ(all(run("Shape", {}, {&x})[0]), (std::vector<double>{2, 3, 4}));
  EXPECT_EQ(all(run("Shape", {{"start", int64_t{-2}}}, {&x})[0]), (std::vector<double>{3, 4}));
  EXPECT_EQ(all(run("Shape", {{"start", int64_t{1}}, {"end", int64_t{-1}}}, {&x})[0]),
            (std::vector<double>{3}));
  EXPECT_EQ(run("Size", {}, {&x})[0].at(0), 24);
  Tensor s = values(DType::Int32, {}, {1}), l = values(DType::Int32, {}, {10}),
         d = values(DType::Int32, {}, {3});
  auto r = run("Range", {}, {&s, &l, &d});
  EXPECT_EQ(r[0].dtype(), DType::Int32);
  EXPECT_EQ(all(r[0]), (std::vector<double>{1, 4, 7}));
  Tensor down = values(DType::Int32, {}, {-3});
  EXPECT_EQ(run("Range", {}, {&l, &s, &down})[0].shape(), (Shape{3}));  // 10, 7, 4
}

TEST(ReferenceValueOps, ShapeThenConstantOfShapeSizedAtRunTime) {
  // x -> Shape -> ConstantOfShape(2.5) -> Add(x, .) -> y: the constant's shape is a value.
  auto desc = [] {
    network::GraphDesc d;
    d.name = "shape_cos";
    d.inputs = {{"x", network::TensorType{DType::Float32, true, {-1, -1}}}};
    d.outputs = {"y"};
    auto fill = std::make_shared<const Tensor>(values(DType::Float32, {1}, {2.5}));
    d.nodes = {node("shape", "Shape", {"x"}, {"s"}),
               node("cos", "ConstantOfShape", {"s"}, {"c"}, {{"value", fill}}),
               node("add", "Add", {"x", "c"}, {"y"})};
    return d;
  };
  for (const Shape& shape : {Shape{2, 3}, Shape{4, 1}}) {
    auto ex = build(desc(), shape);
    Tensor x(DType::Float32, shape);
    for (int64_t i = 0; i < x.numel(); ++i) x.set(i, static_cast<double>(i));
    ex->set_input("x", x);
    ex->forward();
    const Tensor& y = ex->output("y");
    ASSERT_EQ(y.shape(), shape);
    for (int64_t i = 0; i < y.numel(); ++i) EXPECT_EQ(y.at(i), static_cast<double>(i) + 2.5);
    EXPECT_EQ(ex->value("c")->shape(), shape);
  }
}

TEST(ReferenceValueOps, NonZeroFeedsALaterNode) {
  // x -> NonZero -> Transpose -> y: one row of coordinates per non-zero element.
  network::GraphDesc d;
  d.name = "nonzero";
  d.inputs = {{"x", network::TensorType{DType::Float32, true, {2, 3}}}};
  d.outputs = {"y"};
  d.nodes = {node("nz", "NonZero", {"x"}, {"idx"}), node("t", "Transpose", {"idx"}, {"y"})};
  auto ex = build(std::move(d), {2, 3});
  ex->set_input("x", values(DType::Float32, {2, 3}, {0, 1, 0, -0.0, 0, 5}));
  ex->forward();
  const Tensor& y = ex->output("y");
  ASSERT_EQ(y.shape(), (Shape{2, 2}));
  EXPECT_EQ(all(y), (std::vector<double>{0, 1, 1, 2}));  // (0, 1) and (1, 2)
  ex->set_input("x", values(DType::Float32, {2, 3}, {1, 1, 1, 0, 0, 0}));
  ex->forward();
  EXPECT_EQ(ex->output("y").shape(), (Shape{3, 2}));
}

TEST(ReferenceValueOps, ConstantOfShapeRefusesANegativeRunTimeDimension) {
  network::GraphDesc d;
  d.name = "neg";
  d.inputs = {{"x", network::TensorType{DType::Int64, true, {2}}}};
  d.outputs = {"y"};
  d.nodes = {node("cos", "ConstantOfShape", {"x"}, {"y"})};
  auto ex = build(std::move(d), {2});
  ex->set_input("x", values(DType::Int64, {2}, {3, -2}));
  const std::string e = d500::test::thrown([&] { ex->forward(); });
  EXPECT_TRUE(has(e, "node 'cos' (ConstantOfShape)")) << e;
  EXPECT_TRUE(has(e, "shape[1] = -2 is negative")) << e;
}
