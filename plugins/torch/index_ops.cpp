// ONNX type and indexing operators: Cast, CastLike, Gather, GatherElements, GatherND,
// ScatterElements, ScatterND, OneHot, EyeLike, Trilu, CumSum, TopK, ArgMax, ArgMin, Compress and
// Hardmax; one NodeOp entry each serves the kernel and the torch executor (node_kernel.h).
// Negative indices count from the end; an index out of range is ATen's error at run time. What
// decides a shape or an ATen argument (OneHot's depth, TopK's K, CumSum's axis, Trilu's k,
// Compress's condition) must be a constant input.
#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

using namespace graph;

// ONNX TensorProto data types that have an ATen dtype here.
at::ScalarType onnx_type(int64_t code) {
  switch (code) {
    case 1:
      return at::kFloat;
    case 2:
      return at::kByte;
    case 3:
      return at::kChar;
    case 6:
      return at::kInt;
    case 7:
      return at::kLong;
    case 9:
      return at::kBool;
    case 10:
      return at::kHalf;
    case 11:
      return at::kDouble;
    default:
      throw sdk::unsupported(
          "ONNX data type " + std::to_string(code) +
          " is not offered; float, double, float16, int8, int32, int64, uint8 and bool are");
  }
}

NodeFn index_cast(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"to", "saturate"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  input_type(s, 0);
  const at::ScalarType to = onnx_type(a.get_int("to"));
  return one([to](const Args& in) { return in[0].to(to); });
}

NodeFn index_cast_like(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"saturate"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  input_type(s, 0);
  const at::ScalarType to = input_type(s, 1);
  return one([to](const Args& in) { return in[0].to(to); });
}

// Indices as int64 with negative ones counted from the end of a dimension of `size`.
at::Tensor wrapped(const at::Tensor& idx, int64_t size) {
  const at::Tensor i = idx.to(at::kLong);
  return at::where(i < 0, i + size, i);
}
// The same with one size per last-dimension column (GatherND, ScatterND).
at::Tensor wrapped_columns(const at::Tensor& idx, const Ints& sizes) {
  const at::Tensor i = idx.to(at::kLong);
  const at::Tensor n = at::tensor(sizes, i.options());
  return at::where(i < 0, i + n, i);
}

void expect_index_type(const NodeSignature& s, size_t i) {
  const at::ScalarType t = input_type(s, i);
  if (t != at::kLong && t != at::kInt)
    throw std::invalid_argument("indices must be int32 or int64");
}

NodeFn index_gather(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  expect_index_type(s, 1);
  const Ints x = input_shape(s, 0), idx = input_shape(s, 1);
  const int64_t axis = norm_axis(a.get_int("axis", 0), static_cast<int64_t>(x.size()));
  Ints out(x.begin(), x.begin() + axis);
  out.insert(out.end(), idx.begin(), idx.end());
  out.insert(out.end(), x.begin() + axis + 1, x.end());
  const int64_t size = x[axis];
  return one([=](const Args& in) {
    return at::index_select(in[0], axis, wrapped(in[1], size).reshape({-1})).reshape(out);
  });
}

NodeFn index_gather_elements(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  expect_index_type(s, 1);
  const Ints x = input_shape(s, 0);
  if (x.size() != input_shape(s, 1).size())
    throw std::invalid_argument("indices must have data's rank");
  const int64_t axis = norm_axis(a.get_int("axis", 0), static_cast<int64_t>(x.size()));
  const int64_t size = x[axis];
  return one([=](const Args& in) { return at::gather(in[0], axis, wrapped(in[1], size)); });
}

// GatherND / ScatterND geometry: data [batch..., indexed (k)..., rest...], indices
// [batch..., q..., k]; each index row addresses one slice of `rest` elements.
struct NdGeometry {
  Ints data, indexed, strides, out;
  int64_t batch = 1, rows = 1, rest = 1, slices = 1;
  NdGeometry(const Ints& d, const Ints& i, int64_t batch_dims) : data(d) {
    if (i.empty()) throw std::invalid_argument("indices must have rank 1 or more");
    const int64_t b = batch_dims, k = i.back();
    if (b < 0 || b >= static_cast<int64_t>(std::min(d.size(), i.size())))
      throw std::invalid_argument("batch_dims " + std::to_string(b) + " is out of range");
    if (k < 1 || b + k > static_cast<int64_t>(d.size()))
      throw std::invalid_argument("the indices' last dimension " + std::to_string(k) +
                                  " exceeds data's rank less batch_dims");
    for (int64_t j = 0; j < b; ++j) {
      if (d[j] != i[j]) throw std::invalid_argument("batch dimensions of data and indices differ");
      batch *= d[j];
    }
    indexed.assign(d.begin() + b, d.begin() + b + k);
    strides.assign(indexed.size(), 1);
    for (size_t j = indexed.size() - 1; j-- > 0;) strides[j] = strides[j + 1] * indexed[j + 1];
    for (int64_t v : indexed) slices *= v;
    for (size_t j = b + k; j < d.size(); ++j) rest *= d[j];
    for (size_t j = b; j + 1 < i.size(); ++j) rows *= i[j];
    out.assign(i.begin(), i.end() - 1);
    out.insert(out.end(), d.begin() + b + k, d.end());
  }
  // [batch, rows] linear slice numbers.
  at::Tensor linear(const at::Tensor& idx) const {
    const at::Tensor i = wrapped_columns(idx.reshape({batch, rows, -1}), indexed);
    return (i * at::tensor(strides, i.options())).sum(-1);
  }
};

NodeFn index_gather_nd(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"batch_dims"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  if (input_type(s, 1) != at::kLong) throw std::invalid_argument("indices must be int64");
  const NdGeometry g(input_shape(s, 0), input_shape(s, 1), a.get_int("batch_dims", 0));
  return one([g](const Args& in) {
    const at::Tensor lin = g.linear(in[1]).unsqueeze(-1).expand({g.batch, g.rows, g.rest});
    return at::gather(in[0].reshape({g.batch, g.slices, g.rest}), 1, lin).reshape(g.out);
  });
}

// "none" (ATen's scatter), or the reduction ScatterElements / ScatterND name.
std::string scatter_reduction(const Attrs& a) {
  const std::string r = a.get_string("reduction", "none");
  if (r == "none") return r;
  if (r == "add") return "sum";
  if (r == "mul") return "prod";
  if (r == "max") return "amax";
  if (r == "min") return "amin";
  throw std::invalid_argument("reduction '" + r + "' is not none, add, mul, max or min");
}

at::Tensor scatter(const at::Tensor& data, int64_t axis, const at::Tensor& idx,
                   const at::Tensor& updates, const std::string& reduce) {
  if (reduce == "none") return at::scatter(data, axis, idx, updates);
  return at::scatter_reduce(data, axis, idx, updates, reduce, /*include_self=*/true);
}

NodeFn index_scatter_elements(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis", "reduction"});
  sdk::expect_count(s.inputs.size(), 3, "inputs");
  expect_index_type(s, 1);
  if (input_type(s, 0) != input_type(s, 2))
    throw std::invalid_argument("data and updates differ in dtype");
  const Ints x = input_shape(s, 0);
  if (input_shape(s, 1) != input_shape(s, 2))
    throw std::invalid_argument("indices and updates differ in shape");
  const int64_t axis = norm_axis(a.get_int("axis", 0), static_cast<int64_t>(x.size()));
  const int64_t size = x[axis];
  const std::string reduce = scatter_reduction(a);
  return one(
      [=](const Args& in) { return scatter(in[0], axis, wrapped(in[1], size), in[2], reduce); });
}

NodeFn index_scatter_nd(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"reduction"});
  sdk::expect_count(s.inputs.size(), 3, "inputs");
  if (input_type(s, 1) != at::kLong) throw std::invalid_argument("indices must be int64");
  if (input_type(s, 0) != input_type(s, 2))
    throw std::invalid_argument("data and updates differ in dtype");
  const NdGeometry g(input_shape(s, 0), input_shape(s, 1), 0);
  if (input_shape(s, 2) != g.out)
    throw std::invalid_argument("updates must be " + sdk::shape_string(g.out));
  const std::string reduce = scatter_reduction(a);
  return one([g, reduce](const Args& in) {
    const at::Tensor lin = g.linear(in[1]).reshape({g.rows, 1}).expand({g.rows, g.rest});
    const at::Tensor flat = in[0].reshape({g.slices, g.rest});
    return scatter(flat, 0, lin, in[2].reshape({g.rows, g.rest}), reduce).reshape(g.data);
  });
}

NodeFn index_one_hot(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis"});
  sdk::expect_count(s.inputs.size(), 3, "inputs");
  input_type(s, 0), input_type(s, 2);
  const int64_t depth = static_cast<int64_t>(constant_scalar(s, 1, "depth"));
  if (depth < 1)
    throw std::invalid_argument("depth must be positive, got " + std::to_string(depth));
  if (input_shape(s, 2) != Ints{2}) throw std::invalid_argument("values must be [off, on]");
  const int64_t rank = rank_of(s, 0) + 1;
  const int64_t axis = norm_axis(a.get_int("axis", -1), rank);
  return one([depth, axis](const Args& in) {
    const at::Tensor idx = wrapped(in[0], depth).unsqueeze(-1);
    const at::Tensor hot = at::eq(idx, at::arange(depth, idx.options())).movedim(-1, axis);
    return at::where(hot, in[2][1], in[2][0]);
  });
}

NodeFn index_eye_like(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"dtype", "k"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  const Ints x = input_shape(s, 0);
  if (x.size() != 2) throw std::invalid_argument("input must be 2-D");
  const at::ScalarType t = a.has("dtype") ? onnx_type(a.get_int("dtype")) : input_type(s, 0);
  const int64_t k = a.get_int("k", 0);
  return one([x, t, k](const Args& in) {
    const auto options = in[0].options().dtype(at::kLong);
    const at::Tensor rows = at::arange(x[0], options).unsqueeze(1);
    return at::eq(at::arange(x[1], options).unsqueeze(0) - rows, k).to(t);
  });
}

NodeFn index_trilu(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"upper"});
  if (s.inputs.empty() || s.inputs.size() > 2)
    throw std::invalid_argument("expects input and optional k");
  input_type(s, 0);
  if (rank_of(s, 0) < 2) throw std::invalid_argument("input must have rank 2 or more");
  const int64_t k = given(s, 1) ? static_cast<int64_t>(constant_scalar(s, 1, "k")) : 0;
  const bool upper = a.get_flag("upper", true);
  return one(
      [k, upper](const Args& in) { return upper ? at::triu(in[0], k) : at::tril(in[0], k); });
}

NodeFn index_cumsum(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"exclusive", "reverse"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  const at::ScalarType t = input_type(s, 0);
  offer(t != at::kBool, t, "numeric dtypes are");
  const int64_t axis =
      norm_axis(static_cast<int64_t>(constant_scalar(s, 1, "axis")), rank_of(s, 0));
  const bool exclusive = a.get_flag("exclusive", false), reverse = a.get_flag("reverse", false);
  return one([axis, exclusive, reverse, t](const Args& in) {
    at::Tensor x = reverse ? in[0].flip(axis) : in[0];
    at::Tensor y = at::cumsum(x, axis, t);
    if (exclusive && x.size(axis) > 0)
      y = at::cat({at::zeros_like(y.narrow(axis, 0, 1)), y.narrow(axis, 0, x.size(axis) - 1)},
                  axis);
    return reverse ? y.flip(axis) : y;
  });
}

// TopK: a stable sort keeps the lower index first among equal values, as ONNX asks.
NodeFn index_top_k(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis", "largest", "sorted", "k"});
  if (s.inputs.empty() || s.inputs.size() > 2) throw std::invalid_argument("expects X and K");
  const Ints x = input_shape(s, 0);
  offer(input_type(s, 0) != at::kBool, input_type(s, 0), "numeric dtypes are");
  const int64_t axis = norm_axis(a.get_int("axis", -1), static_cast<int64_t>(x.size()));
  const int64_t k = a.has("k") ? a.get_int("k") : static_cast<int64_t>(constant_scalar(s, 1, "K"));
  if (k < 0 || k > x[axis])
    throw std::invalid_argument("K " + std::to_string(k) + " is outside [0, " +
                                std::to_string(x[axis]) + "]");
  const bool largest = a.get_flag("largest", true);
  a.get_flag("sorted", true);  // the result is always sorted, which ONNX allows for sorted=0
  return [axis, k, largest](const Args& in) {
    auto [values, indices] = at::sort(in[0], /*stable=*/true, axis, /*descending=*/largest);
    return Args{values.narrow(axis, 0, k), indices.narrow(axis, 0, k)};
  };
}

template <bool Max>
NodeFn index_arg(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis", "keepdims", "select_last_index"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  offer(input_type(s, 0) != at::kBool, input_type(s, 0), "numeric dtypes are");
  const Ints x = input_shape(s, 0);
  const int64_t axis = norm_axis(a.get_int("axis", 0), static_cast<int64_t>(x.size()));
  const bool keep = a.get_flag("keepdims", true), last = a.get_flag("select_last_index", false);
  const int64_t n = x.empty() ? 1 : x[axis];
  return one([axis, keep, last, n](const Args& in) {
    const at::Tensor src = last ? in[0].flip(axis) : in[0];
    const at::Tensor i = Max ? at::argmax(src, axis, keep) : at::argmin(src, axis, keep);
    return last ? (n - 1) - i : i;
  });
}

NodeFn index_compress(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis"});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  input_type(s, 0);
  const at::Tensor& c = constant_input(s, 1, "condition");
  if (c.scalar_type() != at::kBool || c.dim() != 1)
    throw std::invalid_argument("condition must be 1-D bool");
  const Ints x = input_shape(s, 0);
  const bool flat = !a.has("axis");
  const int64_t axis = flat ? 0 : norm_axis(a.get_int("axis"), static_cast<int64_t>(x.size()));
  const int64_t size = flat ? numel(x) : x[axis];
  const int64_t used = std::min(size, c.size(0));
  if (c.narrow(0, used, c.size(0) - used).any().item<bool>())
    throw std::invalid_argument("condition selects beyond the input's " + std::to_string(size) +
                                " entries");
  const at::Tensor keep = at::nonzero(c.narrow(0, 0, used)).reshape({-1});
  return one([flat, axis, keep](const Args& in) {
    const at::Tensor src = flat ? in[0].reshape({-1}) : in[0];
    return at::index_select(src, axis, keep.to(src.device()));
  });
}

// Hardmax: 1 at the first maximum along the axis (opset 13), or of each row of the input seen as
// 2-D from the axis on (before).
NodeFn index_hardmax(const Attrs& a, const NodeSignature& s) {
  a.expect_only({"axis"});
  sdk::expect_count(s.inputs.size(), 1, "inputs");
  offer(is_real(input_type(s, 0)), input_type(s, 0), "float32 and float64 are");
  const Ints x = input_shape(s, 0);
  const int64_t rank = static_cast<int64_t>(x.size());
  const bool legacy = a.get_int(D500_ATTR_OPSET, 13) < 13;
  const int64_t axis = norm_axis(a.get_int("axis", legacy ? 1 : -1), rank);
  const Ints rows{numel(Ints(x.begin(), x.begin() + axis)), numel(Ints(x.begin() + axis, x.end()))};
  return one([legacy, axis, rows, x](const Args& in) {
    const at::Tensor src = legacy ? in[0].reshape(rows) : in[0];
    const int64_t dim = legacy ? 1 : axis;
    const at::Tensor hit = at::argmax(src, dim, true);
    return at::zeros_like(src).scatter(dim, hit, 1).reshape(x);
  });
}

constexpr NodeOp kIndexOps[] = {
    {"Cast", "ONNX Cast via at::Tensor::to (float, double, int32, int64, uint8, bool)", index_cast},
    {"CastLike", "ONNX CastLike via at::Tensor::to", index_cast_like},
    {"Gather", "ONNX Gather via at::index_select; gradient by autograd", index_gather},
    {"GatherElements", "ONNX GatherElements via at::gather; gradient by autograd",
     index_gather_elements},
    {"GatherND", "ONNX GatherND (batch_dims) via at::gather over linearised indices",
     index_gather_nd},
    {"ScatterElements", "ONNX ScatterElements via at::scatter / scatter_reduce",
     index_scatter_elements},
    {"Scatter", "ONNX Scatter (opset 9-10, ScatterElements' predecessor) via at::scatter",
     index_scatter_elements},
    {"ScatterND", "ONNX ScatterND via at::scatter / scatter_reduce over linearised indices",
     index_scatter_nd},
    {"OneHot", "ONNX OneHot (depth a constant) via at::eq and at::where", index_one_hot},
    {"EyeLike", "ONNX EyeLike: ones on diagonal k", index_eye_like},
    {"Trilu", "ONNX Trilu via at::triu / at::tril (k a constant)", index_trilu},
    {"CumSum", "ONNX CumSum (axis a constant; exclusive, reverse) via at::cumsum", index_cumsum},
    {"TopK", "ONNX TopK (K a constant) via a stable at::sort", index_top_k},
    {"ArgMax", "ONNX ArgMax via at::argmax (select_last_index by flipping)", index_arg<true>},
    {"ArgMin", "ONNX ArgMin via at::argmin (select_last_index by flipping)", index_arg<false>},
    {"Compress", "ONNX Compress (condition a constant) via at::index_select", index_compress},
    {"Hardmax", "ONNX Hardmax (opset < 13 coerced to 2-D) via at::argmax", index_hardmax},
};

}  // namespace

void add_index_ops(std::vector<d500_operator>& ops, bool cuda) {
  add_node_ops<kIndexOps>(ops, cuda);
}

}  // namespace d500::torch_plugin
