// The plugin's own CUDA kernels (kernels.cu, the plugin's one nvcc unit): element-wise binary
// operators with numpy broadcasting, their gradients, and broadcast copy / reduction helpers.
// Every launch goes to the default stream and returns without synchronising.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace d500::cudnn_plugin {

constexpr int kMaxDims = 8;

// Maps each element of an output of `shape` to an element of two broadcast inputs: stride 0
// along a dimension an input is broadcast over.
struct BroadcastIndex {
  int ndim = 0;
  int64_t shape[kMaxDims] = {};
  int64_t stride_a[kMaxDims] = {};
  int64_t stride_b[kMaxDims] = {};
};

// numpy broadcasting of `a` and `b` to `out` (which must be the broadcast shape).
inline BroadcastIndex broadcast_index(const std::vector<int64_t>& out,
                                      const std::vector<int64_t>& a,
                                      const std::vector<int64_t>& b) {
  if (out.size() > static_cast<size_t>(kMaxDims))
    throw std::invalid_argument("more than 8 dimensions");
  BroadcastIndex ix;
  ix.ndim = static_cast<int>(out.size());
  auto strides = [&](const std::vector<int64_t>& in, int64_t* s) {
    const size_t off = out.size() - in.size();
    int64_t stride = 1;
    for (size_t i = out.size(); i-- > 0;) {
      ix.shape[i] = out[i];
      if (i < off) {
        s[i] = 0;
        continue;
      }
      const int64_t d = in[i - off];
      s[i] = d == 1 && out[i] != 1 ? 0 : stride;
      stride *= d;
    }
  };
  strides(a, ix.stride_a);
  strides(b, ix.stride_b);
  return ix;
}

// numpy broadcast shape of a and b; throws std::invalid_argument naming both when they clash.
inline std::vector<int64_t> broadcast_shape(const std::vector<int64_t>& a,
                                            const std::vector<int64_t>& b) {
  std::vector<int64_t> out(std::max(a.size(), b.size()), 1);
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t da = i < out.size() - a.size() ? 1 : a[i - (out.size() - a.size())];
    const int64_t db = i < out.size() - b.size() ? 1 : b[i - (out.size() - b.size())];
    if (da != db && da != 1 && db != 1)
      throw std::invalid_argument("shapes do not broadcast: dimension " + std::to_string(i) +
                                  " is " + std::to_string(da) + " and " + std::to_string(db));
    out[i] = da == 1 ? db : da;
  }
  return out;
}

enum class Binary { Add = 0, Sub = 1, Mul = 2 };

// y = a op b over n output elements; f64 selects double, else float.
void launch_binary(Binary op, bool f64, const void* a, const void* b, void* y,
                   const BroadcastIndex& ix, int64_t n);
// da += d(a op b)/da * dy and db likewise (either may be null), summed over broadcast
// dimensions with atomics: the caller zeroes da and db first.
void launch_binary_backward(Binary op, bool f64, const void* dy, const void* a, const void* b,
                            void* da, void* db, const BroadcastIndex& ix, int64_t n);
// dst[out] = scale * src[broadcast a-index] over n output elements (stride_a describes src).
void launch_broadcast_copy(bool f64, const void* src, void* dst, const BroadcastIndex& ix,
                           int64_t n, double scale);
// dst[a-index] += scale * src[out] over n output elements (dst zeroed by the caller).
void launch_reduce_to(bool f64, const void* src, void* dst, const BroadcastIndex& ix, int64_t n,
                      double scale);

}  // namespace d500::cudnn_plugin
