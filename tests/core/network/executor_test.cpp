// The assembled executor on tiny graphs computed by hand (issue 4, item 2): forward, backward
// with gradients accumulated over several uses of a value, inputs, parameters and node events.
#include <gtest/gtest.h>

#include "d500/network/gradient_check.h"
#include "network_test_util.h"

using namespace d500;
using namespace d500::network;
using d500::test::contains;
using d500::test::node;
using d500::test::tensor;
using d500::test::type;

namespace {

// y = Relu(x W + b): x [2, 3], W [3, 2], b [2].
Graph gemm_relu(DType dt = DType::Float32) {
  GraphDesc d;
  d.name = "gemm_relu";
  d.inputs = {{"x", type(dt, {2, 3})}};
  d.outputs = {"y"};
  d.parameters.push_back({"W", tensor(dt, {3, 2}, {1, -1, 2, 0.5, -1, 1})});
  d.parameters.push_back({"b", tensor(dt, {2}, {0.5, -2})});
  d.nodes = {node("fc", "Gemm", {"x", "W", "b"}, {"h"}), node("act", "Relu", {"h"}, {"y"})};
  return d500::test::make_graph(std::move(d));
}

const std::vector<double> kX = {1, 2, 3, -1, 0, 1};

std::string thrown(const std::function<void()>& f) {
  try {
    f();
  } catch (const D500Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no D500Error thrown";
  return "";
}

}  // namespace

TEST(AssembledExecutor, GemmReluForwardByHand) {
  auto ex = d500::test::make_executor(gemm_relu());
  EXPECT_EQ(ex->description(), "assembled (reference/default x2)");
  ex->set_input("x", tensor(DType::Float32, {2, 3}, kX));
  ex->forward();
  // h = x W + b: row 0 = [1+4-3, -1+1+3] + b = [2.5, 1]; row 1 = [-1-1, 1+1] + b = [-1.5, 0].
  const Tensor& y = ex->output("y");
  ASSERT_EQ(y.shape(), (Shape{2, 2}));
  const std::vector<double> want = {2.5, 1, 0, 0};
  for (int64_t i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(y.at(i), want[static_cast<size_t>(i)]) << i;
  ASSERT_NE(ex->value("h"), nullptr);
  EXPECT_FLOAT_EQ(ex->value("h")->at(2), -1.5f);
}

TEST(AssembledExecutor, GemmReluBackwardByHand) {
  auto ex = d500::test::make_executor(gemm_relu());
  ex->set_input("x", tensor(DType::Float32, {2, 3}, kX));
  ex->forward_backward_sum({"y"});
  // dL/dh = relu'(h) = [[1, 1], [0, 0]] (h[1][1] = 0 is not > 0); dW = x^T dh, db = sum rows.
  const std::vector<double> dW = {1, 1, 2, 2, 3, 3};
  for (int64_t i = 0; i < 6; ++i)
    EXPECT_FLOAT_EQ(ex->gradient("W").at(i), dW[static_cast<size_t>(i)]) << i;
  EXPECT_FLOAT_EQ(ex->gradient("b").at(0), 1);
  EXPECT_FLOAT_EQ(ex->gradient("b").at(1), 1);
  // A second backward gives the same, not twice as much: gradients are not accumulated over
  // calls.
  ex->forward_backward_sum({"y"});
  EXPECT_FLOAT_EQ(ex->gradient("W").at(4), 3);
}

TEST(AssembledExecutor, GradientsOfAValueUsedTwiceAreAdded) {
  // h = x W; y = h * h + Relu(h) (h feeds three input positions); float64 for central
  // differences.
  GraphDesc d;
  d.inputs = {{"x", type(DType::Float64, {2, 3})}};
  d.outputs = {"loss"};
  d.parameters.push_back({"W", tensor(DType::Float64, {3, 2}, {0.3, -0.2, 0.1, 0.5, -0.4, 0.25})});
  d.nodes = {node("mm", "MatMul", {"x", "W"}, {"h"}), node("sq", "Mul", {"h", "h"}, {"s"}),
             node("r", "Relu", {"h"}, {"p"}), node("add", "Add", {"s", "p"}, {"y"}),
             node("sum", "ReduceSum", {"y"}, {"loss"}, {{"keepdims", int64_t{0}}})};
  auto ex = d500::test::make_executor(d500::test::make_graph(std::move(d)));
  ex->set_input("x", tensor(DType::Float64, {2, 3}, kX));
  auto checks = check_gradients(*ex, "loss");
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_TRUE(checks[0].passed) << checks[0].analytic << " vs " << checks[0].numeric;
  // By hand: dL/dh = 2h + relu'(h), dW = x^T dL/dh.
  ex->forward_backward("loss");
  const Tensor& h = *ex->value("h");
  for (int64_t r = 0; r < 3; ++r)
    for (int64_t c = 0; c < 2; ++c) {
      double want = 0;
      for (int64_t n = 0; n < 2; ++n) {
        const double hv = h.at(n * 2 + c);
        want += kX[static_cast<size_t>(n * 3 + r)] * (2 * hv + (hv > 0 ? 1 : 0));
      }
      EXPECT_NEAR(ex->gradient("W").at(r * 2 + c), want, 1e-12);
    }
}

TEST(AssembledExecutor, InputErrorsNameTheInput) {
  auto ex = d500::test::make_executor(gemm_relu());
  std::string e = thrown([&] { ex->set_input("nope", Tensor(DType::Float32, {2, 3})); });
  EXPECT_TRUE(contains(e, "\"nope\"")) << e;
  EXPECT_TRUE(contains(e, "the inputs are: x")) << e;
  e = thrown([&] { ex->set_input("x", Tensor(DType::Float32, {4, 3})); });
  EXPECT_TRUE(contains(e, "input \"x\"")) << e;
  EXPECT_TRUE(contains(e, "expected float32[2, 3]")) << e;
  EXPECT_TRUE(contains(e, "got float32[4, 3]")) << e;
  e = thrown([&] { ex->set_input("x", Tensor(DType::Float64, {2, 3})); });
  EXPECT_TRUE(contains(e, "got float64[2, 3]")) << e;
}

TEST(AssembledExecutor, LossErrors) {
  auto ex = d500::test::make_executor(gemm_relu());
  std::string e = thrown([&] { ex->forward_backward("y"); });
  EXPECT_TRUE(contains(e, "not a scalar")) << e;
  e = thrown([&] { ex->forward_backward("h"); });
  EXPECT_TRUE(contains(e, "no graph output \"h\"")) << e;
}

TEST(AssembledExecutor, BatchSizeIsChosenAtBuild) {
  ExecutorOptions o;
  o.batch = 5;
  auto ex = d500::test::make_executor(gemm_relu(), o);
  EXPECT_EQ(ex->input_spec("x").to_string(), "float32[5, 3]");
  ex->set_input("x", Tensor(DType::Float32, {5, 3}));
  ex->forward();
  EXPECT_EQ(ex->output("y").shape(), (Shape{5, 2}));
  o.input_shapes = {{"nope", {1}}};
  auto bad = AssembledExecutor::build(gemm_relu(), d500::test::operators(), o);
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(contains(bad.error().message, "no graph input \"nope\"")) << bad.error().message;
}

TEST(AssembledExecutor, ParametersAreReadableAndWritable) {
  auto ex = d500::test::make_executor(gemm_relu());
  EXPECT_EQ(ex->parameter_names(), (std::vector<std::string>{"W", "b"}));
  EXPECT_FLOAT_EQ(ex->parameter("b").at(1), -2);
  ex->set_parameter("b", tensor(DType::Float32, {2}, {0, 10}));
  ex->set_input("x", tensor(DType::Float32, {2, 3}, kX));
  ex->forward();
  EXPECT_FLOAT_EQ(ex->output("y").at(3), 12);  // h[1][1] = 2 + 10
  std::string e = thrown([&] { ex->set_parameter("b", Tensor(DType::Float32, {3})); });
  EXPECT_TRUE(contains(e, "parameter \"b\"")) << e;
  e = thrown([&] { ex->parameter("h"); });
  EXPECT_TRUE(contains(e, "not a parameter")) << e;
}

TEST(AssembledExecutor, NodeEventsBeforeAndAfterEachNode) {
  auto ex = d500::test::make_executor(gemm_relu());
  std::vector<std::string> seen;
  ex->set_node_callback([&](const NodeEvent& ev) {
    seen.push_back(std::string(ev.pass == Pass::Forward ? "F " : "B ") +
                   (ev.after ? "after " : "before ") + *ev.name + " " + *ev.op_type + " " +
                   std::to_string(ev.step));
  });
  ex->forward_backward_sum({"y"});
  EXPECT_EQ(seen, (std::vector<std::string>{"F before fc Gemm 0", "F after fc Gemm 0",
                                            "F before act Relu 1", "F after act Relu 1",
                                            "B before act Relu 0", "B after act Relu 0",
                                            "B before fc Gemm 1", "B after fc Gemm 1"}));
  ex->set_node_callback({});
  seen.clear();
  ex->forward();
  EXPECT_TRUE(seen.empty());
}

TEST(AssembledExecutor, InferenceOnlyExecutorRefusesBackward) {
  ExecutorOptions o;
  o.allocate_gradients = false;
  auto ex = d500::test::make_executor(gemm_relu(), o);
  ex->forward();
  std::string e = thrown([&] { ex->forward_backward_sum({"y"}); });
  EXPECT_TRUE(contains(e, "inference only")) << e;
}

TEST(AssembledExecutor, OldOpsetAttributesAreAdapted) {
  // Add-6 with broadcast = 1: numpy's trailing alignment runs (axis absent, or where trailing
  // alignment puts B); any other axis is refused with the reason.
  auto add6 = [](std::vector<plugin::Attribute> attrs) {
    GraphDesc d;
    d.inputs = {{"a", type(DType::Float32, {2, 3})}, {"b", type(DType::Float32, {3})}};
    d.outputs = {"y"};
    d.nodes = {node("add", "Add", {"a", "b"}, {"y"}, std::move(attrs), 6)};
    return AssembledExecutor::build(d500::test::make_graph(std::move(d)), d500::test::operators());
  };
  auto ok = add6({{"broadcast", int64_t{1}}, {"axis", int64_t{1}}});
  ASSERT_TRUE(ok.ok()) << ok.error().to_string();
  (*ok)->set_input("a", tensor(DType::Float32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  (*ok)->set_input("b", tensor(DType::Float32, {3}, {10, 20, 30}));
  (*ok)->forward();
  EXPECT_FLOAT_EQ((*ok)->output("y").at(5), 36);
  EXPECT_TRUE(add6({{"broadcast", int64_t{1}}}).ok());
  auto legacy = add6({{"broadcast", int64_t{1}}, {"axis", int64_t{0}}});
  ASSERT_FALSE(legacy.ok());
  EXPECT_TRUE(contains(legacy.error().message, "'add' (Add) of opset 6")) << legacy.error().message;
  EXPECT_TRUE(contains(legacy.error().message, "axis 0")) << legacy.error().message;

  // BatchNormalization-6 in training mode (is_test = 0) cannot run; is_test = 1 can.
  auto bn6 = [](int64_t is_test) {
    GraphDesc d;
    d.inputs = {{"x", type(DType::Float32, {1, 2, 2})}};
    d.outputs = {"y"};
    for (const char* p : {"s", "b", "m", "v"})
      d.parameters.push_back({p, tensor(DType::Float32, {2}, {1, 1})});
    d.nodes = {node("bn", "BatchNormalization", {"x", "s", "b", "m", "v"}, {"y"},
                    {{"is_test", is_test}, {"spatial", int64_t{1}}, {"epsilon", 1e-5}}, 6)};
    return AssembledExecutor::build(d500::test::make_graph(std::move(d)), d500::test::operators());
  };
  EXPECT_TRUE(bn6(1).ok()) << bn6(1).error().to_string();
  ASSERT_FALSE(bn6(0).ok());
  EXPECT_TRUE(contains(bn6(0).error().message, "is_test = 0")) << bn6(0).error().message;
}
