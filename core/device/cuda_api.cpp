// The CUDA runtime as a DeviceApi, loaded with dlopen so that core never links CUDA (the build
// and every CPU path work without it). A plugin that already loaded libcudart is asked first
// (RTLD_NOLOAD), so the host and the plugin share one runtime, one context and its legacy default
// stream: events recorded here order with the plugin's work on that stream.
#include <dlfcn.h>

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "d500/device/device_api.h"

namespace d500::device {

namespace {

// cuda_runtime_api.h values, fixed by the runtime's ABI.
using cudaError = int;
using cudaEvent = void*;
constexpr int kHostToDevice = 1, kDeviceToHost = 2, kDeviceToDevice = 3;
// CUDA documents cudaEventElapsedTime's resolution as "around 0.5 microseconds".
constexpr double kEventResolutionNs = 500;

struct Runtime {
  cudaError (*get_device_count)(int*) = nullptr;
  const char* (*error_name)(cudaError) = nullptr;
  const char* (*error_string)(cudaError) = nullptr;
  cudaError (*get_last_error)() = nullptr;
  cudaError (*malloc)(void**, size_t) = nullptr;
  cudaError (*free)(void*) = nullptr;
  cudaError (*memcpy)(void*, const void*, size_t, int) = nullptr;
  cudaError (*device_synchronize)() = nullptr;
  cudaError (*event_create)(cudaEvent*) = nullptr;
  cudaError (*event_destroy)(cudaEvent) = nullptr;
  cudaError (*event_record)(cudaEvent, void* stream) = nullptr;
  cudaError (*event_synchronize)(cudaEvent) = nullptr;
  cudaError (*event_elapsed)(float*, cudaEvent, cudaEvent) = nullptr;
};

class CudaApi : public DeviceApi {
 public:
  CudaApi() { load(); }

  std::string name() const override { return "cuda"; }
  int device_type() const override { return kDLCUDA; }
  std::string unusable_reason() override { return reason_; }

  void* alloc(size_t bytes) override {
    void* p = nullptr;
    check(rt_.malloc(&p, bytes), "cudaMalloc(" + std::to_string(bytes) + " bytes)");
    return p;
  }
  void free(void* p) noexcept override {
    if (p && rt_.free) rt_.free(p);
  }
  void copy_to_device(void* dst, const void* src, size_t bytes) override {
    check(rt_.memcpy(dst, src, bytes, kHostToDevice), "cudaMemcpy host to device");
  }
  void copy_to_host(void* dst, const void* src, size_t bytes) override {
    check(rt_.memcpy(dst, src, bytes, kDeviceToHost), "cudaMemcpy device to host");
  }
  void copy_on_device(void* dst, const void* src, size_t bytes) override {
    check(rt_.memcpy(dst, src, bytes, kDeviceToDevice), "cudaMemcpy device to device");
  }
  void synchronize() override { check(rt_.device_synchronize(), "cudaDeviceSynchronize"); }

  std::unique_ptr<EventTimer> timer() override { return std::make_unique<Events>(*this); }

  measure::TimerInfo calibrate_timer() override {
    // The overhead is the device time of an empty region: what every sample carries beyond the
    // work inside it.
    Events ev(*this);
    std::vector<double> empty;
    for (int i = 0; i < 101; ++i) {
      ev.start();
      empty.push_back(ev.stop_ns());
    }
    std::nth_element(empty.begin(), empty.begin() + 50, empty.end());
    return {empty[50], kEventResolutionNs};
  }

 private:
  // Two events on the legacy default stream (stream 0, where the cudnn plugin enqueues).
  class Events : public EventTimer {
   public:
    explicit Events(CudaApi& api) : api_(api) {
      api_.check(api_.rt_.event_create(&start_), "cudaEventCreate");
      api_.check(api_.rt_.event_create(&stop_), "cudaEventCreate");
    }
    ~Events() override {
      api_.rt_.event_destroy(start_);
      api_.rt_.event_destroy(stop_);
    }
    void start() override { api_.check(api_.rt_.event_record(start_, nullptr), "cudaEventRecord"); }
    double stop_ns() override {
      api_.check(api_.rt_.event_record(stop_, nullptr), "cudaEventRecord");
      api_.check(api_.rt_.event_synchronize(stop_), "cudaEventSynchronize");
      float ms = 0;
      api_.check(api_.rt_.event_elapsed(&ms, start_, stop_), "cudaEventElapsedTime");
      return static_cast<double>(ms) * 1e6;
    }

   private:
    CudaApi& api_;
    cudaEvent start_ = nullptr, stop_ = nullptr;
  };

  std::string error_text(cudaError e) const {
    const char* s = rt_.error_string ? rt_.error_string(e) : "?";
    const char* n = rt_.error_name ? rt_.error_name(e) : "?";
    return std::string(s ? s : "?") + " (" + (n ? n : "?") + ", " + std::to_string(e) + ")";
  }

  void check(cudaError e, const std::string& call) const {
    if (!reason_.empty()) throw D500Error(reason_);
    if (e == 0) return;
    if (rt_.get_last_error) rt_.get_last_error();  // clear it, so later calls report their own
    throw D500Error(call + ": " + error_text(e), "CUDA device 0");
  }

  template <class F>
  bool sym(void* h, F& fn, const char* name) {
    fn = reinterpret_cast<F>(dlsym(h, name));
    if (!fn && reason_.empty())
      reason_ = std::string("no usable GPU: the CUDA runtime lacks ") + name;
    return fn != nullptr;
  }

  void load() {
    void* h = nullptr;
    std::string error;
    const std::initializer_list<const char*> names{"libcudart.so.13", "libcudart.so.12",
                                                   "libcudart.so"};
    for (const char* n : names)
      if ((h = dlopen(n, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD))) break;
    if (!h)
      for (const char* n : names) {
        if ((h = dlopen(n, RTLD_NOW | RTLD_LOCAL))) break;
        if (error.empty()) error = dlerror();
      }
    if (!h) {
      reason_ = "no usable GPU: no CUDA runtime: " + error;
      return;
    }
    // The runtime stays loaded for the life of the process: unloading it is not supported.
    sym(h, rt_.get_device_count, "cudaGetDeviceCount");
    sym(h, rt_.error_name, "cudaGetErrorName");
    sym(h, rt_.error_string, "cudaGetErrorString");
    sym(h, rt_.get_last_error, "cudaGetLastError");
    sym(h, rt_.malloc, "cudaMalloc");
    sym(h, rt_.free, "cudaFree");
    sym(h, rt_.memcpy, "cudaMemcpy");
    sym(h, rt_.device_synchronize, "cudaDeviceSynchronize");
    sym(h, rt_.event_create, "cudaEventCreate");
    sym(h, rt_.event_destroy, "cudaEventDestroy");
    sym(h, rt_.event_record, "cudaEventRecord");
    sym(h, rt_.event_synchronize, "cudaEventSynchronize");
    sym(h, rt_.event_elapsed, "cudaEventElapsedTime");
    if (!reason_.empty()) return;
    int count = 0;
    if (const cudaError e = rt_.get_device_count(&count); e != 0) {
      rt_.get_last_error();
      reason_ = "no usable GPU: cudaGetDeviceCount: " + error_text(e);
    } else if (count == 0) {
      reason_ = "no usable GPU: cudaGetDeviceCount found 0 devices";
    }
  }

  Runtime rt_;
  std::string reason_;
};

}  // namespace

std::shared_ptr<DeviceApi> make_cuda_api() {
  return std::make_shared<CudaApi>();
}

}  // namespace d500::device
