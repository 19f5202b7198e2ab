// ONNX TensorProto files (the input_K.pb / output_K.pb of ONNX test data) read into d500 tensors.
#pragma once

#include <string>
#include <string_view>

#include "d500/error.h"
#include "d500/tensor.h"

namespace d500::onnx {

// A tensor with the name its proto gives it ("" when none): an initializer, or an input_K.pb of
// ONNX test data, whose name says which graph input it feeds.
struct NamedTensor {
  std::string name;
  Tensor value;
};

// Reads a serialized TensorProto. Element types: FLOAT, DOUBLE, INT64, INT32, UINT8, BOOL, from
// raw_data (little-endian) or the typed fields. Errors name the path and say what is wrong:
// missing or unreadable file, not a TensorProto (truncated, random bytes), a data size that does
// not match the shape, external or segmented data, or "unsupported dtype FLOAT16" and the like.
Result<Tensor> read_tensor_file(const std::string& path);
// The same from bytes in memory; `where` names their origin in errors.
Result<Tensor> parse_tensor(std::string_view bytes, const std::string& where);
// read_tensor_file, keeping the proto's name.
Result<NamedTensor> read_named_tensor_file(const std::string& path);

}  // namespace d500::onnx
