// ONNX RNN, LSTM and GRU as ATen calls, one time step after another (the ONNX equations as
// written: gate order i, o, f, c for LSTM and z, r, h for GRU, both directions, initial states,
// both layouts, LSTM's peepholes, GRU's linear_before_reset); one NodeOp entry each serves the
// kernel and the torch executor (node_kernel.h), gradients by autograd. Not offered:
// sequence_lens shorter than the sequence, clip, input_forget and activations other than the
// defaults.
#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

struct Recurrent {
  int64_t hidden = 0, dirs = 1, layout = 0;
  bool reverse_only = false, linear_before_reset = false;
  bool has_bias = false, has_state[2] = {false, false};  // inputs B, initial_h, initial_c given
  bool has_peepholes = false;                            // LSTM's input P given
};

enum class Cell { Rnn, Lstm, Gru };

Recurrent check_recurrent(const Attrs& a, const NodeSignature& s, size_t gates, bool lstm) {
  a.expect_only({"activation_alpha", "activation_beta", "activations", "clip", "direction",
                 "hidden_size", "input_forget", "layout", "linear_before_reset"});
  if (s.inputs.size() < 3) throw std::invalid_argument("expects inputs X, W and R");
  offer(is_real(common_type(s, 0, 3)), input_type(s, 0), "float32 and float64 are");
  Recurrent r;
  r.hidden = a.get_int("hidden_size", 0);
  r.layout = a.get_int("layout", 0);
  const std::string dir = a.get_string("direction", "forward");
  if (dir != "forward" && dir != "reverse" && dir != "bidirectional")
    throw std::invalid_argument("direction \"" + dir +
                                "\" is not forward, reverse or bidirectional");
  r.dirs = dir == "bidirectional" ? 2 : 1;
  r.reverse_only = dir == "reverse";
  r.linear_before_reset = a.get_int("linear_before_reset", 0) != 0;
  r.has_bias = given(s, 3);
  r.has_state[0] = given(s, 5);
  r.has_state[1] = lstm && given(s, 6);
  if (a.has("clip")) throw sdk::unsupported("clip is not offered");
  if (a.get_int("input_forget", 0) != 0) throw sdk::unsupported("input_forget is not offered");
  if (a.has("activations")) throw sdk::unsupported("only the default activations are offered");
  r.has_peepholes = lstm && given(s, 7);
  const Ints x = input_shape(s, 0), w = input_shape(s, 1);
  if (x.size() != 3) throw std::invalid_argument("X must have rank 3");
  if (r.layout != 0 && r.layout != 1) throw std::invalid_argument("layout must be 0 or 1");
  if (w.size() != 3 || w[0] != r.dirs ||
      (r.hidden > 0 && w[1] != static_cast<int64_t>(gates) * r.hidden))
    throw std::invalid_argument("W must be [num_directions, " + std::to_string(gates) +
                                "*hidden_size, input_size]");
  if (r.hidden <= 0) r.hidden = w[1] / static_cast<int64_t>(gates);
  if (given(s, 4)) {
    const at::Tensor* lens = s.constants[4];
    const int64_t seq = x[r.layout == 0 ? 0 : 1];
    if (!lens) throw sdk::unsupported("sequence_lens must be a constant");
    if (!at::all(lens->to(at::kLong) == seq).item<bool>())
      throw sdk::unsupported("sequence_lens shorter than the sequence are not offered");
  }
  return r;
}

// Runs one direction d over X [seq, batch, in]; returns Y [seq, batch, H] and the last states.
template <class Step>
Args run_direction(const at::Tensor& x, bool reverse, const Args& state, const Step& step) {
  const int64_t seq = x.size(0);
  Args h = state;
  std::vector<at::Tensor> ys(static_cast<size_t>(seq));
  for (int64_t k = 0; k < seq; ++k) {
    const int64_t t = reverse ? seq - 1 - k : k;
    h = step(x[t], h);
    ys[static_cast<size_t>(t)] = h[0];
  }
  Args out{at::stack(ys)};
  out.insert(out.end(), h.begin(), h.end());
  return out;
}

// X, W, R, B, sequence_lens, initial states (from input 5) into Y, Y_h (, Y_c).
NodeFn recurrent(const Recurrent& r, size_t gates, size_t states, Cell cell) {
  return [r, gates, states, cell](const Args& in) {
    at::Tensor x = r.layout == 1 ? in[0].transpose(0, 1) : in[0];
    const int64_t batch = x.size(1), H = r.hidden;
    const auto opt = x.options();
    std::vector<Args> outs;
    for (int64_t d = 0; d < r.dirs; ++d) {
      const at::Tensor w = in[1][d], rw = in[2][d];
      const at::Tensor b =
          r.has_bias ? in[3][d] : at::zeros({2 * static_cast<int64_t>(gates) * H}, opt);
      const at::Tensor wb = b.narrow(0, 0, static_cast<int64_t>(gates) * H);
      const at::Tensor rb =
          b.narrow(0, static_cast<int64_t>(gates) * H, static_cast<int64_t>(gates) * H);
      Args init;
      for (size_t k = 0; k < states; ++k) {
        const bool have = r.has_state[k];
        at::Tensor s0 = have ? in[5 + k] : at::zeros({r.dirs, batch, H}, opt);
        if (have && r.layout == 1) s0 = s0.transpose(0, 1);
        init.push_back(s0[d]);
      }
      const at::Tensor xw = at::matmul(x, w.t()) + wb;  // [seq, batch, gates*H]
      auto gate = [H](const at::Tensor& t, int64_t g) { return t.narrow(-1, g * H, H); };
      const bool reverse = r.reverse_only || d == 1;
      if (cell == Cell::Rnn) {
        outs.push_back(run_direction(xw, reverse, init, [&](const at::Tensor& xt, const Args& h) {
          return Args{at::tanh(xt + at::matmul(h[0], rw.t()) + rb)};
        }));
      } else if (cell == Cell::Lstm) {
        // Peepholes P [dirs, 3H] in the order i, o, f; zeros when not given.
        const at::Tensor p = r.has_peepholes ? in[7][d] : at::zeros({3 * H}, opt);
        outs.push_back(run_direction(xw, reverse, init, [&](const at::Tensor& xt, const Args& h) {
          const at::Tensor g = xt + at::matmul(h[0], rw.t()) + rb;
          const at::Tensor i = at::sigmoid(gate(g, 0) + gate(p, 0) * h[1]);
          const at::Tensor f = at::sigmoid(gate(g, 2) + gate(p, 2) * h[1]),
                           c = at::tanh(gate(g, 3));
          const at::Tensor ct = f * h[1] + i * c;
          const at::Tensor o = at::sigmoid(gate(g, 1) + gate(p, 1) * ct);
          return Args{o * at::tanh(ct), ct};
        }));
      } else {
        outs.push_back(run_direction(xw, reverse, init, [&](const at::Tensor& xt, const Args& h) {
          const at::Tensor hr = at::matmul(h[0], rw.t());  // [batch, 3H]
          const at::Tensor z = at::sigmoid(gate(xt, 0) + gate(hr, 0) + gate(rb, 0));
          const at::Tensor rt = at::sigmoid(gate(xt, 1) + gate(hr, 1) + gate(rb, 1));
          const at::Tensor hh =
              r.linear_before_reset
                  ? at::tanh(gate(xt, 2) + rt * (gate(hr, 2) + gate(rb, 2)))
                  : at::tanh(gate(xt, 2) + at::matmul(rt * h[0], rw.narrow(0, 2 * H, H).t()) +
                             gate(rb, 2));
          return Args{(1 - z) * hh + z * h[0]};
        }));
      }
    }
    Args result;
    std::vector<at::Tensor> y, last[2];
    for (const Args& o : outs) {
      y.push_back(o[0]);
      for (size_t k = 0; k < states; ++k) last[k].push_back(o[1 + k]);
    }
    at::Tensor Y = at::stack(y, 1);  // [seq, dirs, batch, H]
    if (r.layout == 1) Y = Y.permute({2, 0, 1, 3});
    result.push_back(Y.contiguous());
    for (size_t k = 0; k < states; ++k) {
      at::Tensor s = at::stack(last[k], 0);  // [dirs, batch, H]
      result.push_back((r.layout == 1 ? s.transpose(0, 1) : s).contiguous());
    }
    return result;
  };
}

NodeFn rnn(const Attrs& a, const NodeSignature& s) {
  return recurrent(check_recurrent(a, s, 1, false), 1, 1, Cell::Rnn);
}
NodeFn lstm(const Attrs& a, const NodeSignature& s) {
  return recurrent(check_recurrent(a, s, 4, true), 4, 2, Cell::Lstm);
}
NodeFn gru(const Attrs& a, const NodeSignature& s) {
  return recurrent(check_recurrent(a, s, 3, false), 3, 1, Cell::Gru);
}

constexpr NodeOp kRecurrentOps[] = {
    {"RNN", "ONNX RNN (tanh), step by step in ATen (both directions, initial states, layouts)",
     rnn},
    {"LSTM",
     "ONNX LSTM, step by step in ATen (both directions, initial states, layouts, peepholes)", lstm},
    {"GRU", "ONNX GRU, step by step in ATen (both directions, linear_before_reset)", gru},
};

}  // namespace

void add_recurrent_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kRecurrentOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
