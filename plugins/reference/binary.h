// ONNX Add, Sub, Mul, Div and Pow: C = A op B with numpy broadcasting. One template serves them:
// they differ only in the scalar function and its two partial derivatives. Pow's exponent
// gradient is dC * C * log(A), taken as 0 where A is 0 and B >= 0 (as LibTorch). Integer dtypes
// (and Pow of a base and an exponent of different dtypes) are computed forward only.
#pragma once

#include "common.h"

namespace d500::reference {

enum class BinaryKind { Add, Sub, Mul, Div, Pow };

template <BinaryKind K>
class Binary : public sdk::Operator<Binary<K>> {
 public:
  Binary(const Attributes& attrs, const std::vector<TensorInfo>& inputs);
  std::vector<TensorInfo> outputs() const {
    return {generic_ ? TensorInfo(a_dtype_, y_shape_) : real_info(dtype_, y_shape_)};
  }
  void forward(Inputs in, Outputs out);
  void backward(Inputs grad_outputs, Inputs inputs, Inputs outputs, Outputs grad_inputs);
  Cost cost() const;

 private:
  void check_inputs(Inputs in) const;
  void forward_generic(Inputs in, Outputs out) const;

  // Integer operands, or Pow's base and exponent of different dtypes: C has A's dtype, integer
  // arithmetic wraps as numpy's does, Div truncates, Pow goes through double; no gradient.
  bool generic_ = false;
  DLDataType a_dtype_{}, b_dtype_{};
  Real dtype_;
  Shape a_shape_, b_shape_, y_shape_;
  std::vector<int64_t> a_strides_, b_strides_;  // A and B read at C's indices
};

using Add = Binary<BinaryKind::Add>;
using Sub = Binary<BinaryKind::Sub>;
using Mul = Binary<BinaryKind::Mul>;
using Div = Binary<BinaryKind::Div>;
using Pow = Binary<BinaryKind::Pow>;

extern template class Binary<BinaryKind::Add>;
extern template class Binary<BinaryKind::Sub>;
extern template class Binary<BinaryKind::Mul>;
extern template class Binary<BinaryKind::Div>;
extern template class Binary<BinaryKind::Pow>;

}  // namespace d500::reference
