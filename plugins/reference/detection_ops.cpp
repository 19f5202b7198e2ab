// NonMaxSuppression and RoiAlign (detection_ops.h), computed in double.
#include "detection_ops.h"

#include <algorithm>
#include <cmath>

#include "d500/sdk/owned.h"
#include "quant_common.h"

namespace d500::reference {
namespace {

bool passed(Inputs in, size_t i) {
  return i < in.size() && in[i].ndim() != D500_ABSENT_NDIM && in[i].defined();
}

struct Box {
  double y1, x1, y2, x2;
  double area() const { return (y2 - y1) * (x2 - x1); }
};

double iou(const Box& a, const Box& b) {
  const double h = std::min(a.y2, b.y2) - std::max(a.y1, b.y1);
  const double w = std::min(a.x2, b.x2) - std::max(a.x1, b.x1);
  if (h <= 0 || w <= 0) return 0;
  const double inter = h * w, uni = a.area() + b.area() - inter;
  return uni > 0 ? inter / uni : 0;
}

// Greedy per (batch, class): boxes by descending score (ties by index) above score_threshold,
// each kept unless its IoU with a kept one exceeds iou_threshold, at most max_output per class.
class NonMaxSuppression : public sdk::Operator<NonMaxSuppression> {
 public:
  NonMaxSuppression(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"center_point_box"});
    if (in.size() < 2 || in.size() > 5) throw std::invalid_argument("takes 2 to 5 inputs");
    center_ = attrs.get_int("center_point_box", 0) != 0;
    const TensorInfo &b = in[0], &s = in[1];
    if (b.ndim() != 3 || b.dim(2) != 4 || s.ndim() != 3 || s.dim(0) != b.dim(0) ||
        s.dim(2) != b.dim(1))
      throw std::invalid_argument(
          "boxes must be [batches, boxes, 4] and scores [batches, classes, "
          "boxes], got " +
          b.str() + " and " + s.str());
    if (!is_real(b.dtype()) || !is_real(s.dtype()))
      throw sdk::unsupported("boxes and scores must be float32 or float64");
    batches_ = b.dim(0), classes_ = s.dim(1), boxes_ = b.dim(1);
  }
  std::vector<TensorInfo> outputs() const {
    return {TensorInfo(sdk::dtype_of<int64_t>(), {-1, 3})};
  }
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t) const {
    const std::vector<double> b = to_doubles(in[0]), s = to_doubles(in[1]);
    const int64_t max_out = passed(in, 2) ? static_cast<int64_t>(to_doubles(in[2]).at(0)) : 0;
    const double iou_max = passed(in, 3) ? to_doubles(in[3]).at(0) : 0.0;
    const bool has_floor = passed(in, 4);
    const double floor = has_floor ? to_doubles(in[4]).at(0) : 0.0;
    std::vector<int64_t> sel;
    for (int64_t n = 0; n < batches_; ++n)
      for (int64_t c = 0; c < classes_; ++c) {
        const double* sc = s.data() + (n * classes_ + c) * boxes_;
        std::vector<int64_t> order;
        for (int64_t i = 0; i < boxes_; ++i)
          if (!has_floor || sc[i] > floor) order.push_back(i);
        std::stable_sort(order.begin(), order.end(),
                         [&](int64_t i, int64_t j) { return sc[i] > sc[j]; });
        std::vector<Box> kept;
        for (int64_t i : order) {
          if (static_cast<int64_t>(kept.size()) >= max_out) break;
          const Box bx = box(b.data() + (n * boxes_ + i) * 4);
          if (std::any_of(kept.begin(), kept.end(),
                          [&](const Box& k) { return iou(k, bx) > iou_max; }))
            continue;
          kept.push_back(bx);
          sel.insert(sel.end(), {n, c, i});
        }
      }
    auto* y = static_cast<int64_t*>(sdk::make_owned(out[0], sdk::dtype_of<int64_t>(),
                                                    {static_cast<int64_t>(sel.size() / 3), 3}));
    std::copy(sel.begin(), sel.end(), y);
  }

 private:
  // Corners in order (y1 <= y2, x1 <= x2) from either box format.
  Box box(const double* v) const {
    if (center_) return {v[1] - v[3] / 2, v[0] - v[2] / 2, v[1] + v[3] / 2, v[0] + v[2] / 2};
    return {std::min(v[0], v[2]), std::min(v[1], v[3]), std::max(v[0], v[2]), std::max(v[1], v[3])};
  }
  bool center_ = false;
  int64_t batches_ = 0, classes_ = 0, boxes_ = 0;
};

// RoiAlign (opset 16) as ONNX Runtime computes it: each output bin the average (or maximum) of
// sampling_ratio^2 (or adaptive) bilinear samples.
class RoiAlign : public sdk::Operator<RoiAlign> {
 public:
  RoiAlign(const Attributes& attrs, const std::vector<TensorInfo>& in) {
    attrs.expect_only({"coordinate_transformation_mode", "mode", "output_height", "output_width",
                       "sampling_ratio", "spatial_scale"});
    sdk::expect_count(in.size(), 3, "inputs");
    x_ = in[0];
    dtype_ = real_dtype({in[0], in[1]});
    if (x_.ndim() != 4 || in[1].ndim() != 2 || in[1].dim(1) != 4 ||
        in[2].shape() != Shape{in[1].dim(0)})
      throw std::invalid_argument("X must be [N, C, H, W], rois [R, 4] and batch_indices [R]");
    const std::string ctm = attrs.get_string("coordinate_transformation_mode", "half_pixel");
    if (ctm != "half_pixel" && ctm != "output_half_pixel")
      throw std::invalid_argument("coordinate_transformation_mode '" + ctm +
                                  "' is not half_pixel or output_half_pixel");
    half_pixel_ = ctm == "half_pixel" && opset_of(attrs) >= 16;
    const std::string mode = attrs.get_string("mode", "avg");
    if (mode != "avg" && mode != "max")
      throw std::invalid_argument("mode '" + mode + "' is not avg or max");
    max_ = mode == "max";
    oh_ = attrs.get_int("output_height", 1), ow_ = attrs.get_int("output_width", 1);
    ratio_ = attrs.get_int("sampling_ratio", 0);
    scale_ = attrs.get_float("spatial_scale", 1.0);
    if (oh_ < 1 || ow_ < 1 || ratio_ < 0)
      throw std::invalid_argument("output sizes must be positive");
    rois_ = in[1].dim(0);
  }
  std::vector<TensorInfo> outputs() const {
    return {real_info(dtype_, {rois_, x_.dim(1), oh_, ow_})};
  }
  void forward(Inputs in, Outputs out) const {
    expect_shape(in[0], x_.shape(), "X");
    const std::vector<double> x = to_doubles(in[0]), r = to_doubles(in[1]), bi = to_doubles(in[2]);
    const int64_t C = x_.dim(1), H = x_.dim(2), W = x_.dim(3);
    std::vector<double> y(static_cast<size_t>(rois_ * C * oh_ * ow_));
    const double off = half_pixel_ ? 0.5 : 0.0;
    for (int64_t k = 0; k < rois_; ++k) {
      const auto n = static_cast<int64_t>(bi[static_cast<size_t>(k)]);
      if (n < 0 || n >= x_.dim(0))
        throw std::invalid_argument("batch_indices holds " + std::to_string(n));
      const double* q = r.data() + k * 4;
      const double x0 = q[0] * scale_ - off, y0 = q[1] * scale_ - off;
      double rw = q[2] * scale_ - off - x0, rh = q[3] * scale_ - off - y0;
      if (!half_pixel_) rw = std::max(rw, 1.0), rh = std::max(rh, 1.0);
      const double bh = rh / static_cast<double>(oh_), bw = rw / static_cast<double>(ow_);
      const int64_t gh =
          ratio_ > 0 ? ratio_ : static_cast<int64_t>(std::ceil(rh / static_cast<double>(oh_)));
      const int64_t gw =
          ratio_ > 0 ? ratio_ : static_cast<int64_t>(std::ceil(rw / static_cast<double>(ow_)));
      const double count = static_cast<double>(std::max<int64_t>(gh * gw, 1));
      for (int64_t c = 0; c < C; ++c) {
        const double* plane = x.data() + (n * C + c) * H * W;
        for (int64_t ph = 0; ph < oh_; ++ph)
          for (int64_t pw = 0; pw < ow_; ++pw) {
            double acc = 0, best = -INFINITY;
            for (int64_t iy = 0; iy < gh; ++iy)
              for (int64_t ix = 0; ix < gw; ++ix) {
                const double sy = y0 + static_cast<double>(ph) * bh +
                                  (static_cast<double>(iy) + 0.5) * bh / static_cast<double>(gh);
                const double sx = x0 + static_cast<double>(pw) * bw +
                                  (static_cast<double>(ix) + 0.5) * bw / static_cast<double>(gw);
                double m = 0;
                acc += sample(plane, H, W, sy, sx, &m);
                best = std::max(best, m);
              }
            y[static_cast<size_t>(((k * C + c) * oh_ + ph) * ow_ + pw)] =
                max_ ? (gh * gw > 0 ? best : 0) : acc / count;
          }
      }
    }
    write_values(out[0], y);
  }

 private:
  // The bilinear value at (y, x); *max_term the largest of its four weighted terms (mode max).
  static double sample(const double* v, int64_t H, int64_t W, double y, double x,
                       double* max_term) {
    *max_term = 0;
    if (y < -1.0 || y > static_cast<double>(H) || x < -1.0 || x > static_cast<double>(W)) return 0;
    y = std::max(y, 0.0), x = std::max(x, 0.0);
    int64_t yl = static_cast<int64_t>(y), xl = static_cast<int64_t>(x), yh = yl + 1, xh = xl + 1;
    if (yl >= H - 1) yh = yl = H - 1, y = static_cast<double>(yl);
    if (xl >= W - 1) xh = xl = W - 1, x = static_cast<double>(xl);
    const double ly = y - static_cast<double>(yl), lx = x - static_cast<double>(xl), hy = 1 - ly,
                 hx = 1 - lx;
    const double t[4] = {hy * hx * v[yl * W + xl], hy * lx * v[yl * W + xh],
                         ly * hx * v[yh * W + xl], ly * lx * v[yh * W + xh]};
    *max_term = std::max(std::max(t[0], t[1]), std::max(t[2], t[3]));
    return t[0] + t[1] + t[2] + t[3];
  }
  TensorInfo x_;
  Real dtype_ = Real::Float32;
  bool half_pixel_ = true, max_ = false;
  int64_t oh_ = 1, ow_ = 1, ratio_ = 0, rois_ = 0;
  double scale_ = 1.0;
};

}  // namespace

void add_detection_ops(std::vector<d500_operator>& ops) {
  ops.push_back(NonMaxSuppression::define(
      {"NonMaxSuppression", "", "default", "ONNX NonMaxSuppression, greedy per batch and class",
       kDLCPU, D500_OP_DETERMINISTIC | D500_OP_RUNTIME_SHAPES}));
  ops.push_back(
      RoiAlign::define({"RoiAlign", "", "default", "ONNX RoiAlign (opset 16), avg or max"}));
}

}  // namespace d500::reference
