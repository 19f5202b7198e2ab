// The cudnn plugin's operators against the reference plugin on a GPU (issue #8), forward and
// backward, on device tensors. The reference runs in float64 on the same float32 inputs; the
// error is relative L2 over each output and each gradient. Tolerances, stated per algorithm:
//   exact float32 algorithms (implicit GEMM, precomputed implicit GEMM, GEMM, cuBLAS without
//   TF32, pooling, activations, softmax, element-wise)       1e-5 forward, 1e-4 backward
//   FFT, FFT tiling, Winograd, Winograd nonfused (transform rounding)   1e-3
//   cuBLAS TF32 (10-bit mantissa inputs)                                 1e-2
// Backward tolerances of Conv are 1e-3 for every variant: its backward algorithms are cuDNN's
// heuristic choice, which may be FFT or Winograd. Every test skips with the reason without a GPU,
// and with one counts the cases that ran: a test in which no case ran (all unsupported) fails.
#include <dlfcn.h>

#include <cmath>

#include "cudnn_harness.h"
#include "d500/error.h"

namespace d500::test {
namespace {

using plugin::Attribute;
using plugin::OperatorInstance;

struct Case {
  std::string op;
  std::string variant;  // of the cudnn plugin
  std::vector<Shape> inputs;
  std::vector<Attribute> attrs = {};
  double tol_forward = 1e-5;
  double tol_backward = 1e-4;
  bool backward = true;
};

double rel_l2(const Tensor& got, const Tensor& want) {
  double num = 0, den = 0;
  for (int64_t i = 0; i < want.numel(); ++i) {
    const double d = got.at(i) - want.at(i);
    num += d * d;
    den += want.at(i) * want.at(i);
  }
  return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
}

Tensor as(const Tensor& t, DType dtype) {
  Tensor out(dtype, t.shape());
  for (int64_t i = 0; i < t.numel(); ++i) out.set(i, t.at(i));
  return out;
}

std::vector<d500_tensor_info> infos_of(const std::vector<Tensor>& ts) {
  std::vector<d500_tensor_info> out;
  for (const Tensor& t : ts) out.push_back(plugin::tensor_info(t.dtype(), t.shape()));
  return out;
}

std::vector<DLTensor> host_views(const std::vector<Tensor>& ts) {
  std::vector<DLTensor> out;
  for (const Tensor& t : ts) out.push_back(t.dl());
  return out;
}

std::vector<DLTensor> device_views(const std::vector<DeviceTensor>& ts) {
  std::vector<DLTensor> out;
  for (const DeviceTensor& t : ts) out.push_back(t.dl());
  return out;
}

Shape shape_of(const d500_tensor_info& i) {
  return Shape(i.shape, i.shape + i.ndim);
}

// Runs one case through both plugins and counts it in `tally`: ran, unsupported with the
// plugin's reason (an algorithm that cannot run the shape), or broken. Failures are reported
// through gtest.
void check(const Case& c, uint64_t seed, CaseTally& tally) {
  const std::string what = c.op + " cudnn/" + c.variant;
  SCOPED_TRACE(what);
  const auto* mine = cudnn_plugins().operators().find_impl(c.op, "", "cudnn/" + c.variant);
  const auto* ref = cudnn_plugins().operators().find_impl(c.op, "", "reference");
  if (!mine || !ref) {
    ADD_FAILURE() << "missing implementation";
    ++tally.broken;
    return;
  }
  std::vector<Tensor> x32, x64;
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    Tensor t(DType::Float32, c.inputs[i]);
    fill_uniform(t, seed + i, -1.0, 1.0);
    if (c.op == "BatchNormalization" && i == 4)  // variance must be positive
      for (int64_t k = 0; k < t.numel(); ++k) t.set(k, 0.5 + std::fabs(t.at(k)));
    x64.push_back(as(t, DType::Float64));
    x32.push_back(std::move(t));
  }
  std::unique_ptr<OperatorInstance> gpu;
  try {
    gpu = std::make_unique<OperatorInstance>(*mine, c.attrs, infos_of(x32));
  } catch (const D500Error& e) {
    const std::string m = e.what();
    if (m.find("does not support") != std::string::npos) {
      tally.unsupported.push_back(what + " (seed " + std::to_string(seed) + "): " + m);
    } else {
      ADD_FAILURE() << m;
      ++tally.broken;
    }
    return;
  }
  OperatorInstance cpu(*ref, c.attrs, infos_of(x64));
  std::vector<Tensor> y64;
  for (const auto& i : cpu.output_info()) y64.emplace_back(from_dlpack(i.dtype), shape_of(i));
  std::vector<DLTensor> yv = host_views(y64);
  cpu.forward(host_views(x64), yv);

  std::vector<DeviceTensor> dx;
  for (const Tensor& t : x32) dx.emplace_back(t);
  std::vector<DeviceTensor> dy;
  const auto out_info = gpu->output_info();
  for (const auto& i : out_info) dy.emplace_back(DType::Float32, shape_of(i));
  std::vector<DLTensor> dyv = device_views(dy);
  gpu->forward(device_views(dx), dyv);
  for (size_t o = 0; o < dy.size(); ++o) {
    const double e = rel_l2(dy[o].download(), y64[o]);
    EXPECT_LE(e, c.tol_forward) << "forward output " << o;
  }
  if (!c.backward) {
    ++tally.ran;
    return;
  }

  // Gradients of every input for a random output gradient.
  std::vector<Tensor> g32;
  for (size_t o = 0; o < dy.size(); ++o) {
    Tensor g(DType::Float32, dy[o].shape());
    fill_uniform(g, seed + 100 + o, -1.0, 1.0);
    g32.push_back(std::move(g));
  }
  std::vector<Tensor> g64, gx64;
  for (const Tensor& g : g32) g64.push_back(as(g, DType::Float64));
  for (const Tensor& t : x64) gx64.emplace_back(DType::Float64, t.shape());
  std::vector<DLTensor> gx64v = host_views(gx64);
  cpu.backward(host_views(g64), host_views(x64), host_views(y64), gx64v);

  std::vector<DeviceTensor> dg, dgx;
  for (const Tensor& g : g32) dg.emplace_back(g);
  for (const Tensor& t : x32) dgx.emplace_back(DType::Float32, t.shape());
  std::vector<DLTensor> dgxv = device_views(dgx);
  gpu->backward(device_views(dg), device_views(dx), device_views(dy), dgxv);
  for (size_t i = 0; i < dgx.size(); ++i)
    EXPECT_LE(rel_l2(dgx[i].download(), gx64[i]), c.tol_backward) << "gradient of input " << i;
  ++tally.ran;
}

Attribute ints(const char* name, std::vector<int64_t> v) {
  return {name, std::move(v)};
}

bool approximate(const std::string& variant) {
  return variant.find("fft") != std::string::npos || variant.find("winograd") != std::string::npos;
}

TEST(CudnnGpu, ConvEveryAlgorithmAgainstTheReference) {
  D500_REQUIRE_GPU();
  struct Shape2 {
    Shape x, w;
    std::vector<Attribute> attrs;
  };
  const std::vector<Shape2> shapes = {
      {{2, 8, 12, 12}, {16, 8, 3, 3}, {ints("pads", {1, 1, 1, 1})}},
      {{1, 4, 16, 16}, {8, 4, 5, 5}, {ints("pads", {2, 2, 2, 2})}},
      {{2, 16, 9, 9}, {8, 16, 1, 1}, {}},
      {{2, 4, 15, 15}, {8, 4, 3, 3}, {ints("strides", {2, 2})}},
      {{1, 8, 10, 10}, {8, 4, 3, 3}, {Attribute{"group", int64_t{2}}, ints("pads", {1, 1, 1, 1})}}};
  const std::vector<std::string> variants = {
      "default", "fastest",    "implicit_gemm", "implicit_precomp_gemm", "gemm",
      "fft",     "fft_tiling", "winograd",      "winograd_nonfused"};
  for (const std::string& v : variants) {
    CaseTally tally;
    for (size_t s = 0; s < shapes.size(); ++s) {
      SCOPED_TRACE("shape " + std::to_string(s));
      Case c{"Conv", v, {shapes[s].x, shapes[s].w, {shapes[s].w[0]}}, shapes[s].attrs};
      c.tol_forward = approximate(v) ? 1e-3 : 1e-5;
      c.tol_backward = 1e-3;
      check(c, 10 * s, tally);
    }
    EXPECT_EQ(tally.total(), shapes.size()) << v;
    // GEMM-family algorithms and cuDNN's own choices run every shape; the transforms some.
    if (!approximate(v))
      expect_all_ran(tally, "Conv cudnn/" + v);
    else
      expect_ran(tally, 1, "Conv cudnn/" + v);
  }
}

TEST(CudnnGpu, ConvReportsItsWorkspace) {
  D500_REQUIRE_GPU();
  const auto* impl = cudnn_plugins().operators().find_impl("Conv", "", "cudnn/gemm");
  ASSERT_NE(impl, nullptr);
  std::vector<d500_tensor_info> in = {plugin::tensor_info(DType::Float32, {2, 8, 12, 12}),
                                      plugin::tensor_info(DType::Float32, {16, 8, 3, 3})};
  void* instance = nullptr;
  d500_error err{};
  ASSERT_EQ(impl->op->create(nullptr, 0, in.data(), in.size(), &instance, &err), D500_OK)
      << err.message;
  void* lib = dlopen(cudnn_plugins().find("cudnn")->library_path.c_str(), RTLD_NOW | RTLD_NOLOAD);
  using Fn = int (*)(const void*, int64_t*, int64_t*, int64_t*, char*, size_t);
  auto fn = reinterpret_cast<Fn>(dlsym(lib, "d500_cudnn_workspace_bytes"));
  int64_t fwd = -1, bd = -1, bf = -1;
  char algos[256] = {};
  ASSERT_EQ(fn(instance, &fwd, &bd, &bf, algos, sizeof algos), 0);
  EXPECT_GT(fwd, 0) << "explicit GEMM needs an im2col buffer";  // 8*9 x 144 floats per image
  EXPECT_GE(bd, 0);
  EXPECT_GE(bf, 0);
  EXPECT_EQ(std::string(algos).rfind("fwd=GEMM (fixed)", 0), 0u) << algos;
  impl->op->destroy(instance);
  EXPECT_EQ(fn(instance, &fwd, &bd, &bf, nullptr, 0), -1) << "destroyed instances are forgotten";
  dlclose(lib);
}

TEST(CudnnGpu, GemmAndMatMulAgainstTheReference) {
  D500_REQUIRE_GPU();
  for (const std::string v : {"default", "tf32"}) {
    const double tol = v == "tf32" ? 1e-2 : 1e-5, btol = v == "tf32" ? 1e-2 : 1e-4;
    CaseTally tally;
    auto compare = [&](const Case& c, uint64_t seed) { d500::test::check(c, seed, tally); };
    compare({"Gemm", v, {{33, 17}, {17, 20}}, {}, tol, btol}, 1);
    compare({"Gemm",
             v,
             {{17, 33}, {20, 17}, {20}},
             {{"transA", int64_t{1}}, {"transB", int64_t{1}}, {"alpha", 0.5}, {"beta", 2.0}},
             tol,
             btol},
            2);
    compare({"Gemm", v, {{8, 5}, {5, 6}, {8, 1}}, {}, tol, btol}, 3);
    compare({"MatMul", v, {{2, 3, 4, 5}, {2, 3, 5, 6}}, {}, tol, btol}, 4);
    compare({"MatMul", v, {{3, 4, 5}, {5, 6}}, {}, tol, btol}, 5);
    compare({"MatMul", v, {{4, 5}, {3, 5, 6}}, {}, tol, btol}, 6);
    EXPECT_EQ(tally.total(), 6u);
    expect_all_ran(tally, "Gemm and MatMul cudnn/" + v);
  }
}

TEST(CudnnGpu, PoolsActivationsSoftmaxAgainstTheReference) {
  D500_REQUIRE_GPU();
  CaseTally tally;
  auto compare = [&](const Case& c, uint64_t seed) { d500::test::check(c, seed, tally); };
  const std::vector<Attribute> pool = {ints("kernel_shape", {3, 3}), ints("strides", {2, 2}),
                                       ints("pads", {1, 1, 1, 1})};
  compare({"MaxPool", "default", {{2, 3, 9, 9}}, pool}, 1);
  compare({"AveragePool", "default", {{2, 3, 9, 9}}, pool}, 2);
  std::vector<Attribute> incl = pool;
  incl.push_back({"count_include_pad", int64_t{1}});
  compare({"AveragePool", "default", {{2, 3, 9, 9}}, incl}, 3);
  for (const char* op : {"Relu", "Sigmoid", "Tanh"}) compare({op, "default", {{3, 4, 5}}}, 4);
  compare({"Softmax", "default", {{3, 4, 5}}}, 5);
  compare({"Softmax", "default", {{3, 4, 5}}, {{"axis", int64_t{1}}}}, 6);
  compare({"LogSoftmax", "default", {{6, 7}}}, 7);
  compare({"BatchNormalization", "default", {{2, 3, 4, 4}, {3}, {3}, {3}, {3}}, {}, 1e-5, 0, false},
          8);
  EXPECT_EQ(tally.total(), 10u);
  expect_all_ran(tally, "pools, activations, softmax");
}

TEST(CudnnGpu, ElementwiseWithBroadcastingAgainstTheReference) {
  D500_REQUIRE_GPU();
  CaseTally tally;
  for (const char* op : {"Add", "Sub", "Mul"}) {
    check({op, "default", {{2, 3, 4}, {2, 3, 4}}}, 1, tally);
    check({op, "default", {{2, 3, 4}, {4}}}, 2, tally);
    check({op, "default", {{2, 1, 4}, {3, 1}}}, 3, tally);
  }
  EXPECT_EQ(tally.total(), 9u);
  expect_all_ran(tally, "element-wise");
}

// A host pointer handed to a CUDA operator fails with a message instead of a fault.
TEST(CudnnGpu, RefusesHostTensors) {
  D500_REQUIRE_GPU();
  const auto* impl = cudnn_plugins().operators().find_impl("Relu", "", "cudnn");
  ASSERT_NE(impl, nullptr);
  Tensor x(DType::Float32, {4}), y(DType::Float32, {4});
  OperatorInstance op(*impl, {}, {plugin::tensor_info(DType::Float32, {4})});
  std::vector<DLTensor> out = {y.dl()};
  try {
    op.forward({x.dl()}, out);
    FAIL() << "a host tensor was accepted";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("host memory"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace d500::test
