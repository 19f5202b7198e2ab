// The network level through the runner (issue 4): the shipped example runs and `d500 show`
// prints latency percentiles, throughput per batch size, forward+backward, the five slowest
// nodes and micro-batching; bad input (a missing or truncated model, an unknown executor, input
// or loss, an operator no chosen plugin implements, bad batch sizes) exits 3 with a message
// naming what is wrong and leaves no run behind; a stored model validation shows its rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "../support/process.h"
#include "d500/store/result_store.h"

namespace fs = std::filesystem;
using d500::test::read_file;
using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kExample =
    std::string(D500_TEST_SOURCE_DIR) + "/resources/examples/lenet_network.json";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

size_t runs_in(const std::string& db) {
  if (!fs::exists(db)) return 0;
  auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly);
  return s.ok() ? s.value()->runs().size() : 0;
}

// A quick network experiment on a small MLP with `network` spliced in.
std::string experiment(const TempDir& dir, const std::string& name, const std::string& network) {
  const std::string path = dir.file(name + ".json");
  std::ofstream(path) << R"({"d500": 1, "name": ")" << name << R"(", "level": "network",
    "seed": 1, "repetition": {"min_samples": 5, "max_samples": 20, "max_seconds": 0.05},
    "network": )" << network
                      << "}";
  return path;
}

}  // namespace

TEST(NetworkCli, ExampleRunsAndShows) {
  if (!fs::exists(std::string(D500_TEST_PLUGIN_DIR) + "/torch.d500plugin.json"))
    GTEST_SKIP() << "the example runs the torch executor too; this build has no torch plugin";
  TempDir dir;
  const std::string db = dir.file("n.d500db");
  auto r = run({kD500, "run", kExample, "--db", db, "--progress=none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  r = run({kD500, "show", "latest", "--db", db}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string& out = r.out;
  for (const char* s :
       {"(network)", "inference latency, batch 1", "P50", "P90", "P99", "FIRST CALL", "PEAK RSS Δ",
        "throughput", "forward+backward per batch", "five slowest nodes, reference, fwd b=1",
        "five slowest nodes, reference, fwd+bwd b=64", "micro-batching, reference", "equal",
        "builder lenet"})
    EXPECT_TRUE(contains(out, s)) << "missing \"" << s << "\" in:\n" << out;
  EXPECT_FALSE(contains(out, "DIFFERENT")) << out;
  // A throughput and a forward+backward row per batch size.
  auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
  std::set<std::string> subjects;
  for (const auto& m : s->measurements(1)) subjects.insert(m.subject);
  for (const char* b : {"1", "16", "64"}) {
    EXPECT_TRUE(subjects.count(std::string("throughput b=") + b)) << b;
    EXPECT_TRUE(subjects.count(std::string("fwd+bwd b=") + b)) << b;
  }
  for (const char* k : {"1", "2", "4"})
    EXPECT_TRUE(subjects.count(std::string("micro-batching k=") + k + " B=64")) << k;
  // The slowest nodes table lists five nodes with their op type and share.
  const size_t at = out.find("five slowest nodes, reference, fwd b=1");
  ASSERT_NE(at, std::string::npos);
  const std::string table = out.substr(at, out.find("\n\n", at) - at);
  // The title, the header and five rows, each row ending in its share.
  EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 6) << table;
  size_t shares = 0;
  for (size_t p = table.find("%\n"); p != std::string::npos; p = table.find("%\n", p + 1)) ++shares;
  EXPECT_EQ(shares + (table.back() == '%'), 5u) << table;
  EXPECT_TRUE(contains(table, "Conv")) << table;

  r = run({kD500, "export", "latest", "--csv", "--db", db}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "latency b=1")) << r.out.substr(0, 400);
  EXPECT_TRUE(contains(r.out, "micro-batching k=4 B=64"));
}

TEST(NetworkCli, BadInputExits3AndStoresNothing) {
  TempDir dir;
  const std::string db = dir.file("bad.d500db");
  // A model written by `d500 model`, then cut in half.
  ASSERT_EQ(
      run({kD500, "model", "mlp", "--batch", "dynamic", "-o", dir.file("mlp.onnx")}, dir.path())
          .exit_code,
      0);
  const std::string model = read_file(dir.file("mlp.onnx"));
  std::ofstream(dir.file("cut.onnx"), std::ios::binary) << model.substr(0, model.size() / 2);

  struct Case {
    std::string name, network, message;
  };
  const std::string mlp = R"("model": {"builder": "mlp"})";
  const std::vector<Case> cases = {
      {"missing", R"({"model": "nosuch.onnx", "executors": ["reference"]})",
       "$.network.model: no model file \"" + dir.file("nosuch.onnx") + "\""},
      {"truncated", R"({"model": "cut.onnx", "executors": ["reference"]})",
       "$.network.model: " + dir.file("cut.onnx")},
      {"unknown_executor", "{" + mlp + R"(, "executors": ["nosuch"]})", "\"nosuch\""},
      {"unknown_variant", "{" + mlp + R"(, "executors": ["reference/fast"]})",
       "$.network.executors[0]: unknown executor \"reference/fast\""},
      {"unknown_input",
       "{" + mlp + R"(, "executors": ["reference"], "input_shapes": {"image": [784]}})",
       "$.network.input_shapes.image: the model has no input \"image\" (its inputs: input)"},
      {"unimplemented", R"({"model": {"builder": "lenet"}, "executors": ["assembled:examples"]})",
       "executor \"assembled:examples\" cannot run the model: no plugin it uses implements"},
      {"batch", "{" + mlp + R"(, "executors": ["reference"], "batch_sizes": [4, 0]})",
       "$.network.batch_sizes[1]: expected an integer >= 1, got number 0"},
      {"loss", "{" + mlp + R"(, "executors": ["reference"], "loss": "nll"})",
       "$.network.loss: the model has no output \"nll\" (its outputs: logits)"},
      {"micro",
       "{" + mlp + R"(, "executors": ["reference"], "micro_batching": {"batch": 6, "k": [4]}})",
       "$.network.micro_batching.k[0]: 4 does not divide the batch 6"},
  };
  for (const auto& c : cases) {
    auto r = run({kD500, "run", experiment(dir, c.name, c.network), "--db", db, "--progress=none"},
                 dir.path());
    EXPECT_EQ(r.exit_code, 3) << c.name << ": " << r.err;
    EXPECT_TRUE(contains(r.err, c.message)) << c.name << ": expected \"" << c.message << "\" in:\n"
                                            << r.err;
  }
  EXPECT_EQ(runs_in(db), 0u) << "bad input leaves no run behind";
}

TEST(NetworkCli, ModelFileRelativeToTheExperiment) {
  TempDir dir;
  fs::create_directory(dir.file("sub"));
  ASSERT_EQ(run({kD500, "model", "mlp", "--hidden", "16", "--input", "12", "--batch", "dynamic",
                 "-o", dir.file("sub/small.onnx")},
                dir.path())
                .exit_code,
            0);
  const std::string path = dir.file("sub/e.json");
  std::ofstream(path) << R"({"d500": 1, "name": "small", "level": "network", "seed": 2,
    "repetition": {"min_samples": 5, "max_samples": 20, "max_seconds": 0.05},
    "network": {"model": "small.onnx", "executors": ["reference"], "batch_sizes": [2],
                "latency_min_samples": 10, "micro_batching": {"batch": 4, "k": [1, 2]}}})";
  const std::string db = dir.file("r.d500db");
  auto r = run({kD500, "run", path, "--db", db, "--progress=none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run({kD500, "show", "1", "--db", db}, dir.path());
  EXPECT_TRUE(contains(r.out, "small.onnx")) << r.out;
  EXPECT_TRUE(contains(r.out, "five slowest nodes, reference, fwd+bwd b=2")) << r.out;
  EXPECT_TRUE(contains(r.out, "Gemm")) << r.out;
}

// Each latency sample keeps what the process did meanwhile, and `d500 show` says next to the
// percentiles what the samples above p90 coincided with.
TEST(NetworkCli, ShowExplainsTheLatencyTail) {
  TempDir dir;
  ASSERT_EQ(run({kD500, "model", "mlp", "--hidden", "16", "--input", "12", "--batch", "dynamic",
                 "-o", dir.file("small.onnx")},
                dir.path())
                .exit_code,
            0);
  const std::string path = dir.file("e.json");
  std::ofstream(path) << R"({"d500": 1, "name": "tail", "level": "network", "seed": 2,
    "repetition": {"min_samples": 40, "max_samples": 40, "max_seconds": 1},
    "network": {"model": "small.onnx", "executors": ["reference"], "batch_sizes": [2],
                "latency_min_samples": 40}})";
  const std::string db = dir.file("r.d500db");
  auto r = run({kD500, "run", path, "--db", db, "--progress=none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
  bool kept = false;
  for (const auto& m : s->measurements(1))
    if (m.subject.rfind("latency", 0) == 0)
      kept = s->sample_context_words(m.id).size() == 4 * s->samples(m.id).size() &&
             !s->samples(m.id).empty();
  EXPECT_TRUE(kept);
  r = run({kD500, "show", "1", "--db", db}, dir.path());
  EXPECT_TRUE(contains(r.out, "latency tail (samples above p90")) << r.out;
  EXPECT_TRUE(contains(r.out, "reference: p90 is")) << r.out;
}

TEST(ShowCli, ModelValidationRunListsItsComparisons) {
  TempDir dir;
  const std::string db = dir.file("v.d500db");
  ASSERT_EQ(run({kD500, "model", "mlp", "--hidden", "8", "--input", "6", "-o", dir.file("m.onnx")},
                dir.path())
                .exit_code,
            0);
  auto r =
      run({kD500, "--db", db, "validate-model", dir.file("m.onnx"), "--compare-with", "reference"},
          dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  r = run({kD500, "show", "latest", "--db", db}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(contains(r.out, "(no measurements)")) << r.out;
  EXPECT_TRUE(contains(r.out, "output:logits")) << r.out;
  EXPECT_TRUE(contains(r.out, "gradient:fc1.weight")) << r.out;
  EXPECT_TRUE(contains(r.out, "comparisons within the tolerance")) << r.out;
}

// Per-node validation (the graph view's validation overlay): every node output of an executor is
// compared with the reference executor's and stored, tied to that executor's node measurement of
// the forward pass at batch 1. The example kernels' im2col Conv against the reference's direct one
// differ only by rounding: every row passes, and there is one per node of the graph.
TEST(NetworkCli, EveryNodeOfAnotherExecutorIsValidatedAgainstTheReference) {
  TempDir dir;
  const std::string db = dir.file("v.d500db");
  const std::string exe = "assembled:Conv=examples/im2col,reference";
  const std::string spec = experiment(dir, "nodes", R"({"model": {"builder": "lenet", "seed": 1},
      "executors": ["reference", ")" + exe + R"("], "batch_sizes": [1], "latency": true,
      "throughput": false, "training": false, "per_node": true})");
  auto r = run({kD500, "run", spec, "--db", db, "--progress=none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
  std::map<int64_t, d500::store::MeasurementRow> rows;
  for (const auto& m : s->measurements(1)) rows[m.id] = m;
  size_t node_rows = 0, tied = 0;
  std::set<std::string> nodes;
  for (const auto& v : s->validations(1)) {
    if (v.metric != "node_rel_error") continue;
    ++node_rows;
    EXPECT_TRUE(v.passed) << v.subject << ": " << v.value << " " << v.detail;
    EXPECT_TRUE(contains(v.subject, "[" + exe + " vs reference]")) << v.subject;
    auto m = rows.find(v.measurement_id);
    ASSERT_NE(m, rows.end()) << v.subject;
    EXPECT_EQ(m->second.implementation, exe);
    const auto point = nlohmann::json::parse(m->second.point_json);
    EXPECT_EQ(point["kind"], "node");
    EXPECT_EQ(point["pass"], "fwd");
    nodes.insert(point["node"].get<std::string>());
    ++tied;
  }
  EXPECT_EQ(node_rows, tied);
  EXPECT_EQ(node_rows, nodes.size());  // one per node, none twice
  EXPECT_GE(node_rows, 10u);           // LeNet-5: conv, relu, pool x2, flatten, gemm/relu x3
  // The reference is not validated against itself.
  for (const auto& v : s->validations(1))
    EXPECT_FALSE(contains(v.subject, "[reference vs")) << v.subject;
}
