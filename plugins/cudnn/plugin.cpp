// The cudnn plugin's table and entry point.
//
// Every operator is listed whether or not a GPU is usable, so that `d500 plugins --operators`
// shows what the plugin offers on any machine. Without a GPU the plugin still loads: its wraps
// text says "no usable GPU" with the CUDA error (insufficient driver, no device, stub library),
// and every create() fails with D500_ERR_NO_DEVICE and that message.
#include "d500/sdk/plugin.h"

#include "common.h"

namespace d500::cudnn_plugin {
namespace {

struct Table {
  std::vector<d500_operator> ops;
  std::vector<const d500_operator*> pointers;
  d500_plugin_info info{};
};

const Table& table() {
  static const Table t = [] {
    Table table;
    add_conv_ops(table.ops);
    add_gemm_ops(table.ops);
    add_dnn_ops(table.ops);
    add_elementwise_ops(table.ops);
    for (const d500_operator& op : table.ops) table.pointers.push_back(&op);
    table.info = sdk::PluginMeta("cudnn", D500_CUDNN_PLUGIN_VERSION)
                     .describe(
                         "CUDA operators: cuDNN convolutions by algorithm, pooling, "
                         "activations, softmax, batch norm; cuBLAS GEMM; CUDA kernels")
                     .wraps(wraps_text().c_str())
                     .operators(table.pointers.data(), table.pointers.size())
                     .to_c();
    return table;
  }();
  return t;
}

}  // namespace
}  // namespace d500::cudnn_plugin

D500_PLUGIN_TABLE(&d500::cudnn_plugin::table().info)
