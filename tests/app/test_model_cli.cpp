// `d500 model` and `d500 validate-model` (issue 4): the models written load and run; test
// folders validate with exit 0, fail with 1, and broken input (truncated model, an operator no
// plugin implements, an input of the wrong shape) exits 3 with a message naming what is wrong
// and stores nothing; --compare-with compares two executors.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "../support/process.h"
#include "d500/network/graph.h"
#include "d500/onnx/model.h"

namespace fs = std::filesystem;
using d500::test::read_file;
using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kConverted = "/usr/share/libonnx-testdata/data/pytorch-converted";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

}  // namespace

TEST(ModelCli, WritesLoadableModels) {
  TempDir dir;
  struct Case {
    std::vector<std::string> args;
    size_t nodes;
  };
  const std::vector<Case> cases = {
      {{"mlp", "--hidden", "64,32", "--input", "100", "--classes", "5"}, 5},
      {{"lenet", "--activation", "tanh", "--pool", "average", "--batch", "dynamic"}, 12},
      {{"resnet", "--channels", "8,16", "--blocks", "2", "--with-loss"}, 37},
  };
  for (const auto& c : cases) {
    std::vector<std::string> argv = {kD500, "model"};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    argv.insert(argv.end(), {"-o", dir.file(c.args[0] + ".onnx")});
    auto r = run(argv, dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "wrote " + dir.file(c.args[0] + ".onnx"))) << r.out;
    auto m = d500::onnx::Model::load(dir.file(c.args[0] + ".onnx"));
    ASSERT_TRUE(m.ok()) << m.error().to_string();
    EXPECT_EQ(m->node_count(), c.nodes) << c.args[0];
    auto g = d500::network::Graph::load(dir.file(c.args[0] + ".onnx"), {.batch = 2});
    EXPECT_TRUE(g.ok()) << g.error().to_string();
  }
  // The default file name (in the current folder, hence the shell), and JSON output.
  auto r = run({"/bin/sh", "-c",
                "cd '" + dir.path() + "' && exec '" + kD500 + "' --json model lenet --seed 9"},
               dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["file"], "lenet5.onnx");
  EXPECT_EQ(j["parameters"], 61706);
  EXPECT_TRUE(fs::exists(dir.file("lenet5.onnx")));
}

TEST(ModelCli, BadArguments) {
  TempDir dir;
  const std::string out = dir.file("x.onnx");
  EXPECT_EQ(run({kD500, "model", "vgg", "-o", out}, dir.path()).exit_code, 2);
  auto r = run({kD500, "model", "mlp", "--hidden", "12,x", "-o", out}, dir.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "--hidden")) << r.err;
  r = run({kD500, "model", "lenet", "--input", "1x8x8", "-o", out}, dir.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "too small")) << r.err;
  EXPECT_EQ(run({kD500, "model", "mlp", "--dtype", "int8", "-o", out}, dir.path()).exit_code, 2);
  EXPECT_FALSE(fs::exists(out));
}

TEST(ValidateModelCli, PassesFailsAndStores) {
  TempDir dir;
  auto r = run({kD500, "validate-model", kConverted + "/test_Conv2d"}, dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "passed")) << r.out;
  EXPECT_TRUE(contains(r.out, "reference/default")) << r.out;
  // Stored only when --db is given: nothing appears in the current folder.
  r = run({"/bin/sh", "-c",
           "cd '" + dir.path() + "' && exec '" + kD500 + "' validate-model " + kConverted +
               "/test_ReLU"},
          dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir.file("d500.d500db")));

  // A wrong expected output fails (exit 1), and with --db the run is stored.
  fs::copy(kConverted + "/test_ReLU", dir.file("relu"), fs::copy_options::recursive);
  fs::copy_file(kConverted + "/test_Sigmoid/test_data_set_0/output_0.pb",
                dir.file("relu/test_data_set_0/output_0.pb"), fs::copy_options::overwrite_existing);
  r = run({kD500, "--db", dir.file("v.d500db"), "validate-model", dir.file("relu")}, dir.path());
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "failed")) << r.out;
  EXPECT_TRUE(fs::exists(dir.file("v.d500db")));
}

TEST(ValidateModelCli, BadInputExits3AndStoresNothing) {
  TempDir dir;
  const std::string db = dir.file("v.d500db");
  fs::copy(kConverted + "/test_Conv2d", dir.file("cut"), fs::copy_options::recursive);
  const std::string model = read_file(dir.file("cut/model.onnx"));
  std::ofstream(dir.file("cut/model.onnx"), std::ios::binary | std::ios::trunc)
      << model.substr(0, model.size() / 2);
  auto r = run({kD500, "--db", db, "validate-model", dir.file("cut")}, dir.path());
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, dir.file("cut/model.onnx"))) << r.out;

  r = run({kD500, "--db", db, "validate-model",
           "/usr/share/libonnx-testdata/data/simple/test_sequence_model6"},
          dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.out, "unsupported operator SplitToSequence (node 'SplitToSequence_0')"))
      << r.out;

  fs::copy(kConverted + "/test_Conv2d", dir.file("shape"), fs::copy_options::recursive);
  fs::copy_file(kConverted + "/test_Conv1d/test_data_set_0/input_0.pb",
                dir.file("shape/test_data_set_0/input_0.pb"), fs::copy_options::overwrite_existing);
  r = run({kD500, "--db", db, "validate-model", dir.file("shape")}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.out, "input \"0\": the model expects float32[2, 3, 7, 5]")) << r.out;

  r = run({kD500, "--db", db, "validate-model", dir.file("nowhere")}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  r = run({kD500, "--db", db, "validate-model", kConverted + "/test_ReLU", "--plugin", "nosuch"},
          dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "unknown plugin \"nosuch\"")) << r.err;
  EXPECT_FALSE(fs::exists(db)) << "bad input stores nothing";
}

TEST(ValidateModelCli, CompareWithAnotherExecutor) {
  TempDir dir;
  const std::string lenet = std::string(D500_TEST_SOURCE_DIR) + "/resources/models/lenet5.onnx";
  auto r = run({kD500, "--json", "validate-model", lenet, "--prefer", "Conv=examples/im2col",
                "--compare-with", "reference", "--batch", "3", "--seed", "4"},
               dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["passed"], true);
  EXPECT_EQ(j["intermediates"].size(), 12u);
  EXPECT_EQ(j["first_diverging_node"], "");
  EXPECT_EQ(j["gradients_compared"], false);  // the examples' Conv has no backward
  EXPECT_TRUE(contains(j["gradients_skipped"].get<std::string>(), "no backward"));

  // Reference against itself, gradients included: identical.
  r = run({kD500, "validate-model", lenet, "--compare-with", "reference", "--batch", "2"},
          dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "gradients of sum of logits")) << r.out;
  EXPECT_TRUE(contains(r.out, "conv1.weight")) << r.out;

  // A model file without --compare-with has no data to compare with.
  r = run({kD500, "validate-model", lenet}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.err, "--compare-with")) << r.err;
}
