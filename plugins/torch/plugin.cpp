// The torch plugin's table and entry point, and the LibTorch runtime settings it reports.
//
// The table is built at run time rather than with D500_PLUGIN: the CUDA variants are listed only
// when LibTorch was built with CUDA and sees a device (Debian's LibTorch is CPU-only, so there
// they are simply absent instead of failing with D500_ERR_NO_DEVICE).
#include "d500/sdk/plugin.h"

#include <ATen/Parallel.h>
#include <ATen/Version.h>
#include <dlfcn.h>
#include <link.h>
#include <torch/cuda.h>
#include <torch/version.h>

#include <climits>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "optim.h"
#include "registry.h"

namespace d500::torch_plugin {
namespace {

// Threads LibTorch runs with: D500_TORCH_THREADS, else every hardware thread. A bad value is
// reported by init (the plugin is then listed as broken with this message).
struct ThreadSetting {
  int threads = 1;
  std::string error;
};

const ThreadSetting& thread_setting() {
  static const ThreadSetting s = [] {
    ThreadSetting t;
    const char* env = std::getenv("D500_TORCH_THREADS");
    if (env && *env) {
      char* end = nullptr;
      const long v = std::strtol(env, &end, 10);
      if (*end != '\0' || v < 1 || v > 4096)
        t.error =
            "D500_TORCH_THREADS must be a whole number in 1..4096, got '" + std::string(env) + "'";
      else
        t.threads = static_cast<int>(v);
    } else {
      const unsigned hw = std::thread::hardware_concurrency();
      t.threads = hw ? static_cast<int>(hw) : 1;
    }
    return t;
  }();
  return s;
}

// The value after `key` in LibTorch's build summary, up to the next comma or line end.
std::string config_value(const std::string& config, const std::string& key) {
  const size_t at = config.find(key);
  if (at == std::string::npos) return "";
  const size_t from = at + key.size();
  const size_t to = config.find_first_of(",\n", from);
  return config.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

// The BLAS library loaded into this process (LibTorch links the generic libblas.so.3, which
// Debian's alternatives resolve to OpenBLAS, BLIS, ATLAS or the reference BLAS).
std::string loaded_blas() {
  std::vector<std::string> libs;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) -> int {
        const std::string name = info->dlpi_name ? info->dlpi_name : "";
        const std::string base = name.substr(name.find_last_of('/') + 1);
        if (base.find("blas") != std::string::npos || base.find("blis") != std::string::npos ||
            base.find("mkl_rt") != std::string::npos || base.find("atlas") != std::string::npos)
          static_cast<std::vector<std::string>*>(data)->push_back(name);
        return 0;
      },
      &libs);
  // "OpenBLAS 0.3.21 NO_LAPACKE ... [/usr/lib/.../openblas-openmp/libblas.so.3]": the library's
  // own description when it has one, and the file the generic libblas.so.3 resolved to.
  std::string description, file;
  for (const std::string& lib : libs) {
    char real[PATH_MAX];
    const std::string path = realpath(lib.c_str(), real) ? std::string(real) : lib;
    if (file.empty() || lib.find("libblas.so") != std::string::npos) file = path;
    if (void* h = dlopen(lib.c_str(), RTLD_NOW | RTLD_NOLOAD)) {
      using ConfigFn = char* (*)();
      if (auto config = reinterpret_cast<ConfigFn>(dlsym(h, "openblas_get_config")))
        if (description.empty()) description = config();
      dlclose(h);
    }
  }
  std::string out = description.empty() ? file : description + " [" + file + "]";
  return out.empty() ? "none found" : out;
}

// "LibTorch 1.13.0 (threads 2, BLAS ..., oneDNN ..., CUDA no)": built once, kept for the life of
// the process (the plugin info points at it).
const std::string& wraps_text() {
  static const std::string text = [] {
    const std::string config = at::show_config();
    std::string s =
        std::string("LibTorch ") + TORCH_VERSION + " (threads " +
        std::to_string(thread_setting().threads) + ", " +
        (at::get_parallel_info().find("OpenMP") != std::string::npos ? "OpenMP" : "native") +
        "; BLAS " + loaded_blas();
    const std::string blas_info = config_value(config, "BLAS_INFO=");
    if (!blas_info.empty()) s += ", BLAS_INFO=" + blas_info;
    const std::string dnnl = config_value(config, "MKL-DNN ");
    if (!dnnl.empty()) s += "; oneDNN " + dnnl.substr(0, dnnl.find(' '));
    s += std::string("; CUDA ") + (torch::cuda::is_available() ? "yes" : "no") + ")";
    return s;
  }();
  return text;
}

void init() {
  const ThreadSetting& t = thread_setting();
  if (!t.error.empty()) throw std::invalid_argument(t.error);
  at::set_num_threads(t.threads);
}

struct Table {
  std::vector<d500_operator> ops;
  std::vector<const d500_operator*> pointers;
  std::vector<d500_executor> executors;
  std::vector<const d500_executor*> executor_pointers;
  d500_plugin_info info{};
};

const Table& table() {
  static const Table t = [] {
    Table table;
    const bool cuda = torch::cuda::is_available();
    add_conv_ops(table.ops, cuda);
    add_pool_ops(table.ops, cuda);
    add_norm_ops(table.ops, cuda);
    add_gemm_ops(table.ops, cuda);
    add_elementwise_ops(table.ops, cuda);
    add_pointwise_ops(table.ops, cuda);
    add_reduce_ops(table.ops, cuda);
    add_shape_ops(table.ops, cuda);
    add_loss_ops(table.ops, cuda);
    add_logic_ops(table.ops, cuda);
    add_index_ops(table.ops, cuda);
    add_layout_ops(table.ops, cuda);
    add_norm_node_ops(table.ops, cuda);
    add_misc_ops(table.ops, cuda);
    add_resize_ops(table.ops, cuda);
    add_sample_ops(table.ops, cuda);
    add_recurrent_ops(table.ops, cuda);
    add_value_ops(table.ops, cuda);
    add_select_ops(table.ops, cuda);
    add_quant_ops(table.ops, cuda);
    add_spectral_ops(table.ops, cuda);
    for (const d500_operator& op : table.ops) table.pointers.push_back(&op);
    add_executors(table.executors);
    for (const d500_executor& e : table.executors) table.executor_pointers.push_back(&e);
    table.info = sdk::PluginMeta("torch", D500_TORCH_PLUGIN_VERSION)
                     .describe("LibTorch (ATen) operators, forward and backward")
                     .wraps(wraps_text().c_str())
                     .on_init<&init>()
                     .executors(table.executor_pointers.data(), table.executor_pointers.size())
                     .optimizers(native_optimizers(), native_optimizer_count())
                     .operators(table.pointers.data(), table.pointers.size())
                     .to_c();
    return table;
  }();
  return t;
}

}  // namespace
}  // namespace d500::torch_plugin

D500_PLUGIN_TABLE(&d500::torch_plugin::table().info)
