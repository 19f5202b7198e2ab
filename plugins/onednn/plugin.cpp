// The onednn plugin's table and entry point, and the one symbol of its own it exports.
//
// The ABI has no per-instance description of what an operator runs, so the plugin exports
//   int d500_onednn_kernel(const void* instance, char* text, size_t size)
// which writes the kernels the instance runs (oneDNN's implementation names, the algorithm and
// the reorders between the ONNX layout and the primitive's: "forward brg:avx512_core
// convolution_direct (src abcd->aBcd16b, weights abcd->ABcd16b16a, dst abcd->aBcd16b)") and
// returns 0, or -1 for a pointer that is not a live onednn instance. The descriptions of the Conv
// variants carry the kernel oneDNN picks for a typical layer on this CPU. It also exports the
// optional d500_report_instance (d500/plugin_report.h), through which d500 records per
// measurement the kernel that ran and the reorders timed apart from it.
#include "d500/sdk/plugin.h"

#include <cstddef>
#include <cstdio>

#include "common.h"
#include "d500/plugin_report.h"

namespace d500::onednn_plugin {
namespace {

struct Table {
  std::vector<d500_operator> ops;
  std::vector<const d500_operator*> pointers;
  std::string description;
  d500_plugin_info info{};
};

const Table& table() {
  static const Table t = [] {
    Table table;
    add_conv_ops(table.ops);
    add_conv_transpose_ops(table.ops);
    add_matmul_ops(table.ops);
    add_pool_ops(table.ops);
    add_eltwise_ops(table.ops);
    add_softmax_ops(table.ops);
    add_binary_ops(table.ops);
    add_norm_ops(table.ops);
    add_layer_norm_ops(table.ops);
    add_layout_ops(table.ops);
    for (const d500_operator& op : table.ops) table.pointers.push_back(&op);
    table.description =
        "oneDNN CPU primitives: Conv by algorithm (direct, Winograd, auto) forward and backward, "
        "bf16 and int8 Conv and MatMul, ConvTranspose, MatMul, Gemm, pooling, eltwise, softmax, "
        "binary, LRN, batch norm (inference and training), layer norm, "
        "Transpose, Concat, Sum; " +
        version_text();
    table.info = sdk::PluginMeta("onednn", D500_ONEDNN_PLUGIN_VERSION)
                     .describe(table.description.c_str())
                     .wraps(version_text().c_str())
                     .operators(table.pointers.data(), table.pointers.size())
                     .to_c();
    return table;
  }();
  return t;
}

}  // namespace
}  // namespace d500::onednn_plugin

D500_PLUGIN_TABLE(&d500::onednn_plugin::table().info)

extern "C" D500_EXPORT int d500_onednn_kernel(const void* instance, char* text, size_t size) {
  std::string k;
  if (!d500::onednn_plugin::kernel_of(instance, k)) return -1;
  if (text && size) std::snprintf(text, size, "%s", k.c_str());
  return 0;
}

// The report any plugin may give of an instance (d500/plugin_report.h): the forward kernel's name
// and the reorders its calls did.
extern "C" D500_EXPORT int32_t d500_report_instance(const void* instance,
                                                    d500_instance_report* report) {
  d500::onednn_plugin::KernelState k;
  if (!report || !d500::onednn_plugin::state_of(instance, k)) return -1;
  const auto covers = [&](size_t end) { return report->struct_size >= end; };
  if (covers(offsetof(d500_instance_report, kernel) + sizeof report->kernel))
    std::snprintf(report->kernel, sizeof report->kernel, "%s", k.kernel().c_str());
  if (covers(offsetof(d500_instance_report, layout_bytes) + sizeof(double))) {
    report->layout_ns = k.layout_ns;
    report->layout_calls = k.layout_calls;
    report->layout_bytes = k.layout_bytes;
  }
  return 0;
}
