// The measurement loop of measurement.md: warm-up, timer calibration, block sizing, sampling until
// the median's confidence interval is tight enough or a cap is hit, variants interleaved.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "d500/measure/stats.h"

namespace d500::measure {

// How to measure one point; stored with every measurement.
struct Policy {
  int64_t warmup_calls = 3;     // at least this many calls before sampling
  double warmup_seconds = 0.0;  // and, when > 0, at least this long
  double target_rel_ci = 0.05;  // stop when the CI half-width <= target * median
  double confidence = 0.95;     // CI level
  int64_t min_samples = 10;
  int64_t max_samples = 100000;
  double max_seconds = 10.0;     // per variant, sampling time; applies once min_samples are in
  int64_t check_every = 10;      // test the stop rule every k samples
  double block_overhead = 1e-4;  // grow blocks x10 until timer overhead <= this of a block
  // Interleaved variants are sampled over the same period: one that converges keeps sampling
  // (up to its caps) until every other has stopped too, so a later, slower or faster stretch of
  // the machine is not seen by some variants only. Off, a converged variant drops out at once.
  bool same_period = false;
};

enum class StopReason { Converged, MaxSamples, MaxTime, Error, Cancelled };
std::string_view stop_reason_name(StopReason r);  // "converged", "max_samples", ...

// Steady-clock overhead (cost of one now() pair) and resolution (smallest nonzero step), ns.
struct TimerInfo {
  double overhead_ns = 0;
  double resolution_ns = 0;
};
TimerInfo calibrate_timer();

// Something to time. run(n) performs n back-to-back calls; throws d500::D500Error on failure.
class Subject {
 public:
  virtual ~Subject() = default;
  virtual void run(uint64_t n) = 0;
  // A subject with a clock of its own (device events around work on a device) returns that
  // clock's overhead and resolution here; the loop then asks run_timed(n) for the time of n
  // calls instead of reading the steady clock around run(n). Wall time still bounds sampling.
  virtual const TimerInfo* own_timer() const { return nullptr; }
  virtual double run_timed(uint64_t n) {
    run(n);
    return 0;
  }
};

// What the process did while one sample was taken (getrusage deltas over the sample's block,
// every thread of the process): page faults and context switches, so that a slow sample can be
// told apart from a fast one (see tail.h). Voluntary switches are threads that slept and woke,
// involuntary ones a thread the scheduler preempted for another.
struct SampleContext {
  uint32_t minor_faults = 0, major_faults = 0, voluntary_switches = 0, involuntary_switches = 0;
  bool operator==(const SampleContext&) const = default;
};

// The outcome of measuring one subject; a failure is recorded here, not thrown.
struct Measurement {
  std::vector<double> samples_ns;       // per-call time of each sample (block time / block_size)
  std::vector<SampleContext> contexts;  // one per sample, in the same order
  uint64_t block_size = 1;              // calls per timed sample
  int64_t warmup_calls = 0;             // calls made before sampling, first call included
  double warmup_ns = 0;                 // total time of those calls
  double first_call_ns = 0;             // the very first call, reported on its own
  StopReason stop = StopReason::MaxSamples;
  std::string error;  // set when stop == Error
  double sampling_seconds = 0;
  double minor_faults_per_call = 0, major_faults_per_call = 0, ctx_switches_per_call = 0;
  TimerInfo timer;
  stats::Summary summary;  // of samples_ns
};

struct Progress {
  size_t variant = 0;  // index of the subject that just took a sample
  size_t variants_done = 0;
  size_t n_variants = 0;
  int64_t samples = 0;  // samples of that variant so far
  double rel_ci = 0;    // its current CI half-width / median, when known (else 0)
};
using ProgressFn = std::function<void(const Progress&)>;

// The clock the loop reads around run(n), in ns: it times subjects without a clock of their own
// and bounds sampling (max_seconds). Empty: the steady clock. Tests pass a fake one, advanced by
// their subjects, so that what the loop decides does not depend on the machine's speed.
using WallClock = std::function<int64_t()>;

// Measures several subjects interleaved: each round visits the unfinished subjects in a seeded
// shuffled order and takes one sample of each; each stops on its own by the policy. `cancel`,
// when set, ends every unfinished subject with StopReason::Cancelled.
std::vector<Measurement> measure_interleaved(std::span<Subject* const> subjects,
                                             const Policy& policy, uint64_t seed,
                                             const TimerInfo& timer,
                                             const ProgressFn& progress = {},
                                             const std::atomic<bool>* cancel = nullptr,
                                             const WallClock& clock = {});

// One subject alone.
Measurement measure(Subject& subject, const Policy& policy, const TimerInfo& timer,
                    const WallClock& clock = {});

}  // namespace d500::measure
