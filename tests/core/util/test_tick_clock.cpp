// The tick clock: ticks advance, and a span summed in ticks converts to the span now_ns() saw.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "d500/tick_clock.h"

namespace d500 {
namespace {

TEST(TickClock, TicksNeverGoBackOnOneThread) {
  int64_t last = ticks();
  for (int i = 0; i < 100000; ++i) {
    const int64_t t = ticks();
    ASSERT_GE(t, last) << "read " << i;
    last = t;
  }
}

TEST(TickClock, RateIsPositiveAndOneWithoutTheCounter) {
  const double r = ns_per_tick();
  EXPECT_GT(r, 0.0);
  if (!ticks_are_tsc()) EXPECT_EQ(r, 1.0);
  EXPECT_EQ(ticks_to_ns(0), 0);
}

// A span measured by both clocks, each start and end read back to back: converted ticks agree
// with now_ns() within 1% (+2 us for the reads). A preemption between two adjacent reads can
// skew one attempt, so one of five must agree.
TEST(TickClock, ConvertedSpanMatchesTheSteadyClock) {
  double worst_error = 0;
  bool agreed = false;
  for (int attempt = 0; attempt < 5 && !agreed; ++attempt) {
    const int64_t n0 = now_ns(), t0 = ticks();
    while (now_ns() - n0 < 3'000'000) {
    }
    const int64_t t1 = ticks(), n1 = now_ns();
    const double ns = static_cast<double>(n1 - n0);
    const double err = std::fabs(static_cast<double>(ticks_to_ns(t1 - t0)) - ns);
    worst_error = std::max(worst_error, err / ns);
    agreed = err <= 0.01 * ns + 2000;
  }
  EXPECT_TRUE(agreed) << "relative error " << worst_error;
}

}  // namespace
}  // namespace d500
