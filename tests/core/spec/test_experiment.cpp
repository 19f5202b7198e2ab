// Guards issue #2: experiment files are validated, and every error names its JSON path and what
// was expected.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <set>

#include "../../support/process.h"
#include "d500/spec/experiment.h"

using nlohmann::json;
using namespace d500::spec;

namespace {

json valid() {
  return json::parse(R"({"d500": 1, "name": "g", "level": "operator", "seed": 3,
    "operator": {"op": "Gemm", "dtype": "float64", "inputs": [["M", "K"], ["K", 8]],
                 "attributes": {"alpha": 0.5, "transB": "$T"}},
    "implementations": ["reference", "torch/cpu"],
    "sweep": {"M": [1, 2], "K": [3, 4, 5], "T": [0]},
    "repetition": {"mode": "publication", "max_seconds": 2},
    "launcher": {"kind": "local"}})");
}

// Parses `j` and returns the error text ("" when it parsed).
std::string error_of(const json& j) {
  auto r = parse_experiment(j, "e.json");
  return r.ok() ? "" : r.error().to_string();
}

}  // namespace

TEST(Experiment, ParsesAValidFileWithDefaults) {
  auto r = parse_experiment(valid(), "e.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const Experiment& e = r.value();
  EXPECT_EQ(e.name, "g");
  EXPECT_EQ(e.seed, 3u);
  EXPECT_EQ(e.op.dtype, d500::DType::Float64);
  EXPECT_EQ(e.implementations.size(), 2u);
  EXPECT_EQ(e.implementations[1].plugin, "torch");
  EXPECT_EQ(e.implementations[1].variant, "cpu");
  // publication mode: 1% at 99% (measurement.md), explicit max_seconds kept.
  EXPECT_DOUBLE_EQ(e.repetition.target_rel_ci, 0.01);
  EXPECT_DOUBLE_EQ(e.repetition.confidence, 0.99);
  EXPECT_DOUBLE_EQ(e.repetition.max_seconds, 2);
  EXPECT_EQ(e.repetition.min_samples, 10);  // default
  EXPECT_TRUE(e.repetition.same_period);    // publication: every variant over the same period
}

TEST(Experiment, SweepIsTheCartesianProductAndSubstitutesVariables) {
  auto e = parse_experiment(valid(), "e.json").value();
  auto pts = e.points();
  ASSERT_EQ(pts.size(), 6u);  // 3 x 2 x 1
  std::set<std::pair<int, int>> seen;
  for (const auto& p : pts) seen.insert({p.vars.at("M").get<int>(), p.vars.at("K").get<int>()});
  EXPECT_EQ(seen.size(), 6u);
  auto shapes = e.op.shapes_at(pts[0]);
  ASSERT_EQ(shapes.size(), 2u);
  EXPECT_EQ(shapes[0],
            (d500::Shape{pts[0].vars.at("M").get<int64_t>(), pts[0].vars.at("K").get<int64_t>()}));
  EXPECT_EQ(shapes[1][1], 8);
  auto attrs = e.op.attributes_at(pts[0]);
  EXPECT_EQ(attrs["transB"], 0);
  EXPECT_EQ(attrs["alpha"], 0.5);
}

TEST(Experiment, NoSweepIsOnePoint) {
  json j = valid();
  j.erase("sweep");
  j["operator"]["inputs"] = json::parse("[[2, 3], [3, 4]]");
  j["operator"]["attributes"] = json::object();
  auto e = parse_experiment(j, "e.json");
  ASSERT_TRUE(e.ok()) << e.error().to_string();
  EXPECT_EQ(e.value().points().size(), 1u);
  EXPECT_EQ(e.value().points()[0].label(), "");
}

TEST(Experiment, CanonicalJsonRoundTrips) {
  auto e = parse_experiment(valid(), "e.json").value();
  json canon = to_json(e);
  auto again = parse_experiment(canon, "canon");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(to_json(again.value()), canon);
  EXPECT_EQ(canon["repetition"]["mode"], "publication");
}

struct BadCase {
  const char* name;
  std::function<void(json&)> mutate;
  std::vector<std::string> expected;  // substrings of the error
};

class ExperimentErrors : public ::testing::TestWithParam<BadCase> {};

TEST_P(ExperimentErrors, NamesPathAndExpectation) {
  json j = valid();
  GetParam().mutate(j);
  std::string err = error_of(j);
  ASSERT_FALSE(err.empty()) << "accepted: " << j.dump();
  for (const auto& s : GetParam().expected) EXPECT_NE(err.find(s), std::string::npos) << err;
  EXPECT_NE(err.find("e.json:"), std::string::npos) << err;
}

INSTANTIATE_TEST_SUITE_P(
    AllErrors, ExperimentErrors,
    ::testing::Values(
        BadCase{"missing_version", [](json& j) { j.erase("d500"); }, {"$.d500", "missing"}},
        BadCase{"newer_version", [](json& j) { j["d500"] = 7; }, {"$.d500", "newer d500"}},
        BadCase{"version_not_int", [](json& j) { j["d500"] = "1"; }, {"$.d500", "integer"}},
        BadCase{"missing_name", [](json& j) { j.erase("name"); }, {"$.name", "missing"}},
        BadCase{"name_not_string", [](json& j) { j["name"] = 5; }, {"$.name", "expected a string"}},
        BadCase{"unknown_level", [](json& j) { j["level"] = "quantum"; }, {"$.level", "quantum"}},
        BadCase{"missing_level_section", [](json& j) { j["level"] = "training"; }, {"$.training", "missing"}},
        BadCase{"section_not_object", [](json& j) { j["network"] = 3; }, {"$.network", "expected an object"}},
        BadCase{"unknown_top_key", [](json& j) { j["sweeep"] = 1; }, {"$.sweeep", "unknown key"}},
        BadCase{"negative_seed", [](json& j) { j["seed"] = -1; }, {"$.seed"}},
        BadCase{"sweep_not_object", [](json& j) { j["sweep"] = json::array(); }, {"$.sweep", "object"}},
        BadCase{"sweep_empty_values", [](json& j) { j["sweep"]["M"] = json::array(); }, {"$.sweep.M", "non-empty"}},
        BadCase{"missing_operator", [](json& j) { j.erase("operator"); }, {"$.operator", "missing"}},
        BadCase{"missing_op", [](json& j) { j["operator"].erase("op"); }, {"$.operator.op", "missing"}},
        BadCase{"bad_dtype", [](json& j) { j["operator"]["dtype"] = "float16x"; }, {"$.operator.dtype", "float32"}},
        BadCase{"inputs_not_array", [](json& j) { j["operator"]["inputs"] = 3; }, {"$.operator.inputs", "array of shapes"}},
        BadCase{"shape_not_array", [](json& j) { j["operator"]["inputs"][1] = "x"; }, {"$.operator.inputs[1]", "shape"}},
        BadCase{"negative_dim", [](json& j) { j["operator"]["inputs"][1][1] = -2; }, {"$.operator.inputs[1][1]", ">= 0"}},
        BadCase{"unknown_variable", [](json& j) { j["operator"]["inputs"][0][0] = "Z"; }, {"$.operator.inputs[0][0]", "sweep variable"}},
        BadCase{"attr_unknown_variable", [](json& j) { j["operator"]["attributes"]["beta"] = "$Q"; }, {"$.operator.attributes.beta", "Q"}},
        BadCase{"attr_bad_type", [](json& j) { j["operator"]["attributes"]["beta"] = json::object(); }, {"$.operator.attributes.beta"}},
        BadCase{"unknown_operator_key", [](json& j) { j["operator"]["opp"] = 1; }, {"$.operator.opp", "unknown key"}},
        BadCase{"no_implementations", [](json& j) { j["implementations"] = json::array(); }, {"$.implementations", "non-empty"}},
        BadCase{"impl_not_string", [](json& j) { j["implementations"][0] = 3; }, {"$.implementations[0]"}},
        BadCase{"impl_twice", [](json& j) { j["implementations"][1] = "reference"; }, {"$.implementations[1]", "twice"}},
        BadCase{"rep_not_object", [](json& j) { j["repetition"] = 1; }, {"$.repetition", "object"}},
        BadCase{"rep_bad_mode", [](json& j) { j["repetition"]["mode"] = "fast"; }, {"$.repetition.mode", "publication"}},
        BadCase{"rep_range", [](json& j) { j["repetition"]["confidence"] = 2; }, {"$.repetition.confidence", "[0.5"}},
        BadCase{"rep_int", [](json& j) { j["repetition"]["min_samples"] = 2.5; }, {"$.repetition.min_samples", "integer"}},
        BadCase{"rep_min_gt_max", [](json& j) { j["repetition"]["min_samples"] = 50; j["repetition"]["max_samples"] = 20; }, {"$.repetition.max_samples", "min_samples"}},
        BadCase{"rep_same_period", [](json& j) { j["repetition"]["same_period"] = "yes"; }, {"$.repetition.same_period", "true or false"}},
        BadCase{"rep_unknown", [](json& j) { j["repetition"]["samples"] = 5; }, {"$.repetition.samples", "unknown key"}},
        BadCase{"launcher_kind", [](json& j) { j["launcher"]["kind"] = "ssh"; }, {"$.launcher.kind", "mpi"}},
        BadCase{"launcher_ranks", [](json& j) { j["launcher"]["ranks"] = 0; }, {"$.launcher.ranks"}},
        BadCase{"launcher_hosts", [](json& j) { j["launcher"]["hosts"] = json::array({1}); }, {"$.launcher.hosts", "strings"}}),
    [](const ::testing::TestParamInfo<BadCase>& i) { return std::string(i.param.name); });

TEST(Experiment, ReportsEveryProblemNotJustTheFirst) {
  json j = valid();
  j["seed"] = "x";
  j["operator"]["dtype"] = "f";
  std::string err = error_of(j);
  EXPECT_NE(err.find("$.seed"), std::string::npos) << err;
  EXPECT_NE(err.find("$.operator.dtype"), std::string::npos) << err;
}

TEST(Experiment, TopLevelMustBeAnObject) {
  EXPECT_NE(error_of(json::array()).find("top level"), std::string::npos);
}

TEST(Experiment, LoadReportsMissingAndMalformedFiles) {
  d500::test::TempDir dir;
  auto missing = load_experiment(dir.file("none.json"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().to_string().find(dir.file("none.json")), std::string::npos);
  std::ofstream(dir.file("trunc.json")) << "{\"d500\": 1, \"name\": ";
  auto trunc = load_experiment(dir.file("trunc.json"));
  ASSERT_FALSE(trunc.ok());
  EXPECT_NE(trunc.error().to_string().find("not valid JSON"), std::string::npos);
  EXPECT_NE(trunc.error().to_string().find("trunc.json"), std::string::npos);
}

TEST(Experiment, TheShippedExampleParses) {
  auto r = load_experiment(std::string(D500_TEST_SOURCE_DIR) +
                           "/resources/examples/gemm_reference.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r.value().points().size(), 3u);
}

TEST(Experiment, ExplicitPointsCombineWithTheSweep) {
  json j = valid();
  j["sweep"] = json::parse(R"({"T": [0, 1]})");
  j["points"] = json::parse(R"([{"M": 8, "K": 2}, {"M": 16, "K": 4}, {"M": 32, "K": 8}])");
  auto e = parse_experiment(j, "e.json");
  ASSERT_TRUE(e.ok()) << e.error().to_string();
  auto pts = e.value().points();
  ASSERT_EQ(pts.size(), 6u);
  EXPECT_EQ(pts[0].vars.at("M"), 8);
  EXPECT_EQ(pts[0].vars.at("T"), 0);
  EXPECT_EQ(pts[1].vars.at("T"), 1);
  EXPECT_EQ(e.value().op.shapes_at(pts[5])[0], (d500::Shape{32, 8}));
  // The canonical form inlines the points, so a rerun does not depend on any other file.
  EXPECT_EQ(to_json(e.value())["points"].size(), 3u);
}

TEST(Experiment, ProblemListsAreReadRelativeToTheExperimentFile) {
  d500::test::TempDir dir;
  std::ofstream(dir.file("gemm.json")) << R"({"d500_problems": 1, "name": "g",
      "points": [{"M": 4, "K": 5}, {"M": 6, "K": 7}]})";
  json j = valid();
  j.erase("sweep");
  j["sweep"] = json::parse(R"({"T": [0]})");
  j["problems"] = "gemm.json";
  std::ofstream(dir.file("exp.json")) << j.dump();
  auto e = load_experiment(dir.file("exp.json"));
  ASSERT_TRUE(e.ok()) << e.error().to_string();
  EXPECT_EQ(e.value().points().size(), 2u);

  j["problems"] = "missing.json";
  std::ofstream(dir.file("exp2.json")) << j.dump();
  auto bad = load_experiment(dir.file("exp2.json"));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().to_string().find("$.problems"), std::string::npos);
  EXPECT_NE(bad.error().to_string().find("missing.json"), std::string::npos);
}

TEST(Experiment, VariablesInsideAttributeArrays) {
  json j = valid();
  j["sweep"]["S"] = json::array({1, 2});
  j["operator"]["attributes"]["strides"] = json::parse(R"(["$S", "$S"])");
  auto e = parse_experiment(j, "e.json");
  ASSERT_TRUE(e.ok()) << e.error().to_string();
  auto pts = e.value().points();
  auto attrs = e.value().op.attributes_at(pts.back());
  EXPECT_EQ(attrs["strides"], json::parse("[2, 2]"));
  j["operator"]["attributes"]["strides"] = json::parse(R"(["$S", "$Nope"])");
  EXPECT_NE(error_of(j).find("$.operator.attributes.strides[1]"), std::string::npos) << error_of(j);
}

TEST(Experiment, ValidationAndBaseline) {
  auto e = parse_experiment(valid(), "e.json").value();
  EXPECT_TRUE(e.validation.forward && e.validation.backward && e.validation.determinism);
  EXPECT_EQ(e.baseline, "reference");  // the first implementation
  json j = valid();
  j["validate"] = json::parse(R"({"backward": false, "tolerance": 0.001})");
  j["baseline"] = "torch/cpu";
  auto f = parse_experiment(j, "e.json").value();
  EXPECT_FALSE(f.validation.backward);
  EXPECT_TRUE(f.validation.forward);
  EXPECT_DOUBLE_EQ(f.validation.tolerance, 0.001);
  EXPECT_EQ(f.baseline, "torch/cpu");
  j["validate"] = false;
  EXPECT_FALSE(parse_experiment(j, "e.json").value().validation.forward);
}

INSTANTIATE_TEST_SUITE_P(
    PointErrors, ExperimentErrors,
    ::testing::Values(BadCase{"points_not_array",
                              [](json& j) { j["points"] = 3; },
                              {"$.points", "array of points"}},
                      BadCase{"point_not_object",
                              [](json& j) { j["points"] = json::array({1}); },
                              {"$.points[0]", "object"}},
                      BadCase{"points_differ",
                              [](json& j) { j["points"] = json::parse(R"([{"Q": 1}, {"R": 2}])"); },
                              {"$.points[1]", "other variables"}},
                      BadCase{"point_is_sweep_var",
                              [](json& j) { j["points"] = json::parse(R"([{"M": 1}])"); },
                              {"$.points[0].M", "sweep variable"}},
                      BadCase{"points_and_problems",
                              [](json& j) {
                                j["points"] = json::parse(R"([{"Q": 1}])");
                                j["problems"] = "x.json";
                              },
                              {"$.problems", "not both"}},
                      BadCase{"baseline_unknown",
                              [](json& j) { j["baseline"] = "nope"; },
                              {"$.baseline", "not one of"}},
                      BadCase{"validate_bad", [](json& j) { j["validate"] = 3; }, {"$.validate"}},
                      BadCase{"validate_key",
                              [](json& j) { j["validate"] = json::parse(R"({"fwd": true})"); },
                              {"$.validate.fwd", "unknown key"}}),
    [](const ::testing::TestParamInfo<BadCase>& i) { return std::string(i.param.name); });

TEST(Experiment, EveryShippedExampleAndProblemListParses) {
  for (const char* name : {"gemm_reference.json", "conv_sweep.json", "gemm_sweep.json"}) {
    auto r = load_experiment(std::string(D500_TEST_SOURCE_DIR) + "/resources/examples/" + name);
    ASSERT_TRUE(r.ok()) << name << ": " << r.error().to_string();
    for (const auto& p : r.value().points()) {
      auto shapes = r.value().op.shapes_at(p);  // every variable resolves
      EXPECT_FALSE(shapes.empty());
    }
  }
}
