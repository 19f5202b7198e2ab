// Shared by the reference's convolution, pooling, normalization and dropout operators: the
// sliding-window geometry of ONNX Conv, ConvTranspose and the pools, and the handling of optional
// inputs, outputs and gradients.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common.h"

namespace d500::reference {

enum class AutoPad { NotSet, SameUpper, SameLower, Valid };

// The auto_pad attribute (default NOTSET); throws for a value ONNX does not define.
AutoPad auto_pad_of(const Attributes& attrs);

// An ints attribute with one value per spatial axis: `fallback` on every axis when absent. Throws
// when the count is not `n` or a value is below `min_value`.
Shape axis_ints(const Attributes& attrs, const char* name, size_t n, int64_t fallback,
                int64_t min_value);

// ONNX lists pads as [x1_begin, x2_begin, ..., x1_end, x2_end, ...].
struct Pads {
  Shape begin, end;
};

// The pads attribute: zeros when absent; values must be >= 0. Explicit non-zero pads together
// with auto_pad other than NOTSET are rejected: the spec leaves open which one would win.
Pads pads_of(const Attributes& attrs, size_t n, AutoPad auto_pad);

// One position of a window that falls inside the tensor it slides over.
struct Tap {
  int64_t k;  // row-major flat index into the kernel
  int64_t x;  // row-major flat index into the spatial dimensions slid over
};

// A window of `kernel` taps, spaced `dilations` apart, that slides over the spatial dimensions
// `in` in steps of `strides` and has one position per element of `out`. Output position o
// (a multi-index) reads input o * strides - pads_begin + k * dilations for each kernel index k.
// Conv and the pools slide over X; ConvTranspose slides over its output Y, with X as `out`.
class Window {
 public:
  Window() = default;
  Window(Shape in, Shape out, Shape kernel, Shape strides, Shape dilations, Pads pads);

  // The taps of the window at row-major output index o that fall inside `in`, in the kernel's
  // row-major order (so the first maximum found is the one ONNX Runtime and PyTorch report).
  void taps(int64_t o, std::vector<Tap>& taps) const;
  // Kernel taps of the window at o inside the input extended by the pads: AveragePool's divisor
  // with count_include_pad (taps past the end pad, made by ceil_mode, are not counted).
  int64_t padded_count(int64_t o) const;
  // Throws when some window holds no input element at all (only padding): a pool would then
  // have nothing to take the maximum or average of.
  void expect_no_empty_window() const;

  const Shape& in() const { return in_; }
  const Shape& out() const { return out_; }
  const Shape& kernel() const { return kernel_; }
  const Pads& pads() const { return pads_; }
  int64_t in_size() const { return in_size_; }
  int64_t out_size() const { return out_size_; }
  int64_t kernel_size() const { return kernel_size_; }

 private:
  // Start of the window at o on each axis (may be negative: in the begin padding).
  void starts(int64_t o, int64_t* start) const;

  Shape in_, out_, kernel_, strides_, dilations_;
  Pads pads_;
  int64_t in_size_ = 1, out_size_ = 1, kernel_size_ = 1;
};

// The window of Conv and the pools over spatial dimensions `in`: output size and pads on each
// axis from auto_pad, the explicit pads and ceil_mode, as the ONNX operator docs give them. With
// ceil_mode a last window that would start inside the end padding is dropped (PyTorch's rule,
// also ONNX's since the pooling shape fix). Throws when the kernel does not fit.
Window sliding_window(const Shape& in, const Shape& kernel, const Shape& strides,
                      const Shape& dilations, AutoPad auto_pad, const Pads& pads, bool ceil_mode);

// The window of MaxPool and AveragePool over X [N, C, D1, ...]: kernel_shape (required),
// strides, dilations, pads, auto_pad and ceil_mode. Throws when a window would hold only padding.
Window pool_window(const Attributes& attrs, const Shape& x_shape);

// The row-major flat index x of dimensions `dims` as a column-major one (MaxPool storage_order=1).
int64_t column_major_index(int64_t x, const Shape& dims);

// "[2, 3]"
inline std::string str(const Shape& s) {
  return sdk::shape_string(s);
}

// The common real dtype of the present inputs among `which`.
Real real_dtype_of(const std::vector<TensorInfo>& inputs, std::initializer_list<size_t> which);

// Input i was given, with data (an absent optional input may be missing or have no data).
inline bool given(Inputs in, size_t i) {
  return i < in.size() && in[i].defined();
}

// The caller wants gradient i (its buffer was passed with data).
inline bool wanted(Outputs grads, size_t i) {
  return i < grads.size() && grads[i].defined();
}

// A caller may pass dY without data when no loss depends on Y: every wanted input gradient is
// then zero. Returns true (having written the zeros) in that case.
bool zero_without_output_gradient(Inputs grad_outputs, Outputs grad_inputs);

// Checks the number of tensors passed to forward/backward: at least `required`, at most `all`.
void expect_between(size_t given, size_t required, size_t all, const char* what);

}  // namespace d500::reference
