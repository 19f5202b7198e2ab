// RNN, GRU and LSTM (recurrent.h), one registration each; the shared body is recurrent_impl.h.
#include "recurrent.h"

#include "recurrent_impl.h"

namespace d500::reference {
namespace {

using rnn::Cell;
using rnn::Recurrent;

class Rnn : public Recurrent, public sdk::Operator<Rnn> {
 public:
  Rnn(const Attributes& a, const std::vector<TensorInfo>& in) : Recurrent(Cell::Rnn, a, in) {}
  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) { rnn_backward(dys, in, dx); }
};
class Gru : public Recurrent, public sdk::Operator<Gru> {
 public:
  Gru(const Attributes& a, const std::vector<TensorInfo>& in) : Recurrent(Cell::Gru, a, in) {}
  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) { gru_backward(dys, in, dx); }
};
class Lstm : public Recurrent, public sdk::Operator<Lstm> {
 public:
  Lstm(const Attributes& a, const std::vector<TensorInfo>& in) : Recurrent(Cell::Lstm, a, in) {}
  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) { lstm_backward(dys, in, dx); }
};

}  // namespace

void add_recurrent_ops(std::vector<d500_operator>& ops) {
  ops.push_back(
      Rnn::define({"RNN", "", "default",
                   "ONNX RNN, every direction and activation, float32/float64, with gradients"}));
  ops.push_back(Gru::define({"GRU", "", "default",
                             "ONNX GRU, every direction, linear_before_reset, float32/float64, "
                             "with gradients"}));
  ops.push_back(Lstm::define({"LSTM", "", "default",
                              "ONNX LSTM, every direction, peepholes, input_forget, "
                              "float32/float64, with gradients"}));
}

}  // namespace d500::reference
