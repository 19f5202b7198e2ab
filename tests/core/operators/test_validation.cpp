// Guards issue #3 "Validation": forward against the float64 reference, backward against central
// differences, determinism with a difference heat-map; each check can fail, and says why.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "d500/operators/validation.h"
#include "d500/plugin/plugin_manager.h"

using namespace d500;
using operators::ValidationResult;

namespace {

class Validation : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    pm_ = new plugin::PluginManager({D500_FAULTY_PLUGIN_DIR, D500_TEST_PLUGIN_DIR});
    pm_->discover();
    pm_->load({"reference", "fixture_faulty"});
  }
  static void TearDownTestSuite() { delete pm_; }

  const plugin::OperatorImpl* impl(const std::string& id) {
    auto* i = pm_->operators().find_impl(op_, "", id);
    EXPECT_NE(i, nullptr) << id;
    return i;
  }
  std::vector<ValidationResult> validate(const std::string& id, DType dtype = DType::Float32,
                                         operators::ValidationOptions o = {}) {
    std::vector<Tensor> inputs;
    for (const auto& s : shapes_) {
      inputs.emplace_back(dtype, s);
      fill_uniform(inputs.back(), 11 + inputs.size());
    }
    return operators::validate_operator(*impl(id), impl("reference"), attrs_, inputs, o);
  }
  static const ValidationResult* find(const std::vector<ValidationResult>& rs,
                                      const std::string& prefix) {
    for (const auto& r : rs)
      if (r.metric.rfind(prefix, 0) == 0) return &r;
    return nullptr;
  }

  static plugin::PluginManager* pm_;
  std::string op_ = "Relu";
  std::vector<Shape> shapes_ = {{4, 33}};
  std::vector<plugin::Attribute> attrs_;
};
plugin::PluginManager* Validation::pm_ = nullptr;

}  // namespace

TEST_F(Validation, TheReferenceAgreesWithItself) {
  for (DType t : {DType::Float32, DType::Float64}) {
    auto rs = validate("reference", t);
    ASSERT_NE(find(rs, "forward_rel_l2"), nullptr);
    ASSERT_NE(find(rs, "backward_rel"), nullptr);
    ASSERT_NE(find(rs, "determinism"), nullptr);
    for (const auto& r : rs) EXPECT_TRUE(r.passed) << r.metric << ": " << r.detail;
  }
}

TEST_F(Validation, GemmBackwardMatchesCentralDifferencesForEveryInput) {
  op_ = "Gemm";
  shapes_ = {{5, 3}, {3, 4}, {4}};
  attrs_ = {{"alpha", 0.5}, {"beta", 2.0}, {"transB", int64_t{0}}};
  auto rs = validate("reference", DType::Float64);
  int checked = 0;
  for (const auto& r : rs)
    if (r.metric.rfind("backward_rel", 0) == 0) {
      ++checked;
      EXPECT_TRUE(r.passed) << r.metric << " " << r.value << " " << r.detail;
      EXPECT_LT(r.value, 1e-6);
    }
  EXPECT_EQ(checked, 3);
}

TEST_F(Validation, AWrongForwardFailsWithItsErrorNorms) {
  auto rs = validate("fixture_faulty/wrong_forward");
  auto* f = find(rs, "forward_rel_l2");
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->passed);
  EXPECT_GT(f->value, 1e-3);  // 1% too large where x > 0
  EXPECT_NE(f->detail.find("Linf"), std::string::npos) << f->detail;
}

TEST_F(Validation, AWrongBackwardFailsTheGradientCheck) {
  auto rs = validate("fixture_faulty/wrong_backward", DType::Float64);
  EXPECT_TRUE(find(rs, "forward_rel_l2")->passed);
  auto* b = find(rs, "backward_rel");
  ASSERT_NE(b, nullptr);
  EXPECT_FALSE(b->passed);
  EXPECT_NEAR(b->value, 0.5, 0.01);  // analytic is twice the numerical: |n - 2n| / 2n
}

TEST_F(Validation, NonDeterminismIsLocatedByAHeatMap) {
  auto rs = validate("fixture_faulty/noisy");
  auto* d = find(rs, "determinism");
  ASSERT_NE(d, nullptr);
  EXPECT_FALSE(d->passed);
  EXPECT_GT(d->value, 0);
  auto heat = nlohmann::json::parse(d->heatmap_json);
  EXPECT_EQ(heat["shape"], nlohmann::json::parse("[4, 33]"));
  ASSERT_EQ(heat["values"].size(), 132u);
  // Only every 7th element is perturbed, so only those may differ.
  for (size_t i = 0; i < 132; ++i)
    if (i % 7) EXPECT_EQ(heat["values"][i].get<double>(), 0.0) << i;
  EXPECT_EQ(static_cast<size_t>(d->value), (132 + 6) / 7);
}

TEST_F(Validation, NanOutputFailsAndSaysWhere) {
  auto rs = validate("fixture_faulty/nan");
  auto* f = find(rs, "forward_rel_l2");
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->passed);
  EXPECT_NE(f->detail.find("NaN"), std::string::npos) << f->detail;
  EXPECT_NE(f->detail.find("element 3"), std::string::npos) << f->detail;
}

TEST_F(Validation, AThrowingKernelIsAFailureWithItsMessage) {
  auto rs = validate("fixture_faulty/throws");
  ASSERT_EQ(rs.size(), 1u);
  EXPECT_FALSE(rs[0].passed);
  EXPECT_NE(rs[0].detail.find("faulty kernel refused to run"), std::string::npos) << rs[0].detail;
}

TEST_F(Validation, NoReferenceMeansSkippedNotPassed) {
  std::vector<Tensor> in;
  in.emplace_back(DType::Float32, Shape{8});
  auto rs =
      operators::validate_operator(*impl("fixture_faulty/wrong_forward"), nullptr, {}, in, {});
  auto* f = find(rs, "forward");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->skipped);
  EXPECT_NE(f->detail.find("no reference"), std::string::npos);
}

TEST(ValidationTolerance, DefaultsPerDtype) {
  EXPECT_DOUBLE_EQ(operators::default_tolerance(DType::Float32, false), 1e-5);
  EXPECT_DOUBLE_EQ(operators::default_tolerance(DType::Float64, false), 1e-10);
  EXPECT_GT(operators::default_tolerance(DType::Float32, true),
            operators::default_tolerance(DType::Float64, true));
}
