// ONNX LRN (y = x / (bias + alpha / size * sum of x^2 over `size` neighbouring channels)^beta,
// the window floor((size-1)/2) before and ceil((size-1)/2) after) and LpNormalization
// (y = x / ||x||_p along axis, p 1 or 2). float32/float64 with gradients (local_norm.cpp).
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_local_norm_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
