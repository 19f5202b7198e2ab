// ONNX node tests that need ABI 1.3 reach the reference plugin (issue 14): a TENSOR attribute
// (ConstantOfShape's value), an output sized at run time (NonZero, Range), and int8
// inputs (Clip's), which the reference answers as unsupported (counted so, never a wrong result).
#include "abi_fixtures.h"
#include "d500/operators/conformance.h"

using namespace d500;
using d500::test::abi_plugins;
using d500::test::has;

namespace {
const std::string kNodeTests = "/usr/share/libonnx-testdata/data/node";

operators::ConformanceResult node_test(const std::string& name) {
  return operators::run_node_test(abi_plugins().operators(), "reference", kNodeTests + "/" + name);
}
}  // namespace

TEST(ConformanceAbi13, TensorAttributesAndRunTimeShapesPass) {
  for (const char* t : {"test_constantofshape_float_ones", "test_constantofshape_int_zeros",
                        "test_constant", "test_nonzero_example",
                        "test_range_int32_type_negative_delta", "test_shape_start_negative_1"}) {
    const auto r = node_test(t);
    EXPECT_EQ(r.outcome, operators::ConformanceOutcome::Passed) << t << ": " << r.detail();
  }
}

TEST(ConformanceAbi13, NewDtypesReachThePluginAndAreUnsupportedThere) {
  // float16 Max and Min: the reference takes float16 in Cast only (int8 Clip, the example here
  // before, is implemented now).
  for (const char* t : {"test_max_float16", "test_min_float16"}) {
    const auto r = node_test(t);
    EXPECT_EQ(r.outcome, operators::ConformanceOutcome::Unsupported) << t << ": " << r.detail();
    // The plugin's own answer, not the host's "d500 tensors do not hold" of before ABI 1.3.
    EXPECT_TRUE(has(r.reason, "create: reference/default")) << t << ": " << r.reason;
  }
}
