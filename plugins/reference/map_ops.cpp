// Slice, Expand, Tile, Pad, Split, Compress, Trilu, DepthToSpace and SpaceToDepth as index maps
// (map_op.h). Whatever determines an output shape (Slice's starts, Pad's pads, ...) must be an
// attribute or a constant input.
#include <algorithm>
#include <limits>

#include "broadcast.h"
#include "dtypes.h"
#include "map_op.h"

namespace d500::reference {
namespace {

// Input i's integer values when given (an attribute before `opset`, the input from then on);
// `fallback` when the optional input is absent.
std::vector<int64_t> ints_input(const Attributes& attrs, const std::vector<TensorInfo>& inputs,
                                const sdk::Constants& c, size_t i, const char* name,
                                std::vector<int64_t> fallback = {}) {
  if (i >= inputs.size() || !inputs[i].present()) return fallback;
  if (attrs.has(name))
    throw std::invalid_argument(std::string(name) + " given both as an attribute and as input " +
                                std::to_string(i));
  need_constant(c, i, name);
  return c.ints(i, name);
}

int64_t flat(const int64_t* idx, const std::vector<int64_t>& strides) {
  int64_t f = 0;
  for (size_t d = 0; d < strides.size(); ++d) f += idx[d] * strides[d];
  return f;
}

int64_t rank_of(const TensorInfo& t) {
  return static_cast<int64_t>(t.ndim());
}

class Slice : public MapOperator, public sdk::Operator<Slice> {
 public:
  Slice(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c)
      : MapOperator(in) {
    attrs.expect_only({"starts", "ends", "axes"});
    const bool old = opset_of(attrs) < 10;
    const Shape& s = in[0].shape();
    auto starts = old ? attrs.get_ints("starts") : ints_input(attrs, in, c, 1, "starts");
    auto ends = old ? attrs.get_ints("ends") : ints_input(attrs, in, c, 2, "ends");
    std::vector<int64_t> all(s.size());
    for (size_t d = 0; d < s.size(); ++d) all[d] = static_cast<int64_t>(d);
    auto axes = old ? attrs.get_ints("axes", all) : ints_input(attrs, in, c, 3, "axes", all);
    auto steps = ints_input(attrs, in, c, 4, "steps", std::vector<int64_t>(starts.size(), 1));
    if (starts.empty() && !old && in.size() < 3)
      throw std::invalid_argument("expects inputs data, starts and ends");
    if (ends.size() != starts.size() || axes.size() < starts.size() ||
        steps.size() != starts.size())
      throw std::invalid_argument("starts, ends, axes and steps differ in length");
    Shape y = s;
    std::vector<int64_t> first(s.size(), 0), step(s.size(), 1);
    std::vector<bool> seen(s.size(), false);
    for (size_t k = 0; k < starts.size(); ++k) {
      const int64_t d = normalize_axis(axes[k], rank_of(in[0]), "axes entry");
      if (seen[d]) throw std::invalid_argument("axes repeat axis " + std::to_string(d));
      seen[d] = true;
      if (steps[k] == 0) throw std::invalid_argument("steps must not be 0");
      clamp(s[d], starts[k], ends[k], steps[k], first[d], y[d]);
      step[d] = steps[k];
    }
    const auto st = strides_of(s);
    add_output(y, [&](const int64_t* idx) {
      int64_t f = 0;
      for (size_t d = 0; d < st.size(); ++d) f += (first[d] + idx[d] * step[d]) * st[d];
      return f;
    });
  }

 private:
  // ONNX's clamping of start and end to the dimension; the first index and the count.
  static void clamp(int64_t dim, int64_t start, int64_t end, int64_t step, int64_t& first,
                    int64_t& count) {
    if (dim == 0) {
      first = count = 0;
      return;
    }
    if (start < 0) start += dim;
    if (end < 0) end = end < std::numeric_limits<int64_t>::min() + dim ? -1 : end + dim;
    if (step > 0) {
      start = std::clamp<int64_t>(start, 0, dim);
      end = std::clamp<int64_t>(end, 0, dim);
      count = end > start ? (end - start + step - 1) / step : 0;
    } else {
      start = std::clamp<int64_t>(start, 0, dim - 1);
      end = std::clamp<int64_t>(end, -1, dim - 1);
      count = start > end ? (start - end - step - 1) / -step : 0;
    }
    first = start;
  }
};

class Expand : public MapOperator, public sdk::Operator<Expand> {
 public:
  Expand(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c)
      : MapOperator(in) {
    attrs.expect_only({});
    sdk::expect_count(in.size(), 2, "inputs");
    need_constant(c, 1, "shape");
    const Shape y = broadcast_shapes(in[0].shape(), c.ints(1, "shape"));
    const auto st = broadcast_strides(in[0].shape(), y);
    add_output(y, [&](const int64_t* idx) { return flat(idx, st); });
  }
};

class Tile : public MapOperator, public sdk::Operator<Tile> {
 public:
  Tile(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c)
      : MapOperator(in) {
    attrs.expect_only({});
    sdk::expect_count(in.size(), 2, "inputs");
    need_constant(c, 1, "repeats");
    const auto repeats = c.ints(1, "repeats");
    const Shape& s = in[0].shape();
    if (repeats.size() != s.size())
      throw std::invalid_argument("repeats has " + std::to_string(repeats.size()) +
                                  " entries for a rank-" + std::to_string(s.size()) + " input");
    Shape y = s;
    for (size_t d = 0; d < s.size(); ++d) {
      if (repeats[d] < 0)
        throw std::invalid_argument("repeats[" + std::to_string(d) +
                                    "] = " + std::to_string(repeats[d]) + " is negative");
      y[d] = s[d] * repeats[d];
    }
    const auto st = strides_of(s);
    add_output(y, [&](const int64_t* idx) {
      int64_t f = 0;
      for (size_t d = 0; d < s.size(); ++d) f += (idx[d] % s[d]) * st[d];
      return f;
    });
  }
};

enum class PadMode { Constant, Reflect, Edge, Wrap };

// Where output position o - begin of a dimension of n elements reads from, or kFill.
int64_t pad_source(int64_t src, int64_t n, PadMode mode) {
  if (src >= 0 && src < n) return src;
  switch (mode) {
    case PadMode::Constant:
      return kFill;
    case PadMode::Edge:
      return src < 0 ? 0 : n - 1;
    case PadMode::Wrap:
      return ((src % n) + n) % n;
    case PadMode::Reflect: {
      if (n == 1) return 0;
      const int64_t period = 2 * (n - 1);
      int64_t r = ((src % period) + period) % period;
      return r >= n ? period - r : r;
    }
  }
  return kFill;
}

class Pad : public MapOperator, public sdk::Operator<Pad> {
 public:
  Pad(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c)
      : MapOperator(in) {
    attrs.expect_only({"mode", "pads", "value"});
    const PadMode mode = mode_of(attrs.get_string("mode", "constant"));
    const int64_t rank = rank_of(in[0]);
    std::vector<int64_t> pads;
    if (opset_of(attrs) < 11) {
      pads = attrs.get_ints("pads");
      fill_ = attrs.get_float("value", 0.0);
    } else {
      if (in.size() < 2) throw std::invalid_argument("expects inputs data and pads");
      need_constant(c, 1, "pads");
      pads = c.ints(1, "pads");
      fill_input_ = in.size() > 2 ? 2 : -1;
    }
    std::vector<int64_t> axes = ints_input(attrs, in, c, 3, "axes");
    if (axes.empty())
      for (int64_t d = 0; d < rank; ++d) axes.push_back(d);
    if (pads.size() != 2 * axes.size())
      throw std::invalid_argument("pads has " + std::to_string(pads.size()) +
                                  " entries, expected " + std::to_string(2 * axes.size()));
    const Shape& s = in[0].shape();
    std::vector<int64_t> begin(s.size(), 0);
    Shape y = s;
    for (size_t k = 0; k < axes.size(); ++k) {
      const int64_t d = normalize_axis(axes[k], rank, "axes entry");
      begin[d] = pads[k];
      y[d] = s[d] + pads[k] + pads[k + axes.size()];
      if (y[d] < 0) throw std::invalid_argument("pads crop axis " + std::to_string(d) + " below 0");
      if (mode != PadMode::Constant && s[d] == 0 && y[d] > 0)
        throw std::invalid_argument("cannot pad an empty axis except with a constant");
    }
    const auto st = strides_of(s);
    add_output(y, [&](const int64_t* idx) {
      int64_t f = 0;
      for (size_t d = 0; d < s.size(); ++d) {
        const int64_t src = pad_source(idx[d] - begin[d], s[d], mode);
        if (src == kFill) return kFill;
        f += src * st[d];
      }
      return f;
    });
  }

 private:
  static PadMode mode_of(const std::string& m) {
    if (m == "constant") return PadMode::Constant;
    if (m == "reflect") return PadMode::Reflect;
    if (m == "edge") return PadMode::Edge;
    if (m == "wrap") return PadMode::Wrap;
    throw std::invalid_argument("mode '" + m + "' is not constant, reflect, edge or wrap");
  }
};

class Split : public MapOperator, public sdk::Operator<Split> {
 public:
  Split(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c)
      : MapOperator(in) {
    attrs.expect_only({"axis", "split", "num_outputs"});
    const Shape& s = in[0].shape();
    const int64_t axis = normalize_axis(attrs.get_int("axis", 0), rank_of(in[0]));
    std::vector<int64_t> parts =
        opset_of(attrs) < 13 ? attrs.get_ints("split") : ints_input(attrs, in, c, 1, "split");
    if (parts.empty()) parts = equal_parts(attrs, s[axis]);
    int64_t total = 0;
    for (int64_t p : parts) {
      if (p < 0) throw std::invalid_argument("split entries must not be negative");
      total += p;
    }
    if (total != s[axis])
      throw std::invalid_argument("split " + sdk::shape_string(parts) + " sums to " +
                                  std::to_string(total) + ", axis " + std::to_string(axis) +
                                  " has " + std::to_string(s[axis]));
    const auto st = strides_of(s);
    int64_t at = 0;
    for (int64_t p : parts) {
      Shape y = s;
      y[axis] = p;
      add_output(y, [&](const int64_t* idx) { return flat(idx, st) + at * st[axis]; });
      at += p;
    }
  }

 private:
  // num_outputs (opset 18): equal parts, the last smaller. Without it the number of outputs is
  // the node's, which the plugin ABI does not pass.
  static std::vector<int64_t> equal_parts(const Attributes& attrs, int64_t dim) {
    if (!attrs.has("num_outputs"))
      throw sdk::unsupported(
          "Split into equal parts needs the split input or num_outputs: the "
          "plugin ABI does not pass the node's number of outputs");
    const int64_t n = attrs.get_int("num_outputs");
    if (n < 1) throw std::invalid_argument("num_outputs must be at least 1");
    const int64_t size = (dim + n - 1) / n;
    std::vector<int64_t> parts;
    for (int64_t left = dim; left > 0; left -= size) parts.push_back(std::min(size, left));
    return parts;
  }
};

class Compress : public MapOperator, public sdk::Operator<Compress> {
 public:
  Compress(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c)
      : MapOperator(in) {
    attrs.expect_only({"axis"});
    sdk::expect_count(in.size(), 2, "inputs");
    need_constant(c, 1, "condition");
    const std::vector<double> cond = c.reals(1, "condition");
    const bool flatten = !attrs.has("axis");
    const Shape s = flatten ? Shape{in[0].numel()} : in[0].shape();
    const int64_t axis = flatten ? 0 : normalize_axis(attrs.get_int("axis"), rank_of(in[0]));
    std::vector<int64_t> keep;
    for (size_t k = 0; k < cond.size(); ++k) {
      if (cond[k] == 0) continue;
      if (static_cast<int64_t>(k) >= s[axis])
        throw std::invalid_argument("condition selects index " + std::to_string(k) +
                                    " past the axis' " + std::to_string(s[axis]));
      keep.push_back(static_cast<int64_t>(k));
    }
    Shape y = s;
    y[axis] = static_cast<int64_t>(keep.size());
    const auto st = strides_of(s);
    add_output(y, [&](const int64_t* idx) {
      return flat(idx, st) + (keep[idx[axis]] - idx[axis]) * st[axis];
    });
  }
};

class Trilu : public MapOperator, public sdk::Operator<Trilu> {
 public:
  Trilu(const Attributes& attrs, const std::vector<TensorInfo>& in, const sdk::Constants& c)
      : MapOperator(in), upper_(attrs.get_flag("upper", true)) {
    attrs.expect_only({"upper"});
    if (in[0].ndim() < 2)
      throw std::invalid_argument("input must have rank 2 or more, got " + in[0].str());
    if (in.size() > 1 && in[1].present()) {
      if (c.has(1))
        build(c.ints(1, "k").at(0));
      else
        dynamic_ = true;
    } else {
      build(0);
    }
    if (dynamic_) build(0);  // the shape; the map follows k at run time
  }

 protected:
  void remap(Inputs in) override {
    maps_.clear();
    build(int_values(in[1], "k").at(0));
  }

 private:
  void build(int64_t k) {
    const size_t r = inputs_[0].ndim();
    const auto st = strides_of(inputs_[0].shape());
    maps_.clear();
    add_output(inputs_[0].shape(), [&](const int64_t* idx) -> int64_t {
      const int64_t diff = idx[r - 1] - idx[r - 2];
      const bool keep = upper_ ? diff >= k : diff <= k;
      return keep ? flat(idx, st) : kFill;
    });
  }
  bool upper_;
};

// DepthToSpace (DCR or CRD) and SpaceToDepth on N, C, H, W with block size b.
template <bool ToSpace>
class BlockMove : public MapOperator, public sdk::Operator<BlockMove<ToSpace>> {
 public:
  BlockMove(const Attributes& attrs, const std::vector<TensorInfo>& in) : MapOperator(in) {
    ToSpace ? attrs.expect_only({"blocksize", "mode"}) : attrs.expect_only({"blocksize"});
    const int64_t b = attrs.get_int("blocksize");
    const std::string mode = attrs.get_string("mode", "DCR");
    if (mode != "DCR" && mode != "CRD")
      throw std::invalid_argument("mode '" + mode + "' is not DCR or CRD");
    const bool crd = mode == "CRD";
    const Shape& s = in[0].shape();
    if (s.size() != 4) throw std::invalid_argument("input must be N, C, H, W, got " + in[0].str());
    if (b < 1) throw std::invalid_argument("blocksize must be positive");
    if (ToSpace ? s[1] % (b * b) != 0 : s[2] % b != 0 || s[3] % b != 0)
      throw std::invalid_argument("blocksize " + std::to_string(b) + " does not divide " +
                                  in[0].str());
    const Shape y = ToSpace ? Shape{s[0], s[1] / (b * b), s[2] * b, s[3] * b}
                            : Shape{s[0], s[1] * b * b, s[2] / b, s[3] / b};
    const auto st = strides_of(s);
    add_output(y, [&](const int64_t* o) {
      if (ToSpace) {  // o = n, c, h*b+i, w*b+j
        const int64_t i = o[2] % b, j = o[3] % b, C = y[1];
        const int64_t ch = crd ? o[1] * b * b + i * b + j : (i * b + j) * C + o[1];
        return o[0] * st[0] + ch * st[1] + (o[2] / b) * st[2] + (o[3] / b) * st[3];
      }
      const int64_t C = s[1], ij = o[1] / C, c0 = o[1] % C;  // o = n, (i*b+j)*C+c, h, w
      return o[0] * st[0] + c0 * st[1] + (o[2] * b + ij / b) * st[2] + (o[3] * b + ij % b) * st[3];
    });
  }
};

}  // namespace

void add_map_ops(std::vector<d500_operator>& ops) {
  ops.push_back(Slice::define({"Slice", "", "default",
                               "ONNX Slice, any dtype; starts/ends/axes/steps attributes (opset < "
                               "10) or constant inputs"}));
  ops.push_back(
      Expand::define({"Expand", "", "default", "ONNX Expand, any dtype; constant shape"}));
  ops.push_back(Tile::define({"Tile", "", "default", "ONNX Tile, any dtype; constant repeats"}));
  ops.push_back(Pad::define(
      {"Pad", "", "default", "ONNX Pad, constant/reflect/edge/wrap, any dtype; constant pads"}));
  ops.push_back(Split::define({"Split", "", "default",
                               "ONNX Split, any dtype; split attribute (opset < 13), constant "
                               "input or num_outputs"}));
  ops.push_back(Compress::define(
      {"Compress", "", "default", "ONNX Compress, any dtype; constant condition"}));
  ops.push_back(Trilu::define({"Trilu", "", "default", "ONNX Trilu, any dtype"}));
  ops.push_back(BlockMove<true>::define(
      {"DepthToSpace", "", "default", "ONNX DepthToSpace, DCR and CRD, any dtype"}));
  ops.push_back(
      BlockMove<false>::define({"SpaceToDepth", "", "default", "ONNX SpaceToDepth, any dtype"}));
}

}  // namespace d500::reference
