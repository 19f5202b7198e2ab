// Device memory, copies and timing for operators whose tensors live off the host (issue #8),
// without linking any device runtime: the CUDA implementation loads libcudart with dlopen at run
// time, so core builds and runs where CUDA is absent. Other implementations (a simulated device
// in the tests) are registered by DLDeviceType.
#pragma once

#include <dlpack/dlpack.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "d500/measure/loop.h"
#include "d500/tensor.h"

namespace d500::device {

// Times a region of device work: start() marks its beginning on the device's queue, stop_ns()
// its end, waits for it (one synchronisation) and returns the device time between the two.
class EventTimer {
 public:
  virtual ~EventTimer() = default;
  virtual void start() = 0;
  virtual double stop_ns() = 0;
};

// One device's memory and queue. Methods throw D500Error naming the call and the device's error.
class DeviceApi {
 public:
  virtual ~DeviceApi() = default;
  virtual std::string name() const = 0;  // "cuda", "simulated", ...
  virtual int device_type() const = 0;   // its DLDeviceType
  // "" when the device can be used, else why not, e.g. "no usable GPU: cudaGetDeviceCount: ...".
  virtual std::string unusable_reason() = 0;
  virtual void* alloc(size_t bytes) = 0;
  virtual void free(void* p) noexcept = 0;
  virtual void copy_to_device(void* dst, const void* src, size_t bytes) = 0;
  virtual void copy_to_host(void* dst, const void* src, size_t bytes) = 0;
  virtual void copy_on_device(void* dst, const void* src, size_t bytes) = 0;
  virtual void synchronize() = 0;
  virtual std::unique_ptr<EventTimer> timer() = 0;
  // The timer's own overhead (an empty region) and resolution, as the measurement loop needs.
  virtual measure::TimerInfo calibrate_timer() = 0;
};

// Registers `api` for its device type, replacing what was there (the built-in one included);
// nullptr restores the built-in. For tests and for plugins' hosts; not thread-safe with lookups.
void register_device_api(int device_type, std::shared_ptr<DeviceApi> api);

// The API of a device type: a registered one, else the built-in one (kDLCUDA: the CUDA runtime
// through dlopen), else nullptr. Never throws; the API may be unusable (see unusable_reason).
std::shared_ptr<DeviceApi> find_device_api(int device_type);

// The usable API of a device type, or a D500Error with one clear message: the device's own
// reason ("no usable GPU: ..."), or "no device API for device type N (name)".
DeviceApi& require_device_api(int device_type);

// "cpu", "cuda", "ext_dev", ... or the number.
std::string device_type_name(int device_type);

// The CUDA runtime loaded with dlopen (libcudart.so.13, .12, .so); what find_device_api(kDLCUDA)
// returns unless another is registered. A fresh object per call (the library stays loaded).
std::shared_ptr<DeviceApi> make_cuda_api();

// Copies between host and device, counted (a network's executor and the operator benchmark
// report them beside the operators' time, never inside it).
struct TransferStats {
  int64_t h2d_copies = 0, d2h_copies = 0, d2d_copies = 0;
  int64_t h2d_bytes = 0, d2h_bytes = 0, d2d_bytes = 0;
};

// A contiguous tensor in one device's memory, freed on destruction. Move-only.
class DeviceTensor {
 public:
  DeviceTensor() = default;
  DeviceTensor(DeviceApi& api, DType dtype, Shape shape);  // contents undefined
  ~DeviceTensor();
  DeviceTensor(DeviceTensor&& o) noexcept;
  DeviceTensor& operator=(DeviceTensor&& o) noexcept;
  DeviceTensor(const DeviceTensor&) = delete;
  DeviceTensor& operator=(const DeviceTensor&) = delete;

  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  size_t nbytes() const { return static_cast<size_t>(element_count(shape_)) * dtype_size(dtype_); }
  void* data() const { return data_; }
  // Host -> device and device -> host; the shapes and dtypes must agree (D500Error otherwise).
  void upload(const Tensor& host, TransferStats* stats = nullptr);
  void download(Tensor& host, TransferStats* stats = nullptr) const;
  Tensor download(TransferStats* stats = nullptr) const;
  // A DLPack view (device {type, 0}); valid while this tensor lives and is not moved.
  DLTensor dl() const;

 private:
  DeviceApi* api_ = nullptr;
  DType dtype_ = DType::Invalid;
  Shape shape_;
  void* data_ = nullptr;
};

}  // namespace d500::device
