// ONNX layout operators: Slice, Split, Squeeze, Unsqueeze, Expand, Tile, Pad (constant, reflect,
// edge, wrap), DepthToSpace and SpaceToDepth; one NodeOp entry each serves the kernel and the
// torch executor (node_kernel.h), gradients by autograd. Their shape-deciding inputs (starts,
// ends, axes, steps, split, shape, repeats, pads) are attributes before the opset that made them
// inputs, and must then be constants.
#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

int64_t opset_of(const Attrs& a) {
  return a.get_int(D500_ATTR_OPSET, 1000);
}

// Axes normalised to `rank`, each once.
Ints unique_axes(const Ints& axes, int64_t rank) {
  Ints out;
  for (int64_t ax : axes) {
    const int64_t n = norm_axis(ax, rank);
    if (std::find(out.begin(), out.end(), n) != out.end())
      throw std::invalid_argument("axis " + std::to_string(ax) + " is given twice");
    out.push_back(n);
  }
  return out;
}

// One sliced axis: `count` elements from `start` by `step` (numpy's clamping).
struct SliceAxis {
  int64_t axis, start, step, count;
};

SliceAxis slice_axis(int64_t axis, int64_t dim, int64_t start, int64_t end, int64_t step) {
  if (step == 0) throw std::invalid_argument("slice step must not be 0");
  if (dim == 0) return {axis, 0, step, 0};
  if (start < 0) start += dim;
  if (end < 0) end += dim;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
  } else {
    start = std::clamp<int64_t>(start, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
  }
  const int64_t span = step > 0 ? end - start : start - end;
  const int64_t by = step > 0 ? step : -step;
  return {axis, start, step, span <= 0 ? 0 : (span + by - 1) / by};
}

at::Tensor apply_slice(at::Tensor t, const SliceAxis& s) {
  if (s.count == 0) return t.narrow(s.axis, 0, 0);
  if (s.step > 0) return t.slice(s.axis, s.start, s.start + (s.count - 1) * s.step + 1, s.step);
  const at::Tensor idx =
      at::arange(s.start, s.start + s.count * s.step, s.step, t.options().dtype(at::kLong));
  return at::index_select(t, s.axis, idx);
}

NodeFn layout_slice(const Attrs& a, const NodeSignature& s) {
  const bool legacy = opset_of(a) < 10;
  a.expect_only(legacy ? std::initializer_list<const char*>{"starts", "ends", "axes"}
                       : std::initializer_list<const char*>{});
  const Ints x = input_shape(s, 0);
  const int64_t rank = static_cast<int64_t>(x.size());
  const Ints starts = legacy ? a.get_ints("starts") : constant_ints(s, 1, "starts");
  const Ints ends = legacy ? a.get_ints("ends") : constant_ints(s, 2, "ends");
  Ints axes = legacy ? a.get_ints("axes") : given(s, 3) ? constant_ints(s, 3, "axes") : Ints{};
  const Ints steps = !legacy && given(s, 4) ? constant_ints(s, 4, "steps") : Ints(starts.size(), 1);
  if (axes.empty())
    for (size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  if (ends.size() != starts.size() || axes.size() != starts.size() || steps.size() != starts.size())
    throw std::invalid_argument("starts, ends, axes and steps differ in length");
  axes = unique_axes(axes, rank);
  std::vector<SliceAxis> plan;
  for (size_t i = 0; i < axes.size(); ++i)
    plan.push_back(slice_axis(axes[i], x[axes[i]], starts[i], ends[i], steps[i]));
  return one([plan](const Args& in) {
    at::Tensor y = in[0];
    for (const SliceAxis& p : plan) y = apply_slice(y, p);
    return y;
  });
}

NodeFn layout_split(const Attrs& a, const NodeSignature& s) {
  const int64_t opset = opset_of(a);
  a.expect_only(opset < 13 ? std::initializer_list<const char*>{"axis", "split"}
                           : std::initializer_list<const char*>{"axis", "num_outputs"});
  const Ints x = input_shape(s, 0);
  const int64_t axis = norm_axis(a.get_int("axis", 0), static_cast<int64_t>(x.size()));
  Ints sizes = opset < 13    ? a.get_ints("split")
               : given(s, 1) ? constant_ints(s, 1, "split")
                             : Ints{};
  if (sizes.empty()) {
    const int64_t n =
        a.has("num_outputs") ? a.get_int("num_outputs") : static_cast<int64_t>(s.outputs.size());
    if (n < 1)
      throw sdk::unsupported(
          "Split without split sizes or num_outputs: the number of outputs is "
          "known only in a graph");
    const int64_t part = a.has("num_outputs") ? (x[axis] + n - 1) / n : x[axis] / n;
    if (!a.has("num_outputs") && x[axis] % n != 0)
      throw std::invalid_argument("dimension " + std::to_string(x[axis]) + " does not split into " +
                                  std::to_string(n) + " equal parts");
    for (int64_t i = 0, left = x[axis]; i < n; ++i, left -= part)
      sizes.push_back(std::min(part, left));
  }
  int64_t total = 0;
  for (int64_t v : sizes) {
    if (v < 0) throw std::invalid_argument("split sizes must not be negative");
    total += v;
  }
  if (total != x[axis])
    throw std::invalid_argument("split sizes add up to " + std::to_string(total) +
                                ", the axis has " + std::to_string(x[axis]));
  return [sizes, axis](const Args& in) {
    const std::vector<at::Tensor> parts = at::split_with_sizes(in[0], sizes, axis);
    return Args(parts.begin(), parts.end());
  };
}

// Squeeze (unsqueeze false) and Unsqueeze: a reshape to the shape computed here.
template <bool Unsqueeze>
NodeFn layout_squeeze(const Attrs& a, const NodeSignature& s) {
  const bool legacy = opset_of(a) < 13;
  a.expect_only(legacy ? std::initializer_list<const char*>{"axes"}
                       : std::initializer_list<const char*>{});
  const Ints x = input_shape(s, 0);
  const Ints axes = legacy        ? a.get_ints("axes")
                    : given(s, 1) ? constant_ints(s, 1, "axes")
                                  : Ints{};
  Ints out;
  if (Unsqueeze) {
    if (axes.empty()) throw std::invalid_argument("Unsqueeze needs axes");
    const int64_t rank = static_cast<int64_t>(x.size() + axes.size());
    const Ints at_ = unique_axes(axes, rank);
    for (int64_t i = 0, k = 0; i < rank; ++i)
      out.push_back(std::find(at_.begin(), at_.end(), i) != at_.end() ? 1 : x[k++]);
  } else {
    const Ints drop = unique_axes(axes, static_cast<int64_t>(x.size()));
    for (size_t i = 0; i < x.size(); ++i) {
      const bool listed =
          std::find(drop.begin(), drop.end(), static_cast<int64_t>(i)) != drop.end();
      if (listed && x[i] != 1)
        throw std::invalid_argument("cannot squeeze dimension " + std::to_string(i) + " of size " +
                                    std::to_string(x[i]));
      if (!(listed || (drop.empty() && x[i] == 1))) out.push_back(x[i]);
    }
  }
  return one([out](const Args& in) { return in[0].reshape(out); });
}

NodeFn layout_expand(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  const Ints out = broadcast_shape(input_shape(s, 0), constant_ints(s, 1, "shape"));
  return one([out](const Args& in) { return in[0].expand(out); });
}

NodeFn layout_tile(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  const Ints repeats = constant_ints(s, 1, "repeats");
  if (static_cast<int64_t>(repeats.size()) != rank_of(s, 0))
    throw std::invalid_argument("repeats must have one value per dimension of the input");
  for (int64_t r : repeats)
    if (r < 0) throw std::invalid_argument("repeats must not be negative");
  return one([repeats](const Args& in) { return in[0].repeat(repeats); });
}

// Index of output position p (counted from the first input element) along a dimension of n.
int64_t pad_source(const std::string& mode, int64_t p, int64_t n) {
  if (mode == "edge") return std::clamp<int64_t>(p, 0, n - 1);
  if (mode == "wrap") return ((p % n) + n) % n;
  if (n == 1) return 0;  // reflect
  const int64_t period = 2 * (n - 1);
  const int64_t m = ((p % period) + period) % period;
  return m < n ? m : period - m;
}

struct PadPlan {
  std::string mode;
  Ints begin, end;
  std::vector<Ints> sources;  // per dimension (non-constant modes): the input index of each output
};

PadPlan pad_plan(const Attrs& a, const NodeSignature& s) {
  const int64_t opset = opset_of(a);
  const Ints x = input_shape(s, 0);
  const int64_t rank = static_cast<int64_t>(x.size());
  PadPlan p;
  p.mode = a.get_string("mode", "constant");
  if (p.mode != "constant" && p.mode != "reflect" && p.mode != "edge" && p.mode != "wrap")
    throw std::invalid_argument("mode '" + p.mode + "' is not constant, reflect, edge or wrap");
  const Ints pads = opset < 11 ? a.get_ints("pads") : constant_ints(s, 1, "pads");
  Ints axes = opset >= 18 && given(s, 3) ? unique_axes(constant_ints(s, 3, "axes"), rank) : Ints{};
  if (axes.empty())
    for (int64_t i = 0; i < rank; ++i) axes.push_back(i);
  if (pads.size() != 2 * axes.size())
    throw std::invalid_argument("pads has " + std::to_string(pads.size()) + " values, expected " +
                                std::to_string(2 * axes.size()));
  p.begin.assign(x.size(), 0), p.end.assign(x.size(), 0);
  for (size_t i = 0; i < axes.size(); ++i) {
    p.begin[axes[i]] = pads[i], p.end[axes[i]] = pads[i + axes.size()];
    if (x[axes[i]] + pads[i] + pads[i + axes.size()] < 0)
      throw std::invalid_argument("pads remove more than dimension " + std::to_string(axes[i]) +
                                  " holds");
  }
  if (p.mode == "constant") return p;
  p.sources.resize(x.size());
  for (size_t d = 0; d < x.size(); ++d) {
    if (p.begin[d] == 0 && p.end[d] == 0) continue;
    if (x[d] == 0) throw std::invalid_argument("mode " + p.mode + " cannot pad an empty dimension");
    for (int64_t q = -p.begin[d]; q < x[d] + p.end[d]; ++q)
      p.sources[d].push_back(pad_source(p.mode, q, x[d]));
  }
  return p;
}

NodeFn layout_pad(const Attrs& a, const NodeSignature& s) {
  a.expect_only(opset_of(a) < 11 ? std::initializer_list<const char*>{"mode", "pads", "value"}
                                 : std::initializer_list<const char*>{"mode"});
  input_type(s, 0);
  const PadPlan p = pad_plan(a, s);
  const double value = a.get_float("value", 0.0);
  const bool value_input = opset_of(a) >= 11 && given(s, 2);
  return one([p, value, value_input](const Args& in) {
    if (p.mode == "constant") {
      const at::Scalar v = value_input ? in[2].item() : at::Scalar(value);
      return at::constant_pad_nd(in[0], aten_pads(p.begin, p.end), v);
    }
    at::Tensor y = in[0];
    for (size_t d = 0; d < p.sources.size(); ++d)
      if (!p.sources[d].empty())
        y = at::index_select(y, static_cast<int64_t>(d),
                             at::tensor(p.sources[d], y.options().dtype(at::kLong)));
    return y;
  });
}

// DepthToSpace (DCR or CRD) and SpaceToDepth as a reshape, a permutation and a reshape.
template <bool ToSpace>
NodeFn layout_depth_space(const Attrs& a, const NodeSignature& s) {
  a.expect_only(ToSpace ? std::initializer_list<const char*>{"blocksize", "mode"}
                        : std::initializer_list<const char*>{"blocksize"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  const Ints x = input_shape(s, 0);
  if (x.size() != 4) throw std::invalid_argument("input must be [N, C, H, W]");
  const int64_t b = a.get_int("blocksize");
  if (b < 1) throw std::invalid_argument("blocksize must be positive");
  const std::string mode = a.get_string("mode", "DCR");
  if (mode != "DCR" && mode != "CRD") throw std::invalid_argument("mode must be DCR or CRD");
  const int64_t n = x[0], c = x[1], h = x[2], w = x[3];
  Ints split, perm, out;
  if (ToSpace) {
    if (c % (b * b)) throw std::invalid_argument("channels are not a multiple of blocksize^2");
    split = mode == "DCR" ? Ints{n, b, b, c / (b * b), h, w} : Ints{n, c / (b * b), b, b, h, w};
    perm = mode == "DCR" ? Ints{0, 3, 4, 1, 5, 2} : Ints{0, 1, 4, 2, 5, 3};
    out = {n, c / (b * b), h * b, w * b};
  } else {
    if (h % b || w % b)
      throw std::invalid_argument("height and width are not multiples of blocksize");
    split = {n, c, h / b, b, w / b, b};
    perm = {0, 3, 5, 1, 2, 4};
    out = {n, c * b * b, h / b, w / b};
  }
  return one([split, perm, out](const Args& in) {
    return in[0].reshape(split).permute(perm).reshape(out);
  });
}

constexpr NodeOp kLayoutOps[] = {
    {"Slice",
     "ONNX Slice (parameters constant) via at::Tensor::slice; negative steps by index_select",
     layout_slice},
    {"Split", "ONNX Split via at::split_with_sizes", layout_split},
    {"Squeeze", "ONNX Squeeze: a reshape", layout_squeeze<false>},
    {"Unsqueeze", "ONNX Unsqueeze: a reshape", layout_squeeze<true>},
    {"Expand", "ONNX Expand (shape a constant) via at::Tensor::expand", layout_expand},
    {"Tile", "ONNX Tile (repeats a constant) via at::Tensor::repeat", layout_tile},
    {"Pad", "ONNX Pad: constant via at::constant_pad_nd; reflect, edge, wrap by index_select",
     layout_pad},
    {"DepthToSpace", "ONNX DepthToSpace (DCR, CRD): reshape, permute, reshape",
     layout_depth_space<true>},
    {"SpaceToDepth", "ONNX SpaceToDepth: reshape, permute, reshape", layout_depth_space<false>},
};

}  // namespace

void add_layout_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kLayoutOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
