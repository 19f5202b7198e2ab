// The one clock d500 times with: steady (never stepped by NTP), in nanoseconds since an arbitrary
// epoch, so only differences mean anything.
#pragma once

#include <chrono>
#include <cstdint>

namespace d500 {

inline int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace d500
