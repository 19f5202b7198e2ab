// Networks with the element-wise operators of pointwise.h (issue 14, first step): a model written
// here with the ONNX API chains eleven of them and a reduction behind a MatMul, and runs on the
// reference executor (the reference plugin's kernels, assembled) and on the torch executor (the
// same table's ATen forward, autograd for backward): outputs, intermediates and every parameter's
// gradient agree. The converted PyTorch modules of libonnx-testdata that use them validate on both.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "d500/network/model_validation.h"
#include "torch_executor_support.h"

using namespace d500;
using namespace d500::test::torch_executor;

namespace {

void add_initializer(::onnx::GraphProto* g, const std::string& name, std::vector<int64_t> dims,
                     const std::vector<float>& values) {
  auto* t = g->add_initializer();
  t->set_name(name);
  t->set_data_type(::onnx::TensorProto::FLOAT);
  for (int64_t d : dims) t->add_dims(d);
  for (float v : values) t->add_float_data(v);
}

// x[4, 6] -> MatMul W[6, 5] -> Elu(0.5) -> HardSwish -> Clip(lo, hi) -> PRelu(slope[5])
// -> Softplus -> Pow(e) -> Sqrt -> Erf -> Atan -> Neg -> ReduceLogSumExp(axes 1) -> y[4]. Every
// float initializer is a parameter, so the gradients reach Clip's bounds, PRelu's slope and Pow's
// exponent too.
std::string pointwise_chain_model() {
  ::onnx::ModelProto m;
  m.set_ir_version(8);
  m.set_producer_name("d500-test");
  auto* o = m.add_opset_import();
  o->set_domain("");
  o->set_version(14);  // HardSwish
  auto* g = m.mutable_graph();
  g->set_name("pointwise_chain");
  set_type(g->add_input(), "x", {4, 6});
  std::vector<float> w;
  for (int i = 0; i < 30; ++i) w.push_back(0.1f * static_cast<float>((i * 7) % 11 - 5));
  add_initializer(g, "W", {6, 5}, w);
  add_initializer(g, "lo", {}, {-0.6f});
  add_initializer(g, "hi", {}, {0.7f});
  add_initializer(g, "slope", {5}, {0.1f, 0.2f, 0.3f, 0.4f, 0.5f});
  add_initializer(g, "e", {}, {1.5f});
  add_node(g, "MatMul", {"x", "W"}, "h");
  auto* elu = add_node(g, "Elu", {"h"}, "elu");
  auto* alpha = elu->add_attribute();
  alpha->set_name("alpha");
  alpha->set_type(::onnx::AttributeProto::FLOAT);
  alpha->set_f(0.5f);
  add_node(g, "HardSwish", {"elu"}, "hswish");
  add_node(g, "Clip", {"hswish", "lo", "hi"}, "clip");
  add_node(g, "PRelu", {"clip", "slope"}, "prelu");
  add_node(g, "Softplus", {"prelu"}, "softplus");
  add_node(g, "Pow", {"softplus", "e"}, "pow");
  add_node(g, "Sqrt", {"pow"}, "sqrt");
  add_node(g, "Erf", {"sqrt"}, "erf");
  add_node(g, "Atan", {"erf"}, "atan");
  add_node(g, "Neg", {"atan"}, "neg");
  auto* lse = add_node(g, "ReduceLogSumExp", {"neg"}, "y");
  auto* axes = lse->add_attribute();
  axes->set_name("axes");
  axes->set_type(::onnx::AttributeProto::INTS);
  axes->add_ints(1);
  auto* keep = lse->add_attribute();
  keep->set_name("keepdims");
  keep->set_type(::onnx::AttributeProto::INT);
  keep->set_i(0);
  set_type(g->add_output(), "y", {4});
  return m.SerializeAsString();
}

}  // namespace

TEST(TorchExecutorPointwise, ChainAgreesWithTheReferenceForwardAndBackward) {
  const auto c = compare_reference_and_torch(pointwise_chain_model(), "pointwise_chain", 3);
  EXPECT_TRUE(c.passed()) << "first diverging: " << c.first_diverging_node;
  ASSERT_TRUE(c.gradients_compared) << c.gradients_skipped;
  ASSERT_EQ(c.gradients.size(), 5u);  // W, lo, hi, slope, e
  for (const auto& d : c.gradients) {
    SCOPED_TRACE(d.value);
    EXPECT_TRUE(d.comparison.passed);
  }
  // The intermediates both executors keep include every new operator's output.
  EXPECT_GE(c.intermediates.size(), 5u);
}

TEST(TorchExecutorPointwise, ConvertedPyTorchModulesValidateOnBothExecutors) {
  const std::string root = "/usr/share/libonnx-testdata/data/";
  for (const char* dir :
       {"pytorch-converted/test_ELU", "pytorch-converted/test_SELU",
        "pytorch-converted/test_Softplus", "pytorch-converted/test_Softsign",
        "pytorch-converted/test_Softmin", "pytorch-converted/test_PReLU_1d",
        "pytorch-converted/test_PReLU_2d_multiparam", "pytorch-converted/test_PReLU_3d_multiparam",
        "pytorch-converted/test_PoissonNLLLLoss_no_reduce", "simple/test_sign_model"}) {
    for (const char* executor : {"reference", "torch"}) {
      SCOPED_TRACE(std::string(dir) + " on " + executor);
      const auto r = network::validate_model_dir(plugins(), root + dir, executor);
      EXPECT_EQ(r.outcome, network::ModelOutcome::Passed) << r.reason;
    }
  }
}
