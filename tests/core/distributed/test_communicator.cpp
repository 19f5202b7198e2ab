// Guards issue #7 (Level 3): every collective and point-to-point call of the communicator gives
// the right values on every rank, counts bytes exactly as documented in communicator.h, and
// refuses ranks that disagree. Runs under `mpirun -np 2` and, unchanged, as one plain process
// (the world is then the single-rank fallback). Every rank makes every collective call whatever
// its checks found, so a failed expectation cannot leave the other rank waiting.
#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>

#include "d500/distributed/collective_benchmark.h"
#include "d500/distributed/communicator.h"
#include "d500/distributed/series_gather.h"
#include "d500/measure/stop_rule.h"

using namespace d500;
using namespace d500::distributed;

namespace {

Communicator& W() {
  return Communicator::world();
}

// Rank r's element i: distinct per rank and per element, exact in float32.
double value(int r, int64_t i) {
  return (r + 1) * 1000.0 + static_cast<double>(i) + 0.5;
}

template <class T>
void check_allreduce(DType dt, ReduceOp op) {
  const int n = W().size(), me = W().rank();
  Tensor t(dt, {257});
  for (int64_t i = 0; i < t.numel(); ++i) t.set(i, value(me, i));
  W().allreduce(t, op);
  for (int64_t i = 0; i < t.numel(); ++i) {
    double sum = 0, mx = -1e300, mn = 1e300;
    for (int r = 0; r < n; ++r) {
      sum += value(r, i);
      mx = std::max(mx, value(r, i));
      mn = std::min(mn, value(r, i));
    }
    const double want = op == ReduceOp::Sum   ? sum
                        : op == ReduceOp::Avg ? sum / n
                        : op == ReduceOp::Max ? mx
                                              : mn;
    ASSERT_NEAR(t.at(i), want, std::abs(want) * 1e-6) << reduce_op_name(op) << " element " << i;
  }
}

}  // namespace

TEST(Communicator, WorldMatchesHowTheProcessWasStarted) {
  const char* launched = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (launched) {
    EXPECT_EQ(W().size(), std::atoi(launched));
    EXPECT_EQ(W().backend(), "mpi");
    EXPECT_NE(W().library_version().find("MPI"), std::string::npos) << W().library_version();
  } else {
    EXPECT_EQ(W().size(), 1);
    EXPECT_EQ(W().rank(), 0);
    EXPECT_EQ(W().backend(), "single");
  }
}

TEST(Communicator, AllreduceEveryOpAndFloatType) {
  for (ReduceOp op : {ReduceOp::Sum, ReduceOp::Avg, ReduceOp::Max, ReduceOp::Min}) {
    check_allreduce<float>(DType::Float32, op);
    check_allreduce<double>(DType::Float64, op);
  }
}

TEST(Communicator, AllreduceOfGradientListIsFusedPerDtype) {
  const int n = W().size(), me = W().rank();
  Tensor a(DType::Float32, {3, 5}), b(DType::Float32, {7}), c(DType::Float64, {4});
  for (Tensor* t : {&a, &b, &c})
    for (int64_t i = 0; i < t->numel(); ++i) t->set(i, value(me, i));
  W().reset_stats();
  Tensor* list[] = {&a, &b, &c};
  W().allreduce(std::span<Tensor* const>(list), ReduceOp::Avg);
  for (Tensor* t : {&a, &b, &c})
    for (int64_t i = 0; i < t->numel(); ++i) {
      double want = 0;
      for (int r = 0; r < n; ++r) want += value(r, i) / n;
      EXPECT_NEAR(t->at(i), want, want * 1e-6);
    }
  EXPECT_EQ(W().stats()[CallKind::Allreduce].calls, 2);  // one per dtype, not one per tensor
  const int64_t bytes = n > 1 ? (15 + 7) * 4 + 4 * 8 : 0;
  EXPECT_EQ(W().stats()[CallKind::Allreduce].bytes_sent, bytes);
}

TEST(Communicator, BroadcastFromEveryRoot) {
  for (int root = 0; root < W().size(); ++root) {
    std::vector<int64_t> v(100, W().rank() == root ? 0 : -1);
    if (W().rank() == root) std::iota(v.begin(), v.end(), root * 1000);
    W().broadcast(v.data(), v.size() * sizeof(int64_t), root);
    for (int i = 0; i < 100; ++i) EXPECT_EQ(v[static_cast<size_t>(i)], root * 1000 + i);
  }
}

TEST(Communicator, ReduceLandsOnRootOnly) {
  const int n = W().size(), me = W().rank(), root = n - 1;
  std::vector<double> v(10, me + 1.0);
  W().reduce(v.data(), v.size(), DType::Float64, ReduceOp::Sum, root);
  const double want = me == root ? n * (n + 1) / 2.0 : me + 1.0;
  for (double x : v) EXPECT_EQ(x, want);
}

TEST(Communicator, GatherAllgatherAndGatherv) {
  const int n = W().size(), me = W().rank();
  int32_t mine[2] = {me, me * 10};
  std::vector<int32_t> all(2 * static_cast<size_t>(n), -1);
  W().allgather(mine, sizeof mine, all.data());
  for (int r = 0; r < n; ++r) {
    EXPECT_EQ(all[2 * r], r);
    EXPECT_EQ(all[2 * r + 1], r * 10);
  }
  std::vector<int32_t> g(2 * static_cast<size_t>(n), -1);
  W().gather(mine, sizeof mine, g.data(), 0);
  if (me == 0) EXPECT_EQ(g, all);

  std::vector<uint8_t> var(static_cast<size_t>(me) * 3 + 1, static_cast<uint8_t>(me + 1));
  auto parts = W().gatherv(var, 0);
  if (me == 0) {
    ASSERT_EQ(parts.size(), static_cast<size_t>(n));
    for (int r = 0; r < n; ++r)
      EXPECT_EQ(parts[r], std::vector<uint8_t>(r * 3 + 1, static_cast<uint8_t>(r + 1)));
  } else {
    EXPECT_TRUE(parts.empty());
  }
}

TEST(Communicator, PointToPointRing) {
  const int n = W().size(), me = W().rank();
  const int right = (me + 1) % n, left = (me + n - 1) % n;
  Tensor out(DType::Float32, {64}), in(DType::Float32, {64});
  for (int64_t i = 0; i < 64; ++i) out.set(i, value(me, i));
  // A ring step: even ranks send first, odd ranks receive first (with one rank: to itself).
  if (me % 2 == 0) {
    W().send(out, right, 5);
    W().recv(in, left, 5);
  } else {
    W().recv(in, left, 5);
    W().send(out, right, 5);
  }
  for (int64_t i = 0; i < 64; ++i) EXPECT_EQ(in.at(i), value(left, i));

  std::vector<double> s(8, me), r(8, -1);
  W().sendrecv(s.data(), 64, right, r.data(), 64, left, 9);
  for (double x : r) EXPECT_EQ(x, left);

  // A message of unknown length, found by probing.
  std::string msg = "from rank " + std::to_string(me);
  W().send(msg.data(), msg.size(), right, 11);
  while (!W().iprobe(left, 11)) {
  }
  MessageInfo info;
  auto bytes = W().recv_bytes(kAnySource, 11, &info);
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), "from rank " + std::to_string(left));
  EXPECT_EQ(info.source, left);
  EXPECT_EQ(info.tag, 11);
  W().barrier();
}

TEST(Communicator, StatsCountBytesExactlyAndTime) {
  const int n = W().size(), me = W().rank();
  const int64_t x = n > 1 ? 1 : 0;  // nothing crosses with one rank
  W().reset_stats();
  std::vector<float> v(1000, 1.0f);
  W().allreduce(v.data(), v.size(), DType::Float32);
  W().allreduce(v.data(), v.size(), DType::Float32);
  std::vector<uint8_t> b(100), all(100 * static_cast<size_t>(n));
  W().allgather(b.data(), b.size(), all.data());
  W().broadcast(b.data(), 64, 0);
  W().barrier();
  const CommStats& s = W().stats();
  EXPECT_EQ(s[CallKind::Allreduce].calls, 2);
  EXPECT_EQ(s[CallKind::Allreduce].bytes_sent, x * 8000);
  EXPECT_EQ(s[CallKind::Allreduce].bytes_received, x * 8000);
  EXPECT_GT(s[CallKind::Allreduce].time_ns, 0);
  EXPECT_EQ(s[CallKind::Allgather].bytes_sent, x * 100);
  EXPECT_EQ(s[CallKind::Allgather].bytes_received, 100 * (n - 1));
  EXPECT_EQ(s[CallKind::Broadcast].bytes_sent, me == 0 ? x * 64 : 0);
  EXPECT_EQ(s[CallKind::Broadcast].bytes_received, me == 0 ? 0 : 64);
  EXPECT_EQ(s[CallKind::Barrier].calls, 1);
  EXPECT_EQ(s[CallKind::Send].calls, 0);
  const CallStats t = s.total();
  EXPECT_EQ(t.calls, 5);
  EXPECT_EQ(t.bytes_sent, x * (8000 + 100) + (me == 0 ? x * 64 : 0));
  EXPECT_GE(t.time_ns, s[CallKind::Allreduce].time_ns);
  W().reset_stats();
  EXPECT_EQ(W().stats().total().calls, 0);
}

TEST(Communicator, RequireSameNamesTheRankThatDiffers) {
  const int n = W().size(), me = W().rank();
  EXPECT_NO_THROW(W().require_same("experiment", "sha256:abcdef"));
  std::string mine = me == 1 ? "hash-of-another-file" : "hash-of-the-file";
  if (n == 1) {
    EXPECT_NO_THROW(W().require_same("experiment", mine));
    return;
  }
  try {
    W().require_same("experiment", mine);
    ADD_FAILURE() << "a rank with another experiment was not refused";
  } catch (const D500Error& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("experiment differs across ranks: rank 1 "), std::string::npos) << m;
    EXPECT_NE(m.find("rank 0: hash-of-the-file"), std::string::npos) << m;
  }
}

TEST(Communicator, BadArgumentsAreRefusedBeforeAnyTraffic) {
  std::vector<uint8_t> b(4);
  EXPECT_THROW(W().allreduce(b.data(), 4, DType::UInt8), D500Error);
  std::vector<int32_t> i(4);
  EXPECT_THROW(W().allreduce(i.data(), 4, DType::Int32, ReduceOp::Avg), D500Error);
  try {
    W().broadcast(b.data(), 4, W().size());
    ADD_FAILURE();
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("broadcast: rank " + std::to_string(W().size()) +
                                         " does not exist"),
              std::string::npos);
  }
  EXPECT_THROW(W().send(b.data(), 4, -3), D500Error);
}

TEST(Communicator, SeriesReachRootWithTheirRank) {
  const int n = W().size(), me = W().rank();
  std::vector<store::SeriesPoint> mine;
  for (int k = 0; k <= me; ++k)
    mine.push_back({0, 7, 99, "loss/" + std::string(static_cast<size_t>(k + 1), 'x'), k, 0.5 * k,
                    me * 100.0 + k});
  auto got = gather_series(W(), mine, 0);
  if (me != 0) {
    EXPECT_TRUE(got.empty());
    return;
  }
  ASSERT_EQ(got.size(), static_cast<size_t>(n * (n + 1) / 2));
  size_t at = 0;
  for (int r = 0; r < n; ++r)
    for (int k = 0; k <= r; ++k, ++at) {
      EXPECT_EQ(got[at].rank, r);  // set by the gather, not as sent (99)
      EXPECT_EQ(got[at].run_id, 7);
      EXPECT_EQ(got[at].step, k);
      EXPECT_EQ(got[at].value, r * 100.0 + k);
      EXPECT_EQ(got[at].name.size(), static_cast<size_t>(k + 6));
    }
}

// With call timing off, calls are still counted but read no clock: time_ns stays where it was.
TEST(SingleRank, CallTimingOffCountsCallsWithoutTime) {
  auto c = Communicator::single_rank();
  EXPECT_TRUE(c->call_timing());
  std::vector<double> v(1 << 16, 1.0);
  c->set_call_timing(false);
  for (int i = 0; i < 20; ++i) c->allreduce(v.data(), v.size(), DType::Float64, ReduceOp::Avg);
  EXPECT_EQ(c->stats()[CallKind::Allreduce].calls, 20);
  EXPECT_EQ(c->stats()[CallKind::Allreduce].time_ns, 0);
  c->set_call_timing(true);
  c->barrier();
  for (int i = 0; i < 20; ++i) c->allreduce(v.data(), v.size(), DType::Float64, ReduceOp::Avg);
  EXPECT_EQ(c->stats()[CallKind::Allreduce].calls, 40);
  EXPECT_GT(c->stats()[CallKind::Allreduce].time_ns, 0);  // 20 calls between two clock reads
}

TEST(SingleRank, WorksWithoutMpi) {
  auto c = Communicator::single_rank();
  EXPECT_EQ(c->size(), 1);
  EXPECT_EQ(c->backend(), "single");
  std::vector<double> v{1, 2, 3};
  c->allreduce(v.data(), 3, DType::Float64, ReduceOp::Avg);
  EXPECT_EQ(v, (std::vector<double>{1, 2, 3}));
  double all[3];
  c->allgather(v.data(), sizeof all, all);
  EXPECT_EQ(all[2], 3);
  c->send(v.data(), 16, 0, 4);  // to itself: waits in the mailbox
  double r[2] = {0, 0};
  MessageInfo m = c->recv(r, sizeof r, kAnySource, 4);
  EXPECT_EQ(m.bytes, 16u);
  EXPECT_EQ(r[1], 2);
  EXPECT_THROW(c->recv(r, sizeof r, 0, 4), D500Error);  // nothing left: would block for ever
  EXPECT_EQ(c->stats()[CallKind::Allreduce].calls, 1);
  EXPECT_EQ(c->stats().total().bytes_sent, 0);
  EXPECT_EQ(decode_series(encode_series({})).size(), 0u);
  std::vector<uint8_t> junk{1, 2, 3};
  EXPECT_THROW(decode_series(junk), D500Error);
}

// Issue 16: a small collective is timed as a window of calls after each barrier, at least 50
// barriers long, so the ranks' skew leaving the barrier is amortised; a call as slow as the
// window is timed alone. The rule on given times (no clock, so a busy machine cannot change it).
TEST(Communicator, TheWindowOfASampleLastsFiftyBarriers) {
  // A 4-byte allreduce about as long as a barrier: 50 barriers need 100 calls.
  EXPECT_EQ(window_block(1, 2000, 2000), 100u);
  EXPECT_EQ(window_block(10, 2000, 2000), 100u);
  EXPECT_EQ(window_block(1000, 2000, 2000), 1000u);  // already long enough: kept
  EXPECT_EQ(window_block(1, 1e8, 2000), 1u);         // a large call fills the window alone
  EXPECT_EQ(window_block(0, 1e8, 2000), 1u);         // never an empty block
  EXPECT_EQ(window_block(1, 0, 2000), measure::kMaxBlockSize);  // bounded
}

// On several ranks the window's block is the same on every rank and so is every sample (the
// slowest rank's): what the stop rule sees agrees, whatever the machine's load.
TEST(Communicator, SmallCollectivesAreTimedAsAWindowAfterTheBarrier) {
  if (W().size() < 2) GTEST_SKIP() << "needs 2 ranks (test_communicator_mpi2)";
  measure::Policy policy;
  policy.min_samples = 5;
  policy.max_samples = 5;
  const auto timer = measure::calibrate_timer();
  const auto small =
      measure_collective(W(), Collective::Allreduce, 4, DType::Float32, policy, timer);
  ASSERT_NE(small.m.stop, measure::StopReason::Error) << small.m.error;
  EXPECT_GE(small.m.block_size, 1u);
  double block[2] = {static_cast<double>(small.m.block_size),
                     -static_cast<double>(small.m.block_size)};
  W().allreduce(block, 2, DType::Float64, ReduceOp::Max);
  EXPECT_EQ(block[0], -block[1]) << "the ranks timed blocks of different sizes";
  EXPECT_EQ(small.m.samples_ns.size(), 5u);
  double mine = small.m.samples_ns.empty() ? 0 : small.m.samples_ns[0];
  double agreed = mine;
  W().allreduce(&agreed, 1, DType::Float64, ReduceOp::Max);
  EXPECT_EQ(mine, agreed) << "rank " << W().rank() << " holds another sample";
}
