// Folds the shape arithmetic PyTorch's exporter writes around Reshape, Expand and Slice
// (Shape -> Gather -> Mul/Div -> Concat, Shape -> Slice -> Concat as ONNX's LayerNormalization
// function body writes it, ConstantOfShape -> Equal -> Where, the zero initial
// state of LSTM/GRU): where ONNX shape inference knows the shapes, those values are computed
// here once, so every operator that needs a constant shape input gets one, on any executor.
#include "shape_folding.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <optional>

namespace d500::network {

namespace {

constexpr int64_t kMaxFolded = 1 << 16;  // elements: shapes and small states, never activations

using Ints = std::vector<int64_t>;

struct Folder {
  GraphDesc& desc;
  std::map<std::string, size_t> index;  // constant name -> position in desc.constants
  bool folded_shape = false;

  const Tensor* constant(const std::string& name) const {
    auto it = index.find(name);
    return it == index.end() ? nullptr : &desc.constants[it->second].value;
  }
  void add(const std::string& name, Tensor t) {
    index[name] = desc.constants.size();
    desc.constants.push_back({name, std::move(t)});
  }
};

const plugin::Attribute* attribute(const Node& n, const std::string& name) {
  for (const auto& a : n.attributes)
    if (a.name == name) return &a;
  return nullptr;
}
std::optional<int64_t> int_attr(const Node& n, const std::string& name) {
  const auto* a = attribute(n, name);
  if (!a || !std::holds_alternative<int64_t>(a->value)) return std::nullopt;
  return std::get<int64_t>(a->value);
}

Ints ints(const Tensor& t) {
  const int64_t* p = t.data_as<int64_t>();
  return Ints(p, p + t.numel());
}
Tensor int_tensor(const Ints& v, Shape shape) {
  Tensor t(DType::Int64, std::move(shape));
  std::copy(v.begin(), v.end(), t.data_as<int64_t>());
  return t;
}

// numpy broadcasting of two shapes; nullopt when they do not broadcast.
std::optional<Shape> broadcast(const Shape& a, const Shape& b) {
  Shape out(std::max(a.size(), b.size()), 1);
  for (size_t k = 0; k < out.size(); ++k) {
    const int64_t x = k < out.size() - a.size() ? 1 : a[k - (out.size() - a.size())];
    const int64_t y = k < out.size() - b.size() ? 1 : b[k - (out.size() - b.size())];
    if (x != y && x != 1 && y != 1) return std::nullopt;
    out[k] = x == 1 ? y : x;
  }
  return out;
}
// The element of a tensor of shape `in` that broadcasts to element `i` of shape `out`.
int64_t source(int64_t i, const Shape& out, const Shape& in) {
  int64_t src = 0, stride = 1;
  for (size_t k = out.size(); k-- > 0;) {
    const int64_t coord = i % out[k];
    i /= out[k];
    const size_t off = out.size() - in.size();
    if (k >= off) {
      const int64_t d = in[k - off];
      if (d != 1) src += coord * stride;
      stride *= d;
    }
  }
  return src;
}

// Element-wise over broadcast inputs: `op` gets each input's element index and the output's.
std::optional<Tensor> broadcast_op(
    const std::vector<const Tensor*>& in, DType out_dtype,
    const std::function<void(const std::vector<int64_t>&, void*)>& op) {
  Shape shape = in[0]->shape();
  for (size_t k = 1; k < in.size(); ++k) {
    auto s = broadcast(shape, in[k]->shape());
    if (!s) return std::nullopt;
    shape = *s;
  }
  if (element_count(shape) > kMaxFolded) return std::nullopt;
  Tensor out(out_dtype, shape);
  const size_t size = dtype_size(out_dtype);
  std::vector<int64_t> src(in.size());
  for (int64_t i = 0; i < out.numel(); ++i) {
    for (size_t k = 0; k < in.size(); ++k) src[k] = source(i, shape, in[k]->shape());
    op(src, static_cast<char*>(out.data()) + static_cast<size_t>(i) * size);
  }
  return out;
}

std::optional<Tensor> arithmetic(const std::string& op, const Tensor& a, const Tensor& b) {
  if (a.dtype() != DType::Int64 || b.dtype() != DType::Int64) return std::nullopt;
  const int64_t* x = a.data_as<int64_t>();
  const int64_t* y = b.data_as<int64_t>();
  for (int64_t i = 0; op == "Div" && i < b.numel(); ++i)
    if (y[i] == 0) return std::nullopt;  // left to run, and to fail there, naming the node
  const bool equal = op == "Equal";
  return broadcast_op({&a, &b}, equal ? DType::Bool : DType::Int64, [&](const Ints& s, void* out) {
    const int64_t u = x[s[0]], v = y[s[1]];
    if (equal) {
      *static_cast<bool*>(out) = u == v;
      return;
    }
    *static_cast<int64_t*>(out) = op == "Add"   ? u + v
                                  : op == "Sub" ? u - v
                                  : op == "Mul" ? u * v
                                                : u / v;
  });
}

// `x` broadcast to `shape` (Expand: the shapes broadcast together).
std::optional<Tensor> fill(const Tensor& x, const Shape& shape) {
  auto out_shape = broadcast(x.shape(), shape);
  if (!out_shape) return std::nullopt;
  const Tensor target(DType::Bool, *out_shape);
  const size_t size = dtype_size(x.dtype());
  return broadcast_op({&x, &target}, x.dtype(), [&](const Ints& src, void* out) {
    std::memcpy(out, static_cast<const char*>(x.data()) + static_cast<size_t>(src[0]) * size, size);
  });
}

// Axes from the attribute (before opset 13) or the second input; nullopt when neither is known.
std::optional<Ints> axes_of(const Node& n, const std::vector<const Tensor*>& in) {
  if (const auto* a = attribute(n, "axes"); a && std::holds_alternative<Ints>(a->value))
    return std::get<Ints>(a->value);
  if (in.size() > 1 && in[1] && in[1]->dtype() == DType::Int64) return ints(*in[1]);
  return std::nullopt;
}

std::optional<Tensor> shape_of(const Folder& f, const Node& n) {
  auto t = f.desc.value_types.find(n.inputs[0]);
  if (t == f.desc.value_types.end() || !t->second.complete()) return std::nullopt;
  const Shape& s = t->second.shape;
  const auto r = static_cast<int64_t>(s.size());
  auto clamp = [&](int64_t v) { return std::clamp(v < 0 ? v + r : v, int64_t{0}, r); };
  const int64_t start = clamp(int_attr(n, "start").value_or(0));
  const int64_t end = clamp(int_attr(n, "end").value_or(r));
  Ints v(s.begin() + start, s.begin() + std::max(start, end));
  if (n.op_type == "Size") return int_tensor({element_count(s)}, {});
  return int_tensor(v, {static_cast<int64_t>(v.size())});
}

std::optional<Ints> ints_attr(const Node& n, const std::string& name) {
  const auto* a = attribute(n, name);
  if (!a || !std::holds_alternative<Ints>(a->value)) return std::nullopt;
  return std::get<Ints>(a->value);
}

// Input k as int64 values, `fallback` when the input is left out; nullopt when it is not int64.
std::optional<Ints> int_input(const std::vector<const Tensor*>& in, size_t k, Ints fallback) {
  if (k >= in.size() || !in[k]) return fallback;
  if (in[k]->dtype() != DType::Int64) return std::nullopt;
  return ints(*in[k]);
}

// ONNX Slice of a 1-D value (a shape): starts/ends/axes/steps as attributes before opset 10,
// inputs from it on; negative indices count from the end, then clamp as ONNX says.
std::optional<Tensor> slice(const Node& n, const std::vector<const Tensor*>& in, const Ints& v) {
  if (in[0]->shape().size() != 1) return std::nullopt;
  std::optional<Ints> starts, ends, axes, steps;
  if (n.opset > 0 && n.opset < 10) {
    starts = ints_attr(n, "starts"), ends = ints_attr(n, "ends");
    axes = ints_attr(n, "axes").value_or(Ints{0}), steps = Ints{1};
  } else {
    starts = int_input(in, 1, {}), ends = int_input(in, 2, {});
    axes = int_input(in, 3, {0}), steps = int_input(in, 4, {1});
  }
  if (!starts || !ends || !axes || !steps || starts->size() != 1 || ends->size() != 1 ||
      axes->size() != 1 || steps->size() != 1 || ((*axes)[0] != 0 && (*axes)[0] != -1) ||
      (*steps)[0] == 0)
    return std::nullopt;
  const auto dim = static_cast<int64_t>(v.size());
  const int64_t step = (*steps)[0];
  auto index = [&](int64_t i, bool is_end) {
    if (i < 0) i = i < -dim ? -1 : i + dim;  // INT64_MIN stays far below 0
    return step > 0 ? std::clamp<int64_t>(i, 0, dim)
                    : std::clamp<int64_t>(i, is_end ? -1 : 0, dim - 1);
  };
  const int64_t start = index((*starts)[0], false), end = index((*ends)[0], true);
  Ints out;
  for (int64_t i = start; step > 0 ? i < end : i > end; i += step)
    out.push_back(v[static_cast<size_t>(i)]);
  return int_tensor(out, {static_cast<int64_t>(out.size())});
}

std::optional<Tensor> evaluate(const Node& n, const std::vector<const Tensor*>& in) {
  const std::string& op = n.op_type;
  if (op == "Add" || op == "Sub" || op == "Mul" || op == "Div" || op == "Equal")
    return in.size() == 2 ? arithmetic(op, *in[0], *in[1]) : std::nullopt;
  if (op == "Where") {
    if (in.size() != 3 || in[0]->dtype() != DType::Bool || in[1]->dtype() != in[2]->dtype())
      return std::nullopt;
    const Tensor *c = in[0], *x = in[1], *y = in[2];
    const size_t size = dtype_size(x->dtype());
    return broadcast_op({c, x, y}, x->dtype(), [&](const Ints& s, void* out) {
      const bool first = c->data_as<bool>()[s[0]];
      const Tensor& t = first ? *x : *y;
      std::memcpy(out,
                  static_cast<const char*>(t.data()) + static_cast<size_t>(s[first ? 1 : 2]) * size,
                  size);
    });
  }
  if (op == "Expand" || op == "ConstantOfShape") {
    const Tensor* shape_input = op == "Expand" ? (in.size() == 2 ? in[1] : nullptr) : in[0];
    if (!shape_input || shape_input->dtype() != DType::Int64) return std::nullopt;
    const Ints s = ints(*shape_input);
    if (std::any_of(s.begin(), s.end(), [](int64_t d) { return d < 0; })) return std::nullopt;
    if (op == "Expand") return fill(*in[0], Shape(s.begin(), s.end()));
    const auto* a = attribute(n, "value");
    if (!a) return fill(Tensor(DType::Float32, {1}), Shape(s.begin(), s.end()));
    if (!std::holds_alternative<std::shared_ptr<const Tensor>>(a->value)) return std::nullopt;
    const Tensor& v = *std::get<std::shared_ptr<const Tensor>>(a->value);
    return v.numel() == 1 ? fill(v, Shape(s.begin(), s.end())) : std::nullopt;
  }
  if (in[0]->dtype() != DType::Int64 || in[0]->shape().size() > 1) return std::nullopt;
  const Ints v = ints(*in[0]);
  if (op == "Gather") {
    const int64_t axis = int_attr(n, "axis").value_or(0);
    if (in.size() != 2 || in[1]->dtype() != DType::Int64 || in[0]->shape().size() != 1 ||
        (axis != 0 && axis != -1))
      return std::nullopt;
    Ints idx = ints(*in[1]);
    for (int64_t& i : idx) {
      if (i < 0) i += static_cast<int64_t>(v.size());
      if (i < 0 || i >= static_cast<int64_t>(v.size())) return std::nullopt;
      i = v[static_cast<size_t>(i)];
    }
    return int_tensor(idx, in[1]->shape());
  }
  if (op == "Unsqueeze" || op == "Squeeze") {
    // A 0-D or 1-D int64 value: the values stay, the shape gains or loses ones.
    auto axes = axes_of(n, in);
    const Shape& s = in[0]->shape();
    Shape out;
    if (op == "Squeeze") {
      const auto r = static_cast<int64_t>(s.size());
      for (int64_t k = 0; k < r; ++k) {
        const bool listed = !axes || std::any_of(axes->begin(), axes->end(), [&](int64_t a) {
          return (a < 0 ? a + r : a) == k;
        });
        if (listed && s[static_cast<size_t>(k)] == 1) continue;
        if (listed && axes) return std::nullopt;  // squeezing a dimension that is not 1
        out.push_back(s[static_cast<size_t>(k)]);
      }
    } else {
      if (!axes) return std::nullopt;
      const auto r = static_cast<int64_t>(s.size() + axes->size());
      std::vector<bool> ones(static_cast<size_t>(r), false);
      for (int64_t a : *axes) {
        const int64_t k = a < 0 ? a + r : a;
        if (k < 0 || k >= r || ones[static_cast<size_t>(k)]) return std::nullopt;
        ones[static_cast<size_t>(k)] = true;
      }
      for (size_t k = 0, j = 0; k < ones.size(); ++k) out.push_back(ones[k] ? 1 : s[j++]);
    }
    return int_tensor(v, out);
  }
  if (op == "Concat") {
    Ints all;
    for (const Tensor* t : in) {
      if (t->dtype() != DType::Int64 || t->shape().size() != 1) return std::nullopt;
      const Ints part = ints(*t);
      all.insert(all.end(), part.begin(), part.end());
    }
    return int_tensor(all, {static_cast<int64_t>(all.size())});
  }
  if (op == "Cast" && int_attr(n, "to").value_or(0) == 7)  // INT64
    return int_tensor(v, in[0]->shape());
  if (op == "Neg") {
    Ints out = v;
    for (int64_t& x : out) x = -x;
    return int_tensor(out, in[0]->shape());
  }
  if (op == "Slice") return slice(n, in, v);
  return std::nullopt;
}

}  // namespace

Folded fold_shape_arithmetic(GraphDesc& desc) {
  Folder f{desc, {}};
  Folded result;
  for (size_t i = 0; i < desc.constants.size(); ++i) f.index[desc.constants[i].name] = i;
  std::vector<Node> kept;
  for (Node& n : desc.nodes) {
    std::optional<Tensor> value;
    const bool single = n.domain.empty() && n.outputs.size() == 1 && !n.outputs[0].empty();
    if (single && (n.op_type == "Shape" || n.op_type == "Size") && !n.inputs.empty()) {
      value = shape_of(f, n);
      f.folded_shape |= value.has_value();
    } else if (single && !n.inputs.empty()) {
      std::vector<const Tensor*> in;
      for (const auto& name : n.inputs) in.push_back(name.empty() ? nullptr : f.constant(name));
      const bool all = std::all_of(in.begin(), in.end(), [](const Tensor* t) { return t; });
      if (all) value = evaluate(n, in);
    }
    if (value) {
      f.add(n.outputs[0], std::move(*value));
      ++result.nodes;
    } else {
      kept.push_back(std::move(n));
    }
  }
  desc.nodes = std::move(kept);
  result.shape = f.folded_shape;
  return result;
}

}  // namespace d500::network
