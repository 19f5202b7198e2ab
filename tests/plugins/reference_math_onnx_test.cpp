// The reference operators against the ONNX backend test data (onnx 1.12's node tests, Debian's
// libonnx-testdata): every single-node test of an operator this plugin implements is run through
// the plugin and compared with the expected outputs. The models and tensors are read with a
// minimal protobuf reader below (just the fields these tests use), so the test needs no protobuf;
// the full conformance runner lives in core.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "reference_math_harness.h"

namespace d500::test {
namespace {

namespace fs = std::filesystem;
const fs::path kNodeTests = "/usr/share/libonnx-testdata/data/node";

// --- Protobuf wire format: varints, fixed 32/64-bit and length-delimited fields. ---
class Reader {
 public:
  explicit Reader(std::string_view bytes) : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}
  bool done() const { return p_ >= end_; }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; p_ < end_; shift += 7) {
      const uint8_t b = static_cast<uint8_t>(*p_++);
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    throw std::runtime_error("truncated varint");
  }
  // Next field: its number, wire type, and (for length-delimited ones) its bytes.
  bool next(uint32_t& field, uint32_t& wire) {
    if (done()) return false;
    const uint64_t key = varint();
    field = static_cast<uint32_t>(key >> 3);
    wire = static_cast<uint32_t>(key & 7);
    return true;
  }
  std::string_view bytes() {
    const uint64_t n = varint();
    if (n > static_cast<uint64_t>(end_ - p_)) throw std::runtime_error("truncated field");
    std::string_view s(p_, n);
    p_ += n;
    return s;
  }
  template <class T>
  T fixed() {
    T v;
    if (end_ - p_ < static_cast<std::ptrdiff_t>(sizeof v)) throw std::runtime_error("truncated");
    std::memcpy(&v, p_, sizeof v);
    p_ += sizeof v;
    return v;
  }
  void skip(uint32_t wire) {
    if (wire == 0)
      varint();
    else if (wire == 1)
      p_ += 8;
    else if (wire == 2)
      bytes();
    else if (wire == 5)
      p_ += 4;
    else
      throw std::runtime_error("unsupported wire type " + std::to_string(wire));
  }

 private:
  const char* p_;
  const char* end_;
};

// Appends a repeated scalar field, packed (wire type 2) or not.
template <class T>
void repeated(Reader& r, uint32_t wire, std::vector<T>& out) {
  auto one = [](Reader& rr, uint32_t w) -> T {
    if (w == 0) return static_cast<T>(static_cast<int64_t>(rr.varint()));
    if (w == 5) return static_cast<T>(rr.fixed<float>());
    return static_cast<T>(rr.fixed<double>());
  };
  if (wire != 2) {
    out.push_back(one(r, wire));
    return;
  }
  Reader packed(r.bytes());
  // Packed fields' element wire type follows from T: floats fixed32, doubles fixed64.
  const uint32_t w = std::is_same_v<T, float> ? 5 : std::is_same_v<T, double> ? 1 : 0;
  while (!packed.done()) out.push_back(one(packed, w));
}

// onnx.TensorProto -> Tensor (FLOAT, INT32, INT64, DOUBLE, UINT8, BOOL).
Tensor parse_tensor(std::string_view bytes) {
  Reader r(bytes);
  Shape dims;
  int64_t type = 0;
  std::string_view raw;
  std::vector<double> values;  // from float_data, int32_data, int64_data or double_data
  uint32_t f, w;
  while (r.next(f, w)) {
    if (f == 1)
      repeated(r, w, dims);
    else if (f == 2)
      type = static_cast<int64_t>(r.varint());
    else if (f == 9)
      raw = r.bytes();
    else if (f == 4) {
      std::vector<float> v;
      repeated(r, w, v);
      values.insert(values.end(), v.begin(), v.end());
    } else if (f == 5 || f == 7) {
      std::vector<int64_t> v;
      repeated(r, w, v);
      values.insert(values.end(), v.begin(), v.end());
    } else if (f == 10)
      repeated(r, w, values);
    else
      r.skip(w);
  }
  const std::map<int64_t, DType> types = {{1, DType::Float32}, {2, DType::UInt8},
                                          {6, DType::Int32},   {7, DType::Int64},
                                          {9, DType::Bool},    {11, DType::Float64}};
  if (!types.count(type)) throw std::runtime_error("tensor data_type " + std::to_string(type));
  Tensor t(types.at(type), dims);
  if (!raw.empty()) {
    if (raw.size() != t.nbytes()) throw std::runtime_error("raw_data of the wrong size");
    std::memcpy(t.data(), raw.data(), raw.size());
  } else {
    if (static_cast<int64_t>(values.size()) != t.numel()) throw std::runtime_error("data count");
    for (int64_t i = 0; i < t.numel(); ++i) t.set(i, values[i]);
  }
  return t;
}

struct Node {
  std::string op_type, domain;
  std::vector<std::string> inputs, outputs;
  std::vector<Attribute> attrs;
};

struct Model {
  std::vector<Node> nodes;
  std::vector<std::string> graph_inputs;
  std::map<std::string, int64_t> opsets;  // domain -> version
};

std::optional<Attribute> parse_attribute(std::string_view bytes) {
  Reader r(bytes);
  Attribute a;
  int64_t type = 0, i = 0;
  double f = 0;
  std::string s;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  uint32_t field, w;
  while (r.next(field, w)) {
    if (field == 1)
      a.name = std::string(r.bytes());
    else if (field == 2)
      f = r.fixed<float>();
    else if (field == 3)
      i = static_cast<int64_t>(r.varint());
    else if (field == 4)
      s = std::string(r.bytes());
    else if (field == 7) {
      std::vector<float> v;
      repeated(r, w, v);
      floats.insert(floats.end(), v.begin(), v.end());
    } else if (field == 8)
      repeated(r, w, ints);
    else if (field == 20)
      type = static_cast<int64_t>(r.varint());
    else
      r.skip(w);
  }
  // AttributeProto.type: FLOAT 1, INT 2, STRING 3, FLOATS 6, INTS 7. Others (graphs, tensors)
  // belong to operators this plugin does not implement: such a node is never run.
  if (type == 1)
    a.value = f;
  else if (type == 2)
    a.value = i;
  else if (type == 3)
    a.value = s;
  else if (type == 6)
    a.value = floats;
  else if (type == 7)
    a.value = ints;
  else
    return std::nullopt;
  return a;
}

Node parse_node(std::string_view bytes) {
  Reader r(bytes);
  Node n;
  uint32_t f, w;
  while (r.next(f, w)) {
    if (f == 1)
      n.inputs.emplace_back(r.bytes());
    else if (f == 2)
      n.outputs.emplace_back(r.bytes());
    else if (f == 4)
      n.op_type = std::string(r.bytes());
    else if (f == 5) {
      if (auto a = parse_attribute(r.bytes())) n.attrs.push_back(*a);
    } else if (f == 7)
      n.domain = std::string(r.bytes());
    else
      r.skip(w);
  }
  return n;
}

Model parse_model(std::string_view bytes) {
  Model m;
  Reader r(bytes);
  uint32_t f, w;
  while (r.next(f, w)) {
    if (f == 7) {  // graph
      Reader g(r.bytes());
      while (g.next(f, w)) {
        if (f == 1)
          m.nodes.push_back(parse_node(g.bytes()));
        else if (f == 11) {  // ValueInfoProto: name is field 1
          Reader v(g.bytes());
          while (v.next(f, w)) f == 1 ? void(m.graph_inputs.emplace_back(v.bytes())) : v.skip(w);
        } else
          g.skip(w);
      }
    } else if (f == 8) {  // OperatorSetIdProto
      Reader o(r.bytes());
      std::string domain;
      int64_t version = 0;
      while (o.next(f, w)) {
        if (f == 1)
          domain = std::string(o.bytes());
        else if (f == 2)
          version = static_cast<int64_t>(o.varint());
        else
          o.skip(w);
      }
      m.opsets[domain == "ai.onnx" ? "" : domain] = version;
    } else {
      r.skip(w);
    }
  }
  return m;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::set<std::string> kOperators = {"Add",
                                          "Sub",
                                          "Mul",
                                          "Div",
                                          "Sum",
                                          "Relu",
                                          "LeakyRelu",
                                          "Sigmoid",
                                          "Tanh",
                                          "Softmax",
                                          "LogSoftmax",
                                          "Flatten",
                                          "Reshape",
                                          "Transpose",
                                          "Concat",
                                          "Identity",
                                          "ReduceMean",
                                          "ReduceSum",
                                          "SoftmaxCrossEntropyLoss",
                                          "NegativeLogLikelihoodLoss",
                                          "Gemm",
                                          "MatMul"};

// Runs one test directory. Returns "" when it passed, else why not; sets `unsupported` when the
// plugin declined it as D500_ERR_UNSUPPORTED-style "not implemented" (a dtype it lacks).
std::string run_case(const fs::path& dir, bool& applicable, bool& unsupported) {
  applicable = unsupported = false;
  Model m = parse_model(slurp(dir / "model.onnx"));
  if (m.nodes.size() != 1 || !kOperators.count(m.nodes[0].op_type)) return "";
  // Optional and sequence types are not tensors (test_identity_opt, test_identity_sequence).
  if (dir.filename().string().find("_opt") != std::string::npos ||
      dir.filename().string().find("sequence") != std::string::npos)
    return "";
  applicable = true;
  const Node& node = m.nodes[0];
  std::string failures;
  for (const auto& set : fs::directory_iterator(dir)) {
    if (!set.is_directory()) continue;
    std::vector<Tensor> graph_in;
    for (size_t k = 0; k < m.graph_inputs.size(); ++k)
      graph_in.push_back(parse_tensor(slurp(set.path() / ("input_" + std::to_string(k) + ".pb"))));
    Call c{node.op_type, {}, node.attrs, {}, node.domain};
    c.attrs.push_back({"_opset", m.opsets.count(node.domain) ? m.opsets[node.domain] : 1000});
    for (const std::string& name : node.inputs) {
      if (name.empty()) {
        c.inputs.push_back(nullptr);
        continue;
      }
      const auto it = std::find(m.graph_inputs.begin(), m.graph_inputs.end(), name);
      if (it == m.graph_inputs.end()) return "input " + name + " is not a graph input";
      c.inputs.push_back(&graph_in[it - m.graph_inputs.begin()]);
      // Every input's value is known here, as a runner knows its initializers: Reshape's shape
      // and ReduceSum's axes are read at creation.
      c.constants.push_back(c.inputs.size() - 1);
    }
    std::vector<Tensor> outs;
    try {
      outs = forward_all(c);
    } catch (const D500Error& e) {
      if (std::string(e.what()).find("is not implemented") != std::string::npos) {
        unsupported = true;
        return "";
      }
      return e.what();
    }
    for (size_t k = 0; k < node.outputs.size(); ++k) {
      const Tensor want = parse_tensor(slurp(set.path() / ("output_" + std::to_string(k) + ".pb")));
      if (k >= outs.size()) return "missing output " + std::to_string(k);
      if (outs[k].shape() != want.shape() || outs[k].dtype() != want.dtype()) {
        failures += " output " + std::to_string(k) + " is " + shape_to_string(outs[k].shape()) +
                    ", expected " + shape_to_string(want.shape());
        continue;
      }
      // ONNX's expected values come from numpy, mostly in float32: compare within float32
      // rounding of the values involved.
      for (int64_t i = 0; i < want.numel(); ++i) {
        const double a = outs[k].at(i), b = want.at(i);
        if (std::isnan(b) ? !std::isnan(a) : std::fabs(a - b) > 1e-6 + 1e-5 * std::fabs(b)) {
          failures += " output " + std::to_string(k) + "[" + std::to_string(i) +
                      "] = " + std::to_string(a) + ", expected " + std::to_string(b);
          break;
        }
      }
    }
  }
  return failures;
}

TEST(ReferenceMathOnnx, BackendNodeTests) {
  if (!fs::is_directory(kNodeTests)) GTEST_SKIP() << kNodeTests << " is not installed";
  int passed = 0;
  std::vector<std::string> declined;
  for (const auto& entry : fs::directory_iterator(kNodeTests)) {
    const std::string name = entry.path().filename().string();
    if (name.find("_expanded") != std::string::npos) continue;  // multi-node graphs
    bool applicable = false, unsupported = false;
    std::string why;
    try {
      why = run_case(entry.path(), applicable, unsupported);
    } catch (const std::exception& e) {
      why = std::string("unreadable: ") + e.what();
      applicable = true;
    }
    if (!applicable) continue;
    if (unsupported) {
      declined.push_back(name);
      continue;
    }
    EXPECT_EQ(why, "") << name;
    if (why.empty()) ++passed;
  }
  // onnx 1.12 has 170-odd single-node tests of these operators; only integer-typed ones
  // (test_add_uint8, ...) are declined.
  EXPECT_GE(passed, 150);
  for (const auto& d : declined) EXPECT_NE(d.find("int"), std::string::npos) << d << " declined";
  std::cout << passed << " ONNX node tests passed, " << declined.size()
            << " declined (integer dtypes)\n";
}

}  // namespace
}  // namespace d500::test
