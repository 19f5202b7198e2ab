// ONNX signal processing on the reference plugin: HannWindow, HammingWindow, BlackmanWindow, DFT
// (opset 17; dft_length as a constant), STFT and MelWeightMatrix (signal_ops.cpp), float32/float64,
// forward only. Window sizes, STFT frames and the mel matrix's shape come from input values.
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_signal_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
