// Test helpers for the cudnn plugin (issue #8): the plugins loaded once per process, whether this
// machine has a usable GPU (asked of the CUDA runtime directly, not of the plugin), and device
// tensors uploaded from and downloaded into host Tensors.
#pragma once

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"

namespace d500::test {

inline const plugin::PluginManager& cudnn_plugins() {
  static std::unique_ptr<plugin::PluginManager> m = [] {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"cudnn", "reference"});
    return p;
  }();
  return *m;
}

// "" when a GPU is usable, else why not, in the runtime's words.
inline const std::string& no_gpu_reason() {
  static const std::string reason = [] {
    int n = 0;
    const cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
      cudaGetLastError();
      return std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e);
    }
    return n > 0 ? std::string() : std::string("no CUDA device");
  }();
  return reason;
}

#define D500_REQUIRE_GPU()                                                \
  do {                                                                    \
    if (!::d500::test::no_gpu_reason().empty())                           \
      GTEST_SKIP() << "no usable GPU: " << ::d500::test::no_gpu_reason(); \
  } while (0)

// What a GPU test's cases came to. A case either ran (its outputs and gradients were compared with
// the reference), was refused by the plugin as unsupported (an algorithm that cannot run the
// shape), or broke (already reported as a failure). Each test ends with expect_ran(), so a plugin
// that refuses every case cannot pass by having compared nothing.
struct CaseTally {
  size_t ran = 0;
  size_t broken = 0;
  std::vector<std::string> unsupported;  // "case: the plugin's reason"
  size_t total() const { return ran + broken + unsupported.size(); }
};

// Fails unless at least `at_least` (and at least one) of the cases ran; prints the counts, naming
// each unsupported case with its reason.
inline void expect_ran(const CaseTally& t, size_t at_least, const std::string& what) {
  std::printf("  %s: %zu of %zu cases ran, %zu unsupported\n", what.c_str(), t.ran, t.total(),
              t.unsupported.size());
  std::string reasons;
  for (const std::string& u : t.unsupported) {
    std::printf("    unsupported: %s\n", u.c_str());
    reasons += "\n  unsupported: " + u;
  }
  EXPECT_GE(t.ran, std::max<size_t>(at_least, 1))
      << what << ": " << t.ran << " of " << t.total() << " cases ran" << reasons;
}

// Every case ran: none was unsupported or broke.
inline void expect_all_ran(const CaseTally& t, const std::string& what) {
  expect_ran(t, t.total(), what);
}

// A contiguous device tensor (float32/float64), freed on destruction.
class DeviceTensor {
 public:
  DeviceTensor(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
    const size_t bytes = static_cast<size_t>(element_count(shape_)) * dtype_size(dtype_);
    if (bytes && cudaMalloc(&p_, bytes) != cudaSuccess)
      throw std::runtime_error("cudaMalloc failed");
    if (bytes) cudaMemset(p_, 0, bytes);
  }
  explicit DeviceTensor(const Tensor& host) : DeviceTensor(host.dtype(), host.shape()) {
    if (host.nbytes()) cudaMemcpy(p_, host.data(), host.nbytes(), cudaMemcpyHostToDevice);
  }
  ~DeviceTensor() {
    if (p_) cudaFree(p_);
  }
  DeviceTensor(DeviceTensor&& o) noexcept
      : dtype_(o.dtype_), shape_(std::move(o.shape_)), p_(o.p_) {
    o.p_ = nullptr;
  }
  DeviceTensor(const DeviceTensor&) = delete;
  DeviceTensor& operator=(const DeviceTensor&) = delete;

  Tensor download() const {
    Tensor t(dtype_, shape_);
    if (t.nbytes()) cudaMemcpy(t.data(), p_, t.nbytes(), cudaMemcpyDeviceToHost);
    return t;
  }
  DLTensor dl() const {
    DLTensor d{};
    d.data = p_;
    d.device = {kDLCUDA, 0};
    d.ndim = static_cast<int32_t>(shape_.size());
    d.dtype = to_dlpack(dtype_);
    d.shape = const_cast<int64_t*>(shape_.data());
    return d;
  }
  const Shape& shape() const { return shape_; }

 private:
  DType dtype_;
  Shape shape_;
  void* p_ = nullptr;
};

}  // namespace d500::test
