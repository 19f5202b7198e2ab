// ONNX Resize (opset 10-19: nearest with every nearest_mode, linear, cubic with cubic_coeff_a and
// exclude_outside; every coordinate_transformation_mode, tf_crop_and_resize's extrapolation,
// axes and keep_aspect_ratio_policy) and Upsample (opset 7-9), one NodeOp entry each
// (node_kernel.h). Separable: per resized axis the ONNX formulas give, at compile time, each
// output position's source indices and weights; nearest runs as index_select (any dtype),
// linear and cubic as a matmul with the [out, in] weight matrix (float32/float64; gradients by
// autograd). scales, sizes and roi must be constants; antialias is not offered.
#include <cmath>

#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

struct ResizeSpec {
  std::string mode = "nearest", coordinates = "half_pixel", nearest = "round_prefer_floor";
  double cubic_a = -0.75, extrapolation = 0;
  bool exclude_outside = false;
};

// The source coordinate of output position i (ONNX's coordinate_transformation_mode).
double source_coordinate(const ResizeSpec& r, int64_t i, int64_t in, int64_t out, double scale,
                         double start, double end) {
  const double x = static_cast<double>(i), n = static_cast<double>(in),
               m = static_cast<double>(out);
  const std::string& c = r.coordinates;
  if (c == "asymmetric") return x / scale;
  // With scales given the resized length is in * scale, not its floor (as ONNX's reference).
  if (c == "align_corners") return out == 1 ? 0 : x * (n - 1) / (n * scale - 1);
  if (c == "pytorch_half_pixel") return out > 1 ? (x + 0.5) / scale - 0.5 : 0;
  if (c == "half_pixel_symmetric") {
    const double adjustment = m / (scale * n), centre = n / 2;
    return centre * (1 - adjustment) + (x + 0.5) / scale - 0.5;
  }
  if (c == "tf_crop_and_resize")
    return out > 1 ? start * (n - 1) + x * (end - start) * (n - 1) / (m - 1)
                   : 0.5 * (start + end) * (n - 1);
  return (x + 0.5) / scale - 0.5;  // half_pixel
}

int64_t nearest_index(const std::string& mode, double x) {
  const double f = std::floor(x);
  if (mode == "floor") return static_cast<int64_t>(f);
  if (mode == "ceil") return static_cast<int64_t>(std::ceil(x));
  if (x == f + 0.5) return static_cast<int64_t>(mode == "round_prefer_ceil" ? f + 1 : f);
  return static_cast<int64_t>(std::round(x));
}

std::vector<double> cubic_weights(double r, double a) {
  auto far = [a](double t) { return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a; };
  auto near = [a](double t) { return ((a + 2) * t - (a + 3)) * t * t + 1; };
  return {far(r + 1), near(r), near(1 - r), far(2 - r)};
}

// One resized axis: the [out, in] weights, the nearest sources, the outside positions.
struct AxisPlan {
  int64_t axis = 0, in = 0, out = 0;
  std::vector<double> weights;   // linear, cubic: row-major [out, in]
  Ints source;                   // nearest
  std::vector<uint8_t> outside;  // tf_crop_and_resize: positions that take extrapolation_value
  bool any_outside = false;
};

AxisPlan plan_axis(const ResizeSpec& r, int64_t axis, int64_t in, int64_t out, double scale,
                   double start, double end) {
  AxisPlan p;
  p.axis = axis, p.in = in, p.out = out;
  p.outside.assign(static_cast<size_t>(out), 0);
  if (r.mode != "nearest") p.weights.assign(static_cast<size_t>(out * in), 0.0);
  for (int64_t i = 0; i < out; ++i) {
    const double x = source_coordinate(r, i, in, out, scale, start, end);
    if (r.coordinates == "tf_crop_and_resize" && (x < 0 || x > static_cast<double>(in - 1)))
      p.outside[i] = 1, p.any_outside = true;
    if (r.mode == "nearest") {
      p.source.push_back(std::clamp<int64_t>(nearest_index(r.nearest, x), 0, in - 1));
      continue;
    }
    const double f = std::floor(x), ratio = x - f;
    const std::vector<double> w = r.mode == "linear" ? std::vector<double>{1 - ratio, ratio}
                                                     : cubic_weights(ratio, r.cubic_a);
    const int64_t first = static_cast<int64_t>(f) - (r.mode == "linear" ? 0 : 1);
    double kept = 0;
    for (size_t k = 0; k < w.size(); ++k) {
      const int64_t j = first + static_cast<int64_t>(k);
      if (r.exclude_outside && (j < 0 || j >= in)) continue;
      p.weights[static_cast<size_t>(i * in + std::clamp<int64_t>(j, 0, in - 1))] += w[k];
      kept += w[k];
    }
    if (r.exclude_outside && kept != 0)
      for (int64_t j = 0; j < in; ++j) p.weights[static_cast<size_t>(i * in + j)] /= kept;
  }
  return p;
}

at::Tensor apply_axis(const at::Tensor& x, const AxisPlan& p, const ResizeSpec& r) {
  at::Tensor y;
  if (r.mode == "nearest") {
    y = at::index_select(x, p.axis, at::tensor(p.source, x.options().dtype(at::kLong)));
  } else {
    const at::Tensor w =
        at::tensor(p.weights, x.options().dtype(at::kDouble)).reshape({p.out, p.in});
    y = at::matmul(x.movedim(p.axis, -1), w.to(x.scalar_type()).t()).movedim(-1, p.axis);
  }
  if (!p.any_outside) return y;
  Ints view(static_cast<size_t>(x.dim()), 1);
  view[static_cast<size_t>(p.axis)] = p.out;
  const at::Tensor mask =
      at::tensor(Ints(p.outside.begin(), p.outside.end()), x.options().dtype(at::kLong))
          .to(at::kBool)
          .reshape(view);
  return at::where(mask, at::full({}, r.extrapolation, y.options()), y);
}

NodeFn resize_plan(const ResizeSpec& r, const Ints& x, const std::vector<double>& scales,
                   const Ints& sizes, const std::vector<double>& roi) {
  std::vector<AxisPlan> plan;
  for (size_t d = 0; d < x.size(); ++d) {
    const double start = roi.empty() ? 0 : roi[d], end = roi.empty() ? 1 : roi[d + x.size()];
    if (sizes[d] == x[d] && scales[d] == 1.0 && r.coordinates != "tf_crop_and_resize") continue;
    if (x[d] == 0) throw std::invalid_argument("cannot resize an empty dimension");
    plan.push_back(plan_axis(r, static_cast<int64_t>(d), x[d], sizes[d], scales[d], start, end));
  }
  return one([plan, r](const Args& in) {
    at::Tensor y = in[0];
    for (const AxisPlan& p : plan) y = apply_axis(y, p, r);
    return y;
  });
}

// Per-dimension values of a list given for `axes` only (opset 18), others `fill`.
template <class T>
std::vector<T> per_dimension(const std::vector<T>& v, const Ints& axes, size_t rank, T fill) {
  if (axes.empty()) {
    if (v.size() != rank) throw std::invalid_argument("expected one value per dimension");
    return v;
  }
  if (v.size() != axes.size()) throw std::invalid_argument("expected one value per axis");
  std::vector<T> out(rank, fill);
  for (size_t i = 0; i < axes.size(); ++i)
    out[static_cast<size_t>(norm_axis(axes[i], static_cast<int64_t>(rank)))] = v[i];
  return out;
}

std::vector<double> constant_reals(const NodeSignature& s, size_t i, const char* what) {
  const at::Tensor c = constant_input(s, i, what).to(at::kDouble).contiguous();
  return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

bool nonempty(const NodeSignature& s, size_t i) {
  return given(s, i) && numel(shape_of(s.inputs[i])) > 0;
}

ResizeSpec resize_spec(const Attrs& a, int64_t opset) {
  ResizeSpec r;
  r.mode = a.get_string("mode", "nearest");
  if (r.mode != "nearest" && r.mode != "linear" && r.mode != "cubic")
    throw std::invalid_argument("mode '" + r.mode + "' is not nearest, linear or cubic");
  if (opset < 11) {
    r.coordinates = "asymmetric", r.nearest = "floor";
    return r;
  }
  r.coordinates = a.get_string("coordinate_transformation_mode", "half_pixel");
  const std::vector<std::string> modes{"half_pixel",         "half_pixel_symmetric",
                                       "pytorch_half_pixel", "align_corners",
                                       "asymmetric",         "tf_crop_and_resize"};
  if (std::find(modes.begin(), modes.end(), r.coordinates) == modes.end())
    throw std::invalid_argument("coordinate_transformation_mode '" + r.coordinates +
                                "' is unknown");
  r.nearest = a.get_string("nearest_mode", "round_prefer_floor");
  if (r.nearest != "round_prefer_floor" && r.nearest != "round_prefer_ceil" &&
      r.nearest != "floor" && r.nearest != "ceil")
    throw std::invalid_argument("nearest_mode '" + r.nearest + "' is unknown");
  r.cubic_a = a.get_float("cubic_coeff_a", -0.75);
  r.exclude_outside = a.get_flag("exclude_outside", false);
  r.extrapolation = a.get_float("extrapolation_value", 0.0);
  if (a.get_flag("antialias", false)) throw sdk::unsupported("Resize with antialias=1");
  return r;
}

void check_dtype(const ResizeSpec& r, const NodeSignature& s) {
  const at::ScalarType t = input_type(s, 0);
  if (r.mode != "nearest") offer(is_real(t), t, "float32 and float64 are (linear and cubic)");
}

// sizes adjusted by keep_aspect_ratio_policy; the scale each dimension is resized by.
void keep_aspect(const std::string& policy, const Ints& x, const Ints& axes, Ints& sizes,
                 std::vector<double>& scales) {
  if (policy == "stretch") return;
  if (policy != "not_larger" && policy != "not_smaller")
    throw std::invalid_argument("keep_aspect_ratio_policy '" + policy + "' is unknown");
  Ints dims = axes;
  if (dims.empty())
    for (size_t d = 0; d < x.size(); ++d) dims.push_back(static_cast<int64_t>(d));
  double scale = policy == "not_larger" ? INFINITY : 0;
  for (int64_t d : dims) {
    const double s = static_cast<double>(sizes[d]) / static_cast<double>(x[d]);
    scale = policy == "not_larger" ? std::min(scale, s) : std::max(scale, s);
  }
  for (int64_t d : dims) {
    sizes[d] = static_cast<int64_t>(std::round(scale * static_cast<double>(x[d])));
    scales[d] = scale;
  }
}

NodeFn resize(const Attrs& a, const NodeSignature& s) {
  const int64_t opset = a.get_int(D500_ATTR_OPSET, 19);
  a.expect_only({"antialias", "axes", "coordinate_transformation_mode", "cubic_coeff_a",
                 "exclude_outside", "extrapolation_value", "keep_aspect_ratio_policy", "mode",
                 "nearest_mode"});
  const ResizeSpec r = resize_spec(a, opset);
  check_dtype(r, s);
  const Ints x = input_shape(s, 0);
  const Ints axes = a.get_ints("axes");
  const size_t scales_at = opset < 11 ? 1 : 2;
  std::vector<double> roi;
  if (opset >= 11 && r.coordinates == "tf_crop_and_resize" && nonempty(s, 1)) {
    roi = constant_reals(s, 1, "roi");
    if (!axes.empty()) {
      const std::vector<double> starts(roi.begin(), roi.begin() + roi.size() / 2),
          ends(roi.begin() + roi.size() / 2, roi.end());
      std::vector<double> all = per_dimension(starts, axes, x.size(), 0.0),
                          all_ends = per_dimension(ends, axes, x.size(), 1.0);
      all.insert(all.end(), all_ends.begin(), all_ends.end());
      roi = all;
    }
    if (roi.size() != 2 * x.size())
      throw std::invalid_argument("roi must have 2 values per dimension");
  }
  std::vector<double> scales;
  Ints sizes;
  if (nonempty(s, scales_at)) {
    if (opset >= 11 && nonempty(s, 3))
      throw std::invalid_argument("give scales or sizes, not both");
    scales = per_dimension(constant_reals(s, scales_at, "scales"), axes, x.size(), 1.0);
    for (size_t d = 0; d < x.size(); ++d) {
      if (scales[d] <= 0) throw std::invalid_argument("scales must be positive");
      const double span = roi.empty() ? 1 : roi[d + x.size()] - roi[d];
      sizes.push_back(
          static_cast<int64_t>(std::floor(static_cast<double>(x[d]) * span * scales[d])));
    }
  } else {
    if (opset < 11 || !nonempty(s, 3)) throw std::invalid_argument("Resize needs scales or sizes");
    sizes = per_dimension(constant_ints(s, 3, "sizes"), axes, x.size(), int64_t{-1});
    for (size_t d = 0; d < x.size(); ++d) {
      if (sizes[d] == -1) sizes[d] = x[d];
      if (sizes[d] < 0) throw std::invalid_argument("sizes must not be negative");
      scales.push_back(static_cast<double>(sizes[d]) / static_cast<double>(x[d]));
    }
    keep_aspect(a.get_string("keep_aspect_ratio_policy", "stretch"), x, axes, sizes, scales);
  }
  return resize_plan(r, x, scales, sizes, roi);
}

// Upsample (opset 7: scales attribute; 9: scales input): asymmetric coordinates, nearest floor.
NodeFn upsample(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"mode", "scales"});
  ResizeSpec r;
  r.mode = a.get_string("mode", "nearest");
  if (r.mode == "bilinear") r.mode = "linear";
  if (r.mode != "nearest" && r.mode != "linear")
    throw std::invalid_argument("mode must be nearest or linear");
  r.coordinates = "asymmetric", r.nearest = "floor";
  check_dtype(r, s);
  const Ints x = input_shape(s, 0);
  const std::vector<double> scales =
      a.has("scales") ? a.get_floats("scales") : constant_reals(s, 1, "scales");
  if (scales.size() != x.size())
    throw std::invalid_argument("scales must have one value per dimension");
  Ints sizes;
  for (size_t d = 0; d < x.size(); ++d) {
    if (scales[d] < 1) throw std::invalid_argument("Upsample scales must be 1 or more");
    sizes.push_back(static_cast<int64_t>(std::floor(static_cast<double>(x[d]) * scales[d])));
  }
  return resize_plan(r, x, scales, sizes, {});
}

constexpr NodeOp kResizeOps[] = {
    {"Resize",
     "ONNX Resize (nearest, linear, cubic; every coordinate mode) as separable "
     "index_select / weight matmuls",
     resize},
    {"Upsample", "ONNX Upsample (nearest, linear) as separable index_select / weight matmuls",
     upsample},
};

}  // namespace

void add_resize_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kResizeOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
