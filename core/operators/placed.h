// Tensors where an operator implementation wants them (private to core/operators and the
// conformance runner): host tensors viewed as they are for CPU implementations, device copies for
// implementations of another device type (issue #8).
#pragma once

#include <vector>

#include "d500/device/device_api.h"
#include "d500/plugin/operator_registry.h"

namespace d500::operators {

// nullptr for a host implementation; else its device's API, or a D500Error with the device's
// reason ("no usable GPU: ...") when it cannot be used.
inline device::DeviceApi* device_for(const plugin::OperatorImpl& impl) {
  if (impl.device_type() == kDLCPU) return nullptr;
  return &device::require_device_api(impl.device_type());
}

// A host copy of an output the operator allocated (ABI 1.3), on the host or on `api`'s device.
inline Tensor owned_to_host(const DLTensor& t, device::DeviceApi* api) {
  if (!api || t.device.device_type == kDLCPU) return plugin::copy_to_host(t);
  Tensor out(from_dlpack(t.dtype), plugin::checked_shape(t));
  if (out.nbytes())
    api->copy_to_host(out.data(), static_cast<const char*>(t.data) + t.byte_offset, out.nbytes());
  return out;
}

class Placed {
 public:
  Placed() = default;
  // On the host (api null): views of `host`. On a device: tensors of the same dtypes and shapes,
  // copied from `host` when `copy` (counted in `stats` when given).
  Placed(device::DeviceApi* api, const std::vector<Tensor>& host, bool copy,
         device::TransferStats* stats = nullptr) {
    dev_.reserve(host.size());
    for (const Tensor& t : host) {
      if (!api) {
        dl_.push_back(t.dl());
        continue;
      }
      dev_.emplace_back(*api, t.dtype(), t.shape());
      if (copy) dev_.back().upload(t, stats);
      dl_.push_back(dev_.back().dl());
    }
  }
  Placed(Placed&&) noexcept = default;
  Placed& operator=(Placed&&) noexcept = default;

  std::vector<DLTensor>& dl() { return dl_; }
  bool on_device() const { return !dev_.empty(); }
  // Copies device contents back into `host` (same dtypes and shapes); nothing on the host.
  void fetch(std::vector<Tensor>& host, device::TransferStats* stats = nullptr) const {
    for (size_t i = 0; i < dev_.size() && i < host.size(); ++i) dev_[i].download(host[i], stats);
  }

 private:
  std::vector<device::DeviceTensor> dev_;
  std::vector<DLTensor> dl_;
};

}  // namespace d500::operators
