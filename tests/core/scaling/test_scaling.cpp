// Guards issue #36 items 1-2 at the library: a latency and bandwidth model recovers known
// alpha and beta from raw samples with CIs that hold them, and checks every size against its
// band; the normal-form search finds a known p*log2(p) term by cross-validation, prefers the
// constant for flat data, and says when the data cannot support a model (too few scales, a
// model that misses the scales left out); a store's collective runs give their models, gamma
// beyond allgather, and a report with the error at every size and the scaling over the ranks.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

#include "d500/error.h"
#include "d500/report/reporter.h"
#include "d500/scaling/collective_models.h"

namespace fs = std::filesystem;
using namespace d500;
using namespace d500::scaling;

namespace {

std::vector<double> noisy(double level, double rel, std::mt19937_64& rng, int n = 60) {
  std::normal_distribution<double> z(0, rel);
  std::vector<double> x;
  for (int k = 0; k < n; ++k) x.push_back(level * (1 + std::fabs(z(rng))));
  return x;
}

TEST(Hockney, RecoversAlphaAndBetaWithIntervalsThatHoldThem) {
  std::mt19937_64 rng(3);
  std::vector<SizePoint> points;
  for (double n = 4; n <= 1 << 24; n *= 4) points.push_back({n, noisy(2000 + 0.25 * n, 0.01, rng)});
  const LinearModel m = fit_linear(points);
  // The noise is one-sided (|z|): the median sits about 0.67% above the level.
  EXPECT_NEAR(m.alpha_ns.value, 2000 * 1.0067, 25);
  EXPECT_NEAR(m.ns_per_byte.value, 0.25 * 1.0067, 0.003);
  EXPECT_LT(m.alpha_ns.lo, m.alpha_ns.value);
  EXPECT_GT(m.alpha_ns.hi, m.alpha_ns.value);
  EXPECT_LT(m.median_abs_error, 0.01);
  EXPECT_EQ(m.checks.size(), points.size());
  EXPECT_GE(m.covered, static_cast<int>(points.size()) - 2);
}

TEST(Hockney, OneSizeOrABadSampleIsRefused) {
  EXPECT_THROW(fit_linear({{64, {1, 2, 3}}}), D500Error);
  EXPECT_THROW(fit_linear({{64, {1, 2, 3}}, {128, {1, -2, 3}}}), D500Error);
}

TEST(NormalForm, FindsAKnownPLogPTermByCrossValidation) {
  std::mt19937_64 rng(5);
  std::vector<ScalePoint> points;
  for (double p = 2; p <= 256; p *= 2)
    points.push_back({p, noisy(100 + 5 * p * std::log2(p), 0.005, rng)});
  const ScalingFit f = fit_normal_form(points);
  EXPECT_EQ(f.refusal, "");
  EXPECT_DOUBLE_EQ(f.model.i, 1);
  EXPECT_EQ(f.model.j, 1);
  EXPECT_LT(f.model.c1.lo, 5 * 1.004);
  EXPECT_GT(f.model.c1.hi, 5 * 1.002);
  EXPECT_NE(f.model.formula().find(" * p * log2(p)"), std::string::npos) << f.model.formula();
  EXPECT_LT(f.model.cv_error, 0.02);
  EXPECT_FALSE(f.runners_up.empty());
}

TEST(NormalForm, FlatDataIsAConstantAndTooFewOrWildScalesAreSaid) {
  std::mt19937_64 rng(7);
  std::vector<ScalePoint> flat;
  for (double p = 2; p <= 64; p *= 2) flat.push_back({p, noisy(1000, 0.01, rng)});
  const ScalingFit c = fit_normal_form(flat);
  EXPECT_TRUE(c.model.constant()) << c.model.formula();
  EXPECT_EQ(c.refusal, "");
  EXPECT_NEAR(c.model.c0.value, 1006.7, 3);  // the level, with the one-sided noise's median

  const ScalingFit few = fit_normal_form({flat[0], flat[1], flat[2]});
  EXPECT_EQ(few.refusal, "3 scale(s) measured, 4 needed to choose a model by cross-validation");

  std::vector<ScalePoint> wild;
  const double levels[] = {100, 5000, 120, 9000, 80, 7000};
  for (int k = 0; k < 6; ++k) wild.push_back({double(k + 2), noisy(levels[k], 0.01, rng)});
  const ScalingFit w = fit_normal_form(wild);
  EXPECT_NE(w.refusal.find("no model predicts the scales left out"), std::string::npos)
      << w.refusal;
  EXPECT_THROW(fit_normal_form({{0, {1}}}), D500Error);
  EXPECT_THROW(fit_normal_form({{2, {1}}, {2, {1}}}), D500Error);
}

class CollectiveStore : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = (fs::temp_directory_path() / ("d500-scaling-" + std::to_string(::getpid()))).string();
    fs::remove(path_);
    s_ = std::move(store::ResultStore::open(path_, store::ResultStore::Mode::ReadWrite)).value();
  }
  void TearDown() override {
    s_.reset();
    fs::remove(path_);
  }
  // A collective run on `ranks`: allgather at alpha + n/bw, allreduce paying 0.05 ns/B more.
  int64_t add_run(int ranks, double alpha) {
    store::RunInfo r;
    r.name = "coll";
    r.level = "collective";
    r.id = s_->create_run(r);
    for (const char* op : {"allgather", "allreduce"})
      for (double n = 4; n <= 1 << 20; n *= 8) {
        const double per_byte = std::string(op) == "allreduce" ? 0.15 : 0.1;
        store::MeasurementRow m;
        m.run_id = r.id;
        m.subject = std::string(op) + " " + std::to_string(int64_t(n));
        m.implementation = "mpi:" + std::to_string(ranks);
        m.point_json = nlohmann::json{{"op", op}, {"bytes", n}, {"ranks", ranks}}.dump();
        m.n = 60;
        s_->add_measurement(m, noisy(alpha * ranks + per_byte * n, 0.01, rng_));
        m.subject += " [rank 1]";  // a rank's own row: not part of the model
        s_->add_measurement(m, noisy(1e9, 0.01, rng_));
      }
    return r.id;
  }
  std::string path_;
  std::unique_ptr<store::ResultStore> s_;
  std::mt19937_64 rng_{11};
};

TEST_F(CollectiveStore, ARunsModelsHaveGammaBeyondAllgatherAndTheReportChecksEverySize) {
  const int64_t id = add_run(2, 500);
  const auto models = collective_models(*s_, id);
  ASSERT_EQ(models.size(), 2u);
  EXPECT_EQ(models[0].op, "allgather");
  EXPECT_NEAR(models[0].fit.ns_per_byte.value, 0.1, 0.002);
  ASSERT_TRUE(models[1].has_gamma);
  EXPECT_NEAR(models[1].gamma_ns_per_byte.value, 0.05, 0.004);
  const auto j = nlohmann::json::parse(to_json(models));
  EXPECT_EQ(j[1]["checks"].size(), 7u);
  const std::string text = report::render(scaling_report(*s_, {id}), "text");
  EXPECT_NE(text.find("allreduce on 2 rank(s):"), std::string::npos) << text;
  EXPECT_NE(text.find("GB/s"), std::string::npos) << text;
  EXPECT_EQ(text.find("over the ranks"), std::string::npos) << "one rank count: no scaling";

  store::RunInfo training;
  training.name = "mlp";
  training.level = "training";
  const int64_t t = s_->create_run(training);
  EXPECT_THROW(collective_models(*s_, t), D500Error);
}

TEST_F(CollectiveStore, RunsAtFourRankCountsGiveEachSizeAModelOfTheRanks) {
  std::vector<int64_t> runs;
  for (int p : {1, 2, 4, 8, 16}) runs.push_back(add_run(p, 500));
  const auto doc = scaling_report(*s_, runs);
  const auto j = nlohmann::json::parse(report::render(doc, "json"));
  const auto& last = j["sections"].back();
  EXPECT_NE(last["heading"].get<std::string>().find("over the ranks"), std::string::npos);
  const auto& rows = last["tables"][0]["rows"];
  ASSERT_EQ(rows.size(), 14u);  // 2 operations x 7 sizes
  EXPECT_EQ(rows[0][2], "2,4,8,16") << "the 1-rank run is left out";
  // allgather at 4 B: alpha * p + 0.4 ns, linear in p.
  EXPECT_NE(rows[0][3].get<std::string>().find(" * p ns"), std::string::npos) << rows[0].dump();
}

}  // namespace
