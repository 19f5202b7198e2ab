// The torch plugin on its own: what it reports, that it offers every operator with a backward,
// a Conv checked against a direct loop (dispatch into LibTorch and the buffer reuse of its
// wrappers), errors, and the statistics of its seeded Dropout.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "d500/error.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/tensor.h"

namespace d500::test {
namespace {

using plugin::Attribute;
using plugin::OperatorInstance;

const plugin::PluginManager& torch_plugins() {
  static std::unique_ptr<plugin::PluginManager> m = [] {
    auto p =
        std::make_unique<plugin::PluginManager>(std::vector<std::string>{D500_TEST_PLUGIN_DIR});
    p->load({"torch"});
    return p;
  }();
  return *m;
}

const plugin::OperatorImpl& torch_impl(const std::string& op, const std::string& domain = "") {
  const plugin::OperatorImpl* impl = torch_plugins().operators().find_impl(op, domain, "torch");
  if (!impl) throw std::runtime_error("torch plugin has no " + op);
  return *impl;
}

std::vector<d500_tensor_info> infos(const std::vector<const Tensor*>& ts) {
  std::vector<d500_tensor_info> out;
  for (const Tensor* t : ts) out.push_back(plugin::tensor_info(t->dtype(), t->shape()));
  return out;
}

std::vector<DLTensor> views(const std::vector<const Tensor*>& ts) {
  std::vector<DLTensor> out;
  for (const Tensor* t : ts) out.push_back(t->dl());
  return out;
}

// The plugin's own info (what d500_plugin_entry returns after init) names LibTorch, the thread
// count it set and the BLAS it found loaded; the loader reports that text.
TEST(TorchPlugin, LoadsAndReportsThreadsAndBlas) {
  const plugin::PluginRecord* rec = torch_plugins().find("torch");
  ASSERT_NE(rec, nullptr);
  ASSERT_EQ(rec->state, plugin::PluginState::Loaded) << rec->error;
  EXPECT_EQ(rec->wraps.rfind("LibTorch ", 0), 0u) << rec->wraps;
  void* lib = dlopen(rec->library_path.c_str(), RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(lib, nullptr) << "the loaded plugin is not in the process";
  auto entry = reinterpret_cast<d500_plugin_entry_fn>(dlsym(lib, D500_PLUGIN_ENTRY_SYMBOL));
  ASSERT_NE(entry, nullptr);
  const std::string wraps = entry(D500_ABI_VERSION)->wraps;
  dlclose(lib);
  const char* env = std::getenv("D500_TORCH_THREADS");
  const unsigned hw = std::thread::hardware_concurrency();
  const std::string threads = env && *env ? env : std::to_string(hw ? hw : 1);
  // The loader shows what the plugin says at run time, not the manifest's build-time text.
  EXPECT_EQ(rec->wraps, wraps);
  EXPECT_NE(wraps.find(" (threads " + threads + ","), std::string::npos) << wraps;
  EXPECT_NE(wraps.find("BLAS "), std::string::npos) << wraps;
}

TEST(TorchPlugin, OffersEveryOperatorWithBackward) {
  const std::vector<std::pair<std::string, std::string>> ops = {{"Conv", ""},
                                                                {"ConvTranspose", ""},
                                                                {"Gemm", ""},
                                                                {"MatMul", ""},
                                                                {"Add", ""},
                                                                {"Sub", ""},
                                                                {"Mul", ""},
                                                                {"Div", ""},
                                                                {"Relu", ""},
                                                                {"LeakyRelu", ""},
                                                                {"Sigmoid", ""},
                                                                {"Tanh", ""},
                                                                {"Softmax", ""},
                                                                {"LogSoftmax", ""},
                                                                {"MaxPool", ""},
                                                                {"AveragePool", ""},
                                                                {"GlobalAveragePool", ""},
                                                                {"BatchNormalization", ""},
                                                                {"Dropout", ""},
                                                                {"Flatten", ""},
                                                                {"Reshape", ""},
                                                                {"Transpose", ""},
                                                                {"Concat", ""},
                                                                {"Identity", ""},
                                                                {"ReduceMean", ""},
                                                                {"ReduceSum", ""},
                                                                {"Sum", ""},
                                                                {"SoftmaxCrossEntropyLoss", ""},
                                                                {"NegativeLogLikelihoodLoss", ""},
                                                                {"MeanSquaredError", "ai.d500"}};
  for (const auto& [op, domain] : ops) {
    SCOPED_TRACE(op);
    const plugin::OperatorImpl* cpu = torch_plugins().operators().find_impl(op, domain, "torch");
    ASSERT_NE(cpu, nullptr);
    EXPECT_EQ(cpu->device_type(), kDLCPU);
    EXPECT_TRUE(cpu->has_backward());
    EXPECT_NE(cpu->op->cost, nullptr);
    // A CUDA variant exists only where LibTorch sees a device, and then lives on it.
    if (const auto* gpu = torch_plugins().operators().find_impl(op, domain, "torch/cuda"))
      EXPECT_EQ(gpu->device_type(), kDLCUDA);
  }
}

// Y[n, m, i, j] = B[m] + sum_c,p,q X[n, c, i*s + p - pad, j*s + q - pad] W[m, c, p, q]
Tensor direct_conv(const Tensor& x, const Tensor& w, const Tensor& b, int64_t s, int64_t pad) {
  const Shape& xs = x.shape();
  const Shape& ws = w.shape();
  const int64_t n = xs[0], c = xs[1], h = xs[2], wd = xs[3], m = ws[0], k = ws[2];
  const int64_t oh = (h + 2 * pad - k) / s + 1, ow = (wd + 2 * pad - k) / s + 1;
  Tensor y(DType::Float64, {n, m, oh, ow});
  for (int64_t in = 0; in < n; ++in)
    for (int64_t om = 0; om < m; ++om)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          double acc = b.at(om);
          for (int64_t ic = 0; ic < c; ++ic)
            for (int64_t p = 0; p < k; ++p)
              for (int64_t q = 0; q < k; ++q) {
                const int64_t r = i * s + p - pad, col = j * s + q - pad;
                if (r < 0 || r >= h || col < 0 || col >= wd) continue;
                acc += x.at(((in * c + ic) * h + r) * wd + col) *
                       w.at(((om * c + ic) * k + p) * k + q);
              }
          y.set(((in * m + om) * oh + i) * ow + j, acc);
        }
  return y;
}

double max_abs_diff(const Tensor& a, const Tensor& b) {
  double d = 0;
  for (int64_t i = 0; i < a.numel(); ++i) d = std::max(d, std::fabs(a.at(i) - b.at(i)));
  return d;
}

TEST(TorchPlugin, ConvMatchesDirectLoopAcrossBufferChanges) {
  Tensor x(DType::Float64, {2, 3, 9, 9}), w(DType::Float64, {4, 3, 3, 3}), b(DType::Float64, {4});
  fill_uniform(x, 1), fill_uniform(w, 2), fill_uniform(b, 3);
  const std::vector<Attribute> attrs = {{"pads", Shape{1, 1, 1, 1}}, {"strides", Shape{2, 2}}};
  OperatorInstance op(torch_impl("Conv"), attrs, infos({&x, &w, &b}));
  const auto out_info = op.output_info();
  ASSERT_EQ(out_info.size(), 1u);
  Tensor y1(DType::Float64, {2, 4, 5, 5}), y2(DType::Float64, {2, 4, 5, 5});
  std::vector<DLTensor> out1{y1.dl()}, out2{y2.dl()};

  op.forward(views({&x, &w, &b}), out1);
  EXPECT_LT(max_abs_diff(y1, direct_conv(x, w, b, 2, 1)), 1e-12);

  // Another input buffer and output buffer: the plugin must not keep using the first ones.
  Tensor x2(DType::Float64, {2, 3, 9, 9});
  fill_uniform(x2, 4);
  op.forward(views({&x2, &w, &b}), out2);
  EXPECT_LT(max_abs_diff(y2, direct_conv(x2, w, b, 2, 1)), 1e-12);

  // The first buffers again, X changed in place: the result follows the new values.
  fill_uniform(x, 5);
  op.forward(views({&x, &w, &b}), out1);
  EXPECT_LT(max_abs_diff(y1, direct_conv(x, w, b, 2, 1)), 1e-12);

  const auto [flops, bytes] = op.cost();
  EXPECT_DOUBLE_EQ(flops, 2.0 * 2 * 4 * 25 * 27 + 2 * 4 * 25);
  EXPECT_GT(bytes, 0.0);
}

TEST(TorchPlugin, HandComputedConv) {
  Tensor x(DType::Float32, {1, 1, 3, 3}), w(DType::Float32, {1, 1, 2, 2}), b(DType::Float32, {1});
  for (int64_t i = 0; i < 9; ++i) x.set(i, static_cast<double>(i + 1));
  for (int64_t i = 0; i < 4; ++i) w.set(i, 1.0);
  b.set(0, 0.5);
  OperatorInstance op(torch_impl("Conv"), {}, infos({&x, &w, &b}));
  Tensor y(DType::Float32, {1, 1, 2, 2});
  std::vector<DLTensor> out{y.dl()};
  op.forward(views({&x, &w, &b}), out);
  const double expected[] = {12.5, 16.5, 24.5, 28.5};
  for (int64_t i = 0; i < 4; ++i) EXPECT_EQ(y.at(i), expected[i]) << i;
}

std::string create_error(const std::string& op, const std::vector<Shape>& shapes,
                         const std::vector<Attribute>& attrs, DType dtype = DType::Float64) {
  std::vector<d500_tensor_info> in;
  for (const auto& s : shapes) in.push_back(plugin::tensor_info(dtype, s));
  try {
    OperatorInstance inst(torch_impl(op), attrs, in);
  } catch (const D500Error& e) {
    return e.what();
  }
  return "";
}

TEST(TorchPlugin, RejectsBadAttributesShapesAndDtypes) {
  EXPECT_EQ(create_error("Gemm", {{2, 3}, {3, 2}}, {{"gamma", 1.0}}),
            "torch/default Gemm: unknown attribute 'gamma' (known: alpha, beta, transA, transB)");
  EXPECT_EQ(create_error("Gemm", {{2, 3}, {4, 2}}, {}),
            "torch/default Gemm: inner dimensions differ: A [2, 3] (transA=0) and B [4, 2] "
            "(transB=0)");
  EXPECT_NE(create_error("Conv", {{1, 3, 5, 5}, {2, 4, 3, 3}}, {}).find("do not fit group"),
            std::string::npos);
  EXPECT_NE(create_error("MaxPool", {{1, 1, 4, 4}}, {}).find("missing attribute 'kernel_shape'"),
            std::string::npos);
  EXPECT_NE(create_error("Relu", {{2, 2}}, {}, DType::Int64).find("is not offered"),
            std::string::npos);
  EXPECT_NE(create_error("Reshape", {{2, 3}, {2}}, {}).find("must be a constant"),
            std::string::npos);
}

TEST(TorchPlugin, ForwardRejectsBuffersOfAnotherShape) {
  Tensor a(DType::Float64, {2, 3}), b(DType::Float64, {3, 2}), wrong(DType::Float64, {3, 3});
  OperatorInstance op(torch_impl("MatMul"), {}, infos({&a, &b}));
  Tensor y(DType::Float64, {2, 2});
  std::vector<DLTensor> out{y.dl()};
  try {
    op.forward(views({&a, &wrong}), out);
    FAIL() << "a B of the wrong shape was accepted";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("created for float64[3, 2]"), std::string::npos)
        << e.what();
  }
}

// Seeded Dropout in training: the mask keeps about 1 - ratio of the elements, output and gradient
// are the input and dY scaled by 1 / (1 - ratio) where kept, the same seed repeats the same
// sequence of masks, and successive calls draw new masks.
TEST(TorchPlugin, SeededDropoutStatistics) {
  const double ratio = 0.25;
  Tensor x(DType::Float32, {100, 100}), r(DType::Float32, {}), t(DType::Bool, {});
  fill_uniform(x, 1, 0.5, 1.5);
  r.set(0, ratio);
  t.set(0, 1.0);
  const std::vector<Attribute> attrs = {{"seed", int64_t{1234}}};
  const DLTensor rv = r.dl(), tv = t.dl();
  const std::vector<const DLTensor*> constants = {nullptr, &rv, &tv};
  auto masks = [&](int calls, std::vector<Tensor>& outs) {
    OperatorInstance op(torch_impl("Dropout"), attrs, infos({&x, &r, &t}), constants);
    for (int c = 0; c < calls; ++c) {
      outs.emplace_back(DType::Float32, x.shape());
      outs.emplace_back(DType::Bool, x.shape());
      std::vector<DLTensor> out{outs[outs.size() - 2].dl(), outs.back().dl()};
      op.forward(views({&x, &r, &t}), out);
      if (c == 0) {  // backward with the mask as forward returned it
        Tensor dy(DType::Float32, x.shape()), dx(DType::Float32, x.shape());
        fill_uniform(dy, 9);
        std::vector<DLTensor> g{dx.dl()};
        op.backward({dy.dl()}, views({&x, &r, &t}), out, g);
        for (int64_t i = 0; i < x.numel(); ++i)
          ASSERT_NEAR(dx.at(i), outs.back().at(i) ? dy.at(i) / (1 - ratio) : 0.0, 1e-6);
      }
    }
  };
  std::vector<Tensor> first, again;
  masks(2, first);
  masks(1, again);
  const Tensor &y = first[0], &mask = first[1];
  int64_t kept = 0, same_as_next = 0, same_as_repeat = 0;
  for (int64_t i = 0; i < x.numel(); ++i) {
    kept += mask.at(i) != 0;
    same_as_next += mask.at(i) == first[3].at(i);
    same_as_repeat += mask.at(i) == again[1].at(i);
    ASSERT_NEAR(y.at(i), mask.at(i) ? x.at(i) / (1 - ratio) : 0.0, 1e-6) << i;
  }
  EXPECT_NEAR(static_cast<double>(kept) / static_cast<double>(x.numel()), 1 - ratio, 0.02);
  EXPECT_EQ(same_as_repeat, x.numel()) << "the same seed must give the same first mask";
  EXPECT_LT(same_as_next, x.numel()) << "each call draws a new mask";
}

// ABI 1.3: Conv and the element-wise table hand back ATen's own result (forward_owned), the same
// numbers as through caller-owned buffers, contiguous on the CPU; every call a new tensor.
TEST(TorchPlugin, OwnedOutputsMatchCallerOwnedOnes) {
  Tensor x(DType::Float64, {2, 3, 9, 9}), w(DType::Float64, {4, 3, 3, 3}), b(DType::Float64, {4});
  fill_uniform(x, 1), fill_uniform(w, 2), fill_uniform(b, 3);
  const std::vector<Attribute> attrs = {{"pads", Shape{1, 1, 1, 1}}, {"strides", Shape{2, 2}}};
  OperatorInstance conv(torch_impl("Conv"), attrs, infos({&x, &w, &b}));
  ASSERT_TRUE(conv.has_forward_owned());
  plugin::OwnedOutputs first = conv.forward_owned(views({&x, &w, &b}), 1);
  plugin::OwnedOutputs second = conv.forward_owned(views({&x, &w, &b}), 1);
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].device.device_type, kDLCPU);
  EXPECT_EQ(plugin::checked_shape(first[0]), (Shape{2, 4, 5, 5}));
  EXPECT_NE(first[0].data, second[0].data);  // each result is its own
  const Tensor owned = plugin::copy_to_host(first[0]);
  EXPECT_LT(max_abs_diff(owned, direct_conv(x, w, b, 2, 1)), 1e-12);

  Tensor v(DType::Float32, {3, 4});
  fill_uniform(v, 9);
  OperatorInstance relu(torch_impl("Relu"), {}, infos({&v}));
  ASSERT_TRUE(relu.has_forward_owned());
  Tensor y(DType::Float32, {3, 4});
  std::vector<DLTensor> out{y.dl()};
  relu.forward(views({&v}), out);
  const std::vector<Tensor> via_owned = relu.run(views({&v}));
  ASSERT_EQ(via_owned.size(), 1u);
  EXPECT_EQ(max_abs_diff(via_owned[0], y), 0.0);
}

}  // namespace
}  // namespace d500::test
