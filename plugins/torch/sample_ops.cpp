// ONNX GridSample (via at::grid_sampler), MaxUnpool, QuantizeLinear / DequantizeLinear of
// uint8 (and int32 for DequantizeLinear) and RoiAlign; one NodeOp entry each serves the kernel
// and the torch executor (node_kernel.h), gradients by autograd where they exist.
#include <algorithm>
#include <cmath>

#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

// GridSample (opset 16: bilinear, nearest, bicubic; opset 20 names linear and cubic).
NodeFn sample_grid(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"align_corners", "mode", "padding_mode"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  offer(is_real(common_type(s)), common_type(s), "float32 and float64 are");
  const Ints x = input_shape(s, 0), grid = input_shape(s, 1);
  if (x.size() != 4 || grid.size() != 4 || grid[3] != 2 || grid[0] != x[0])
    throw sdk::unsupported("GridSample other than X [N, C, H, W] with grid [N, H_out, W_out, 2]");
  const std::string mode = a.get_string("mode", "bilinear"),
                    pad = a.get_string("padding_mode", "zeros");
  const int64_t interp = mode == "bilinear" || mode == "linear" ? 0
                         : mode == "nearest"                    ? 1
                         : mode == "bicubic" || mode == "cubic" ? 2
                                                                : -1;
  if (interp < 0)
    throw std::invalid_argument("mode '" + mode + "' is not bilinear, nearest or bicubic");
  const int64_t padding = pad == "zeros" ? 0 : pad == "border" ? 1 : pad == "reflection" ? 2 : -1;
  if (padding < 0)
    throw std::invalid_argument("padding_mode '" + pad + "' is not zeros, border or reflection");
  const bool corners = a.get_flag("align_corners", false);
  return one([interp, padding, corners](const Args& in) {
    return at::grid_sampler(in[0], in[1], interp, padding, corners);
  });
}

// MaxUnpool: X's values scattered to the flat positions I names (MaxPool's Indices) in zeros of
// the shape the pooling geometry gives, then zero-padded at the end to output_shape (a constant)
// when one is given.
NodeFn sample_max_unpool(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"kernel_shape", "pads", "strides"});
  if (s.inputs.size() < 2 || s.inputs.size() > 3)
    throw std::invalid_argument("expects X, I and optional output_shape");
  offer(is_real(input_type(s, 0)), input_type(s, 0), "float32 and float64 are");
  const Ints x = input_shape(s, 0);
  if (x.size() < 3 || input_shape(s, 1) != x)
    throw std::invalid_argument("X and I must both be [N, C, d1..dk]");
  const size_t n = x.size() - 2;
  const Ints kernel = a.get_ints("kernel_shape"), strides = a.get_ints("strides", Ints(n, 1)),
             pads = a.get_ints("pads", Ints(2 * n, 0));
  if (kernel.size() != n || strides.size() != n || pads.size() != 2 * n)
    throw std::invalid_argument("kernel_shape, strides and pads must match the spatial rank");
  Ints out{x[0], x[1]};
  for (size_t i = 0; i < n; ++i)
    out.push_back((x[i + 2] - 1) * strides[i] + kernel[i] - pads[i] - pads[i + n]);
  Ints grow(n, 0);
  if (given(s, 2)) {
    const Ints wanted = constant_ints(s, 2, "output_shape");
    if (wanted.size() != x.size() || wanted[0] != x[0] || wanted[1] != x[1])
      throw std::invalid_argument("output_shape must be [N, C, ...] of X's rank");
    for (size_t i = 0; i < n; ++i) {
      grow[i] = wanted[i + 2] - out[i + 2];
      if (grow[i] < 0)
        throw std::invalid_argument("output_shape is smaller than the pooling's input");
    }
  }
  const Ints pad = aten_pads(Ints(n, 0), grow);
  return one([out, pad](const Args& in) {
    const at::Tensor flat = at::zeros({numel(out)}, in[0].options());
    const at::Tensor y =
        flat.scatter(0, in[1].reshape({-1}).to(at::kLong), in[0].reshape({-1})).reshape(out);
    return at::constant_pad_nd(y, pad, 0);
  });
}

// A per-axis parameter (1-D of the axis' length) viewed to broadcast along `axis`; a scalar as is.
at::Tensor along(const at::Tensor& t, int64_t rank, int64_t axis) {
  if (t.dim() == 0 || t.numel() == 1) return t.reshape({});
  Ints view(static_cast<size_t>(rank), 1);
  view[static_cast<size_t>(axis)] = -1;
  return t.reshape(view);
}

// The axis a per-axis scale runs along (0, unused, for a scalar scale).
int64_t quant_axis(const Attrs& a, const NodeSignature& s) {
  const Ints scale = input_shape(s, 1);
  if (numel(scale) <= 1) return 0;
  const int64_t axis = norm_axis(a.get_int("axis", 1), rank_of(s, 0));
  if (scale != Ints{input_shape(s, 0)[axis]})
    throw std::invalid_argument("a per-axis scale must have the axis' length");
  return axis;
}

// QuantizeLinear to uint8: saturate(round_half_even(x / scale) + zero_point).
NodeFn sample_quantize(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis", "saturate"});
  if (s.inputs.size() < 2 || s.inputs.size() > 3)
    throw std::invalid_argument("expects x, y_scale and optional y_zero_point");
  offer(is_real(input_type(s, 0)), input_type(s, 0), "float32 and float64 are");
  if (given(s, 2))
    offer(input_type(s, 2) == at::kByte, input_type(s, 2), "uint8 is (as zero point)");
  const int64_t rank = rank_of(s, 0), axis = quant_axis(a, s);
  const bool zp = given(s, 2);
  return one([rank, axis, zp](const Args& in) {
    at::Tensor q = at::round(in[0] / along(in[1], rank, axis));
    if (zp) q = q + along(in[2], rank, axis).to(q.scalar_type());
    return at::clamp(q, 0, 255).to(at::kByte);
  });
}

// DequantizeLinear of uint8 or int32: (x - zero_point) * scale.
NodeFn sample_dequantize(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis"});
  if (s.inputs.size() < 2 || s.inputs.size() > 3)
    throw std::invalid_argument("expects x, x_scale and optional x_zero_point");
  const at::ScalarType t = input_type(s, 0);
  offer(t == at::kByte || t == at::kInt, t, "uint8 and int32 are");
  offer(is_real(input_type(s, 1)), input_type(s, 1), "float32 and float64 scales are");
  const int64_t rank = rank_of(s, 0), axis = quant_axis(a, s);
  const bool zp = given(s, 2);
  return one([rank, axis, zp](const Args& in) {
    const at::Tensor scale = along(in[1], rank, axis);
    at::Tensor x = in[0].to(scale.scalar_type());
    if (zp) x = x - along(in[2], rank, axis).to(scale.scalar_type());
    return x * scale;
  });
}

// RoiAlign (opset 16) as ONNX Runtime computes it: per ROI, gh x gw bilinear samples per output
// bin (sampling_ratio, or adaptive), gathered with index_select, averaged (or their largest
// weighted corner term, mode max). Autograd reaches X.
struct RoiForm {
  bool half_pixel = true, max = false;
  int64_t oh = 1, ow = 1, ratio = 0;
  double scale = 1.0;
};

// Sample positions along one axis of an ROI: `bins` bins of `grid` samples from `start`, with
// ONNX Runtime's clamping: low and high indices, the fraction, and whether the sample counts.
struct Axis {
  at::Tensor lo, hi, frac, valid;
};
Axis roi_axis(double start, double extent, int64_t bins, int64_t grid, int64_t size) {
  const double bin = extent / static_cast<double>(bins);
  at::Tensor i = at::arange(bins * grid, at::kDouble);
  at::Tensor pos = start + at::floor_divide(i, grid) * bin +
                   (at::remainder(i, grid) + 0.5) * bin / static_cast<double>(grid);
  Axis a;
  a.valid = (pos >= -1.0).logical_and(pos <= static_cast<double>(size));
  pos = at::clamp_min(pos, 0.0);
  at::Tensor lo = pos.floor().to(at::kLong);
  const at::Tensor edge = lo >= size - 1;
  lo = at::clamp_max(lo, size - 1);
  pos = at::where(edge, lo.to(at::kDouble), pos);
  a.lo = lo;
  a.hi = at::where(edge, lo, lo + 1);
  a.frac = pos - lo.to(at::kDouble);
  return a;
}

at::Tensor roi_one(const at::Tensor& plane, const double* q, const RoiForm& f) {
  const int64_t H = plane.size(1), W = plane.size(2);
  const double off = f.half_pixel ? 0.5 : 0.0;
  const double x0 = q[0] * f.scale - off, y0 = q[1] * f.scale - off;
  double rw = q[2] * f.scale - off - x0, rh = q[3] * f.scale - off - y0;
  if (!f.half_pixel) rw = std::max(rw, 1.0), rh = std::max(rh, 1.0);
  const int64_t gh =
      f.ratio > 0 ? f.ratio : static_cast<int64_t>(std::ceil(rh / static_cast<double>(f.oh)));
  const int64_t gw =
      f.ratio > 0 ? f.ratio : static_cast<int64_t>(std::ceil(rw / static_cast<double>(f.ow)));
  const int64_t C = plane.size(0);
  if (gh * gw == 0) return at::zeros({C, f.oh, f.ow}, plane.options());
  const Axis ay = roi_axis(y0, rh, f.oh, gh, H), ax = roi_axis(x0, rw, f.ow, gw, W);
  const auto opt = plane.options();
  const at::Tensor ly = ay.frac.to(opt).view({1, -1, 1}), lx = ax.frac.to(opt).view({1, 1, -1});
  auto corner = [&](const at::Tensor& yi, const at::Tensor& xi) {
    return plane.index_select(1, yi).index_select(2, xi);
  };
  const at::Tensor t[4] = {(1 - ly) * (1 - lx) * corner(ay.lo, ax.lo),
                           (1 - ly) * lx * corner(ay.lo, ax.hi),
                           ly * (1 - lx) * corner(ay.hi, ax.lo), ly * lx * corner(ay.hi, ax.hi)};
  const at::Tensor valid =
      (ay.valid.view({-1, 1}).logical_and(ax.valid.view({1, -1}))).to(opt.device()).unsqueeze(0);
  at::Tensor v = f.max ? at::maximum(at::maximum(t[0], t[1]), at::maximum(t[2], t[3]))
                       : t[0] + t[1] + t[2] + t[3];
  v = at::where(valid, v, at::zeros_like(v)).view({C, f.oh, gh, f.ow, gw});
  return f.max ? v.amax({2, 4}) : v.sum({2, 4}) / static_cast<double>(gh * gw);
}

NodeFn sample_roi_align(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"coordinate_transformation_mode", "mode", "output_height", "output_width",
                 "sampling_ratio", "spatial_scale"});
  sdk::expect_count(s.inputs.size(), 3, "inputs");
  offer(is_real(common_type(s, 0, 2)), input_type(s, 0), "float32 and float64 are");
  const Ints x = input_shape(s, 0), r = input_shape(s, 1);
  if (x.size() != 4 || r.size() != 2 || r[1] != 4 || input_shape(s, 2) != Ints{r[0]})
    throw std::invalid_argument("X must be [N, C, H, W], rois [R, 4] and batch_indices [R]");
  RoiForm f;
  const std::string ctm = a.get_string("coordinate_transformation_mode", "half_pixel");
  if (ctm != "half_pixel" && ctm != "output_half_pixel")
    throw std::invalid_argument("coordinate_transformation_mode '" + ctm +
                                "' is not half_pixel or output_half_pixel");
  f.half_pixel = ctm == "half_pixel" && a.get_int(D500_ATTR_OPSET, 16) >= 16;
  const std::string mode = a.get_string("mode", "avg");
  if (mode != "avg" && mode != "max")
    throw std::invalid_argument("mode '" + mode + "' is not avg or max");
  f.max = mode == "max";
  f.oh = a.get_int("output_height", 1), f.ow = a.get_int("output_width", 1);
  f.ratio = a.get_int("sampling_ratio", 0), f.scale = a.get_float("spatial_scale", 1.0);
  if (f.oh < 1 || f.ow < 1 || f.ratio < 0)
    throw std::invalid_argument("output sizes must be positive");
  const int64_t batch = x[0];
  return one([f, batch](const Args& in) {
    const at::Tensor rois = in[1].to(at::kCPU, at::kDouble).contiguous();
    const at::Tensor idx = in[2].to(at::kCPU, at::kLong).contiguous();
    std::vector<at::Tensor> ys;
    for (int64_t k = 0; k < rois.size(0); ++k) {
      const int64_t n = idx.data_ptr<int64_t>()[k];
      if (n < 0 || n >= batch)
        throw std::invalid_argument("batch_indices holds " + std::to_string(n));
      ys.push_back(roi_one(in[0][n], rois.data_ptr<double>() + k * 4, f));
    }
    if (ys.empty()) return at::empty({0, in[0].size(1), f.oh, f.ow}, in[0].options());
    return at::stack(ys);
  });
}

constexpr NodeOp kSampleOps[] = {
    {"GridSample", "ONNX GridSample (4-D) via at::grid_sampler", sample_grid},
    {"MaxUnpool", "ONNX MaxUnpool: a scatter of X to MaxPool's flat indices", sample_max_unpool},
    {"QuantizeLinear", "ONNX QuantizeLinear to uint8 (round half to even, saturate)",
     sample_quantize},
    {"DequantizeLinear", "ONNX DequantizeLinear of uint8 or int32", sample_dequantize},
    {"RoiAlign",
     "ONNX RoiAlign (opset 16, avg or max) by bilinear samples gathered with index_select",
     sample_roi_align},
};

}  // namespace

void add_sample_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kSampleOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
