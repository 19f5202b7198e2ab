#include "d500/measure/tail.h"

#include <algorithm>
#include <cstdio>

#include "d500/measure/stats.h"

namespace d500::measure {
namespace {

// Fewer samples than this say nothing about a tail of 10%.
constexpr size_t kMinSamples = 20;
// A cause is named when the tail shows it in at least this share of its samples, and this much
// more often than the body does.
constexpr double kMinTailShare = 0.3;
constexpr double kMinExcess = 0.25;
// The body's preempted share from which the whole window counts as contended.
constexpr double kContendedBodyShare = 0.5;
// Uniformly spread, a tenth of the tail lies in the first tenth of the window.
constexpr double kEarlyExpected = 0.1;

BandContext band(std::span<const double> samples, std::span<const SampleContext> ctx,
                 bool (*in)(double, double, double), double p50, double p90) {
  BandContext b;
  const size_t early_end = std::max<size_t>(1, samples.size() / 10);
  double faults = 0;
  for (size_t i = 0; i < samples.size(); ++i) {
    if (!in(samples[i], p50, p90)) continue;
    const SampleContext& c = ctx[i];
    const uint32_t f = c.minor_faults + c.major_faults;
    ++b.n;
    faults += f;
    b.share_faulting += f > 0;
    b.share_preempted += c.involuntary_switches > 0;
    b.share_woken += c.voluntary_switches > 0;
    b.share_early += i < early_end;
  }
  if (b.n == 0) return b;
  const auto n = static_cast<double>(b.n);
  b.share_faulting /= n, b.share_preempted /= n, b.share_woken /= n, b.share_early /= n;
  b.mean_faults = faults / n;
  return b;
}

struct Candidate {
  TailCause cause;
  double excess;
};

std::vector<TailCause> rank_causes(const BandContext& body, const BandContext& tail) {
  const Candidate all[] = {
      {TailCause::PageFaults, tail.share_faulting - body.share_faulting},
      {TailCause::Preemption, tail.share_preempted - body.share_preempted},
      {TailCause::Wakeups, tail.share_woken - body.share_woken},
      {TailCause::EarlySamples, tail.share_early - kEarlyExpected},
  };
  const double share[] = {tail.share_faulting, tail.share_preempted, tail.share_woken,
                          tail.share_early};
  std::vector<Candidate> kept;
  for (size_t i = 0; i < std::size(all); ++i)
    if (share[i] >= kMinTailShare && all[i].excess >= kMinExcess) kept.push_back(all[i]);
  std::stable_sort(kept.begin(), kept.end(),
                   [](const Candidate& a, const Candidate& b) { return a.excess > b.excess; });
  std::vector<TailCause> out;
  for (const auto& c : kept) out.push_back(c.cause);
  return out;
}

std::string percent(double share) {
  return std::to_string(static_cast<int>(share * 100 + 0.5)) + "%";
}

}  // namespace

TailContext explain_tail(std::span<const double> samples_ns,
                         std::span<const SampleContext> contexts) {
  TailContext t;
  if (samples_ns.size() < kMinSamples || contexts.size() != samples_ns.size()) return t;
  std::vector<double> sorted(samples_ns.begin(), samples_ns.end());
  std::sort(sorted.begin(), sorted.end());
  t.p50 = stats::quantile_sorted(sorted, 0.5);
  t.p90 = stats::quantile_sorted(sorted, 0.9);
  t.body = band(
      samples_ns, contexts, [](double x, double p50, double) { return x <= p50; }, t.p50, t.p90);
  t.tail = band(
      samples_ns, contexts, [](double x, double, double p90) { return x > p90; }, t.p50, t.p90);
  t.valid = t.tail.n > 0 && t.body.n > 0;
  if (t.valid) t.causes = rank_causes(t.body, t.tail);
  t.contended = t.valid && t.body.share_preempted >= kContendedBodyShare;
  return t;
}

std::string_view tail_cause_text(TailCause cause) {
  switch (cause) {
    case TailCause::PageFaults:
      return "page faults (the allocator or a first touch of memory)";
    case TailCause::Preemption:
      return "preemption (another process or thread took the CPU)";
    case TailCause::Wakeups:
      return "threads sleeping and waking (a thread pool, a lock, I/O)";
    case TailCause::EarlySamples:
      return "the start of the window (warm-up too short)";
  }
  return "unknown";
}

static_assert(sizeof(SampleContext) == 4 * sizeof(uint32_t));

std::span<const uint32_t> context_words(std::span<const SampleContext> contexts) {
  return {reinterpret_cast<const uint32_t*>(contexts.data()), contexts.size() * 4};
}

std::vector<SampleContext> contexts_from_words(std::span<const uint32_t> words) {
  std::vector<SampleContext> out(words.size() / 4);
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = {words[4 * i], words[4 * i + 1], words[4 * i + 2], words[4 * i + 3]};
  return out;
}

std::string describe_tail(const TailContext& t) {
  if (!t.valid) return "no tail context recorded";
  char ratio[32];
  std::snprintf(ratio, sizeof ratio, "%.1fx", t.p50 > 0 ? t.p90 / t.p50 : 0.0);
  std::string s = "p90 is " + std::string(ratio) +
                  " p50; above p90: " + percent(t.tail.share_faulting) + " page faults (body " +
                  percent(t.body.share_faulting) + "), " + percent(t.tail.share_preempted) +
                  " preempted (body " + percent(t.body.share_preempted) + "), " +
                  percent(t.tail.share_woken) + " woken (body " + percent(t.body.share_woken) +
                  "), " + percent(t.tail.share_early) + " in the first tenth";
  if (t.contended)
    s += "; the body was preempted too: the CPUs were shared for the whole window (another "
         "process, or more threads than free cores), so every percentile is inflated";
  if (t.causes.empty())
    return t.contended ? s
                       : s + "; not explained by faults, switches or position (CPU frequency, "
                             "caches, interrupts remain)";
  s += "; likely: ";
  for (size_t i = 0; i < t.causes.size(); ++i)
    s += (i ? ", " : "") + std::string(tail_cause_text(t.causes[i]));
  return s;
}

}  // namespace d500::measure
