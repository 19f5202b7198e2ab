// ONNX element-wise operators of one input (Y = f(X), same shape and dtype) with at most two
// float attributes, one table entry each (pointwise.cpp): Relu, LeakyRelu, Sigmoid, Tanh, Abs,
// Neg, Exp, Log, Sqrt, Reciprocal, Floor, Ceil, Round, Sign, Erf, the trigonometric and hyperbolic
// functions and their inverses, and the activations Elu, Selu, Celu, HardSigmoid, HardSwish,
// Softplus, Softsign, Mish and ThresholdedRelu. Computed in double and rounded once to the dtype
// (float32, float64).
// Backward is dX = dY * f'(X), f' also in double; Floor, Ceil, Round and Sign have the
// derivative 0 (as autograd gives), at the jumps too. Round is half to even (ONNX).
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

// Appends the C table entry of every operator of the table.
void add_pointwise_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
