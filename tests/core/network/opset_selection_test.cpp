// Opset adaptation (issue 14, item 5): an implementation states the opsets of its operator it
// follows, and the assembled executor and conformance pick, per node, one whose range holds the
// model's opset. A "strict" plugin whose Softmax follows only opset 13 on (the reference's
// function table under another name, with its range narrowed) takes the opset-13 node and leaves
// the opset-11 node to the reference; alone, it is refused naming the node, the op, the opset
// and the versions it has.
#include <gtest/gtest.h>

#include <cmath>

#include "network_test_util.h"

using namespace d500;
using namespace d500::network;
using d500::test::contains;
using d500::test::node;
using d500::test::type;

namespace {

// The reference's Softmax as plugin "strict", following opsets 13+ only.
const plugin::OperatorRegistry& with_strict_softmax() {
  static plugin::OperatorRegistry reg = [] {
    plugin::OperatorRegistry r;
    for (const auto& impl : d500::test::operators().all()) r.add(impl);
    static d500_operator narrowed =
        *d500::test::operators().find_impl("Softmax", "", "reference")->op;
    narrowed.since_opset = 13;
    narrowed.until_opset = 0;
    plugin::OperatorImpl strict = *d500::test::operators().find_impl("Softmax", "", "reference");
    strict.plugin = "strict";
    strict.op = &narrowed;
    r.add(strict);
    return r;
  }();
  return reg;
}

Graph softmax_graph(int64_t opset) {
  GraphDesc d;
  d.inputs = {{"x", type(DType::Float32, {2, 3})}};
  d.outputs = {"y"};
  d.nodes = {node("sm", "Softmax", {"x"}, {"y"}, {{"axis", int64_t{1}}}, opset)};
  return d500::test::make_graph(std::move(d));
}

ExecutorOptions prefer(const std::string& list) {
  ExecutorOptions o;
  o.policy = AssemblyPolicy::parse(list).value();
  return o;
}

}  // namespace

TEST(OpsetRange, IsReadFromTheTableAndWrittenForUsers) {
  const auto* strict = with_strict_softmax().find_impl("Softmax", "", "strict");
  ASSERT_NE(strict, nullptr);
  EXPECT_EQ(strict->since_opset(), 13);
  EXPECT_EQ(strict->opset_range(), "13+");
  EXPECT_FALSE(strict->follows_opset(11));
  EXPECT_TRUE(strict->follows_opset(13));
  EXPECT_TRUE(strict->follows_opset(0)) << "an unknown opset is not a reason to refuse";
  const auto* up = d500::test::operators().find_impl("Upsample", "", "reference");
  ASSERT_NE(up, nullptr);
  EXPECT_EQ(up->opset_range(), "7-9");
  EXPECT_EQ(plugin::opset_range_text(0, 12), "up to 12");
  EXPECT_EQ(plugin::opset_range_text(0, 0), "any");
}

TEST(OpsetRange, EachNodeRunsOnAnImplementationOfItsOpset) {
  for (const int64_t opset : {11, 13}) {
    auto ex = AssembledExecutor::build(softmax_graph(opset), with_strict_softmax(),
                                       prefer("strict,reference"));
    ASSERT_TRUE(ex.ok()) << ex.error().message;
    ASSERT_EQ((*ex)->assignments().size(), 1u);
    EXPECT_EQ((*ex)->assignments()[0].implementation,
              opset >= 13 ? "strict/default" : "reference/default")
        << "opset " << opset;
    (*ex)->set_input("x", d500::test::tensor(DType::Float32, {2, 3}, {1, 2, 3, 0, 0, 0}));
    (*ex)->forward();
    const Tensor& y = (*ex)->output("y");
    EXPECT_NEAR(y.at(3), 1.0 / 3.0, 1e-6);
    EXPECT_NEAR(y.at(2), std::exp(1.0) / (1 + std::exp(1.0) + std::exp(-1.0)), 1e-6);
  }
}

TEST(OpsetRange, AnOpsetNoChosenImplementationFollowsIsNamedWithTheVersionsThatExist) {
  auto missing = AssembledExecutor::unimplemented(softmax_graph(11), with_strict_softmax(),
                                                  prefer("strict").policy);
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0], "Softmax at opset 11 (node 'sm': strict/default follows opsets 13+)");
  auto ex = AssembledExecutor::build(softmax_graph(11), with_strict_softmax(), prefer("strict"));
  ASSERT_FALSE(ex.ok());
  EXPECT_TRUE(contains(ex.error().message, "Softmax at opset 11")) << ex.error().message;
  EXPECT_TRUE(contains(ex.error().message, "follows opsets 13+")) << ex.error().message;
  EXPECT_TRUE(
      AssembledExecutor::build(softmax_graph(13), with_strict_softmax(), prefer("strict")).ok());
}
