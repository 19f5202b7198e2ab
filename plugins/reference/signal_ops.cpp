// The ONNX signal operators (signal_ops.h): HannWindow, HammingWindow, BlackmanWindow, DFT, STFT
// and MelWeightMatrix, computed in double with the transforms summed directly (O(n^2), exact
// twiddles from k n mod N). Sizes that come from input values are known at run time.
#include "signal_ops.h"

#include <cmath>

#include "d500/sdk/owned.h"
#include "dtypes.h"
#include "quant_common.h"

namespace d500::reference {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr uint32_t kRuntime = D500_OP_DETERMINISTIC | D500_OP_RUNTIME_SHAPES;

// The value of a one-element input (any numeric dtype).
double scalar_of(const sdk::InTensor& t, const char* what) {
  if (t.numel() != 1)
    throw std::invalid_argument(std::string(what) + " must hold one value, it holds " +
                                std::to_string(t.numel()));
  return to_doubles(t)[0];
}

int64_t count_of(const sdk::InTensor& t, const char* what) {
  const double v = scalar_of(t, what);
  if (!(v >= 0) || v > 1e9)
    throw std::invalid_argument(std::string(what) + " is " + std::to_string(v) +
                                ", outside [0, 10^9]");
  return static_cast<int64_t>(v);
}

// output_datatype (TensorProto's enum): 1 float32 (the default), 11 float64.
Real real_of_datatype(const Attributes& attrs) {
  const int64_t t = attrs.get_int("output_datatype", 1);
  if (t == 1) return Real::Float32;
  if (t == 11) return Real::Float64;
  throw sdk::unsupported("output_datatype " + std::to_string(t) +
                         " is not implemented (1 float32, 11 float64)");
}

void write_owned(d500_owned_tensor& out, Real r, const Shape& shape, const std::vector<double>& v) {
  void* p = sdk::make_owned(out, dl_dtype(r), shape);
  dispatch(r, [&](auto tag) {
    using T = decltype(tag);
    for (size_t i = 0; i < v.size(); ++i) static_cast<T*>(p)[i] = static_cast<T>(v[i]);
  });
}

// y = sum_k a_k cos(2 pi k n / D) with D = N (periodic) or N - 1 (symmetric).
class Window {
 public:
  std::vector<TensorInfo> outputs() const { return {real_info(out_, {-1})}; }
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t) const {
    const int64_t n = count_of(in[0], "size");
    const double d = static_cast<double>(periodic_ ? n : n - 1);
    std::vector<double> y(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      double v = 0;
      for (size_t k = 0; k < a_.size(); ++k)
        v += a_[k] * (d > 0
                          ? std::cos(2 * kPi * static_cast<double>(static_cast<int64_t>(k) * i) / d)
                          : 1.0);
      y[static_cast<size_t>(i)] = v;
    }
    write_owned(out[0], out_, {n}, y);
  }

 protected:
  Window(const Attributes& attrs, const std::vector<TensorInfo>& in, std::vector<double> a)
      : a_(std::move(a)) {
    attrs.expect_only({"output_datatype", "periodic"});
    sdk::expect_count(in.size(), 1, "inputs");
    expect_types(in[0], kInts, "size");
    out_ = real_of_datatype(attrs);
    periodic_ = attrs.get_int("periodic", 1) != 0;
  }

 private:
  std::vector<double> a_;
  Real out_ = Real::Float32;
  bool periodic_ = true;
};

class HannWindow : public Window, public sdk::Operator<HannWindow> {
 public:
  HannWindow(const Attributes& a, const std::vector<TensorInfo>& in) : Window(a, in, {0.5, -0.5}) {}
};
class HammingWindow : public Window, public sdk::Operator<HammingWindow> {
 public:
  HammingWindow(const Attributes& a, const std::vector<TensorInfo>& in)
      : Window(a, in, {25.0 / 46, -21.0 / 46}) {}
};
class BlackmanWindow : public Window, public sdk::Operator<BlackmanWindow> {
 public:
  BlackmanWindow(const Attributes& a, const std::vector<TensorInfo>& in)
      : Window(a, in, {0.42, -0.5, 0.08}) {}
};

// One transform of n complex inputs (re, im at stride `step` pairs) into `bins` outputs.
void transform(const double* x, int64_t n, int64_t stride, bool complex_in, int64_t len,
               int64_t bins, bool inverse, double* y, int64_t ystride) {
  const double sign = inverse ? 1.0 : -1.0;
  for (int64_t k = 0; k < bins; ++k) {
    double re = 0, im = 0;
    for (int64_t t = 0; t < std::min(n, len); ++t) {
      const double ang =
          sign * 2 * kPi * static_cast<double>((k * t) % len) / static_cast<double>(len);
      const double xr = x[t * stride], xi = complex_in ? x[t * stride + 1] : 0.0;
      re += xr * std::cos(ang) - xi * std::sin(ang);
      im += xr * std::sin(ang) + xi * std::cos(ang);
    }
    if (inverse) re /= static_cast<double>(len), im /= static_cast<double>(len);
    y[k * ystride] = re, y[k * ystride + 1] = im;
  }
}

// DFT (opset 17): along `axis` of [batch, ..., 1 or 2]; dft_length must be a constant.
class Dft : public sdk::Operator<Dft> {
 public:
  Dft(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c) {
    attrs.expect_only({"axis", "inverse", "onesided"});
    if (in.empty() || in.size() > 2) throw std::invalid_argument("DFT takes input and dft_length");
    x_ = in[0];
    dtype_ = real_dtype({x_});
    const int64_t rank = static_cast<int64_t>(x_.ndim());
    if (rank < 3 || (x_.dim(-1) != 1 && x_.dim(-1) != 2))
      throw std::invalid_argument("input must be [batch, ..., 1 or 2], got " + x_.str());
    axis_ = normalize_axis(attrs.get_int("axis", 1), rank - 1);
    if (axis_ == 0) throw std::invalid_argument("axis 0 is the batch axis");
    inverse_ = attrs.get_int("inverse", 0) != 0;
    onesided_ = attrs.get_int("onesided", 0) != 0;
    if (onesided_ && (inverse_ || x_.dim(-1) == 2))
      throw sdk::unsupported("onesided is implemented for real forward transforms only");
    len_ = x_.shape()[static_cast<size_t>(axis_)];
    if (in.size() == 2 && in[1].present()) {
      need_constant(c, 1, "dft_length");
      len_ = c.ints(1, "dft_length").at(0);
      if (len_ < 1) throw std::invalid_argument("dft_length must be positive");
    }
    y_ = x_.shape();
    y_.back() = 2;
    y_[static_cast<size_t>(axis_)] = onesided_ ? len_ / 2 + 1 : len_;
  }
  std::vector<TensorInfo> outputs() const { return {real_info(dtype_, y_)}; }
  void forward(Inputs in, Outputs out) const {
    expect_shape(in[0], x_.shape(), "input");
    const std::vector<double> x = to_doubles(in[0]);
    const Shape& s = x_.shape();
    const size_t a = static_cast<size_t>(axis_);
    int64_t outer = 1, inner = 1;
    for (size_t d = 0; d < a; ++d) outer *= s[d];
    for (size_t d = a + 1; d + 1 < s.size(); ++d) inner *= s[d];
    const int64_t c = s.back(), n = s[a], bins = y_[a];
    std::vector<double> y(static_cast<size_t>(numel(y_)));
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i)
        transform(x.data() + (o * n * inner + i) * c, n, inner * c, c == 2, len_, bins, inverse_,
                  y.data() + (o * bins * inner + i) * 2, inner * 2);
    write_values(out[0], y);
  }

 private:
  TensorInfo x_;
  Real dtype_ = Real::Float32;
  Shape y_;
  int64_t axis_ = 1, len_ = 0;
  bool inverse_ = false, onesided_ = false;
};

// STFT: frames of frame_length every frame_step samples, each times the window, transformed.
class Stft : public sdk::Operator<Stft> {
 public:
  Stft(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"onesided"});
    if (in.size() < 2 || in.size() > 4) throw std::invalid_argument("STFT takes 2 to 4 inputs");
    x_ = in[0];
    dtype_ = real_dtype({x_});
    if (x_.ndim() != 3 || (x_.dim(2) != 1 && x_.dim(2) != 2))
      throw std::invalid_argument("signal must be [batch, length, 1 or 2], got " + x_.str());
    onesided_ = attrs.get_int("onesided", 1) != 0;
    if (onesided_ && x_.dim(2) == 2)
      throw std::invalid_argument("onesided needs a real signal ([batch, length, 1])");
    has_window_ = in.size() > 2 && in[2].present();
    has_length_ = in.size() > 3 && in[3].present();
    if (!has_window_ && !has_length_)
      throw std::invalid_argument("STFT needs a window or a frame_length");
  }
  std::vector<TensorInfo> outputs() const { return {real_info(dtype_, {x_.dim(0), -1, -1, 2})}; }
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t) const {
    const int64_t step = count_of(in[1], "frame_step");
    std::vector<double> window;
    if (has_window_) window = to_doubles(in[2]);
    const int64_t len =
        has_length_ ? count_of(in[3], "frame_length") : static_cast<int64_t>(window.size());
    if (window.empty()) window.assign(static_cast<size_t>(len), 1.0);
    if (static_cast<int64_t>(window.size()) != len)
      throw std::invalid_argument("window has " + std::to_string(window.size()) +
                                  " elements, frame_length is " + std::to_string(len));
    const int64_t n = x_.dim(1), c = x_.dim(2);
    if (step < 1 || len < 1 || len > n)
      throw std::invalid_argument("frame_step must be positive and frame_length in [1, " +
                                  std::to_string(n) + "]");
    const int64_t frames = (n - len) / step + 1, bins = onesided_ ? len / 2 + 1 : len;
    const std::vector<double> x = to_doubles(in[0]);
    std::vector<double> y(static_cast<size_t>(x_.dim(0) * frames * bins * 2)),
        frame(static_cast<size_t>(len * c));
    for (int64_t b = 0; b < x_.dim(0); ++b)
      for (int64_t f = 0; f < frames; ++f) {
        for (int64_t t = 0; t < len; ++t)
          for (int64_t k = 0; k < c; ++k)
            frame[static_cast<size_t>(t * c + k)] =
                x[static_cast<size_t>((b * n + f * step + t) * c + k)] *
                window[static_cast<size_t>(t)];
        transform(frame.data(), len, c, c == 2, len, bins, false,
                  y.data() + (b * frames + f) * bins * 2, 2);
      }
    write_owned(out[0], dtype_, {x_.dim(0), frames, bins, 2}, y);
  }

 private:
  TensorInfo x_;
  Real dtype_ = Real::Float32;
  bool onesided_ = true, has_window_ = false, has_length_ = false;
};

// MelWeightMatrix as ONNX's reference computes it: triangles between mel-spaced bins.
class MelWeightMatrix : public sdk::Operator<MelWeightMatrix> {
 public:
  MelWeightMatrix(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"output_datatype"});
    sdk::expect_count(in.size(), 5, "inputs");
    out_ = real_of_datatype(attrs);
  }
  std::vector<TensorInfo> outputs() const { return {real_info(out_, {-1, -1})}; }
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t) const {
    const int64_t mels = count_of(in[0], "num_mel_bins"), dft = count_of(in[1], "dft_length");
    const double rate = scalar_of(in[2], "sample_rate"), lo = scalar_of(in[3], "lower_edge_hertz"),
                 hi = scalar_of(in[4], "upper_edge_hertz");
    if (rate <= 0 || lo < 0 || hi < lo)
      throw std::invalid_argument(
          "need sample_rate > 0 and 0 <= lower_edge_hertz <= upper_edge_hertz");
    const int64_t rows = dft / 2 + 1;
    auto mel = [](double hz) { return 2595 * std::log10(1 + hz / 700); };
    const double step = (mel(hi) - mel(lo)) / static_cast<double>(mels + 2);
    std::vector<int64_t> bin(static_cast<size_t>(mels + 2));
    for (int64_t i = 0; i < mels + 2; ++i) {
      const double hz =
          700 * (std::pow(10.0, (static_cast<double>(i) * step + mel(lo)) / 2595) - 1);
      bin[static_cast<size_t>(i)] =
          static_cast<int64_t>(std::floor(static_cast<double>(dft + 1) * hz / rate));
    }
    std::vector<double> y(static_cast<size_t>(rows * mels), 0.0);
    auto at = [&](int64_t r, int64_t m) -> double& {
      if (r < 0 || r >= rows) throw std::invalid_argument("a mel bin falls outside the spectrum");
      return y[static_cast<size_t>(r * mels + m)];
    };
    for (int64_t m = 0; m < mels; ++m) {
      const int64_t l = bin[static_cast<size_t>(m)], c = bin[static_cast<size_t>(m + 1)],
                    h = bin[static_cast<size_t>(m + 2)];
      if (c == l) at(c, m) = 1;
      for (int64_t j = l; c != l && j <= c; ++j)
        at(j, m) = static_cast<double>(j - l) / static_cast<double>(c - l);
      for (int64_t j = c; j < h; ++j)
        at(j, m) = static_cast<double>(h - j) / static_cast<double>(h - c);
    }
    write_owned(out[0], out_, {rows, mels}, y);
  }

 private:
  Real out_ = Real::Float32;
};

}  // namespace

void add_signal_ops(std::vector<d500_operator>& ops) {
  ops.push_back(
      HannWindow::define({"HannWindow", "", "default", "ONNX HannWindow", kDLCPU, kRuntime}));
  ops.push_back(HammingWindow::define(
      {"HammingWindow", "", "default", "ONNX HammingWindow (25/46)", kDLCPU, kRuntime}));
  ops.push_back(BlackmanWindow::define(
      {"BlackmanWindow", "", "default", "ONNX BlackmanWindow", kDLCPU, kRuntime}));
  ops.push_back(Dft::define({"DFT", "", "default", "ONNX DFT (opset 17), direct sum in double"}));
  ops.push_back(
      Stft::define({"STFT", "", "default", "ONNX STFT, direct sums in double", kDLCPU, kRuntime}));
  ops.push_back(MelWeightMatrix::define(
      {"MelWeightMatrix", "", "default", "ONNX MelWeightMatrix", kDLCPU, kRuntime}));
}

}  // namespace d500::reference
