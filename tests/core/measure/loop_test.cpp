// The measurement loop on synthetic subjects. Nothing here asserts how fast the machine is: the
// subjects busy-wait at least a known time, or advance a fake clock given to the loop by exactly
// the time their calls take, and the checks are about what the loop decides.
#include "d500/measure/loop.h"

#include <gtest/gtest.h>
#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>

#include "d500/error.h"

namespace dm = d500::measure;
namespace st = d500::stats;

namespace {

using Clock = std::chrono::steady_clock;

void spin_for(std::chrono::nanoseconds d) {
  const auto end = Clock::now() + d;
  while (Clock::now() < end) {
  }
}

// Each call busy-waits a fixed time: low noise, and never faster than `per_call`.
class SpinSubject : public dm::Subject {
 public:
  explicit SpinSubject(std::chrono::nanoseconds per_call) : per_call_(per_call) {}
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) spin_for(per_call_);
    calls += n;
  }
  uint64_t calls = 0;

 private:
  std::chrono::nanoseconds per_call_;
};

// The clock handed to the loop in place of the steady clock; only the subjects below move it, so
// every sample is exactly what the subject says its calls took, however loaded the machine is.
struct FakeClock {
  int64_t ns = 0;
  dm::WallClock fn() {
    return [this] { return ns; };
  }
};

// Each call advances the fake clock by call_ns(i), i counting every call from 0 (warm-up too).
class FakeTimedSubject : public dm::Subject {
 public:
  FakeTimedSubject(FakeClock& clock, std::function<int64_t(uint64_t)> call_ns)
      : clock_(clock), call_ns_(std::move(call_ns)) {}
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) clock_.ns += call_ns_(calls++);
  }
  uint64_t calls = 0;

 private:
  FakeClock& clock_;
  std::function<int64_t(uint64_t)> call_ns_;
};

// 100 us calls with +-0.3% of deterministic jitter, and every 11th call stalled (a preemption)
// to ten times as long: the noise a loaded machine adds to a spin loop, made repeatable.
int64_t low_noise_call_ns(uint64_t i) {
  if (i % 11 == 10) return 1'000'000;
  return 100'000 + static_cast<int64_t>(i % 7) * 100 - 300;
}

// Each call takes a log-uniform time between 1 us and 1 ms: the median's CI spans a factor of
// about 3 at n = 200 and needs tens of thousands of samples to shrink to +-5%.
class NoisySubject : public FakeTimedSubject {
 public:
  explicit NoisySubject(FakeClock& clock)
      : FakeTimedSubject(clock, [this](uint64_t) {
          return static_cast<int64_t>(1000.0 * std::pow(10.0, log10_us_(rng_)));
        }) {}

 private:
  std::mt19937_64 rng_{12345};
  std::uniform_real_distribution<double> log10_us_{0.0, 3.0};
};

// Nearly free calls: far below what one clock read can resolve, so the loop must time blocks.
class TrivialSubject : public dm::Subject {
 public:
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) sink = sink + 1;
    calls += n;
  }
  volatile uint64_t sink = 0;
  uint64_t calls = 0;
};

// Throws on its `throw_at`-th call (1-based), counting every call including warm-up.
template <class E>
class ThrowingSubject : public dm::Subject {
 public:
  explicit ThrowingSubject(uint64_t throw_at) : throw_at_(throw_at) {}
  void run(uint64_t n) override {
    spin_for(std::chrono::microseconds(200) * n);
    calls_ += n;
    if (calls_ >= throw_at_) throw E("boom at call " + std::to_string(calls_));
  }

 private:
  uint64_t throw_at_, calls_ = 0;
};

class ThrowsInt : public dm::Subject {
 public:
  void run(uint64_t) override { throw 42; }
};

// Maps, touches and unmaps a fresh 256 KiB region per call: one minor fault per page.
class MmapSubject : public dm::Subject {
 public:
  static constexpr size_t kBytes = 256 * 1024, kPage = 4096;
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) {
      void* p = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) throw std::runtime_error("mmap failed");
      auto* bytes = static_cast<volatile char*>(p);
      for (size_t off = 0; off < kBytes; off += kPage) bytes[off] = 1;
      munmap(p, kBytes);
    }
  }
};

// Sleeps on each call: the thread gives up the CPU, one voluntary context switch per call.
class SleepSubject : public dm::Subject {
 public:
  void run(uint64_t n) override {
    for (uint64_t i = 0; i < n; ++i) std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
};

// Deterministic timers, so the block-size rule can be checked exactly.
constexpr dm::TimerInfo kFineTimer{.overhead_ns = 1000, .resolution_ns = 1};
// The fake clock's: free and exact, so every subject is timed call by call.
constexpr dm::TimerInfo kExactTimer{.overhead_ns = 0, .resolution_ns = 1};

// The fake time the samples took, which is all the fake clock moved while sampling.
int64_t sampled_ns(const dm::Measurement& m) {
  int64_t total = 0;
  for (double s : m.samples_ns) total += static_cast<int64_t>(s);
  return total * static_cast<int64_t>(m.block_size);
}

dm::Policy fixed_count_policy(int64_t samples) {
  dm::Policy p;
  p.min_samples = samples;
  p.max_samples = samples;
  p.max_seconds = 600;
  p.warmup_calls = 3;  // the first call and two single-call estimates, nothing more
  return p;
}

bool is_power_of_ten(uint64_t v) {
  while (v >= 10 && v % 10 == 0) v /= 10;
  return v == 1;
}

}  // namespace

TEST(Loop, StopReasonNames) {
  EXPECT_EQ(dm::stop_reason_name(dm::StopReason::Converged), "converged");
  EXPECT_EQ(dm::stop_reason_name(dm::StopReason::MaxSamples), "max_samples");
  EXPECT_EQ(dm::stop_reason_name(dm::StopReason::MaxTime), "max_time");
  EXPECT_EQ(dm::stop_reason_name(dm::StopReason::Error), "error");
  EXPECT_EQ(dm::stop_reason_name(dm::StopReason::Cancelled), "cancelled");
}

TEST(Loop, CalibrateTimer) {
  const auto t = dm::calibrate_timer();
  EXPECT_TRUE(std::isfinite(t.overhead_ns));
  EXPECT_GE(t.overhead_ns, 0.0);
  EXPECT_TRUE(std::isfinite(t.resolution_ns));
  EXPECT_GE(t.resolution_ns, 1.0);  // steady_clock counts whole nanoseconds at best
}

TEST(Loop, LowNoiseConverges) {
  FakeClock clock;
  FakeTimedSubject s(clock, low_noise_call_ns);
  dm::Policy p;
  p.min_samples = 50;  // some stalled calls among them
  p.max_samples = 5000;
  p.max_seconds = 120;
  const auto m = dm::measure(s, p, kFineTimer, clock.fn());
  ASSERT_EQ(m.stop, dm::StopReason::Converged) << m.error;
  EXPECT_EQ(m.block_size, 1u);
  const auto n = static_cast<int64_t>(m.samples_ns.size());
  EXPECT_GE(n, p.min_samples);
  EXPECT_EQ(n % p.check_every, 0);
  // The stop rule holds on the samples kept.
  std::vector<double> sorted = m.samples_ns;
  std::sort(sorted.begin(), sorted.end());
  const auto ci = st::median_ci(sorted, p.confidence);
  const double median = st::quantile_sorted(sorted, 0.5);
  EXPECT_TRUE(ci.valid);
  EXPECT_LE(std::max(median - ci.lo, ci.hi - median), p.target_rel_ci * median);
  // The samples are the calls' own times, stalls included, and the median ignores the stalls.
  EXPECT_EQ(m.summary.min, 99'700.0);
  EXPECT_EQ(m.summary.max, 1'000'000.0) << "a stalled call is among the samples";
  EXPECT_NEAR(m.summary.median, 100'000.0, 300.0);
  EXPECT_EQ(m.summary.n, m.samples_ns.size());
  EXPECT_DOUBLE_EQ(m.summary.median, median);
  EXPECT_EQ(s.calls, static_cast<uint64_t>(m.warmup_calls) + m.samples_ns.size() * m.block_size);
  // Sampling time is the clock's time around the samples, and nothing else.
  EXPECT_DOUBLE_EQ(m.sampling_seconds, static_cast<double>(sampled_ns(m)) * 1e-9);
}

TEST(Loop, HugeNoiseHitsMaxSamples) {
  FakeClock clock;
  NoisySubject s(clock);
  dm::Policy p;
  p.max_samples = 200;
  p.max_seconds = 600;
  const auto m = dm::measure(s, p, kExactTimer, clock.fn());
  EXPECT_EQ(m.stop, dm::StopReason::MaxSamples);
  EXPECT_EQ(m.samples_ns.size(), 200u);
  ASSERT_TRUE(m.summary.ci_valid);
  // The interval that did not converge is reported as it is.
  EXPECT_GT(std::max(m.summary.median - m.summary.ci_lo, m.summary.ci_hi - m.summary.median),
            p.target_rel_ci * m.summary.median);
}

TEST(Loop, TimeCapEndsSampling) {
  FakeClock clock;
  NoisySubject s(clock);
  dm::Policy p;
  p.max_samples = 100'000'000;
  p.max_seconds = 0.05;
  const auto m = dm::measure(s, p, kExactTimer, clock.fn());
  EXPECT_EQ(m.stop, dm::StopReason::MaxTime);
  ASSERT_EQ(m.block_size, 1u);
  // The first sample that takes the clock past the cap is the last one.
  const auto cap_ns = static_cast<int64_t>(p.max_seconds * 1e9);
  const int64_t total_ns = sampled_ns(m);
  EXPECT_GE(total_ns, cap_ns);
  EXPECT_LT(total_ns - static_cast<int64_t>(m.samples_ns.back()), cap_ns);
  EXPECT_DOUBLE_EQ(m.sampling_seconds, static_cast<double>(total_ns) * 1e-9);
  EXPECT_LT(m.samples_ns.size(), 100'000'000u);
}

// Guards the floor: a time cap reached before min_samples does not stop sampling, since fewer
// samples give no valid confidence interval of the median.
TEST(Loop, TimeCapWaitsForMinSamples) {
  SpinSubject s(std::chrono::microseconds(2000));
  dm::Policy p;
  p.warmup_calls = 1;
  p.min_samples = 12;
  p.max_samples = 100'000'000;
  p.target_rel_ci = 1e-9;  // never met
  p.max_seconds = 0.001;   // reached after the first sample
  const auto m = dm::measure(s, p, kFineTimer);
  EXPECT_EQ(m.stop, dm::StopReason::MaxTime);
  EXPECT_EQ(m.samples_ns.size(), 12u);
  EXPECT_TRUE(m.summary.ci_valid);
}

TEST(Loop, WarmupIsCountedAndTimed) {
  SpinSubject s(std::chrono::microseconds(100));
  auto p = fixed_count_policy(10);
  p.warmup_calls = 7;
  const auto m = dm::measure(s, p, kFineTimer);
  EXPECT_EQ(m.block_size, 1u);
  EXPECT_EQ(m.warmup_calls, 7);  // single calls: no block probes were needed
  EXPECT_GE(m.first_call_ns, 100'000.0);
  EXPECT_GE(m.warmup_ns, 7 * 100'000.0);
  EXPECT_EQ(s.calls, 7u + 10u);

  SpinSubject timed(std::chrono::microseconds(100));
  p.warmup_seconds = 0.02;
  const auto mt = dm::measure(timed, p, kFineTimer);
  EXPECT_GE(mt.warmup_ns, 0.02e9);
  EXPECT_GE(mt.warmup_calls, 7);
  EXPECT_EQ(timed.calls, static_cast<uint64_t>(mt.warmup_calls) + 10u);
}

TEST(Loop, BlockSizeRules) {
  // A stall (preemption) can only lengthen a measured call or block, so each case is built so
  // that a stall cannot change the decision asserted, or the assertion gives the range a stall
  // can produce.
  const auto p = fixed_count_policy(10);
  {
    // 100 us calls, 1 us overhead (1%), 1 ns resolution: single calls.
    SpinSubject s(std::chrono::microseconds(100));
    EXPECT_EQ(dm::measure(s, p, kFineTimer).block_size, 1u);
  }
  {
    // A clock that steps once a second is not 10x finer than a 100 us call: blocks, and with no
    // overhead the first block of 10 already satisfies the overhead rule.
    SpinSubject s(std::chrono::microseconds(100));
    const auto m = dm::measure(s, p, dm::TimerInfo{.overhead_ns = 0, .resolution_ns = 1e9});
    EXPECT_EQ(m.block_size, 10u);
    EXPECT_GE(m.summary.min, 100'000.0);  // samples are per call, not per block
    EXPECT_EQ(s.calls, static_cast<uint64_t>(m.warmup_calls) + 10u * 10u);
  }
  {
    // A 10 ms overhead is far over 5% of a 1 us call: blocks grow x10 until the overhead is at
    // most block_overhead (here 1) of a block, i.e. the block lasts >= 10 ms. 10^4 calls of
    // >= 1 us always do (and 10^4 is what an unloaded machine picks); a stalled smaller probe
    // may stop the growth earlier, never later.
    SpinSubject s(std::chrono::microseconds(1));
    auto q = p;
    q.block_overhead = 1.0;
    const auto m = dm::measure(s, q, dm::TimerInfo{.overhead_ns = 1e7, .resolution_ns = 1});
    EXPECT_GE(m.block_size, 10u);
    EXPECT_LE(m.block_size, 10'000u);
    EXPECT_TRUE(is_power_of_ten(m.block_size)) << m.block_size;
    // Every block probe counts as warm-up: 3 single calls, then 10 + 100 + ... + block.
    uint64_t probes = 0;
    for (uint64_t b = 10; b <= m.block_size; b *= 10) probes += b;
    EXPECT_EQ(m.warmup_calls, static_cast<int64_t>(3 + probes));
  }
  {
    // Nearly free calls with the real timer: always blocks, sized by powers of ten.
    TrivialSubject s;
    const auto m = dm::measure(s, p, dm::calibrate_timer());
    EXPECT_GT(m.block_size, 1u);
    EXPECT_TRUE(is_power_of_ten(m.block_size)) << m.block_size;
    EXPECT_EQ(s.calls, static_cast<uint64_t>(m.warmup_calls) + 10u * m.block_size);
    EXPECT_EQ(m.samples_ns.size(), 10u);
  }
}

TEST(Loop, SubjectErrorsAreRecordedNotThrown) {
  const auto p = fixed_count_policy(50);
  {
    // 3 warm-up calls, then samples: the 8th call is the 5th sample, which fails.
    ThrowingSubject<d500::D500Error> s(8);
    const auto m = dm::measure(s, p, kFineTimer);
    EXPECT_EQ(m.stop, dm::StopReason::Error);
    EXPECT_EQ(m.error, "boom at call 8");
    EXPECT_EQ(m.block_size, 1u);
    EXPECT_EQ(m.samples_ns.size(), 4u);  // the samples before the failure are kept
    EXPECT_EQ(m.summary.n, 4u);
  }
  {
    ThrowingSubject<std::runtime_error> s(1);  // the very first call
    const auto m = dm::measure(s, p, kFineTimer);
    EXPECT_EQ(m.stop, dm::StopReason::Error);
    EXPECT_EQ(m.error, "boom at call 1");
    EXPECT_TRUE(m.samples_ns.empty());
  }
  {
    ThrowsInt s;
    const auto m = dm::measure(s, p, kFineTimer);
    EXPECT_EQ(m.stop, dm::StopReason::Error);
    EXPECT_FALSE(m.error.empty());
  }
}

// A steady variant (every call 100 us) that converges at its first check beside a noisy one
// that never does, on one fake clock.
struct SteadyAndNoisy {
  FakeClock clock;
  FakeTimedSubject steady{clock, [](uint64_t) { return int64_t{100'000}; }};
  NoisySubject noisy{clock};
  dm::Subject* subjects[2] = {&steady, &noisy};
  static dm::Policy policy(int64_t max_samples, bool same_period) {
    dm::Policy p;
    p.min_samples = 20;
    p.max_samples = max_samples;
    p.max_seconds = 600;
    p.same_period = same_period;
    return p;
  }
};

// A steady variant converges at its first check, a noisy one never does. Apart, the steady one
// drops out with min_samples; over the same period it samples on, round by round beside the
// noisy one, until the noisy one's cap, and still reports that it converged.
TEST(Loop, SamePeriodKeepsAConvergedVariantSampling) {
  for (bool same : {false, true}) {
    SteadyAndNoisy sn;
    std::vector<size_t> done_seen;
    const auto ms = dm::measure_interleaved(
        sn.subjects, sn.policy(300, same), 9, kExactTimer,
        [&](const dm::Progress& pr) { done_seen.push_back(pr.variants_done); }, nullptr,
        sn.clock.fn());
    ASSERT_EQ(ms.size(), 2u);
    EXPECT_EQ(ms[0].stop, dm::StopReason::Converged) << "same_period " << same;
    EXPECT_EQ(ms[1].stop, dm::StopReason::MaxSamples);
    EXPECT_EQ(ms[1].samples_ns.size(), 300u);
    EXPECT_EQ(ms[0].samples_ns.size(), same ? 300u : 20u);
    EXPECT_EQ(ms[0].summary.n, ms[0].samples_ns.size());
    EXPECT_DOUBLE_EQ(ms[0].summary.median, 100'000.0);
    // The steady variant counts as settled from its convergence on, in both modes.
    ASSERT_FALSE(done_seen.empty());
    EXPECT_EQ(done_seen.back(), 2u);
    EXPECT_TRUE(std::is_sorted(done_seen.begin(), done_seen.end()));
    EXPECT_NE(std::find(done_seen.begin(), done_seen.end(), 1u), done_seen.end());
  }
}

// Cancelled while a converged variant samples on: it keeps its verdict, the other is cancelled.
TEST(Loop, SamePeriodCancelKeepsTheConvergedVerdict) {
  SteadyAndNoisy sn;
  std::atomic<bool> cancel{false};
  int seen = 0;
  const auto ms = dm::measure_interleaved(
      sn.subjects, sn.policy(100000, true), 9, kExactTimer,
      [&](const dm::Progress&) { cancel = ++seen == 100; }, &cancel, sn.clock.fn());
  EXPECT_EQ(ms[0].stop, dm::StopReason::Converged);
  EXPECT_EQ(ms[1].stop, dm::StopReason::Cancelled);
  EXPECT_EQ(ms[0].samples_ns.size() + ms[1].samples_ns.size(), 100u);
}

TEST(Loop, OneFailingVariantLeavesTheOthers) {
  ThrowingSubject<d500::D500Error> bad(6);
  SpinSubject good(std::chrono::microseconds(50));
  dm::Subject* subjects[] = {&bad, &good};
  const auto ms = dm::measure_interleaved(subjects, fixed_count_policy(20), 7, kFineTimer);
  ASSERT_EQ(ms.size(), 2u);
  EXPECT_EQ(ms[0].stop, dm::StopReason::Error);
  EXPECT_EQ(ms[0].samples_ns.size(), 2u);
  EXPECT_NE(ms[1].stop, dm::StopReason::Error);
  EXPECT_EQ(ms[1].samples_ns.size(), 20u);
}

namespace {

// The order in which samples were taken, as reported by the progress callback.
std::vector<size_t> sample_order(uint64_t seed, std::vector<dm::Progress>* all = nullptr) {
  SpinSubject a(std::chrono::microseconds(200)), b(std::chrono::microseconds(200)),
      c(std::chrono::microseconds(200));
  ThrowingSubject<d500::D500Error> d(3 + 5);  // fails on its 5th sample
  dm::Subject* subjects[] = {&a, &b, &c, &d};
  std::vector<size_t> order;
  const auto ms = dm::measure_interleaved(subjects, fixed_count_policy(12), seed, kFineTimer,
                                          [&](const dm::Progress& pr) {
                                            order.push_back(pr.variant);
                                            if (all) all->push_back(pr);
                                          });
  EXPECT_EQ(ms[3].stop, dm::StopReason::Error);
  return order;
}

}  // namespace

TEST(Loop, InterleavingIsSeededAndReproducible) {
  std::vector<dm::Progress> progress;
  const auto first = sample_order(42, &progress);
  EXPECT_EQ(first, sample_order(42));
  EXPECT_NE(first, sample_order(43));

  // The documented order: one std::mt19937_64(seed), and each round a std::shuffle of the
  // unfinished subjects in index order. Subject 3 fails on its 5th visit (reported once more,
  // as it finishes), so rounds 1-5 hold 4 subjects and rounds 6-12 hold 3.
  std::mt19937_64 rng(42);
  std::vector<size_t> expected;
  for (int round = 0; round < 12; ++round) {
    std::vector<size_t> unfinished = {0, 1, 2};
    if (round < 5) unfinished.push_back(3);
    std::shuffle(unfinished.begin(), unfinished.end(), rng);
    expected.insert(expected.end(), unfinished.begin(), unfinished.end());
  }
  EXPECT_EQ(first, expected);
  EXPECT_EQ(std::count(first.begin(), first.end(), 3u), 5);
  EXPECT_EQ(progress.back().variants_done, 4u);
  EXPECT_EQ(progress.back().n_variants, 4u);
  EXPECT_EQ(progress.back().samples, 12);
}

TEST(Loop, CancelEndsEveryUnfinishedVariant) {
  SpinSubject a(std::chrono::microseconds(50)), b(std::chrono::microseconds(50));
  dm::Subject* subjects[] = {&a, &b};
  std::atomic<bool> cancel{false};
  int samples_seen = 0;
  const auto ms = dm::measure_interleaved(
      subjects, fixed_count_policy(1000), 1, kFineTimer,
      [&](const dm::Progress&) {
        if (++samples_seen == 7) cancel = true;
      },
      &cancel);
  ASSERT_EQ(ms.size(), 2u);
  EXPECT_EQ(ms[0].stop, dm::StopReason::Cancelled);
  EXPECT_EQ(ms[1].stop, dm::StopReason::Cancelled);
  EXPECT_EQ(ms[0].samples_ns.size() + ms[1].samples_ns.size(), 7u);
  EXPECT_EQ(ms[0].summary.n, ms[0].samples_ns.size());

  // Cancelled before anything ran: no call is made at all.
  SpinSubject c(std::chrono::microseconds(50));
  dm::Subject* one[] = {&c};
  const auto none =
      dm::measure_interleaved(one, fixed_count_policy(10), 1, kFineTimer, {}, &cancel);
  EXPECT_EQ(none[0].stop, dm::StopReason::Cancelled);
  EXPECT_TRUE(none[0].samples_ns.empty());
  EXPECT_EQ(c.calls, 0u);
}

TEST(Loop, CountersPerCall) {
  MmapSubject faulting;
  SpinSubject quiet(std::chrono::microseconds(50));
  SleepSubject sleeping;
  dm::Subject* subjects[] = {&faulting, &quiet, &sleeping};
  const auto ms =
      dm::measure_interleaved(subjects, fixed_count_policy(20), 3, dm::calibrate_timer());
  // 64 pages touched per call, each a first touch of a fresh mapping.
  EXPECT_GE(ms[0].minor_faults_per_call, 32.0);
  // Counted per variant even though the variants ran interleaved.
  EXPECT_LT(ms[1].minor_faults_per_call, 1.0);
  // Each sleep gives up the CPU; a margin is left for a kernel that finds the timer already
  // expired after a preemption and does not switch again.
  EXPECT_GE(ms[2].ctx_switches_per_call, 0.5) << ms[2].ctx_switches_per_call;
}

// The same counters kept per sample, one context for each sample: every sample of the faulting
// subject faulted, the sleeping one's samples were mostly voluntary switches.
TEST(Loop, KeepsTheContextOfEverySample) {
  MmapSubject faulting;
  SleepSubject sleeping;
  dm::Subject* subjects[] = {&faulting, &sleeping};
  const auto ms =
      dm::measure_interleaved(subjects, fixed_count_policy(20), 5, dm::calibrate_timer());
  for (const auto& m : ms) ASSERT_EQ(m.contexts.size(), m.samples_ns.size());
  for (const auto& c : ms[0].contexts) EXPECT_GE(c.minor_faults, 32u);
  size_t woken = 0;
  for (const auto& c : ms[1].contexts) woken += c.voluntary_switches > 0;
  EXPECT_GE(woken, ms[1].contexts.size() / 2);
  uint64_t sum = 0;
  for (const auto& c : ms[0].contexts) sum += c.minor_faults;
  EXPECT_DOUBLE_EQ(
      static_cast<double>(sum) / static_cast<double>(ms[0].contexts.size() * ms[0].block_size),
      ms[0].minor_faults_per_call);
}
