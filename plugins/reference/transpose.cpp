#include "transpose.h"

#include "broadcast.h"

namespace d500::reference {

Transpose::Transpose(const Attributes& attrs, const std::vector<TensorInfo>& inputs) {
  attrs.expect_only({"perm"});
  if (inputs.size() != 1)
    throw std::invalid_argument("expects one input, got " + std::to_string(inputs.size()) +
                                " inputs");
  x_ = inputs[0];
  element_size(x_.dtype());
  const Shape& s = x_.shape();
  const size_t rank = s.size();
  std::vector<int64_t> perm;
  for (size_t k = rank; k-- > 0;) perm.push_back(static_cast<int64_t>(k));
  perm = attrs.get_ints("perm", perm);
  std::vector<bool> seen(rank, false);
  bool valid = perm.size() == rank;
  for (size_t k = 0; valid && k < rank; ++k) {
    valid = perm[k] >= 0 && perm[k] < static_cast<int64_t>(rank) && !seen[perm[k]];
    if (valid) seen[perm[k]] = true;
  }
  if (!valid)
    throw std::invalid_argument("perm " + sdk::shape_string(perm) + " is not a permutation of " +
                                std::to_string(rank) + " dimensions (input " + x_.str() + ")");
  // Row-major strides of X, then picked in Y's order: stepping Y's dimension k steps X's
  // dimension perm[k].
  std::vector<int64_t> strides(rank, 1);
  for (size_t d = rank; d-- > 1;) strides[d - 1] = strides[d] * s[d];
  for (size_t k = 0; k < rank; ++k) {
    y_shape_.push_back(s[perm[k]]);
    x_strides_.push_back(strides[perm[k]]);
  }
}

void Transpose::forward(Inputs in, Outputs out) {
  sdk::expect_count(in.size(), 1, "inputs");
  sdk::expect_count(out.size(), 1, "outputs");
  expect_shape(in[0], x_.shape(), "input");
  expect_shape(out[0], y_shape_, "output");
  expect_dtype(in[0], x_.dtype(), "input");
  expect_dtype(out[0], x_.dtype(), "output");
  const std::vector<int64_t> none(y_shape_.size(), 0);
  dispatch_bytes(element_size(x_.dtype()), [&](auto tag) {
    using U = decltype(tag);
    const U* x = raw_data<U>(in[0]);
    U* y = raw_data<U>(out[0]);
    for_each_broadcast(y_shape_, x_strides_, none,
                       [&](int64_t i, int64_t ix, int64_t) { y[i] = x[ix]; });
  });
}

void Transpose::backward(Inputs grad_outputs, Inputs inputs, Inputs /*outputs*/,
                         Outputs grad_inputs) {
  sdk::expect_count(grad_outputs.size(), 1, "output gradients");
  sdk::expect_count(inputs.size(), 1, "inputs");
  sdk::expect_count(grad_inputs.size(), 1, "input gradients");
  expect_shape(grad_outputs[0], y_shape_, "output gradient");
  if (!grad_inputs[0].defined()) return;
  expect_shape(grad_inputs[0], x_.shape(), "input gradient");
  expect_dtype(grad_outputs[0], x_.dtype(), "output gradient");
  expect_dtype(grad_inputs[0], x_.dtype(), "input gradient");
  // The gradient of a permutation is the inverse permutation: the same index pairs, copied the
  // other way.
  const std::vector<int64_t> none(y_shape_.size(), 0);
  dispatch_bytes(element_size(x_.dtype()), [&](auto tag) {
    using U = decltype(tag);
    const U* dy = raw_data<U>(grad_outputs[0]);
    U* dx = raw_data<U>(grad_inputs[0]);
    for_each_broadcast(y_shape_, x_strides_, none,
                       [&](int64_t i, int64_t ix, int64_t) { dx[ix] = dy[i]; });
  });
}

Cost Transpose::cost() const {
  Cost c;
  c.bytes = 2.0 * static_cast<double>(x_.numel()) * static_cast<double>(element_size(x_.dtype()));
  return c;
}

}  // namespace d500::reference
