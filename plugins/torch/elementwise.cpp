// ONNX elementwise operators: Add, Sub, Mul, Div, Pow and Sum with numpy broadcasting; Softmax and
// LogSoftmax (the one-input functions and activations are pointwise.cpp's table). Each forward is
// one ATen _out kernel; each backward the kernel autograd itself would call (threshold_backward,
// sigmoid_backward, _softmax_backward_data, ...), written into the caller's gradient buffers.
#include "common.h"
#include "node_kernel.h"
#include "registry.h"

namespace d500::torch_plugin {

enum class Arith { Add, Sub, Mul, Div, Pow };

// Pow's base and exponent may differ in dtype in ONNX (float ** int): not offered yet, which is
// "unsupported" rather than a bad model.
inline at::ScalarType operand_type(Arith k, const std::vector<TensorInfo>& in) {
  if (k == Arith::Pow && in.size() == 2 && !sdk::same_dtype(in[0].dtype(), in[1].dtype()))
    throw sdk::unsupported("Pow of " + in[0].str() + " and " + in[1].str() +
                           ": base and exponent of different dtypes are not offered");
  return real_type(in);
}

template <Arith K>
class Binary {
 public:
  Binary(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&)
      : type_(operand_type(K, in)) {
    a.expect_only({});
    sdk::expect_count(in.size(), 2, "inputs");
    a_shape_ = in[0].shape();
    b_shape_ = in[1].shape();
    y_shape_ = broadcast_shape(a_shape_, b_shape_);
    sum_a_ = SumTo(y_shape_, a_shape_);
    sum_b_ = SumTo(y_shape_, b_shape_);
    a_ = Slot("A", type_, a_shape_), b_ = Slot("B", type_, b_shape_);
    y_ = Slot("C", type_, y_shape_), dy_ = Slot("dC", type_, y_shape_);
    da_ = Slot("dA", type_, a_shape_, sum_a_.keep_shape());
    db_ = Slot("dB", type_, b_shape_, sum_b_.keep_shape());
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }

  void forward(Inputs in, Outputs out) {
    at::Tensor& y = y_(out[0]);
    const at::Tensor& a = a_(in[0]);
    const at::Tensor& b = b_(in[1]);
    if constexpr (K == Arith::Add) at::add_out(y, a, b);
    if constexpr (K == Arith::Sub) at::sub_out(y, a, b);
    if constexpr (K == Arith::Mul) at::mul_out(y, a, b);
    if constexpr (K == Arith::Div) at::div_out(y, a, b);
    if constexpr (K == Arith::Pow) at::pow_out(y, a, b);
  }

  void backward(Inputs go, Inputs in, Inputs out, Outputs gi) {
    const at::Tensor& dy = dy_(go[0]);
    (void)out;  // Pow's only
    if constexpr (K == Arith::Pow) {
      pow_backward(dy, a_(in[0]), b_(in[1]), given(out, 0) ? y_(out[0]) : at::Tensor(), gi);
      return;
    }
    if (wanted(gi, 0)) {
      at::Tensor& da = da_(gi[0]);
      if constexpr (K == Arith::Add || K == Arith::Sub) sum_a_.run(da, dy);
      if constexpr (K == Arith::Mul) product(da, sum_a_, dy, b_(in[1]));
      if constexpr (K == Arith::Div) {  // dA = dC / B
        if (sum_a_.identity()) {
          at::div_out(da, dy, b_(in[1]));
        } else {
          at::Tensor& t = scratch(tmp_, y_shape_, dy);
          at::div_out(t, dy, b_(in[1]));
          sum_a_.run(da, t);
        }
      }
    }
    if (wanted(gi, 1)) {
      at::Tensor& db = db_(gi[1]);
      if constexpr (K == Arith::Add) sum_b_.run(db, dy);
      if constexpr (K == Arith::Sub) {
        sum_b_.run(db, dy);
        db.neg_();
      }
      if constexpr (K == Arith::Mul) product(db, sum_b_, dy, a_(in[0]));
      if constexpr (K == Arith::Div) {  // dB = -dC A / B^2
        const at::Tensor& b = b_(in[1]);
        at::Tensor& t = sum_b_.identity() ? db : scratch(tmp_, y_shape_, dy);
        at::mul_out(t, dy, a_(in[0]));
        t.div_(b).div_(b).neg_();
        if (!sum_b_.identity()) sum_b_.run(db, t);
      }
    }
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(y_shape_));
    return {K == Arith::Pow ? 2 * n : n,
            static_cast<double>(type_size(type_)) *
                (static_cast<double>(numel(a_shape_) + numel(b_shape_)) + n)};
  }

 private:
  // dA = dC B A^(B-1); dB = dC C log(A), 0 where A = 0 and B >= 0 (as autograd), each summed
  // down to its operand's shape.
  void pow_backward(const at::Tensor& dy, const at::Tensor& a, const at::Tensor& b, at::Tensor y,
                    Outputs gi) {
    if (wanted(gi, 0)) sum_a_.run(da_(gi[0]), dy * b * at::pow(a, b - 1));
    if (wanted(gi, 1)) {
      if (!y.defined()) y = at::pow(a, b);
      at::Tensor t = dy * y * at::log(a);
      t.masked_fill_((a == 0).logical_and_(b >= 0), 0);
      sum_b_.run(db_(gi[1]), t);
    }
  }

  // d = sum_to(dy * other)
  void product(at::Tensor& d, const SumTo& sum, const at::Tensor& dy, const at::Tensor& other) {
    if (sum.identity()) {
      at::mul_out(d, dy, other);
    } else {
      at::Tensor& t = scratch(tmp_, y_shape_, dy);
      at::mul_out(t, dy, other);
      sum.run(d, t);
    }
  }

  at::ScalarType type_;
  Shape a_shape_, b_shape_, y_shape_;
  SumTo sum_a_, sum_b_;
  Slot a_, b_, y_, dy_, da_, db_;
  at::Tensor tmp_;
};

// Sum of any number of inputs, broadcast together.
class Summation {
 public:
  Summation(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&)
      : type_(real_type(in)) {
    a.expect_only({});
    if (in.empty()) throw std::invalid_argument("Sum needs at least one input");
    for (const TensorInfo& t : in) y_shape_ = broadcast_shape(y_shape_, t.shape());
    for (const TensorInfo& t : in) {
      sums_.emplace_back(y_shape_, t.shape());
      x_.emplace_back("data_i", type_, t.shape());
      dx_.emplace_back("d data_i", type_, t.shape(), sums_.back().keep_shape());
      elements_ += numel(t.shape());
    }
    y_ = Slot("sum", type_, y_shape_), dy_ = Slot("d sum", type_, y_shape_);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, y_shape_)}; }

  void forward(Inputs in, Outputs out) {
    sdk::expect_count(in.size(), x_.size(), "inputs");
    at::Tensor& y = y_(out[0]);
    if (x_.size() == 1) {
      y.copy_(x_[0](in[0]));
      return;
    }
    at::add_out(y, x_[0](in[0]), x_[1](in[1]));
    for (size_t i = 2; i < x_.size(); ++i) y.add_(x_[i](in[i]));
  }

  void backward(Inputs go, Inputs, Inputs, Outputs gi) {
    const at::Tensor& dy = dy_(go[0]);
    for (size_t i = 0; i < dx_.size(); ++i)
      if (wanted(gi, i)) sums_[i].run(dx_[i](gi[i]), dy);
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(y_shape_));
    return {n * static_cast<double>(x_.size() - 1),
            static_cast<double>(type_size(type_)) * (static_cast<double>(elements_) + n)};
  }

 private:
  at::ScalarType type_;
  Shape y_shape_;
  int64_t elements_ = 0;
  std::vector<SumTo> sums_;
  std::vector<Slot> x_, dx_;
  Slot y_, dy_;
};

// Softmax / LogSoftmax along `axis` (default -1). Below opset 13 ("_opset" < 13) the input is
// coerced to 2-D [prod(d0..axis-1), prod(axis..)] and normalised along the second dimension
// (default axis 1).
template <bool Log>
class SoftmaxOp {
 public:
  SoftmaxOp(const Setup&, const Attributes& a, const std::vector<TensorInfo>& in, const Constants&)
      : type_(real_type(in)) {
    a.expect_only({"axis"});
    sdk::expect_count(in.size(), 1, "inputs");
    shape_ = in[0].shape();
    const int64_t rank = static_cast<int64_t>(shape_.size());
    if (rank == 0) throw std::invalid_argument("input must have rank 1 or more");
    const bool legacy = a.get_int(D500_ATTR_OPSET, 13) < 13;
    const int64_t axis = normalize_axis(a.get_int("axis", legacy ? 1 : -1), rank);
    Shape view = shape_;
    dim_ = axis;
    if (legacy) {
      view = {numel(Shape(shape_.begin(), shape_.begin() + axis)),
              numel(Shape(shape_.begin() + axis, shape_.end()))};
      dim_ = 1;
    }
    x_ = Slot("input", type_, shape_, view), y_ = Slot("output", type_, shape_, view);
    dx_ = Slot("d input", type_, shape_, view), dy_ = Slot("d output", type_, shape_, view);
  }

  std::vector<TensorInfo> outputs() const { return {info(type_, shape_)}; }

  void forward(Inputs in, Outputs out) {
    if constexpr (Log)
      at::_log_softmax_out(y_(out[0]), x_(in[0]), dim_, false);
    else
      at::_softmax_out(y_(out[0]), x_(in[0]), dim_, false);
  }

  void backward(Inputs go, Inputs in, Inputs out, Outputs gi) {
    if (!wanted(gi, 0)) return;
    const at::Tensor* y = nullptr;  // the gradient reads the output; recomputed if not passed
    if (given(out, 0)) {
      y = &y_(out[0]);
    } else {
      y = &scratch(y_buf_, x_(in[0]).sizes(), x_(in[0]));
      forward_into(y_buf_, x_(in[0]));
    }
    if constexpr (Log)
      at::_log_softmax_backward_data_out(dx_(gi[0]), dy_(go[0]), *y, dim_, type_);
    else
      at::_softmax_backward_data_out(dx_(gi[0]), dy_(go[0]), *y, dim_, type_);
  }

  Cost cost() const {
    const double n = static_cast<double>(numel(shape_));
    return {4.0 * n, 2.0 * n * static_cast<double>(type_size(type_))};
  }

 private:
  void forward_into(at::Tensor& y, const at::Tensor& x) {
    if constexpr (Log)
      at::_log_softmax_out(y, x, dim_, false);
    else
      at::_softmax_out(y, x, dim_, false);
  }

  at::ScalarType type_;
  Shape shape_;
  int64_t dim_ = -1;
  Slot x_, y_, dx_, dy_;
  at::Tensor y_buf_;
};

// The torch executor's functions of this file's operators (graph_ops.h).
namespace {
using namespace graph;

// Any numeric dtype: integer Div truncates, Pow keeps the base's dtype (its exponent may differ).
template <Arith K>
NodeFn graph_arith(const Attrs& a, const NodeSignature& s) {
  a.expect_only({});
  sdk::expect_count(s.inputs.size(), 2, "inputs");
  const at::ScalarType t = K == Arith::Pow ? input_type(s, 0) : common_type(s);
  offer(t != at::kBool && input_type(s, 1) != at::kBool, t, "numeric dtypes are");
  return one([](const Args& in) {
    switch (K) {
      case Arith::Add:
        return in[0] + in[1];
      case Arith::Sub:
        return in[0] - in[1];
      case Arith::Mul:
        return in[0] * in[1];
      case Arith::Div:
        return in[0].is_floating_point() ? in[0] / in[1] : at::div(in[0], in[1], "trunc");
      case Arith::Pow:
        return at::pow(in[0], in[1]).to(in[0].scalar_type());
    }
    return at::Tensor();
  });
}

NodeFn graph_sum(const Attrs& a, const NodeSignature&) {
  a.expect_only({});
  return one([](const Args& in) {
    at::Tensor y = in[0];
    for (size_t i = 1; i < in.size(); ++i) y = y + in[i];
    return y;
  });
}

// Softmax and LogSoftmax: along `axis` from opset 13, over the dimensions from `axis` on (the
// input seen as 2-D) before it.
NodeFn graph_softmax(const Attrs& a, const NodeSignature& s, bool log) {
  const int64_t opset = a.get_int(D500_ATTR_OPSET, 13);
  const int64_t rank = s.inputs[0].ndim;
  const int64_t axis = norm_axis(a.get_int("axis", opset >= 13 ? -1 : 1), rank);
  const Ints shape = shape_of(s.inputs[0]);
  return [=](const std::vector<at::Tensor>& in) {
    if (opset >= 13)
      return std::vector<at::Tensor>{log ? at::log_softmax(in[0], axis) : at::softmax(in[0], axis)};
    const at::Tensor flat = in[0].flatten(axis).flatten(0, std::max<int64_t>(axis - 1, 0));
    const at::Tensor two = axis == 0 ? flat.reshape({1, -1}) : flat;
    const at::Tensor y = log ? at::log_softmax(two, 1) : at::softmax(two, 1);
    return std::vector<at::Tensor>{y.reshape(shape)};
  };
}

template <bool Log>
NodeFn graph_softmax_of(const Attrs& a, const NodeSignature& s) {
  return graph_softmax(a, s, Log);
}

}  // namespace

// Add, Sub, Mul, Div and Pow: Binary's kernel for float32/float64, the executor's function's
// kernel for other dtypes, and that function for the executor.
template <Arith K>
void add_arith(std::vector<d500_operator>& ops, bool cuda, const char* op,
               const char* description) {
  add<RealOrNode<Binary<K>, graph_arith<K>>>(ops, cuda, op, description, graph_arith<K>);
}

void add_elementwise_ops(std::vector<d500_operator>& ops, bool cuda) {
  // Float32/float64 by Binary's kernels; other dtypes as the executor runs them.
  add_arith<Arith::Add>(ops, cuda, "Add", "ONNX Add via at::add_out; broadcast gradients summed");
  add_arith<Arith::Sub>(ops, cuda, "Sub", "ONNX Sub via at::sub_out; broadcast gradients summed");
  add_arith<Arith::Mul>(ops, cuda, "Mul", "ONNX Mul via at::mul_out; broadcast gradients summed");
  add_arith<Arith::Div>(ops, cuda, "Div",
                        "ONNX Div via at::div_out (integers truncate); broadcast gradients summed");
  add_arith<Arith::Pow>(ops, cuda, "Pow",
                        "ONNX Pow via at::pow_out; broadcast gradients summed; integer or mixed "
                        "dtypes in the base's dtype");
  add<Summation>(ops, cuda, "Sum", "ONNX Sum (variadic, broadcast) via at::add_out", graph_sum);
  add<SoftmaxOp<false>>(ops, cuda, "Softmax",
                        "ONNX Softmax (opset < 13 coerced to 2-D) via at::_softmax_out; backward "
                        "at::_softmax_backward_data_out",
                        graph_softmax_of<false>);
  add<SoftmaxOp<true>>(ops, cuda, "LogSoftmax",
                       "ONNX LogSoftmax (opset < 13 coerced to 2-D) via at::_log_softmax_out; "
                       "backward at::_log_softmax_backward_data_out",
                       graph_softmax_of<true>);
}

}  // namespace d500::torch_plugin
