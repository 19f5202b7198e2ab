// The ONNX recurrent operators' shared body (recurrent.h): shapes, attributes and the forward steps
// here, back-propagation through time in recurrent_backward.cpp, the registrations in
// recurrent.cpp.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common.h"
#include "dtypes.h"
#include "rnn_activation.h"

namespace d500::reference::rnn {

enum class Cell { Rnn, Gru, Lstm };
enum Input : size_t { kX, kW, kR, kB, kSeqLens, kInitialH, kInitialC, kP };

inline size_t gates_of(Cell c) {
  return c == Cell::Rnn ? 1 : c == Cell::Gru ? 3 : 4;
}
inline size_t functions_of(Cell c) {
  return c == Cell::Rnn ? 1 : c == Cell::Gru ? 2 : 3;
}
inline const char* name_of(Cell c) {
  return c == Cell::Rnn ? "RNN" : c == Cell::Gru ? "GRU" : "LSTM";
}

inline std::vector<std::string> default_activations(Cell c) {
  if (c == Cell::Rnn) return {"Tanh"};
  if (c == Cell::Gru) return {"Sigmoid", "Tanh"};
  return {"Sigmoid", "Tanh", "Tanh"};
}

inline bool given(const std::vector<TensorInfo>& in, size_t i) {
  return i < in.size() && in[i].present();
}

inline void expect_dims(const TensorInfo& t, const Shape& want, const char* name) {
  if (t.shape() != want)
    throw std::invalid_argument(std::string(name) + " must have shape " + sdk::shape_string(want) +
                                ", got " + t.str());
}

inline std::vector<double> doubles(const sdk::InTensor& t, Real r) {
  std::vector<double> out(static_cast<size_t>(t.numel()));
  dispatch(r, [&](auto tag) {
    auto v = t.as<decltype(tag)>();
    for (size_t i = 0; i < out.size(); ++i) out[i] = v[static_cast<int64_t>(i)];
  });
  return out;
}

// Sizes and the element offsets of the layout (0: sequence first, 1: batch first).
struct Dims {
  int64_t seq = 0, batch = 0, input = 0, hidden = 0, dirs = 1;
  bool batch_first = false;
  int64_t x(int64_t t, int64_t b) const {
    return (batch_first ? b * seq + t : t * batch + b) * input;
  }
  int64_t y(int64_t t, int64_t d, int64_t b) const {
    return ((batch_first ? (b * seq + t) * dirs + d : (t * dirs + d) * batch + b)) * hidden;
  }
  int64_t state(int64_t d, int64_t b) const {
    return (batch_first ? b * dirs + d : d * batch + b) * hidden;
  }
  Shape state_shape() const {
    return batch_first ? Shape{batch, dirs, hidden} : Shape{dirs, batch, hidden};
  }
  Shape y_shape() const {
    return batch_first ? Shape{batch, seq, dirs, hidden} : Shape{seq, dirs, batch, hidden};
  }
};

// The weights of every direction, in double.
struct Weights {
  std::vector<double> w, r, b, p, h0, c0;
  std::vector<int64_t> lens;
};

class Recurrent {
 public:
  std::vector<TensorInfo> outputs() const {
    std::vector<TensorInfo> out = {real_info(dtype_, dims_.y_shape()),
                                   real_info(dtype_, dims_.state_shape())};
    if (cell_ == Cell::Lstm) out.push_back(real_info(dtype_, dims_.state_shape()));
    return out;
  }

  void forward(Inputs in, Outputs out) {
    sdk::expect_count(out.size(), outputs().size(), "outputs");
    const Weights wt = weights(in);
    const size_t H = static_cast<size_t>(dims_.hidden);
    std::vector<double> y(static_cast<size_t>(numel(dims_.y_shape())), 0.0);
    std::vector<double> yh(static_cast<size_t>(numel(dims_.state_shape())), 0.0), yc(yh);
    const std::vector<double> x = doubles(in[kX], dtype_);
    for (int64_t d = 0; d < dims_.dirs; ++d)
      for (int64_t b = 0; b < dims_.batch; ++b) {
        std::vector<double> h(H, 0.0), c(H, 0.0);
        const size_t s0 = static_cast<size_t>(dims_.state(d, b));
        if (!wt.h0.empty()) std::copy_n(wt.h0.begin() + s0, H, h.begin());
        if (!wt.c0.empty()) std::copy_n(wt.c0.begin() + s0, H, c.begin());
        const int64_t len = wt.lens.empty() ? dims_.seq : wt.lens[static_cast<size_t>(b)];
        for (int64_t s = 0; s < len; ++s) {
          const int64_t t = reversed(d) ? len - 1 - s : s;
          step(wt, d, x.data() + dims_.x(t, b), h, c);
          std::copy(h.begin(), h.end(), y.begin() + dims_.y(t, d, b));
        }
        std::copy(h.begin(), h.end(), yh.begin() + static_cast<int64_t>(s0));
        std::copy(c.begin(), c.end(), yc.begin() + static_cast<int64_t>(s0));
      }
    store(out, 0, y);
    store(out, 1, yh);
    if (cell_ == Cell::Lstm) store(out, 2, yc);
  }

  // RNN: back-propagation through time, per (direction, batch entry), of dY and dY_h into
  // X, W, R, B and initial_h (sequence_lens gets zeros).
  void rnn_backward(Inputs dys, Inputs in, Outputs dx) const;
  void lstm_backward(Inputs dys, Inputs in, Outputs dx) const;
  void gru_backward(Inputs dys, Inputs in, Outputs dx) const;

  Cost cost() const {
    const double g = static_cast<double>(gates_of(cell_));
    const double steps = static_cast<double>(dims_.seq * dims_.batch * dims_.dirs);
    const double weights = g * static_cast<double>(dims_.hidden * (dims_.input + dims_.hidden));
    return {
        2.0 * steps * weights,
        static_cast<double>(real_size(dtype_)) *
            (weights * static_cast<double>(dims_.dirs) +
             static_cast<double>(numel(dims_.y_shape()) + dims_.seq * dims_.batch * dims_.input))};
  }

 protected:
  Recurrent(Cell cell, const Attributes& attrs, const std::vector<TensorInfo>& in) : cell_(cell) {
    attrs.expect_only({"activation_alpha", "activation_beta", "activations", "clip", "direction",
                       "hidden_size", "layout", "output_sequence", "linear_before_reset",
                       "input_forget"});
    const size_t max_inputs = cell == Cell::Lstm ? 8 : 6;
    if (in.size() < 3 || in.size() > max_inputs || !given(in, kX) || !given(in, kW) ||
        !given(in, kR))
      throw std::invalid_argument(std::string(name_of(cell)) + " takes X, W, R and up to " +
                                  std::to_string(max_inputs - 3) + " optional inputs");
    for (size_t i = 0; i < in.size(); ++i) present_.push_back(in[i].present());
    read_attributes(attrs);
    check_shapes(in);
  }

 private:
  void read_attributes(const Attributes& attrs) {
    const std::string direction = attrs.get_string("direction", "forward");
    if (direction != "forward" && direction != "reverse" && direction != "bidirectional")
      throw std::invalid_argument("direction '" + direction +
                                  "' is not one of forward, reverse, bidirectional");
    reverse_ = direction == "reverse";
    dims_.dirs = direction == "bidirectional" ? 2 : 1;
    const int64_t layout = attrs.get_int("layout", 0);
    if (layout != 0 && layout != 1)
      throw std::invalid_argument("layout must be 0 or 1, got " + std::to_string(layout));
    dims_.batch_first = layout == 1;
    clip_ = attrs.get_float("clip", 0.0);
    if (attrs.has("clip") && clip_ <= 0) throw std::invalid_argument("clip must be positive");
    linear_before_reset_ = attrs.get_int("linear_before_reset", 0) != 0;
    input_forget_ = attrs.get_int("input_forget", 0) != 0;
    if (cell_ != Cell::Gru && attrs.has("linear_before_reset"))
      throw std::invalid_argument("linear_before_reset is a GRU attribute");
    if (cell_ != Cell::Lstm && attrs.has("input_forget"))
      throw std::invalid_argument("input_forget is an LSTM attribute");
    parse_activations(attrs);
    hidden_attr_ = attrs.get_int("hidden_size", -1);
  }

  void parse_activations(const Attributes& attrs) {
    const size_t f = functions_of(cell_), n = f * static_cast<size_t>(dims_.dirs);
    std::vector<std::string> names = attrs.get_strings("activations", {});
    if (names.empty())
      for (int64_t d = 0; d < dims_.dirs; ++d)
        for (const std::string& s : default_activations(cell_)) names.push_back(s);
    if (names.size() == f && n == 2 * f) names.insert(names.end(), names.begin(), names.end());
    if (names.size() != n)
      throw std::invalid_argument(
          "activations lists " + std::to_string(names.size()) + " functions, " + name_of(cell_) +
          " with " + std::to_string(dims_.dirs) + " direction(s) takes " + std::to_string(n));
    const std::vector<double> alphas = attrs.get_floats("activation_alpha", {});
    const std::vector<double> betas = attrs.get_floats("activation_beta", {});
    size_t ia = 0, ib = 0;
    for (const std::string& s : names)
      act_.push_back(RnnActivation::parse(s, alphas, betas, &ia, &ib));
  }

  void check_shapes(const std::vector<TensorInfo>& in) {
    std::vector<TensorInfo> reals = {in[kX], in[kW], in[kR]};
    for (size_t i : {kB, kInitialH, kInitialC, kP})
      if (given(in, i)) reals.push_back(in[i]);
    dtype_ = real_dtype(reals);
    if (in[kX].ndim() != 3) throw std::invalid_argument("X must be rank 3, got " + in[kX].str());
    dims_.seq = in[kX].dim(dims_.batch_first ? 1 : 0);
    dims_.batch = in[kX].dim(dims_.batch_first ? 0 : 1);
    dims_.input = in[kX].dim(2);
    if (in[kR].ndim() != 3) throw std::invalid_argument("R must be rank 3, got " + in[kR].str());
    dims_.hidden = hidden_attr_ >= 0 ? hidden_attr_ : in[kR].dim(2);
    if (dims_.hidden < 1) throw std::invalid_argument("hidden_size must be positive");
    const int64_t gh = static_cast<int64_t>(gates_of(cell_)) * dims_.hidden, dirs = dims_.dirs;
    expect_dims(in[kW], {dirs, gh, dims_.input}, "W");
    expect_dims(in[kR], {dirs, gh, dims_.hidden}, "R");
    if (given(in, kB)) expect_dims(in[kB], {dirs, 2 * gh}, "B");
    if (given(in, kSeqLens)) {
      expect_types(in[kSeqLens], kInts, "sequence_lens");
      expect_dims(in[kSeqLens], {dims_.batch}, "sequence_lens");
    }
    if (given(in, kInitialH)) expect_dims(in[kInitialH], dims_.state_shape(), "initial_h");
    if (given(in, kInitialC)) expect_dims(in[kInitialC], dims_.state_shape(), "initial_c");
    if (given(in, kP)) expect_dims(in[kP], {dirs, 3 * dims_.hidden}, "P");
  }

  bool has(size_t i) const { return i < present_.size() && present_[i]; }
  bool reversed(int64_t d) const { return d == 1 || reverse_; }
  double clip(double v) const { return clip_ > 0 ? std::max(-clip_, std::min(clip_, v)) : v; }
  const RnnActivation& fn(int64_t d, size_t k) const {
    return act_[static_cast<size_t>(d) * functions_of(cell_) + k];
  }

  Weights weights(Inputs in) const {
    auto has = [&](size_t i) { return this->has(i) && i < in.size(); };
    Weights w;
    expect_shape(in[kX],
                 dims_.batch_first ? Shape{dims_.batch, dims_.seq, dims_.input}
                                   : Shape{dims_.seq, dims_.batch, dims_.input},
                 "X");
    w.w = doubles(in[kW], dtype_);
    w.r = doubles(in[kR], dtype_);
    if (w.w.size() != static_cast<size_t>(dims_.dirs * gates_of(cell_)) *
                          static_cast<size_t>(dims_.hidden * dims_.input) ||
        w.r.size() != static_cast<size_t>(dims_.dirs * gates_of(cell_)) *
                          static_cast<size_t>(dims_.hidden * dims_.hidden))
      throw std::invalid_argument("W or R differs from the shape the instance was created for");
    const size_t gh = gates_of(cell_) * static_cast<size_t>(dims_.hidden);
    w.b = has(kB) ? doubles(in[kB], dtype_)
                  : std::vector<double>(static_cast<size_t>(dims_.dirs) * 2 * gh, 0.0);
    if (has(kP)) w.p = doubles(in[kP], dtype_);
    if (has(kInitialH)) w.h0 = doubles(in[kInitialH], dtype_);
    if (has(kInitialC)) w.c0 = doubles(in[kInitialC], dtype_);
    if (has(kSeqLens)) {
      w.lens = int_values(in[kSeqLens], "sequence_lens");
      for (int64_t l : w.lens)
        if (l < 0 || l > dims_.seq)
          throw std::invalid_argument("sequence_lens holds " + std::to_string(l) +
                                      ", outside [0, " + std::to_string(dims_.seq) + "]");
    }
    return w;
  }

  // Gate pre-activations for one step: xw = W x + Wb, hr = R h + Rb, per gate row.
  void step(const Weights& wt, int64_t d, const double* x, std::vector<double>& h,
            std::vector<double>& c) const {
    const size_t H = h.size(), I = static_cast<size_t>(dims_.input);
    const size_t gh = gates_of(cell_) * H, dd = static_cast<size_t>(d);
    const double* w = wt.w.data() + dd * gh * I;
    const double* r = wt.r.data() + dd * gh * H;
    const double* wb = wt.b.data() + dd * 2 * gh;
    const double* rb = wb + gh;
    std::vector<double> xw(gh), hr(gh);
    for (size_t g = 0; g < gh; ++g) {
      double a = wb[g], e = rb[g];
      for (size_t i = 0; i < I; ++i) a += w[g * I + i] * x[i];
      for (size_t k = 0; k < H; ++k) e += r[g * H + k] * h[k];
      xw[g] = a, hr[g] = e;
    }
    if (cell_ == Cell::Rnn)
      for (size_t j = 0; j < H; ++j) h[j] = fn(d, 0)(clip(xw[j] + hr[j]));
    else if (cell_ == Cell::Gru)
      gru_step(d, xw, hr, r + 2 * H * H, rb + 2 * H, h);
    else
      lstm_step(d, xw, hr, wt.p.empty() ? nullptr : wt.p.data() + dd * 3 * H, h, c);
  }

  // Gates z, r, h; rh and rbh are the h gate's rows of R and Rb.
  void gru_step(int64_t d, const std::vector<double>& xw, const std::vector<double>& hr,
                const double* rh, const double* rbh, std::vector<double>& h) const {
    const size_t H = h.size();
    std::vector<double> z(H), rs(H), next(H);
    for (size_t j = 0; j < H; ++j) {
      z[j] = fn(d, 0)(clip(xw[j] + hr[j]));
      rs[j] = fn(d, 0)(clip(xw[H + j] + hr[H + j]));
    }
    for (size_t j = 0; j < H; ++j) {
      double rec = hr[2 * H + j] * rs[j];  // linear_before_reset: r (h Rh^T + Rbh)
      if (!linear_before_reset_) {         // otherwise (r h) Rh^T + Rbh
        rec = rbh[j];
        for (size_t k = 0; k < H; ++k) rec += rh[j * H + k] * rs[k] * h[k];
      }
      const double cand = fn(d, 1)(clip(xw[2 * H + j] + rec));
      next[j] = (1 - z[j]) * cand + z[j] * h[j];
    }
    h = next;
  }

  // Gates i, o, f, c; peepholes p = (Pi, Po, Pf) or null.
  void lstm_step(int64_t d, const std::vector<double>& xw, const std::vector<double>& hr,
                 const double* p, std::vector<double>& h, std::vector<double>& c) const {
    const size_t H = h.size();
    auto pre = [&](size_t gate, size_t j) { return xw[gate * H + j] + hr[gate * H + j]; };
    for (size_t j = 0; j < H; ++j) {
      const double pi = p ? p[j] : 0, po = p ? p[H + j] : 0, pf = p ? p[2 * H + j] : 0;
      const double i = fn(d, 0)(clip(pre(0, j) + pi * c[j]));
      const double f = input_forget_ ? 1 - i : fn(d, 0)(clip(pre(2, j) + pf * c[j]));
      const double cand = fn(d, 1)(clip(pre(3, j)));
      c[j] = f * c[j] + i * cand;
      const double o = fn(d, 0)(clip(pre(1, j) + po * c[j]));
      h[j] = o * fn(d, 2)(c[j]);
    }
  }

  void store_as(const sdk::OutTensor& o, const std::vector<double>& v) const {
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      auto p = o.as<T>();
      for (size_t i = 0; i < v.size() && static_cast<int64_t>(i) < p.numel(); ++i)
        p[static_cast<int64_t>(i)] = static_cast<T>(v[i]);
    });
  }

  void store(Outputs out, size_t k, const std::vector<double>& v) const {
    expect_shape(out[k], k == 0 ? dims_.y_shape() : dims_.state_shape(), k == 0 ? "Y" : "Y_h");
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      auto o = out[k].as<T>();
      for (size_t i = 0; i < v.size(); ++i) o[static_cast<int64_t>(i)] = static_cast<T>(v[i]);
    });
  }

  Cell cell_;
  Real dtype_ = Real::Float32;
  Dims dims_;
  std::vector<bool> present_;
  std::vector<RnnActivation> act_;
  int64_t hidden_attr_ = -1;
  double clip_ = 0;
  bool reverse_ = false, linear_before_reset_ = false, input_forget_ = false;
};

}  // namespace d500::reference::rnn
