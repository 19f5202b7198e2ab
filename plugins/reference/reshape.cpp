#include "reshape.h"

#include <cstring>

namespace d500::reference {
namespace {

void copy_bytes(const DLTensor& from, const DLTensor& to, size_t bytes) {
  std::memcpy(static_cast<char*>(to.data) + to.byte_offset,
              static_cast<const char*>(from.data) + from.byte_offset, bytes);
}

void expect_one_input(const std::vector<TensorInfo>& inputs) {
  if (inputs.size() != 1)
    throw std::invalid_argument("expects one input, got " + std::to_string(inputs.size()) +
                                " inputs");
}

}  // namespace

void Relabel::forward(Inputs in, Outputs out) const {
  if (in.size() < 1) throw std::invalid_argument("expected at least 1 input, got 0");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(in[0], x_.shape(), "input");
  expect_shape(out[0], y_.shape(), "output");
  expect_dtype(in[0], x_.dtype(), "input");
  expect_dtype(out[0], x_.dtype(), "output");
  copy_bytes(in[0].dl(), out[0].dl(), static_cast<size_t>(x_.numel()) * element_size(x_.dtype()));
}

void Relabel::backward(Inputs grad_outputs, Inputs inputs, Outputs grad_inputs) const {
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  if (inputs.size() < 1 || grad_inputs.size() < 1)
    throw std::invalid_argument("expected at least 1 input and input gradient");
  expect_shape(grad_outputs[0], y_.shape(), "output gradient");
  for (size_t k = 1; k < grad_inputs.size(); ++k) zero_gradient(grad_inputs[k]);
  if (!grad_inputs[0].defined()) return;
  expect_shape(grad_inputs[0], x_.shape(), "input gradient");
  expect_dtype(grad_outputs[0], x_.dtype(), "output gradient");
  expect_dtype(grad_inputs[0], x_.dtype(), "input gradient");
  copy_bytes(grad_outputs[0].dl(), grad_inputs[0].dl(),
             static_cast<size_t>(x_.numel()) * element_size(x_.dtype()));
}

Cost Relabel::cost() const {
  Cost c;
  c.bytes = 2.0 * static_cast<double>(x_.numel()) * static_cast<double>(element_size(x_.dtype()));
  return c;
}

Identity::Identity(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only({});
  expect_one_input(inputs);
  element_size(inputs[0].dtype());  // refuses sub-byte dtypes here rather than in forward
  r_ = Relabel(inputs[0], inputs[0].shape());
}

Flatten::Flatten(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only({"axis"});
  expect_one_input(inputs);
  element_size(inputs[0].dtype());
  const Shape& s = inputs[0].shape();
  const int64_t rank = static_cast<int64_t>(s.size());
  const int64_t axis = normalize_axis(attrs.get_int("axis", 1), rank, "axis", true);
  int64_t rows = 1, cols = 1;
  for (int64_t d = 0; d < rank; ++d) (d < axis ? rows : cols) *= s[d];
  r_ = Relabel(inputs[0], {rows, cols});
}

Shape reshape_shape(const Shape& input, const std::vector<int64_t>& shape, bool allowzero) {
  Shape out(shape.begin(), shape.end());
  int64_t infer = -1;  // index of the -1 entry
  bool has_zero = false;
  for (size_t i = 0; i < shape.size(); ++i) {
    const std::string at = "shape[" + std::to_string(i) + "] = " + std::to_string(shape[i]);
    if (shape[i] == -1) {
      if (infer >= 0) throw std::invalid_argument(at + ": at most one dimension may be -1");
      infer = static_cast<int64_t>(i);
    } else if (shape[i] == 0) {
      has_zero = true;
      if (allowzero) continue;
      if (i >= input.size())
        throw std::invalid_argument(at + " copies input dimension " + std::to_string(i) +
                                    ", but the input " + sdk::shape_string(input) + " has rank " +
                                    std::to_string(input.size()));
      out[i] = input[i];
    } else if (shape[i] < -1) {
      throw std::invalid_argument(at + " is not a dimension (nor 0 or -1)");
    }
  }
  if (allowzero && has_zero && infer >= 0)
    throw std::invalid_argument("shape " + sdk::shape_string(shape) +
                                " has both 0 and -1, which allowzero=1 forbids");
  const int64_t total = numel(input);
  if (infer >= 0) {
    int64_t known = 1;
    for (size_t i = 0; i < out.size(); ++i)
      if (static_cast<int64_t>(i) != infer) known *= out[i];
    if (known == 0 || total % known != 0)
      throw std::invalid_argument("cannot infer the -1 in shape " + sdk::shape_string(shape) +
                                  " for an input " + sdk::shape_string(input) + " of " +
                                  std::to_string(total) + " elements");
    out[infer] = total / known;
  }
  if (numel(out) != total)
    throw std::invalid_argument("cannot reshape " + sdk::shape_string(input) + " (" +
                                std::to_string(total) + " elements) to " + sdk::shape_string(out) +
                                " (" + std::to_string(numel(out)) + " elements)");
  return out;
}

Reshape::Reshape(const Attributes& attrs, const std::vector<TensorInfo>& inputs,
                 const sdk::Constants& constants) {
  attrs.expect_only({"allowzero", "shape"});
  // Reshape-1 (before opset 5) took the shape as an attribute; later ones as input 1.
  const bool shape_attribute = inputs.size() == 1 && attrs.has("shape");
  if (inputs.size() == 2 && attrs.has("shape"))
    throw std::invalid_argument("shape given both as an attribute and as input 1");
  if (inputs.size() != 2 && !shape_attribute)
    throw std::invalid_argument("expects inputs data and shape, got " +
                                std::to_string(inputs.size()) + " inputs");
  element_size(inputs[0].dtype());
  std::vector<int64_t> shape;
  if (shape_attribute) {
    shape = attrs.get_ints("shape");
  } else {
    if (inputs[1].ndim() != 1)
      throw std::invalid_argument("shape must be 1-D, got " + inputs[1].str());
    shape = constants.ints(1, "shape");
  }
  r_ = Relabel(inputs[0],
               reshape_shape(inputs[0].shape(), shape, attrs.get_flag("allowzero", false)));
}

}  // namespace d500::reference
