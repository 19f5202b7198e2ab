// ONNX operators that select elements by their values, so that the output's length is known only
// at run time: Unique (at::_unique2 / at::unique_dim, then ONNX's first-occurrence indices and,
// for sorted=0, first-occurrence order) and NonMaxSuppression (greedy, per batch and class, on
// the host). One ValueOp entry each serves the kernel (value_kernel.h) and the torch executor.
#include <algorithm>
#include <numeric>
#include <optional>
#include <tuple>

#include "registry.h"
#include "value_kernel.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

struct UniqueForm {
  std::optional<int64_t> axis;
  bool sorted = true;
};
UniqueForm unique_form(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis", "sorted"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  offer(input_type(s, 0) != at::kHalf, input_type(s, 0), "every dtype but float16 is");
  UniqueForm f;
  if (a.has("axis")) f.axis = norm_axis(a.get_int("axis"), rank_of(s, 0));
  f.sorted = a.get_flag("sorted", true);
  return f;
}

// Y, indices (first occurrences), inverse_indices, counts.
Args onnx_unique(const at::Tensor& x, const UniqueForm& f) {
  at::Tensor y, inverse, counts;
  const int64_t dim = f.axis.value_or(0);
  if (f.axis)
    std::tie(y, inverse, counts) = at::unique_dim(x, dim, true, true, true);
  else
    std::tie(y, inverse, counts) = at::_unique2(x.flatten(), true, true, true);
  inverse = inverse.flatten();
  const int64_t k = counts.numel();
  const auto opt = inverse.options().dtype(at::kLong);
  // Each value's first occurrence: the first index of its run in a stable sort of inverse.
  const at::Tensor order = std::get<1>(at::sort(inverse, /*stable=*/true, 0, false));
  at::Tensor first = order.index_select(0, at::cumsum(counts, 0) - counts);
  if (!f.sorted) {
    const at::Tensor perm = at::argsort(first);
    y = y.index_select(dim, perm), first = first.index_select(0, perm);
    counts = counts.index_select(0, perm);
    const at::Tensor rank = at::empty({k}, opt).scatter_(0, perm, at::arange(k, opt));
    inverse = rank.index_select(0, inverse);
  }
  return {y.contiguous(), first, inverse.to(at::kLong), counts.to(at::kLong)};
}

NodeFn select_unique(const Attrs& a, const NodeSignature& s) {
  const UniqueForm f = unique_form(a, s);
  return [f](const Args& in) { return onnx_unique(in[0], f); };
}
std::vector<TensorInfo> declare_unique(const Attrs& a, const NodeSignature& s) {
  const UniqueForm f = unique_form(a, s);
  const Ints x = input_shape(s, 0);
  Ints y{-1};
  int64_t n = 1;
  for (int64_t d : x) n *= d;
  if (f.axis) y = x, y[*f.axis] = -1, n = x[*f.axis];
  const at::ScalarType t = input_type(s, 0);
  return {info(t, Shape(y.begin(), y.end())), info(at::kLong, {-1}), info(at::kLong, {n}),
          info(at::kLong, {-1})};
}

// A box as corners (y1, x1, y2, x2), sorted, from either ONNX layout.
struct Box {
  double y1, x1, y2, x2;
};
Box box_at(const double* p, bool center) {
  if (center) return {p[1] - p[3] / 2, p[0] - p[2] / 2, p[1] + p[3] / 2, p[0] + p[2] / 2};
  return {std::min(p[0], p[2]), std::min(p[1], p[3]), std::max(p[0], p[2]), std::max(p[1], p[3])};
}
double iou(const Box& a, const Box& b) {
  const double h = std::max(0.0, std::min(a.y2, b.y2) - std::max(a.y1, b.y1));
  const double w = std::max(0.0, std::min(a.x2, b.x2) - std::max(a.x1, b.x1));
  const double inter = h * w;
  const double uni = (a.y2 - a.y1) * (a.x2 - a.x1) + (b.y2 - b.y1) * (b.x2 - b.x1) - inter;
  return uni > 0 ? inter / uni : 0.0;
}

struct NmsForm {
  bool center = false;
  bool has[3] = {false, false,
                 false};  // max_output_boxes_per_class, iou_threshold, score_threshold
};
NmsForm nms_form(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"center_point_box"});
  if (s.inputs.size() < 2 || s.inputs.size() > 5)
    throw std::invalid_argument("expects inputs boxes, scores and up to 3 limits");
  offer(is_real(common_type(s, 0, 2)), input_type(s, 0), "float32 and float64 boxes are");
  const Ints b = input_shape(s, 0), sc = input_shape(s, 1);
  if (b.size() != 3 || b[2] != 4 || sc.size() != 3 || sc[0] != b[0] || sc[2] != b[1])
    throw std::invalid_argument(
        "boxes must be [batch, boxes, 4] and scores [batch, classes, boxes]");
  NmsForm f;
  f.center = a.get_int("center_point_box", 0) != 0;
  for (size_t i = 0; i < 3; ++i) f.has[i] = given(s, 2 + i);
  return f;
}

// Selected [batch, class, box] triples: per batch and class the boxes above score_threshold in
// descending score, each kept unless its IoU with a kept one exceeds iou_threshold.
at::Tensor onnx_nms(const Args& in, const NmsForm& f) {
  const at::Tensor boxes = in[0].to(at::kCPU, at::kDouble).contiguous();
  const at::Tensor scores = in[1].to(at::kCPU, at::kDouble).contiguous();
  const int64_t limit = f.has[0] ? in[2].to(at::kLong).item<int64_t>() : 0;
  const double iou_max = f.has[1] ? in[3].to(at::kDouble).item<double>() : 0.0;
  const bool by_score = f.has[2];
  const double score_min = by_score ? in[4].to(at::kDouble).item<double>() : 0.0;
  const int64_t batches = scores.size(0), classes = scores.size(1), n = scores.size(2);
  const double* bp = boxes.data_ptr<double>();
  const double* sp = scores.data_ptr<double>();
  std::vector<int64_t> out;
  for (int64_t b = 0; b < batches && limit > 0; ++b)
    for (int64_t c = 0; c < classes; ++c) {
      const double* s = sp + (b * classes + c) * n;
      std::vector<int64_t> order;
      for (int64_t i = 0; i < n; ++i)
        if (!by_score || s[i] > score_min) order.push_back(i);
      std::stable_sort(order.begin(), order.end(),
                       [s](int64_t i, int64_t j) { return s[i] > s[j]; });
      std::vector<Box> kept;
      for (int64_t i : order) {
        if (static_cast<int64_t>(kept.size()) >= limit) break;
        const Box bx = box_at(bp + (b * n + i) * 4, f.center);
        bool keep = true;
        for (const Box& k : kept) keep = keep && iou(bx, k) <= iou_max;
        if (!keep) continue;
        kept.push_back(bx);
        out.insert(out.end(), {b, c, i});
      }
    }
  const int64_t count = static_cast<int64_t>(out.size() / 3);
  return at::tensor(out, at::kLong).reshape({count, 3}).to(in[0].device());
}

NodeFn select_nms(const Attrs& a, const NodeSignature& s) {
  const NmsForm f = nms_form(a, s);
  return one([f](const Args& in) { return onnx_nms(in, f); });
}
std::vector<TensorInfo> declare_nms(const Attrs& a, const NodeSignature& s) {
  nms_form(a, s);
  return {info(at::kLong, {-1, 3})};
}

constexpr ValueOp kSelectOps[] = {
    {"Unique", "ONNX Unique via at::_unique2 / at::unique_dim (sorted or first-occurrence order)",
     select_unique, declare_unique},
    {"NonMaxSuppression", "ONNX NonMaxSuppression: greedy IoU suppression per batch and class",
     select_nms, declare_nms},
};

}  // namespace

void add_select_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_value_table<kSelectOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
