// The registry of device APIs by DLDeviceType, and device tensors over any of them.
#include "d500/device/device_api.h"

#include <map>
#include <mutex>

namespace d500::device {

namespace {

struct Registry {
  std::mutex mutex;
  std::map<int, std::shared_ptr<DeviceApi>> registered;
  std::shared_ptr<DeviceApi> cuda;  // the built-in one, made on first use
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

void register_device_api(int device_type, std::shared_ptr<DeviceApi> api) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (api)
    r.registered[device_type] = std::move(api);
  else
    r.registered.erase(device_type);
}

std::shared_ptr<DeviceApi> find_device_api(int device_type) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (auto it = r.registered.find(device_type); it != r.registered.end()) return it->second;
  if (device_type == kDLCUDA) {
    if (!r.cuda) r.cuda = make_cuda_api();
    return r.cuda;
  }
  return nullptr;
}

DeviceApi& require_device_api(int device_type) {
  std::shared_ptr<DeviceApi> api = find_device_api(device_type);
  if (!api)
    throw D500Error("no device API for device type " + std::to_string(device_type) + " (" +
                    device_type_name(device_type) + "): d500 can place tensors only on the host" +
                    " and on CUDA devices");
  if (std::string why = api->unusable_reason(); !why.empty()) throw D500Error(why);
  // Registered APIs live until the process ends or are replaced by tests that outlive their use.
  return *api;
}

std::string device_type_name(int device_type) {
  switch (device_type) {
    case kDLCPU:
      return "cpu";
    case kDLCUDA:
      return "cuda";
    case kDLCUDAHost:
      return "cuda_host";
    case kDLROCM:
      return "rocm";
    case kDLExtDev:
      return "ext_dev";
    default:
      return std::to_string(device_type);
  }
}

DeviceTensor::DeviceTensor(DeviceApi& api, DType dtype, Shape shape)
    : api_(&api), dtype_(dtype), shape_(std::move(shape)) {
  for (int64_t d : shape_)
    if (d < 0) throw D500Error("negative dimension in shape " + shape_to_string(shape_));
  if (dtype_ == DType::Invalid) throw D500Error("device tensor of invalid dtype");
  // At least one byte, so that an empty tensor still has an address the device gave.
  data_ = api.alloc(nbytes() ? nbytes() : 1);
}

DeviceTensor::~DeviceTensor() {
  if (data_) api_->free(data_);
}

DeviceTensor::DeviceTensor(DeviceTensor&& o) noexcept
    : api_(o.api_), dtype_(o.dtype_), shape_(std::move(o.shape_)), data_(o.data_) {
  o.data_ = nullptr;
}

DeviceTensor& DeviceTensor::operator=(DeviceTensor&& o) noexcept {
  if (this != &o) {
    if (data_) api_->free(data_);
    api_ = o.api_;
    dtype_ = o.dtype_;
    shape_ = std::move(o.shape_);
    data_ = o.data_;
    o.data_ = nullptr;
  }
  return *this;
}

namespace {

void expect_same(const Tensor& host, DType dtype, const Shape& shape, const char* what) {
  if (host.dtype() != dtype || host.shape() != shape)
    throw D500Error(std::string(what) + ": host tensor " + std::string(dtype_name(host.dtype())) +
                    shape_to_string(host.shape()) + ", device tensor " +
                    std::string(dtype_name(dtype)) + shape_to_string(shape));
}

}  // namespace

void DeviceTensor::upload(const Tensor& host, TransferStats* stats) {
  expect_same(host, dtype_, shape_, "copy to the device");
  if (nbytes()) api_->copy_to_device(data_, host.data(), nbytes());
  if (stats) {
    ++stats->h2d_copies;
    stats->h2d_bytes += static_cast<int64_t>(nbytes());
  }
}

void DeviceTensor::download(Tensor& host, TransferStats* stats) const {
  expect_same(host, dtype_, shape_, "copy to the host");
  if (nbytes()) api_->copy_to_host(host.data(), data_, nbytes());
  if (stats) {
    ++stats->d2h_copies;
    stats->d2h_bytes += static_cast<int64_t>(nbytes());
  }
}

Tensor DeviceTensor::download(TransferStats* stats) const {
  Tensor host(dtype_, shape_);
  download(host, stats);
  return host;
}

DLTensor DeviceTensor::dl() const {
  DLTensor t{};
  t.data = data_;
  t.device = {static_cast<DLDeviceType>(api_ ? api_->device_type() : kDLCPU), 0};
  t.ndim = static_cast<int32_t>(shape_.size());
  t.dtype = to_dlpack(dtype_);
  t.shape = const_cast<int64_t*>(shape_.data());
  t.strides = nullptr;
  t.byte_offset = 0;
  return t;
}

}  // namespace d500::device
