// The measurement loop of measurement.md. Everything that is not the subject's own work (clock
// reads, getrusage, the stop rule) happens outside the timed region of a sample.
#include "d500/measure/loop.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <random>

#include "d500/clock.h"
#include "d500/measure/stop_rule.h"

namespace d500::measure {

namespace {

// Enough single-call times to size the block; more would only cost memory on a long warm-up.
constexpr size_t kMaxSingleCallTimes = 10'000;
constexpr size_t kMinSingleCalls = 2;
constexpr double kSureSingleCallNs = 1e7;

struct Counters {
  int64_t minor_faults = 0, major_faults = 0, voluntary = 0, involuntary = 0;
};

Counters read_counters() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return {ru.ru_minflt, ru.ru_majflt, ru.ru_nvcsw, ru.ru_nivcsw};
}

uint32_t clamped(int64_t delta) {
  return static_cast<uint32_t>(std::clamp<int64_t>(delta, 0, UINT32_MAX));
}

SampleContext context_between(const Counters& c0, const Counters& c1) {
  return {clamped(c1.minor_faults - c0.minor_faults), clamped(c1.major_faults - c0.major_faults),
          clamped(c1.voluntary - c0.voluntary), clamped(c1.involuntary - c0.involuntary)};
}

// The policy with its degenerate values made safe, so the loop below needs no special cases.
Policy sanitized(Policy p) {
  p.check_every = std::max<int64_t>(p.check_every, 1);
  p.min_samples = std::max<int64_t>(p.min_samples, 1);
  p.max_samples = std::max<int64_t>(p.max_samples, 1);  // a count cap always holds
  p.warmup_calls = std::max<int64_t>(p.warmup_calls, 0);
  return p;
}

bool cancelled(const std::atomic<bool>* cancel) {
  return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

class Variant {
 public:
  Variant(Subject& subject, const Policy& policy, const TimerInfo& timer, const WallClock& clock)
      : subject_(subject), policy_(policy), clock_(clock ? &clock : nullptr), rule_(policy_) {
    m_.timer = subject.own_timer() ? *subject.own_timer() : timer;
  }

  bool done() const { return done_; }
  // Done, or converged and sampling on only for the same period as the others (same_period).
  bool settled() const { return done_ || converged_early_; }
  const Measurement& measurement() const { return m_; }
  double rel_ci() const { return rule_.rel_ci(); }

  void finish(StopReason reason, std::string error = {}) {
    m_.stop = reason;
    m_.error = std::move(error);
    done_ = true;
  }

  // One visit of a round: the first one warms up and sizes the block, every one takes a sample.
  // Returns whether a sample was taken.
  bool visit(const std::atomic<bool>* cancel) {
    try {
      if (!prepared_) {
        if (!prepare(cancel)) return false;
        prepared_ = true;
      }
      take_sample();
      return true;
    } catch (const std::exception& e) {
      finish(StopReason::Error, e.what());
    } catch (...) {
      finish(StopReason::Error, "unknown exception thrown by the subject");
    }
    return false;
  }

  Measurement release() {
    const auto n_samples = static_cast<double>(m_.samples_ns.size());
    const double calls = n_samples * static_cast<double>(m_.block_size);
    if (calls > 0) {
      m_.minor_faults_per_call = static_cast<double>(counters_.minor_faults) / calls;
      m_.major_faults_per_call = static_cast<double>(counters_.major_faults) / calls;
      m_.ctx_switches_per_call =
          static_cast<double>(counters_.voluntary + counters_.involuntary) / calls;
    }
    m_.sampling_seconds = static_cast<double>(sampling_ns_) * 1e-9;
    m_.summary = stats::summarize(m_.samples_ns, policy_.confidence);
    return std::move(m_);
  }

 private:
  int64_t now() const { return clock_ ? (*clock_)() : now_ns(); }

  // The subject's own clock when it has one, else the wall clock around run(n).
  double timed_run(uint64_t n) {
    if (subject_.own_timer()) return subject_.run_timed(n);
    const int64_t t0 = now();
    subject_.run(n);
    return static_cast<double>(now() - t0);
  }

  double time_call(uint64_t n) {
    const double dt = timed_run(n);
    m_.warmup_calls += static_cast<int64_t>(n);
    m_.warmup_ns += dt;
    return dt;
  }

  // Warm-up, then block sizing. Every call made here counts as warm-up. Returns false when it
  // ended the variant (cancel); errors propagate to visit().
  bool prepare(const std::atomic<bool>* cancel) {
    m_.first_call_ns = time_call(1);
    const double warmup_ns_wanted = policy_.warmup_seconds * 1e9;
    std::vector<double> single_ns;
    auto warming = [&] {
      // Warm-up time is the subjects' own time, the same quantity as warmup_ns reports.
      return m_.warmup_calls < policy_.warmup_calls ||
             (warmup_ns_wanted > 0 && m_.warmup_ns < warmup_ns_wanted);
    };
    // The first call is excluded from the per-call estimate: it carries one-off costs. The
    // minimum of a few single calls is that estimate, as a stall only ever adds time; once a
    // call takes 10 ms no timer needs blocks, so a slow subject is not called more often than
    // its warm-up asks.
    auto need_estimate = [&] {
      return single_ns.empty() ||
             (single_ns.size() < kMinSingleCalls &&
              *std::min_element(single_ns.begin(), single_ns.end()) < kSureSingleCallNs);
    };
    while (warming() || need_estimate()) {
      if (cancelled(cancel)) {
        finish(StopReason::Cancelled);
        return false;
      }
      const double dt = time_call(1);
      if (single_ns.size() < kMaxSingleCallTimes) single_ns.push_back(dt);
    }
    const double call_ns = *std::min_element(single_ns.begin(), single_ns.end());
    const auto block = choose_block(m_.timer, call_ns, policy_.block_overhead,
                                    [&](uint64_t n) -> std::optional<double> {
                                      if (cancelled(cancel)) return std::nullopt;
                                      return time_call(n);
                                    });
    if (!block) {
      finish(StopReason::Cancelled);
      return false;
    }
    m_.block_size = *block;
    return true;
  }

  void take_sample() {
    const Counters c0 = read_counters();
    const int64_t t0 = now();
    double dt = 0;
    if (subject_.own_timer())
      dt = subject_.run_timed(m_.block_size);
    else
      subject_.run(m_.block_size);
    const int64_t t1 = now();
    const Counters c1 = read_counters();
    const SampleContext ctx = context_between(c0, c1);
    counters_.minor_faults += ctx.minor_faults;
    counters_.major_faults += ctx.major_faults;
    counters_.voluntary += ctx.voluntary_switches;
    counters_.involuntary += ctx.involuntary_switches;
    m_.contexts.push_back(ctx);
    sampling_ns_ += t1 - t0;
    if (!subject_.own_timer()) dt = static_cast<double>(t1 - t0);
    m_.samples_ns.push_back(dt / static_cast<double>(m_.block_size));

    if (converged_early_) {
      if (at_cap()) finish(StopReason::Converged);
      return;
    }
    if (auto reason = rule_.after_sample(m_.samples_ns, static_cast<double>(sampling_ns_))) {
      if (policy_.same_period && *reason == StopReason::Converged && !at_cap())
        converged_early_ = true;
      else
        finish(*reason);
    }
  }

  bool at_cap() const {
    return rule_.at_cap(static_cast<int64_t>(m_.samples_ns.size()),
                        static_cast<double>(sampling_ns_));
  }

  Subject& subject_;
  const Policy& policy_;
  const WallClock* clock_;  // nullptr: the steady clock
  Measurement m_;
  bool prepared_ = false, done_ = false, converged_early_ = false;
  Counters counters_;
  int64_t sampling_ns_ = 0;
  StopRule rule_;
};

}  // namespace

std::string_view stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::Converged:
      return "converged";
    case StopReason::MaxSamples:
      return "max_samples";
    case StopReason::MaxTime:
      return "max_time";
    case StopReason::Error:
      return "error";
    case StopReason::Cancelled:
      return "cancelled";
  }
  return "unknown";
}

TimerInfo calibrate_timer() {
  constexpr int kPairs = 20'001;
  // Touch the clock first so the first reads do not pay for lazy vDSO or page setup.
  for (int i = 0; i < 1000; ++i) (void)now_ns();
  std::vector<double> pair_ns;
  pair_ns.reserve(kPairs);
  auto resolution_ns = std::numeric_limits<int64_t>::max();
  for (int i = 0; i < kPairs; ++i) {
    const int64_t t0 = now_ns();
    const int64_t t1 = now_ns();
    pair_ns.push_back(static_cast<double>(t1 - t0));
    if (t1 > t0) resolution_ns = std::min(resolution_ns, t1 - t0);
  }
  // A coarse clock shows no step between two reads; wait for its ticks to see their size.
  for (int i = 0; i < 20; ++i) {
    const int64_t t0 = now_ns();
    int64_t t1 = now_ns();
    while (t1 == t0) t1 = now_ns();
    resolution_ns = std::min(resolution_ns, t1 - t0);
  }
  TimerInfo info;
  info.overhead_ns = stats::median(pair_ns);
  info.resolution_ns = static_cast<double>(resolution_ns);
  return info;
}

std::vector<Measurement> measure_interleaved(std::span<Subject* const> subjects,
                                             const Policy& policy, uint64_t seed,
                                             const TimerInfo& timer, const ProgressFn& progress,
                                             const std::atomic<bool>* cancel,
                                             const WallClock& clock) {
  const Policy p = sanitized(policy);
  std::vector<Variant> variants;
  variants.reserve(subjects.size());
  for (Subject* s : subjects) variants.emplace_back(*s, p, timer, clock);

  std::mt19937_64 rng(seed);
  size_t n_done = 0;  // settled: done, or converged and sampling on for the same period
  std::vector<size_t> order;
  auto cancel_rest = [&] {
    for (auto& v : variants)
      if (!v.done()) v.finish(v.settled() ? StopReason::Converged : StopReason::Cancelled);
    n_done = variants.size();
  };
  while (n_done < variants.size()) {
    order.clear();
    for (size_t i = 0; i < variants.size(); ++i)
      if (!variants[i].done()) order.push_back(i);
    std::shuffle(order.begin(), order.end(), rng);
    for (size_t i : order) {
      if (cancelled(cancel)) {
        cancel_rest();
        break;
      }
      Variant& v = variants[i];
      const bool sampled = v.visit(cancel);
      n_done = static_cast<size_t>(std::count_if(variants.begin(), variants.end(),
                                                 [](const Variant& x) { return x.settled(); }));
      if (v.done() && v.measurement().stop == StopReason::Cancelled) {
        cancel_rest();
        break;
      }
      // Also reported when a variant failed before its first sample, as variants_done moved.
      if ((sampled || v.done()) && progress) {
        Progress pr;
        pr.variant = i;
        pr.variants_done = n_done;
        pr.n_variants = variants.size();
        pr.samples = static_cast<int64_t>(v.measurement().samples_ns.size());
        pr.rel_ci = v.rel_ci();
        progress(pr);
      }
    }
  }

  for (auto& v : variants)
    if (!v.done()) v.finish(StopReason::Converged);  // sampled on only for the same period
  std::vector<Measurement> out;
  out.reserve(variants.size());
  for (auto& v : variants) out.push_back(v.release());
  return out;
}

Measurement measure(Subject& subject, const Policy& policy, const TimerInfo& timer,
                    const WallClock& clock) {
  Subject* const one[] = {&subject};
  return std::move(measure_interleaved(one, policy, 0, timer, {}, nullptr, clock).front());
}

}  // namespace d500::measure
