// Timing a collective on every rank, as nccl-tests and the OSU benchmarks do: each sample is a
// barrier, then a block of calls that every rank times on its own clock (a window at least 50
// barriers long, so the ranks' skew leaving the barrier is amortised). One allreduce after the
// block (outside the timed region) gives every rank the slowest rank's time, which is the
// sample, and rank 0's cancel request. The stop rule then sees the same samples on every rank and
// takes the same decision there, so no control message is needed and the ranks never disagree
// on the number of calls.
#include <algorithm>
#include <chrono>
#include <limits>

#include "collective_calls.h"
#include "d500/clock.h"
#include "d500/distributed/collective_benchmark.h"
#include "d500/measure/stop_rule.h"

namespace d500::distributed {

namespace {

using detail::Calls;

// As in the measurement loop: the minimum of this many single calls estimates a call.
constexpr size_t kMinSingleCalls = 2;
struct Agreed {
  double max_ns = 0;  // the slowest rank's time for the block
  double own_ns = 0;  // this rank's
  bool cancel = false;
};

class Timing {
 public:
  Timing(Communicator& comm, Calls& calls, const measure::Policy& p,
         const measure::TimerInfo& timer, const std::atomic<bool>* cancel)
      : comm_(comm), calls_(calls), p_(p), cancel_(cancel) {
    m_.timer = timer;
  }

  measure::Measurement run(std::vector<double>& own) {
    try {
      agree_on_timer();
      const uint64_t block = warm_up();
      m_.block_size = block;
      sample_all(block, own);
    } catch (const std::exception& e) {
      m_.stop = measure::StopReason::Error;
      m_.error = e.what();
    }
    m_.sampling_seconds = sampling_ns_ * 1e-9;
    m_.summary = stats::summarize(m_.samples_ns, p_.confidence);
    return std::move(m_);
  }

 private:
  // Each rank calibrated its own clock; the block size is decided from the worst of them, the
  // same on every rank (a rank that chose another block would make a different number of calls).
  void agree_on_timer() {
    double t[2] = {m_.timer.overhead_ns, m_.timer.resolution_ns};
    comm_.allreduce(t, 2, DType::Float64, ReduceOp::Max);
    m_.timer.overhead_ns = t[0];
    m_.timer.resolution_ns = t[1];
  }

  Agreed sample(uint64_t block) {
    comm_.barrier();
    const int64_t t0 = now_ns();
    for (uint64_t i = 0; i < block; ++i) calls_.call(next_++);
    const int64_t t1 = now_ns();
    double agreed[2] = {static_cast<double>(t1 - t0),
                        comm_.rank() == 0 && cancel_ && cancel_->load() ? 1.0 : 0.0};
    const double own = agreed[0];
    comm_.allreduce(agreed, 2, DType::Float64, ReduceOp::Max);
    return {agreed[0], own, agreed[1] > 0};
  }

  Agreed warm(uint64_t block) {
    const Agreed a = sample(block);
    m_.warmup_calls += static_cast<int64_t>(block);
    m_.warmup_ns += a.max_ns;
    return a;
  }

  // The policy's warm-up, then the block size, as the measurement loop sizes it, from the
  // slowest rank's times. Returns the block size.
  uint64_t warm_up() {
    m_.first_call_ns = warm(1).max_ns;
    std::vector<double> single;
    const double wanted_ns = p_.warmup_seconds * 1e9;
    while (m_.warmup_calls < p_.warmup_calls || (wanted_ns > 0 && m_.warmup_ns < wanted_ns) ||
           single.size() < kMinSingleCalls)
      single.push_back(warm(1).max_ns);
    const double call_ns = *std::min_element(single.begin(), single.end());
    // Every rank sizes the same block from the same agreed times; none is cancelled here.
    uint64_t block =
        *measure::choose_block(m_.timer, call_ns, p_.block_overhead,
                               [&](uint64_t n) -> std::optional<double> { return warm(n).max_ns; });
    return window_block(block, call_ns, barrier_ns());
  }

  // The quickest of a few barriers, the slowest rank's (the same on every rank).
  double barrier_ns() {
    double best = std::numeric_limits<double>::max();
    for (int i = 0; i < 5; ++i) {
      const int64_t t0 = now_ns();
      comm_.barrier();
      best = std::min(best, static_cast<double>(now_ns() - t0));
    }
    comm_.allreduce(&best, 1, DType::Float64, ReduceOp::Max);
    return best;
  }

  void sample_all(uint64_t block, std::vector<double>& own) {
    const auto per_call = static_cast<double>(block);
    for (;;) {
      const Agreed a = sample(block);
      if (a.cancel) {
        m_.stop = measure::StopReason::Cancelled;
        return;
      }
      m_.samples_ns.push_back(a.max_ns / per_call);
      own.push_back(a.own_ns / per_call);
      sampling_ns_ += a.max_ns;
      if (stop()) return;
    }
  }

  // measurement.md's stop rule on the agreed samples (the same on every rank).
  bool stop() {
    const auto reason = rule_.after_sample(m_.samples_ns, sampling_ns_);
    if (reason) m_.stop = *reason;
    return reason.has_value();
  }

  Communicator& comm_;
  Calls& calls_;
  const measure::Policy& p_;
  const std::atomic<bool>* cancel_;
  measure::Measurement m_;
  uint64_t next_ = 0;
  double sampling_ns_ = 0;
  measure::StopRule rule_{p_};
};

// Rank r's samples at index r on `root`; empty elsewhere.
std::vector<std::vector<double>> gather_samples(Communicator& comm,
                                                const std::vector<double>& own) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(own.data());
  auto all = comm.gatherv({bytes, own.size() * sizeof(double)}, 0);
  std::vector<std::vector<double>> out(all.size());
  for (size_t r = 0; r < all.size(); ++r) {
    out[r].resize(all[r].size() / sizeof(double));
    std::copy_n(all[r].data(), out[r].size() * sizeof(double),
                reinterpret_cast<uint8_t*>(out[r].data()));
  }
  return out;
}

}  // namespace

uint64_t window_block(uint64_t block, double call_ns, double barrier_ns) {
  const double window_ns = kWindowBarriers * barrier_ns;
  block = std::max<uint64_t>(block, 1);
  while (block < measure::kMaxBlockSize && static_cast<double>(block) * call_ns < window_ns)
    block *= 10;
  return block;
}

CollectiveMeasurement measure_collective(Communicator& comm, Collective c, size_t bytes,
                                         DType dtype, const measure::Policy& policy,
                                         const measure::TimerInfo& timer,
                                         const std::atomic<bool>* cancel) {
  detail::check_collective_args(c, bytes, dtype);
  Calls calls(comm, c, bytes, dtype);
  CollectiveMeasurement out;
  std::vector<double> own;
  {
    // The samples are the calls' time; the communicator's own clock reads would only add to it.
    const bool timed = comm.call_timing();
    comm.set_call_timing(false);
    out.m = Timing(comm, calls, policy, timer, cancel).run(own);
    comm.set_call_timing(timed);
  }
  out.rank_samples = gather_samples(comm, own);
  if (out.rank_samples.size() > 1) out.ranks_differ = stats::kruskal_wallis(out.rank_samples);
  return out;
}

}  // namespace d500::distributed
