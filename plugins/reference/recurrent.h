// ONNX RNN, GRU and LSTM: forward, reverse and bidirectional, optional B, sequence_lens,
// initial_h (initial_c and peepholes P for LSTM), the activations attributes, clip, layout 0/1,
// GRU's linear_before_reset and LSTM's input_forget; outputs Y, Y_h (and Y_c) always computed.
// float32/float64, computed in double, with gradients through time (recurrent.cpp).
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_recurrent_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
