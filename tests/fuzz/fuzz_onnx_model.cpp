// Fuzz target: ONNX models from bytes (Model::parse: protobuf, the ONNX checker), then the level 1
// graph built from them (shape inference, initializers, Constant folding, checks and sorting).
#include <cstddef>
#include <cstdint>

#include "d500/network/graph.h"
#include "d500/onnx/model.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto model = d500::onnx::Model::parse(d500::fuzz::as_view(data, size), "fuzz.onnx");
  if (!model) return 0;
  for (size_t i = 0; i < model->node_count(); ++i) (void)model->attributes(i);
  auto graph = d500::network::Graph::from_model(*model);
  if (graph) (void)graph->parameter_count();
  return 0;
}
