// The editable model document (core/onnx/model_edit.h, issue 17 item 2): every edit, every
// refusal, snapshots that restore byte for byte, and edited models that pass the ONNX checker and
// run on the reference plugin's assembled executor.
#include "d500/onnx/model_edit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "d500/network/graph.h"
#include "d500/onnx/display_graph.h"
#include "d500/onnx/model_builder.h"
#include "network_test_util.h"

using namespace d500;
using d500::test::contains;
using onnx::ModelDocument;

namespace {

// input [2, 8] -> fc1 (Gemm) -> act1 (Relu) -> fc2 (Gemm) -> logits [2, 3]
ModelDocument mlp() {
  auto bytes = onnx::build_mlp({.inputs = 8, .hidden = {6}, .classes = 3}, {.seed = 1, .batch = 2});
  if (!bytes.ok()) throw D500Error(bytes.error());
  auto doc = ModelDocument::parse(*bytes, "mlp");
  if (!doc.ok()) throw D500Error(doc.error());
  return std::move(doc).value();
}

std::string shape_of(const onnx::EditDiagnostics& d, const std::string& name) {
  for (const auto& v : d.values)
    if (v.name == name) {
      std::string s;
      for (size_t i = 0; i < v.shape.size(); ++i) s += (i ? "x" : "") + std::to_string(v.shape[i]);
      return s;
    }
  return "?";
}

// Saves through the checker, loads as a Graph and runs it forward on the reference plugin.
std::vector<double> run(const ModelDocument& doc) {
  auto bytes = doc.checked_bytes();
  if (!bytes.ok()) throw D500Error(bytes.error());
  auto model = onnx::Model::parse(*bytes, "edited");
  if (!model.ok()) throw D500Error(model.error());
  auto g = network::Graph::from_model(*model);
  if (!g.ok()) throw D500Error(g.error());
  auto ex = d500::test::make_executor(std::move(g).value());
  Tensor x(DType::Float32, {2, 8});
  for (int64_t i = 0; i < x.numel(); ++i) x.set(i, std::sin(double(i)));
  ex->set_input("input", x);
  ex->forward();
  const Tensor& y = ex->output("logits");
  std::vector<double> out;
  for (int64_t i = 0; i < y.numel(); ++i) out.push_back(y.at(i));
  return out;
}

}  // namespace

TEST(ModelEdit, OpensABuiltModelValidAndTyped) {
  ModelDocument doc = mlp();
  EXPECT_EQ(doc.node_count(), 3u);
  const auto d = doc.diagnose();
  EXPECT_TRUE(d.ok()) << d.model_error;
  EXPECT_EQ(shape_of(d, "act1"), "2x6");
  EXPECT_EQ(doc.find_node("act1"), 1);
  EXPECT_EQ(doc.find_node("nope"), -1);
}

TEST(ModelEdit, ReplaceReluBySigmoidRunsAndChangesTheResult) {
  ModelDocument doc = mlp();
  const auto before = run(doc);
  auto r = doc.replace_op("act1", "Sigmoid");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(doc.node(1).op_type, "Sigmoid");
  EXPECT_TRUE(doc.diagnose().ok());
  const auto after = run(doc);
  ASSERT_EQ(after.size(), before.size());
  EXPECT_NE(after, before);
  for (double v : after) EXPECT_TRUE(std::isfinite(v));
}

TEST(ModelEdit, ReplaceDropsAttributesTheNewOpLacks) {
  ModelDocument doc = mlp();
  ASSERT_TRUE(doc.replace_op("act1", "LeakyRelu").ok());
  ASSERT_TRUE(doc.set_attribute("act1", {"alpha", 0.2}).ok());
  ASSERT_TRUE(doc.replace_op("act1", "Relu").ok());
  EXPECT_TRUE(doc.node(1).attribute_names.empty());
  EXPECT_TRUE(doc.diagnose().ok());
}

TEST(ModelEdit, AddAndConnectInsertsANodeThatRuns) {
  ModelDocument doc = mlp();
  auto added = doc.add_node({.op_type = "Sigmoid", .inputs = {"act1"}});
  ASSERT_TRUE(added.ok()) << added.error().to_string();
  EXPECT_EQ(*added, "sigmoid_0");
  auto c = doc.connect("fc2", 0, "sigmoid_0");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  // fc2 now reads the new node, which was appended after it: the nodes are sorted again.
  EXPECT_LT(doc.find_node("sigmoid_0"), doc.find_node("fc2"));
  const auto d = doc.diagnose();
  EXPECT_TRUE(d.ok()) << d.model_error;
  EXPECT_EQ(shape_of(d, "sigmoid_0"), "2x6");
  EXPECT_EQ(run(doc).size(), 6u);
}

TEST(ModelEdit, RemoveNodeHandsItsInputOn) {
  ModelDocument doc = mlp();
  ASSERT_TRUE(doc.remove_node("act1").ok());
  EXPECT_EQ(doc.node_count(), 2u);
  EXPECT_EQ(doc.node(doc.find_node("fc2")).inputs[0], "fc1");
  EXPECT_TRUE(doc.diagnose().ok());
  EXPECT_EQ(run(doc).size(), 6u);
}

TEST(ModelEdit, SetAttributeChangesShapesAndSaysWhereItBreaks) {
  ModelDocument doc = mlp();
  // transB 0 makes fc2 multiply [2, 6] by its [3, 6] weight: shape inference fails on fc2.
  ASSERT_TRUE(doc.set_attribute("fc2", {"transB", int64_t{0}}).ok());
  const auto d = doc.diagnose();
  ASSERT_TRUE(d.node_errors.count("fc2")) << d.model_error;
  EXPECT_FALSE(d.node_errors.at("fc2").empty());
  auto saved = doc.checked_bytes();
  ASSERT_FALSE(saved.ok());
  EXPECT_TRUE(contains(saved.error().message, "node \"fc2\"")) << saved.error().message;
  ASSERT_TRUE(doc.remove_attribute("fc2", "transB").ok());
  EXPECT_FALSE(doc.remove_attribute("fc2", "transB").ok());
}

TEST(ModelEdit, EveryRefusalNamesWhatIsWrongAndChangesNothing) {
  ModelDocument doc = mlp();
  const std::string bytes = doc.to_bytes();
  auto refused = [&](Result<std::string> r, const std::string& words) {
    ASSERT_FALSE(r.ok()) << words;
    EXPECT_TRUE(contains(r.error().message, words)) << r.error().message;
    EXPECT_EQ(doc.to_bytes(), bytes) << words;
  };
  refused(doc.add_node({.op_type = "Relu", .inputs = {"missing"}}), "no tensor \"missing\"");
  refused(doc.add_node({.op_type = "Relu", .name = "act1", .inputs = {"fc1"}}),
          "a node named \"act1\" already");
  refused(doc.add_node({.op_type = "Relu", .inputs = {"fc1"}, .outputs = {"logits"}}),
          "tensor \"logits\" exists already");
  refused(doc.add_node({.op_type = "Gelu", .inputs = {"fc1"}}), "no operator \"Gelu\"");
  refused(doc.add_node({.op_type = "Relu", .inputs = {"fc1", "act1"}}), "at most 1 inputs");
  refused(doc.add_node({.op_type = "Cast", .inputs = {"fc1"}}), "needs the attribute \"to\"");
  refused(doc.add_node({.op_type = "Relu", .inputs = {"fc1"}, .attributes = {{"alpha", 1.0}}}),
          "Relu has no attribute \"alpha\"");
  refused(doc.connect("fc1", 0, "act1"), "cycle");
  refused(doc.connect("act1", 0, "act1"), "cycle");
  refused(doc.connect("act1", 0, "nowhere"), "no tensor \"nowhere\"");
  refused(doc.connect("act1", 3, "fc1"), "gap");
  refused(doc.connect("act1", 1, "fc1"), "at most 1 inputs");
  refused(doc.connect("ghost", 0, "fc1"), "no node named \"ghost\"");
  refused(doc.remove_node("fc2"), "graph output \"logits\"");
  refused(doc.remove_node("ghost"), "no node named");
  refused(doc.replace_op("act1", "Relu"), "is a Relu already");
  refused(doc.replace_op("act1", "Gelu"), "no operator \"Gelu\"");
  refused(doc.set_attribute("fc2", {"transB", 1.5}), "is int, not float");
  refused(doc.set_attribute("fc2", {"axis", int64_t{1}}), "Gemm has no attribute \"axis\"");
  refused(doc.remove_attribute("act1", "alpha"), "has no attribute \"alpha\"");
}

TEST(ModelEdit, AnIncompleteNodeIsNamedAndNotSaved) {
  ModelDocument doc = mlp();
  ASSERT_TRUE(doc.add_node({.op_type = "Add", .name = "sum", .inputs = {"act1"}}).ok());
  const auto d = doc.diagnose();
  ASSERT_TRUE(d.node_errors.count("sum")) << d.model_error;
  auto saved = doc.checked_bytes();
  ASSERT_FALSE(saved.ok());
  EXPECT_TRUE(contains(saved.error().message, "node \"sum\"")) << saved.error().message;
  ASSERT_TRUE(doc.connect("sum", 1, "act1").ok());
  EXPECT_TRUE(doc.diagnose().ok());
  EXPECT_EQ(shape_of(doc.diagnose(), "sum"), "2x6");
}

TEST(ModelEdit, SnapshotsRestoreEveryEditByteForByte) {
  ModelDocument doc = mlp();
  const std::string original = doc.to_bytes();
  std::vector<std::string> undo;
  auto edit = [&](Result<std::string> r) { ASSERT_TRUE(r.ok()) << r.error().to_string(); };
  undo.push_back(doc.snapshot());
  edit(doc.add_node({.op_type = "Sigmoid", .inputs = {"act1"}}));
  undo.push_back(doc.snapshot());
  edit(doc.connect("fc2", 0, "sigmoid_0"));
  undo.push_back(doc.snapshot());
  edit(doc.replace_op("act1", "Tanh"));
  undo.push_back(doc.snapshot());
  edit(doc.set_attribute("fc2", {"alpha", 0.5}));
  undo.push_back(doc.snapshot());
  edit(doc.remove_node("sigmoid_0"));
  EXPECT_NE(doc.to_bytes(), original);
  while (!undo.empty()) {
    doc.restore(undo.back());
    undo.pop_back();
  }
  EXPECT_EQ(doc.to_bytes(), original);
}

TEST(ModelEdit, SavedModelPassesTheCheckerAndLoads) {
  ModelDocument doc = mlp();
  ASSERT_TRUE(doc.replace_op("act1", "Sigmoid").ok());
  const std::string path =
      (std::filesystem::temp_directory_path() / "d500_model_edit_test.onnx").string();
  auto saved = doc.save(path);
  ASSERT_TRUE(saved.ok()) << saved.error().to_string();
  auto model = onnx::Model::load(path);
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  EXPECT_EQ(model->node(1).op_type, "Sigmoid");
  auto reopened = ModelDocument::load(path);
  ASSERT_TRUE(reopened.ok());
  EXPECT_EQ(reopened->to_bytes(), doc.to_bytes());
  std::filesystem::remove(path);
}

TEST(ModelEdit, SchemasComeFromLibonnx) {
  auto conv = onnx::op_schema("Conv", "", 13);
  ASSERT_TRUE(conv.has_value());
  EXPECT_EQ(conv->min_inputs, 2);
  EXPECT_EQ(conv->max_inputs, 3);
  ASSERT_NE(conv->attribute("kernel_shape"), nullptr);
  EXPECT_EQ(conv->attribute("kernel_shape")->type, "ints");
  ASSERT_NE(conv->attribute("group"), nullptr);
  EXPECT_EQ(conv->attribute("group")->default_value, "1");
  EXPECT_FALSE(onnx::op_schema("Gelu", "", 13).has_value());
  EXPECT_FALSE(onnx::op_schema("NoSuchOp", "", 13).has_value());
}

TEST(ModelEdit, DisplayGraphDrawsAnInvalidDocument) {
  ModelDocument doc = mlp();
  ASSERT_TRUE(doc.add_node({.op_type = "Add", .name = "sum", .inputs = {"act1"}}).ok());
  const auto d = doc.diagnose();
  const auto g = onnx::display_graph(doc, d);
  EXPECT_EQ(g.operator_count, 4u);
  bool drawn = false;
  for (const auto& n : g.nodes) drawn = drawn || n.name == "sum";
  EXPECT_TRUE(drawn);
}

TEST(ModelEdit, WidenAGemmKeepsWhatTheNetworkComputes) {
  ModelDocument doc = mlp();
  const auto before = run(doc);
  const std::string original = doc.to_bytes();
  const std::string undo = doc.snapshot(true);
  auto r = doc.widen("fc1", 9, 7);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const auto d = doc.diagnose();
  EXPECT_TRUE(d.ok()) << d.model_error;
  EXPECT_EQ(shape_of(d, "act1"), "2x9");
  EXPECT_EQ(doc.initializer_info("fc2.weight").shape, (Shape{3, 9}));
  EXPECT_EQ(doc.initializer_info("fc1.bias").shape, (Shape{9}));
  const auto after = run(doc);
  ASSERT_EQ(after.size(), before.size());
  for (size_t i = 0; i < after.size(); ++i) EXPECT_NEAR(after[i], before[i], 1e-5) << i;
  doc.restore(undo);
  EXPECT_EQ(doc.to_bytes(), original);
}

TEST(ModelEdit, WidenAConvOfLenet) {
  auto bytes = onnx::build_lenet({}, {.seed = 1, .batch = 0});
  ASSERT_TRUE(bytes.ok());
  auto doc = ModelDocument::parse(*bytes, "lenet");
  ASSERT_TRUE(doc.ok());
  ASSERT_TRUE(doc->widen("conv1", 8).ok());
  EXPECT_TRUE(doc->diagnose().ok());
  EXPECT_EQ(doc->initializer_info("conv2.weight").shape, (Shape{16, 8, 5, 5}));
  EXPECT_TRUE(doc->checked_bytes().ok());
  auto refused = [&](Result<std::string> r, const std::string& words) {
    ASSERT_FALSE(r.ok()) << words;
    EXPECT_TRUE(contains(r.error().message, words)) << r.error().message;
  };
  refused(doc->widen("conv2", 20), "reaches Flatten \"flatten\"");
  refused(doc->widen("fc3", 12), "does not reach exactly one Conv or Gemm");
  refused(doc->widen("act1", 12), "only a Conv or a Gemm");
  refused(doc->widen("conv1", 8), "widening needs more");
  refused(doc->widen("ghost", 8), "no node named");
}
