// Conformance: real ONNX node tests against the reference plugin, in-process fake operators that
// record what the host hands them (attributes with "_opset", absent inputs, constants), and
// deliberately broken copies of test folders that must end as errors while the rest carries on.
#include "d500/operators/conformance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "../../support/process.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/sdk/operator.h"
#include "onnx_test_util.h"

namespace fs = std::filesystem;
namespace sdk = d500::sdk;
using d500::operators::ConformanceOutcome;
using d500::operators::run_node_test;
using d500::test::kNodeTests;
using d500::test::TempDir;
using d500::test::write_message;

namespace {

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

const d500::plugin::PluginManager& reference() {
  static std::unique_ptr<d500::plugin::PluginManager> m = [] {
    auto p = std::make_unique<d500::plugin::PluginManager>(
        std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"reference"});
    return p;
  }();
  return *m;
}

// What the fake Echo operator was last created with.
struct Seen {
  int64_t opset = -1;
  std::vector<bool> present, constant;
  std::vector<double> x_values;
  std::string mode;
};
Seen g_seen;

// Echo(x, [optional], ...) -> y = x, plus behaviour chosen by its "mode" attribute.
class Echo : public sdk::Operator<Echo> {
 public:
  Echo(const sdk::Attributes& a, const std::vector<sdk::TensorInfo>& in, const sdk::Constants& c)
      : x_(in.at(0)), mode_(a.get_string("mode", "")) {
    g_seen = {};
    g_seen.opset = a.get_int(D500_ATTR_OPSET, -1);
    g_seen.mode = mode_;
    for (size_t i = 0; i < in.size(); ++i) {
      g_seen.present.push_back(in[i].present());
      g_seen.constant.push_back(c.has(i));
    }
    if (c.has(0)) g_seen.x_values = c.reals(0, "x");
    if (mode_ == "unsupported") throw sdk::unsupported("dtype float32 is not implemented here");
    if (mode_ == "invalid") throw std::invalid_argument("cannot accept these shapes");
  }
  std::vector<sdk::TensorInfo> outputs() const {
    if (mode_ == "wrong_shape") return {sdk::TensorInfo(x_.dtype(), {x_.numel() + 1})};
    return {x_};
  }
  void forward(sdk::Inputs in, sdk::Outputs out) {
    if (mode_ == "throw_forward") throw std::runtime_error("forward exploded");
    auto x = in[0].as<float>();
    auto y = out[0].as<float>();
    for (int64_t i = 0; i < x.numel(); ++i) y[i] = x[i] + (mode_ == "off_by_one" ? 1.f : 0.f);
  }

 private:
  sdk::TensorInfo x_;
  std::string mode_;
};

const d500_operator& echo_op() {
  static const d500_operator op = Echo::define({"Echo", "ai.d500.test"});
  return op;
}

d500::plugin::OperatorRegistry fake_registry() {
  d500::plugin::OperatorRegistry r;
  r.add({"fake", &echo_op()});
  return r;
}

// A node-test folder for Echo: inputs x (and an omitted optional second input), output y = x.
// With `z_initializer`, z is an initializer listed among the graph inputs (as older exporters
// wrote them): it is not fed, so input_0.pb is x and there is no input_1.pb.
std::string echo_test(const TempDir& dir, const std::string& name, const std::string& mode,
                      bool z_initializer = false) {
  std::string path = dir.file(name);
  fs::create_directories(path + "/test_data_set_0");
  auto m = d500::test::one_node_model("Echo", "ai.d500.test", {"x", "", "z"}, {"y"}, 13, 7);
  if (!mode.empty()) {
    auto* a = m.mutable_graph()->mutable_node(0)->add_attribute();
    a->set_name("mode");
    a->set_type(onnx::AttributeProto::STRING);
    a->set_s(mode);
  }
  if (z_initializer) {
    // Listed before x, so that a runner counting every graph input would read the wrong file.
    auto* inputs = m.mutable_graph()->mutable_input();
    std::rotate(inputs->begin(), inputs->begin() + 1, inputs->end());
    *m.mutable_graph()->add_initializer() = d500::test::float_tensor("z", {1}, {5.f});
  }
  write_message(path + "/model.onnx", m);
  write_message(path + "/test_data_set_0/input_0.pb",
                d500::test::float_tensor("x", {2, 2}, {1.f, -2.f, 3.f, 4.f}));
  if (!z_initializer)
    write_message(path + "/test_data_set_0/input_1.pb", d500::test::float_tensor("z", {1}, {0.f}));
  write_message(path + "/test_data_set_0/output_0.pb",
                d500::test::float_tensor("y", {2, 2}, {1.f, -2.f, 3.f, 4.f}));
  return path;
}

}  // namespace

TEST(Conformance, RealNodeTestsPassOnTheReferencePlugin) {
  const auto& ops = reference().operators();
  for (std::string test :
       {"test_add", "test_add_bcast", "test_relu", "test_gemm_default_no_bias",
        "test_gemm_default_scalar_bias", "test_gemm_default_vector_bias",
        "test_gemm_all_attributes", "test_gemm_transposeA", "test_matmul_2d", "test_matmul_4d"}) {
    auto r = run_node_test(ops, "reference", kNodeTests + "/" + test);
    EXPECT_EQ(r.outcome, ConformanceOutcome::Passed) << test << ": " << r.detail();
    EXPECT_EQ(r.test, test);
    EXPECT_EQ(r.implementation, "reference/default");
    EXPECT_GE(r.data_sets, 1);
    EXPECT_LT(r.max_abs_error, 1e-3) << test;
    EXPECT_EQ(r.detail(), "passed");
  }
  auto r = run_node_test(ops, "reference/default", kNodeTests + "/test_gemm_beta");
  EXPECT_EQ(r.outcome, ConformanceOutcome::Passed) << r.detail();
  EXPECT_EQ(r.op_type, "Gemm");
}

TEST(Conformance, AnOpThePluginLacksIsUnsupported) {
  auto r = run_node_test(reference().operators(), "reference",
                         kNodeTests + "/test_tfidfvectorizer_tf_only_bigrams_skip0");
  EXPECT_EQ(r.outcome, ConformanceOutcome::Unsupported) << r.detail();
  EXPECT_EQ(r.op_type, "TfIdfVectorizer");
  EXPECT_TRUE(contains(r.reason, "no implementation of TfIdfVectorizer")) << r.reason;
  EXPECT_TRUE(r.implementation.empty());

  // A plugin variant that does not exist has no implementation either.
  auto v = run_node_test(reference().operators(), "reference/nope", kNodeTests + "/test_add");
  EXPECT_EQ(v.outcome, ConformanceOutcome::Unsupported) << v.detail();
}

TEST(Conformance, ADtypeThePluginRejectsAsUnsupportedIsUnsupported) {
  // The reference's Max does not take float16 and says so with D500_ERR_UNSUPPORTED.
  auto r = run_node_test(reference().operators(), "reference", kNodeTests + "/test_max_float16");
  EXPECT_EQ(r.outcome, ConformanceOutcome::Unsupported) << r.detail();
  EXPECT_TRUE(contains(r.reason, "float16")) << r.reason;
}

TEST(Conformance, MultiNodeGraphsAreUnsupported) {
  auto tests = d500::operators::list_node_tests(kNodeTests, "^test_softmax_example_expanded$");
  ASSERT_TRUE(tests.ok());
  ASSERT_EQ(tests->size(), 1u);
  auto r = run_node_test(reference().operators(), "reference", tests->front());
  EXPECT_EQ(r.outcome, ConformanceOutcome::Unsupported) << r.detail();
  EXPECT_TRUE(contains(r.reason, "nodes")) << r.reason;
}

TEST(Conformance, HostPassesOpsetAbsentInputsAndConstants) {
  TempDir dir;
  auto ops = fake_registry();
  auto r = run_node_test(ops, "fake", echo_test(dir, "test_echo", ""));
  EXPECT_EQ(r.outcome, ConformanceOutcome::Passed) << r.detail();
  EXPECT_EQ(r.implementation, "fake/default");
  EXPECT_EQ(g_seen.opset, 7);  // the opset of the node's own domain, not the default one
  EXPECT_EQ(g_seen.present, (std::vector<bool>{true, false, true}));
  EXPECT_EQ(g_seen.constant, (std::vector<bool>{true, false, true}));
  EXPECT_EQ(g_seen.x_values, (std::vector<double>{1, -2, 3, 4}));
}

TEST(Conformance, TestsWithRandomExpectedOutputsAreUnsupported) {
  // ONNX drew these expected outputs from numpy's generator: comparing them can only fail.
  TempDir dir;
  auto ops = fake_registry();
  auto r = run_node_test(ops, "fake", echo_test(dir, "test_training_dropout", ""));
  EXPECT_EQ(r.outcome, ConformanceOutcome::Unsupported) << r.detail();
  EXPECT_TRUE(contains(r.reason, "random")) << r.reason;
}

TEST(Conformance, InitializersAreConstantsAndNotFed) {
  TempDir dir;
  auto ops = fake_registry();
  auto r = run_node_test(ops, "fake", echo_test(dir, "test_init", "", true));
  EXPECT_EQ(r.outcome, ConformanceOutcome::Passed) << r.detail();
  EXPECT_EQ(g_seen.constant, (std::vector<bool>{true, false, true}));
  EXPECT_EQ(g_seen.x_values, (std::vector<double>{1, -2, 3, 4}));
}

TEST(Conformance, PluginFailuresAreClassified) {
  TempDir dir;
  auto ops = fake_registry();
  auto un = run_node_test(ops, "fake", echo_test(dir, "test_un", "unsupported"));
  EXPECT_EQ(un.outcome, ConformanceOutcome::Unsupported) << un.detail();
  EXPECT_TRUE(contains(un.detail(), "unsupported: ")) << un.detail();
  EXPECT_TRUE(contains(un.reason, "dtype float32 is not implemented here")) << un.reason;

  auto inv = run_node_test(ops, "fake", echo_test(dir, "test_inv", "invalid"));
  EXPECT_EQ(inv.outcome, ConformanceOutcome::Error) << inv.detail();
  EXPECT_TRUE(contains(inv.detail(), "error: ")) << inv.detail();
  EXPECT_TRUE(contains(inv.reason, "cannot accept these shapes")) << inv.reason;

  auto fwd = run_node_test(ops, "fake", echo_test(dir, "test_fwd", "throw_forward"));
  EXPECT_EQ(fwd.outcome, ConformanceOutcome::Error) << fwd.detail();
  EXPECT_TRUE(contains(fwd.reason, "forward exploded")) << fwd.reason;

  auto shape = run_node_test(ops, "fake", echo_test(dir, "test_shape", "wrong_shape"));
  EXPECT_EQ(shape.outcome, ConformanceOutcome::Failed) << shape.detail();
  EXPECT_TRUE(contains(shape.reason, "float32[5], expected float32[2, 2]")) << shape.reason;

  auto off = run_node_test(ops, "fake", echo_test(dir, "test_off", "off_by_one"));
  EXPECT_EQ(off.outcome, ConformanceOutcome::Failed) << off.detail();
  EXPECT_DOUBLE_EQ(off.max_abs_error, 1.0);
  EXPECT_TRUE(contains(off.reason, "4 of 4 elements differ")) << off.reason;
  EXPECT_TRUE(contains(off.reason, "first at [0, 0] (index 0): got 2, expected 1")) << off.reason;
  EXPECT_TRUE(contains(off.detail(), "failed: test_data_set_0: output 0 (\"y\")")) << off.detail();
}

TEST(Conformance, CorruptedTestFoldersAreErrorsAndTheRestContinues) {
  TempDir dir;
  const std::string data = dir.file("node");
  fs::create_directories(data);
  d500::test::copy_node_test("test_add", data + "/test_add");
  d500::test::copy_node_test("test_add", data + "/test_add_cut_model");
  d500::test::write_truncated(kNodeTests + "/test_add/model.onnx",
                              data + "/test_add_cut_model/model.onnx", 0.5);
  d500::test::copy_node_test("test_add", data + "/test_add_noise_model");
  d500::test::write_random(data + "/test_add_noise_model/model.onnx", 400, 7);
  d500::test::copy_node_test("test_add", data + "/test_add_cut_input");
  d500::test::write_truncated(kNodeTests + "/test_add/test_data_set_0/input_1.pb",
                              data + "/test_add_cut_input/test_data_set_0/input_1.pb", 0.5);
  d500::test::copy_node_test("test_add", data + "/test_add_no_output");
  fs::remove(data + "/test_add_no_output/test_data_set_0/output_0.pb");
  d500::test::copy_node_test("test_add", data + "/test_add_no_data");
  fs::remove_all(data + "/test_add_no_data/test_data_set_0");
  fs::create_directories(data + "/test_empty_folder");

  auto tests = d500::operators::list_node_tests(data);
  ASSERT_TRUE(tests.ok()) << tests.error().to_string();
  ASSERT_EQ(tests->size(), 7u);
  std::vector<std::string> seen;
  auto results = d500::operators::run_conformance(
      reference().operators(), "reference", *tests, {},
      [&](const d500::operators::ConformanceResult& r, size_t done, size_t total) {
        seen.push_back(r.test);
        EXPECT_EQ(done, seen.size());
        EXPECT_EQ(total, 7u);
      });
  ASSERT_EQ(results.size(), 7u);
  std::map<std::string, d500::operators::ConformanceResult> by;
  for (const auto& r : results) by[r.test] = r;
  EXPECT_EQ(by["test_add"].outcome, ConformanceOutcome::Passed) << by["test_add"].detail();
  for (std::string t : {"test_add_cut_model", "test_add_noise_model", "test_add_cut_input",
                        "test_add_no_output", "test_add_no_data", "test_empty_folder"})
    EXPECT_EQ(by[t].outcome, ConformanceOutcome::Error) << t << ": " << by[t].detail();
  EXPECT_TRUE(contains(by["test_add_cut_model"].reason, "test_add_cut_model/model.onnx"))
      << by["test_add_cut_model"].reason;
  EXPECT_TRUE(contains(by["test_add_cut_input"].reason, "input_1.pb"))
      << by["test_add_cut_input"].reason;
  EXPECT_TRUE(contains(by["test_add_cut_input"].reason, "not a valid TensorProto"))
      << by["test_add_cut_input"].reason;
  EXPECT_TRUE(contains(by["test_add_no_output"].reason, "output_0.pb"))
      << by["test_add_no_output"].reason;
  EXPECT_TRUE(contains(by["test_add_no_data"].reason, "no test_data_set"))
      << by["test_add_no_data"].reason;
  EXPECT_TRUE(contains(by["test_empty_folder"].reason, "model.onnx"))
      << by["test_empty_folder"].reason;

  auto counts = d500::operators::count_outcomes(results);
  EXPECT_EQ(counts.passed, 1u);
  EXPECT_EQ(counts.errors, 6u);
  auto per_op = d500::operators::counts_by_operator(results);
  EXPECT_EQ(per_op["Add"].passed, 1u);
  EXPECT_EQ(per_op["Add"].errors, 3u);  // the cut input, missing output and missing data set
}

TEST(Conformance, ListingFiltersAndRefusesBadInput) {
  auto gemm = d500::operators::list_node_tests(kNodeTests, "^test_gemm_default");
  ASSERT_TRUE(gemm.ok());
  ASSERT_GE(gemm->size(), 5u);
  EXPECT_TRUE(std::is_sorted(gemm->begin(), gemm->end()));
  for (const auto& t : *gemm) EXPECT_TRUE(contains(t, "/test_gemm_default")) << t;

  auto bad_regex = d500::operators::list_node_tests(kNodeTests, "test_(gemm");
  ASSERT_FALSE(bad_regex.ok());
  EXPECT_TRUE(contains(bad_regex.error().to_string(), "test_(gemm"));

  auto missing = d500::operators::list_node_tests("/no/such/folder");
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(contains(missing.error().to_string(), "/no/such/folder"));
}

TEST(Conformance, ValidationRows) {
  d500::operators::ConformanceResult r;
  r.test = "test_x";
  r.outcome = ConformanceOutcome::Failed;
  r.reason = "output 0: bad";
  r.max_abs_error = 0.5;
  auto v = d500::operators::validation_row(r, 42, {});
  EXPECT_EQ(v.run_id, 42);
  EXPECT_EQ(v.subject, "test_x");
  EXPECT_EQ(v.metric, "onnx_node");
  EXPECT_DOUBLE_EQ(v.value, 0.5);
  EXPECT_DOUBLE_EQ(v.tolerance, 1e-3);
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.detail, "failed: output 0: bad");
  r.outcome = ConformanceOutcome::Passed;
  r.reason.clear();
  EXPECT_TRUE(d500::operators::validation_row(r, 1, {}).passed);
  EXPECT_EQ(d500::operators::validation_row(r, 1, {}).detail, "passed");
}
