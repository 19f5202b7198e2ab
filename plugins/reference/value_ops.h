// Operators of values and shapes that need ABI 1.3 (tensor attributes, outputs sized at run time):
// Constant (value TENSOR, value_float(s), value_int(s)), ConstantOfShape (its TENSOR value; a shape
// known only at run time unless the shape input is constant), Shape (start/end), Size, NonZero
// (output size depends on the values) and Range. None has a gradient. Their data is copied or
// counted, not computed on, so every whole-byte dtype is served where ONNX allows it.
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

// Appends the C table entry of each.
void add_value_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
