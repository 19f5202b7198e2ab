// Helpers for the core/onnx tests: writing ONNX protobuf files with the ONNX API itself, and
// building small node-test folders (model.onnx + test_data_set_0/) in a temporary folder.
#pragma once

#include <onnx/onnx_pb.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace d500::test {

inline const std::string kNodeTests = "/usr/share/libonnx-testdata/data/node";

inline void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

inline void write_message(const std::string& path, const google::protobuf::MessageLite& m) {
  write_bytes(path, m.SerializeAsString());
}

// The first `keep` bytes of `from`, written to `to` (a file cut short, as by a failed download).
inline void write_truncated(const std::string& from, const std::string& to, double keep) {
  std::ifstream in(from, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  write_bytes(to, bytes.substr(0, static_cast<size_t>(static_cast<double>(bytes.size()) * keep)));
}

inline void write_random(const std::string& path, size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::string bytes(n, '\0');
  for (auto& c : bytes) c = static_cast<char>(gen() & 0xff);
  write_bytes(path, bytes);
}

inline ::onnx::TensorProto float_tensor(const std::string& name, std::vector<int64_t> dims,
                                        std::vector<float> values) {
  ::onnx::TensorProto t;
  t.set_name(name);
  t.set_data_type(::onnx::TensorProto::FLOAT);
  for (int64_t d : dims) t.add_dims(d);
  for (float v : values) t.add_float_data(v);
  return t;
}

inline void set_tensor_type(::onnx::ValueInfoProto* v, const std::string& name, int32_t elem_type) {
  v->set_name(name);
  v->mutable_type()->mutable_tensor_type()->set_elem_type(elem_type);
  // The checker wants a shape field; d500 takes shapes from the data, so a rank-0 one will do.
  v->mutable_type()->mutable_tensor_type()->mutable_shape();
}

// A one-node model: `inputs` of the node ("" = omitted) become FLOAT graph inputs, `outputs`
// FLOAT graph outputs. opset_import: "" at `opset`, plus `domain` at `domain_opset` when the
// node is in another domain.
inline ::onnx::ModelProto one_node_model(const std::string& op_type, const std::string& domain,
                                         const std::vector<std::string>& inputs,
                                         const std::vector<std::string>& outputs,
                                         int64_t opset = 13, int64_t domain_opset = 1) {
  ::onnx::ModelProto m;
  m.set_ir_version(8);
  m.set_producer_name("d500-test");
  auto* o = m.add_opset_import();
  o->set_domain("");
  o->set_version(opset);
  if (!domain.empty() && domain != "ai.onnx") {
    auto* od = m.add_opset_import();
    od->set_domain(domain);
    od->set_version(domain_opset);
  }
  auto* g = m.mutable_graph();
  g->set_name("g");
  auto* n = g->add_node();
  n->set_op_type(op_type);
  n->set_domain(domain);
  n->set_name("n0");
  for (const auto& i : inputs) {
    n->add_input(i);
    if (!i.empty()) set_tensor_type(g->add_input(), i, ::onnx::TensorProto::FLOAT);
  }
  for (const auto& out : outputs) {
    n->add_output(out);
    set_tensor_type(g->add_output(), out, ::onnx::TensorProto::FLOAT);
  }
  return m;
}

// Copies a node test folder of the installed ONNX test data to `to`.
inline void copy_node_test(const std::string& name, const std::string& to) {
  std::filesystem::copy(kNodeTests + "/" + name, to, std::filesystem::copy_options::recursive);
}

}  // namespace d500::test
