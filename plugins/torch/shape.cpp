// ONNX shape operators (Flatten, Reshape, Identity, Transpose, Concat) and reductions
// (ReduceMean, ReduceSum). The caller's output is its own buffer, so even a pure relabelling is
// one copy (at::Tensor::copy_, a memcpy for contiguous data).
#include "common.h"
#include "reduce.h"
#include "registry.h"

namespace d500::torch_plugin {

enum class Relabel { Identity, Flatten, Reshape };

// Y holds X's elements in X's order under another shape. Any dtype the plugin maps.
template <Relabel K>
class Relabelling {
 public:
  Relabelling(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in,
              const Constants& c) {
    if (in.empty() || !in[0].present()) throw std::invalid_argument("missing input");
    type_ = scalar_type(in[0].dtype());
    x_shape_ = in[0].shape();
    const int64_t rank = static_cast<int64_t>(x_shape_.size());
    if constexpr (K == Relabel::Identity) {
      a.expect_only({});
      sdk::expect_count(in.size(), 1, "inputs");
      y_shape_ = x_shape_;
    } else if constexpr (K == Relabel::Flatten) {
      a.expect_only({"axis"});
      sdk::expect_count(in.size(), 1, "inputs");
      int64_t axis = a.get_int("axis", 1);
      if (axis < -rank || axis > rank)
        throw std::invalid_argument("axis " + std::to_string(axis) + " outside [-" +
                                    std::to_string(rank) + ", " + std::to_string(rank) + "]");
      if (axis < 0) axis += rank;
      y_shape_ = {numel(Shape(x_shape_.begin(), x_shape_.begin() + axis)),
                  numel(Shape(x_shape_.begin() + axis, x_shape_.end()))};
    } else {
      a.expect_only({"allowzero"});
      sdk::expect_count(in.size(), 2, "inputs");
      y_shape_ = reshaped(x_shape_, c.ints(1, "shape"), a.get_flag("allowzero", false));
    }
    x_ = Slot("data", type_, x_shape_, y_shape_), dx_ = Slot("d data", type_, x_shape_, y_shape_);
    y_ = Slot("reshaped", type_, y_shape_), dy_ = Slot("d reshaped", type_, y_shape_);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }
  void forward(Inputs in, Outputs out) { y_(out[0]).copy_(x_(in[0])); }
  void backward(Inputs go, Inputs, Inputs, Outputs gi) {
    if (wanted(gi, 0)) dx_(gi[0]).copy_(dy_(go[0]));
    zero_gradient(gi, 1);  // Reshape's shape
  }
  Cost cost() const { return {0.0, 2.0 * static_cast<double>(numel(x_shape_) * type_size(type_))}; }

 private:
  // ONNX Reshape: 0 copies the input's dimension (unless allowzero), -1 is inferred.
  static Shape reshaped(const Shape& x, const Shape& spec, bool allowzero) {
    Shape y;
    int infer = -1;
    for (size_t i = 0; i < spec.size(); ++i) {
      if (spec[i] == -1) {
        if (infer >= 0) throw std::invalid_argument("shape has more than one -1");
        infer = static_cast<int>(i);
        y.push_back(1);
      } else if (spec[i] == 0 && !allowzero) {
        if (i >= x.size()) throw std::invalid_argument("shape copies a dimension X lacks");
        y.push_back(x[i]);
      } else if (spec[i] < 0) {
        throw std::invalid_argument("shape " + sdk::shape_string(spec) + " has a negative value");
      } else {
        y.push_back(spec[i]);
      }
    }
    if (infer >= 0) {
      const int64_t rest = numel(y);
      if (rest == 0 || numel(x) % rest != 0)
        throw std::invalid_argument("cannot infer -1 in " + sdk::shape_string(spec) + " for " +
                                    sdk::shape_string(x));
      y[static_cast<size_t>(infer)] = numel(x) / rest;
    }
    if (numel(y) != numel(x))
      throw std::invalid_argument("cannot reshape " + sdk::shape_string(x) + " to " +
                                  sdk::shape_string(spec));
    return y;
  }

  at::ScalarType type_ = at::kFloat;
  Shape x_shape_, y_shape_;
  Slot x_, dx_, y_, dy_;
};

// Transpose by `perm` (default: reversed dimensions).
class Transpose {
 public:
  Transpose(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in,
            const Constants&) {
    a.expect_only({"perm"});
    sdk::expect_count(in.size(), 1, "inputs");
    type_ = scalar_type(in[0].dtype());
    x_shape_ = in[0].shape();
    const size_t rank = x_shape_.size();
    Shape reversed;
    for (size_t i = rank; i-- > 0;) reversed.push_back(static_cast<int64_t>(i));
    perm_ = a.get_ints("perm", reversed);
    if (perm_.size() != rank)
      throw std::invalid_argument("perm " + sdk::shape_string(perm_) + " does not fit rank " +
                                  std::to_string(rank));
    inverse_.assign(rank, -1);
    for (size_t i = 0; i < rank; ++i) {
      const int64_t p = normalize_axis(perm_[i], static_cast<int64_t>(rank), "perm value");
      if (inverse_[static_cast<size_t>(p)] >= 0)
        throw std::invalid_argument("perm " + sdk::shape_string(perm_) + " repeats a dimension");
      perm_[i] = p;
      inverse_[static_cast<size_t>(p)] = static_cast<int64_t>(i);
      y_shape_.push_back(x_shape_[static_cast<size_t>(p)]);
    }
    x_ = Slot("data", type_, x_shape_), dx_ = Slot("d data", type_, x_shape_);
    y_ = Slot("transposed", type_, y_shape_), dy_ = Slot("d transposed", type_, y_shape_);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }
  void forward(Inputs in, Outputs out) {
    y_(out[0]).copy_(xp_(x_(in[0]), [&](const at::Tensor& t) { return t.permute(perm_); }));
  }
  void backward(Inputs go, Inputs, Inputs, Outputs gi) {
    if (!wanted(gi, 0)) return;
    dx_(gi[0]).copy_(dyp_(dy_(go[0]), [&](const at::Tensor& t) { return t.permute(inverse_); }));
  }
  Cost cost() const { return {0.0, 2.0 * static_cast<double>(numel(x_shape_) * type_size(type_))}; }

 private:
  at::ScalarType type_ = at::kFloat;
  Shape x_shape_, y_shape_, perm_, inverse_;
  Slot x_, dx_, y_, dy_;
  ViewCache xp_, dyp_;
};

// Concat along `axis` (required; negative counts from the end).
class Concat {
 public:
  Concat(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&) {
    a.expect_only({"axis"});
    if (in.empty()) throw std::invalid_argument("Concat needs at least one input");
    type_ = scalar_type(in[0].dtype());
    y_shape_ = in[0].shape();
    const int64_t rank = static_cast<int64_t>(y_shape_.size());
    axis_ = normalize_axis(a.get_int("axis"), rank);
    y_shape_[static_cast<size_t>(axis_)] = 0;
    for (const TensorInfo& t : in) {
      Shape s = t.shape();
      if (!sdk::same_dtype(t.dtype(), in[0].dtype()) || s.size() != y_shape_.size())
        throw std::invalid_argument("input " + t.str() + " does not match " + in[0].str());
      for (size_t d = 0; d < s.size(); ++d)
        if (static_cast<int64_t>(d) != axis_ && s[d] != y_shape_[d])
          throw std::invalid_argument("input " + t.str() + " differs from " + in[0].str() +
                                      " outside axis " + std::to_string(axis_));
      offsets_.push_back(y_shape_[static_cast<size_t>(axis_)]);
      lengths_.push_back(s[static_cast<size_t>(axis_)]);
      y_shape_[static_cast<size_t>(axis_)] += s[static_cast<size_t>(axis_)];
      x_.emplace_back("inputs_i", type_, s);
      dx_.emplace_back("d inputs_i", type_, s);
      dy_parts_.emplace_back();
    }
    parts_.resize(in.size());
    y_ = Slot("concat_result", type_, y_shape_), dy_ = Slot("d concat_result", type_, y_shape_);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }
  void forward(Inputs in, Outputs out) {
    sdk::expect_count(in.size(), x_.size(), "inputs");
    for (size_t i = 0; i < x_.size(); ++i) parts_[i] = x_[i](in[i]);
    at::cat_out(y_(out[0]), at::TensorList(parts_), axis_);
  }
  void backward(Inputs go, Inputs, Inputs, Outputs gi) {
    const at::Tensor& dy = dy_(go[0]);
    for (size_t i = 0; i < dx_.size(); ++i)
      if (wanted(gi, i))
        dx_[i](gi[i]).copy_(dy_parts_[i](
            dy, [&](const at::Tensor& t) { return t.narrow(axis_, offsets_[i], lengths_[i]); }));
  }
  Cost cost() const { return {0.0, 2.0 * static_cast<double>(numel(y_shape_) * type_size(type_))}; }

 private:
  at::ScalarType type_ = at::kFloat;
  Shape y_shape_, offsets_, lengths_;
  int64_t axis_ = 0;
  std::vector<Slot> x_, dx_;
  std::vector<ViewCache> dy_parts_;
  std::vector<at::Tensor> parts_;
  Slot y_, dy_;
};

// ReduceMean / ReduceSum over `axes`: the attribute (older opsets) or the constant second input
// (ReduceSum 13, ReduceMean 18). No axes reduces everything, or with noop_with_empty_axes copies.
template <bool Mean>
class Reduce {
 public:
  Reduce(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants& c)
      : type_(real_type(in, 0, 1)) {
    const ReduceGeometry g(a, in, c);
    x_shape_ = g.x, y_shape_ = g.y, dims_ = g.dims, count_ = g.count, noop_ = g.noop;
    x_ = Slot("data", type_, x_shape_), dx_ = Slot("d data", type_, x_shape_);
    y_ = Slot("reduced", type_, y_shape_, g.keep), dy_ = Slot("d reduced", type_, y_shape_, g.keep);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }

  void forward(Inputs in, Outputs out) {
    at::Tensor& y = y_(out[0]);
    const at::Tensor& x = x_(in[0]);
    if (noop_)
      y.copy_(x);
    else if constexpr (Mean)
      at::mean_out(y, x, dims_, /*keepdim=*/true);
    else
      at::sum_out(y, x, dims_, /*keepdim=*/true);
  }

  void backward(Inputs go, Inputs, Inputs, Outputs gi) {
    zero_gradient(gi, 1);  // axes
    if (!wanted(gi, 0)) return;
    at::Tensor& dx = dx_(gi[0]);
    const at::Tensor& dy = dy_(go[0]);
    const at::Tensor& wide = dye_(dy, [&](const at::Tensor& t) { return t.expand(x_shape_); });
    if (Mean && !noop_) {
      if (!count_t_.defined() || count_t_.device() != dy.device())
        count_t_ = at::scalar_tensor(static_cast<double>(count_), dy.options());
      at::div_out(dx, wide, count_t_);
    } else {
      dx.copy_(wide);
    }
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(x_shape_));
    return {n, static_cast<double>(type_size(type_)) * (n + static_cast<double>(numel(y_shape_)))};
  }

 private:
  at::ScalarType type_;
  Shape x_shape_, y_shape_, dims_;
  int64_t count_ = 1;
  bool noop_ = false;
  Slot x_, dx_, y_, dy_;
  ViewCache dye_;
  at::Tensor count_t_;
};

// The torch executor's functions of this file's operators (graph_ops.h).
namespace {
using namespace graph;

NodeFn graph_flatten(const Attrs& a, const NodeSignature& s) {
  const Ints x = shape_of(s.inputs[0]);
  const int64_t axis = a.get_int("axis", 1);
  const int64_t ax = axis < 0 ? axis + static_cast<int64_t>(x.size()) : axis;
  if (ax < 0 || ax > static_cast<int64_t>(x.size()))
    throw std::invalid_argument("axis out of range");
  int64_t outer = 1;
  for (int64_t i = 0; i < ax; ++i) outer *= x[i];
  return [=](const std::vector<at::Tensor>& in) {
    return std::vector<at::Tensor>{in[0].reshape({outer, -1})};
  };
}

// Shape-only operators take the output shape the host inferred (complete for a built executor).
NodeFn graph_reshape(const Attrs&, const NodeSignature& s) {
  if (s.outputs.empty() || s.outputs[0].ndim < 0)
    throw sdk::unsupported(std::string("Reshape") + " without an inferred output shape");
  const Ints out = shape_of(s.outputs[0]);
  for (int64_t d : out)
    if (d < 0) throw sdk::unsupported(std::string("Reshape") + " without a complete output shape");
  return [=](const std::vector<at::Tensor>& in) {
    return std::vector<at::Tensor>{in[0].reshape(out)};
  };
}

NodeFn graph_transpose(const Attrs& a, const NodeSignature& s) {
  Ints perm = a.get_ints("perm");
  if (perm.empty())
    for (int64_t i = s.inputs[0].ndim; i-- > 0;) perm.push_back(i);
  return [=](const std::vector<at::Tensor>& in) {
    return std::vector<at::Tensor>{in[0].permute(perm).contiguous()};
  };
}

NodeFn graph_identity(const Attrs&, const NodeSignature&) {
  return one([](const Args& in) { return in[0]; });
}

NodeFn graph_concat(const Attrs& a, const NodeSignature& s) {
  const int64_t axis = norm_axis(a.get_int("axis"), rank_of(s, 0));
  return one([axis](const Args& in) { return at::cat(in, axis); });
}

NodeFn graph_reduce_mean(const Attrs& a, const NodeSignature& s) {
  return compile_reduce(
      a, s, [](const at::Tensor& x, at::IntArrayRef d) { return at::mean(x, d, true); });
}
NodeFn graph_reduce_sum(const Attrs& a, const NodeSignature& s) {
  return compile_reduce(a, s,
                        [](const at::Tensor& x, at::IntArrayRef d) { return at::sum(x, d, true); });
}

}  // namespace

void add_shape_ops(std::vector<d500_operator>& ops, bool cuda) {
  add<Relabelling<Relabel::Identity>>(ops, cuda, "Identity", "ONNX Identity: one copy_",
                                      graph_identity);
  add<Relabelling<Relabel::Flatten>>(ops, cuda, "Flatten", "ONNX Flatten: one copy_",
                                     graph_flatten);
  add<Relabelling<Relabel::Reshape>>(
      ops, cuda, "Reshape", "ONNX Reshape (shape must be a constant): one copy_", graph_reshape);
  add<Transpose>(ops, cuda, "Transpose", "ONNX Transpose: copy_ of a permuted view",
                 graph_transpose);
  add<Concat>(ops, cuda, "Concat", "ONNX Concat via at::cat_out; backward copies of narrowed views",
              graph_concat);
  add<Reduce<true>>(ops, cuda, "ReduceMean",
                    "ONNX ReduceMean (axes attribute or constant input) via at::mean_out",
                    graph_reduce_mean);
  add<Reduce<false>>(ops, cuda, "ReduceSum",
                     "ONNX ReduceSum (axes attribute or constant input) via at::sum_out",
                     graph_reduce_sum);
}

}  // namespace d500::torch_plugin
