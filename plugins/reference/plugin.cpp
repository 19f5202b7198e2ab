// The reference plugin's table: every operator it implements, and its entry point.
#include "d500/sdk/plugin.h"

#include <vector>

#include "detection_ops.h"
#include "linalg_ops.h"
#include "local_norm.h"
#include "logic.h"
#include "map_op.h"
#include "optimizers.h"
#include "pointwise.h"
#include "quantize.h"
#include "recurrent.h"
#include "reorder_ops.h"
#include "resize.h"
#include "select.h"
#include "signal_ops.h"
#include "standardize.h"
#include "table_math.h"
#include "table_spatial.h"
#include "value_ops.h"

namespace d500::reference {
namespace {

struct Table {
  std::vector<d500_operator> ops;
  std::vector<const d500_operator*> pointers;
  d500_plugin_info info{};
};

const Table& table() {
  static const Table t = [] {
    Table table;
    table.ops = {D500_REFERENCE_MATH_OPS D500_REFERENCE_SPATIAL_OPS};
    add_pointwise_ops(table.ops);
    add_logic_ops(table.ops);
    add_map_ops(table.ops);
    add_gather_ops(table.ops);
    add_convert_ops(table.ops);
    add_scatter_ops(table.ops);
    add_select_ops(table.ops);
    add_standardize_ops(table.ops);
    add_local_norm_ops(table.ops);
    add_resize_ops(table.ops);
    add_value_ops(table.ops);
    add_recurrent_ops(table.ops);
    add_quantize_ops(table.ops);
    add_qlinear_ops(table.ops);
    add_signal_ops(table.ops);
    add_linalg_ops(table.ops);
    add_reorder_ops(table.ops);
    add_detection_ops(table.ops);
    add_grid_sample_ops(table.ops);
    for (const d500_operator& op : table.ops) table.pointers.push_back(&op);
    table.info =
        sdk::PluginMeta("reference", D500_REFERENCE_VERSION)
            .describe("Framework-free reference implementations: slow is fine, wrong is not")
            .optimizers(reference_optimizers(), reference_optimizer_count())
            .operators(table.pointers.data(), table.pointers.size())
            .to_c();
    return table;
  }();
  return t;
}

}  // namespace
}  // namespace d500::reference

D500_PLUGIN_TABLE(&d500::reference::table().info)
