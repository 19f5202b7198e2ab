// The model-validation level's record (issue 30: its logic in the library, not in `d500`): a
// validation against test data and an A/B comparison become one finished run each, with a row
// per comparison (an infinite error stored as a large finite one), the verdict as the run's
// status and the first divergence as its reason.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <limits>

#include "d500/run/model_validation_run.h"
#include "d500/run/run.h"

using namespace d500;

namespace {

operators::Comparison comparison(bool passed, double rel) {
  operators::Comparison c;
  c.passed = passed;
  c.max_rel_error = rel;
  c.max_abs_error = rel / 2;
  c.message = passed ? "" : "element 3: 1 vs 2";
  return c;
}

class ModelValidationRun : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = std::filesystem::temp_directory_path() /
          ("d500-model-validation-" + std::to_string(::getpid()) + ".d500db");
    std::filesystem::remove(db_);
  }
  void TearDown() override { std::filesystem::remove(db_); }
  std::filesystem::path db_;
};

TEST_F(ModelValidationRun, ATestDataValidationIsOneRunWithARowPerOutput) {
  network::ModelValidation r;
  r.test = "test_gemm";
  r.model = "/models/test_gemm/model.onnx";
  r.outcome = network::ModelOutcome::Passed;
  r.checks = {{"test_data_set_0", "y", comparison(true, 1e-7)},
              {"test_data_set_1", "y", comparison(true, 2e-7)}};
  operators::Tolerance tol;
  const run::ModelValidationRecord rec = run::record_of(r, {}, tol);
  EXPECT_EQ(rec.name, "validate-model test_gemm");
  ASSERT_EQ(rec.rows.size(), 2u);
  EXPECT_EQ(rec.rows[1].subject, "test_gemm:test_data_set_1:y");
  EXPECT_TRUE(rec.passed);

  auto st = store::ResultStore::open(db_.string(), store::ResultStore::Mode::ReadWrite).value();
  plugin::PluginManager none(std::vector<std::string>{});
  const int64_t id = run::store_model_validation(*st, none, rec);
  const auto run = st->run(id);
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->level, "model-validation");
  EXPECT_EQ(run->status, store::RunStatus::Succeeded);
  EXPECT_EQ(run->spec_path, r.model);
  EXPECT_EQ(st->validations(id).size(), 2u);
}

TEST_F(ModelValidationRun, AnABComparisonThatDiffersFailsNamingTheFirstNode) {
  network::ExecutorComparison c;
  c.outputs = {{"y", "'fc' (Gemm)", comparison(false, std::numeric_limits<double>::infinity())}};
  c.gradients = {{"W", "", comparison(true, 0)}};
  c.first_diverging_node = "'fc' (Gemm)";
  operators::Tolerance tol;
  const auto rec = run::record_of(c, "/m/net.onnx", "reference", "torch", 5, tol);
  EXPECT_EQ(rec.name, "validate-model net.onnx A/B");
  ASSERT_EQ(rec.rows.size(), 2u);
  EXPECT_EQ(rec.rows[0].subject, "output:y");
  EXPECT_EQ(rec.rows[0].value, 1e308) << "an infinite error is stored finite";
  EXPECT_EQ(rec.rows[1].subject, "gradient:W");
  EXPECT_FALSE(rec.passed);
  EXPECT_EQ(rec.reason, "differs from B; first at 'fc' (Gemm)");
  EXPECT_EQ(rec.spec["seed"], 5);

  auto st = store::ResultStore::open(db_.string(), store::ResultStore::Mode::ReadWrite).value();
  plugin::PluginManager none(std::vector<std::string>{});
  const auto run = st->run(run::store_model_validation(*st, none, rec));
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->status, store::RunStatus::Failed);
  EXPECT_EQ(run->exit_code, run::kRunFailed);
  EXPECT_EQ(run->status_reason, rec.reason);
}

}  // namespace
