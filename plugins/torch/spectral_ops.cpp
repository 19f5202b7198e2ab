// ONNX DFT and STFT through at::fft_fft / at::fft_ifft on complex views of ONNX's [..., 2]
// (or real [..., 1]) signals: one NodeOp entry each serves the kernel and the torch executor
// (node_kernel.h), gradients by autograd. Lengths that decide the output's shape (dft_length,
// frame_step, frame_length) must be constant inputs. MelWeightMatrix, whose shape follows from
// its inputs' values, as ONNX's reference computes it (value_kernel.h).
#include <cmath>

#include "node_kernel.h"
#include "registry.h"
#include "value_kernel.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

// [..., 1] real or [..., 2] complex as a complex tensor of the leading dimensions.
at::Tensor as_complex(const at::Tensor& x) {
  if (x.size(-1) == 2) return at::view_as_complex(x.contiguous());
  return at::complex(x.squeeze(-1), at::zeros_like(x.squeeze(-1)));
}
void expect_signal(const NodeSignature& s) {
  offer(is_real(input_type(s, 0)), input_type(s, 0), "float32 and float64 are");
  const Ints x = input_shape(s, 0);
  if (x.size() < 2 || (x.back() != 1 && x.back() != 2))
    throw std::invalid_argument("the signal must be [..., 1] (real) or [..., 2] (complex)");
}

NodeFn spectral_dft(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis", "inverse", "onesided"});
  if (s.inputs.empty() || s.inputs.size() > 2) throw std::invalid_argument("expects 1 or 2 inputs");
  expect_signal(s);
  const int64_t rank = rank_of(s, 0);
  // Negative axes count from the back of the whole input, [..., 2] included.
  const int64_t given_axis = a.get_int("axis", 1);
  const int64_t axis = norm_axis(given_axis < 0 ? given_axis + rank : given_axis, rank - 1);
  const bool inverse = a.get_flag("inverse", false), onesided = a.get_flag("onesided", false);
  const int64_t n = given(s, 1) ? static_cast<int64_t>(constant_scalar(s, 1, "dft_length"))
                                : input_shape(s, 0)[static_cast<size_t>(axis)];
  if (n < 1) throw std::invalid_argument("dft_length must be positive");
  if (inverse && onesided) throw sdk::unsupported("an inverse onesided DFT is not offered");
  // In float64 whatever the signal's dtype: a float32 FFT leaves ~1e-6 where the exact
  // transform has zeros, beyond the tolerance of a node test.
  return one([axis, inverse, onesided, n](const Args& in) {
    const at::Tensor c = as_complex(in[0].to(at::kDouble));
    at::Tensor y = inverse ? at::fft_ifft(c, n, axis) : at::fft_fft(c, n, axis);
    if (onesided) y = y.narrow(axis, 0, n / 2 + 1);
    return at::view_as_real(y).to(in[0].scalar_type()).contiguous();
  });
}

// STFT: frames of frame_length every frame_step, times the window, each transformed.
NodeFn spectral_stft(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"onesided"});
  if (s.inputs.size() < 2 || s.inputs.size() > 4)
    throw std::invalid_argument("expects 2 to 4 inputs");
  expect_signal(s);
  const Ints x = input_shape(s, 0);
  if (x.size() != 3) throw std::invalid_argument("the signal must be [batch, length, 1 or 2]");
  const int64_t step = static_cast<int64_t>(constant_scalar(s, 1, "frame_step"));
  const bool window = given(s, 2);
  int64_t length = 0;
  if (given(s, 3))
    length = static_cast<int64_t>(constant_scalar(s, 3, "frame_length"));
  else if (window)
    length = input_shape(s, 2).at(0);
  else
    throw std::invalid_argument("STFT needs a window or a frame_length");
  if (step < 1 || length < 1 || length > x[1])
    throw std::invalid_argument(
        "frame_step and frame_length must be positive, the frame no longer than the signal");
  const bool onesided = a.get_flag("onesided", true);
  if (onesided && x[2] == 2)
    throw sdk::unsupported("a onesided STFT of a complex signal is not offered");
  return one([step, length, window, onesided](const Args& in) {
    at::Tensor frames =
        as_complex(in[0].to(at::kDouble)).unfold(1, length, step);  // [batch, frames, length]
    if (window) frames = frames * in[2].to(frames.scalar_type());
    at::Tensor y = at::fft_fft(frames, c10::nullopt, -1);
    if (onesided) y = y.narrow(-1, 0, length / 2 + 1);
    return at::view_as_real(y).to(in[0].scalar_type()).contiguous();
  });
}

at::ScalarType mel_type(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"output_datatype"});
  sdk::expect_count(s.inputs.size(), 5, "inputs");
  const int64_t dtype = a.get_int("output_datatype", 1);
  if (dtype != 1 && dtype != 11)
    throw sdk::unsupported("output_datatype " + std::to_string(dtype) + " is not offered");
  return dtype == 1 ? at::kFloat : at::kDouble;
}

// The triangles between mel-spaced bins: [dft_length / 2 + 1, num_mel_bins].
at::Tensor mel_matrix(const Args& in, at::ScalarType t) {
  auto number = [](const at::Tensor& v) { return v.to(at::kDouble).item<double>(); };
  const int64_t mels = static_cast<int64_t>(number(in[0])),
                dft = static_cast<int64_t>(number(in[1]));
  const double rate = number(in[2]), lo = number(in[3]), hi = number(in[4]);
  if (mels < 1 || dft < 1 || rate <= 0 || lo < 0 || hi < lo)
    throw std::invalid_argument(
        "need num_mel_bins, dft_length, sample_rate > 0 and 0 <= lower_edge_hertz <= "
        "upper_edge_hertz");
  const int64_t rows = dft / 2 + 1;
  auto mel = [](double hz) { return 2595 * std::log10(1 + hz / 700); };
  const double step = (mel(hi) - mel(lo)) / static_cast<double>(mels + 2);
  std::vector<int64_t> bin;
  for (int64_t i = 0; i < mels + 2; ++i) {
    const double hz = 700 * (std::pow(10.0, (static_cast<double>(i) * step + mel(lo)) / 2595) - 1);
    bin.push_back(static_cast<int64_t>(std::floor(static_cast<double>(dft + 1) * hz / rate)));
  }
  at::Tensor y = at::zeros({rows, mels}, at::kDouble);
  double* p = y.data_ptr<double>();
  auto cell = [&](int64_t r, int64_t m) -> double& {
    if (r < 0 || r >= rows) throw std::invalid_argument("a mel bin falls outside the spectrum");
    return p[r * mels + m];
  };
  for (size_t m = 0; m < static_cast<size_t>(mels); ++m) {
    const int64_t l = bin[m], c = bin[m + 1], h = bin[m + 2];
    const int64_t col = static_cast<int64_t>(m);
    if (c == l) cell(c, col) = 1;
    for (int64_t j = l; c != l && j <= c; ++j)
      cell(j, col) = static_cast<double>(j - l) / static_cast<double>(c - l);
    for (int64_t j = c; j < h; ++j)
      cell(j, col) = static_cast<double>(h - j) / static_cast<double>(h - c);
  }
  return y.to(t);
}

NodeFn spectral_mel(const Attrs& a, const NodeSignature& s) {
  const at::ScalarType t = mel_type(a, s);
  return one([t](const Args& in) { return mel_matrix(in, t); });
}
std::vector<TensorInfo> declare_mel(const Attrs& a, const NodeSignature& s) {
  return {info(mel_type(a, s), {-1, -1})};
}

constexpr ValueOp kMelOps[] = {
    {"MelWeightMatrix", "ONNX MelWeightMatrix as ONNX's reference computes it", spectral_mel,
     declare_mel},
};

constexpr NodeOp kSpectralOps[] = {
    {"DFT", "ONNX DFT via at::fft_fft / at::fft_ifft (real or complex signals, onesided)",
     spectral_dft},
    {"STFT", "ONNX STFT: framed by unfold, windowed, via at::fft_fft", spectral_stft},
};

}  // namespace

void add_spectral_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kSpectralOps>(ops, cuda);
  add_value_table<kMelOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
