// The list's logic: placings where intervals overlap are ties, a tie group is anchored at its
// fastest entry; training lists read recipe verdicts and per-seed time-to-accuracy from a store;
// non-compliant runs are apart with their reason; CSV has one row per entry.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>

#include "../../support/process.h"
#include "d500/ranking/ranking.h"

namespace d500::ranking {
namespace {

using test::TempDir;

std::vector<Placing> placings(const std::vector<Interval>& xs) {
  return place(xs, ranking_order(xs));
}

TEST(RankingPlace, OverlappingIntervalsShareARankAndTheNextCountsThem) {
  // Given out of order: centre 3 [2.5, 3.5], centre 1 [0.5, 1.6], centre 1.5 [1.2, 2.0].
  auto p = placings({{3, 2.5, 3.5, 3}, {1, 0.5, 1.6, 1}, {1.5, 1.2, 2.0, 2}});
  EXPECT_EQ(p[1].rank, 1);
  EXPECT_EQ(p[2].rank, 1);
  EXPECT_TRUE(p[1].tied && p[2].tied);
  EXPECT_EQ(p[0].rank, 3);
  EXPECT_FALSE(p[0].tied);
}

TEST(RankingPlace, AGroupIsAnchoredAtItsFastestEntry) {
  // B overlaps A, C overlaps B but not A: C starts its own rank.
  auto p = placings({{1, 0.5, 1.5, 1}, {2, 1.4, 2.6, 2}, {3, 2.5, 3.5, 3}});
  EXPECT_EQ(p[0].rank, 1);
  EXPECT_EQ(p[1].rank, 1);
  EXPECT_EQ(p[2].rank, 3);
  EXPECT_FALSE(p[2].tied);
}

TEST(RankingPlace, DisjointIntervalsRankInOrder) {
  auto p = placings({{2, 1.9, 2.1, 1}, {1, 0.9, 1.1, 2}});
  EXPECT_EQ(p[1].rank, 1);
  EXPECT_EQ(p[0].rank, 2);
  EXPECT_FALSE(p[0].tied || p[1].tied);
}

// A training run of recipe "syn" with these per-seed times (-1: not reached).
int64_t training_run(store::ResultStore& s, const std::string& name, std::vector<double> tta,
                     bool compliant, const std::string& why = "") {
  store::RunInfo r;
  r.name = name;
  r.level = "training";
  r.environment_id = s.put_environment(
      R"({"host":"h-)" + name +
      R"(","cpu":{"model":"Test CPU","logical_cpus":8},"gpu":{},"plugins":{"reference":{"version":"1.2","wraps":""}}})");
  const int64_t id = s.create_run(r);
  std::vector<store::SeriesPoint> pts;
  for (size_t k = 0; k < tta.size(); ++k)
    pts.push_back({0, id, 0, "tta_s", static_cast<int64_t>(k), 1, tta[k]});
  s.add_series(pts);
  store::MeasurementRow m;
  m.run_id = id;
  m.subject = "time-to-accuracy 90.0%";
  m.implementation = "reference + reference/adam";
  s.add_measurement(m, {});
  s.add_validation({0, id, 0, "recipe syn (/x/syn.json)", "compliance", compliant ? 1.0 : 0.0, 1,
                    compliant, why});
  s.finish_run(id, store::RunStatus::Succeeded, 0, "");
  return id;
}

TEST(RankingTraining, RanksCompliantRunsByMedianWithTiesAndListsTheOthersApart) {
  TempDir dir;
  auto s = store::ResultStore::open(dir.path() + "/t.d500db", store::ResultStore::Mode::ReadWrite)
               .value();
  // Eight seeds give a 95% CI of the median (order statistics 1 and 8).
  const int64_t slow = training_run(*s, "slow", {9, 9.5, 10, 10.5, 11, 11.5, 12, 12.5}, true);
  const int64_t fast = training_run(*s, "fast", {1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5}, true);
  const int64_t fast2 = training_run(*s, "fast2", {2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5}, true);
  const int64_t bad =
      training_run(*s, "bad", {1, -1, 2}, false, "1 of 3 seeds never reached 90.0%");
  const auto lists = training_lists(*s, "");
  ASSERT_EQ(lists.size(), 1u);
  const auto& l = lists[0];
  EXPECT_EQ(l.recipe, "syn");
  ASSERT_EQ(l.ranked.size(), 3u);
  EXPECT_EQ(l.ranked[0].run.id, fast);
  EXPECT_EQ(l.ranked[1].run.id, fast2);
  EXPECT_EQ(l.ranked[2].run.id, slow);
  EXPECT_EQ(l.ranked[0].placing.rank, 1);
  EXPECT_EQ(l.ranked[1].placing.rank, 1);  // [1, 4.5] and [2, 5.5] overlap
  EXPECT_TRUE(l.ranked[1].placing.tied);
  EXPECT_EQ(l.ranked[2].placing.rank, 3);
  EXPECT_TRUE(l.ranked[0].ci_valid);
  EXPECT_DOUBLE_EQ(l.ranked[0].tta.median, 2.75);
  EXPECT_EQ(l.ranked[0].tta.reached, 8);
  EXPECT_TRUE(l.ranked[0].tta.olympic_valid);
  EXPECT_EQ(l.ranked[0].system.cpu, "Test CPU");
  EXPECT_EQ(l.ranked[0].system.cores, 8);
  EXPECT_EQ(l.ranked[0].system.frameworks, "reference 1.2");
  EXPECT_EQ(l.ranked[0].system.host, "h-fast");
  ASSERT_EQ(l.apart.size(), 1u);
  EXPECT_EQ(l.apart[0].run.id, bad);
  EXPECT_EQ(l.apart[0].reason, "1 of 3 seeds never reached 90.0%");
  EXPECT_TRUE(training_lists(*s, "other").empty());
  EXPECT_EQ(training_lists(*s, "syn").size(), 1u);

  ListPage page;
  page.training = lists;
  const std::string csv = render_csv(page);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 5);  // header + 4 runs
  EXPECT_NE(csv.find("training,syn,1,1,1,,"), std::string::npos) << csv;
  const std::string text = render_text(page);
  EXPECT_NE(text.find("1="), std::string::npos) << text;
  EXPECT_NE(text.find("Not compliant with syn"), std::string::npos) << text;
}

// A network's batch points rank by samples/s; its per-node rows are left out; a failed
// measurement is apart with its error.
TEST(RankingThroughput, NetworkPointsBySamplesPerSecondWithoutNodeRows) {
  TempDir dir;
  auto s = store::ResultStore::open(dir.path() + "/n.d500db", store::ResultStore::Mode::ReadWrite)
               .value();
  store::RunInfo r;
  r.name = "net";
  r.level = "network";
  const int64_t id = s->create_run(r);
  auto add = [&](const std::string& impl, const std::string& subject, const std::string& point,
                 double median, const std::string& error) {
    store::MeasurementRow m;
    m.run_id = id;
    m.subject = subject;
    m.implementation = impl;
    m.point_json = point;
    m.n = 10;
    m.median = median;
    m.min = median * 0.9;
    m.max = median * 1.1;
    m.error = error;
    s->add_measurement(m, {});
  };
  add("reference", "throughput b=16", R"({"kind":"throughput","batch":16})", 2e6, "");
  add("torch", "throughput b=16", R"({"kind":"throughput","batch":16})", 1e6, "");
  add("broken", "throughput b=16", R"({"kind":"throughput","batch":16})", 0, "executor failed");
  add("torch", "node conv1 (Conv) fwd b=1", R"({"kind":"node","group":"fwd"})", 1e3, "");
  s->finish_run(id, store::RunStatus::Succeeded, 0, "");
  const auto lists = throughput_lists(*s, {});
  ASSERT_EQ(lists.size(), 1u);
  const auto& l = lists[0];
  EXPECT_EQ(l.problem, "throughput b=16");
  ASSERT_EQ(l.ranked.size(), 2u);
  EXPECT_EQ(l.ranked[0].implementation, "torch");
  EXPECT_EQ(l.ranked[0].unit, "samples/s");
  EXPECT_DOUBLE_EQ(l.ranked[0].throughput, 16000);  // 16 samples per millisecond
  EXPECT_EQ(l.ranked[1].placing.rank, 2);           // [0.9, 1.1] ms and [1.8, 2.2] ms: apart
  ASSERT_EQ(l.apart.size(), 1u);
  EXPECT_EQ(l.apart[0].reason, "failed: executor failed");
}

}  // namespace
}  // namespace d500::ranking
