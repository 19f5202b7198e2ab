// The reference plugin's arithmetic, shape, reduction and loss operators, as one comma-separated
// list for plugin.cpp's table (the element-wise functions and activations are pointwise.h's).
#pragma once

#include "binary.h"
#include "class_loss.h"
#include "clip_prelu.h"
#include "concat.h"
#include "gemm.h"
#include "matmul.h"
#include "mse_loss.h"
#include "noop.h"
#include "reduce.h"
#include "reshape.h"
#include "softmax.h"
#include "sum.h"
#include "transpose.h"

// Descriptions say what is particular to this implementation; the semantics are ONNX's.
#define D500_REFERENCE_MATH_OPS                                                                    \
  d500::reference::Gemm::define(                                                                   \
      {"Gemm", "", "default", "ONNX Gemm, float32/float64, double accumulation"}),                 \
      d500::reference::MatMul::define(                                                             \
          {"MatMul", "", "default",                                                                \
           "ONNX MatMul with numpy batch broadcasting, float32/float64"}),                         \
      d500::reference::Add::define({"Add", "", "default", "ONNX Add with numpy broadcasting"}),    \
      d500::reference::Sub::define({"Sub", "", "default", "ONNX Sub with numpy broadcasting"}),    \
      d500::reference::Mul::define({"Mul", "", "default", "ONNX Mul with numpy broadcasting"}),    \
      d500::reference::Div::define({"Div", "", "default", "ONNX Div with numpy broadcasting"}),    \
      d500::reference::Pow::define(                                                                \
          {"Pow", "", "default",                                                                   \
           "ONNX Pow with numpy broadcasting, base and exponent one dtype"}),                      \
      d500::reference::Clip::define(                                                               \
          {"Clip", "", "default", "ONNX Clip; bounds as attributes (opset < 11) or inputs"}),      \
      d500::reference::PRelu::define(                                                              \
          {"PRelu", "", "default", "ONNX PRelu, slope broadcast to X"}),                           \
      d500::reference::Sum::define(                                                                \
          {"Sum", "", "default", "ONNX Sum of any number of inputs, numpy broadcasting"}),         \
      d500::reference::Softmax::define(                                                            \
          {"Softmax", "", "default", "ONNX Softmax; opset < 13 coerces to 2-D at axis"}),          \
      d500::reference::LogSoftmax::define(                                                         \
          {"LogSoftmax", "", "default", "ONNX LogSoftmax; opset < 13 coerces to 2-D at axis"}),    \
      d500::reference::Identity::define({"Identity", "", "default", "ONNX Identity, any dtype"}),  \
      d500::reference::Flatten::define({"Flatten", "", "default", "ONNX Flatten, any dtype"}),     \
      d500::reference::Reshape::define(                                                            \
          {"Reshape", "", "default", "ONNX Reshape, any dtype; the shape must be a constant"}),    \
      d500::reference::Transpose::define(                                                          \
          {"Transpose", "", "default", "ONNX Transpose, any dtype"}),                              \
      d500::reference::Concat::define({"Concat", "", "default", "ONNX Concat, any dtype"}),        \
      d500::reference::ReduceSum::define(                                                          \
          {"ReduceSum", "", "default", "ONNX ReduceSum; axes as attribute or constant input"}),    \
      d500::reference::ReduceMean::define(                                                         \
          {"ReduceMean", "", "default", "ONNX ReduceMean; axes as attribute or constant input"}),  \
      d500::reference::ReduceSumSquare::define(                                                    \
          {"ReduceSumSquare", "", "default", "ONNX ReduceSumSquare"}),                             \
      d500::reference::ReduceL1::define({"ReduceL1", "", "default", "ONNX ReduceL1"}),             \
      d500::reference::ReduceL2::define({"ReduceL2", "", "default", "ONNX ReduceL2"}),             \
      d500::reference::ReduceLogSum::define({"ReduceLogSum", "", "default", "ONNX ReduceLogSum"}), \
      d500::reference::ReduceLogSumExp::define(                                                    \
          {"ReduceLogSumExp", "", "default",                                                       \
           "ONNX ReduceLogSumExp, with the maximum subtracted"}),                                  \
      d500::reference::ReduceMax::define(                                                          \
          {"ReduceMax", "", "default", "ONNX ReduceMax; gradient shared among ties"}),             \
      d500::reference::ReduceMin::define(                                                          \
          {"ReduceMin", "", "default", "ONNX ReduceMin; gradient shared among ties"}),             \
      d500::reference::ReduceProd::define(                                                         \
          {"ReduceProd", "", "default", "ONNX ReduceProd; exact gradient with zeros"}),            \
      d500::reference::SoftmaxCrossEntropyLoss::define(                                            \
          {"SoftmaxCrossEntropyLoss", "", "default",                                               \
           "ONNX SoftmaxCrossEntropyLoss, int64/int32 labels; always outputs log_prob too"}),      \
      d500::reference::NegativeLogLikelihoodLoss::define(                                          \
          {"NegativeLogLikelihoodLoss", "", "default",                                             \
           "ONNX NegativeLogLikelihoodLoss, int64/int32 labels"}),                                 \
      d500::reference::MeanSquaredError::define(                                                   \
          {"MeanSquaredError", "ai.d500", "default",                                               \
           "Squared-error loss, reduction none|sum|mean (default mean)"}),                         \
      d500::reference::Noop::define(                                                               \
          {"Noop", "ai.d500.test", "default", "Does nothing; measures the cost of dispatch"})
