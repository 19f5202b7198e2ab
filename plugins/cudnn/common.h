// Shared by the cudnn plugin's operators: the GPU state found at load time, the library handles,
// error translation, device-tensor checks and the spatial attributes of Conv and the pools.
//
// Threading: instances are used from one host thread at a time (plugin.h); the handles below are
// process-wide and created on first use, so two threads must not run cudnn operators at once.
// Stream: everything runs on the legacy default stream. After each forward/backward call the
// plugin synchronises with the device unless D500_CUDNN_SYNC=0 (then calls only enqueue work and
// the caller times with CUDA events or one synchronisation per block, see measurement.md).
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cudnn.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "d500/sdk/operator.h"

namespace d500::cudnn_plugin {

using sdk::Attributes;
using sdk::Cost;
using sdk::Inputs;
using sdk::Outputs;
using sdk::TensorInfo;

// Whether a GPU can be used, found once per process (cudaGetDeviceCount, cudnnCreate).
struct GpuState {
  bool usable = false;
  std::string reason;  // why not, with the CUDA error: "cudaGetDeviceCount: ... (35)"
  std::string device;  // "NVIDIA H200 (sm_90, 132 SMs)" when usable
};
const GpuState& gpu_state();

// The text of d500_plugin_info::wraps: library versions, then the device or why there is none.
const std::string& wraps_text();

// Throws sdk::Error(D500_ERR_NO_DEVICE) with gpu_state().reason unless a GPU is usable. Every
// operator's constructor calls it first.
void require_gpu();
// The first member of every operator, so that require_gpu() runs before any descriptor is made.
struct GpuRequired {
  GpuRequired() { require_gpu(); }
};

// Process-wide handles on the default stream, created on first use (after require_gpu()). They
// are never destroyed: shutdown may run after the CUDA runtime's own exit handlers.
cudnnHandle_t cudnn();
cublasHandle_t cublas();

// Throw sdk::Error(D500_ERR_RUNTIME) naming the call and the library's error text.
void check_cuda(cudaError_t e, const char* call);
void check_cudnn(cudnnStatus_t s, const char* call);
void check_cublas(cublasStatus_t s, const char* call);
#define D500_CUDA(call) ::d500::cudnn_plugin::check_cuda((call), #call)
#define D500_CUDNN(call) ::d500::cudnn_plugin::check_cudnn((call), #call)
#define D500_CUBLAS(call) ::d500::cudnn_plugin::check_cublas((call), #call)

// Ends a forward/backward call: synchronises unless D500_CUDNN_SYNC=0, and reports a failed
// kernel launch either way.
void finish_call(const char* what);

// Throws std::invalid_argument unless the tensor lives in CUDA device memory (`what` names it,
// e.g. "input 0"): a host pointer handed to cuDNN would fault instead of failing cleanly.
void require_device(const DLTensor& t, const char* what);
template <class List>
void require_device_all(const List& list, const char* what) {
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i].defined())
      require_device(list[i].dl(), (std::string(what) + " " + std::to_string(i)).c_str());
}
inline const void* data_of(const sdk::InTensor& t) {
  return static_cast<const char*>(t.dl().data) + t.dl().byte_offset;
}
inline void* data_of(const sdk::OutTensor& t) {
  return static_cast<char*>(t.dl().data) + t.dl().byte_offset;
}

// float32 only, or float32/float64 when `allow_double`; throws sdk::unsupported otherwise.
cudnnDataType_t cudnn_dtype(const TensorInfo& t, const char* op, bool allow_double = false);

// Owns a device buffer (the workspace of an instance). Empty when size is 0.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* get() const { return p_; }
  size_t size() const { return bytes_; }

 private:
  void* p_ = nullptr;
  size_t bytes_ = 0;
};

// RAII over cuDNN descriptors.
class TensorDesc {
 public:
  TensorDesc();
  ~TensorDesc();
  TensorDesc(const TensorDesc&) = delete;
  TensorDesc& operator=(const TensorDesc&) = delete;
  // Packed NC... layout; shapes of rank < 4 are padded with trailing 1s (cuDNN wants >= 4).
  void set(cudnnDataType_t dtype, const std::vector<int64_t>& shape);
  cudnnTensorDescriptor_t get() const { return d_; }

 private:
  cudnnTensorDescriptor_t d_ = nullptr;
};

// Windows of Conv and the pools over spatial dimensions, as cuDNN takes them: symmetric pads.
struct Window {
  std::vector<int> kernel, strides, dilations, pads;
  std::vector<int64_t> out;  // spatial output size
};
// Reads kernel_shape (or `kernel` when given), strides, dilations, pads and auto_pad for the
// spatial input size `in`; asymmetric padding (which cuDNN cannot express) is unsupported.
Window window_of(const Attributes& attrs, const std::vector<int64_t>& in,
                 const std::vector<int64_t>& kernel, bool ceil_mode, const char* op);

// Workspace bytes of live Conv instances, keyed by instance address (see
// d500_cudnn_workspace_bytes in plugin.cpp).
void register_workspace(const void* instance, int64_t fwd, int64_t bwd_data, int64_t bwd_filter,
                        const std::string& algorithms);
void unregister_workspace(const void* instance);

// Operator families; each source file appends its C table entries.
void add_conv_ops(std::vector<d500_operator>& ops);
void add_gemm_ops(std::vector<d500_operator>& ops);
void add_dnn_ops(std::vector<d500_operator>& ops);          // pools, activations, softmax, BN
void add_elementwise_ops(std::vector<d500_operator>& ops);  // Add, Sub, Mul (CUDA kernels)

}  // namespace d500::cudnn_plugin
