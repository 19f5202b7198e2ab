// The torch plugin's operators defined by their executor function (node_kernel.h) refuse bad
// attributes and inputs at create with one message saying what is wrong, and say which input
// must be a constant when a shape-deciding input is not one.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"

namespace d500::test {
namespace {

using plugin::Attribute;

const plugin::PluginManager& plugins() {
  static std::unique_ptr<plugin::PluginManager> m = [] {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"torch"});
    return p;
  }();
  return *m;
}

// An input: its shape and dtype, and its value when it is a constant (int64 values only here).
struct Arg {
  Shape shape;
  DType dtype = DType::Float32;
  std::vector<int64_t> value = {};
  bool constant = false;
};
Arg X(Shape s) {
  return {std::move(s)};
}
Arg K(std::vector<int64_t> v) {  // a constant int64 vector
  const int64_t n = static_cast<int64_t>(v.size());
  return {{n}, DType::Int64, std::move(v), true};
}
Arg Computed(Shape s, DType t) {
  return {std::move(s), t};
}

// create's error message ("" when create succeeds).
std::string create_error(const std::string& op, const std::vector<Arg>& args,
                         const std::vector<Attribute>& attrs) {
  const plugin::OperatorImpl* impl = plugins().operators().find_impl(op, "", "torch");
  if (!impl) return "torch plugin has no " + op;
  std::vector<Tensor> values;
  values.reserve(args.size());
  std::vector<d500_tensor_info> infos;
  std::vector<DLTensor> views;
  for (const Arg& a : args) {
    values.emplace_back(a.dtype, a.shape);
    for (size_t i = 0; i < a.value.size(); ++i)
      values.back().set(static_cast<int64_t>(i), static_cast<double>(a.value[i]));
    infos.push_back(plugin::tensor_info(a.dtype, a.shape));
    views.push_back(values.back().dl());
  }
  std::vector<const DLTensor*> constants;
  for (size_t i = 0; i < args.size(); ++i)
    constants.push_back(args[i].constant ? &views[i] : nullptr);
  try {
    plugin::OperatorInstance inst(*impl, attrs, infos, constants);
  } catch (const D500Error& e) {
    return e.what();
  }
  return "";
}

void expect_error(const std::string& got, const std::string& part) {
  EXPECT_NE(got.find(part), std::string::npos)
      << "message: " << got << "\nexpected to contain: " << part;
}

TEST(TorchNodeOps, BadAttributesAreClearErrors) {
  expect_error(create_error("Pad", {X({2, 3}), K({0, 1, 0, 1})}, {{"mode", std::string("mirror")}}),
               "torch/default Pad: mode 'mirror' is not constant, reflect, edge or wrap");
  expect_error(create_error("Pad", {X({2, 3}), K({0, 1})}, {}), "pads has 2 values, expected 4");
  expect_error(create_error("Gather", {X({2, 3}), K({0})}, {{"axis", int64_t{3}}}),
               "axis 3 is out of range for rank 2");
  expect_error(create_error("TopK", {X({3, 5}), K({9})}, {}), "K 9 is outside [0, 5]");
  expect_error(create_error("Split", {X({5, 2}), K({2, 2})}, {}),
               "split sizes add up to 4, the axis has 5");
  expect_error(create_error("Slice", {X({4}), K({0}), K({2}), K({0}), K({0})}, {}),
               "slice step must not be 0");
  expect_error(create_error("Resize", {X({1, 1, 2, 2}), X({0}), X({0}), K({1, 1, 4, 4})},
                            {{"mode", std::string("area")}}),
               "mode 'area' is not nearest, linear or cubic");
  expect_error(create_error("BitShift", {Computed({3}, DType::UInt8), Computed({3}, DType::UInt8)},
                            {{"direction", std::string("UP")}}),
               "direction must be LEFT or RIGHT, got 'UP'");
  expect_error(create_error("Where", {X({3}), X({3}), X({3})}, {}), "condition must be bool");
  expect_error(create_error("DepthToSpace", {X({1, 3, 2, 2})}, {{"blocksize", int64_t{2}}}),
               "channels are not a multiple of blocksize^2");
  expect_error(
      create_error("LayerNormalization", {X({2, 3}), X({3})}, {{"epsilon", std::string("x")}}),
      "attribute 'epsilon' must be float");
  expect_error(create_error("Equal", {X({2}), X({2})}, {{"axis", int64_t{0}}}),
               "unknown attribute 'axis' (takes none)");
  // Not a bad model, a dtype the operator does not offer: said as such.
  expect_error(create_error("And", {X({2}), X({2})}, {}), "dtype float32 is not offered; bool is");
}

TEST(TorchNodeOps, ShapeDecidingInputsMustBeConstants) {
  expect_error(
      create_error("Expand", {X({3, 1}), Computed({2}, DType::Int64)}, {}),
      "input 1 ('shape') must be a constant (an initializer): it decides the output's shape");
  expect_error(create_error("Slice", {X({4}), Computed({1}, DType::Int64), K({2})}, {}),
               "input 1 ('starts') must be a constant");
  expect_error(create_error("Tile", {X({4}), Computed({1}, DType::Int64)}, {}),
               "input 1 ('repeats') must be a constant");
  expect_error(create_error("OneHot", {X({4}), Computed({1}, DType::Int64), X({2})}, {}),
               "input 1 ('depth') must be a constant");
  // Split without sizes: only a graph knows how many outputs it has.
  expect_error(create_error("Split", {X({4, 2})}, {}),
               "the number of outputs is known only in a graph");
  // The same operators with those inputs constant are created.
  EXPECT_EQ(create_error("Expand", {X({3, 1}), K({2, 3, 4})}, {}), "");
  EXPECT_EQ(create_error("Split", {X({4, 2})}, {{"num_outputs", int64_t{2}}}), "");
}

}  // namespace
}  // namespace d500::test
