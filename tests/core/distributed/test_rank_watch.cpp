// Guards issue #7 (a rank that fails is named): the rank watch beside MPI. Under mpirun with 2
// or 3 ranks: every rank reaches rank 0's socket; an orderly end reports no failure; a rank that
// reports a reason reaches rank 0's handler exactly once, with its rank, pid and words, and gets
// rank 0's acknowledgement. Alone: nothing is watched and nothing fails. (A rank that vanishes is
// tested at the command line, tests/app/test_distributed_faults_cli.cpp, since it kills one.)
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <mutex>

#include "d500/distributed/rank_watch.h"

using namespace d500::distributed;

namespace {

Communicator& W() {
  return Communicator::world();
}

TEST(RankWatch, OrderlyEndReportsNoFailure) {
  std::atomic<int> calls{0};
  auto w = RankWatch::start(W(), [&](const RankFailure&) { ++calls; });
  EXPECT_EQ(w->ranks(), W().size());
  if (W().rank() == 0) EXPECT_TRUE(w->unwatched().empty());
  W().barrier();
  const auto f = w->finish(std::chrono::seconds(20));
  EXPECT_FALSE(f.has_value()) << f->describe(W().size());
  EXPECT_EQ(calls.load(), 0);
}

TEST(RankWatch, ARankThatReportsIsNamedOnceWithItsWords) {
  if (W().size() < 2) GTEST_SKIP() << "needs two ranks (run under mpirun)";
  std::mutex mu;
  std::vector<RankFailure> seen;
  auto w = RankWatch::start(W(), [&](const RankFailure& f) {
    std::lock_guard lock(mu);
    seen.push_back(f);
  });
  const int last = W().size() - 1;
  if (W().rank() == last) {
    EXPECT_TRUE(w->report("bad input on this rank: shard 3 is empty", std::chrono::seconds(20)));
  } else if (W().rank() != 0) {
    w->finish(std::chrono::seconds(20));
  } else {
    const auto f = w->failure(std::chrono::seconds(20));
    ASSERT_TRUE(f.has_value());
    EXPECT_EQ(f->rank, last);
    EXPECT_TRUE(f->said_why);
    EXPECT_EQ(f->reason, "bad input on this rank: shard 3 is empty");
    EXPECT_GT(f->pid, 0);
    EXPECT_NE(f->pid, ::getpid());
    const std::string d = f->describe(W().size());
    EXPECT_EQ(d.rfind("rank " + std::to_string(last) + " of " + std::to_string(W().size()) +
                          " (pid " + std::to_string(f->pid) + " on ",
                      0),
              0u)
        << d;
    const auto again = w->finish(std::chrono::seconds(20));
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->rank, last);
    std::lock_guard lock(mu);
    EXPECT_EQ(seen.size(), 1u) << "the handler runs once";
  }
  W().barrier();
}

}  // namespace
