// Guards issue #36 item 3 (first part): the replay of ring allreduce reproduces the published
// cost 2(p-1) alpha + 2(p-1)/p n beta (Patarasuk & Yuan, JPDC 2009; the nccl-tests' busbw factor
// 2(n-1)/n); a parameter server pays its incast; a fat tree's oversubscribed uplinks limit the
// traffic that crosses leaves but not a ring's neighbours; impossible topologies are refused;
// projections start from an allreduce model on 2+ ranks, match it at the measured scale, mark
// the extrapolation and find the crossover.
#include <gtest/gtest.h>

#include "d500/error.h"
#include "d500/report/reporter.h"
#include "d500/scaling/projection.h"

using namespace d500;
using namespace d500::scaling;

namespace {

TEST(Simulate, RingAllreduceReproducesThePublishedCost) {
  const double alpha = 1500, beta = 0.08, n = 64 << 20;
  for (int p : {2, 3, 8, 1000}) {
    const SimResult r = simulate(ring_allreduce(p, n), p, {alpha, beta, {}});
    const double published = 2.0 * (p - 1) * alpha + 2.0 * (p - 1) / p * n * beta;
    EXPECT_NEAR(r.time_ns / published, 1, 1e-12) << p << " ranks";
    EXPECT_EQ(r.bottleneck, "bandwidth-bound");
  }
  const SimResult tiny = simulate(ring_allreduce(64, 64), 64, {alpha, beta, {}});
  EXPECT_EQ(tiny.bottleneck, "latency-bound");
}

TEST(Simulate, AParameterServerPaysItsIncast) {
  const double alpha = 1000, beta = 0.1, n = 1 << 20;
  const SimResult r = simulate(parameter_server(16, n), 16, {alpha, beta, {}});
  EXPECT_DOUBLE_EQ(r.time_ns, 2 * (alpha + 15 * n * beta));  // latencies overlap, bytes queue
  EXPECT_EQ(r.bottleneck, "incast-bound");
}

TEST(Simulate, OversubscribedUplinksLimitCrossLeafTrafficNotARing) {
  Topology tree = parse_topology("fat-tree:oversubscription=4,ranks_per_leaf=8");
  EXPECT_EQ(tree.ranks_per_leaf, 8);
  const double alpha = 0, beta = 1, n = 1000;
  Step across;  // every rank of leaf 0 to its partner in leaf 1, at once
  for (int r = 0; r < 8; ++r) across.push_back({r, r + 8, n});
  const SimResult open = simulate({{across, 1}}, 16, {alpha, beta, parse_topology("fat-tree")});
  const SimResult slow = simulate({{across, 1}}, 16, {alpha, beta, tree});
  EXPECT_DOUBLE_EQ(open.time_ns, n);
  EXPECT_DOUBLE_EQ(slow.time_ns, 4 * n);
  EXPECT_EQ(slow.bottleneck, "uplink-bound");
  const Schedule ring = ring_allreduce(64, 64 * n);
  EXPECT_DOUBLE_EQ(simulate(ring, 64, {alpha, beta, tree}).time_ns,
                   simulate(ring, 64, {alpha, beta, {}}).time_ns);
}

TEST(Simulate, ImpossibleTopologiesAreRefused) {
  for (const char* bad :
       {"torus", "fat-tree:oversubscription=0.5", "fat-tree:ranks_per_leaf=0",
        "fat-tree:ranks_per_leaf=2.5", "fat-tree:foo=1", "fat-tree:oversubscription=x"})
    EXPECT_THROW(parse_topology(bad), D500Error) << bad;
  EXPECT_THROW(simulate({}, 0, {}), D500Error);
}

CollectiveModel allreduce_on(int ranks, double a, double b) {
  CollectiveModel m;
  m.op = "allreduce";
  m.implementation = "mpi:" + std::to_string(ranks);
  m.ranks = ranks;
  m.fit.alpha_ns = {a, a * 0.9, a * 1.1};
  m.fit.ns_per_byte = {b, b * 0.95, b * 1.05};
  return m;
}

TEST(Projection, MatchesTheModelWhereItWasMeasuredAndMarksTheRest) {
  const CollectiveModel m = allreduce_on(2, 2000, 0.1);
  ProjectionOptions o;
  o.bytes = 1 << 20;
  o.max_ranks = 4096;
  const auto points = project(m, o);
  ASSERT_EQ(points.size(), 3u * 12);
  const ProjectionPoint& at2 = points[0];
  EXPECT_EQ(at2.scheme, "allreduce");
  EXPECT_NEAR(at2.time_ns, 2000 + 0.1 * o.bytes, 1e-6) << "the model at its own scale";
  EXPECT_DOUBLE_EQ(at2.extrapolation, 1);
  EXPECT_LT(at2.lo_ns, at2.time_ns);
  EXPECT_GT(at2.hi_ns, at2.time_ns);
  EXPECT_EQ(points[11].ranks, 4096);
  EXPECT_DOUBLE_EQ(points[11].extrapolation, 2048);
  const std::string text = report::render(projection_report(m, o, points), "text");
  EXPECT_NE(text.find("allreduce is faster at every scale projected"), std::string::npos) << text;
  EXPECT_NE(text.find("x2048 the largest measured"), std::string::npos) << text;

  // Gradients whose bytes cost half a message's latency (n beta = alpha / 2): the ring's 2(p-1)
  // latencies in sequence lose to the server's two once there are 4 ranks.
  ProjectionOptions small = o;
  small.bytes = 10000;  // beta 0.1 ns/B, link alpha 2 us (4 us fitted on 2 ranks)
  const CollectiveModel slow_links = allreduce_on(2, 4000, 0.1);
  const std::string cross =
      report::render(projection_report(slow_links, small, project(slow_links, small)), "text");
  EXPECT_NE(cross.find("allreduce is faster below 4 ranks, parameter-server from 4"),
            std::string::npos)
      << cross;
}

// Issue 36 item 4: a projection from 2 ranks checked against a measured run at 4 ranks: a network
// that follows the model is hit at every size; one three times slower misses at every size.
TEST(Projection, IsCheckedAgainstAMeasuredLargerScale) {
  const CollectiveModel from2 = allreduce_on(2, 4000, 0.1);  // link: alpha 2 us, beta 0.1 ns/B
  auto measured_at4 = [](double slowdown) {
    CollectiveModel m = allreduce_on(4, 0, 0);
    for (double n = 1024; n <= 1 << 20; n *= 4) {
      PointCheck c;
      c.bytes = n;
      c.measured_ns = slowdown * (6 * 2000 + 1.5 * n * 0.1);  // 2(p-1) alpha + 2(p-1)/p n beta
      m.fit.checks.push_back(c);
    }
    return m;
  };
  const auto hit = check_projection(from2, measured_at4(1));
  ASSERT_EQ(hit.size(), 6u);
  for (const auto& c : hit) {
    EXPECT_NEAR(c.rel_error, 0, 1e-9);
    EXPECT_TRUE(c.covered);
  }
  const auto miss = check_projection(from2, measured_at4(3));
  for (const auto& c : miss) EXPECT_FALSE(c.covered);
  const std::string text = report::render(check_report(from2, measured_at4(3), miss), "text");
  EXPECT_NE(text.find("6 of 6 sizes MISS"), std::string::npos) << text;
  CollectiveModel gather = measured_at4(1);
  gather.op = "allgather";
  EXPECT_THROW(check_projection(from2, gather), D500Error);
}

TEST(Projection, NeedsAnAllreduceOnTwoOrMoreRanks) {
  ProjectionOptions o;
  EXPECT_THROW(project(allreduce_on(1, 10, 0.1), o), D500Error);
  CollectiveModel gather = allreduce_on(2, 10, 0.1);
  gather.op = "allgather";
  EXPECT_THROW(project(gather, o), D500Error);
  o.max_ranks = 1;
  EXPECT_THROW(project(allreduce_on(2, 10, 0.1), o), D500Error);
}

}  // namespace
