#include "d500/tick_clock.h"

#include <fstream>
#include <string>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace d500 {
namespace {

// Linux keeps the TSC as its clocksource only while it finds the counters of all CPUs in step;
// elsewhere (another clocksource, a TSC marked unstable, no sysfs) the ticks are not trusted.
bool kernel_trusts_tsc() {
  std::ifstream f("/sys/devices/system/clocksource/clocksource0/current_clocksource");
  std::string name;
  return f >> name && name == "tsc";
}

bool usable_tsc() {
#if defined(__x86_64__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  // CPUID 0x80000007, EDX bit 8: the TSC runs at a constant rate in every P-, C- and T-state.
  if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || (d & (1u << 8)) == 0) return false;
  return kernel_trusts_tsc();
#else
  return false;
#endif
}

struct Origin {
  int64_t ns, tick;
};

}  // namespace

namespace detail {
const bool kTicksAreTsc = usable_tsc();
}

namespace {
// Read after kTicksAreTsc (same translation unit, initialised in order).
const Origin kOrigin = {now_ns(), ticks()};
}  // namespace

double ns_per_tick() {
  if (!ticks_are_tsc()) return 1.0;
  constexpr int64_t kMinSpanNs = 1'000'000;
  int64_t ns = now_ns(), tick = ticks();
  while (ns - kOrigin.ns < kMinSpanNs) ns = now_ns(), tick = ticks();
  if (tick <= kOrigin.tick) return 1.0;  // a counter that did not advance: not usable
  return static_cast<double>(ns - kOrigin.ns) / static_cast<double>(tick - kOrigin.tick);
}

}  // namespace d500
