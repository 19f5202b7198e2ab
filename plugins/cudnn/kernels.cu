// The plugin's CUDA kernels (see kernels.h). Grid-stride loops over the output; broadcast inputs
// are addressed through per-dimension strides, 0 where an input is broadcast.
#include <cuda_runtime.h>

#include "kernels.h"

namespace d500::cudnn_plugin {
namespace {

constexpr int kThreads = 256;

int blocks_for(int64_t n) {
  const int64_t b = (n + kThreads - 1) / kThreads;
  return static_cast<int>(b < 65535 * 16 ? (b < 1 ? 1 : b) : 65535 * 16);
}

__device__ inline void offsets(const BroadcastIndex& ix, int64_t i, int64_t& oa, int64_t& ob) {
  oa = 0;
  ob = 0;
  for (int d = ix.ndim - 1; d >= 0; --d) {
    const int64_t c = i % ix.shape[d];
    i /= ix.shape[d];
    oa += c * ix.stride_a[d];
    ob += c * ix.stride_b[d];
  }
}

template <class T>
__global__ void binary_kernel(int op, const T* a, const T* b, T* y, BroadcastIndex ix, int64_t n) {
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t oa, ob;
    offsets(ix, i, oa, ob);
    const T x = a[oa], z = b[ob];
    y[i] = op == 0 ? x + z : op == 1 ? x - z : x * z;
  }
}

template <class T>
__global__ void binary_backward_kernel(int op, const T* dy, const T* a, const T* b, T* da, T* db,
                                       BroadcastIndex ix, int64_t n) {
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t oa, ob;
    offsets(ix, i, oa, ob);
    const T g = dy[i];
    if (da) atomicAdd(da + oa, op == 2 ? g * b[ob] : g);
    if (db) atomicAdd(db + ob, op == 2 ? g * a[oa] : op == 1 ? -g : g);
  }
}

template <class T>
__global__ void broadcast_copy_kernel(const T* src, T* dst, BroadcastIndex ix, int64_t n, T scale) {
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t oa, ob;
    offsets(ix, i, oa, ob);
    dst[i] = scale * src[oa];
  }
}

template <class T>
__global__ void reduce_to_kernel(const T* src, T* dst, BroadcastIndex ix, int64_t n, T scale) {
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t oa, ob;
    offsets(ix, i, oa, ob);
    atomicAdd(dst + oa, scale * src[i]);
  }
}

}  // namespace

void launch_binary(Binary op, bool f64, const void* a, const void* b, void* y,
                   const BroadcastIndex& ix, int64_t n) {
  if (n == 0) return;
  if (f64)
    binary_kernel<double><<<blocks_for(n), kThreads>>>(
        static_cast<int>(op), static_cast<const double*>(a), static_cast<const double*>(b),
        static_cast<double*>(y), ix, n);
  else
    binary_kernel<float>
        <<<blocks_for(n), kThreads>>>(static_cast<int>(op), static_cast<const float*>(a),
                                      static_cast<const float*>(b), static_cast<float*>(y), ix, n);
}

void launch_binary_backward(Binary op, bool f64, const void* dy, const void* a, const void* b,
                            void* da, void* db, const BroadcastIndex& ix, int64_t n) {
  if (n == 0) return;
  if (f64)
    binary_backward_kernel<double><<<blocks_for(n), kThreads>>>(
        static_cast<int>(op), static_cast<const double*>(dy), static_cast<const double*>(a),
        static_cast<const double*>(b), static_cast<double*>(da), static_cast<double*>(db), ix, n);
  else
    binary_backward_kernel<float><<<blocks_for(n), kThreads>>>(
        static_cast<int>(op), static_cast<const float*>(dy), static_cast<const float*>(a),
        static_cast<const float*>(b), static_cast<float*>(da), static_cast<float*>(db), ix, n);
}

void launch_broadcast_copy(bool f64, const void* src, void* dst, const BroadcastIndex& ix,
                           int64_t n, double scale) {
  if (n == 0) return;
  if (f64)
    broadcast_copy_kernel<double><<<blocks_for(n), kThreads>>>(
        static_cast<const double*>(src), static_cast<double*>(dst), ix, n, scale);
  else
    broadcast_copy_kernel<float><<<blocks_for(n), kThreads>>>(
        static_cast<const float*>(src), static_cast<float*>(dst), ix, n, static_cast<float>(scale));
}

void launch_reduce_to(bool f64, const void* src, void* dst, const BroadcastIndex& ix, int64_t n,
                      double scale) {
  if (n == 0) return;
  if (f64)
    reduce_to_kernel<double><<<blocks_for(n), kThreads>>>(static_cast<const double*>(src),
                                                          static_cast<double*>(dst), ix, n, scale);
  else
    reduce_to_kernel<float><<<blocks_for(n), kThreads>>>(
        static_cast<const float*>(src), static_cast<float*>(dst), ix, n, static_cast<float>(scale));
}

}  // namespace d500::cudnn_plugin
