// Numpy broadcasting (the rule ONNX Add, MatMul's batch dimensions and Gemm's C follow).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace d500::reference {

// The broadcast shape of a and b: dimensions aligned from the right, each pair equal or one of
// them 1. Throws std::invalid_argument naming both shapes otherwise.
std::vector<int64_t> broadcast_shapes(const std::vector<int64_t>& a, const std::vector<int64_t>& b);

// True when `in` broadcasts to exactly `out` (ONNX "unidirectional" broadcasting: only `in`
// may be stretched).
bool broadcasts_to(const std::vector<int64_t>& in, const std::vector<int64_t>& out);

// Strides, in elements times `unit`, for reading a contiguous tensor of shape `in` at the
// indices of `out` (in must broadcast to out): one entry per dimension of out, 0 where `in` is
// stretched or absent.
std::vector<int64_t> broadcast_strides(const std::vector<int64_t>& in,
                                       const std::vector<int64_t>& out, int64_t unit = 1);

// Visits every index of `out` in row-major order as f(linear_index, offset_a, offset_b), with
// offsets advanced by the strides sa and sb (from broadcast_strides).
template <class F>
void for_each_broadcast(const std::vector<int64_t>& out, const std::vector<int64_t>& sa,
                        const std::vector<int64_t>& sb, F&& f) {
  int64_t total = 1;
  for (int64_t d : out) total *= d;
  if (total == 0) return;
  std::vector<int64_t> index(out.size(), 0);
  int64_t oa = 0, ob = 0;
  for (int64_t i = 0; i < total; ++i) {
    f(i, oa, ob);
    // Odometer step: bump the last dimension, carrying into earlier ones.
    for (std::size_t d = out.size(); d-- > 0;) {
      if (++index[d] < out[d]) {
        oa += sa[d];
        ob += sb[d];
        break;
      }
      oa -= sa[d] * (out[d] - 1);
      ob -= sb[d] * (out[d] - 1);
      index[d] = 0;
    }
  }
}

}  // namespace d500::reference
