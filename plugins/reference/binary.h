// ONNX Add, Sub, Mul and Div: C = A op B with numpy broadcasting. One template serves the four:
// they differ only in the scalar function and its two partial derivatives.
#pragma once

#include "common.h"

namespace d500::reference {

enum class BinaryKind { Add, Sub, Mul, Div };

template <BinaryKind K>
class Binary : public sdk::Operator<Binary<K>> {
 public:
  Binary(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const { return {real_info(dtype_, y_shape_)}; }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  void check_inputs(Inputs in) const;

  Real dtype_;
  Shape a_shape_, b_shape_, y_shape_;
  std::vector<int64_t> a_strides_, b_strides_;  // A and B read at C's indices
};

using Add = Binary<BinaryKind::Add>;
using Sub = Binary<BinaryKind::Sub>;
using Mul = Binary<BinaryKind::Mul>;
using Div = Binary<BinaryKind::Div>;

extern template class Binary<BinaryKind::Add>;
extern template class Binary<BinaryKind::Sub>;
extern template class Binary<BinaryKind::Mul>;
extern template class Binary<BinaryKind::Div>;

}  // namespace d500::reference
