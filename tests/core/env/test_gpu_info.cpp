// Guards issue #8: the environment records the GPU (device, compute capability, SMs, memory,
// clocks, driver, CUDA runtime, cuDNN, cuBLAS) or, without one, why there is none. The test asks
// the driver library itself (dlopen) what to expect, so it holds with and without a GPU.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <regex>

#include "d500/env/environment.h"

using namespace d500::env;

TEST(EnvironmentGpu, RecordsTheDevicesOrWhyThereAreNone) {
  const auto e = capture({});
  ASSERT_TRUE(e.contains("gpu"));
  const auto& gpu = e["gpu"];
  ASSERT_TRUE(gpu["available"].is_boolean());
  void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!driver) {
    EXPECT_FALSE(gpu["available"].get<bool>());
    EXPECT_EQ(gpu["reason"].get<std::string>().rfind("no CUDA driver: ", 0), 0u) << gpu.dump();
    EXPECT_NE(gpu["reason"].get<std::string>().find("libcuda.so"), std::string::npos) << gpu.dump();
    return;
  }
  dlclose(driver);
  if (!gpu["available"].get<bool>()) {
    EXPECT_FALSE(gpu["reason"].get<std::string>().empty()) << gpu.dump();
    return;
  }
  ASSERT_FALSE(gpu["devices"].empty());
  for (const auto& d : gpu["devices"]) {
    EXPECT_FALSE(d["name"].get<std::string>().empty());
    EXPECT_TRUE(std::regex_match(d["compute_capability"].get<std::string>(),
                                 std::regex("[0-9]+\\.[0-9]+")));
    EXPECT_GT(d["sm_count"].get<int>(), 0);
    EXPECT_GT(d["memory_mib"].get<int64_t>(), 0);
    EXPECT_GT(d["clock_mhz"].get<int>(), 0);
  }
  EXPECT_TRUE(std::regex_match(gpu["driver_cuda_version"].get<std::string>(),
                               std::regex("[0-9]+\\.[0-9]")));
}

// The library versions come from the libraries found at run time, the same ones a plugin loads.
TEST(EnvironmentGpu, RecordsTheCudaLibraryVersionsWhereInstalled) {
  const auto gpu = capture({})["gpu"];
  for (const char* lib : {"cuda_runtime", "cudnn", "cublas"}) {
    SCOPED_TRACE(lib);
    ASSERT_TRUE(gpu.contains(lib));
    const auto& j = gpu[lib];
    if (j.contains("version")) {
      EXPECT_TRUE(
          std::regex_match(j["version"].get<std::string>(), std::regex("[0-9]+(\\.[0-9]+)+")))
          << j.dump();
      EXPECT_NE(j["library"].get<std::string>().find("lib"), std::string::npos) << j.dump();
    } else {
      EXPECT_FALSE(j["error"].get<std::string>().empty()) << j.dump();
    }
  }
  if (void* h = dlopen("libcudnn.so.9", RTLD_NOW | RTLD_LOCAL)) {
    dlclose(h);
    EXPECT_EQ(gpu["cudnn"]["version"].get<std::string>().rfind("9.", 0), 0u) << gpu["cudnn"].dump();
  }
}
