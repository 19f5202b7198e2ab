#include "common.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <stdexcept>

namespace d500::cudnn_plugin {

namespace {

std::string cuda_error_text(cudaError_t e) {
  return std::string(cudaGetErrorString(e)) + " (" + cudaGetErrorName(e) + ", " +
         std::to_string(static_cast<int>(e)) + ")";
}

std::string version3(int major, int minor, int patch) {
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

std::string cuda_version(int v) {  // 13000 -> "13.0"
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

bool sync_each_call() {
  static const bool sync = [] {
    const char* v = std::getenv("D500_CUDNN_SYNC");
    return !(v && std::string(v) == "0");
  }();
  return sync;
}

}  // namespace

const GpuState& gpu_state() {
  static const GpuState state = [] {
    GpuState s;
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
      cudaGetLastError();  // clear the sticky error so later calls report their own
      s.reason = "no usable GPU: cudaGetDeviceCount: " + cuda_error_text(e);
      return s;
    }
    if (count == 0) {
      s.reason = "no usable GPU: cudaGetDeviceCount found 0 devices";
      return s;
    }
    cudaDeviceProp p{};
    if (const cudaError_t pe = cudaGetDeviceProperties(&p, 0); pe != cudaSuccess) {
      s.reason = "no usable GPU: cudaGetDeviceProperties(0): " + cuda_error_text(pe);
      return s;
    }
    s.usable = true;
    s.device = std::string(p.name) + " (sm_" + std::to_string(p.major) + std::to_string(p.minor) +
               ", " + std::to_string(p.multiProcessorCount) + " SMs, " +
               std::to_string(p.totalGlobalMem >> 20) + " MiB" +
               (count > 1 ? ", device 0 of " + std::to_string(count) : std::string()) + ")";
    return s;
  }();
  return state;
}

const std::string& wraps_text() {
  static const std::string text = [] {
    const size_t v = cudnnGetVersion();
    std::string s =
        "cuDNN " + version3(static_cast<int>(v / 10000), static_cast<int>((v % 10000) / 100),
                            static_cast<int>(v % 100));
    int major = 0, minor = 0, patch = 0;
    if (cublasGetProperty(MAJOR_VERSION, &major) == CUBLAS_STATUS_SUCCESS &&
        cublasGetProperty(MINOR_VERSION, &minor) == CUBLAS_STATUS_SUCCESS &&
        cublasGetProperty(PATCH_LEVEL, &patch) == CUBLAS_STATUS_SUCCESS)
      s += ", cuBLAS " + version3(major, minor, patch);
    int runtime = 0, driver = 0;
    if (cudaRuntimeGetVersion(&runtime) == cudaSuccess)
      s += ", CUDA runtime " + cuda_version(runtime);
    if (cudaDriverGetVersion(&driver) == cudaSuccess && driver > 0)
      s += ", driver " + cuda_version(driver);
    s += std::string("; sync per call ") + (sync_each_call() ? "on" : "off (D500_CUDNN_SYNC=0)");
    const GpuState& g = gpu_state();
    s += "; " + (g.usable ? "GPU " + g.device : g.reason);  // last: the reason create() gives
    return s;
  }();
  return text;
}

void require_gpu() {
  const GpuState& g = gpu_state();
  if (!g.usable) throw sdk::Error(D500_ERR_NO_DEVICE, g.reason);
}

cudnnHandle_t cudnn() {
  static std::once_flag once;
  static cudnnHandle_t handle = nullptr;
  static cudnnStatus_t status = CUDNN_STATUS_SUCCESS;
  std::call_once(once, [] { status = cudnnCreate(&handle); });
  if (status != CUDNN_STATUS_SUCCESS)
    throw sdk::Error(D500_ERR_NO_DEVICE, std::string("no usable GPU: cudnnCreate: ") +
                                             cudnnGetErrorString(status) + " (" +
                                             std::to_string(static_cast<int>(status)) + ")");
  return handle;
}

cublasHandle_t cublas() {
  static std::once_flag once;
  static cublasHandle_t handle = nullptr;
  static cublasStatus_t status = CUBLAS_STATUS_SUCCESS;
  std::call_once(once, [] {
    status = cublasCreate(&handle);
    // TF32 is chosen per call through the compute type, never by the handle's math mode.
    if (status == CUBLAS_STATUS_SUCCESS) status = cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH);
  });
  if (status != CUBLAS_STATUS_SUCCESS)
    throw sdk::Error(D500_ERR_NO_DEVICE, std::string("no usable GPU: cublasCreate: ") +
                                             cublasGetStatusString(status) + " (" +
                                             std::to_string(static_cast<int>(status)) + ")");
  return handle;
}

void check_cuda(cudaError_t e, const char* call) {
  if (e != cudaSuccess) {
    cudaGetLastError();
    throw sdk::Error(D500_ERR_RUNTIME, std::string(call) + ": " + cuda_error_text(e));
  }
}

void check_cudnn(cudnnStatus_t s, const char* call) {
  if (s == CUDNN_STATUS_SUCCESS) return;
  const d500_status code =
      s == CUDNN_STATUS_NOT_SUPPORTED ? D500_ERR_UNSUPPORTED : D500_ERR_RUNTIME;
  throw sdk::Error(code, std::string(call) + ": " + cudnnGetErrorString(s) + " (" +
                             std::to_string(static_cast<int>(s)) + ")");
}

void check_cublas(cublasStatus_t s, const char* call) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw sdk::Error(D500_ERR_RUNTIME, std::string(call) + ": " + cublasGetStatusString(s) + " (" +
                                           std::to_string(static_cast<int>(s)) + ")");
}

void finish_call(const char* what) {
  check_cuda(cudaGetLastError(), what);
  if (sync_each_call()) check_cuda(cudaStreamSynchronize(nullptr), what);
}

void require_device(const DLTensor& t, const char* what) {
  if (t.device.device_type != kDLCUDA)
    throw std::invalid_argument(std::string(what) + " is in " +
                                (t.device.device_type == kDLCPU
                                     ? std::string("host memory")
                                     : "device type " + std::to_string(t.device.device_type)) +
                                "; cudnn operators take CUDA device tensors (kDLCUDA)");
  if (!t.data) throw std::invalid_argument(std::string(what) + " has no data");
}

cudnnDataType_t cudnn_dtype(const TensorInfo& t, const char* op, bool allow_double) {
  if (t.is<float>()) return CUDNN_DATA_FLOAT;
  if (allow_double && t.is<double>()) return CUDNN_DATA_DOUBLE;
  throw sdk::unsupported(std::string("cudnn ") + op + " takes float32" +
                         (allow_double ? " or float64" : "") + ", got " + t.str());
}

DeviceBuffer::DeviceBuffer(size_t bytes) : bytes_(bytes) {
  if (bytes) D500_CUDA(cudaMalloc(&p_, bytes));
}

DeviceBuffer::~DeviceBuffer() {
  if (p_) cudaFree(p_);
}

TensorDesc::TensorDesc() {
  D500_CUDNN(cudnnCreateTensorDescriptor(&d_));
}
TensorDesc::~TensorDesc() {
  cudnnDestroyTensorDescriptor(d_);
}

void TensorDesc::set(cudnnDataType_t dtype, const std::vector<int64_t>& shape) {
  if (shape.size() > 8) throw sdk::unsupported("cuDNN tensors have at most 8 dimensions");
  std::vector<int> dims(shape.begin(), shape.end());
  for (int64_t d : shape)
    if (d < 1 || d > INT32_MAX)
      throw sdk::unsupported("cuDNN needs dimensions in [1, 2^31), got " +
                             sdk::shape_string(shape));
  while (dims.size() < 4) dims.push_back(1);
  std::vector<int> strides(dims.size());
  int64_t stride = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = static_cast<int>(stride);
    stride *= dims[i];
  }
  D500_CUDNN(cudnnSetTensorNdDescriptor(d_, dtype, static_cast<int>(dims.size()), dims.data(),
                                        strides.data()));
}

Window window_of(const Attributes& attrs, const std::vector<int64_t>& in,
                 const std::vector<int64_t>& kernel_given, bool ceil_mode, const char* op) {
  const size_t n = in.size();
  const std::string where = std::string("cudnn ") + op + ": ";
  std::vector<int64_t> kernel =
      kernel_given.empty() ? attrs.get_ints("kernel_shape") : kernel_given;
  if (kernel.size() != n)
    throw std::invalid_argument(where + "kernel_shape has " + std::to_string(kernel.size()) +
                                " entries for " + std::to_string(n) + " spatial dimensions");
  std::vector<int64_t> strides = attrs.get_ints("strides", std::vector<int64_t>(n, 1));
  std::vector<int64_t> dil = attrs.get_ints("dilations", std::vector<int64_t>(n, 1));
  std::vector<int64_t> pads = attrs.get_ints("pads", std::vector<int64_t>(2 * n, 0));
  const std::string auto_pad = attrs.get_string("auto_pad", "NOTSET");
  if (strides.size() != n || dil.size() != n || pads.size() != 2 * n)
    throw std::invalid_argument(where + "strides, dilations and pads must match the " +
                                std::to_string(n) + " spatial dimensions");
  Window w;
  for (size_t i = 0; i < n; ++i) {
    if (strides[i] < 1 || dil[i] < 1 || kernel[i] < 1)
      throw std::invalid_argument(where + "kernel, strides and dilations must be >= 1");
    const int64_t span = (kernel[i] - 1) * dil[i] + 1;
    int64_t begin = pads[i], end = pads[i + n];
    if (auto_pad == "VALID") {
      begin = end = 0;
    } else if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      const int64_t out = (in[i] + strides[i] - 1) / strides[i];
      const int64_t total = std::max<int64_t>(0, (out - 1) * strides[i] + span - in[i]);
      begin = auto_pad == "SAME_UPPER" ? total / 2 : total - total / 2;
      end = total - begin;
    } else if (auto_pad != "NOTSET") {
      throw std::invalid_argument(where + "auto_pad \"" + auto_pad + "\" is not an ONNX value");
    }
    if (begin != end)
      throw sdk::unsupported(where + "asymmetric padding (" + std::to_string(begin) + " before, " +
                             std::to_string(end) + " after) cannot be expressed in cuDNN");
    const int64_t room = in[i] + begin + end - span;
    if (room < 0) throw std::invalid_argument(where + "the window is larger than the padded input");
    int64_t out = room / strides[i] + 1;
    if (ceil_mode && room % strides[i] != 0)
      throw sdk::unsupported(where + "ceil_mode that changes the output size is not in cuDNN");
    w.kernel.push_back(static_cast<int>(kernel[i]));
    w.strides.push_back(static_cast<int>(strides[i]));
    w.dilations.push_back(static_cast<int>(dil[i]));
    w.pads.push_back(static_cast<int>(begin));
    w.out.push_back(out);
  }
  return w;
}

namespace {
std::mutex& workspace_mutex() {
  static std::mutex m;
  return m;
}
struct WorkspaceRecord {
  int64_t fwd, bwd_data, bwd_filter;
  std::string algorithms;
};
std::map<const void*, WorkspaceRecord>& workspaces() {
  static std::map<const void*, WorkspaceRecord> m;
  return m;
}
}  // namespace

void register_workspace(const void* instance, int64_t fwd, int64_t bwd_data, int64_t bwd_filter,
                        const std::string& algorithms) {
  std::lock_guard<std::mutex> lock(workspace_mutex());
  workspaces()[instance] = {fwd, bwd_data, bwd_filter, algorithms};
}

void unregister_workspace(const void* instance) {
  std::lock_guard<std::mutex> lock(workspace_mutex());
  workspaces().erase(instance);
}

}  // namespace d500::cudnn_plugin

// The workspace of a Conv instance of this plugin (see plugin.cpp), outside the ABI: there is no
// per-instance memory query for operators yet. Returns 0 and fills the three sizes in bytes and
// the algorithm names ("fwd=IMPLICIT_GEMM bwd_data=ALGO_1 bwd_filter=ALGO_1", truncated to
// `size`), or -1 when `instance` is not a live cudnn Conv instance.
extern "C" D500_EXPORT int d500_cudnn_workspace_bytes(const void* instance, int64_t* fwd,
                                                      int64_t* bwd_data, int64_t* bwd_filter,
                                                      char* algorithms, size_t size) {
  using namespace d500::cudnn_plugin;
  std::lock_guard<std::mutex> lock(workspace_mutex());
  auto it = workspaces().find(instance);
  if (it == workspaces().end()) return -1;
  if (fwd) *fwd = it->second.fwd;
  if (bwd_data) *bwd_data = it->second.bwd_data;
  if (bwd_filter) *bwd_filter = it->second.bwd_filter;
  if (algorithms && size) std::snprintf(algorithms, size, "%s", it->second.algorithms.c_str());
  return 0;
}
