// The reference plugin's table: every operator it implements, and its entry point.
#include "d500/sdk/plugin.h"

#include "optimizers.h"
#include "table_math.h"
#include "table_spatial.h"

D500_PLUGIN(d500::sdk::PluginMeta("reference", D500_REFERENCE_VERSION)
                .describe("Framework-free reference implementations: slow is fine, wrong is not")
                .optimizers(d500::reference::reference_optimizers(),
                            d500::reference::reference_optimizer_count()),
            D500_REFERENCE_MATH_OPS D500_REFERENCE_SPATIAL_OPS)
