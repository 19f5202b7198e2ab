// The example plugin's table: two Conv variants a user might try against the reference, and a
// distributed scheme (top-k gradient sparsification with error feedback).
#include <d500/sdk/plugin.h>

#include "conv_direct.h"
#include "conv_im2col.h"
#include "topk_scheme.h"

namespace {

const d500_scheme kTopK = examples::TopK::define(
    {"topk_sgd", "top-k gradient sparsification with error feedback (params.ratio, 0.01)"});
const d500_scheme* const kSchemes[] = {&kTopK};

}  // namespace

D500_PLUGIN(d500::sdk::PluginMeta("examples", "1.0.0")
                .describe("Example user kernels: Conv as a direct loop and as im2col + GEMM, and "
                          "top-k gradient sparsification as a distributed scheme")
                .schemes(kSchemes, 1),
            examples::ConvDirect::define({"Conv", "", "direct", "2-D float32 Conv, seven loops"}),
            examples::ConvIm2col::define({"Conv", "", "im2col", "2-D float32 Conv, im2col + GEMM"}))
