// ONNX Det (forward only) and Einsum (with gradients) on the reference plugin (linalg_ops.cpp),
// float32/float64.
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_linalg_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
