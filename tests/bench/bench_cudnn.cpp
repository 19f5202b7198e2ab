// Bench (issue #8, GPU only): the cudnn plugin called through d500's loader and OperatorInstance
// against the same cuDNN / cuBLAS call in a bare loop, same process, same device buffers, on the
// DeepBench-style shapes of resources/problems. Both sides are timed with CUDA events around
// blocks of calls (the plugin runs with D500_CUDNN_SYNC=0, so a call only enqueues work, like
// the bare loop), the blocks of the two sides interleaved; medians per call and their ratio are
// printed (goal: ratio <= 1.02). Nothing is asserted. Without a GPU: "skipped: <reason>", exit 0.
//
// Usage: bench_cudnn [--samples N] [--quick]
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cudnn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/measure/stats.h"
#include "d500/plugin/plugin_manager.h"

namespace {

using d500::DType;
using d500::plugin::OperatorInstance;

#define CHECK(call)                                                                         \
  do {                                                                                      \
    if (!(call)) {                                                                          \
      std::fprintf(stderr, "bench_cudnn: %s failed at %s:%d\n", #call, __FILE__, __LINE__); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

struct Buffer {
  explicit Buffer(size_t n, unsigned seed) : n(n) {
    CHECK(cudaMalloc(&p, n * sizeof(float)) == cudaSuccess);
    std::vector<float> h(n);
    for (size_t i = 0; i < n; ++i) {
      seed = seed * 1664525u + 1013904223u;
      h[i] = static_cast<float>(seed >> 8) / 16777216.0f - 0.5f;
    }
    CHECK(cudaMemcpy(p, h.data(), n * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
  }
  ~Buffer() { cudaFree(p); }
  DLTensor dl(std::vector<int64_t>& shape) const {
    DLTensor d{};
    d.data = p;
    d.device = {kDLCUDA, 0};
    d.ndim = static_cast<int32_t>(shape.size());
    d.dtype = {kDLFloat, 32, 1};
    d.shape = shape.data();
    return d;
  }
  void* p = nullptr;
  size_t n;
};

// Median microseconds per call of `call`, timed with events around blocks of `block` calls.
struct Timer {
  cudaEvent_t a, b;
  Timer() {
    cudaEventCreate(&a);
    cudaEventCreate(&b);
  }
  double block_us(const std::function<void()>& call, int block) {
    cudaEventRecord(a);
    for (int i = 0; i < block; ++i) call();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    return 1000.0 * ms / block;
  }
};

using d500::stats::median;

struct Row {
  std::string shape;
  double plugin_us, bare_us;
};

// Interleaves blocks of the two sides; the block grows until it lasts >= 200 us.
Row compare(const std::string& shape, const std::function<void()>& plugin,
            const std::function<void()>& bare, int samples, Timer& t) {
  for (int i = 0; i < 10; ++i) {
    plugin();
    bare();
  }
  cudaDeviceSynchronize();
  int block = 1;
  while (block < 4096 && t.block_us(bare, block) * block < 200.0) block *= 2;
  std::vector<double> p, b;
  for (int s = 0; s < samples; ++s) {
    if (s % 2) {
      p.push_back(t.block_us(plugin, block));
      b.push_back(t.block_us(bare, block));
    } else {
      b.push_back(t.block_us(bare, block));
      p.push_back(t.block_us(plugin, block));
    }
  }
  return {shape, median(p), median(b)};
}

nlohmann::json problems(const char* file) {
  std::ifstream in(std::string(D500_SOURCE_DIR) + "/resources/problems/" + file);
  CHECK(in.good());
  return nlohmann::json::parse(in)["points"];
}

}  // namespace

int main(int argc, char** argv) {
  int samples = 21;
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--samples" && i + 1 < argc)
      samples = std::atoi(argv[++i]);
    else if (a == "--quick")
      quick = true;
  }
  int devices = 0;
  if (const cudaError_t e = cudaGetDeviceCount(&devices); e != cudaSuccess || devices == 0) {
    std::printf("skipped: no usable GPU: %s\n",
                e != cudaSuccess ? cudaGetErrorString(e) : "no CUDA device");
    return 0;
  }
  setenv("D500_CUDNN_SYNC", "0", 1);  // before the plugin reads it: calls only enqueue
  d500::plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  pm.load({"cudnn"});
  const auto* rec = pm.find("cudnn");
  if (!rec || rec->state != d500::plugin::PluginState::Loaded) {
    std::printf("skipped: cudnn plugin not loaded: %s\n", rec ? rec->error.c_str() : "not found");
    return 0;
  }
  std::printf("cudnn plugin: %s\n", rec->wraps.c_str());
  cudnnHandle_t dnn;
  cublasHandle_t blas;
  CHECK(cudnnCreate(&dnn) == CUDNN_STATUS_SUCCESS);
  CHECK(cublasCreate(&blas) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetMathMode(blas, CUBLAS_DEFAULT_MATH) == CUBLAS_STATUS_SUCCESS);
  Timer timer;
  std::vector<Row> rows;

  // Conv, IMPLICIT_PRECOMP_GEMM forward, no bias: the plugin's variant and the bare call agree
  // on the algorithm, the math type (FMA) and the workspace size.
  const auto* conv = pm.operators().find_impl("Conv", "", "cudnn/implicit_precomp_gemm");
  CHECK(conv);
  size_t n_conv = 0;
  for (const auto& p : problems("deepbench_conv_train.json")) {
    if (quick && n_conv++ >= 3) break;
    const int N = p["N"], C = p["C"], H = p["H"], W = p["W"], K = p["K"], R = p["R"], S = p["S"],
              pad = p["pad"], st = p["stride"];
    std::vector<int64_t> xs{N, C, H, W}, ws{K, C, R, S};
    std::vector<d500::plugin::Attribute> attrs{{"pads", std::vector<int64_t>{pad, pad, pad, pad}},
                                               {"strides", std::vector<int64_t>{st, st}}};
    OperatorInstance op(*conv, attrs,
                        {d500::plugin::tensor_info(DType::Float32, xs),
                         d500::plugin::tensor_info(DType::Float32, ws)});
    const auto oi = op.output_info();
    std::vector<int64_t> ys(oi[0].shape, oi[0].shape + oi[0].ndim);
    Buffer x(size_t(N) * C * H * W, 1), w(size_t(K) * C * R * S, 2),
        y(size_t(ys[0]) * ys[1] * ys[2] * ys[3], 3);
    std::vector<DLTensor> in{x.dl(xs), w.dl(ws)}, out{y.dl(ys)};

    cudnnTensorDescriptor_t xd, yd;
    cudnnFilterDescriptor_t wd;
    cudnnConvolutionDescriptor_t cd;
    cudnnCreateTensorDescriptor(&xd);
    cudnnCreateTensorDescriptor(&yd);
    cudnnCreateFilterDescriptor(&wd);
    cudnnCreateConvolutionDescriptor(&cd);
    cudnnSetTensor4dDescriptor(xd, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W);
    cudnnSetTensor4dDescriptor(yd, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, int(ys[0]), int(ys[1]),
                               int(ys[2]), int(ys[3]));
    cudnnSetFilter4dDescriptor(wd, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, K, C, R, S);
    cudnnSetConvolution2dDescriptor(cd, pad, pad, st, st, 1, 1, CUDNN_CROSS_CORRELATION,
                                    CUDNN_DATA_FLOAT);
    cudnnSetConvolutionMathType(cd, CUDNN_FMA_MATH);
    const auto algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;
    size_t ws_bytes = 0;
    CHECK(cudnnGetConvolutionForwardWorkspaceSize(dnn, xd, wd, cd, yd, algo, &ws_bytes) ==
          CUDNN_STATUS_SUCCESS);
    void* ws_ptr = nullptr;
    if (ws_bytes) CHECK(cudaMalloc(&ws_ptr, ws_bytes) == cudaSuccess);
    const float one = 1.f, zero = 0.f;
    char shape[160];
    std::snprintf(shape, sizeof shape, "Conv N%d C%d %dx%d K%d %dx%d p%d s%d", N, C, H, W, K, R, S,
                  pad, st);
    rows.push_back(compare(
        shape, [&] { op.forward(in, out); },
        [&] {
          cudnnConvolutionForward(dnn, &one, xd, x.p, wd, w.p, cd, algo, ws_ptr, ws_bytes, &zero,
                                  yd, y.p);
        },
        samples, timer));
    cudaFree(ws_ptr);
    cudnnDestroyConvolutionDescriptor(cd);
    cudnnDestroyFilterDescriptor(wd);
    cudnnDestroyTensorDescriptor(yd);
    cudnnDestroyTensorDescriptor(xd);
  }

  // Gemm C[M,N] = A[M,K] B[K,N] through cublasGemmEx, float32 compute, no TF32.
  const auto* gemm = pm.operators().find_impl("Gemm", "", "cudnn/default");
  CHECK(gemm);
  size_t n_gemm = 0;
  for (const auto& p : problems("deepbench_gemm_train.json")) {
    if (quick && n_gemm++ >= 3) break;
    const int M = p["M"], N = p["N"], K = p["K"];
    std::vector<int64_t> as{M, K}, bs{K, N}, cs{M, N};
    OperatorInstance op(*gemm, {},
                        {d500::plugin::tensor_info(DType::Float32, as),
                         d500::plugin::tensor_info(DType::Float32, bs)});
    Buffer a(size_t(M) * K, 4), b(size_t(K) * N, 5), c(size_t(M) * N, 6);
    std::vector<DLTensor> in{a.dl(as), b.dl(bs)}, out{c.dl(cs)};
    const float one = 1.f, zero = 0.f;
    char shape[160];
    std::snprintf(shape, sizeof shape, "Gemm M%d N%d K%d", M, N, K);
    rows.push_back(compare(
        shape, [&] { op.forward(in, out); },
        [&] {
          cublasGemmEx(blas, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, b.p, CUDA_R_32F, N, a.p,
                       CUDA_R_32F, K, &zero, c.p, CUDA_R_32F, N, CUBLAS_COMPUTE_32F,
                       CUBLAS_GEMM_DEFAULT);
        },
        samples, timer));
  }

  std::printf("\n%-40s %12s %12s %8s\n", "shape", "d500 us", "bare us", "ratio");
  std::vector<double> ratios;
  for (const Row& r : rows) {
    ratios.push_back(r.plugin_us / r.bare_us);
    std::printf("%-40s %12.2f %12.2f %8.3f\n", r.shape.c_str(), r.plugin_us, r.bare_us,
                ratios.back());
  }
  std::printf("median ratio over %zu shapes: %.3f (goal <= 1.02); worst %.3f\n", ratios.size(),
              median(ratios), *std::max_element(ratios.begin(), ratios.end()));
  return 0;
}
