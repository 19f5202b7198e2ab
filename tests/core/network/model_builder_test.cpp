// The model builder (issue 4, item 6): the shipped models are exactly what the builder writes
// for seed 0; the same seed gives the same bytes, another seed other parameters; the models load,
// type fully with a batch size, and run; bad specifications are refused with a reason.
#include "d500/onnx/model_builder.h"

#include <gtest/gtest.h>

#include <cmath>

#include "../../support/process.h"
#include "network_test_util.h"

using namespace d500;
using namespace d500::network;
using d500::test::contains;

namespace {

onnx::BuildOptions dynamic_batch() {
  onnx::BuildOptions o;
  o.batch = 0;
  return o;
}

std::string shipped(const std::string& name) {
  return d500::test::read_file(d500::test::kShippedModels + "/" + name);
}

}  // namespace

TEST(ModelBuilder, ShippedModelsAreRegenerated) {
  auto mlp = onnx::build_mlp({.inputs = 784, .hidden = {256}, .classes = 10}, dynamic_batch());
  auto lenet = onnx::build_lenet({}, dynamic_batch());
  auto resnet = onnx::build_resnet({}, dynamic_batch());
  ASSERT_TRUE(mlp.ok() && lenet.ok() && resnet.ok());
  EXPECT_TRUE(*mlp == shipped("mlp_784_256_10.onnx"))
      << "regenerate: see resources/models/README.md";
  EXPECT_TRUE(*lenet == shipped("lenet5.onnx"));
  EXPECT_TRUE(*resnet == shipped("resnet_small.onnx"));
  for (const char* f : {"mlp_784_256_10.onnx", "lenet5.onnx", "resnet_small.onnx"})
    EXPECT_LT(shipped(f).size(), 2u << 20) << f;
}

TEST(ModelBuilder, SameSeedSameBytesOtherSeedOtherParameters) {
  onnx::BuildOptions a, b;
  a.seed = b.seed = 42;
  EXPECT_EQ(*onnx::build_lenet({}, a), *onnx::build_lenet({}, b));
  b.seed = 43;
  auto ga = onnx::Model::parse(*onnx::build_lenet({}, a), "a");
  auto gb = onnx::Model::parse(*onnx::build_lenet({}, b), "b");
  ASSERT_TRUE(ga.ok() && gb.ok());
  auto wa = ga->initializer("conv1.weight"), wb = gb->initializer("conv1.weight");
  ASSERT_TRUE(wa.ok() && wb.ok());
  EXPECT_NE(wa->at(0), wb->at(0));
}

TEST(ModelBuilder, HeAndGlorotBounds) {
  auto m = onnx::Model::parse(*onnx::build_lenet({}, {}), "lenet");
  ASSERT_TRUE(m.ok());
  auto check = [&](const std::string& name, double bound) {
    auto t = m->initializer(name);
    ASSERT_TRUE(t.ok()) << name;
    double max_abs = 0;
    for (int64_t i = 0; i < t->numel(); ++i) max_abs = std::max(max_abs, std::fabs(t->at(i)));
    EXPECT_LE(max_abs, bound) << name;
    EXPECT_GT(max_abs, 0.9 * bound) << name << " uses its range";
  };
  check("conv1.weight", std::sqrt(6.0 / 25));       // He, fan_in 1*5*5
  check("fc1.weight", std::sqrt(6.0 / 400));        // He, fan_in 16*5*5
  check("fc3.weight", std::sqrt(6.0 / (84 + 10)));  // Glorot, the logits layer
  auto bias = m->initializer("fc1.bias");
  ASSERT_TRUE(bias.ok());
  EXPECT_EQ(bias->at(0), 0.0);
}

TEST(ModelBuilder, ModelsLoadTypeAndRun) {
  for (const char* f : {"mlp_784_256_10.onnx", "lenet5.onnx", "resnet_small.onnx"}) {
    auto g = Graph::load(d500::test::kShippedModels + "/" + f, {.batch = 3});
    ASSERT_TRUE(g.ok()) << f << ": " << g.error().to_string();
    for (const auto& v : g->values()) EXPECT_TRUE(v.type.complete()) << f << ": " << v.name;
    auto ex = d500::test::make_executor(std::move(g).value());
    Tensor x(ex->input_spec("input").dtype, ex->input_spec("input").shape);
    fill_uniform(x, 2);
    ex->set_input("input", x);
    ex->forward();
    const Tensor& y = ex->output("logits");
    EXPECT_EQ(y.shape(), (Shape{3, 10})) << f;
    for (int64_t i = 0; i < y.numel(); ++i) EXPECT_TRUE(std::isfinite(y.at(i))) << f;
  }
}

TEST(ModelBuilder, WithLossAddsLabelsAndAScalarLoss) {
  onnx::BuildOptions o;
  o.with_loss = true;
  o.batch = 4;
  auto bytes = onnx::build_resnet({.stages = {8, 16}}, o);
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  auto model = onnx::Model::parse(*bytes, "resnet");
  ASSERT_TRUE(model.ok());
  auto g = Graph::from_model(*model);
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->inputs(), (std::vector<std::string>{"input", "labels"}));
  EXPECT_EQ(g->outputs(), (std::vector<std::string>{"logits", "loss"}));
  EXPECT_EQ(g->find("labels")->type.to_string(), "int64[4]");
  EXPECT_EQ(g->find("loss")->type.to_string(), "float32[]");
  auto ex = d500::test::make_executor(std::move(g).value());
  ex->forward_backward("loss");
  // Uniform logits over 10 classes at zero input would give ln 10; any finite loss will do here.
  EXPECT_TRUE(std::isfinite(ex->output("loss").at(0)));
}

TEST(ModelBuilder, BadSpecificationsAreRefused) {
  auto tiny = onnx::build_lenet({.channels = 1, .height = 8, .width = 8}, {});
  ASSERT_FALSE(tiny.ok());
  EXPECT_TRUE(contains(tiny.error().message, "too small")) << tiny.error().message;
  auto zero = onnx::build_mlp({.inputs = 4, .hidden = {0}}, {});
  ASSERT_FALSE(zero.ok());
  EXPECT_TRUE(contains(zero.error().message, "positive")) << zero.error().message;
  onnx::BuildOptions ints;
  ints.dtype = DType::Int64;
  EXPECT_FALSE(onnx::build_mlp({}, ints).ok());
  EXPECT_FALSE(onnx::build_resnet({.stages = {}}, {}).ok());
}

TEST(ModelBuilder, Float64Models) {
  onnx::BuildOptions o;
  o.dtype = DType::Float64;
  o.batch = 2;
  auto model =
      onnx::Model::parse(*onnx::build_mlp({.inputs = 6, .hidden = {5}, .classes = 3}, o), "mlp");
  ASSERT_TRUE(model.ok());
  EXPECT_EQ(model->inputs()[0].dtype, DType::Float64);
  EXPECT_EQ(model->inputs()[0].shape, (Shape{2, 6}));
}
