// Back-propagation through time for RNN, LSTM and GRU (recurrent_impl.h): each (direction, batch
// entry) runs forward again keeping its states, then the gradients flow from the last step back.
#include "recurrent_impl.h"

namespace d500::reference::rnn {
namespace {

// One step's pre-activation gradients da (n rows) into W, R, both biases and x; returns the
// gradient of h_prev.
std::vector<double> through_weights(const std::vector<double>& da, const double* w, const double* r,
                                    const double* xt, const std::vector<double>& hprev, size_t I,
                                    size_t H, double* gw, double* gr, double* gb, double* gx) {
  std::vector<double> dh(H, 0.0);
  const size_t n = da.size();
  for (size_t g = 0; g < n; ++g) {
    gb[g] += da[g], gb[n + g] += da[g];
    for (size_t i = 0; i < I; ++i) gw[g * I + i] += da[g] * xt[i], gx[i] += w[g * I + i] * da[g];
    for (size_t k = 0; k < H; ++k) gr[g * H + k] += da[g] * hprev[k], dh[k] += r[g * H + k] * da[g];
  }
  return dh;
}

// The gradient of output k as doubles; empty when the caller passes none for it.
std::vector<double> output_gradient(Inputs dys, size_t k, Real dtype) {
  return k < dys.size() && dys[k].defined() ? doubles(dys[k], dtype) : std::vector<double>{};
}

}  // namespace

void Recurrent::rnn_backward(Inputs dys, Inputs in, Outputs dx) const {
  const Weights wt = weights(in);
  const size_t H = static_cast<size_t>(dims_.hidden), I = static_cast<size_t>(dims_.input);
  const std::vector<double> x = doubles(in[kX], dtype_);
  auto grad = [&](size_t k) { return output_gradient(dys, k, dtype_); };
  const std::vector<double> dy = grad(0), dyh = grad(1);
  std::vector<double> gx(x.size(), 0.0), gw(wt.w.size(), 0.0), gr(wt.r.size(), 0.0),
      gb(wt.b.size(), 0.0), gh0(static_cast<size_t>(numel(dims_.state_shape())), 0.0);
  for (int64_t d = 0; d < dims_.dirs; ++d)
    for (int64_t b = 0; b < dims_.batch; ++b) {
      const size_t s0 = static_cast<size_t>(dims_.state(d, b)), dd = static_cast<size_t>(d);
      const int64_t len = wt.lens.empty() ? dims_.seq : wt.lens[static_cast<size_t>(b)];
      std::vector<std::vector<double>> hs(1, std::vector<double>(H, 0.0)), pre;
      if (!wt.h0.empty()) std::copy_n(wt.h0.begin() + static_cast<int64_t>(s0), H, hs[0].begin());
      std::vector<int64_t> times;
      for (int64_t s = 0; s < len; ++s) {  // forward again, keeping h and the pre-activations
        const int64_t t = reversed(d) ? len - 1 - s : s;
        std::vector<double> a(H);
        std::vector<double> h = hs.back();
        const double* xt = x.data() + dims_.x(t, b);
        for (size_t j = 0; j < H; ++j) {
          double v = wt.b[dd * 2 * H + j] + wt.b[dd * 2 * H + H + j];
          for (size_t i = 0; i < I; ++i) v += wt.w[(dd * H + j) * I + i] * xt[i];
          for (size_t k = 0; k < H; ++k) v += wt.r[(dd * H + j) * H + k] * hs.back()[k];
          a[j] = v;
          h[j] = fn(d, 0)(clip(v));
        }
        pre.push_back(a), hs.push_back(h), times.push_back(t);
      }
      std::vector<double> dh(H, 0.0);
      if (!dyh.empty()) std::copy_n(dyh.begin() + static_cast<int64_t>(s0), H, dh.begin());
      for (size_t s = times.size(); s-- > 0;) {
        const int64_t t = times[s];
        const double* xt = x.data() + dims_.x(t, b);
        std::vector<double> da(H);
        for (size_t j = 0; j < H; ++j) {
          if (!dy.empty()) dh[j] += dy[static_cast<size_t>(dims_.y(t, d, b)) + j];
          const double a = pre[s][j];
          const bool clipped = clip_ > 0 && (a < -clip_ || a > clip_);
          da[j] = clipped ? 0.0 : dh[j] * fn(d, 0).derivative(clip(a));
        }
        dh = through_weights(da, wt.w.data() + dd * H * I, wt.r.data() + dd * H * H, xt, hs[s], I,
                             H, gw.data() + dd * H * I, gr.data() + dd * H * H,
                             gb.data() + dd * 2 * H, gx.data() + dims_.x(t, b));
      }
      std::copy(dh.begin(), dh.end(), gh0.begin() + static_cast<int64_t>(s0));
    }
  auto put = [&](size_t k, const std::vector<double>& v) {
    if (k < dx.size() && dx[k].defined()) store_as(dx[k], v);
  };
  put(kX, gx), put(kW, gw), put(kR, gr), put(kB, gb), put(kInitialH, gh0);
  if (kSeqLens < dx.size()) zero_gradient(dx[kSeqLens]);
}

// LSTM: back-propagation through time into X, W, R, B, initial_h, initial_c and P.
void Recurrent::lstm_backward(Inputs dys, Inputs in, Outputs dx) const {
  const Weights wt = weights(in);
  const size_t H = static_cast<size_t>(dims_.hidden), I = static_cast<size_t>(dims_.input);
  const size_t G = 4 * H;
  const std::vector<double> x = doubles(in[kX], dtype_);
  auto grad = [&](size_t k) { return output_gradient(dys, k, dtype_); };
  const std::vector<double> dy = grad(0), dyh = grad(1), dyc = grad(2);
  const size_t ns = static_cast<size_t>(numel(dims_.state_shape()));
  std::vector<double> gx(x.size(), 0.0), gw(wt.w.size(), 0.0), gr(wt.r.size(), 0.0),
      gb(wt.b.size(), 0.0), gh0(ns, 0.0), gc0(ns, 0.0),
      gp(static_cast<size_t>(dims_.dirs) * 3 * H, 0.0);
  for (int64_t d = 0; d < dims_.dirs; ++d)
    for (int64_t b = 0; b < dims_.batch; ++b) {
      const size_t s0 = static_cast<size_t>(dims_.state(d, b)), dd = static_cast<size_t>(d);
      const double* p = wt.p.empty() ? nullptr : wt.p.data() + dd * 3 * H;
      const double* w = wt.w.data() + dd * G * I;
      const double* r = wt.r.data() + dd * G * H;
      const int64_t len = wt.lens.empty() ? dims_.seq : wt.lens[static_cast<size_t>(b)];
      // Per step: h_prev, c_prev, gate pre-activations (with peepholes), C.
      std::vector<std::vector<double>> hs(1, std::vector<double>(H, 0.0)), cs(hs), pre;
      if (!wt.h0.empty()) std::copy_n(wt.h0.begin() + static_cast<int64_t>(s0), H, hs[0].begin());
      if (!wt.c0.empty()) std::copy_n(wt.c0.begin() + static_cast<int64_t>(s0), H, cs[0].begin());
      std::vector<int64_t> times;
      for (int64_t s = 0; s < len; ++s) {
        const int64_t t = reversed(d) ? len - 1 - s : s;
        const double* xt = x.data() + dims_.x(t, b);
        std::vector<double> a(G), h(H), c(H);
        for (size_t g = 0; g < G; ++g) {
          double v = wt.b[dd * 2 * G + g] + wt.b[dd * 2 * G + G + g];
          for (size_t i = 0; i < I; ++i) v += w[g * I + i] * xt[i];
          for (size_t k = 0; k < H; ++k) v += r[g * H + k] * hs.back()[k];
          a[g] = v;
        }
        for (size_t j = 0; j < H; ++j) {
          const double cp = cs.back()[j];
          a[j] += p ? p[j] * cp : 0, a[2 * H + j] += p ? p[2 * H + j] * cp : 0;
          const double ig = fn(d, 0)(clip(a[j]));
          const double fg = input_forget_ ? 1 - ig : fn(d, 0)(clip(a[2 * H + j]));
          c[j] = fg * cp + ig * fn(d, 1)(clip(a[3 * H + j]));
          a[H + j] += p ? p[H + j] * c[j] : 0;
          h[j] = fn(d, 0)(clip(a[H + j])) * fn(d, 2)(c[j]);
        }
        pre.push_back(a), hs.push_back(h), cs.push_back(c), times.push_back(t);
      }
      std::vector<double> dh(H, 0.0), dc(H, 0.0);
      if (!dyh.empty()) std::copy_n(dyh.begin() + static_cast<int64_t>(s0), H, dh.begin());
      if (!dyc.empty()) std::copy_n(dyc.begin() + static_cast<int64_t>(s0), H, dc.begin());
      auto dact = [&](size_t k, double v) {  // d f(clip(v)) / dv
        return clip_ > 0 && (v < -clip_ || v > clip_) ? 0.0 : fn(d, k).derivative(clip(v));
      };
      for (size_t s = times.size(); s-- > 0;) {
        const int64_t t = times[s];
        const std::vector<double>& a = pre[s];
        std::vector<double> da(G, 0.0), dcp(H, 0.0);
        for (size_t j = 0; j < H; ++j) {
          if (!dy.empty()) dh[j] += dy[static_cast<size_t>(dims_.y(t, d, b)) + j];
          const double C = cs[s + 1][j], cp = cs[s][j];
          const double ig = fn(d, 0)(clip(a[j])), og = fn(d, 0)(clip(a[H + j]));
          const double fg = input_forget_ ? 1 - ig : fn(d, 0)(clip(a[2 * H + j]));
          const double cand = fn(d, 1)(clip(a[3 * H + j]));
          da[H + j] = dh[j] * fn(d, 2)(C) * dact(0, a[H + j]);
          double dC = dc[j] + dh[j] * og * fn(d, 2).derivative(C);
          if (p) dC += da[H + j] * p[H + j];
          double di = dC * cand, df = dC * cp;
          if (input_forget_) di -= df, df = 0;
          da[j] = di * dact(0, a[j]);
          da[2 * H + j] = input_forget_ ? 0 : df * dact(0, a[2 * H + j]);
          da[3 * H + j] = dC * ig * dact(1, a[3 * H + j]);
          dcp[j] = dC * fg + (p ? da[j] * p[j] + da[2 * H + j] * p[2 * H + j] : 0);
          if (p) {
            gp[dd * 3 * H + j] += da[j] * cp;
            gp[dd * 3 * H + H + j] += da[H + j] * C;
            gp[dd * 3 * H + 2 * H + j] += da[2 * H + j] * cp;
          }
        }
        dh = through_weights(da, w, r, x.data() + dims_.x(t, b), hs[s], I, H,
                             gw.data() + dd * G * I, gr.data() + dd * G * H, gb.data() + dd * 2 * G,
                             gx.data() + dims_.x(t, b));
        dc = dcp;
      }
      std::copy(dh.begin(), dh.end(), gh0.begin() + static_cast<int64_t>(s0));
      std::copy(dc.begin(), dc.end(), gc0.begin() + static_cast<int64_t>(s0));
    }
  auto put = [&](size_t k, const std::vector<double>& v) {
    if (k < dx.size() && dx[k].defined()) store_as(dx[k], v);
  };
  put(kX, gx), put(kW, gw), put(kR, gr), put(kB, gb), put(kInitialH, gh0), put(kInitialC, gc0);
  put(kP, gp);
  if (kSeqLens < dx.size()) zero_gradient(dx[kSeqLens]);
}

// GRU: back-propagation through time into X, W, R, B and initial_h (either linear_before_reset).
void Recurrent::gru_backward(Inputs dys, Inputs in, Outputs dx) const {
  const Weights wt = weights(in);
  const size_t H = static_cast<size_t>(dims_.hidden), I = static_cast<size_t>(dims_.input);
  const size_t G = 3 * H;
  const std::vector<double> x = doubles(in[kX], dtype_);
  auto grad = [&](size_t k) { return output_gradient(dys, k, dtype_); };
  const std::vector<double> dy = grad(0), dyh = grad(1);
  std::vector<double> gx(x.size(), 0.0), gw(wt.w.size(), 0.0), gr(wt.r.size(), 0.0),
      gb(wt.b.size(), 0.0), gh0(static_cast<size_t>(numel(dims_.state_shape())), 0.0);
  for (int64_t d = 0; d < dims_.dirs; ++d)
    for (int64_t b = 0; b < dims_.batch; ++b) {
      const size_t s0 = static_cast<size_t>(dims_.state(d, b)), dd = static_cast<size_t>(d);
      const double* w = wt.w.data() + dd * G * I;
      const double* r = wt.r.data() + dd * G * H;
      const double* wb = wt.b.data() + dd * 2 * G;
      const double* rb = wb + G;
      const int64_t len = wt.lens.empty() ? dims_.seq : wt.lens[static_cast<size_t>(b)];
      std::vector<std::vector<double>> hs(1, std::vector<double>(H, 0.0));
      if (!wt.h0.empty()) std::copy_n(wt.h0.begin() + static_cast<int64_t>(s0), H, hs[0].begin());
      std::vector<int64_t> times;
      for (int64_t s = 0; s < len; ++s) {
        const int64_t t = reversed(d) ? len - 1 - s : s;
        std::vector<double> h = hs.back(), c;
        step(wt, d, x.data() + dims_.x(t, b), h, c);
        hs.push_back(h), times.push_back(t);
      }
      auto dact = [&](size_t k, double v) {
        return clip_ > 0 && (v < -clip_ || v > clip_) ? 0.0 : fn(d, k).derivative(clip(v));
      };
      std::vector<double> dh(H, 0.0);
      if (!dyh.empty()) std::copy_n(dyh.begin() + static_cast<int64_t>(s0), H, dh.begin());
      for (size_t s = times.size(); s-- > 0;) {
        const int64_t t = times[s];
        const double* xt = x.data() + dims_.x(t, b);
        const std::vector<double>& hp = hs[s];
        // The step's gate pre-activations again: xw = W x + Wb, hr = R h + Rb.
        std::vector<double> xw(G), hr(G);
        for (size_t g = 0; g < G; ++g) {
          xw[g] = wb[g], hr[g] = rb[g];
          for (size_t i = 0; i < I; ++i) xw[g] += w[g * I + i] * xt[i];
          for (size_t k = 0; k < H; ++k) hr[g] += r[g * H + k] * hp[k];
        }
        std::vector<double> rs(H), rh(H), da(G, 0.0), dah(H), dhp(H, 0.0);
        for (size_t j = 0; j < H; ++j) rs[j] = fn(d, 0)(clip(xw[H + j] + hr[H + j]));
        for (size_t j = 0; j < H; ++j) rh[j] = rs[j] * hp[j];
        std::vector<double> drs(H, 0.0);
        for (size_t j = 0; j < H; ++j) {
          if (!dy.empty()) dh[j] += dy[static_cast<size_t>(dims_.y(t, d, b)) + j];
          double ph =
              xw[2 * H + j] + (linear_before_reset_ ? rs[j] * hr[2 * H + j] : rb[2 * H + j]);
          if (!linear_before_reset_)
            for (size_t k = 0; k < H; ++k) ph += r[(2 * H + j) * H + k] * rh[k];
          const double z = fn(d, 0)(clip(xw[j] + hr[j])), cand = fn(d, 1)(clip(ph));
          da[j] = dh[j] * (hp[j] - cand) * dact(0, xw[j] + hr[j]);
          dah[j] = dh[j] * (1 - z) * dact(1, ph);
          dhp[j] = dh[j] * z;
        }
        double* gwd = gw.data() + dd * G * I;
        double* grd = gr.data() + dd * G * H;
        double* gbd = gb.data() + dd * 2 * G;
        double* gxt = gx.data() + dims_.x(t, b);
        for (size_t j = 0; j < H; ++j) {  // the h gate: its x part, then its recurrent part
          gbd[2 * H + j] += dah[j];
          for (size_t i = 0; i < I; ++i)
            gwd[(2 * H + j) * I + i] += dah[j] * xt[i], gxt[i] += w[(2 * H + j) * I + i] * dah[j];
          if (linear_before_reset_) {  // r (Rh h + Rbh)
            drs[j] += dah[j] * hr[2 * H + j];
            const double dq = dah[j] * rs[j];
            gbd[G + 2 * H + j] += dq;
            for (size_t k = 0; k < H; ++k)
              grd[(2 * H + j) * H + k] += dq * hp[k], dhp[k] += r[(2 * H + j) * H + k] * dq;
          } else {  // Rh (r h) + Rbh
            gbd[G + 2 * H + j] += dah[j];
            for (size_t k = 0; k < H; ++k) {
              grd[(2 * H + j) * H + k] += dah[j] * rh[k];
              const double drh = r[(2 * H + j) * H + k] * dah[j];
              drs[k] += drh * hp[k], dhp[k] += drh * rs[k];
            }
          }
        }
        for (size_t j = 0; j < H; ++j) da[H + j] = drs[j] * dact(0, xw[H + j] + hr[H + j]);
        const std::vector<double> zr = through_weights(da, w, r, xt, hp, I, H, gwd, grd, gbd, gxt);
        for (size_t k = 0; k < H; ++k) dh[k] = dhp[k] + zr[k];
      }
      std::copy(dh.begin(), dh.end(), gh0.begin() + static_cast<int64_t>(s0));
    }
  auto put = [&](size_t k, const std::vector<double>& v) {
    if (k < dx.size() && dx[k].defined()) store_as(dx[k], v);
  };
  put(kX, gx), put(kW, gw), put(kR, gr), put(kB, gb), put(kInitialH, gh0);
  if (kSeqLens < dx.size()) zero_gradient(dx[kSeqLens]);
}

}  // namespace d500::reference::rnn
