// A cheaper clock for summing short durations on hot paths (the communicator times every call):
// the x86-64 time-stamp counter where the CPU declares it invariant (one rate in every P- and
// C-state, as Linux's constant_tsc and nonstop_tsc) and the kernel uses it as its clocksource
// (so the CPUs' counters agree), else now_ns(). On the 2-core VMs a TSC read costs 10 ns against
// steady_clock's 26.
//
// Ticks mean nothing alone: sum differences of ticks(), then convert the sum with
// ticks_to_ns(), which uses the rate measured against now_ns() since the library was loaded.
#pragma once

#include <cstdint>

#include "d500/clock.h"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace d500 {

namespace detail {
extern const bool kTicksAreTsc;  // decided once, from CPUID, when the library loads
}

// Whether ticks() reads the time-stamp counter (else it is now_ns()).
inline bool ticks_are_tsc() {
  return detail::kTicksAreTsc;
}

inline int64_t ticks() {
#if defined(__x86_64__)
  if (detail::kTicksAreTsc) return static_cast<int64_t>(__rdtsc());
#endif
  return now_ns();
}

// Nanoseconds per tick: 1 without the TSC; with it, measured against now_ns() from the load of
// the library until now (waiting until 1 ms has passed, so the rate is good to ~1e-4 at once
// and better the longer the process has run).
double ns_per_tick();

// A sum (or difference) of ticks in nanoseconds.
inline int64_t ticks_to_ns(int64_t ticks_sum) {
  if (!ticks_are_tsc()) return ticks_sum;
  return static_cast<int64_t>(static_cast<double>(ticks_sum) * ns_per_tick());
}

}  // namespace d500
