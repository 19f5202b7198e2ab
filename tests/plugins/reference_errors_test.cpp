// Bad attributes, shape mismatches and unsupported dtypes are D500Errors that name the
// implementation and the operator, with the plugin's reason.
#include <gtest/gtest.h>

#include "d500/error.h"
#include "reference_harness.h"

namespace d500::test {
namespace {

std::string create_error(const std::string& op, const std::vector<Shape>& shapes,
                         const std::vector<Attribute>& attrs = {}, DType dtype = DType::Float64) {
  std::vector<d500_tensor_info> in;
  for (const auto& s : shapes) in.push_back(plugin::tensor_info(dtype, s));
  try {
    OperatorInstance inst(reference_impl(op), attrs, in);
  } catch (const D500Error& e) {
    return e.what();
  }
  return "";
}

TEST(ReferenceErrors, BadAttributes) {
  EXPECT_EQ(create_error("Gemm", {{2, 3}, {3, 2}}, {{"transA", int64_t{2}}}),
            "reference/default Gemm: attribute 'transA' must be 0 or 1, got 2");
  EXPECT_EQ(create_error("Gemm", {{2, 3}, {3, 2}}, {{"alpha", std::string("big")}}),
            "reference/default Gemm: attribute 'alpha' must be float, got string");
  EXPECT_EQ(create_error("Gemm", {{2, 3}, {3, 2}}, {{"gamma", 1.0}}),
            "reference/default Gemm: unknown attribute 'gamma' (known: alpha, beta, transA, "
            "transB)");
  EXPECT_EQ(create_error("Relu", {{2}}, {{"alpha", 1.0}}),
            "reference/default Relu: unknown attribute 'alpha' (takes none)");
}

TEST(ReferenceErrors, ShapeMismatches) {
  EXPECT_EQ(create_error("Gemm", {{2, 3}, {4, 2}}),
            "reference/default Gemm: inner dimensions differ: A [2, 3] (transA=0) and B [4, 2] "
            "(transB=0)");
  EXPECT_EQ(create_error("Gemm", {{2, 3}, {3, 2}, {3}}),
            "reference/default Gemm: C [3] cannot be broadcast to [2, 2]");
  EXPECT_EQ(create_error("Gemm", {{2, 3, 1}, {3, 2}}),
            "reference/default Gemm: A and B must be 2-D, got A [2, 3, 1] and B [3, 2]");
  EXPECT_EQ(create_error("MatMul", {{2, 3}, {2, 3}}),
            "reference/default MatMul: inner dimensions differ: A [2, 3] and B [2, 3]");
  EXPECT_EQ(create_error("MatMul", {{2, 2, 3}, {3, 3, 1}}),
            "reference/default MatMul: shapes [2] and [3] cannot be broadcast together");
  EXPECT_EQ(create_error("Add", {{2, 3}, {4}}),
            "reference/default Add: shapes [2, 3] and [4] cannot be broadcast together");
}

TEST(ReferenceErrors, InputCountsAndDtypes) {
  EXPECT_EQ(create_error("Gemm", {{2, 3}}),
            "reference/default Gemm: expects inputs A, B and optional C, got 1 inputs");
  EXPECT_EQ(create_error("MatMul", {{2, 2}, {2, 2}}, {}, DType::Int64),
            "reference/default MatMul: dtype int64 is not implemented; the reference has float32 "
            "and float64");
  std::vector<d500_tensor_info> mixed{plugin::tensor_info(DType::Float32, {2}),
                                      plugin::tensor_info(DType::Float64, {2})};
  try {
    OperatorInstance inst(reference_impl("Add"), {}, mixed);
    FAIL() << "mixed dtypes accepted";
  } catch (const D500Error& e) {
    EXPECT_STREQ(e.what(),
                 "reference/default Add: inputs differ in dtype: float32[2] and float64[2]");
  }
}

TEST(ReferenceErrors, ForwardWithTensorsOfAnotherShape) {
  Tensor a(DType::Float64, {2, 3}), b(DType::Float64, {3, 2}), wrong(DType::Float64, {3, 3});
  OperatorInstance op(reference_impl("Gemm"), {}, infos({&a, &b}));
  std::vector<Tensor> outs = allocate_outputs(op);
  std::vector<DLTensor> out_views = views(outs);
  try {
    op.forward(views({&a, &wrong}), out_views);
    FAIL() << "wrong shape accepted";
  } catch (const D500Error& e) {
    EXPECT_STREQ(e.what(), "reference/default Gemm: B has shape [3, 3], created for [3, 2]");
  }
}

}  // namespace
}  // namespace d500::test
