// ONNX shape inference on models whose ranks disagree (issue 15's robustness): libonnx 1.12 reads
// past a shape's end for a Gemm of matrices that are not matrices and for a Conv whose weights
// have another rank than its data (found by fuzz_onnx_model). d500 checks those ranks on the
// types inference computes, so the model is refused with the node named, not a crash.
#include <gtest/gtest.h>

#include "d500/onnx/model.h"
#include "onnx_test_util.h"

using d500::onnx::Model;

namespace {

void set_dims(::onnx::ValueInfoProto* v, std::vector<int64_t> dims) {
  auto* shape = v->mutable_type()->mutable_tensor_type()->mutable_shape();
  shape->clear_dim();
  for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
}

// A shape of `rank` dimensions whose sizes are left to inference.
void unknown_dims(::onnx::ValueInfoProto* v, size_t rank) {
  auto* shape = v->mutable_type()->mutable_tensor_type()->mutable_shape();
  shape->clear_dim();
  for (size_t i = 0; i < rank; ++i) shape->add_dim();
}

::onnx::ModelProto conv(std::vector<int64_t> x, std::vector<int64_t> w) {
  auto m = d500::test::one_node_model("Conv", "", {"X", "W"}, {"Y"});
  set_dims(m.mutable_graph()->mutable_input(0), x);
  set_dims(m.mutable_graph()->mutable_input(1), w);
  unknown_dims(m.mutable_graph()->mutable_output(0), x.size());
  return m;
}

std::string inference_error(const ::onnx::ModelProto& m) {
  auto model = Model::parse(m.SerializeAsString(), "ranks.onnx");
  if (!model.ok()) return "load: " + model.error().to_string();
  auto shapes = model->infer_shapes();
  return shapes.ok() ? "" : shapes.error().to_string();
}

const d500::onnx::ValueInfo* find(const std::vector<d500::onnx::ValueInfo>& vs, const char* name) {
  for (const auto& v : vs)
    if (v.name == name) return &v;
  return nullptr;
}

}  // namespace

TEST(ShapeGuard, ConvWeightsOfAnotherRankThanTheDataAreRefusedNamingTheNode) {
  const std::string e = inference_error(conv({1, 3, 8, 8}, {4, 3, 3, 3, 3}));
  EXPECT_NE(e.find("node \"n0\""), std::string::npos) << e;
  EXPECT_NE(e.find("W has rank 5 but X has rank 4"), std::string::npos) << e;
  EXPECT_NE(e.find("ranks.onnx"), std::string::npos) << e;
  EXPECT_NE(inference_error(conv({1, 3}, {4, 3})).find("X has rank 2"), std::string::npos);
}

TEST(ShapeGuard, MatchingRanksAreInferredAsBefore) {
  auto model = Model::parse(conv({1, 3, 8, 8}, {4, 3, 3, 3}).SerializeAsString(), "ok.onnx");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  auto shapes = model->infer_shapes();
  ASSERT_TRUE(shapes.ok()) << shapes.error().to_string();
  const auto* y = find(*shapes, "Y");
  ASSERT_NE(y, nullptr);
  EXPECT_EQ(y->shape, (std::vector<int64_t>{1, 4, 6, 6}));
}

// The rank that disagrees is one inference computed (a Reshape to rank 3), not one the model
// states: checking stated ranks alone would have let libonnx read past the end.
TEST(ShapeGuard, RanksComputedByInferenceAreCheckedToo) {
  auto m = conv({1, 3, 8, 8}, {4, 3, 3, 3});
  auto* g = m.mutable_graph();
  auto* reshape = g->add_node();
  *g->mutable_node(0)->mutable_input(0) = "R";
  reshape->set_op_type("Reshape");
  reshape->set_name("to_rank3");
  reshape->add_input("X");
  reshape->add_input("shape");
  reshape->add_output("R");
  g->mutable_node()->SwapElements(0, 1);
  auto* shape = g->add_initializer();
  shape->set_name("shape");
  shape->set_data_type(::onnx::TensorProto::INT64);
  shape->add_dims(3);
  for (int64_t d : {1, 3, 64}) shape->add_int64_data(d);
  const std::string e = inference_error(m);
  EXPECT_NE(e.find("node \"n0\""), std::string::npos) << e;
  EXPECT_NE(e.find("W has rank 4 but X has rank 3"), std::string::npos) << e;
}

TEST(ShapeGuard, GemmOfAnInputThatIsNotAMatrixIsRefused) {
  auto m = d500::test::one_node_model("Gemm", "", {"A", "B"}, {"Y"}, 11);
  unknown_dims(m.mutable_graph()->mutable_output(0), 2);
  set_dims(m.mutable_graph()->mutable_input(0), {2, 3, 4});
  set_dims(m.mutable_graph()->mutable_input(1), {4, 5});
  const std::string e = inference_error(m);
  EXPECT_NE(e.find("Gemm input A has rank 3"), std::string::npos) << e;
  EXPECT_NE(e.find("node \"n0\""), std::string::npos) << e;
}
