// GridSample (opset 16, 2-D) as PyTorch's grid_sampler defines it: bilinear, nearest or bicubic
// (A = -0.75) sampling of X [N, C, H, W] at grid [N, Ho, Wo, 2] (x, y in [-1, 1]), padding zeros,
// border or reflection, align_corners 0/1. float32/float64 in double (detection_ops.h).
#include <cmath>

#include "detection_ops.h"
#include "quant_common.h"

namespace d500::reference {
namespace {

enum class Mode { Bilinear, Nearest, Bicubic };
enum class Padding { Zeros, Border, Reflection };

// Reflects v into [lo, hi] given as twice their values (PyTorch's reflect_coordinates).
double reflect(double v, double twice_lo, double twice_hi) {
  if (twice_lo == twice_hi) return 0;
  const double lo = twice_lo / 2, span = (twice_hi - twice_lo) / 2;
  v = std::fabs(v - lo);
  const double extra = std::fmod(v, span);
  const auto flips = static_cast<int64_t>(std::floor(v / span));
  return flips % 2 == 0 ? extra + lo : span - extra + lo;
}

class GridSample : public sdk::Operator<GridSample> {
 public:
  GridSample(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"align_corners", "mode", "padding_mode"});
    sdk::expect_count(in.size(), 2, "inputs");
    x_ = in[0], g_ = in[1];
    dtype_ = real_dtype(in);
    if (x_.ndim() != 4 || g_.ndim() != 4 || g_.dim(0) != x_.dim(0) || g_.dim(3) != 2)
      throw sdk::unsupported(
          "GridSample is implemented for X [N, C, H, W] and grid [N, Ho, Wo, 2], got " + x_.str() +
          " and " + g_.str());
    align_ = attrs.get_int("align_corners", 0) != 0;
    const std::string m = attrs.get_string("mode", "bilinear"),
                      p = attrs.get_string("padding_mode", "zeros");
    if (m == "bilinear" || m == "linear")
      mode_ = Mode::Bilinear;
    else if (m == "nearest")
      mode_ = Mode::Nearest;
    else if (m == "bicubic" || m == "cubic")
      mode_ = Mode::Bicubic;
    else
      throw std::invalid_argument("mode '" + m + "' is not bilinear, nearest or bicubic");
    if (p == "zeros")
      pad_ = Padding::Zeros;
    else if (p == "border")
      pad_ = Padding::Border;
    else if (p == "reflection")
      pad_ = Padding::Reflection;
    else
      throw std::invalid_argument("padding_mode '" + p + "' is not zeros, border or reflection");
  }
  std::vector<TensorInfo> outputs() const {
    return {real_info(dtype_, {x_.dim(0), x_.dim(1), g_.dim(1), g_.dim(2)})};
  }
  void forward(Inputs in, Outputs out) const {
    expect_shape(in[0], x_.shape(), "X");
    expect_shape(in[1], g_.shape(), "grid");
    const std::vector<double> x = to_doubles(in[0]), g = to_doubles(in[1]);
    const int64_t N = x_.dim(0), C = x_.dim(1), H = x_.dim(2), W = x_.dim(3);
    const int64_t P = g_.dim(1) * g_.dim(2);
    std::vector<double> y(static_cast<size_t>(N * C * P));
    for (int64_t n = 0; n < N; ++n)
      for (int64_t p = 0; p < P; ++p) {
        const double gx = unnormalize(g[static_cast<size_t>((n * P + p) * 2)], W);
        const double gy = unnormalize(g[static_cast<size_t>((n * P + p) * 2 + 1)], H);
        for (int64_t c = 0; c < C; ++c)
          y[static_cast<size_t>((n * C + c) * P + p)] =
              at(x.data() + (n * C + c) * H * W, H, W, gx, gy);
      }
    write_values(out[0], y);
  }

 private:
  double unnormalize(double v, int64_t size) const {
    const auto s = static_cast<double>(size);
    return align_ ? (v + 1) / 2 * (s - 1) : ((v + 1) * s - 1) / 2;
  }
  // The padding mode applied to a coordinate (border and reflection end clipped to the image).
  double padded(double v, int64_t size) const {
    const auto s = static_cast<double>(size);
    if (pad_ == Padding::Reflection)
      v = align_ ? reflect(v, 0, 2 * (s - 1)) : reflect(v, -1, 2 * s - 1);
    if (pad_ != Padding::Zeros) v = std::min(std::max(v, 0.0), s - 1);
    return v;
  }
  static double pixel(const double* v, int64_t H, int64_t W, int64_t yy, int64_t xx) {
    return yy >= 0 && yy < H && xx >= 0 && xx < W ? v[yy * W + xx] : 0.0;
  }
  // Bicubic taps read through the padding mode, one index at a time (PyTorch's rule).
  double tap(const double* v, int64_t H, int64_t W, int64_t yy, int64_t xx) const {
    if (pad_ == Padding::Zeros) return pixel(v, H, W, yy, xx);
    return pixel(v, H, W, static_cast<int64_t>(padded(static_cast<double>(yy), H)),
                 static_cast<int64_t>(padded(static_cast<double>(xx), W)));
  }
  double at(const double* v, int64_t H, int64_t W, double gx, double gy) const {
    if (mode_ == Mode::Bicubic) return bicubic(v, H, W, gx, gy);
    const double ix = padded(gx, W), iy = padded(gy, H);
    if (mode_ == Mode::Nearest)
      return pixel(v, H, W, static_cast<int64_t>(std::nearbyint(iy)),
                   static_cast<int64_t>(std::nearbyint(ix)));
    const double x0 = std::floor(ix), y0 = std::floor(iy), lx = ix - x0, ly = iy - y0;
    const auto xi = static_cast<int64_t>(x0), yi = static_cast<int64_t>(y0);
    return (1 - ly) * ((1 - lx) * pixel(v, H, W, yi, xi) + lx * pixel(v, H, W, yi, xi + 1)) +
           ly * ((1 - lx) * pixel(v, H, W, yi + 1, xi) + lx * pixel(v, H, W, yi + 1, xi + 1));
  }
  static void cubic_weights(double t, double w[4]) {
    constexpr double A = -0.75;
    auto near = [](double d) { return ((A + 2) * d - (A + 3)) * d * d + 1; };
    auto far = [](double d) { return ((A * d - 5 * A) * d + 8 * A) * d - 4 * A; };
    w[0] = far(t + 1), w[1] = near(t), w[2] = near(1 - t), w[3] = far(2 - t);
  }
  double bicubic(const double* v, int64_t H, int64_t W, double gx, double gy) const {
    const double x0 = std::floor(gx), y0 = std::floor(gy);
    double wx[4], wy[4];
    cubic_weights(gx - x0, wx);
    cubic_weights(gy - y0, wy);
    double acc = 0;
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 4; ++i)
        acc += wy[j] * wx[i] *
               tap(v, H, W, static_cast<int64_t>(y0) - 1 + j, static_cast<int64_t>(x0) - 1 + i);
    return acc;
  }
  TensorInfo x_, g_;
  Real dtype_ = Real::Float32;
  Mode mode_ = Mode::Bilinear;
  Padding pad_ = Padding::Zeros;
  bool align_ = false;
};

}  // namespace

void add_grid_sample_ops(std::vector<d500_operator>& ops) {
  ops.push_back(GridSample::define(
      {.op_type = "GridSample",
       .description = "ONNX GridSample 16-19 (2-D; opset 20 renamed the modes), every mode and "
                      "padding mode",
       .since_opset = 16,
       .until_opset = 19}));
}

}  // namespace d500::reference
