// ONNX element-wise operators beyond arithmetic, with numpy broadcasting, one definition each
// (logic.cpp), over the dtypes the spec gives them among those d500 tensors hold:
//   Equal (any), Less, Greater, LessOrEqual, GreaterOrEqual (numbers) -> bool
//   Not, And, Or, Xor (bool); IsNaN, IsInf (float32/float64) -> bool
//   Where(condition, X, Y) (any dtype; gradients to X and Y)
//   Max, Min (numbers; NaN wins; gradient shared evenly among the inputs equal to the result),
//   Mean (float32/float64): one or more inputs
//   Mod (numbers; fmod = 0: integer remainder with the divisor's sign, fmod = 1: C's fmod; an
//   integer divisor 0 gives 0 as numpy does), BitShift (uint8; a shift past the width gives 0).
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_logic_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
