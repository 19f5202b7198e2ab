// Outputs a plugin owns (ABI 1.3, issue 16 item 1) and shapes known only at run time (issue 14
// item 1): every owned output is released exactly once, whichever host path called it; a graph
// whose values are sized at run time runs through the assembled executor, again with other
// sizes; a negative or overflowing run-time shape is an error naming the node, never a crash.
#include "abi_fixtures.h"
#include "d500/network/assembled_executor.h"
#include "d500/plugin/operator_registry.h"

using namespace d500;
using d500::test::abi_op;
using d500::test::abi_plugins;
using d500::test::has;
using d500::test::owned_counts;
using d500::test::thrown;

namespace {

network::Node node(const std::string& name, const std::string& op, const std::string& domain,
                   std::vector<std::string> in, std::vector<std::string> out,
                   std::vector<plugin::Attribute> attrs = {}) {
  network::Node n;
  n.name = name;
  n.op_type = op;
  n.domain = domain;
  n.opset = domain.empty() ? 13 : 1;
  n.inputs = std::move(in);
  n.outputs = std::move(out);
  n.attributes = std::move(attrs);
  return n;
}

std::unique_ptr<network::AssembledExecutor> build(network::GraphDesc d) {
  auto g = network::Graph::create(std::move(d));
  if (!g.ok()) throw D500Error(g.error());
  network::ExecutorOptions o;
  o.policy.prefer = {"fixture_owned", "reference"};
  auto ex = network::AssembledExecutor::build(std::move(g).value(), abi_plugins().operators(), o);
  if (!ex.ok()) throw D500Error(ex.error());
  return std::move(ex).value();
}

Tensor scalar_vector(int64_t v) {
  Tensor t(DType::Int64, {1});
  t.data_as<int64_t>()[0] = v;
  return t;
}

}  // namespace

TEST(OwnedOutputs, EachReleasedExactlyOnce) {
  const auto& twice = abi_op("Twice", "ai.d500.fixture");
  ASSERT_TRUE(twice.has_forward_owned());
  Tensor x(DType::Float32, {3});
  for (int i = 0; i < 3; ++i) x.set(i, i - 1.5);
  const auto before = owned_counts();
  {
    plugin::OperatorInstance inst(twice, {}, {plugin::tensor_info(DType::Float32, {3})});
    for (int k = 0; k < 5; ++k) {
      plugin::OwnedOutputs out = inst.forward_owned({x.dl()}, 1);
      ASSERT_EQ(out.size(), 1u);
      EXPECT_EQ(static_cast<const float*>(out[0].data)[2], 1.0f);
      const auto live = owned_counts();
      EXPECT_EQ(live.made - before.made, k + 1);
      EXPECT_EQ(live.released - before.released, k);  // this one is still held
    }
    std::vector<Tensor> y = inst.run({x.dl()});  // copied to the host, then released
    ASSERT_EQ(y.size(), 1u);
    EXPECT_EQ(y[0].at(0), -3.0);
    plugin::OwnedOutputs moved = inst.forward_owned({x.dl()}, 1);
    plugin::OwnedOutputs other = std::move(moved);  // moving does not release
    EXPECT_EQ(owned_counts().made - owned_counts().released, before.made - before.released + 1);
  }
  const auto after = owned_counts();
  EXPECT_EQ(after.made - before.made, 7);
  EXPECT_EQ(after.released - before.released, 7);
}

TEST(OwnedOutputs, AReleasedOutputIsNeverReleasedAgain) {
  const auto& twice = abi_op("Twice", "ai.d500.fixture");
  Tensor x(DType::Float32, {2});
  plugin::OperatorInstance inst(twice, {}, {plugin::tensor_info(DType::Float32, {2})});
  const auto before = owned_counts();
  plugin::OwnedOutputs out = inst.forward_owned({x.dl()}, 1);
  out.release();
  out.release();  // a second call finds nothing to release
  EXPECT_EQ(owned_counts().released - before.released, 1);
}

TEST(RuntimeShapes, AValueSizedAtRunTimeFeedsALaterNode) {
  // n -> Iota (int64 [n], shape known after the call) -> Transpose (reference) -> y
  network::GraphDesc d;
  d.name = "iota_transpose";
  d.inputs = {{"n", network::TensorType{DType::Int64, true, {1}}}};
  d.outputs = {"y"};
  d.nodes = {node("iota", "Iota", "ai.d500.fixture", {"n"}, {"r"}),
             node("flip", "Transpose", "", {"r"}, {"y"})};
  const auto before = owned_counts();
  auto ex = build(std::move(d));
  for (int64_t n : {3, 5, 0, 5}) {  // sized anew each time; made again when the shape changes
    ex->set_input("n", scalar_vector(n));
    ex->forward();
    const Tensor& y = ex->output("y");
    ASSERT_EQ(y.shape(), (Shape{n})) << n;
    for (int64_t i = 0; i < n; ++i) EXPECT_EQ(y.data_as<int64_t>()[i], i);
  }
  EXPECT_EQ(ex->assignments()[0].implementation, "fixture_owned/default");
  EXPECT_EQ(ex->assignments()[1].implementation, "reference/default");
  const auto after = owned_counts();
  EXPECT_EQ(after.made - before.made, 4);
  EXPECT_EQ(after.released - before.released, 4);
  // No gradient buffers can be sized for such a node: said so, before anything runs.
}

TEST(RuntimeShapes, NegativeShapeIsAnErrorNamingTheNode) {
  network::GraphDesc d;
  d.name = "bad";
  d.inputs = {{"x", network::TensorType{DType::Float32, true, {2}}}};
  d.outputs = {"y"};
  d.nodes = {node("bad_node", "BadShape", "ai.d500.fixture", {"x"}, {"y"},
                  {{"shape", std::vector<int64_t>{2, -3}}})};
  const auto before = owned_counts();
  auto ex = build(std::move(d));
  ex->set_input("x", Tensor(DType::Float32, {2}));
  const std::string e = thrown([&] { ex->forward(); });
  EXPECT_TRUE(has(e, "node 'bad_node' (BadShape)")) << e;
  EXPECT_TRUE(has(e, "[2, -3]")) << e;
  EXPECT_TRUE(has(e, "negative")) << e;
  const auto after = owned_counts();
  EXPECT_EQ(after.made - before.made, 1);
  EXPECT_EQ(after.released - before.released, 1);  // a refused output is still released
}

TEST(RuntimeShapes, OverflowingShapeIsAnErrorNamingTheNode) {
  const int64_t big = int64_t{1} << 40;
  network::GraphDesc d;
  d.name = "huge";
  d.inputs = {{"x", network::TensorType{DType::Float32, true, {2}}}};
  d.outputs = {"y"};
  d.nodes = {node("huge_node", "BadShape", "ai.d500.fixture", {"x"}, {"y"},
                  {{"shape", std::vector<int64_t>{big, big}}})};
  auto ex = build(std::move(d));
  ex->set_input("x", Tensor(DType::Float32, {2}));
  const std::string e = thrown([&] { ex->forward(); });
  EXPECT_TRUE(has(e, "node 'huge_node' (BadShape)")) << e;
  EXPECT_TRUE(has(e, "2^63")) << e;
}

TEST(RuntimeShapes, BackPropagationThroughARunTimeShapeIsRefusedUpFront) {
  // A parameter's gradient would flow through a node sized at run time.
  network::GraphDesc d;
  d.name = "grad";
  d.inputs = {{"x", network::TensorType{DType::Float32, true, {2}}}};
  d.outputs = {"y"};
  Tensor w(DType::Float32, {2});
  d.parameters.push_back({"w", std::move(w)});
  d.nodes = {node("mul", "Mul", "", {"x", "w"}, {"h"}),
             node("bad_node", "BadShape", "ai.d500.fixture", {"h"}, {"y"},
                  {{"shape", std::vector<int64_t>{2}}})};
  auto ex = build(std::move(d));
  const std::string e = thrown([&] { ex->forward_backward_sum({"y"}); });
  EXPECT_TRUE(has(e, "node 'bad_node' (BadShape) has shapes known only at run time")) << e;
}
