// GPU provenance without linking CUDA (core must not): the driver API (libcuda.so.1) and the
// version functions of the CUDA runtime, cuDNN and cuBLAS are looked up with dlopen at run time.
// Libraries a plugin already loaded are asked first (RTLD_NOLOAD), so the versions recorded are
// the ones in use. Deterministic for one machine: no free memory, no current clocks, no times.
#include "gpu_info.h"

#include <dlfcn.h>
#include <link.h>

#include <cstdio>
#include <initializer_list>
#include <string>

namespace d500::env {

using nlohmann::json;

namespace {

// Driver API values (cuda.h), fixed by its ABI.
constexpr int kAttrClockKHz = 13, kAttrSmCount = 16, kAttrPciBus = 33, kAttrPciDevice = 34,
              kAttrMemClockKHz = 36, kAttrBusWidth = 37, kAttrPciDomain = 50, kAttrCcMajor = 75,
              kAttrCcMinor = 76;

// The first of `names` that is loaded already, else the first that loads; "" in `error` then.
void* open_first(std::initializer_list<const char*> names, std::string& error) {
  for (const char* n : names)
    if (void* h = dlopen(n, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD)) return h;
  for (const char* n : names) {
    if (void* h = dlopen(n, RTLD_NOW | RTLD_LOCAL)) return h;
    if (error.empty()) error = dlerror();
  }
  return nullptr;
}

std::string path_of(void* handle) {
  link_map* lm = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name) return lm->l_name;
  return "";
}

std::string cuda_version(int v) {  // 13000 -> "13.0"
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

// {"version", "library"} or {"error"}.
json library_version(std::initializer_list<const char*> names,
                     std::string (*version)(void* handle)) {
  std::string error;
  void* h = open_first(names, error);
  if (!h) return {{"error", error}};
  json j{{"library", path_of(h)}};
  const std::string v = version(h);
  if (v.empty())
    j["error"] = "no version function";
  else
    j["version"] = v;
  dlclose(h);
  return j;
}

std::string runtime_version(void* h) {
  auto fn = reinterpret_cast<int (*)(int*)>(dlsym(h, "cudaRuntimeGetVersion"));
  int v = 0;
  return fn && fn(&v) == 0 ? cuda_version(v) : "";
}

std::string cudnn_version(void* h) {
  auto fn = reinterpret_cast<size_t (*)()>(dlsym(h, "cudnnGetVersion"));
  if (!fn) return "";
  const size_t v = fn();  // 9.x: major*10000 + minor*100 + patch
  return std::to_string(v / 10000) + "." + std::to_string((v % 10000) / 100) + "." +
         std::to_string(v % 100);
}

std::string cublas_version(void* h) {
  auto fn = reinterpret_cast<int (*)(int, int*)>(dlsym(h, "cublasGetProperty"));
  int major = 0, minor = 0, patch = 0;  // libraryPropertyType: MAJOR 0, MINOR 1, PATCH 2
  if (!fn || fn(0, &major) != 0 || fn(1, &minor) != 0 || fn(2, &patch) != 0) return "";
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

// The devices the driver sees, or the reason there are none.
void driver_devices(json& gpu) {
  std::string error;
  void* h = open_first({"libcuda.so.1", "libcuda.so"}, error);
  if (!h) {
    gpu["reason"] = "no CUDA driver: " + error;
    return;
  }
  gpu["driver_library"] = path_of(h);
  using Init = int (*)(unsigned);
  using IntOut = int (*)(int*);
  using Get = int (*)(int*, int);
  using Name = int (*)(char*, int, int);
  using Mem = int (*)(size_t*, int);
  using Attr = int (*)(int*, int, int);
  using ErrText = int (*)(int, const char**);
  auto init = reinterpret_cast<Init>(dlsym(h, "cuInit"));
  auto driver_version = reinterpret_cast<IntOut>(dlsym(h, "cuDriverGetVersion"));
  auto count = reinterpret_cast<IntOut>(dlsym(h, "cuDeviceGetCount"));
  auto get = reinterpret_cast<Get>(dlsym(h, "cuDeviceGet"));
  auto name = reinterpret_cast<Name>(dlsym(h, "cuDeviceGetName"));
  auto mem = reinterpret_cast<Mem>(dlsym(h, "cuDeviceTotalMem_v2"));
  auto attr = reinterpret_cast<Attr>(dlsym(h, "cuDeviceGetAttribute"));
  auto err_name = reinterpret_cast<ErrText>(dlsym(h, "cuGetErrorName"));
  auto err_string = reinterpret_cast<ErrText>(dlsym(h, "cuGetErrorString"));
  if (!init || !driver_version || !count || !get || !name || !mem || !attr) {
    gpu["reason"] = "the CUDA driver library lacks the driver API (" + path_of(h) + ")";
    dlclose(h);  // nothing of it ran
    return;
  }
  // From here on the library stays loaded: unloading an initialised driver is not supported.
  int v = 0;
  if (driver_version(&v) == 0) gpu["driver_cuda_version"] = cuda_version(v);
  if (const int e = init(0); e != 0) {
    const char* n = "?";
    const char* s = "?";
    if (err_name) err_name(e, &n);
    if (err_string) err_string(e, &s);
    gpu["reason"] = "cuInit: " + std::string(n) + ": " + s + " (" + std::to_string(e) + ")";
    return;
  }
  int n = 0;
  if (count(&n) != 0 || n == 0) {
    gpu["reason"] = "the CUDA driver sees no device";
    return;
  }
  json devices = json::array();
  for (int i = 0; i < n; ++i) {
    int dev = 0;
    if (get(&dev, i) != 0) continue;
    char text[256] = {};
    name(text, sizeof text - 1, dev);
    size_t bytes = 0;
    mem(&bytes, dev);
    auto a = [&](int which) {
      int value = 0;
      return attr(&value, which, dev) == 0 ? value : -1;
    };
    char pci[32];
    std::snprintf(pci, sizeof pci, "%04x:%02x:%02x", a(kAttrPciDomain), a(kAttrPciBus),
                  a(kAttrPciDevice));
    devices.push_back({{"name", text},
                       {"compute_capability",
                        std::to_string(a(kAttrCcMajor)) + "." + std::to_string(a(kAttrCcMinor))},
                       {"sm_count", a(kAttrSmCount)},
                       {"memory_mib", static_cast<int64_t>(bytes >> 20)},
                       {"clock_mhz", a(kAttrClockKHz) / 1000},
                       {"memory_clock_mhz", a(kAttrMemClockKHz) / 1000},
                       {"memory_bus_bits", a(kAttrBusWidth)},
                       {"pci", pci}});
  }
  gpu["devices"] = devices;
}

}  // namespace

json gpu_info() {
  // Found once per process: loading cuBLAS to ask its version costs ~0.4 s, and what is
  // installed does not change while a run lasts.
  static const json cached = [] {
    json gpu;
    driver_devices(gpu);
    gpu["available"] = gpu.contains("devices") && !gpu["devices"].empty();
    gpu["cuda_runtime"] =
        library_version({"libcudart.so.13", "libcudart.so.12", "libcudart.so"}, &runtime_version);
    gpu["cudnn"] =
        library_version({"libcudnn.so.9", "libcudnn.so.8", "libcudnn.so"}, &cudnn_version);
    gpu["cublas"] =
        library_version({"libcublas.so.13", "libcublas.so.12", "libcublas.so"}, &cublas_version);
    return gpu;
  }();
  return cached;
}

}  // namespace d500::env
