// The reference plugin's table: every operator it implements, and its entry point.
#include "d500/sdk/plugin.h"

#include "add.h"
#include "gemm.h"
#include "matmul.h"
#include "noop.h"
#include "relu.h"

using namespace d500::reference;

D500_PLUGIN(d500::sdk::PluginMeta("reference", D500_REFERENCE_VERSION)
                .describe("Framework-free reference implementations: slow is fine, wrong is not"),
            Gemm::define({"Gemm", "", "default",
                          "ONNX Gemm, float32/float64, double accumulation"}),
            MatMul::define({"MatMul", "", "default",
                            "ONNX MatMul with numpy batch broadcasting, float32/float64"}),
            Add::define({"Add", "", "default", "ONNX Add with numpy broadcasting"}),
            Relu::define({"Relu", "", "default", "ONNX Relu"}),
            Noop::define({"Noop", "ai.d500.test", "default",
                          "Does nothing; measures the cost of dispatch"}))
