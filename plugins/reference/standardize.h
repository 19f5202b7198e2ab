// The normalizations that standardize sets of elements, y = (x - mean) / std * scale + bias:
// LayerNormalization, InstanceNormalization, GroupNormalization and MeanVarianceNormalization
// (standardize.cpp). One core serves them: each element belongs to a set (whose mean and
// variance it shares) and reads one scale/bias entry; the operators differ only in those two
// maps, computed at create(). Statistics in double; the variance is the biased one.
//   LayerNormalization  sets: X.shape[:axis]; Scale and B broadcast to X.shape[axis:]; outputs
//                       Y, Mean and InvStdDev (shape X.shape[:axis] + 1s), eps inside the root.
//   InstanceNormalization  sets: (n, c); scale and B of length C.
//   GroupNormalization  sets: (n, group); scale and bias per channel (C entries, opset 21) or
//                       per group (num_groups entries, opset 18).
//   MeanVarianceNormalization  sets over `axes` (default [0, 2, 3]), no scale; as ONNX's
//                       function body, (x - mean) / (sqrt(variance) + 1e-9).
// Gradients to X, the scale and the bias, including those of LayerNormalization's Mean and
// InvStdDev outputs.
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_standardize_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
