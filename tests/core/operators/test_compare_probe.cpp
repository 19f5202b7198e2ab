// Guards issue #3 "Comparing" and "roofline": speedups beside both medians with a Mann-Whitney
// verdict, within a run and across runs; the probe stores peaks the roofline is built from.
#include <gtest/gtest.h>

#include <random>

#include "../../support/process.h"
#include "d500/operators/compare.h"
#include "d500/operators/probe.h"
#include "d500/plugin/plugin_manager.h"

using namespace d500;

namespace {

// A run holding, per point, samples of two implementations drawn around the given medians.
int64_t make_run(store::ResultStore& s, const std::vector<std::pair<double, double>>& medians,
                 uint64_t seed) {
  store::RunInfo r;
  r.name = "synthetic";
  r.level = "operator";
  int64_t id = s.create_run(r);
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> noise(0, 1);
  for (size_t p = 0; p < medians.size(); ++p) {
    for (int k = 0; k < 2; ++k) {
      double center = k == 0 ? medians[p].first : medians[p].second;
      std::vector<double> xs;
      for (int i = 0; i < 60; ++i) xs.push_back(center * (1 + 0.01 * noise(gen)));
      store::MeasurementRow m;
      m.run_id = id;
      m.subject = "Op N=" + std::to_string(p);
      m.implementation = k == 0 ? "base/default" : "fast/default";
      m.point_json = "{\"N\": " + std::to_string(p) + "}";
      auto sum = stats::summarize(xs);
      m.n = 60;
      m.median = sum.median;
      m.ci_lo = sum.ci_lo;
      m.ci_hi = sum.ci_hi;
      s.add_measurement(m, xs);
    }
  }
  return id;
}

}  // namespace

TEST(Compare, WithinARunEachImplementationAgainstTheBaseline) {
  test::TempDir dir;
  auto s =
      store::ResultStore::open(dir.file("c.d500db"), store::ResultStore::Mode::ReadWrite).value();
  int64_t run = make_run(*s, {{1000, 500}, {2000, 2000}}, 1);
  auto cs = operators::compare_to_baseline(*s, run, "base/default");
  ASSERT_EQ(cs.size(), 2u);
  for (const auto& c : cs) {
    EXPECT_EQ(c.a_impl, "base/default");
    EXPECT_EQ(c.b_impl, "fast/default");
    if (c.subject == "Op N=0") {
      EXPECT_NEAR(c.speedup, 2.0, 0.05);
      EXPECT_TRUE(c.significant);
      EXPECT_EQ(operators::verdict(c), "faster");
      EXPECT_FALSE(c.ci_overlap);
    } else {
      EXPECT_NEAR(c.speedup, 1.0, 0.05);
      EXPECT_EQ(operators::verdict(c), "same") << c.test.p_value;
    }
  }
}

TEST(Compare, AcrossRunsMatchesPointAndImplementation) {
  test::TempDir dir;
  auto s =
      store::ResultStore::open(dir.file("c.d500db"), store::ResultStore::Mode::ReadWrite).value();
  int64_t a = make_run(*s, {{1000, 500}, {2000, 2000}}, 1);
  int64_t b = make_run(*s, {{1000, 550}, {1500, 2000}}, 2);
  // alpha 0.001: two equal-centred samples may still differ at 5% by chance.
  auto cs = operators::compare_runs(*s, a, *s, b, 0.001);
  ASSERT_EQ(cs.size(), 4u);
  int significant = 0;
  for (const auto& c : cs) {
    EXPECT_EQ(c.a_impl, c.b_impl);
    significant += c.significant;
    if (c.subject == "Op N=1" && c.a_impl == "base/default") {
      EXPECT_NEAR(c.speedup, 2000.0 / 1500.0, 0.03);
      EXPECT_EQ(operators::verdict(c), "faster");
    }
  }
  EXPECT_EQ(significant, 2);  // fast at N=0 (500 -> 550) and base at N=1 (2000 -> 1500)
}

// Issue 35, item 16: two runs of one recipe, executor and optimizer, one with 1 seed and one with
// 5, measured the same time-to-accuracy; the seed count is their n, not their point, so they pair.
TEST(Compare, RunsOfOneRecipeWithOtherSeedCountsPair) {
  test::TempDir dir;
  auto s =
      store::ResultStore::open(dir.file("c.d500db"), store::ResultStore::Mode::ReadWrite).value();
  auto tta_run = [&](int seeds, double seconds) {
    store::RunInfo r;
    r.name = "mlp";
    r.level = "training";
    const int64_t id = s->create_run(r);
    store::MeasurementRow m;
    m.run_id = id;
    m.subject = "time-to-accuracy 85.0%";
    m.implementation = "torch + torch/adam";
    m.point_json = R"({"batch":64,"seeds":)" + std::to_string(seeds) + "}";
    std::vector<double> xs(static_cast<size_t>(seeds), seconds * 1e9);
    m.n = seeds;
    m.median = m.ci_lo = m.ci_hi = seconds * 1e9;
    s->add_measurement(m, xs);
    return id;
  };
  const int64_t one = tta_run(1, 1.0), five = tta_run(5, 0.8);
  const auto cs = operators::compare_runs(*s, one, *s, five);
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_NEAR(cs[0].speedup, 1.25, 1e-9);
  EXPECT_EQ(cs[0].a_n, 1);
  EXPECT_EQ(cs[0].b_n, 5);
  // What still tells points apart does: another batch is another point.
  EXPECT_EQ(operators::point_identity(R"({"seeds": 5, "batch": 64})"), R"({"batch":64})");
  EXPECT_NE(operators::point_identity(R"({"batch":32,"seeds":1})"),
            operators::point_identity(R"({"batch":64,"seeds":1})"));
}

TEST(Probe, StoresPeakAndBandwidthAndTheRooflineFindsThem) {
  test::TempDir dir;
  auto s =
      store::ResultStore::open(dir.file("p.d500db"), store::ResultStore::Mode::ReadWrite).value();
  plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  pm.discover();
  pm.load({"reference"});
  std::string env = R"({"host": "h1", "cpu": {"model": "m"}})";
  store::RunInfo r;
  r.name = "probe";
  r.level = "probe";
  r.environment_id = s->put_environment(env);
  r.id = s->create_run(r);
  s->start_run(r.id);
  operators::ProbeOptions o;
  o.target_call_seconds = 0.002;
  o.copy_bytes = 8 << 20;
  o.policy.max_seconds = 0.2;
  o.policy.min_samples = 5;
  auto roof = operators::run_probe(pm.operators(), *s, r.id, o);
  s->finish_run(r.id, store::RunStatus::Succeeded, 0, "");
  EXPECT_GT(roof.peak_gflops, 0);
  EXPECT_GT(roof.bandwidth_gbs, 0);
  auto ms = s->measurements(r.id);
  ASSERT_EQ(ms.size(), 2u);
  EXPECT_EQ(ms[0].implementation, "reference/default");
  EXPECT_DOUBLE_EQ(roof.peak_gflops, ms[0].flops / ms[0].median);

  auto found = operators::find_roofline(*s, env);
  ASSERT_TRUE(found.has_value());
  EXPECT_DOUBLE_EQ(found->peak_gflops, roof.peak_gflops);
  EXPECT_EQ(found->probe_run_id, r.id);
  // Another machine's environment does not use this probe.
  EXPECT_FALSE(
      operators::find_roofline(*s, R"({"host": "h2", "cpu": {"model": "m"}})").has_value());
  // The bound: memory-bound at low intensity, compute-bound at high.
  EXPECT_DOUBLE_EQ(found->bound_gflops(1e-6), 1e-6 * found->bandwidth_gbs);
  EXPECT_DOUBLE_EQ(found->bound_gflops(1e9), found->peak_gflops);
}
