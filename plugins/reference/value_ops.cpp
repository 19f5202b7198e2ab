#include "value_ops.h"

#include <cmath>
#include <cstring>

#include "common.h"
#include "d500/sdk/owned.h"

namespace d500::reference {
namespace {

using Bytes = std::vector<unsigned char>;

const unsigned char* bytes_of(const DLTensor& t) {
  return static_cast<const unsigned char*>(t.data) + t.byte_offset;
}

int64_t numel_of(const DLTensor& t) {
  int64_t n = 1;
  for (int32_t d = 0; d < t.ndim; ++d) n *= t.shape[d];
  return n;
}

// The contents of a tensor attribute (a CPU tensor, contiguous by the ABI).
Bytes copy_of(const DLTensor& t) {
  const size_t n = static_cast<size_t>(numel_of(t)) * element_size(t.dtype);
  return Bytes(bytes_of(t), bytes_of(t) + n);
}

void write(const sdk::OutTensor& out, const Bytes& b) {
  if (!b.empty())
    std::memcpy(static_cast<char*>(out.dl().data) + out.dl().byte_offset, b.data(), b.size());
}

// Constant: the value of whichever attribute it has.
class Constant : public sdk::Operator<Constant> {
 public:
  Constant(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
    attrs.expect_only({"value", "value_float", "value_floats", "value_int", "value_ints",
                       "value_string", "value_strings", "sparse_value"});
    if (!inputs.empty()) throw std::invalid_argument("Constant takes no inputs");
    int given = 0;
    for (const char* n : {"value", "value_float", "value_floats", "value_int", "value_ints",
                          "value_string", "value_strings", "sparse_value"})
      given += attrs.has(n);
    if (given != 1)
      throw std::invalid_argument("Constant needs exactly one value attribute, got " +
                                  std::to_string(given));
    if (const DLTensor* t = attrs.get_tensor("value")) {
      y_ = TensorInfo(t->dtype, Shape(t->shape, t->shape + t->ndim));
      bytes_ = copy_of(*t);
    } else if (attrs.has("value_float")) {
      set(std::vector<float>{static_cast<float>(attrs.get_float("value_float"))}, {});
    } else if (attrs.has("value_floats")) {
      std::vector<float> v;
      for (double d : attrs.get_floats("value_floats")) v.push_back(static_cast<float>(d));
      set(v, {static_cast<int64_t>(v.size())});
    } else if (attrs.has("value_int")) {
      set(std::vector<int64_t>{attrs.get_int("value_int")}, {});
    } else if (attrs.has("value_ints")) {
      const auto v = attrs.get_ints("value_ints");
      set(v, {static_cast<int64_t>(v.size())});
    } else {
      throw sdk::unsupported("string and sparse constants are not implemented");
    }
  }
  std::vector<TensorInfo> outputs() const { return {y_}; }
  void forward(Inputs, Outputs out) const { write(out[0], bytes_); }

 private:
  template <class T>
  void set(const std::vector<T>& v, Shape shape) {
    y_ = TensorInfo(sdk::dtype_of<T>(), std::move(shape));
    bytes_.resize(v.size() * sizeof(T));
    if (!v.empty()) std::memcpy(bytes_.data(), v.data(), bytes_.size());
  }
  TensorInfo y_;
  Bytes bytes_;
};

// A shape from an int64 tensor's values; negative entries are an error naming them.
Shape shape_from(const std::vector<int64_t>& v, const char* what) {
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i] < 0)
      throw std::invalid_argument(std::string(what) + "[" + std::to_string(i) +
                                  "] = " + std::to_string(v[i]) + " is negative");
  return Shape(v.begin(), v.end());
}

class ConstantOfShape : public sdk::Operator<ConstantOfShape> {
 public:
  ConstantOfShape(const Attributes& attrs, const std::vector<TensorInfo>& inputs,
                  const sdk::Constants& constants) {
    attrs.expect_only({"value"});
    sdk::expect_count(inputs.size(), 1, "inputs");
    if (!inputs[0].is<int64_t>()) throw std::invalid_argument("the shape input must be int64");
    if (inputs[0].shape().size() != 1) throw std::invalid_argument("the shape input must be 1-D");
    const DLTensor* v = attrs.get_tensor("value");
    if (v) {
      if (numel_of(*v) != 1)
        throw std::invalid_argument("value must hold one element, it holds " +
                                    std::to_string(numel_of(*v)));
      dtype_ = v->dtype;
      one_ = copy_of(*v);
    } else {
      dtype_ = sdk::dtype_of<float>();
      one_.assign(4, 0);
    }
    const int64_t rank = inputs[0].shape()[0];
    if (rank > D500_MAX_DIMS) throw sdk::unsupported("rank " + std::to_string(rank) + " outputs");
    if (constants.has(0)) {
      shape_ = shape_from(constants.ints(0, "shape"), "shape");
      known_ = true;
    } else {
      shape_.assign(static_cast<size_t>(rank), -1);  // known once the input's values are
    }
  }
  std::vector<TensorInfo> outputs() const { return {TensorInfo(dtype_, shape_)}; }
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t) const {
    Shape shape = shape_;
    if (!known_) {
      auto x = in[0].as<int64_t>();
      shape = shape_from(std::vector<int64_t>(x.begin(), x.end()), "shape");
    }
    auto* y = static_cast<unsigned char*>(sdk::make_owned(out[0], dtype_, shape));
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    for (int64_t i = 0; i < n; ++i) std::memcpy(y + i * one_.size(), one_.data(), one_.size());
  }

 private:
  DLDataType dtype_{};
  Bytes one_;
  Shape shape_;
  bool known_ = false;
};

class ShapeOp : public sdk::Operator<ShapeOp> {
 public:
  ShapeOp(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
    attrs.expect_only({"start", "end"});
    sdk::expect_count(inputs.size(), 1, "inputs");
    const Shape& s = inputs[0].shape();
    const int64_t rank = static_cast<int64_t>(s.size());
    // ONNX clamps start and end into [0, rank] after adding rank to negative ones.
    auto clamp = [rank](int64_t v) {
      return std::min(std::max(v < 0 ? v + rank : v, int64_t{0}), rank);
    };
    const int64_t start = clamp(attrs.get_int("start", 0)), end = clamp(attrs.get_int("end", rank));
    for (int64_t d = start; d < end; ++d) dims_.push_back(s[static_cast<size_t>(d)]);
  }
  std::vector<TensorInfo> outputs() const {
    return {TensorInfo(sdk::dtype_of<int64_t>(), {static_cast<int64_t>(dims_.size())})};
  }
  void forward(Inputs, Outputs out) const {
    auto y = out[0].as<int64_t>();
    for (size_t i = 0; i < dims_.size(); ++i) y.data()[i] = dims_[i];
  }

 private:
  Shape dims_;
};

class Size : public sdk::Operator<Size> {
 public:
  Size(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
    attrs.expect_only({});
    sdk::expect_count(inputs.size(), 1, "inputs");
    n_ = inputs[0].numel();
  }
  std::vector<TensorInfo> outputs() const { return {TensorInfo(sdk::dtype_of<int64_t>(), {})}; }
  void forward(Inputs, Outputs out) const { out[0].as<int64_t>().data()[0] = n_; }

 private:
  int64_t n_ = 0;
};

// Whether element i is not zero: -0.0 is zero, NaN is not (as numpy counts).
bool nonzero_at(const DLTensor& t, int64_t i) {
  const unsigned char* p = bytes_of(t);
  const DLDataType d = t.dtype;
  if (d.code == kDLFloat && d.bits == 32) return reinterpret_cast<const float*>(p)[i] != 0.0f;
  if (d.code == kDLFloat && d.bits == 64) return reinterpret_cast<const double*>(p)[i] != 0.0;
  if ((d.code == kDLFloat || d.code == kDLBfloat) && d.bits == 16)
    return (reinterpret_cast<const uint16_t*>(p)[i] & 0x7fffu) != 0;
  const size_t size = element_size(d);
  for (size_t b = 0; b < size; ++b)
    if (p[static_cast<size_t>(i) * size + b]) return true;
  return false;
}

class NonZero : public sdk::Operator<NonZero> {
 public:
  NonZero(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
    attrs.expect_only({});
    sdk::expect_count(inputs.size(), 1, "inputs");
    x_ = inputs[0];
    const DLDataType d = x_.dtype();
    if (d.code != kDLFloat && d.code != kDLBfloat && d.code != kDLInt && d.code != kDLUInt &&
        d.code != D500_DLPACK_BOOL_CODE)
      throw sdk::unsupported("dtype " + sdk::dtype_name(d) + " is not implemented");
    element_size(d);
  }
  std::vector<TensorInfo> outputs() const {
    return {TensorInfo(sdk::dtype_of<int64_t>(), {static_cast<int64_t>(x_.shape().size()), -1})};
  }
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t) const {
    const DLTensor& x = in[0].dl();
    const int64_t n = numel_of(x);
    std::vector<int64_t> hits;
    for (int64_t i = 0; i < n; ++i)
      if (nonzero_at(x, i)) hits.push_back(i);
    const int64_t rank = static_cast<int64_t>(x_.shape().size()),
                  count = static_cast<int64_t>(hits.size());
    auto* y =
        static_cast<int64_t*>(sdk::make_owned(out[0], sdk::dtype_of<int64_t>(), {rank, count}));
    for (int64_t k = 0; k < count; ++k) {  // flat index -> one coordinate per row
      int64_t flat = hits[static_cast<size_t>(k)];
      for (int64_t d = rank; d-- > 0;) {
        const int64_t dim = x_.shape()[static_cast<size_t>(d)];
        y[d * count + k] = flat % dim;
        flat /= dim;
      }
    }
  }

 private:
  TensorInfo x_;
};

// Range(start, limit, delta): max(ceil((limit - start) / delta), 0) elements start + i delta.
class Range : public sdk::Operator<Range> {
 public:
  Range(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
    attrs.expect_only({});
    sdk::expect_count(inputs.size(), 3, "inputs");
    dtype_ = inputs[0].dtype();
    for (const auto& t : inputs) {
      if (!sdk::same_dtype(t.dtype(), dtype_))
        throw std::invalid_argument("start, limit and delta differ in dtype");
      if (t.numel() != 1) throw std::invalid_argument("start, limit and delta must be scalars");
    }
    if (!(inputs[0].is<float>() || inputs[0].is<double>() || inputs[0].is<int32_t>() ||
          inputs[0].is<int64_t>()))
      throw sdk::unsupported("dtype " + sdk::dtype_name(dtype_) + " is not implemented");
  }
  std::vector<TensorInfo> outputs() const { return {TensorInfo(dtype_, {-1})}; }
  void forward_owned(Inputs in, d500_owned_tensor* out, size_t) const {
    if (sdk::same_dtype(dtype_, sdk::dtype_of<float>())) return fill<float>(in, out[0]);
    if (sdk::same_dtype(dtype_, sdk::dtype_of<double>())) return fill<double>(in, out[0]);
    if (sdk::same_dtype(dtype_, sdk::dtype_of<int32_t>())) return fill<int32_t>(in, out[0]);
    fill<int64_t>(in, out[0]);
  }

 private:
  template <class T>
  static void fill(Inputs in, d500_owned_tensor& out) {
    const T start = in[0].as<T>().data()[0], limit = in[1].as<T>().data()[0],
            delta = in[2].as<T>().data()[0];
    if (delta == T(0)) throw std::invalid_argument("delta is zero");
    const double steps = std::ceil((static_cast<double>(limit) - static_cast<double>(start)) /
                                   static_cast<double>(delta));
    if (!(steps < 1e15)) {
      if (std::isnan(steps)) throw std::invalid_argument("start, limit or delta is NaN");
      if (steps > 0) throw std::invalid_argument("Range would hold more than 10^15 elements");
    }
    const int64_t n = steps > 0 ? static_cast<int64_t>(steps) : 0;
    T* y = static_cast<T*>(sdk::make_owned(out, sdk::dtype_of<T>(), {n}));
    for (int64_t i = 0; i < n; ++i) y[i] = static_cast<T>(start + static_cast<T>(i) * delta);
  }
  DLDataType dtype_{};
};

}  // namespace

void add_value_ops(std::vector<d500_operator>& ops) {
  const uint32_t runtime = D500_OP_DETERMINISTIC | D500_OP_RUNTIME_SHAPES;
  ops.push_back(Constant::define({"Constant", "", "default", "the value of its attribute"}));
  ops.push_back(ConstantOfShape::define({"ConstantOfShape", "", "default",
                                         "a tensor of one value; its shape from the input", kDLCPU,
                                         runtime}));
  ops.push_back(ShapeOp::define({"Shape", "", "default", "the input's dimensions (start/end)"}));
  ops.push_back(Size::define({"Size", "", "default", "the input's element count"}));
  ops.push_back(NonZero::define(
      {"NonZero", "", "default", "indices of the non-zero elements", kDLCPU, runtime}));
  ops.push_back(Range::define(
      {"Range", "", "default", "start, start + delta, ... below limit", kDLCPU, runtime}));
}

}  // namespace d500::reference
