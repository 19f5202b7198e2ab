// The reference plugin's arithmetic, activation, shape, reduction and loss operators, as one
// comma-separated list for D500_PLUGIN (plugin.cpp).
#pragma once

#include "add.h"
#include "gemm.h"
#include "matmul.h"
#include "noop.h"
#include "relu.h"

#define D500_REFERENCE_MATH_OPS                                                                 \
  d500::reference::Gemm::define({"Gemm", "", "default",                                          \
                                 "ONNX Gemm, float32/float64, double accumulation"}),            \
      d500::reference::MatMul::define(                                                           \
          {"MatMul", "", "default", "ONNX MatMul with numpy batch broadcasting, float32/float64"}), \
      d500::reference::Add::define({"Add", "", "default", "ONNX Add with numpy broadcasting"}),  \
      d500::reference::Relu::define({"Relu", "", "default", "ONNX Relu"}),                       \
      d500::reference::Noop::define(                                                             \
          {"Noop", "ai.d500.test", "default", "Does nothing; measures the cost of dispatch"})
