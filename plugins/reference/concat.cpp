#include "concat.h"

#include <algorithm>

namespace d500::reference {

Concat::Concat(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only({"axis"});
  if (inputs.empty()) throw std::invalid_argument("expects at least one input, got 0");
  dtype_ = inputs[0].dtype();
  element_size(dtype_);
  const int64_t rank = static_cast<int64_t>(inputs[0].ndim());
  if (rank == 0) throw std::invalid_argument("inputs must have at least one dimension, got []");
  // Concat-1 defaulted axis to 1; from opset 4 it is required.
  const int64_t axis =
      normalize_axis(opset_of(attrs) < 4 ? attrs.get_int("axis", 1) : attrs.get_int("axis"), rank);
  y_shape_ = inputs[0].shape();
  y_shape_[axis] = 0;
  for (size_t k = 0; k < inputs.size(); ++k) {
    const Shape& s = inputs[k].shape();
    bool same = static_cast<int64_t>(s.size()) == rank;
    for (int64_t d = 0; same && d < rank; ++d) same = d == axis || s[d] == y_shape_[d];
    if (!same)
      throw std::invalid_argument("input " + std::to_string(k) + " " + inputs[k].str() +
                                  " does not match input 0 " + inputs[0].str() + " outside axis " +
                                  std::to_string(axis));
    if (!sdk::same_dtype(inputs[k].dtype(), dtype_))
      throw std::invalid_argument("inputs differ in dtype: " + inputs[0].str() + " and " +
                                  inputs[k].str());
    shapes_.push_back(s);
    y_shape_[axis] += s[axis];
  }
  int64_t inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer_ *= y_shape_[d];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= y_shape_[d];
  for (const auto& s : shapes_) row_.push_back(s[axis] * inner);
  y_row_ = y_shape_[axis] * inner;
}

void Concat::forward(Inputs in, Outputs out) {
  sdk::expect_count(in.size(), shapes_.size(), "inputs");
  sdk::expect_count(out.size(), 1, "outputs");
  for (size_t k = 0; k < shapes_.size(); ++k) {
    expect_shape(in[k], shapes_[k], ("input " + std::to_string(k)).c_str());
    expect_dtype(in[k], dtype_, ("input " + std::to_string(k)).c_str());
  }
  expect_shape(out[0], y_shape_, "output");
  expect_dtype(out[0], dtype_, "output");
  dispatch_bytes(element_size(dtype_), [&](auto tag) {
    using U = decltype(tag);
    U* y = raw_data<U>(out[0]);
    // Row o of the output is row o of input 0, then of input 1, ...
    for (int64_t o = 0; o < outer_; ++o) {
      int64_t at = o * y_row_;
      for (size_t k = 0; k < shapes_.size(); ++k) {
        const U* x = raw_data<U>(in[k]) + o * row_[k];
        std::copy(x, x + row_[k], y + at);
        at += row_[k];
      }
    }
  });
}

void Concat::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/, Outputs grad_inputs) {
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  sdk::expect_count(inputs.size(), shapes_.size(), "inputs");
  sdk::expect_count(grad_inputs.size(), shapes_.size(), "input gradients");
  expect_shape(grad_outputs[0], y_shape_, "output gradient");
  expect_dtype(grad_outputs[0], dtype_, "output gradient");
  for (size_t k = 0; k < shapes_.size(); ++k) {
    if (!grad_inputs[k].defined()) continue;
    expect_shape(grad_inputs[k], shapes_[k], ("gradient " + std::to_string(k)).c_str());
    expect_dtype(grad_inputs[k], dtype_, ("gradient " + std::to_string(k)).c_str());
  }
  dispatch_bytes(element_size(dtype_), [&](auto tag) {
    using U = decltype(tag);
    const U* dy = raw_data<U>(grad_outputs[0]);
    for (int64_t o = 0; o < outer_; ++o) {
      int64_t at = o * y_row_;
      for (size_t k = 0; k < shapes_.size(); ++k) {
        if (grad_inputs[k].defined()) {
          const U* from = dy + at;
          std::copy(from, from + row_[k], raw_data<U>(grad_inputs[k]) + o * row_[k]);
        }
        at += row_[k];
      }
    }
  });
}

Cost Concat::cost() const {
  Cost c;
  c.bytes = 2.0 * static_cast<double>(numel(y_shape_)) * static_cast<double>(element_size(dtype_));
  return c;
}

}  // namespace d500::reference
