// ONNX operators along one axis (select.cpp):
//   ArgMax, ArgMin  numbers -> int64; select_last_index picks the last of ties; NaN wins (numpy).
//   TopK            K as attribute (opset < 10) or constant input 1; values and int64 indices,
//                   sorted, ties by lower index; gradient to X at the selected indices.
//   CumSum          numbers; axis input read at run time; exclusive, reverse; gradient is the
//                   cumulative sum of dY in the other direction.
//   Hardmax         float32/float64; 1 at the first maximum; before opset 13 the input is
//                   coerced to 2-D at axis (as Softmax). No gradient (zero almost everywhere).
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_select_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
