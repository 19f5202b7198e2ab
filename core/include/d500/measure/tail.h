// Where a latency tail comes from. The samples above the 90th percentile (the tail) are compared
// with those at or below the median (the body) by what the process did while each was taken
// (SampleContext: page faults, voluntary and involuntary context switches) and by where they fell
// in the sampling window. A recorded cause is one the tail shows far more often than the body.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "d500/measure/loop.h"

namespace d500::measure {

struct BandContext {
  size_t n = 0;
  double share_faulting = 0;   // samples with at least one page fault
  double share_preempted = 0;  // with an involuntary context switch (another thread or process)
  double share_woken = 0;      // with a voluntary one (a thread slept and woke)
  double share_early = 0;      // among the first tenth of the samples, in measured order
  double mean_faults = 0;      // page faults per sample
};

enum class TailCause { PageFaults, Preemption, Wakeups, EarlySamples };

struct TailContext {
  bool valid = false;  // enough samples with their context, and a tail distinct from the body
  double p50 = 0, p90 = 0;
  BandContext body, tail;
  std::vector<TailCause> causes;  // most telling first; empty when the context explains nothing
  // At least half of the body was preempted too: the CPUs were shared for the whole window (another
  // process, or more threads than free cores), so every percentile is inflated, not just p90.
  bool contended = false;
};

// samples_ns and contexts in measured order, of equal length (otherwise the result is invalid).
TailContext explain_tail(std::span<const double> samples_ns,
                         std::span<const SampleContext> contexts);

std::string_view tail_cause_text(TailCause cause);

// The contexts as the store keeps them: four words per sample, in SampleContext's member order.
std::span<const uint32_t> context_words(std::span<const SampleContext> contexts);
std::vector<SampleContext> contexts_from_words(std::span<const uint32_t> words);

// One line for a person: the tail's size and what it coincides with, e.g.
// "p90 is 11.2x p50; above p90: 64% page faults (body 3%), 80% preempted (body 5%); likely: ...".
std::string describe_tail(const TailContext& t);

}  // namespace d500::measure
