// ONNX Resize (opsets 10 to 18: nearest, linear, cubic; every coordinate_transformation_mode and
// nearest_mode; cubic_coeff_a, exclude_outside, extrapolation_value) and Upsample, as a linear
// map fixed at create() (resize.cpp): scales, sizes and roi must be constants. antialias, axes
// and keep_aspect_ratio_policy (opset 18) are unsupported. float32/float64, gradient to X.
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_resize_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
