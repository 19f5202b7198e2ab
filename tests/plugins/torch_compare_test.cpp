// Every operator of the torch plugin against the reference plugin on random inputs, forward and
// backward, float64 (relative error 1e-10) and float32 (1e-5), across attribute variants. Both
// plugins are loaded through the real loader; no LibTorch header is included here.
//
// An operator the reference does not offer (yet) is skipped with "reference has no <op> yet":
// that is the only reason a case may skip.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"

namespace d500::test {
namespace {

using plugin::Attribute;
using plugin::OperatorInstance;

const plugin::PluginManager& plugins() {
  static std::unique_ptr<plugin::PluginManager> m = [] {
    auto p = std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"reference", "torch"});
    return p;
  }();
  return *m;
}

// How an input is made: random reals in [-1, 1), [0.5, 1.5) or [1.2, 2.2), class labels, or a constant (also
// handed to create as a known value, as ONNX initializers are).
enum class Kind { Real, Positive, AboveOne, Labels, Labels32, Ints, Real0, Bool0, Absent };

struct In {
  Shape shape;
  Kind kind = Kind::Real;
  int64_t classes = 0;         // Labels: values in [0, classes)
  std::vector<int64_t> ints;   // Ints: the values of a constant int64 tensor
  double value = 0;            // Real0 / Bool0: a constant scalar
};

In R(Shape s) { return {std::move(s)}; }
In P(Shape s) { return {std::move(s), Kind::Positive}; }
In P1(Shape s) { return {std::move(s), Kind::AboveOne}; }
In L(Shape s, int64_t c) { return {std::move(s), Kind::Labels, c}; }
In L32(Shape s, int64_t c) { return {std::move(s), Kind::Labels32, c}; }
In Ints(std::vector<int64_t> v) {
  const int64_t n = static_cast<int64_t>(v.size());
  return {{n}, Kind::Ints, 0, std::move(v)};
}
In Real0(double v) { return {{}, Kind::Real0, 0, {}, v}; }
In Bool0(bool v) { return {{}, Kind::Bool0, 0, {}, v ? 1.0 : 0.0}; }
In Absent() { return {{}, Kind::Absent}; }

struct Case {
  std::string name;
  std::string op;
  std::vector<In> inputs;
  std::vector<Attribute> attrs = {};
  std::string domain = "";
  bool backward = true;
  std::vector<size_t> no_grad = {};  // inputs whose gradient buffer is passed without data
  bool all_output_grads = false;     // a dY for every float output, not only the first
};

using Ints64 = std::vector<int64_t>;
Attribute A(const char* name, int64_t v) { return {name, v}; }
Attribute A(const char* name, double v) { return {name, v}; }
Attribute A(const char* name, const char* v) { return {name, std::string(v)}; }
Attribute A(const char* name, Ints64 v) { return {name, std::move(v)}; }

std::vector<Case> cases() {
  const Ints64 p1{1, 1, 1, 1}, s2{2, 2}, k2{2, 2}, k3{3, 3};
  return {
      {"Gemm", "Gemm", {R({3, 4}), R({4, 5})}},
      {"GemmTransAlphaBetaRowC", "Gemm", {R({4, 3}), R({5, 4}), R({5})},
       {A("transA", int64_t{1}), A("transB", int64_t{1}), A("alpha", 0.5), A("beta", 2.0)}},
      {"GemmOnlyDC", "Gemm", {R({3, 4}), R({4, 5}), R({1, 5})}, {A("beta", 0.5)}, "", true, {0, 1}},
      {"GemmColumnC", "Gemm", {R({3, 4}), R({4, 5}), R({3, 1})}},
      {"GemmScalarC", "Gemm", {R({3, 4}), R({4, 5}), R({})}, {A("alpha", 3.0)}},
      {"GemmAlphaNoC", "Gemm", {R({3, 4}), R({5, 4})}, {A("alpha", 3.0), A("transB", int64_t{1})}},
      {"MatMul", "MatMul", {R({3, 4}), R({4, 5})}},
      {"MatMulBatched", "MatMul", {R({2, 3, 4}), R({2, 4, 5})}},
      {"MatMulBroadcast", "MatMul", {R({2, 1, 3, 4}), R({3, 4, 2})}},
      {"MatMulVectorMatrix", "MatMul", {R({4}), R({2, 4, 3})}},
      {"MatMulMatrixVector", "MatMul", {R({3, 4}), R({4})}},
      {"MatMulDot", "MatMul", {R({4}), R({4})}},
      {"Add", "Add", {R({2, 3, 4}), R({2, 3, 4})}},
      {"AddBroadcast", "Add", {R({2, 3, 4}), R({3, 1})}},
      {"SubBroadcast", "Sub", {R({3, 1}), R({2, 1, 4})}},
      {"MulBroadcast", "Mul", {R({2, 3, 4}), R({4})}},
      {"MulScalar", "Mul", {R({}), R({2, 3})}},
      {"Div", "Div", {R({2, 3, 4}), P({2, 3, 4})}},
      {"DivBroadcast", "Div", {R({2, 1, 4}), P({3, 1})}},
      {"Sum1", "Sum", {R({2, 3})}},
      {"Sum3Broadcast", "Sum", {R({2, 3, 4}), R({3, 1}), R({4})}},
      {"Relu", "Relu", {R({3, 4, 5})}},
      {"LeakyRelu", "LeakyRelu", {R({3, 4, 5})}, {A("alpha", 0.2)}},
      {"LeakyReluDefault", "LeakyRelu", {R({3, 4, 5})}},
      {"Sigmoid", "Sigmoid", {R({3, 4, 5})}},
      {"Tanh", "Tanh", {R({3, 4, 5})}},
      // The element-wise table (pointwise.h) and Clip, PRelu, Pow.
      {"Abs", "Abs", {R({3, 4})}}, {"Neg", "Neg", {R({3, 4})}}, {"Exp", "Exp", {R({3, 4})}},
      {"Log", "Log", {P({3, 4})}}, {"Sqrt", "Sqrt", {P({3, 4})}},
      {"Reciprocal", "Reciprocal", {P({3, 4})}}, {"Floor", "Floor", {R({3, 4})}},
      {"Ceil", "Ceil", {R({3, 4})}}, {"Round", "Round", {R({3, 4})}}, {"Sign", "Sign", {R({3, 4})}},
      {"Erf", "Erf", {R({3, 4})}}, {"Sin", "Sin", {R({3, 4})}}, {"Cos", "Cos", {R({3, 4})}},
      {"Tan", "Tan", {R({3, 4})}}, {"Asin", "Asin", {R({3, 4})}}, {"Acos", "Acos", {R({3, 4})}},
      {"Atan", "Atan", {R({3, 4})}}, {"Sinh", "Sinh", {R({3, 4})}}, {"Cosh", "Cosh", {R({3, 4})}},
      {"Asinh", "Asinh", {R({3, 4})}}, {"Acosh", "Acosh", {P1({3, 4})}},
      {"Atanh", "Atanh", {R({3, 4})}},
      {"Elu", "Elu", {R({3, 4})}}, {"EluAlpha", "Elu", {R({3, 4})}, {A("alpha", 0.5)}},
      {"Selu", "Selu", {R({3, 4})}},
      {"SeluAlphaGamma", "Selu", {R({3, 4})}, {A("alpha", 2.0), A("gamma", 3.0)}},
      {"Celu", "Celu", {R({3, 4})}}, {"CeluAlpha", "Celu", {R({3, 4})}, {A("alpha", 0.7)}},
      {"HardSigmoid", "HardSigmoid", {R({3, 4})}},
      {"HardSigmoidAlphaBeta", "HardSigmoid", {R({3, 4})}, {A("alpha", 0.9), A("beta", 0.6)}},
      {"HardSwish", "HardSwish", {R({3, 4})}}, {"Softplus", "Softplus", {R({3, 4})}},
      {"Softsign", "Softsign", {R({3, 4})}}, {"Mish", "Mish", {R({3, 4})}},
      {"ThresholdedRelu", "ThresholdedRelu", {R({3, 4})}, {A("alpha", 0.3)}},
      {"Clip", "Clip", {R({3, 4}), Real0(-0.5), Real0(0.5)}},
      {"ClipOnlyMax", "Clip", {R({3, 4}), Absent(), Real0(0.5)}},
      {"ClipOpset6", "Clip", {R({3, 4})}, {A("_opset", int64_t{6}), A("min", -0.4)}},
      {"PRelu", "PRelu", {R({2, 3, 4}), R({3, 1})}},
      {"PReluScalarSlope", "PRelu", {R({2, 3, 4}), R({1})}},
      {"PReluOpset6PerChannel", "PRelu", {R({2, 3, 4, 2}), R({3})}, {A("_opset", int64_t{6})}},
      {"PowBroadcast", "Pow", {P({2, 3}), R({3})}},
      {"Softmax", "Softmax", {R({2, 3, 4})}},
      {"SoftmaxAxis1", "Softmax", {R({2, 3, 4})}, {A("axis", int64_t{1})}},
      {"SoftmaxOpset11", "Softmax", {R({2, 3, 4})}, {A("_opset", int64_t{11})}},
      {"SoftmaxOpset11Axis0", "Softmax", {R({2, 3, 4})},
       {A("_opset", int64_t{11}), A("axis", int64_t{0})}},
      {"LogSoftmax", "LogSoftmax", {R({2, 3, 4})}},
      {"LogSoftmaxAxis0", "LogSoftmax", {R({2, 3, 4})}, {A("axis", int64_t{0})}},
      {"LogSoftmaxOpset11", "LogSoftmax", {R({2, 3, 4})}, {A("_opset", int64_t{11})}},
      {"Conv", "Conv", {R({2, 3, 8, 8}), R({4, 3, 3, 3}), R({4})}},
      {"ConvPadsStrides", "Conv", {R({2, 3, 8, 8}), R({4, 3, 3, 3}), R({4})},
       {A("pads", p1), A("strides", s2)}},
      {"ConvAsymmetricPads", "Conv", {R({2, 3, 7, 8}), R({4, 3, 3, 3}), R({4})},
       {A("pads", Ints64{0, 1, 2, 0})}},
      {"ConvDilations", "Conv", {R({1, 3, 9, 9}), R({2, 3, 3, 3})}, {A("dilations", s2)}},
      {"ConvGroups", "Conv", {R({2, 6, 6, 6}), R({6, 2, 3, 3}), R({6})}, {A("group", int64_t{3})}},
      {"ConvDepthwise", "Conv", {R({1, 4, 6, 6}), R({4, 1, 3, 3})},
       {A("group", int64_t{4}), A("pads", p1)}},
      {"ConvSameUpper", "Conv", {R({1, 2, 7, 8}), R({3, 2, 3, 2})},
       {A("auto_pad", "SAME_UPPER"), A("strides", s2)}},
      {"ConvSameLower", "Conv", {R({1, 2, 7, 8}), R({3, 2, 4, 4})}, {A("auto_pad", "SAME_LOWER")}},
      {"ConvValid", "Conv", {R({1, 2, 7, 8}), R({3, 2, 3, 3})}, {A("auto_pad", "VALID")}},
      {"ConvOnlyWeightGradient", "Conv", {R({2, 3, 6, 6}), R({4, 3, 3, 3}), R({4})}, {}, "", true,
       {0, 2}},
      {"Conv1D", "Conv", {R({2, 3, 10}), R({4, 3, 3}), R({4})}, {A("pads", Ints64{2, 0})}},
      {"Conv3D", "Conv", {R({1, 2, 5, 5, 5}), R({3, 2, 3, 3, 3}), R({3})},
       {A("pads", Ints64{1, 0, 1, 1, 0, 0})}},
      {"ConvTranspose", "ConvTranspose", {R({2, 3, 5, 5}), R({3, 4, 3, 3}), R({4})}},
      {"ConvTransposeStridesOutputPadding", "ConvTranspose", {R({1, 3, 4, 4}), R({3, 2, 3, 3})},
       {A("strides", s2), A("output_padding", Ints64{1, 0})}},
      {"ConvTransposePads", "ConvTranspose", {R({1, 3, 4, 4}), R({3, 2, 3, 3}), R({2})},
       {A("strides", s2), A("pads", p1)}},
      {"ConvTransposeAsymmetricPads", "ConvTranspose", {R({1, 3, 4, 5}), R({3, 2, 3, 3})},
       {A("pads", Ints64{0, 1, 2, 0})}},
      {"ConvTransposeOutputShape", "ConvTranspose", {R({1, 3, 4, 4}), R({3, 2, 3, 3})},
       {A("strides", s2), A("output_shape", Ints64{9, 8})}},
      {"ConvTransposeSameUpper", "ConvTranspose", {R({1, 3, 4, 4}), R({3, 2, 3, 3})},
       {A("strides", s2), A("auto_pad", "SAME_UPPER")}},
      {"ConvTransposeSameLower", "ConvTranspose", {R({1, 3, 4, 4}), R({3, 2, 2, 3})},
       {A("strides", s2), A("auto_pad", "SAME_LOWER")}},
      {"ConvTransposeGroups", "ConvTranspose", {R({1, 6, 4, 4}), R({6, 2, 3, 3}), R({6})},
       {A("group", int64_t{3})}},
      {"ConvTransposeDilations", "ConvTranspose", {R({1, 2, 4, 4}), R({2, 3, 3, 3})},
       {A("dilations", s2), A("strides", s2)}},
      {"ConvTranspose1D", "ConvTranspose", {R({2, 3, 5}), R({3, 2, 3}), R({2})},
       {A("strides", Ints64{3})}},
      {"MaxPool", "MaxPool", {R({2, 3, 8, 8})}, {A("kernel_shape", k2), A("strides", s2)}},
      {"MaxPoolPads", "MaxPool", {R({2, 3, 7, 7})}, {A("kernel_shape", k3), A("pads", p1)}},
      {"MaxPoolCeil", "MaxPool", {R({1, 2, 8, 7})},
       {A("kernel_shape", k3), A("strides", s2), A("ceil_mode", int64_t{1})}},
      {"MaxPoolCeilPads", "MaxPool", {R({1, 2, 6, 6})},
       {A("kernel_shape", k3), A("strides", s2), A("pads", p1), A("ceil_mode", int64_t{1})}},
      {"MaxPoolDilations", "MaxPool", {R({1, 2, 9, 9})},
       {A("kernel_shape", k2), A("dilations", s2)}},
      {"MaxPoolAsymmetricPads", "MaxPool", {R({1, 2, 6, 7})},
       {A("kernel_shape", k3), A("pads", Ints64{1, 0, 0, 2}), A("strides", s2)}},
      {"MaxPoolSameUpper", "MaxPool", {R({1, 2, 7, 8})},
       {A("kernel_shape", k3), A("strides", s2), A("auto_pad", "SAME_UPPER")}},
      {"MaxPoolStorageOrder", "MaxPool", {R({1, 2, 6, 5})},
       {A("kernel_shape", k2), A("storage_order", int64_t{1})}},
      {"MaxPool1D", "MaxPool", {R({2, 3, 9})}, {A("kernel_shape", Ints64{3}), A("strides", Ints64{2})}},
      {"MaxPool3D", "MaxPool", {R({1, 2, 5, 6, 5})},
       {A("kernel_shape", Ints64{2, 3, 2}), A("pads", Ints64{0, 1, 1, 1, 1, 0})}},
      {"AveragePool", "AveragePool", {R({2, 3, 8, 8})}, {A("kernel_shape", k2), A("strides", s2)}},
      {"AveragePoolPadsExcluded", "AveragePool", {R({1, 2, 7, 7})},
       {A("kernel_shape", k3), A("pads", p1)}},
      {"AveragePoolPadsIncluded", "AveragePool", {R({1, 2, 7, 7})},
       {A("kernel_shape", k3), A("pads", p1), A("count_include_pad", int64_t{1})}},
      {"AveragePoolCeilIncluded", "AveragePool", {R({1, 2, 6, 6})},
       {A("kernel_shape", k3), A("strides", s2), A("pads", p1), A("ceil_mode", int64_t{1}),
        A("count_include_pad", int64_t{1})}},
      {"AveragePoolCeil", "AveragePool", {R({1, 2, 8, 7})},
       {A("kernel_shape", k3), A("strides", s2), A("ceil_mode", int64_t{1})}},
      {"AveragePoolAsymmetricIncluded", "AveragePool", {R({1, 2, 6, 7})},
       {A("kernel_shape", k3), A("pads", Ints64{2, 0, 0, 1}), A("count_include_pad", int64_t{1})}},
      {"AveragePoolSameLower", "AveragePool", {R({1, 2, 7, 8})},
       {A("kernel_shape", k3), A("strides", s2), A("auto_pad", "SAME_LOWER")}},
      {"AveragePool1D", "AveragePool", {R({2, 3, 9})}, {A("kernel_shape", Ints64{3})}},
      {"AveragePool3D", "AveragePool", {R({1, 2, 5, 6, 5})},
       {A("kernel_shape", Ints64{2, 3, 2}), A("pads", Ints64{1, 1, 0, 0, 1, 1})}},
      {"GlobalAveragePool", "GlobalAveragePool", {R({2, 3, 4, 5})}},
      {"GlobalAveragePool3D", "GlobalAveragePool", {R({2, 3, 2, 3, 4})}},
      {"BatchNormalization", "BatchNormalization", {R({2, 3, 4, 5}), R({3}), R({3}), R({3}), P({3})}},
      {"BatchNormalizationEpsilon2D", "BatchNormalization", {R({4, 3}), R({3}), R({3}), R({3}), P({3})},
       {A("epsilon", 0.01)}},
      {"BatchNormalizationTraining", "BatchNormalization",
       {R({2, 3, 4, 5}), R({3}), R({3}), R({3}), P({3})},
       {A("training_mode", int64_t{1}), A("momentum", 0.8), A("epsilon", 1e-3)}},
      {"BatchNormalizationTrainingRunningGrads", "BatchNormalization",
       {R({3, 2, 5}), R({2}), R({2}), R({2}), P({2})}, {A("training_mode", int64_t{1})}, "", true,
       {}, true},
      {"DropoutInference", "Dropout", {R({3, 4})}},
      {"DropoutTrainingRatio0", "Dropout", {R({3, 4}), Real0(0.0), Bool0(true)}, {A("seed", int64_t{5})}},
      {"DropoutNotTraining", "Dropout", {R({3, 4}), Real0(0.3), Bool0(false)}},
      {"DropoutOpset10", "Dropout", {R({3, 4})}, {A("_opset", int64_t{10}), A("ratio", 0.3)}},
      {"Identity", "Identity", {R({2, 3})}},
      {"Flatten", "Flatten", {R({2, 3, 4, 5})}},
      {"FlattenAxis0", "Flatten", {R({2, 3, 4})}, {A("axis", int64_t{0})}},
      {"FlattenAxisNegative", "Flatten", {R({2, 3, 4})}, {A("axis", int64_t{-1})}},
      {"FlattenAxisRank", "Flatten", {R({2, 3, 4})}, {A("axis", int64_t{3})}},
      {"Reshape", "Reshape", {R({2, 3, 4}), Ints({4, -1})}},
      {"ReshapeCopyDim", "Reshape", {R({2, 3, 4}), Ints({0, 2, -1})}},
      {"ReshapeAllowZero", "Reshape", {R({2, 3, 4}), Ints({6, 4})}, {A("allowzero", int64_t{1})}},
      {"Transpose", "Transpose", {R({2, 3, 4})}},
      {"TransposePerm", "Transpose", {R({2, 3, 4, 5})}, {A("perm", Ints64{1, 3, 0, 2})}},
      {"Concat", "Concat", {R({2, 3, 4}), R({2, 1, 4}), R({2, 2, 4})}, {A("axis", int64_t{1})}},
      {"ConcatNegativeAxis", "Concat", {R({2, 3}), R({2, 5})}, {A("axis", int64_t{-1})}},
      {"ReduceMeanAxesAttr", "ReduceMean", {R({2, 3, 4})}, {A("axes", Ints64{1})}},
      {"ReduceMeanAxesInput", "ReduceMean", {R({2, 3, 4}), Ints({0, -1})}, {A("keepdims", int64_t{0})}},
      {"ReduceMeanAll", "ReduceMean", {R({2, 3, 4})}},
      {"ReduceSumAxesInput", "ReduceSum", {R({2, 3, 4}), Ints({1})}},
      {"ReduceSumNoKeep", "ReduceSum", {R({2, 3, 4}), Ints({0, 2})}, {A("keepdims", int64_t{0})}},
      {"ReduceSumAllNoKeep", "ReduceSum", {R({2, 3, 4})}, {A("keepdims", int64_t{0})}},
      {"ReduceSumNoop", "ReduceSum", {R({2, 3, 4}), Ints({})}, {A("noop_with_empty_axes", int64_t{1})}},
      {"ReduceSumSquare", "ReduceSumSquare", {R({2, 3, 4})}, {A("axes", Ints64{1})}},
      {"ReduceL1", "ReduceL1", {R({2, 3, 4})}, {A("axes", Ints64{0, 2}), A("keepdims", int64_t{0})}},
      {"ReduceL2", "ReduceL2", {R({2, 3, 4})}, {A("axes", Ints64{-1})}},
      {"ReduceL2All", "ReduceL2", {R({2, 3, 4})}, {A("keepdims", int64_t{0})}},
      {"ReduceLogSum", "ReduceLogSum", {P({2, 3, 4})}, {A("axes", Ints64{1})}},
      {"ReduceLogSumExp", "ReduceLogSumExp", {R({2, 3, 4})}, {A("axes", Ints64{0, 1})}},
      {"ReduceMax", "ReduceMax", {R({2, 3, 4})}, {A("axes", Ints64{2}), A("keepdims", int64_t{0})}},
      {"ReduceMin", "ReduceMin", {R({2, 3, 4})}},
      {"ReduceProd", "ReduceProd", {P({2, 3, 4})}, {A("axes", Ints64{1, 2})}},
      {"ReduceProdAxesInput", "ReduceProd", {R({2, 3, 4}), Ints({0})}},
      {"SoftmaxCrossEntropyLoss", "SoftmaxCrossEntropyLoss", {R({5, 4}), L({5}, 4)}},
      {"SoftmaxCrossEntropyLossSum", "SoftmaxCrossEntropyLoss", {R({5, 4}), L({5}, 4)},
       {A("reduction", "sum")}},
      {"SoftmaxCrossEntropyLossNoneND", "SoftmaxCrossEntropyLoss", {R({2, 4, 3, 2}), L({2, 3, 2}, 4)},
       {A("reduction", "none")}},
      {"SoftmaxCrossEntropyLossWeightsIgnore", "SoftmaxCrossEntropyLoss",
       {R({6, 4, 3}), L32({6, 3}, 4), P({4})}, {A("ignore_index", int64_t{1})}},
      {"SoftmaxCrossEntropyLossLogProbGrad", "SoftmaxCrossEntropyLoss",
       {R({3, 4, 2}), L({3, 2}, 4), P({4})}, {A("reduction", "none")}, "", true, {}, true},
      {"NegativeLogLikelihoodLoss", "NegativeLogLikelihoodLoss", {R({5, 4}), L({5}, 4)}},
      {"NegativeLogLikelihoodLossWeightsSum", "NegativeLogLikelihoodLoss",
       {R({5, 4}), L({5}, 4), P({4})}, {A("reduction", "sum")}},
      {"NegativeLogLikelihoodLossNoneNDIgnore", "NegativeLogLikelihoodLoss",
       {R({2, 4, 3}), L({2, 3}, 4), P({4})}, {A("reduction", "none"), A("ignore_index", int64_t{2})}},
      {"NegativeLogLikelihoodLossMeanWeightsND", "NegativeLogLikelihoodLoss",
       {R({3, 4, 2, 2}), L32({3, 2, 2}, 4), P({4})}},
      {"MeanSquaredError", "MeanSquaredError", {R({3, 4}), R({3, 4})}, {}, "ai.d500"},
      {"MeanSquaredErrorSum", "MeanSquaredError", {R({3, 4}), R({3, 4})}, {A("reduction", "sum")},
       "ai.d500"},
      {"MeanSquaredErrorNone", "MeanSquaredError", {R({2, 3, 2}), R({2, 3, 2})},
       {A("reduction", "none")}, "ai.d500"},
  };
}

// The inputs of one case at one dtype, with their DLPack views and create-time constants.
struct Inputs {
  std::vector<Tensor> tensors;
  std::vector<d500_tensor_info> infos;
  std::vector<DLTensor> views;
  std::vector<const DLTensor*> constants;
};

Inputs make_inputs(const std::vector<In>& spec, DType real) {
  Inputs in;
  std::mt19937_64 rng(42);
  for (size_t i = 0; i < spec.size(); ++i) {
    const In& s = spec[i];
    DType dt = real;
    if (s.kind == Kind::Labels || s.kind == Kind::Ints) dt = DType::Int64;
    if (s.kind == Kind::Labels32) dt = DType::Int32;
    if (s.kind == Kind::Bool0) dt = DType::Bool;
    in.tensors.emplace_back(dt, s.shape);
    Tensor& t = in.tensors.back();
    if (s.kind == Kind::Real) fill_uniform(t, 100 + i, -1.0, 1.0);
    if (s.kind == Kind::Positive) fill_uniform(t, 100 + i, 0.5, 1.5);
    if (s.kind == Kind::AboveOne) fill_uniform(t, 100 + i, 1.2, 2.2);
    for (int64_t j = 0; j < t.numel(); ++j) {
      if (s.kind == Kind::Labels || s.kind == Kind::Labels32)
        t.set(j, static_cast<double>(rng() % static_cast<uint64_t>(s.classes)));
      if (s.kind == Kind::Ints) t.set(j, static_cast<double>(s.ints[static_cast<size_t>(j)]));
    }
    if (s.kind == Kind::Real0 || s.kind == Kind::Bool0) t.set(0, s.value);
    d500_tensor_info info = plugin::tensor_info(dt, s.shape);
    if (s.kind == Kind::Absent) info.ndim = D500_ABSENT_NDIM;
    in.infos.push_back(info);
  }
  for (size_t i = 0; i < spec.size(); ++i) {
    DLTensor v = in.tensors[i].dl();
    if (spec[i].kind == Kind::Absent) v.ndim = D500_ABSENT_NDIM, v.data = nullptr;
    in.views.push_back(v);
  }
  for (size_t i = 0; i < spec.size(); ++i) {
    const Kind k = spec[i].kind;
    const bool constant = k == Kind::Ints || k == Kind::Real0 || k == Kind::Bool0;
    in.constants.push_back(constant ? &in.views[i] : nullptr);
  }
  return in;
}

std::vector<Tensor> allocate(OperatorInstance& op) {
  std::vector<Tensor> out;
  for (const auto& i : op.output_info())
    out.emplace_back(from_dlpack(i.dtype), Shape(i.shape, i.shape + i.ndim));
  return out;
}

std::vector<DLTensor> views_of(std::vector<Tensor>& ts) {
  std::vector<DLTensor> v;
  for (Tensor& t : ts) v.push_back(t.dl());
  return v;
}

// ||a - b|| / max(||a||, ||b||), exact comparison for integer and bool tensors.
void expect_close(const Tensor& a, const Tensor& b, double tol, const std::string& what) {
  ASSERT_EQ(a.dtype(), b.dtype()) << what;
  ASSERT_EQ(a.shape(), b.shape()) << what;
  if (a.dtype() != DType::Float32 && a.dtype() != DType::Float64) {
    for (int64_t i = 0; i < a.numel(); ++i) ASSERT_EQ(a.at(i), b.at(i)) << what << " element " << i;
    return;
  }
  double diff = 0, na = 0, nb = 0;
  for (int64_t i = 0; i < a.numel(); ++i) {
    ASSERT_EQ(std::isnan(a.at(i)), std::isnan(b.at(i))) << what << " element " << i;
    if (std::isnan(a.at(i))) continue;
    diff += (a.at(i) - b.at(i)) * (a.at(i) - b.at(i));
    na += a.at(i) * a.at(i);
    nb += b.at(i) * b.at(i);
  }
  const double scale = std::max({std::sqrt(na), std::sqrt(nb), 1e-30});
  EXPECT_LE(std::sqrt(diff) / scale, tol) << what << " (norms " << std::sqrt(na) << " torch, "
                                          << std::sqrt(nb) << " reference)";
}

bool skipped(const Case& c, size_t input) {
  return std::find(c.no_grad.begin(), c.no_grad.end(), input) != c.no_grad.end();
}

// Forward outputs, and (with backward) the gradients of every input for a random dY of output 0.
struct Outcome {
  std::vector<Tensor> outputs, grads;
};

Outcome run(const plugin::OperatorImpl& impl, const Case& c, Inputs& in, bool backward) {
  OperatorInstance op(impl, c.attrs, in.infos, in.constants);
  Outcome r;
  r.outputs = allocate(op);
  std::vector<DLTensor> out = views_of(r.outputs);
  op.forward(in.views, out);
  if (!backward) return r;
  std::vector<Tensor> dys;
  for (size_t i = 0; i < (c.all_output_grads ? r.outputs.size() : 1); ++i) {
    const Tensor& y = r.outputs[i];
    if (y.dtype() != DType::Float32 && y.dtype() != DType::Float64) continue;
    dys.emplace_back(y.dtype(), y.shape());
    fill_uniform(dys.back(), 7 + i, -1.0, 1.0);
  }
  for (const Tensor& t : in.tensors) {
    r.grads.emplace_back(t.dtype(), t.shape());
    for (int64_t j = 0; j < t.numel(); ++j) r.grads.back().set(j, 7.0);  // unwritten shows
  }
  std::vector<DLTensor> grads = views_of(r.grads);
  for (size_t i = 0; i < c.inputs.size(); ++i)
    if (c.inputs[i].kind == Kind::Absent || skipped(c, i)) grads[i].data = nullptr;
  op.backward(views_of(dys), in.views, out, grads);
  return r;
}

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

class TorchVsReference : public testing::TestWithParam<std::tuple<Case, DType>> {};

TEST_P(TorchVsReference, ForwardAndBackward) {
  const auto& [c, dtype] = GetParam();
  const plugin::OperatorImpl* torch = plugins().operators().find_impl(c.op, c.domain, "torch");
  ASSERT_NE(torch, nullptr) << "the torch plugin has no " << c.op;
  const plugin::OperatorImpl* reference =
      plugins().operators().find_impl(c.op, c.domain, "reference");
  if (!reference) GTEST_SKIP() << "reference has no " << c.op << " yet";
  Inputs in_t = make_inputs(c.inputs, dtype), in_r = make_inputs(c.inputs, dtype);
  const Outcome t = run(*torch, c, in_t, c.backward), r = run(*reference, c, in_r, c.backward);
  const double tol = dtype == DType::Float64 ? 1e-10 : 1e-5;
  ASSERT_EQ(t.outputs.size(), r.outputs.size()) << "output counts differ";
  for (size_t i = 0; i < t.outputs.size(); ++i)
    expect_close(t.outputs[i], r.outputs[i], tol, "output " + std::to_string(i));
  for (size_t i = 0; i < t.grads.size(); ++i)
    if (c.inputs[i].kind != Kind::Absent && !skipped(c, i))
      expect_close(t.grads[i], r.grads[i], tol, "gradient of input " + std::to_string(i));
}

std::string case_name(const testing::TestParamInfo<std::tuple<Case, DType>>& info) {
  return std::get<0>(info.param).name +
         (std::get<1>(info.param) == DType::Float64 ? "_f64" : "_f32");
}

INSTANTIATE_TEST_SUITE_P(Operators, TorchVsReference,
                         testing::Combine(testing::ValuesIn(cases()),
                                          testing::Values(DType::Float64, DType::Float32)),
                         case_name);

}  // namespace
}  // namespace d500::test
