// Networks with the torch plugin's operators defined by their executor function (node_kernel.h):
// a model chains comparison, indexing, layout and normalization operators between parameters and
// runs on the reference executor and on the torch executor (autograd for backward): outputs,
// intermediates and every parameter's gradient agree. The converted test models that use them
// validate on the torch executor; one whose Expand shape is computed is unsupported, naming it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "d500/network/model_validation.h"
#include "torch_executor_support.h"

using namespace d500;
using namespace d500::test::torch_executor;

namespace {

void add_floats(::onnx::GraphProto* g, const std::string& name, std::vector<int64_t> dims,
                int seed) {
  auto* t = g->add_initializer();
  t->set_name(name);
  t->set_data_type(::onnx::TensorProto::FLOAT);
  int64_t n = 1;
  for (int64_t d : dims) t->add_dims(d), n *= d;
  for (int64_t i = 0; i < n; ++i)
    t->add_float_data(0.1f * static_cast<float>((i * 7 + seed) % 13 - 6));
}

void add_ints(::onnx::GraphProto* g, const std::string& name, const std::vector<int64_t>& values) {
  auto* t = g->add_initializer();
  t->set_name(name);
  t->set_data_type(::onnx::TensorProto::INT64);
  t->add_dims(static_cast<int64_t>(values.size()));
  for (int64_t v : values) t->add_int64_data(v);
}

void set_int(::onnx::NodeProto* n, const char* name, int64_t v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(::onnx::AttributeProto::INT);
  a->set_i(v);
}

void set_string(::onnx::NodeProto* n, const char* name, const char* v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(::onnx::AttributeProto::STRING);
  a->set_s(v);
}

// x[2, 3, 4] -> LayerNormalization(scale, bias) -> Slice(axis 2, 0..3) -> Pad(reflect, width 1 on
// axis 2) -> Unsqueeze(0) -> Tile(1, 1, 2, 1) -> Squeeze(0) -> Where(Greater(., 0), ., w) ->
// Max(., m) -> CumSum(axis 1) -> Gather(axis 2, [4, 0, 2]) -> Transpose -> InstanceNormalization
// -> ReduceSum -> y. Every float initializer is a parameter; the int64 ones are constants.
std::string node_chain_model() {
  ::onnx::ModelProto m;
  m.set_ir_version(8);
  m.set_producer_name("d500-test");
  auto* o = m.add_opset_import();
  o->set_domain("");
  o->set_version(17);  // LayerNormalization
  auto* g = m.mutable_graph();
  g->set_name("node_chain");
  set_type(g->add_input(), "x", {2, 3, 4});
  add_floats(g, "scale", {4}, 3);
  add_floats(g, "bias", {4}, 5);
  add_floats(g, "w", {6, 5}, 1);
  add_floats(g, "m", {5}, 2);
  add_floats(g, "in_scale", {6}, 4);
  add_floats(g, "in_bias", {6}, 6);
  add_ints(g, "starts", {0}), add_ints(g, "ends", {3}), add_ints(g, "axes", {2});
  add_ints(g, "pads", {0, 0, 1, 0, 0, 1}), add_ints(g, "zero", {0}),
      add_ints(g, "reps", {1, 1, 2, 1});
  add_ints(g, "cum_axis", {1}), add_ints(g, "idx", {4, 0, 2}), add_ints(g, "sum_axes", {2});
  // With its optional Mean and InvStdDev outputs, which the reference's kernel insists on.
  add_node(g, "LayerNormalization", {"x", "scale", "bias"}, "ln")->add_output("ln_mean");
  g->mutable_node(g->node_size() - 1)->add_output("ln_inv_std");
  add_node(g, "Slice", {"ln", "starts", "ends", "axes"}, "slice");
  set_string(add_node(g, "Pad", {"slice", "pads"}, "pad"), "mode", "reflect");
  add_node(g, "Unsqueeze", {"pad", "zero"}, "unsq");
  add_node(g, "Tile", {"unsq", "reps"}, "tile");
  add_node(g, "Squeeze", {"tile", "zero"}, "sq");
  add_node(g, "Greater", {"sq", "m"}, "positive");
  add_node(g, "Where", {"positive", "sq", "w"}, "where");
  add_node(g, "Max", {"where", "m"}, "max");
  add_node(g, "CumSum", {"max", "cum_axis"}, "cumsum");
  set_int(add_node(g, "Gather", {"cumsum", "idx"}, "gather"), "axis", 2);
  add_node(g, "Transpose", {"gather"}, "transposed");  // [3, 6, 2]
  add_node(g, "InstanceNormalization", {"transposed", "in_scale", "in_bias"}, "inorm");
  auto* sum = add_node(g, "ReduceSum", {"inorm", "sum_axes"}, "y");
  set_int(sum, "keepdims", 0);
  set_type(g->add_output(), "y", {3, 6});
  return m.SerializeAsString();
}

}  // namespace

TEST(TorchExecutorNodes, ChainAgreesWithTheReferenceForwardAndBackward) {
  const auto c = compare_reference_and_torch(node_chain_model(), "node_chain", 5);
  EXPECT_TRUE(c.passed()) << "first diverging: " << c.first_diverging_node;
  ASSERT_TRUE(c.gradients_compared) << c.gradients_skipped;
  ASSERT_EQ(c.gradients.size(), 6u);  // scale, bias, w, m, in_scale, in_bias
  for (const auto& d : c.gradients) {
    SCOPED_TRACE(d.value);
    EXPECT_TRUE(d.comparison.passed);
  }
  EXPECT_GE(c.intermediates.size(), 10u);
}

TEST(TorchExecutorNodes, TestModelsOfTheNewOperatorsValidate) {
  const std::string root = "/usr/share/libonnx-testdata/data/";
  for (const char* dir :
       {"pytorch-converted/test_ConstantPad2d", "pytorch-converted/test_ReflectionPad2d",
        "pytorch-converted/test_ReplicationPad2d", "pytorch-converted/test_PixelShuffle",
        "pytorch-converted/test_Embedding", "simple/test_shrink"}) {
    SCOPED_TRACE(dir);
    const auto r = network::validate_model_dir(plugins(), root + dir, "torch");
    EXPECT_EQ(r.outcome, network::ModelOutcome::Passed) << r.reason;
  }
  // Expand whose shape is a graph input: unsupported, naming the node and the input.
  const auto r =
      network::validate_model_dir(plugins(), root + "simple/test_expand_shape_model1", "torch");
  EXPECT_EQ(r.outcome, network::ModelOutcome::Unsupported);
  EXPECT_NE(r.reason.find("(Expand): input 1 ('shape') must be a constant"), std::string::npos)
      << r.reason;
}
