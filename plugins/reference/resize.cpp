// ONNX Resize (opsets 10 to 18) and Upsample (7 to 9) as a fixed linear map computed at create()
// from the shapes, the constant scales/sizes/roi and the attributes: each output element is a
// weighted sum of input elements (nearest: one weight 1), or extrapolation_value outside the
// tf_crop_and_resize region. The weights follow ONNX's reference implementation dimension by
// dimension: every coordinate_transformation_mode, nearest_mode, cubic_coeff_a and
// exclude_outside; neighbours past the edge repeat the edge. float32/float64; the gradient is
// the transposed map.
#include "resize.h"

#include <algorithm>
#include <cmath>

#include "dtypes.h"

namespace d500::reference {
namespace {

struct Tap {
  int64_t index;  // along the dimension, or kOutside
  double weight;
};
constexpr int64_t kOutside = -1;

struct Options {
  std::string coord = "half_pixel", mode = "nearest", nearest = "round_prefer_floor";
  double a = -0.75, extrapolation = 0;
  bool exclude_outside = false;
};

// The input coordinate of output coordinate x along a dimension (ONNX's transformations).
// `out` is scale * in, not rounded, as in ONNX's reference (align_corners downsampling by 0.6
// maps onto a length of 2.4).
double original_coordinate(const Options& o, double x, double scale, int64_t in_len,
                           double roi_start, double roi_end) {
  const double in = static_cast<double>(in_len), out = scale * in;
  const std::string& m = o.coord;
  if (m == "half_pixel") return (x + 0.5) / scale - 0.5;
  if (m == "pytorch_half_pixel") return out > 1 ? (x + 0.5) / scale - 0.5 : 0.0;
  if (m == "align_corners") return out == 1 ? 0.0 : x * (in - 1) / (out - 1);
  if (m == "asymmetric") return x / scale;
  if (m == "tf_half_pixel_for_nn") return (x + 0.5) / scale;
  if (m == "tf_crop_and_resize")
    return out > 1 ? roi_start * (in - 1) + x * (roi_end - roi_start) * (in - 1) / (out - 1)
                   : 0.5 * (roi_start + roi_end) * (in - 1);
  throw std::invalid_argument("coordinate_transformation_mode '" + m + "' is not one ONNX defines");
}

// The coefficients of the neighbours at ratio r in (0, 1].
std::vector<double> coefficients(const Options& o, double r) {
  if (o.mode == "linear") return {1 - r, r};
  if (o.mode == "cubic") {
    const double a = o.a, s = 1 - r;
    return {((a * (r + 1) - 5 * a) * (r + 1) + 8 * a) * (r + 1) - 4 * a,
            ((a + 2) * r - (a + 3)) * r * r + 1, ((a + 2) * s - (a + 3)) * s * s + 1,
            ((a * (s + 1) - 5 * a) * (s + 1) + 8 * a) * (s + 1) - 4 * a};
  }
  if (r == 1) return {0, 1};
  const std::string& n = o.nearest;
  if (n == "round_prefer_floor") return {r <= 0.5 ? 1.0 : 0.0, r > 0.5 ? 1.0 : 0.0};
  if (n == "round_prefer_ceil") return {r < 0.5 ? 1.0 : 0.0, r >= 0.5 ? 1.0 : 0.0};
  if (n == "floor") return {1, 0};
  if (n == "ceil") return {0, 1};
  throw std::invalid_argument("nearest_mode '" + n + "' is not one ONNX defines");
}

// The taps of every output coordinate along one dimension.
std::vector<std::vector<Tap>> dimension_taps(const Options& o, int64_t in, int64_t out,
                                             double scale, double roi_start, double roi_end) {
  std::vector<std::vector<Tap>> taps(static_cast<size_t>(out));
  for (int64_t x = 0; x < out; ++x) {
    const double xo = original_coordinate(o, static_cast<double>(x), scale, in, roi_start, roi_end);
    if (o.coord == "tf_crop_and_resize" && (xo < 0 || xo > static_cast<double>(in - 1))) {
      taps[x] = {{kOutside, 1.0}};
      continue;
    }
    // The left neighbour is floor(xo), or xo - 1 at an integer (ratio 1), as ONNX prefers.
    const double fl = std::floor(xo);
    const double r = xo == fl ? 1.0 : xo - fl;
    const int64_t left = static_cast<int64_t>(fl) - (xo == fl ? 1 : 0);
    std::vector<double> c = coefficients(o, r);
    const int64_t n = static_cast<int64_t>(c.size()), first = left - n / 2 + 1;
    double sum = 0;
    for (int64_t k = 0; k < n; ++k) {
      const int64_t i = first + k;
      if (o.exclude_outside && (i < 0 || i >= in)) c[k] = 0;
      sum += c[k];
    }
    for (int64_t k = 0; k < n; ++k) {
      const double w = o.exclude_outside ? c[k] / sum : c[k];
      if (w != 0) taps[x].push_back({std::clamp<int64_t>(first + k, 0, in - 1), w});
    }
  }
  return taps;
}

// Resize, or Upsample (its older defaults; scales an attribute before opset 9).
template <bool Upsample>
class Resizer : public sdk::Operator<Resizer<Upsample>> {
 public:
  Resizer(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c) {
    const bool upsample = Upsample;
    attrs.expect_only({"mode", "coordinate_transformation_mode", "cubic_coeff_a", "exclude_outside",
                       "extrapolation_value", "nearest_mode", "antialias", "axes",
                       "keep_aspect_ratio_policy", "scales"});
    if (attrs.get_int("antialias", 0) != 0 || attrs.has("axes") ||
        attrs.get_string("keep_aspect_ratio_policy", "stretch") != "stretch")
      throw sdk::unsupported("antialias, axes and keep_aspect_ratio_policy are not implemented");
    in_ = in;
    x_ = in.at(0);
    dtype_ = real_dtype({x_});
    const int64_t opset = opset_of(attrs);
    const bool old = upsample || opset < 11;  // asymmetric coordinates, floor for nearest
    Options o = options(attrs, old);
    const size_t rank = x_.ndim();
    std::vector<double> scales, roi;
    Shape y;
    read_targets(attrs, in, c, old, upsample, scales, y, roi);
    if (y.size() != rank || scales.size() != rank)
      throw std::invalid_argument("scales or sizes must have one entry per dimension of " +
                                  x_.str());
    for (size_t d = 0; d < rank; ++d)
      taps_.push_back(dimension_taps(o, x_.shape()[d], y[d], scales[d], roi.empty() ? 0.0 : roi[d],
                                     roi.empty() ? 1.0 : roi[d + rank]));
    y_ = y;
    extrapolation_ = o.extrapolation;
  }

  std::vector<TensorInfo> outputs() const { return {real_info(dtype_, y_)}; }

  void forward(Inputs in, Outputs out) {
    check(in);
    expect_shape(out[0], y_, "Y");
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      const T* x = in[0].as<T>().data();
      std::vector<double> acc(static_cast<size_t>(numel(y_)), 0.0);
      each([&](int64_t o, int64_t src, double w) {
        acc[o] += w * (src < 0 ? extrapolation_ : static_cast<double>(x[src]));
      });
      T* y = out[0].as<T>().data();
      for (size_t i = 0; i < acc.size(); ++i) y[i] = static_cast<T>(acc[i]);
    });
  }

  void backward(Inputs dys, Inputs in, Inputs, Outputs dx) {
    check(in);
    for (size_t k = 1; k < dx.size(); ++k) zero_gradient(dx[k]);
    if (!dx[0].defined()) return;
    dispatch(dtype_, [&](auto tag) {
      using T = decltype(tag);
      const T* dy = dys[0].as<T>().data();
      std::vector<double> g(static_cast<size_t>(x_.numel()), 0.0);
      each([&](int64_t o, int64_t src, double w) {
        if (src >= 0) g[src] += w * dy[o];
      });
      T* out = dx[0].as<T>().data();
      for (size_t i = 0; i < g.size(); ++i) out[i] = static_cast<T>(g[i]);
    });
  }

  Cost cost() const {
    double taps = 1;
    for (const auto& t : taps_) taps *= t.empty() ? 1 : static_cast<double>(t[0].size());
    const double n = static_cast<double>(numel(y_));
    return {2 * taps * n,
            (n + static_cast<double>(x_.numel())) * static_cast<double>(real_size(dtype_))};
  }

 private:
  static Options options(const Attributes& attrs, bool old) {
    Options o;
    o.mode = attrs.get_string("mode", "nearest");
    if (o.mode == "bilinear") o.mode = "linear";  // Upsample-7's name
    if (o.mode != "nearest" && o.mode != "linear" && o.mode != "cubic")
      throw std::invalid_argument("mode '" + o.mode + "' is not nearest, linear or cubic");
    o.coord = attrs.get_string("coordinate_transformation_mode", old ? "asymmetric" : "half_pixel");
    o.nearest = attrs.get_string("nearest_mode", old ? "floor" : "round_prefer_floor");
    o.a = attrs.get_float("cubic_coeff_a", -0.75);
    o.exclude_outside = attrs.get_flag("exclude_outside", false);
    o.extrapolation = attrs.get_float("extrapolation_value", 0.0);
    coefficients(o, 0.5);  // refuses an unknown nearest_mode here
    return o;
  }

  // Output shape, the scales the coordinates use and the roi, from the inputs of each opset.
  void read_targets(const Attributes& attrs, const std::vector<TensorInfo>& in,
                    const sdk::Constants& c, bool old, bool upsample, std::vector<double>& scales,
                    Shape& y, std::vector<double>& roi) const {
    const size_t scales_at = old ? 1 : 2, sizes_at = 3;
    auto given = [&](size_t i) { return i < in.size() && in[i].present() && in[i].numel() > 0; };
    if (upsample && opset_of_attrs_old(attrs)) {
      scales = attrs.get_floats("scales");
    } else if (given(sizes_at) && !old) {
      need_constant(c, sizes_at, "sizes");
      for (int64_t s : c.ints(sizes_at, "sizes")) y.push_back(s);
    } else if (given(scales_at)) {
      need_constant(c, scales_at, "scales");
      scales = c.reals(scales_at, "scales");
    } else {
      throw std::invalid_argument("one of scales and sizes must be given");
    }
    if (!old && given(1) &&
        attrs.get_string("coordinate_transformation_mode", "") == "tf_crop_and_resize") {
      need_constant(c, 1, "roi");
      roi = c.reals(1, "roi");
      if (roi.size() != 2 * x_.ndim()) throw std::invalid_argument("roi must hold 2 * rank values");
    }
    const Shape& s = x_.shape();
    if (y.empty()) {
      for (size_t d = 0; d < scales.size() && d < s.size(); ++d) {
        if (!(scales[d] > 0)) throw std::invalid_argument("scales must be positive");
        y.push_back(static_cast<int64_t>(std::floor(static_cast<double>(s[d]) * scales[d])));
      }
    } else {
      for (size_t d = 0; d < y.size() && d < s.size(); ++d) {
        if (y[d] < 0) throw std::invalid_argument("sizes must not be negative");
        scales.push_back(s[d] ? static_cast<double>(y[d]) / static_cast<double>(s[d]) : 1.0);
      }
    }
  }
  static bool opset_of_attrs_old(const Attributes& attrs) { return opset_of(attrs) < 9; }

  void check(Inputs in) const {
    sdk::expect_count(in.size(), in_.size(), "inputs");
    expect_shape(in[0], x_.shape(), "X");
  }

  // tap(o, source index or -1 for the extrapolation value, weight) per term of each output o.
  template <class Tap3>
  void each(Tap3&& tap) const {
    const auto st = strides_of(x_.shape());
    for_each_output([&](int64_t o, const int64_t* idx) {
      combine(0, idx, 0, 1.0, st, [&](int64_t src, double w) { tap(o, src, w); });
    });
  }
  template <class F>
  void for_each_output(F&& f) const {
    std::vector<int64_t> idx(y_.size(), 0);
    for (int64_t o = 0; o < numel(y_); ++o) {
      f(o, idx.data());
      for (size_t d = y_.size(); d-- > 0;) {
        if (++idx[d] < y_[d]) break;
        idx[d] = 0;
      }
    }
  }
  template <class F>
  void combine(size_t d, const int64_t* idx, int64_t src, double w, const std::vector<int64_t>& st,
               F&& f) const {
    if (d == taps_.size()) return f(src, w);
    for (const Tap& t : taps_[d][static_cast<size_t>(idx[d])]) {
      if (t.index == kOutside) return f(-1, w);  // the whole element is extrapolated
      combine(d + 1, idx, src + t.index * st[d], w * t.weight, st, f);
    }
  }

  std::vector<TensorInfo> in_;
  TensorInfo x_;
  Real dtype_ = Real::Float32;
  Shape y_;
  std::vector<std::vector<std::vector<Tap>>> taps_;  // per dimension, per output coordinate
  double extrapolation_ = 0;
};

}  // namespace

void add_resize_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Resizer<false>::define(
      {.op_type = "Resize",
       .description = "ONNX Resize 10-18, nearest/linear/cubic, every coordinate transformation; "
                      "constant scales, sizes and roi; float32/float64",
       .since_opset = 10,
       .until_opset = 18}));
  ops.push_back(Resizer<true>::define({.op_type = "Upsample",
                                       .description = "ONNX Upsample 7-9 (nearest, linear); "
                                                      "constant scales",
                                       .since_opset = 7,
                                       .until_opset = 9}));
}

}  // namespace d500::reference
