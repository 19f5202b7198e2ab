// Graph::from_model: an onnx::Model turned into a GraphDesc (initializers taken, Constant nodes
// folded, values typed by ONNX shape inference), then Graph::create.
#include <algorithm>
#include <set>

#include "d500/network/graph.h"
#include "graph_subgraphs.h"
#include "shape_folding.h"

namespace d500::network {

namespace {

TensorType type_of(const onnx::ValueInfo& v) {
  return type_of_value(v);
}

// How errors will name the node, before Graph::create names an unnamed one.
std::string unnamed_label(const Node& n, size_t index) {
  const std::string name = n.name.empty() ? n.op_type + "_" + std::to_string(index) : n.name;
  return "'" + name + "' (" + n.op_type + ")";
}

bool is_float(DType t) {
  return t == DType::Float32 || t == DType::Float64;
}

// The shapes to fix before inference: `batch` on the first dimension of every fed input, then
// whole shapes from the options.
Result<std::vector<std::pair<std::string, Shape>>> fixed_shapes(
    const onnx::Model& model, const std::set<std::string>& initializers, const GraphOptions& o) {
  std::vector<std::pair<std::string, Shape>> fixed;
  if (o.batch < 0)
    return Error{"batch size " + std::to_string(o.batch) + " is negative", model.source()};
  for (const auto& v : model.inputs()) {
    if (initializers.count(v.name)) continue;
    auto given = std::find_if(o.input_shapes.begin(), o.input_shapes.end(),
                              [&](const auto& p) { return p.first == v.name; });
    if (given != o.input_shapes.end()) {
      fixed.emplace_back(v.name, given->second);
    } else if (o.batch > 0) {
      if (!v.has_shape || v.shape.empty())
        return Error{"input \"" + v.name + "\" has no batch dimension to set (its shape is " +
                         (v.has_shape ? "a scalar" : "unknown") + ")",
                     model.source()};
      Shape s = v.shape;
      s[0] = o.batch;
      fixed.emplace_back(v.name, s);
    }
  }
  for (const auto& entry : o.input_shapes) {
    const std::string& name = entry.first;  // not a structured binding: clang 14 cannot capture one
    auto it = std::find_if(model.inputs().begin(), model.inputs().end(),
                           [&](const auto& v) { return v.name == name; });
    if (it == model.inputs().end() || initializers.count(name)) {
      std::string list;
      for (const auto& v : model.inputs())
        if (!initializers.count(v.name)) list += (list.empty() ? "" : ", ") + v.name;
      return Error{"no graph input \"" + name + "\" (the inputs are: " + list + ")",
                   model.source()};
    }
  }
  return fixed;
}

// Shape arithmetic folded into constants, then inference again with those values (it types what
// follows a Reshape whose shape ONNX could not propagate), until nothing more folds.
bool fold_shapes(const onnx::Model& model, const std::vector<std::pair<std::string, Shape>>& fixed,
                 GraphDesc& desc) {
  constexpr int64_t kMaxKnown = 1 << 16;  // elements: big integer initializers stay types only
  Folded round = fold_shape_arithmetic(desc);
  bool bound = round.shape;
  for (int n = 0; round.nodes > 0 && n < 100; ++n) {
    std::vector<onnx::NamedTensor> known;
    for (const auto& c : desc.constants)
      if (c.value.numel() <= kMaxKnown) known.push_back({c.name, c.value.clone()});
    auto inferred = model.infer_shapes(fixed, known);
    if (!inferred) break;  // the first inference's types stand
    for (const auto& v : *inferred) desc.value_types[v.name] = type_of(v);
    round = fold_shape_arithmetic(desc);
    bound |= round.shape;
  }
  return bound;
}

}  // namespace

Result<Graph> Graph::from_model(onnx::Model& model, const GraphOptions& options) {
  const int64_t opset = model.opset("");
  bool uses_default = false;
  for (size_t i = 0; i < model.node_count(); ++i) uses_default |= model.node(i).domain.empty();
  if (uses_default && (opset < kMinOpset || opset > kMaxOpset))
    return Error{"the model imports opset " + std::to_string(opset) +
                     " of ai.onnx; d500 runs opsets " + std::to_string(kMinOpset) + ".." +
                     std::to_string(kMaxOpset),
                 model.source()};

  GraphDesc desc;
  desc.name = model.source();
  std::set<std::string> initializers;
  for (const auto& name : model.initializer_names()) initializers.insert(name);

  auto fixed = fixed_shapes(model, initializers, options);
  if (!fixed) return fixed.error();
  // Inference before the initializers are taken: it reads small integer ones (shapes).
  auto inferred = model.infer_shapes(*fixed);
  if (!inferred) return inferred.error();
  for (const auto& v : *inferred) desc.value_types[v.name] = type_of(v);

  for (const auto& v : model.inputs()) {
    if (initializers.count(v.name)) continue;  // IR < 4 lists initializers among the inputs
    if (v.kind != "tensor")
      return Error{"graph input \"" + v.name + "\" is " +
                       (v.kind.empty() ? "untyped" : "a " + v.kind) + "; d500 feeds tensors only",
                   model.source()};
    if (v.dtype == DType::Invalid)
      return Error{"graph input \"" + v.name + "\" has element type " + v.elem_type +
                       ", which d500 tensors do not hold",
                   model.source()};
    auto t = desc.value_types.find(v.name);
    desc.inputs.emplace_back(v.name, t != desc.value_types.end() ? t->second : type_of(v));
  }
  for (const auto& v : model.outputs()) desc.outputs.push_back(v.name);

  for (size_t i = 0; i < model.node_count(); ++i) {
    onnx::NodeInfo info = model.node(i);
    if (info.op_type == "Constant" && info.domain.empty()) {
      // Folded here: its value is known before anything runs, and operators such as Reshape
      // need it as a constant when they are created.
      auto value = model.constant_value(i);
      if (!value) return value.error();
      if (!info.outputs.empty() && !info.outputs[0].empty())
        desc.constants.push_back({info.outputs[0], std::move(value).value()});
      continue;
    }
    auto attrs = model.attributes(i);
    if (!attrs) return attrs.error();
    Node n;
    n.name = info.name;
    n.op_type = info.op_type;
    n.domain = info.domain;
    n.opset = info.opset;
    n.attributes = std::move(attrs).value();
    n.inputs = std::move(info.inputs);
    n.outputs = std::move(info.outputs);
    auto subs = model.subgraphs(i);  // control flow: the executor runs these itself
    if (!subs) return subs.error();
    if (!subs->empty()) {
      auto graphs = graphs_of_subgraphs(std::move(subs).value(), desc.value_types,
                                        unnamed_label(n, desc.nodes.size()));
      if (!graphs) return Error{graphs.error().message, model.source()};
      n.subgraphs = std::move(graphs).value();
    }
    desc.nodes.push_back(std::move(n));
  }

  auto taken = model.take_initializers();
  if (!taken) return taken.error();
  for (auto& t : *taken) {
    if (is_float(t.value.dtype()))
      desc.parameters.push_back(std::move(t));
    else
      desc.constants.push_back(std::move(t));
  }
  const bool bound = fold_shapes(model, *fixed, desc);
  auto g = create(std::move(desc));
  if (!g) return Error{g.error().message, model.source()};
  g->input_shapes_bound_ = bound;
  g->source_ = model.source();
  g->name_ = model.source();
  return g;
}

Result<Graph> Graph::load(const std::string& path, const GraphOptions& options) {
  auto model = onnx::Model::load(path);
  if (!model) return model.error();
  return from_model(*model, options);
}

}  // namespace d500::network
