// Private to d500_onnx: the protobuf side of the model builder. Appends inputs, seeded
// initializers and nodes to a ModelProto, and checks the result before serializing it.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "proto.h"

namespace d500::onnx::detail {

// A node attribute as the builder writes them.
struct WriterAttr {
  std::string name;
  std::variant<int64_t, float, std::vector<int64_t>> value;
};

class GraphWriter {
 public:
  // `dtype` is the element type of every float value (Float32 or Float64); `batch` 0 writes the
  // symbolic dimension "N".
  GraphWriter(const std::string& graph_name, int64_t opset, DType dtype, int64_t batch,
              uint64_t seed);

  // A graph input of the float dtype, [batch, dims...].
  std::string add_input(const std::string& name, const Shape& dims);
  // An int64 graph input [batch] (class labels).
  std::string add_labels(const std::string& name);
  // A graph output; `dims` after the batch dimension, or a scalar when `scalar`.
  void add_output(const std::string& name, const Shape& dims, bool scalar = false);

  // Initializers. Uniform in +-bound; the generator runs in the order parameters are added.
  std::string add_uniform(const std::string& name, const Shape& shape, double bound);
  std::string add_filled(const std::string& name, const Shape& shape, double value);

  // A node with one output, named `output` or, when that is "", after the node; returns it.
  std::string add_node(const std::string& op_type, const std::string& name,
                       const std::vector<std::string>& inputs,
                       const std::vector<WriterAttr>& attrs = {}, const std::string& output = "");

  // Runs the ONNX checker and strict shape inference, then serializes. Errors carry the
  // checker's or inference's message.
  Result<std::string> finish();

 private:
  void set_type(::onnx::ValueInfoProto* v, const std::string& name, int32_t elem_type,
                const Shape& dims, bool with_batch);
  ::onnx::TensorProto* new_initializer(const std::string& name, const Shape& shape);
  // Uniform in [0, 1) from the top 53 bits: the same on every platform and standard library,
  // which std::uniform_real_distribution does not promise.
  double next_unit();

  ::onnx::ModelProto model_;
  DType dtype_;
  int64_t batch_;
  std::mt19937_64 rng_;
};

}  // namespace d500::onnx::detail
