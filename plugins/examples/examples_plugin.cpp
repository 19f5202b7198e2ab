// The example plugin's table: two Conv variants a user might try against the reference.
#include <d500/sdk/plugin.h>

#include "conv_direct.h"
#include "conv_im2col.h"

D500_PLUGIN(d500::sdk::PluginMeta("examples", "1.0.0")
                .describe("Example user kernels: Conv as a direct loop and as im2col + GEMM"),
            examples::ConvDirect::define({"Conv", "", "direct", "2-D float32 Conv, seven loops"}),
            examples::ConvIm2col::define({"Conv", "", "im2col", "2-D float32 Conv, im2col + GEMM"}))
