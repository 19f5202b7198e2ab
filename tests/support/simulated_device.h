// A simulated device for tests without a GPU (issue #8): host memory behind the DeviceApi of
// device type kDLExtDev, which marks what it allocated and counts copies. The fixture plugin
// fixture_simdev (tests/fixtures/simdev) asks the process, through the exported C function
// d500_simdev_owns, whether a tensor it is handed lies in this device's memory. A test target
// that uses it compiles simulated_device.cpp and sets ENABLE_EXPORTS (so the plugin sees it).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "d500/device/device_api.h"

namespace d500::test {

class SimulatedDevice : public device::DeviceApi {
 public:
  struct Counts {
    int64_t allocs = 0, frees = 0, h2d = 0, d2h = 0, d2d = 0, syncs = 0;
    int64_t h2d_bytes = 0, d2h_bytes = 0, d2d_bytes = 0;
  };

  std::string name() const override { return "simulated"; }
  int device_type() const override { return kDLExtDev; }
  std::string unusable_reason() override { return unusable_; }
  void* alloc(size_t bytes) override;
  void free(void* p) noexcept override;
  void copy_to_device(void* dst, const void* src, size_t bytes) override;
  void copy_to_host(void* dst, const void* src, size_t bytes) override;
  void copy_on_device(void* dst, const void* src, size_t bytes) override;
  void synchronize() override;
  std::unique_ptr<device::EventTimer> timer() override;
  measure::TimerInfo calibrate_timer() override;

  // Whether p lies inside a live allocation of this device.
  bool owns(const void* p) const;
  Counts counts() const;
  int64_t live_allocations() const;
  void reset_counts();
  // Makes the device report itself unusable with `why` ("" = usable again).
  void set_unusable(std::string why) { unusable_ = std::move(why); }
  // Makes every timed region read `ns` (0 = the steady clock again): shows whose clock a
  // measurement used.
  void set_fixed_timer_ns(double ns) { fixed_ns_ = ns; }

 private:
  void expect_owned(const void* p, size_t bytes, const char* what) const;
  mutable std::mutex mutex_;
  std::map<const char*, size_t> blocks_;  // start -> size
  Counts counts_;
  std::string unusable_;
  double fixed_ns_ = 0;
};

// The process's simulated device (the one d500_simdev_owns asks), registered for kDLExtDev by
// the first call; unregistered never (tests in one process share it).
SimulatedDevice& simulated_device();

}  // namespace d500::test
