#include "simulated_device.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace d500::test {

namespace {

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

class StopWatch : public device::EventTimer {
 public:
  explicit StopWatch(double fixed_ns) : fixed_ns_(fixed_ns) {}
  void start() override { t0_ = now_ns(); }
  double stop_ns() override {
    return fixed_ns_ > 0 ? fixed_ns_ : static_cast<double>(now_ns() - t0_);
  }

 private:
  double fixed_ns_;
  int64_t t0_ = 0;
};

}  // namespace

void* SimulatedDevice::alloc(size_t bytes) {
  void* p = std::malloc(bytes ? bytes : 1);
  if (!p) throw D500Error("simulated device: out of memory");
  std::lock_guard lock(mutex_);
  blocks_[static_cast<const char*>(p)] = bytes;
  ++counts_.allocs;
  return p;
}

void SimulatedDevice::free(void* p) noexcept {
  if (!p) return;
  std::lock_guard lock(mutex_);
  blocks_.erase(static_cast<const char*>(p));
  ++counts_.frees;
  std::free(p);
}

bool SimulatedDevice::owns(const void* p) const {
  std::lock_guard lock(mutex_);
  const char* c = static_cast<const char*>(p);
  auto it = blocks_.upper_bound(c);
  if (it == blocks_.begin()) return false;
  --it;
  return c >= it->first && c < it->first + std::max<size_t>(it->second, 1);
}

void SimulatedDevice::expect_owned(const void* p, size_t bytes, const char* what) const {
  if (!owns(p) || (bytes && !owns(static_cast<const char*>(p) + bytes - 1)))
    throw D500Error(std::string(what) + ": memory not allocated by the simulated device",
                    "simulated device");
}

void SimulatedDevice::copy_to_device(void* dst, const void* src, size_t bytes) {
  expect_owned(dst, bytes, "copy to the device");
  std::memcpy(dst, src, bytes);
  std::lock_guard lock(mutex_);
  ++counts_.h2d;
  counts_.h2d_bytes += static_cast<int64_t>(bytes);
}

void SimulatedDevice::copy_to_host(void* dst, const void* src, size_t bytes) {
  expect_owned(src, bytes, "copy to the host");
  std::memcpy(dst, src, bytes);
  std::lock_guard lock(mutex_);
  ++counts_.d2h;
  counts_.d2h_bytes += static_cast<int64_t>(bytes);
}

void SimulatedDevice::copy_on_device(void* dst, const void* src, size_t bytes) {
  expect_owned(src, bytes, "copy on the device (source)");
  expect_owned(dst, bytes, "copy on the device (destination)");
  std::memcpy(dst, src, bytes);
  std::lock_guard lock(mutex_);
  ++counts_.d2d;
  counts_.d2d_bytes += static_cast<int64_t>(bytes);
}

void SimulatedDevice::synchronize() {
  std::lock_guard lock(mutex_);
  ++counts_.syncs;
}

std::unique_ptr<device::EventTimer> SimulatedDevice::timer() {
  return std::make_unique<StopWatch>(fixed_ns_);
}

measure::TimerInfo SimulatedDevice::calibrate_timer() {
  if (fixed_ns_ > 0) return {0.0, 1.0};
  return measure::calibrate_timer();
}

SimulatedDevice::Counts SimulatedDevice::counts() const {
  std::lock_guard lock(mutex_);
  return counts_;
}

int64_t SimulatedDevice::live_allocations() const {
  std::lock_guard lock(mutex_);
  return static_cast<int64_t>(blocks_.size());
}

void SimulatedDevice::reset_counts() {
  std::lock_guard lock(mutex_);
  counts_ = {};
}

SimulatedDevice& simulated_device() {
  static std::shared_ptr<SimulatedDevice> dev = [] {
    auto d = std::make_shared<SimulatedDevice>();
    device::register_device_api(kDLExtDev, d);
    return d;
  }();
  return *dev;
}

}  // namespace d500::test

// Asked by the fixture plugin fixture_simdev (found with dlsym in the process).
extern "C" __attribute__((visibility("default"))) int d500_simdev_owns(const void* p) {
  return d500::test::simulated_device().owns(p) ? 1 : 0;
}
