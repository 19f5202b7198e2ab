// Model loading (the checker, opsets, node descriptions, attributes) and the broken files a user
// will hand d500 sooner or later: missing, empty, truncated, random bytes, failing the checker.
#include "d500/onnx/model.h"

#include <gtest/gtest.h>

#include "../../support/process.h"
#include "d500/onnx/subgraph.h"
#include "onnx_test_util.h"
#include "proto.h"

using d500::onnx::Model;
using d500::test::kNodeTests;
using d500::test::one_node_model;
using d500::test::TempDir;
using d500::test::write_message;

namespace {

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

Model parse_ok(const onnx::ModelProto& m) {
  auto r = Model::parse(m.SerializeAsString(), "test model");
  if (!r.ok()) ADD_FAILURE() << r.error().to_string();
  return std::move(r).value();
}

}  // namespace

TEST(Model, LoadsANodeTestAndDescribesItsNode) {
  auto m = Model::load(kNodeTests + "/test_add/model.onnx");
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  EXPECT_GT(m->ir_version(), 0);
  EXPECT_EQ(m->source(), kNodeTests + "/test_add/model.onnx");
  ASSERT_FALSE(m->opset_imports().empty());
  EXPECT_EQ(m->opset_imports()[0].domain, "");
  EXPECT_GE(m->opset(""), 7);
  EXPECT_EQ(m->opset("ai.onnx"), m->opset(""));
  ASSERT_EQ(m->node_count(), 1u);
  auto n = m->node(0);
  EXPECT_EQ(n.op_type, "Add");
  EXPECT_EQ(n.domain, "");
  EXPECT_EQ(n.inputs, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(n.outputs, (std::vector<std::string>{"sum"}));
  EXPECT_EQ(n.opset, m->opset(""));
  ASSERT_EQ(m->inputs().size(), 2u);
  EXPECT_EQ(m->inputs()[0].kind, "tensor");
  EXPECT_EQ(m->inputs()[0].elem_type, "FLOAT");
  EXPECT_EQ(m->inputs()[0].dtype, d500::DType::Float32);
  ASSERT_EQ(m->outputs().size(), 1u);
  EXPECT_EQ(m->outputs()[0].name, "sum");
}

TEST(Model, GraphAttributesAreSubgraphsWithTheirConstantsFolded) {
  auto m = Model::load(kNodeTests + "/test_loop11/model.onnx");
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  auto attrs = m->attributes(0);  // the body is no plugin attribute
  ASSERT_TRUE(attrs.ok()) << attrs.error().to_string();
  EXPECT_TRUE(attrs->empty());
  auto subs = m->subgraphs(0);
  ASSERT_TRUE(subs.ok()) << subs.error().to_string();
  ASSERT_EQ(subs->size(), 1u);
  const d500::onnx::Subgraph& body = (*subs)[0];
  EXPECT_EQ(body.attribute, "body");
  ASSERT_EQ(body.inputs.size(), 3u);  // iteration number, condition, the carried y
  EXPECT_EQ(body.inputs[0].dtype, d500::DType::Int64);
  EXPECT_EQ(body.outputs.size(), 3u);
  ASSERT_EQ(body.constants.size(), 2u);  // its two Constant nodes, x and one
  EXPECT_EQ(body.constants[0].name, "x");
  EXPECT_EQ(body.constants[0].value.shape(), (d500::Shape{5}));
  ASSERT_EQ(body.nodes.size(), 7u);
  EXPECT_EQ(body.nodes[0].info.op_type, "Identity");
  EXPECT_EQ(body.nodes[0].info.opset, 11);
}

TEST(Model, OmittedOptionalInputsAreEmptyNames) {
  // Clip(x, <no min>, max): the omitted input keeps its position as "".
  auto m = Model::load(kNodeTests + "/test_clip_default_max/model.onnx");
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  auto n = m->node(0);
  EXPECT_EQ(n.op_type, "Clip");
  ASSERT_EQ(n.inputs.size(), 3u);
  EXPECT_EQ(n.inputs[1], "");
  EXPECT_FALSE(n.inputs[2].empty());

  auto built = parse_ok(one_node_model("Gemm", "", {"A", "B", ""}, {"Y"}));
  EXPECT_EQ(built.node(0).inputs, (std::vector<std::string>{"A", "B", ""}));
}

TEST(Model, OpsetPerDomain) {
  auto proto = one_node_model("Echo", "ai.d500.test", {"x"}, {"y"}, 11, 3);
  auto m = parse_ok(proto);
  EXPECT_EQ(m.opset(""), 11);
  EXPECT_EQ(m.opset("ai.onnx"), 11);
  EXPECT_EQ(m.opset("ai.d500.test"), 3);
  EXPECT_EQ(m.opset("com.nowhere"), 0);
  auto n = m.node(0);
  EXPECT_EQ(n.domain, "ai.d500.test");
  EXPECT_EQ(n.opset, 3);
}

TEST(Model, AttributesOfEveryAbiType) {
  auto proto = one_node_model("Echo", "ai.d500.test", {"x"}, {"y"});
  auto* n = proto.mutable_graph()->mutable_node(0);
  auto add = [&](const std::string& name, onnx::AttributeProto::AttributeType type) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(type);
    return a;
  };
  add("i", onnx::AttributeProto::INT)->set_i(-3);
  add("f", onnx::AttributeProto::FLOAT)->set_f(0.5f);
  add("s", onnx::AttributeProto::STRING)->set_s("NOTSET");
  auto* is = add("is", onnx::AttributeProto::INTS);
  is->add_ints(1);
  is->add_ints(2);
  auto* fs = add("fs", onnx::AttributeProto::FLOATS);
  fs->add_floats(0.25f);
  auto m = parse_ok(proto);
  EXPECT_EQ(m.node(0).attribute_names, (std::vector<std::string>{"i", "f", "s", "is", "fs"}));
  auto attrs = m.attributes(0);
  ASSERT_TRUE(attrs.ok()) << attrs.error().to_string();
  ASSERT_EQ(attrs->size(), 5u);
  EXPECT_EQ(std::get<int64_t>((*attrs)[0].value), -3);
  EXPECT_DOUBLE_EQ(std::get<double>((*attrs)[1].value), 0.5);
  EXPECT_EQ(std::get<std::string>((*attrs)[2].value), "NOTSET");
  EXPECT_EQ(std::get<std::vector<int64_t>>((*attrs)[3].value), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(std::get<std::vector<double>>((*attrs)[4].value), (std::vector<double>{0.25}));
}

TEST(Model, AttributeTypesTheAbiCannotCarryAreNamed) {
  // TENSOR and STRINGS cross from ABI 1.3; GRAPHS (lists of subgraphs) do not. A GRAPH (If's
  // branches) is no plugin attribute: Model::subgraphs describes it (see below).
  auto proto = one_node_model("Echo", "ai.d500.test", {"x"}, {"y"});
  auto* a = proto.mutable_graph()->mutable_node(0)->add_attribute();
  a->set_name("value");
  a->set_type(onnx::AttributeProto::TENSOR);
  *a->mutable_t() = d500::test::float_tensor("v", {1}, {1.f});
  auto* g = proto.mutable_graph()->mutable_node(0)->add_attribute();
  g->set_name("branches");
  g->set_type(onnx::AttributeProto::GRAPHS);
  auto m = parse_ok(proto);
  auto attrs = m.attributes(0);
  ASSERT_FALSE(attrs.ok());
  EXPECT_TRUE(contains(attrs.error().message, "\"branches\"")) << attrs.error().message;
  EXPECT_TRUE(contains(attrs.error().message, "GRAPHS")) << attrs.error().message;

  // TENSOR and STRINGS through the private converter, straight from a NodeProto.
  onnx::NodeProto node;
  node.set_op_type("X");
  auto* strs = node.add_attribute();
  strs->set_name("names");
  strs->set_type(onnx::AttributeProto::STRINGS);
  strs->add_strings("a");
  strs->add_strings("b");
  auto* t = node.add_attribute();
  t->set_name("value");
  t->set_type(onnx::AttributeProto::TENSOR);
  *t->mutable_t() = d500::test::float_tensor("v", {2}, {1.f, 2.f});
  auto r = d500::onnx::detail::attributes_from_node(node, "here");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(std::get<std::vector<std::string>>((*r)[0].value),
            (std::vector<std::string>{"a", "b"}));
  const auto& tensor = std::get<std::shared_ptr<const d500::Tensor>>((*r)[1].value);
  ASSERT_TRUE(tensor);
  EXPECT_EQ(tensor->shape(), (d500::Shape{2}));
  EXPECT_EQ(tensor->at(1), 2.0);
}

TEST(Model, RealGemmAttributes) {
  auto m = Model::load(kNodeTests + "/test_gemm_all_attributes/model.onnx");
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  auto attrs = m->attributes(0);
  ASSERT_TRUE(attrs.ok()) << attrs.error().to_string();
  bool saw_alpha = false, saw_trans_a = false;
  for (const auto& a : *attrs) {
    if (a.name == "alpha") saw_alpha = std::get<double>(a.value) == static_cast<double>(0.25f);
    if (a.name == "transA") saw_trans_a = std::get<int64_t>(a.value) == 1;
  }
  EXPECT_TRUE(saw_alpha);
  EXPECT_TRUE(saw_trans_a);
}

TEST(Model, MissingEmptyTruncatedAndRandomFilesNameThePath) {
  TempDir dir;
  auto missing = Model::load(dir.file("nope.onnx"));
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(contains(missing.error().to_string(), dir.file("nope.onnx")));
  EXPECT_TRUE(contains(missing.error().to_string(), "cannot open"));

  auto folder = Model::load(dir.path());
  ASSERT_FALSE(folder.ok());
  EXPECT_TRUE(contains(folder.error().to_string(), "folder")) << folder.error().to_string();

  d500::test::write_bytes(dir.file("empty.onnx"), "");
  auto empty = Model::load(dir.file("empty.onnx"));
  ASSERT_FALSE(empty.ok());
  EXPECT_TRUE(contains(empty.error().to_string(), "empty"));

  for (double keep : {0.3, 0.5, 0.9}) {
    d500::test::write_truncated(kNodeTests + "/test_gemm_all_attributes/model.onnx",
                                dir.file("cut.onnx"), keep);
    auto cut = Model::load(dir.file("cut.onnx"));
    ASSERT_FALSE(cut.ok()) << keep;
    EXPECT_TRUE(contains(cut.error().to_string(), dir.file("cut.onnx")));
    EXPECT_TRUE(contains(cut.error().to_string(), "not a valid ONNX model") ||
                contains(cut.error().to_string(), "ONNX checker"))
        << cut.error().to_string();
  }
  for (unsigned seed = 1; seed <= 5; ++seed) {
    d500::test::write_random(dir.file("noise.onnx"), 500, seed);
    auto noise = Model::load(dir.file("noise.onnx"));
    ASSERT_FALSE(noise.ok()) << seed;
    EXPECT_TRUE(contains(noise.error().to_string(), dir.file("noise.onnx")));
  }
}

TEST(Model, CheckerFailuresAreReported) {
  TempDir dir;
  // An op the default domain does not have.
  write_message(dir.file("bad.onnx"), one_node_model("NoSuchOp", "", {"x"}, {"y"}));
  auto r = Model::load(dir.file("bad.onnx"));
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error().to_string(), "fails the ONNX checker")) << r.error().to_string();
  EXPECT_TRUE(contains(r.error().to_string(), "NoSuchOp")) << r.error().to_string();
  EXPECT_TRUE(contains(r.error().to_string(), dir.file("bad.onnx")));

  // A model without opset_import.
  auto m = one_node_model("Relu", "", {"x"}, {"y"});
  m.clear_opset_import();
  auto r2 = Model::parse(m.SerializeAsString(), "no-opset");
  ASSERT_FALSE(r2.ok());
  EXPECT_TRUE(contains(r2.error().to_string(), "no-opset"));
}

TEST(Model, Initializers) {
  auto proto = one_node_model("Add", "", {"x", "w"}, {"y"});
  *proto.mutable_graph()->add_initializer() = d500::test::float_tensor("w", {2}, {1.f, 2.f});
  auto m = parse_ok(proto);
  EXPECT_EQ(m.initializer_names(), (std::vector<std::string>{"w"}));
  auto w = m.initializer("w");
  ASSERT_TRUE(w.ok()) << w.error().to_string();
  EXPECT_FLOAT_EQ(w->data_as<float>()[1], 2.f);
  EXPECT_FALSE(m.initializer("nope").ok());
}

// Guards issue 15: a stride, dilation or kernel size of 0 once raised SIGFPE inside libonnx's shape
// inference (validate-model, network and training experiments); the model is refused at load,
// naming the node, for every sliding-window op and inside subgraphs.
TEST(Model, ZeroStridesAndKernelsAreRefusedBeforeShapeInference) {
  for (const char* op : {"Conv", "MaxPool", "AveragePool"}) {
    for (const char* attr : {"strides", "kernel_shape", "dilations"}) {
      if (std::string(attr) == "dilations" && std::string(op) == "AveragePool") continue;
      const bool conv = std::string(op) == "Conv";
      auto m = d500::test::one_node_model(
          op, "", conv ? std::vector<std::string>{"X", "W"} : std::vector<std::string>{"X"}, {"Y"});
      auto* n = m.mutable_graph()->mutable_node(0);
      auto* k = n->add_attribute();
      k->set_name("kernel_shape");
      k->set_type(::onnx::AttributeProto::INTS);
      k->add_ints(std::string(attr) == "kernel_shape" ? 0 : 3);
      k->add_ints(3);
      if (std::string(attr) != "kernel_shape") {
        auto* a = n->add_attribute();
        a->set_name(attr);
        a->set_type(::onnx::AttributeProto::INTS);
        a->add_ints(1);
        a->add_ints(0);
      }
      auto r = Model::parse(m.SerializeAsString(), "zero.onnx");
      ASSERT_FALSE(r.ok()) << op << " " << attr;
      const std::string e = r.error().to_string();
      EXPECT_NE(e.find("zero.onnx"), std::string::npos) << e;
      EXPECT_NE(e.find(std::string("node \"n0\" (") + op + ")"), std::string::npos) << e;
      EXPECT_NE(e.find(attr), std::string::npos) << e;
    }
  }
  // A negative pad is refused as well; a valid window is not.
  auto ok = d500::test::one_node_model("MaxPool", "", {"X"}, {"Y"});
  auto* k = ok.mutable_graph()->mutable_node(0)->add_attribute();
  k->set_name("kernel_shape");
  k->set_type(::onnx::AttributeProto::INTS);
  k->add_ints(2);
  k->add_ints(2);
  EXPECT_TRUE(Model::parse(ok.SerializeAsString(), "ok.onnx").ok());
  auto* p = ok.mutable_graph()->mutable_node(0)->add_attribute();
  p->set_name("pads");
  p->set_type(::onnx::AttributeProto::INTS);
  for (int v : {0, 0, -1, 0}) p->add_ints(v);
  EXPECT_FALSE(Model::parse(ok.SerializeAsString(), "pads.onnx").ok());
}
