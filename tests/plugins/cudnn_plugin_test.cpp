// The cudnn plugin as the host sees it on any machine (issue #8): it loads, lists every operator
// and Conv algorithm variant on the CUDA device, names the libraries it wraps, and without a GPU
// says so with the CUDA error and refuses to create instances with D500_ERR_NO_DEVICE.
#include <dlfcn.h>

#include <set>

#include "cudnn_harness.h"

namespace d500::test {
namespace {

const plugin::PluginRecord& cudnn_record() {
  const plugin::PluginRecord* rec = cudnn_plugins().find("cudnn");
  if (!rec) throw std::runtime_error("no cudnn plugin in " D500_TEST_PLUGIN_DIR);
  return *rec;
}

std::set<std::string> variants_of(const std::string& op) {
  std::set<std::string> out;
  for (const auto* impl : cudnn_plugins().operators().find(op))
    if (impl->plugin == "cudnn") out.insert(impl->variant());
  return out;
}

TEST(CudnnPlugin, LoadsAndNamesTheLibrariesItWraps) {
  const plugin::PluginRecord& rec = cudnn_record();
  ASSERT_EQ(rec.state, plugin::PluginState::Loaded) << rec.error;
  EXPECT_EQ(rec.wraps.rfind("cuDNN 9.", 0), 0u) << rec.wraps;
  EXPECT_NE(rec.wraps.find("cuBLAS "), std::string::npos) << rec.wraps;
  EXPECT_NE(rec.wraps.find("CUDA runtime "), std::string::npos) << rec.wraps;
}

// The wraps text is filled at run time: it says whether this machine has a GPU, the same way the
// CUDA runtime answers the test itself.
TEST(CudnnPlugin, ReportsTheGpuStateWithTheCudaError) {
  const std::string& wraps = cudnn_record().wraps;
  if (no_gpu_reason().empty()) {
    EXPECT_NE(wraps.find("; GPU "), std::string::npos) << wraps;
    EXPECT_EQ(wraps.find("no usable GPU"), std::string::npos) << wraps;
  } else {
    EXPECT_NE(wraps.find("no usable GPU: cudaGetDeviceCount"), std::string::npos) << wraps;
    // The error's name (cudaErrorInsufficientDriver, cudaErrorNoDevice, ...) as the test got it.
    const std::string name = no_gpu_reason().substr(0, no_gpu_reason().find(':'));
    EXPECT_NE(wraps.find(name), std::string::npos) << wraps << " lacks " << name;
  }
}

TEST(CudnnPlugin, OffersEachConvolutionAlgorithmAsAVariant) {
  const std::set<std::string> expected = {
      "default", "fastest",    "implicit_gemm", "implicit_precomp_gemm", "gemm",
      "fft",     "fft_tiling", "winograd",      "winograd_nonfused"};
  EXPECT_EQ(variants_of("Conv"), expected);
  EXPECT_EQ(variants_of("Gemm"), (std::set<std::string>{"default", "tf32"}));
  EXPECT_EQ(variants_of("MatMul"), (std::set<std::string>{"default", "tf32"}));
}

TEST(CudnnPlugin, ListsItsOperatorsOnTheCudaDeviceWithBackward) {
  const std::vector<std::pair<std::string, bool>> ops = {
      {"Conv", true},    {"Gemm", true},
      {"MatMul", true},  {"Relu", true},
      {"Sigmoid", true}, {"Tanh", true},
      {"Softmax", true}, {"LogSoftmax", true},
      {"MaxPool", true}, {"AveragePool", true},
      {"Add", true},     {"Sub", true},
      {"Mul", true},     {"BatchNormalization", false}};
  for (const auto& [op, backward] : ops) {
    SCOPED_TRACE(op);
    const auto* impl = cudnn_plugins().operators().find_impl(op, "", "cudnn");
    ASSERT_NE(impl, nullptr);
    EXPECT_EQ(impl->device_type(), kDLCUDA);
    EXPECT_EQ(impl->has_backward(), backward);
  }
  for (const auto& impl : cudnn_plugins().operators().all())
    if (impl.plugin == "cudnn") {
      EXPECT_EQ(impl.device_type(), kDLCUDA) << impl.id();
    }
}

// Without a GPU every operator's create fails with D500_ERR_NO_DEVICE and the reason the plugin
// reports, before looking at the attributes or shapes.
TEST(CudnnPlugin, CreateFailsWithNoDeviceWithoutAGpu) {
  if (no_gpu_reason().empty()) GTEST_SKIP() << "a GPU is usable here; this checks the other case";
  const std::string& wraps = cudnn_record().wraps;
  const std::string reason = wraps.substr(wraps.find("no usable GPU"));
  size_t checked = 0;
  for (const auto& impl : cudnn_plugins().operators().all()) {
    if (impl.plugin != "cudnn") continue;
    SCOPED_TRACE(impl.id() + " " + impl.op_type());
    d500_tensor_info x = plugin::tensor_info(DType::Float32, {1, 2, 8, 8});
    std::vector<d500_tensor_info> in(5, x);
    void* instance = reinterpret_cast<void*>(1);
    d500_error err{};
    const int32_t status = impl.op->create(nullptr, 0, in.data(), in.size(), &instance, &err);
    EXPECT_EQ(status, D500_ERR_NO_DEVICE) << err.message;
    EXPECT_EQ(instance, nullptr);
    EXPECT_EQ(reason.rfind(err.message, 0), 0u)
        << "message: " << err.message << "\nwraps: " << wraps;
    ++checked;
  }
  EXPECT_GE(checked, 20u);
}

// The workspace query outside the ABI exists and refuses what is not a Conv instance.
TEST(CudnnPlugin, ExportsTheWorkspaceQuery) {
  void* lib = dlopen(cudnn_record().library_path.c_str(), RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(lib, nullptr);
  using Fn = int (*)(const void*, int64_t*, int64_t*, int64_t*, char*, size_t);
  auto fn = reinterpret_cast<Fn>(dlsym(lib, "d500_cudnn_workspace_bytes"));
  ASSERT_NE(fn, nullptr);
  int64_t fwd = 7;
  int dummy = 0;
  EXPECT_EQ(fn(&dummy, &fwd, nullptr, nullptr, nullptr, 0), -1);
  EXPECT_EQ(fwd, 7);
  dlclose(lib);
}

}  // namespace
}  // namespace d500::test
