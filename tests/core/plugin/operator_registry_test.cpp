// The operator registry's lookups, and OperatorInstance turning the C ABI into C++ (attributes
// in, status codes out as D500Error named after the implementation).
#include <gtest/gtest.h>

#include <string>

#include "d500/error.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"
#include "fixture_paths.h"

namespace d500::plugin {
namespace {

// One manager for the whole suite: the reference plugin and the good fixture.
class Registry : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    manager_ = new PluginManager({D500_TEST_PLUGIN_DIR, test::fixture_plugin_dir()});
    manager_->load({"reference", "fixture_good"});
  }
  static void TearDownTestSuite() {
    delete manager_;
    manager_ = nullptr;
  }
  const OperatorRegistry& ops() { return manager_->operators(); }
  const OperatorImpl& impl(const std::string& op, const std::string& domain,
                           const std::string& id) {
    const OperatorImpl* i = ops().find_impl(op, domain, id);
    if (!i) throw std::runtime_error("no " + id + " " + op);
    return *i;
  }
  // The message of the D500Error that f throws ("" when it does not throw).
  template <class F>
  static std::string error_of(F&& f) {
    try {
      f();
    } catch (const D500Error& e) {
      return e.what();
    }
    return "";
  }
  static PluginManager* manager_;
};
PluginManager* Registry::manager_ = nullptr;

TEST_F(Registry, FindByOpTypeDomainAndDevice) {
  auto gemm = ops().find("Gemm");
  ASSERT_EQ(gemm.size(), 1u);
  EXPECT_EQ(gemm[0]->plugin, "reference");
  EXPECT_EQ(gemm[0]->id(), "reference/default");
  EXPECT_EQ(ops().find("Gemm", "ai.onnx").size(), 1u);  // "" and "ai.onnx" are the same domain
  EXPECT_EQ(ops().find("Gemm", "", kDLCPU).size(), 1u);
  EXPECT_TRUE(ops().find("Gemm", "", kDLCUDA).empty());
  EXPECT_TRUE(ops().find("Gemm", "ai.d500.test").empty());
  EXPECT_TRUE(ops().find("Frobnicate").empty());
  EXPECT_EQ(ops().find("Conv").size(),
            1u);  // examples/ and torch offer Conv too, but are not loaded
  EXPECT_EQ(ops().find("Noop", "ai.d500.test").size(), 1u);
  EXPECT_EQ(ops().find("Scale", "ai.d500.fixture").size(), 1u);
  for (const char* op : {"Gemm", "MatMul", "Add", "Relu"}) {
    SCOPED_TRACE(op);
    ASSERT_EQ(ops().find(op).size(), 1u);
    EXPECT_TRUE(ops().find(op)[0]->has_backward());
  }
  EXPECT_FALSE(ops().find("Noop", "ai.d500.test")[0]->has_backward());
}

TEST_F(Registry, FindImplByPluginOrPluginSlashVariant) {
  EXPECT_NE(ops().find_impl("Gemm", "", "reference"), nullptr);
  EXPECT_EQ(ops().find_impl("Gemm", "", "reference"),
            ops().find_impl("Gemm", "", "reference/default"));
  EXPECT_EQ(ops().find_impl("Gemm", "", "reference/im2col"), nullptr);
  EXPECT_EQ(ops().find_impl("Gemm", "", "torch"), nullptr);
  EXPECT_EQ(ops().find_impl("Scale", "", "fixture_good"), nullptr);  // wrong domain
  EXPECT_NE(ops().find_impl("Scale", "ai.d500.fixture", "fixture_good"), nullptr);
}

TEST_F(Registry, InstanceRunsForwardBackwardAndCost) {
  Tensor x(DType::Float32, {4});
  for (int i = 0; i < 4; ++i) x.set(i, i + 1);
  OperatorInstance op(impl("Scale", "ai.d500.fixture", "fixture_good"), {{"factor", 3.0}},
                      {tensor_info(DType::Float32, {4})});
  auto infos = op.output_info();
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].ndim, 1);
  EXPECT_EQ(infos[0].shape[0], 4);
  Tensor y(DType::Float32, {4});
  std::vector<DLTensor> outs{y.dl()};
  op.forward({x.dl()}, outs);
  EXPECT_EQ(y.at(3), 12.0);
  Tensor dx(DType::Float32, {4});
  std::vector<DLTensor> grads{dx.dl()};
  op.backward({x.dl()}, {x.dl()}, {y.dl()}, grads);
  EXPECT_EQ(dx.at(1), 6.0);
  ASSERT_TRUE(op.has_cost());
  EXPECT_EQ(op.cost(), (std::pair<double, double>{4.0, 32.0}));
}

TEST_F(Registry, AttributesOfEveryTypeCrossTheBoundary) {
  const auto& scale = impl("Scale", "ai.d500.fixture", "fixture_good");
  const std::vector<d500_tensor_info> in{tensor_info(DType::Float32, {2})};
  // An int is accepted where a float is expected.
  EXPECT_NO_THROW(OperatorInstance(scale, {{"factor", int64_t{2}}}, in));
  EXPECT_EQ(error_of([&] {
              OperatorInstance(scale, {{"factor", std::string("two")}}, in);
            }),
            "fixture_good/default Scale: attribute 'factor' must be float, got string");
  EXPECT_EQ(error_of([&] {
              OperatorInstance(scale, {{"factor", std::vector<double>{1.0, 2.0}}}, in);
            }),
            "fixture_good/default Scale: attribute 'factor' must be float, got floats");
  EXPECT_EQ(error_of([&] {
              OperatorInstance(scale, {{"factors", std::vector<int64_t>{1}}}, in);
            }),
            "fixture_good/default Scale: unknown attribute 'factors' (known: factor)");
}

TEST_F(Registry, PluginErrorsBecomeD500ErrorsNamingTheImplementation) {
  const auto& scale = impl("Scale", "ai.d500.fixture", "fixture_good");
  EXPECT_EQ(error_of([&] { OperatorInstance(scale, {}, {tensor_info(DType::Float64, {2})}); }),
            "fixture_good/default Scale: only float32, got float64[2]");
  EXPECT_EQ(error_of([&] { OperatorInstance(scale, {}, {}); }),
            "fixture_good/default Scale: expected 1 inputs, got 0");
  // A wrong dtype at forward time is caught by the SDK's typed view.
  OperatorInstance op(scale, {}, {tensor_info(DType::Float32, {2})});
  Tensor x(DType::Float64, {2}), y(DType::Float32, {2});
  std::vector<DLTensor> outs{y.dl()};
  EXPECT_EQ(error_of([&] { op.forward({x.dl()}, outs); }),
            "fixture_good/default Scale: tensor is float64, expected float32");
  // Asking for a missing input is an error, not a read past the array.
  std::vector<DLTensor> none;
  EXPECT_EQ(error_of([&] { op.forward({}, none); }),
            "fixture_good/default Scale: tensor 0 requested, 0 given");
}

TEST_F(Registry, OperatorWithoutBackwardSaysSo) {
  OperatorInstance noop(impl("Noop", "ai.d500.test", "reference"), {}, {});
  EXPECT_TRUE(noop.output_info().empty());
  std::vector<DLTensor> none;
  EXPECT_NO_THROW(noop.forward({}, none));
  EXPECT_EQ(error_of([&] { noop.backward({}, {}, {}, none); }),
            "reference/default Noop: has no backward");
}

TEST(TensorInfo, ConvertsHostShapes) {
  d500_tensor_info t = tensor_info(DType::Float64, {2, 3});
  EXPECT_EQ(t.ndim, 2);
  EXPECT_EQ(t.shape[1], 3);
  EXPECT_EQ(t.dtype.code, kDLFloat);
  EXPECT_EQ(t.dtype.bits, 64);
  EXPECT_THROW(tensor_info(DType::Float32, Shape(D500_MAX_DIMS + 1, 1)), D500Error);
}

}  // namespace
}  // namespace d500::plugin
