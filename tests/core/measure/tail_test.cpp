// Where a latency tail comes from (tail.h), on samples whose context is known.
#include "d500/measure/tail.h"

#include <gtest/gtest.h>

namespace dm = d500::measure;

namespace {

// 100 samples of 1 µs in measured order; `slow` of them (at the given indices) take 10 µs.
struct Timeline {
  std::vector<double> ns = std::vector<double>(100, 1000.0);
  std::vector<dm::SampleContext> ctx = std::vector<dm::SampleContext>(100);
  void slow(size_t i, dm::SampleContext c = {}) {
    ns[i] = 10000.0;
    ctx[i] = c;
  }
};

}  // namespace

TEST(LatencyTail, PreemptedSlowSamplesNamePreemption) {
  Timeline r;
  for (size_t i = 5; i < 100; i += 10) r.slow(i, {0, 0, 0, 1});
  r.ctx[50].involuntary_switches = 1;  // the body is preempted too, rarely
  const auto t = dm::explain_tail(r.ns, r.ctx);
  ASSERT_TRUE(t.valid);
  EXPECT_EQ(t.tail.n, 10u);
  EXPECT_DOUBLE_EQ(t.tail.share_preempted, 1.0);
  EXPECT_LT(t.body.share_preempted, 0.05);
  ASSERT_EQ(t.causes.size(), 1u);
  EXPECT_EQ(t.causes[0], dm::TailCause::Preemption);
  const std::string line = dm::describe_tail(t);
  EXPECT_NE(line.find("p90 is"), std::string::npos) << line;
  EXPECT_NE(line.find("100% preempted"), std::string::npos) << line;
  EXPECT_NE(line.find("likely: preemption"), std::string::npos) << line;
}

TEST(LatencyTail, FaultsAndTheWindowStartRankByHowMuchMoreTheTailShowsThem) {
  Timeline r;
  // The first ten samples are slow and fault; half of them also woke from a sleep.
  for (size_t i = 0; i < 10; ++i) r.slow(i, {3, 0, i % 2 == 0 ? 1u : 0u, 0});
  const auto t = dm::explain_tail(r.ns, r.ctx);
  ASSERT_TRUE(t.valid);
  EXPECT_DOUBLE_EQ(t.tail.mean_faults, 3.0);
  // faults: 100% vs 0% (excess 1.0); early: 100% vs the 10% expected (0.9); woken: 50% (0.5).
  const std::vector<dm::TailCause> want{dm::TailCause::PageFaults, dm::TailCause::EarlySamples,
                                        dm::TailCause::Wakeups};
  EXPECT_EQ(t.causes, want);
}

TEST(LatencyTail, ContextThatTheBodySharesExplainsNothing) {
  Timeline r;
  for (auto& c : r.ctx) c.involuntary_switches = 1;  // every sample was preempted
  for (size_t i = 3; i < 100; i += 10) r.slow(i, {0, 0, 0, 1});
  const auto t = dm::explain_tail(r.ns, r.ctx);
  ASSERT_TRUE(t.valid);
  EXPECT_TRUE(t.causes.empty());
  // ... but says the whole window was contended: the tail is no different from the body.
  EXPECT_TRUE(t.contended);
  const std::string line = dm::describe_tail(t);
  EXPECT_NE(line.find("every percentile is inflated"), std::string::npos) << line;
  EXPECT_EQ(line.find("not explained"), std::string::npos) << line;
}

TEST(LatencyTail, ABodyPreemptedLessThanHalfTheTimeIsNotContended) {
  Timeline r;
  for (size_t i = 0; i < 100; i += 3) r.ctx[i].involuntary_switches = 1;  // a third of samples
  for (size_t i = 4; i < 100; i += 10) r.slow(i);
  const auto t = dm::explain_tail(r.ns, r.ctx);
  ASSERT_TRUE(t.valid);
  EXPECT_GT(t.body.share_preempted, 0.25);
  EXPECT_FALSE(t.contended);
  EXPECT_NE(dm::describe_tail(t).find("not explained"), std::string::npos);
}

TEST(LatencyTail, TooFewSamplesOrNoContextIsNotATail) {
  Timeline r;
  EXPECT_FALSE(dm::explain_tail(std::span(r.ns).first(19), std::span(r.ctx).first(19)).valid);
  EXPECT_FALSE(dm::explain_tail(r.ns, {}).valid);     // an older store kept none
  EXPECT_FALSE(dm::explain_tail(r.ns, r.ctx).valid);  // all equal: no tail above p90
  EXPECT_EQ(dm::describe_tail(dm::TailContext{}), "no tail context recorded");
}

TEST(LatencyTail, ContextWordsRoundTrip) {
  const std::vector<dm::SampleContext> c{{1, 2, 3, 4}, {5, 0, 0, 4000000000u}};
  const auto words = dm::context_words(c);
  ASSERT_EQ(words.size(), 8u);
  EXPECT_EQ(words[7], 4000000000u);
  const std::vector<uint32_t> copy(words.begin(), words.end());
  EXPECT_EQ(dm::contexts_from_words(copy), c);
}
