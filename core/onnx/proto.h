// Private to d500_onnx (and its tests): conversions from ONNX protobuf messages to d500 types.
// The only header of d500 that includes onnx's; the public ones stay protobuf-free.
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "d500/error.h"
#include "d500/plugin/operator_registry.h"
#include "d500/tensor.h"

namespace d500::onnx::detail {

// The d500 dtype of an ONNX TensorProto::DataType; Invalid when d500 has no such type.
DType dtype_from_onnx(int32_t elem_type);
// "FLOAT", "FLOAT16", ...; "type 42" for a number ONNX does not define.
std::string onnx_type_name(int32_t elem_type);

// A TensorProto's value as a d500 tensor; errors carry `where` (the file, or the initializer).
Result<Tensor> tensor_from_proto(const ::onnx::TensorProto& t, const std::string& where);

// `node`'s attributes as the plugin ABI carries them; other types are an error naming the
// attribute. `where` names the node's origin (the model file) in errors.
Result<std::vector<plugin::Attribute>> attributes_from_node(const ::onnx::NodeProto& node,
                                                            const std::string& where);

// Parses `bytes` into `msg`. Protobuf's own parser says only true or false; the message says what
// that means for a file (truncated or not this kind of message).
bool parse_message(google::protobuf::MessageLite& msg, std::string_view bytes);

// Parses the file at `path` into `msg` without holding its bytes in memory as well. An Error for
// a missing, unreadable or empty file (naming the path; `kind` says what it should have been,
// "an ONNX model"); false when the bytes are not a `msg`.
Result<bool> parse_file(google::protobuf::MessageLite& msg, const std::string& path,
                        const std::string& kind);

// A whole file's bytes; an Error naming the path and the system's reason on failure.
Result<std::string> read_file_bytes(const std::string& path);

}  // namespace d500::onnx::detail
