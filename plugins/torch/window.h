// Sliding-window geometry shared by Conv, ConvTranspose, MaxPool and AveragePool: ONNX's
// kernel_shape, strides, dilations, pads and auto_pad resolved per spatial dimension, and the
// output sizes ONNX defines. Free of LibTorch on purpose (plain integers).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "d500/sdk/attributes.h"
#include "d500/sdk/tensor_view.h"

namespace d500::torch_plugin {

using Shape = std::vector<int64_t>;

struct Window {
  Shape kernel, stride, dilation, pad_begin, pad_end;

  size_t rank() const { return kernel.size(); }
  // Elements one window spans along dimension i, dilation included.
  int64_t extent(size_t i) const { return (kernel[i] - 1) * dilation[i] + 1; }
  bool symmetric() const { return pad_begin == pad_end; }
  bool padded() const {
    return std::any_of(pad_begin.begin(), pad_begin.end(), [](int64_t p) { return p != 0; }) ||
           std::any_of(pad_end.begin(), pad_end.end(), [](int64_t p) { return p != 0; });
  }
};

// Reads an ints attribute of exactly `n` values, `fallback` (repeated) when it is absent.
inline Shape ints_of_rank(const sdk::Attributes& a, const char* name, size_t n, int64_t fallback,
                          int64_t minimum) {
  Shape v = a.get_ints(name, Shape(n, fallback));
  if (v.size() != n)
    throw std::invalid_argument(std::string(name) + " has " + std::to_string(v.size()) +
                                " values, expected " + std::to_string(n));
  for (int64_t x : v)
    if (x < minimum)
      throw std::invalid_argument(std::string(name) + " " + sdk::shape_string(v) +
                                  " has a value below " + std::to_string(minimum));
  return v;
}

// strides, dilations, pads and auto_pad for inputs of spatial size `spatial` and a kernel of
// `kernel`. SAME_UPPER / SAME_LOWER give ceil(in / stride) outputs, the odd padding element at the
// end (UPPER) or the beginning (LOWER); VALID pads nothing; NOTSET reads `pads`
// [b1, b2, ..., e1, e2, ...].
inline Window read_window(const sdk::Attributes& a, const Shape& spatial, const Shape& kernel,
                          bool has_dilations = true) {
  const size_t n = spatial.size();
  Window w;
  w.kernel = kernel;
  for (int64_t k : kernel)
    if (k < 1) throw std::invalid_argument("kernel " + sdk::shape_string(kernel) + " is empty");
  w.stride = ints_of_rank(a, "strides", n, 1, 1);
  w.dilation = has_dilations ? ints_of_rank(a, "dilations", n, 1, 1) : Shape(n, 1);
  const std::string auto_pad = a.get_string("auto_pad", "NOTSET");
  if (auto_pad == "NOTSET") {
    Shape pads = a.get_ints("pads", Shape(2 * n, 0));
    if (pads.size() != 2 * n)
      throw std::invalid_argument("pads has " + std::to_string(pads.size()) + " values, expected " +
                                  std::to_string(2 * n));
    for (int64_t p : pads)
      if (p < 0) throw std::invalid_argument("pads " + sdk::shape_string(pads) + " are negative");
    w.pad_begin.assign(pads.begin(), pads.begin() + static_cast<std::ptrdiff_t>(n));
    w.pad_end.assign(pads.begin() + static_cast<std::ptrdiff_t>(n), pads.end());
  } else if (const Shape pads = a.get_ints("pads");
             std::any_of(pads.begin(), pads.end(), [](int64_t p) { return p != 0; })) {
    throw std::invalid_argument("pads together with auto_pad " + auto_pad +
                                ": ONNX leaves open which one wins");
  } else if (auto_pad == "VALID") {
    w.pad_begin.assign(n, 0);
    w.pad_end.assign(n, 0);
  } else if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
    for (size_t i = 0; i < n; ++i) {
      const int64_t out = (spatial[i] + w.stride[i] - 1) / w.stride[i];
      const int64_t total =
          std::max<int64_t>(0, (out - 1) * w.stride[i] + w.extent(i) - spatial[i]);
      const int64_t small = total / 2;
      w.pad_begin.push_back(auto_pad == "SAME_UPPER" ? small : total - small);
      w.pad_end.push_back(auto_pad == "SAME_UPPER" ? total - small : small);
    }
  } else {
    throw std::invalid_argument("auto_pad '" + auto_pad +
                                "' is not NOTSET, SAME_UPPER, SAME_LOWER or VALID");
  }
  return w;
}

// ONNX's output sizes of a convolution or pooling. With ceil_mode, a window that would start in
// the end padding is dropped (the rule of current ONNX and of LibTorch).
inline Shape window_output(const Window& w, const Shape& spatial, bool ceil_mode) {
  Shape out;
  for (size_t i = 0; i < w.rank(); ++i) {
    const int64_t span = spatial[i] + w.pad_begin[i] + w.pad_end[i] - w.extent(i);
    if (span < 0)
      throw std::invalid_argument("window of extent " + std::to_string(w.extent(i)) +
                                  " does not fit the padded input along spatial dimension " +
                                  std::to_string(i) + " (size " + std::to_string(spatial[i]) + ")");
    int64_t o = (ceil_mode ? (span + w.stride[i] - 1) / w.stride[i] : span / w.stride[i]) + 1;
    if (ceil_mode && (o - 1) * w.stride[i] >= spatial[i] + w.pad_begin[i]) --o;
    out.push_back(o);
  }
  return out;
}

// The output size LibTorch computes for symmetric padding `pad` (pooling_output_shape).
inline int64_t torch_pooled_size(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil,
                                 bool ceil_mode) {
  const int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0);
  int64_t o = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;
  if (ceil_mode && (o - 1) * stride >= in + pad) --o;
  return o;
}

// The kernel of a pooling (kernel_shape, required) or of a convolution (the weight's spatial
// dimensions; kernel_shape, when given, must agree).
inline Shape read_kernel(const sdk::Attributes& a, size_t rank, const Shape* weight_spatial) {
  if (weight_spatial) {
    Shape k = a.get_ints("kernel_shape", *weight_spatial);
    if (k != *weight_spatial)
      throw std::invalid_argument("kernel_shape " + sdk::shape_string(k) +
                                  " differs from the weight's " +
                                  sdk::shape_string(*weight_spatial));
    return k;
  }
  if (!a.has("kernel_shape")) throw std::invalid_argument("missing attribute 'kernel_shape'");
  return ints_of_rank(a, "kernel_shape", rank, 1, 1);
}

}  // namespace d500::torch_plugin
