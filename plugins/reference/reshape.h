// ONNX Identity, Flatten and Reshape: Y holds X's elements unchanged, in the same order, under a
// new shape. They only move bytes, so they accept any whole-byte dtype, not just float32/64.
//   Identity  Y = X.
//   Flatten   [prod(shape[:axis]), prod(shape[axis:])], axis in [-r, r], default 1.
//   Reshape   the shape is input 1, which must be a constant (sdk::Constants): this
//             implementation fixes output shapes when the instance is created (Reshape-1's
//             `shape` attribute is accepted too). 0 copies the
//             input's dimension at that index (unless allowzero=1, when it means 0), -1 is
//             inferred from the element count.
#pragma once

#include "common.h"

namespace d500::reference {

// What the three share: shapes, the byte copy both ways, and the cost.
class Relabel {
 public:
  Relabel() = default;
  Relabel(const TensorInfo& x, Shape y_shape) : x_(x), y_(x.dtype(), std::move(y_shape)) {}
  std::vector<TensorInfo> outputs() const { return {y_}; }
  // in[0] is X; further inputs (Reshape's shape) are not read.
  void forward(Inputs in, Outputs out) const;
  // Gradients of inputs past the first (the shape) are zeroed when asked for.
  void backward(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const;
  Cost cost() const;

 private:
  TensorInfo x_, y_;
};

class Identity : public sdk::Operator<Identity> {
 public:
  Identity(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return r_.outputs(); }
  void forward(Inputs in, Outputs out) { r_.forward(in, out); }
  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    r_.backward(grad_outputs, inputs, grad_inputs);
  }
  Cost cost() const { return r_.cost(); }

 private:
  Relabel r_;
};

class Flatten : public sdk::Operator<Flatten> {
 public:
  Flatten(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return r_.outputs(); }
  void forward(Inputs in, Outputs out) { r_.forward(in, out); }
  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    r_.backward(grad_outputs, inputs, grad_inputs);
  }
  Cost cost() const { return r_.cost(); }

 private:
  Relabel r_;
};

class Reshape : public sdk::Operator<Reshape> {
 public:
  Reshape(const Attributes& attrs, const std::vector<TensorInfo>& inputs,
          const sdk::Constants& constants);
  std::vector<TensorInfo> outputs() const { return r_.outputs(); }
  void forward(Inputs in, Outputs out) { r_.forward(in, out); }
  void backward(Inputs grad_outputs, Inputs inputs, Inputs, Outputs grad_inputs) {
    r_.backward(grad_outputs, inputs, grad_inputs);
  }
  Cost cost() const { return r_.cost(); }

 private:
  Relabel r_;
};

// The output shape of Reshape (ONNX rules above); throws std::invalid_argument naming the
// offending entry. Exposed for the tests of its corner cases.
Shape reshape_shape(const Shape& input, const std::vector<int64_t>& shape, bool allowzero);

}  // namespace d500::reference
