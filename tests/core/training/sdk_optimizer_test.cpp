// Issue 5 (level 2): the SDK's optimizer layer (sdk/optimizer.h) through its C table, without a
// plugin: the checks it makes before step(), and every exception turned into a status.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "d500/sdk/optimizer.h"
#include "d500/tensor.h"

namespace {

using d500::DType;
using d500::Tensor;

// Scales each parameter by (1 - lr * g); throws what the "throw" hyper-parameter asks for.
class Scaler : public d500::sdk::Optimizer<Scaler> {
 public:
  explicit Scaler(const d500::sdk::Attributes& h) : mode_(h.get_float("throw", 0.0)) {
    h.expect_only({"throw"});
    if (mode_ == 1) throw std::invalid_argument("bad hyper-parameter");
  }
  void step(d500::sdk::Params params, d500::sdk::Grads grads, double lr) {
    if (mode_ == 2) throw std::logic_error("a bug");
    if (mode_ == 3) throw 42;
    for (size_t i = 0; i < params.size(); ++i) {
      auto p = params[i].as<float>();
      auto g = grads[i].as<float>();
      for (int64_t k = 0; k < p.numel(); ++k) p[k] *= static_cast<float>(1.0 - lr * g[k]);
    }
    seen_steps = steps_taken();
  }
  int64_t seen_steps = -1;

 private:
  double mode_;
};

const d500_optimizer kTable = Scaler::define({"scaler", "default", "test"});

void* create(double mode, int32_t expect_status = D500_OK) {
  d500_attr a{};
  a.name = "throw";
  a.type = D500_ATTR_FLOAT;
  a.f = mode;
  void* instance = nullptr;
  d500_error err{};
  EXPECT_EQ(kTable.create(&a, 1, &instance, &err), expect_status) << err.message;
  return instance;
}

TEST(SdkOptimizer, TableAndAStep) {
  EXPECT_EQ(kTable.struct_size, sizeof(d500_optimizer));
  EXPECT_STREQ(kTable.name, "scaler");
  EXPECT_EQ(kTable.device_type, kDLCPU);
  void* inst = create(0);
  Tensor p(DType::Float32, {2}), g(DType::Float32, {2});
  p.set(0, 2.0), p.set(1, 4.0), g.set(0, 1.0), g.set(1, 0.5);
  DLTensor pd = p.dl(), gd = g.dl();
  d500_error err{};
  ASSERT_EQ(kTable.step(inst, &pd, &gd, 1, 0.5, &err), D500_OK) << err.message;
  EXPECT_DOUBLE_EQ(p.at(0), 1.0);
  EXPECT_DOUBLE_EQ(p.at(1), 3.0);
  ASSERT_EQ(kTable.step(inst, &pd, &gd, 1, 0.5, &err), D500_OK);
  EXPECT_EQ(static_cast<Scaler*>(inst)->seen_steps, 1);
  kTable.destroy(inst);
}

TEST(SdkOptimizer, ExceptionsBecomeStatusCodes) {
  EXPECT_EQ(create(1, D500_ERR_INVALID_ARGUMENT), nullptr);
  d500_attr typo{};
  typo.name = "thorw";
  typo.type = D500_ATTR_FLOAT;
  void* inst = nullptr;
  d500_error err{};
  EXPECT_EQ(kTable.create(&typo, 1, &inst, &err), D500_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err.message).find("unknown attribute 'thorw'"), std::string::npos);

  Tensor p(DType::Float32, {2}), g(DType::Float32, {2});
  DLTensor pd = p.dl(), gd = g.dl();
  for (auto [mode, status] :
       {std::pair{2.0, D500_ERR_INTERNAL}, std::pair{3.0, D500_ERR_INTERNAL}}) {
    void* i = create(mode);
    EXPECT_EQ(kTable.step(i, &pd, &gd, 1, 0.1, &err), status);
    kTable.destroy(i);
  }
}

TEST(SdkOptimizer, ChecksPairsAndPositionsBeforeStepping) {
  void* inst = create(0);
  d500_error err{};
  Tensor p(DType::Float32, {3}), g4(DType::Float32, {4}), g64(DType::Float64, {3}),
      g(DType::Float32, {3}), q(DType::Float32, {2, 2});
  DLTensor pd = p.dl(), g4d = g4.dl(), g64d = g64.dl(), gd = g.dl(), qd = q.dl();
  EXPECT_EQ(kTable.step(inst, &pd, &g4d, 1, 0.1, &err), D500_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err.message).find("shape [3] but its gradient [4]"), std::string::npos);
  EXPECT_EQ(kTable.step(inst, &pd, &g64d, 1, 0.1, &err), D500_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err.message).find("float32 but its gradient is float64"),
            std::string::npos);
  EXPECT_EQ(kTable.step(inst, &pd, &gd, 1, -1.0, &err), D500_ERR_INVALID_ARGUMENT);
  ASSERT_EQ(kTable.step(inst, &pd, &gd, 1, 0.1, &err), D500_OK) << err.message;
  EXPECT_EQ(kTable.step(inst, &qd, &qd, 1, 0.1, &err), D500_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err.message).find("at the first step it had [3]"), std::string::npos);
  Tensor p4(DType::Float32, {4});  // the same rank, another extent
  DLTensor p4d = p4.dl();
  EXPECT_EQ(kTable.step(inst, &p4d, &g4d, 1, 0.1, &err), D500_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err.message).find("shape [4], at the first step it had [3]"),
            std::string::npos);
  DLTensor two_p[] = {pd, pd}, two_g[] = {gd, gd};
  EXPECT_EQ(kTable.step(inst, two_p, two_g, 2, 0.1, &err), D500_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err.message).find("the first step had 1"), std::string::npos);
  kTable.destroy(inst);
}

}  // namespace
