// ONNX quantization: QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear (quantize.cpp) and
// MatMulInteger, QLinearMatMul, ConvInteger, QLinearConv (qlinear.cpp). uint8/int8 data with
// per-tensor or per-axis (per-row, per-column, per-channel) scales and zero points; forward only.
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_quantize_ops(std::vector<d500_operator>& ops);
void add_qlinear_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
