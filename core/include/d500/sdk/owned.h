// d500 SDK: outputs an operator allocates and hands to the host (ABI 1.3, forward_owned).
//
//   void forward_owned(Inputs in, d500_owned_tensor* out, size_t n) {
//     int64_t* y = static_cast<int64_t*>(sdk::make_owned(out[0], sdk::dtype_of<int64_t>(), {2,
//     k}));
//     ...
//   }
//
// The host calls the release exactly once. Header-only, C++17.
#ifndef D500_SDK_OWNED_H
#define D500_SDK_OWNED_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "d500/plugin.h"

namespace d500 {
namespace sdk {

namespace detail {
struct OwnedBuffer {
  std::vector<int64_t> shape;
  std::vector<unsigned char> bytes;
};
inline void release_owned_buffer(void* context) {
  delete static_cast<OwnedBuffer*>(context);
}
}  // namespace detail

// Fills `out` with a zeroed contiguous CPU tensor of `dtype` and `shape` and returns its data.
// Throws std::invalid_argument for a negative dimension or a size that overflows.
inline void* make_owned(d500_owned_tensor& out, DLDataType dtype, std::vector<int64_t> shape) {
  if (shape.size() > D500_MAX_DIMS)
    throw std::invalid_argument("rank " + std::to_string(shape.size()) + " exceeds the ABI's " +
                                std::to_string(D500_MAX_DIMS));
  size_t n = (dtype.bits * dtype.lanes + 7u) / 8u;
  for (int64_t d : shape) {
    if (d < 0) throw std::invalid_argument("negative dimension " + std::to_string(d));
    if (d != 0 && n > SIZE_MAX / static_cast<size_t>(d))
      throw std::invalid_argument("an output too large to allocate");
    n *= static_cast<size_t>(d);
  }
  auto* buffer = new detail::OwnedBuffer{std::move(shape), std::vector<unsigned char>(n ? n : 1)};
  out = d500_owned_tensor{};
  out.tensor.data = buffer->bytes.data();
  out.tensor.device = {kDLCPU, 0};
  out.tensor.ndim = static_cast<int32_t>(buffer->shape.size());
  out.tensor.dtype = dtype;
  out.tensor.shape = buffer->shape.data();
  out.context = buffer;
  out.release = &detail::release_owned_buffer;
  return out.tensor.data;
}

}  // namespace sdk
}  // namespace d500

#endif  // D500_SDK_OWNED_H
