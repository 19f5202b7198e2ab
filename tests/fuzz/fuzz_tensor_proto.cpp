// Fuzz target: serialized TensorProto (.pb) files, as read for ONNX test data and initializers.
#include <cstddef>
#include <cstdint>

#include "d500/onnx/tensor_file.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto t = d500::onnx::parse_tensor(d500::fuzz::as_view(data, size), "fuzz.pb");
  if (t) (void)t->nbytes();
  return 0;
}
