// `d500 conformance`: the command-line contract (exit codes, what is printed, what is stored)
// on real ONNX node tests with the reference plugin, and on broken copies of them.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "../support/process.h"
#include "d500/store/result_store.h"

namespace fs = std::filesystem;
using d500::test::read_file;
using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kNodeTests = "/usr/share/libonnx-testdata/data/node";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

std::unique_ptr<d500::store::ResultStore> open_ro(const std::string& db) {
  return d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
}

// A data folder with a good copy of test_add, one whose expected output is wrong (the input x,
// same shape as the sum) and one whose model is cut in half.
std::string broken_data(const TempDir& dir) {
  const std::string data = dir.file("node");
  fs::create_directories(data);
  fs::copy(kNodeTests + "/test_add", data + "/test_add", fs::copy_options::recursive);
  fs::copy(kNodeTests + "/test_add", data + "/test_add_wrong", fs::copy_options::recursive);
  fs::copy_file(kNodeTests + "/test_add/test_data_set_0/input_0.pb",
                data + "/test_add_wrong/test_data_set_0/output_0.pb",
                fs::copy_options::overwrite_existing);
  fs::copy(kNodeTests + "/test_add", data + "/test_add_cut", fs::copy_options::recursive);
  std::string model = read_file(kNodeTests + "/test_add/model.onnx");
  std::ofstream(data + "/test_add_cut/model.onnx", std::ios::binary | std::ios::trunc)
      << model.substr(0, model.size() / 2);
  return data;
}

}  // namespace

TEST(ConformanceCli, Help) {
  TempDir dir;
  auto r = run({kD500, "conformance", "--help"}, dir.path());
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "--plugin")) << r.out;
  EXPECT_TRUE(contains(r.out, "--filter")) << r.out;
  EXPECT_TRUE(contains(r.out, "--data")) << r.out;
}

TEST(ConformanceCli, BadArgumentsAndInput) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  EXPECT_EQ(run({kD500, "conformance", "--db", db}, dir.path()).exit_code, 2);  // no --plugin

  auto unknown = run({kD500, "conformance", "--plugin", "nosuch", "--db", db}, dir.path());
  EXPECT_EQ(unknown.exit_code, 3);
  EXPECT_TRUE(contains(unknown.err, "nosuch")) << unknown.err;
  EXPECT_TRUE(contains(unknown.err, "reference")) << unknown.err;  // the plugins there are

  auto variant =
      run({kD500, "conformance", "--plugin", "reference/nosuch", "--db", db}, dir.path());
  EXPECT_EQ(variant.exit_code, 3);
  EXPECT_TRUE(contains(variant.err, "default")) << variant.err;

  auto no_data =
      run({kD500, "conformance", "--plugin", "reference", "--data", dir.file("nodata"), "--db", db},
          dir.path());
  EXPECT_EQ(no_data.exit_code, 3);
  EXPECT_TRUE(contains(no_data.err, dir.file("nodata"))) << no_data.err;

  auto regex =
      run({kD500, "conformance", "--plugin", "reference", "--filter", "test_(add", "--db", db},
          dir.path());
  EXPECT_EQ(regex.exit_code, 2);
  EXPECT_TRUE(contains(regex.err, "test_(add")) << regex.err;

  auto none =
      run({kD500, "conformance", "--plugin", "reference", "--filter", "^no_such_test$", "--db", db},
          dir.path());
  EXPECT_EQ(none.exit_code, 3);
  EXPECT_TRUE(contains(none.err, "no_such_test")) << none.err;

  EXPECT_FALSE(fs::exists(db));  // bad input creates no store
}

TEST(ConformanceCli, PassingTestsAreStoredAsARun) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  auto r = run({kD500, "conformance", "--plugin", "reference", "--filter",
                "^test_(add|add_bcast|relu|gemm_default_no_bias|matmul_2d|bitshift_left_uint16)$",
                "--db", db},
               dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  for (std::string op : {"Add", "Relu", "Gemm", "MatMul", "total"})
    EXPECT_TRUE(contains(r.out, op)) << op << "\n" << r.out;
  EXPECT_TRUE(contains(r.out, "PASSED")) << r.out;
  EXPECT_FALSE(contains(r.out, "Failed:")) << r.out;

  auto s = open_ro(db);
  auto runs = s->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].level, "conformance");
  EXPECT_EQ(runs[0].status, d500::store::RunStatus::Succeeded);
  EXPECT_NE(runs[0].environment_id, 0);
  auto spec = nlohmann::json::parse(runs[0].spec_json);
  EXPECT_EQ(spec["plugin"], "reference");
  auto v = s->validations(runs[0].id);
  ASSERT_EQ(v.size(), 6u);
  for (const auto& row : v) {
    EXPECT_EQ(row.metric, "onnx_node");
    EXPECT_DOUBLE_EQ(row.tolerance, 1e-3);
    if (row.subject == "test_bitshift_left_uint16") {
      EXPECT_FALSE(row.passed);
      EXPECT_TRUE(contains(row.detail, "unsupported: ")) << row.detail;
    } else {
      EXPECT_TRUE(row.passed) << row.subject << ": " << row.detail;
      EXPECT_EQ(row.detail, "passed");
      EXPECT_LT(row.value, 1e-3);
    }
  }
}

TEST(ConformanceCli, Json) {
  TempDir dir;
  auto r = run({kD500, "conformance", "--plugin", "reference", "--filter",
                "^test_(relu|bitshift_left_uint16)$", "--db", dir.file("s.d500db"), "--json"},
               dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["counts"]["passed"], 1);
  EXPECT_EQ(j["counts"]["unsupported"], 1);
  EXPECT_EQ(j["operators"]["Relu"]["passed"], 1);
  EXPECT_EQ(j["status"], "succeeded");
  ASSERT_EQ(j["tests"].size(), 2u);
  EXPECT_EQ(j["tests"][1]["test"], "test_relu");
  EXPECT_EQ(j["tests"][1]["outcome"], "passed");
}

TEST(ConformanceCli, FailuresAndErrorsExitOneAndAreListed) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  auto r =
      run({kD500, "conformance", "--plugin", "reference", "--data", broken_data(dir), "--db", db},
          dir.path());
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "Failed:")) << r.out;
  EXPECT_TRUE(contains(r.out, "test_add_wrong: test_data_set_0: output 0")) << r.out;
  EXPECT_TRUE(contains(r.out, "Errors:")) << r.out;
  EXPECT_TRUE(contains(r.out, "test_add_cut/model.onnx")) << r.out;

  auto s = open_ro(db);
  auto runs = s->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].status, d500::store::RunStatus::Failed);
  EXPECT_EQ(runs[0].exit_code, 1);
  std::map<std::string, d500::store::ValidationRow> by;
  for (const auto& row : s->validations(runs[0].id)) by[row.subject] = row;
  ASSERT_EQ(by.size(), 3u);
  EXPECT_TRUE(by["test_add"].passed);
  EXPECT_FALSE(by["test_add_wrong"].passed);
  EXPECT_TRUE(by["test_add_wrong"].detail.rfind("failed: ", 0) == 0) << by["test_add_wrong"].detail;
  EXPECT_GT(by["test_add_wrong"].value, 0.01);
  EXPECT_TRUE(by["test_add_cut"].detail.rfind("error: ", 0) == 0) << by["test_add_cut"].detail;
}

// Issue 14, first step: the element-wise table (unary functions, activations), Clip, PRelu, Pow
// and the reductions pass their node tests on the reference and on the torch plugin. What does not
// pass is unsupported for a stated reason only: int8 Clip, and Pow of mixed or integer dtypes.
TEST(ConformanceCli, ElementwiseActivationAndReductionNodeTestsPassOnBothPlugins) {
  const std::string filter =
      "^test_(abs|neg|exp|log|sqrt|reciprocal|floor|ceil|round|sign|erf|sin|cos|tan|asin|acos|"
      "atan|sinh|cosh|asinh|acosh|atanh|pow|clip|elu|selu|celu|prelu|hardsigmoid|hardswish|"
      "softplus|softsign|thresholdedrelu|reduce_(l1|l2|log_sum|log_sum_exp|max|min|prod|sum_square)"
      ")"
      "(_.*)?$";
  std::vector<std::string> plugins = {"reference"};
  if (fs::exists(std::string(D500_TEST_PLUGIN_DIR) + "/torch.d500plugin.json"))
    plugins.push_back("torch");
  else
    std::printf("this build has no torch plugin; checking the reference only\n");
  for (const std::string& plugin : plugins) {
    SCOPED_TRACE(plugin);
    TempDir dir;
    auto r = run({kD500, "conformance", "--plugin", plugin, "--filter", filter, "--db",
                  dir.file("s.d500db"), "--json"},
                 dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["counts"]["failed"], 0);
    EXPECT_EQ(j["counts"]["error"], 0);
    int passed = 0;
    for (const auto& t : j["tests"]) {
      const std::string name = t["test"], outcome = t["outcome"];
      if (outcome == "passed") {
        ++passed;
        continue;
      }
      if (name.find("_expanded") != std::string::npos) continue;  // multi-node graphs
      EXPECT_TRUE(name.find("int8") != std::string::npos ||
                  name.find("pow_types") != std::string::npos)
          << name << ": " << outcome;
    }
    // 41 operators: 22 unary functions, 9 activations, Clip, Pow and 8 reductions.
    EXPECT_GE(passed, 133);
    for (const char* op :
         {"Abs", "Acosh", "Clip", "Elu", "HardSwish", "Pow", "PRelu", "Round", "Selu", "Softplus",
          "ThresholdedRelu", "ReduceL2", "ReduceLogSumExp", "ReduceProd"})
      EXPECT_GE(j["operators"][op]["passed"].get<int>(), 1) << op;
    // The whole suite: no failure or error anywhere, and at least the passes of this step (219
    // on the reference, 216 on torch before it).
    auto all =
        run({kD500, "conformance", "--plugin", plugin, "--db", dir.file("all.d500db"), "--json"},
            dir.path());
    ASSERT_EQ(all.exit_code, 0) << all.err;
    auto a = nlohmann::json::parse(all.out);
    EXPECT_EQ(a["counts"]["failed"], 0);
    EXPECT_EQ(a["counts"]["error"], 0);
    EXPECT_GE(a["counts"]["passed"].get<int>(), plugin == "reference" ? 352 : 349);
  }
}

// Issue 14, shape, indexing, logic, normalization and resize operators on the reference: every
// node test of those operators passes but for dtypes d500 tensors do not hold (float16,
// bfloat16, string, 8/16-bit signed and wide unsigned integers), Split into equal parts, whose
// number of outputs the plugin ABI does not pass, and multi-node graphs.
TEST(ConformanceCli, ShapeIndexingLogicAndNormalizationNodeTestsPassOnTheReference) {
  const std::string filter =
      "^test_(equal|less|greater|not|and|or|xor|where|isnan|isinf|max|min|mean|mod|bitshift|cast|"
      "castlike|gather|gathernd|scatter|scatternd|slice|split|squeeze|unsqueeze|expand|tile|"
      "constant_pad|edge_pad|reflect_pad|eyelike|onehot|tril|triu|cumsum|top_k|argmax|argmin|"
      "compress|depthtospace|spacetodepth|layer_normalization|instancenorm|lrn|mvn|hardmax|resize|"
      "upsample)"
      "([_0-9].*)?$";
  TempDir dir;
  auto r = run({kD500, "conformance", "--plugin", "reference", "--filter", filter, "--db",
                dir.file("s.d500db"), "--json"},
               dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["counts"]["failed"], 0);
  EXPECT_EQ(j["counts"]["error"], 0);
  const char* const not_held[] = {"float16", "FLOAT16", "BFLOAT16", "STRING", "int8",
                                  "int16",   "uint16",  "uint32",   "uint64", "split_equal_parts"};
  int passed = 0;
  for (const auto& t : j["tests"]) {
    const std::string name = t["test"], outcome = t["outcome"];
    if (outcome == "passed") {
      ++passed;
      continue;
    }
    const std::string detail = t["detail"];
    // Multi-node graphs: unsupported as such, or run on the assembled executor where an input
    // that decides a shape is fed, not a constant (a Resize whose sizes are a graph input).
    if (detail.find("one-node graphs") != std::string::npos ||
        detail.find("must be a constant") != std::string::npos)
      continue;
    bool explained = false;
    for (const char* n : not_held) explained = explained || name.find(n) != std::string::npos;
    EXPECT_TRUE(explained) << name << ": " << outcome;
  }
  EXPECT_GE(passed, 256);
  for (const char* op : {"Where", "Mod", "Gather", "ScatterND", "Slice", "Pad", "Trilu", "TopK",
                         "ArgMax", "LayerNormalization", "Hardmax", "Resize"})
    EXPECT_GE(j["operators"][op]["passed"].get<int>(), 1) << op;
  auto all =
      run({kD500, "conformance", "--plugin", "reference", "--db", dir.file("all.d500db"), "--json"},
          dir.path());
  ASSERT_EQ(all.exit_code, 0) << all.err;
  auto a = nlohmann::json::parse(all.out);
  EXPECT_EQ(a["counts"]["failed"], 0);
  EXPECT_EQ(a["counts"]["error"], 0);
  EXPECT_GE(a["counts"]["passed"].get<int>(), 608);
}

// Issue 14, torch plugin: the comparison, logic, indexing, layout, normalization and resize
// operators defined by their executor function pass their node tests; what does not pass is
// unsupported for a stated reason only (a dtype d500 tensors do not hold, Split without sizes
// whose output count only a graph knows, a multi-node graph).
TEST(ConformanceCli, TorchIndexingLogicLayoutAndNormalizationNodeTestsPass) {
  if (!fs::exists(std::string(D500_TEST_PLUGIN_DIR) + "/torch.d500plugin.json"))
    GTEST_SKIP() << "this build has no torch plugin";
  const std::string filter =
      "^test_(equal|less|greater|not|and|or|xor|where|isnan|isinf|max|min|mean|mod|bitshift|cast|"
      "castlike|gather|gathernd|scatter|scatternd|onehot|eyelike|tril|triu|cumsum|top_k|argmax|"
      "argmin|compress|"
      "hardmax|slice|split|squeeze|unsqueeze|expand|tile|pad|constant_pad|edge_pad|reflect_pad|"
      "wrap_pad|depthtospace|spacetodepth|layer_normalization|instancenorm|group_normalization|"
      "lpnormalization|lrn|mvn|resize|upsample|einsum|det|shrink|reversesequence|"
      "(hann|hamming|blackman)window)(_.*)?$";
  TempDir dir;
  auto r = run({kD500, "conformance", "--plugin", "torch", "--filter", filter, "--db",
                dir.file("s.d500db"), "--json"},
               dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["counts"]["failed"], 0);
  EXPECT_EQ(j["counts"]["error"], 0);
  int passed = 0;
  for (const auto& t : j["tests"]) {
    const std::string name = t["test"], outcome = t["outcome"], detail = t["detail"];
    if (outcome == "passed") {
      ++passed;
      continue;
    }
    if (name.find("_expanded") != std::string::npos) continue;
    // A dtype: d500 tensors do not hold it (uint16, the bit pattern ONNX 1.12 stores bfloat16
    // test data in), or ATen has no CPU kernel of it that this plugin offers (float16, bfloat16).
    EXPECT_TRUE(detail.find("which d500 tensors do not hold") != std::string::npos ||
                detail.find("unsupported dtype") != std::string::npos ||
                detail.find("no LibTorch equivalent") != std::string::npos ||
                detail.find("is not offered") != std::string::npos ||
                detail.find("known only in a graph") != std::string::npos ||
                detail.find("runs one-node graphs") != std::string::npos ||
                detail.find("must be a constant") != std::string::npos ||
                detail.find("no chosen implementation accepts it") != std::string::npos ||
                detail.find("is not implemented") != std::string::npos ||
                detail.find("no implementation") != std::string::npos)
        << name << ": " << outcome << ": " << detail;
  }
  EXPECT_GE(passed, 250);
  for (const char* op : {"Where", "Gather", "GatherND", "ScatterND", "Slice", "Pad", "TopK",
                         "LayerNormalization", "Resize", "Einsum", "CumSum", "OneHot"})
    EXPECT_GE(j["operators"][op]["passed"].get<int>(), 1) << op;
  auto all =
      run({kD500, "conformance", "--plugin", "torch", "--db", dir.file("all.d500db"), "--json"},
          dir.path());
  ASSERT_EQ(all.exit_code, 0) << all.err;
  auto a = nlohmann::json::parse(all.out);
  EXPECT_EQ(a["counts"]["failed"], 0);
  EXPECT_EQ(a["counts"]["error"], 0);
  EXPECT_GE(a["counts"]["passed"].get<int>(), 636);  // 349 before these operators
}

// Issue 14, item 3 and "Done when": the *_expanded tests run as graphs on the assembled executor
// over the plugin's own operators and count with the rest; the reference passes at least 800 of
// the 932 node tests and the torch plugin at least 835 (842 when written, more than the
// reference's 839, through its run-time-shape, integer, quantized, spectral and detection
// operators), with no failure or error on either plugin.
TEST(ConformanceCli, FunctionBodiesCountAndTheReferencePassesEightHundred) {
  std::vector<std::string> plugins = {"reference"};
  if (fs::exists(std::string(D500_TEST_PLUGIN_DIR) + "/torch.d500plugin.json"))
    plugins.push_back("torch");
  for (const std::string& plugin : plugins) {
    SCOPED_TRACE(plugin);
    TempDir dir;
    auto all =
        run({kD500, "conformance", "--plugin", plugin, "--db", dir.file("all.d500db"), "--json"},
            dir.path());
    ASSERT_EQ(all.exit_code, 0) << all.err;
    auto a = nlohmann::json::parse(all.out);
    EXPECT_EQ(a["counts"]["failed"], 0);
    EXPECT_EQ(a["counts"]["error"], 0);
    EXPECT_EQ(a["counts"]["total"], 932);
    const auto& bodies = a["operators"]["(function body)"];
    EXPECT_GE(bodies["passed"].get<int>(), 90) << bodies.dump();
    EXPECT_GE(a["counts"]["passed"].get<int>(), plugin == "reference" ? 800 : 835);
    if (plugin == "torch")
      for (const char* op : {"Shape", "ConstantOfShape", "Range", "NonZero", "Unique",
                             "NonMaxSuppression", "RNN", "DFT", "STFT", "MelWeightMatrix",
                             "ConvInteger", "QLinearConv", "DynamicQuantizeLinear", "RoiAlign"})
        EXPECT_GE(a["operators"][op]["passed"].get<int>(), 1) << op;
    for (const auto& t : a["tests"])
      if (t["test"] == "test_softmax_axis_0_expanded")
        EXPECT_EQ(t["outcome"], "passed") << t.dump();
  }
}
