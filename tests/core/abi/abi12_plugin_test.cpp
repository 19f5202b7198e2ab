// Old plugins keep loading unchanged (ABI 1.3, issue 14 item 1): a plugin compiled against the
// frozen 1.2 header loads next to 1.3 plugins, runs with INT and FLOATS attributes (which the host
// must hand it with the 1.2 stride), and a TENSOR attribute it cannot receive is a clear error
// naming the node and the attribute.
#include "abi_fixtures.h"
#include "d500/network/assembled_executor.h"
#include "d500/plugin/operator_registry.h"
#include "d500/sdk/attributes.h"

using namespace d500;
using d500::test::abi_op;
using d500::test::abi_plugins;
using d500::test::has;
using d500::test::thrown;

TEST(Abi12Plugin, LoadsNextToAbi13Plugins) {
  auto& pm = abi_plugins();
  const auto* old = pm.find("fixture_abi12");
  const auto* owned = pm.find("fixture_owned");
  const auto* ref = pm.find("reference");
  ASSERT_TRUE(old && owned && ref);
  EXPECT_EQ(old->state, plugin::PluginState::Loaded) << old->error;
  EXPECT_EQ(owned->state, plugin::PluginState::Loaded) << owned->error;
  EXPECT_EQ(ref->state, plugin::PluginState::Loaded) << ref->error;
  EXPECT_EQ(old->abi_version, (1u << 16) | 2u);
  EXPECT_EQ(owned->abi_version, D500_ABI_VERSION);
  EXPECT_EQ(D500_ABI_VERSION, (1u << 16) | 4u);
  EXPECT_EQ(old->n_operators, 1u);
  const auto& ss = abi_op("ScaleShift", "ai.d500.fixture12");
  EXPECT_EQ(ss.plugin, "fixture_abi12");
  EXPECT_EQ(ss.abi, old->abi_version);
  EXPECT_FALSE(ss.has_forward_owned());  // its struct ends before the 1.3 member
}

TEST(Abi12Plugin, RunsWithIntAndFloatsAttributesInTheOldLayout) {
  const auto& ss = abi_op("ScaleShift", "ai.d500.fixture12");
  // Three attributes: with the 1.3 stride the second and third would be read from the wrong place.
  std::vector<plugin::Attribute> attrs = {
      {D500_ATTR_OPSET, int64_t{17}}, {"k", int64_t{3}}, {"bias", std::vector<double>{1.0, 2.0}}};
  Tensor x(DType::Float32, {4});
  for (int i = 0; i < 4; ++i) x.set(i, i + 1);
  plugin::OperatorInstance inst(ss, attrs, {plugin::tensor_info(DType::Float32, {4})});
  std::vector<Tensor> y = inst.run({x.dl()});
  ASSERT_EQ(y.size(), 1u);
  ASSERT_EQ(y[0].shape(), (Shape{4}));
  const double want[] = {3 * 1 + 1, 3 * 2 + 2, 3 * 3 + 1, 3 * 4 + 2};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(y[0].at(i), want[i]) << i;
}

TEST(Abi12Plugin, TensorAttributeIsAnErrorNamingNodeAndAttribute) {
  const auto& ss = abi_op("ScaleShift", "ai.d500.fixture12");
  auto value = std::make_shared<const Tensor>(DType::Float32, Shape{1});
  std::vector<plugin::Attribute> attrs = {{"k", int64_t{2}}, {"value", value}};
  const std::string direct = thrown([&] {
    plugin::OperatorInstance inst(ss, attrs, {plugin::tensor_info(DType::Float32, {4})});
  });
  EXPECT_TRUE(has(direct, "attribute 'value' is a tensor")) << direct;
  EXPECT_TRUE(has(direct, "ABI 1.2")) << direct;
  EXPECT_TRUE(has(direct, "fixture_abi12")) << direct;

  // In a network: the node is named too.
  network::GraphDesc d;
  d.name = "old_plugin";
  d.inputs = {{"x", network::TensorType{DType::Float32, true, {4}}}};
  d.outputs = {"y"};
  network::Node n;
  n.name = "scale";
  n.op_type = "ScaleShift";
  n.domain = "ai.d500.fixture12";
  n.opset = 1;
  n.inputs = {"x"};
  n.outputs = {"y"};
  n.attributes = attrs;
  d.nodes = {n};
  auto g = network::Graph::create(std::move(d));
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  network::ExecutorOptions o;
  o.policy.prefer = {"fixture_abi12"};
  auto ex = network::AssembledExecutor::build(std::move(g).value(), abi_plugins().operators(), o);
  ASSERT_FALSE(ex.ok());
  const std::string e = ex.error().to_string();
  EXPECT_TRUE(has(e, "node 'scale' (ScaleShift)")) << e;
  EXPECT_TRUE(has(e, "attribute 'value' is a tensor")) << e;
}

// The SDK on a 1.2 host: the array it is handed has the old stride, and it reads it right.
TEST(SdkAttributes, ReadsTheOldLayoutFromAnAbi12Host) {
  const int64_t ints[] = {4, 5};
  d500_attr_v1_2 old[2] = {};
  old[0].name = "axis";
  old[0].type = D500_ATTR_INT;
  old[0].i = 7;
  old[1].name = "pads";
  old[1].type = D500_ATTR_INTS;
  old[1].ints = ints;
  old[1].count = 2;
  uint32_t& host = sdk::detail::host_abi();
  const uint32_t saved = host;
  host = (1u << 16) | 2u;
  sdk::Attributes a(reinterpret_cast<const d500_attr*>(old), 2);
  host = saved;
  EXPECT_EQ(a.get_int("axis"), 7);
  EXPECT_EQ(a.get_ints("pads"), (std::vector<int64_t>{4, 5}));
  EXPECT_EQ(a.begin()[1].t, nullptr);  // the 1.3 members of a widened attribute are empty
}
