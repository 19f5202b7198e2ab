// Graph::create: the checks and the topological sort. Reading ONNX models is graph_from_model.cpp.
#include "d500/network/graph.h"

#include <algorithm>
#include <functional>
#include <queue>

namespace d500::network {

const char* value_kind_name(ValueKind k) {
  switch (k) {
    case ValueKind::Input:
      return "input";
    case ValueKind::Parameter:
      return "parameter";
    case ValueKind::Constant:
      return "constant";
    case ValueKind::Intermediate:
      return "intermediate";
    case ValueKind::Invalid:
      break;
  }
  return "invalid";
}

bool TensorType::complete() const {
  if (!has_shape) return false;
  return std::all_of(shape.begin(), shape.end(), [](int64_t d) { return d >= 0; });
}

std::string TensorType::to_string() const {
  if (dtype == DType::Invalid && !has_shape) return "?";
  std::string s = dtype == DType::Invalid ? "?" : std::string(dtype_name(dtype));
  if (!has_shape) return s + "[...]";
  s += "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + (shape[i] < 0 ? std::string("?") : std::to_string(shape[i]));
  return s + "]";
}

std::string Node::label() const {
  return "'" + name + "' (" + op_type + ")";
}

const Graph* Node::subgraph(const std::string& attribute) const {
  for (const auto& [name, g] : subgraphs)
    if (name == attribute) return g.get();
  return nullptr;
}

namespace {

TensorType type_of(const Tensor& t) {
  return TensorType{t.dtype(), true, t.shape()};
}

// The nodes of one cycle among `left` (nodes the sort could not place), in order: follows
// producer links from any of them until a node repeats.
std::string describe_cycle(const std::vector<Node>& nodes, const std::vector<bool>& left,
                           const std::map<std::string, size_t>& producer) {
  size_t start = 0;
  while (!left[start]) ++start;
  std::vector<size_t> path;
  std::vector<int> seen(nodes.size(), -1);
  size_t n = start;
  while (seen[n] < 0) {
    seen[n] = static_cast<int>(path.size());
    path.push_back(n);
    // Any input produced by another unplaced node leads further into the cycle.
    size_t next = n;
    for (const auto& in : nodes[n].inputs) {
      auto it = producer.find(in);
      if (it != producer.end() && left[it->second]) {
        next = it->second;
        break;
      }
    }
    n = next;
  }
  // The cycle is the part of the path from the repeated node on, walked against the data flow;
  // print it in data-flow order.
  std::vector<size_t> cycle(path.begin() + seen[n], path.end());
  std::reverse(cycle.begin(), cycle.end());
  std::string s;
  for (size_t k : cycle) s += nodes[k].label() + " -> ";
  return s + nodes[cycle.front()].label();
}

// What a node reads: its inputs, then the outer-scope values of its subgraphs (control flow),
// each once; "" for omitted inputs left out.
std::vector<std::string> reads(const Node& n) {
  std::vector<std::string> r;
  for (const auto& in : n.inputs)
    if (!in.empty()) r.push_back(in);
  for (const auto& sub : n.subgraphs)
    for (const auto& c : sub.second->captures())
      if (std::find(r.begin(), r.end(), c) == r.end()) r.push_back(c);
  return r;
}

// The error for a value a node reads that the graph does not have.
std::string unknown_read(const Node& n, const std::string& name) {
  for (const auto& in : n.inputs)
    if (in == name)
      return "node " + n.label() + " reads \"" + name +
             "\", which no node produces and which is neither a graph input, an initializer "
             "nor a constant";
  std::string which;
  for (const auto& sub : n.subgraphs)
    for (const auto& c : sub.second->captures())
      if (c == name && which.empty()) which = sub.first;
  return "node " + n.label() + ": its subgraph '" + which + "' reads \"" + name +
         "\" from the enclosing graph, which has no such value (no node produces it and it is "
         "neither an input, an initializer nor a constant)";
}

}  // namespace

Result<Graph> Graph::create(GraphDesc desc) {
  const std::string where = desc.name.empty() ? "graph" : "graph " + desc.name;
  Graph g;
  g.name_ = desc.name;
  g.nodes_ = std::move(desc.nodes);
  g.parameters_ = std::move(desc.parameters);
  g.constants_ = std::move(desc.constants);

  auto add_value = [&](const std::string& name, ValueKind kind, TensorType type) -> bool {
    if (g.index_.count(name)) return false;
    g.index_[name] = g.values_.size();
    g.values_.push_back(Value{name, kind, std::move(type), -1, {}, false});
    return true;
  };
  for (const auto& [name, type] : desc.inputs) {
    if (!add_value(name, ValueKind::Input, type))
      return Error{"graph input \"" + name + "\" is declared twice", where};
    g.inputs_.push_back(name);
  }
  for (const auto& p : g.parameters_)
    if (!add_value(p.name, ValueKind::Parameter, type_of(p.value)))
      return Error{"initializer \"" + p.name + "\" has the name of another input or initializer",
                   where};
  for (const auto& c : g.constants_)
    if (!add_value(c.name, ValueKind::Constant, type_of(c.value)))
      return Error{"constant \"" + c.name + "\" has the name of another input or initializer",
                   where};

  // Node names must be unique so that events and errors name one node; unnamed nodes get one.
  std::map<std::string, size_t> node_names;
  for (size_t i = 0; i < g.nodes_.size(); ++i) {
    Node& n = g.nodes_[i];
    if (n.name.empty()) n.name = n.op_type + "_" + std::to_string(i);
    if (node_names.count(n.name)) n.name += "_" + std::to_string(i);
    node_names[n.name] = i;
    if (n.domain == "ai.onnx") n.domain.clear();
    if (n.domain.empty() && (n.opset < kMinOpset || n.opset > kMaxOpset))
      return Error{"node " + n.label() + " is of opset " + std::to_string(n.opset) +
                       " of ai.onnx, outside the supported range " + std::to_string(kMinOpset) +
                       ".." + std::to_string(kMaxOpset),
                   where};
  }

  std::map<std::string, size_t> producer;
  for (size_t i = 0; i < g.nodes_.size(); ++i) {
    for (const auto& out : g.nodes_[i].outputs) {
      if (out.empty()) continue;
      if (auto it = producer.find(out); it != producer.end())
        return Error{"value \"" + out + "\" is produced by both node " +
                         g.nodes_[it->second].label() + " and node " + g.nodes_[i].label(),
                     where};
      if (g.index_.count(out))
        return Error{"node " + g.nodes_[i].label() + " writes \"" + out + "\", which is a " +
                         value_kind_name(g.values_[g.index_[out]].kind) + " of the graph",
                     where};
      producer[out] = i;
      auto t = desc.value_types.find(out);
      add_value(out, ValueKind::Intermediate,
                t == desc.value_types.end() ? TensorType{} : t->second);
      g.values_[g.index_[out]].producer = static_cast<int64_t>(i);
    }
  }
  // A subgraph reads what it does not define from the enclosing graph: trailing inputs.
  for (size_t i = 0; desc.subgraph && i < g.nodes_.size(); ++i)
    for (const auto& in : reads(g.nodes_[i])) {
      if (g.index_.count(in)) continue;
      auto t = desc.value_types.find(in);
      add_value(in, ValueKind::Input, t == desc.value_types.end() ? TensorType{} : t->second);
      g.inputs_.push_back(in);
      g.captures_.push_back(in);
    }
  for (size_t i = 0; i < g.nodes_.size(); ++i)
    for (const auto& in : reads(g.nodes_[i])) {
      auto it = g.index_.find(in);
      if (it == g.index_.end()) return Error{unknown_read(g.nodes_[i], in), where};
      g.values_[it->second].consumers.push_back(i);
    }
  for (const auto& out : desc.outputs)
    if (desc.subgraph && !g.index_.count(out)) {  // passed through from the enclosing graph
      auto t = desc.value_types.find(out);
      add_value(out, ValueKind::Input, t == desc.value_types.end() ? TensorType{} : t->second);
      g.inputs_.push_back(out);
      g.captures_.push_back(out);
    }
  for (const auto& out : desc.outputs) {
    auto it = g.index_.find(out);
    if (it == g.index_.end())
      return Error{"graph output \"" + out + "\" is produced by no node", where};
    g.values_[it->second].is_output = true;
    g.outputs_.push_back(out);
  }

  // Kahn's algorithm; a min-heap of ready node indices keeps model order among ready nodes, so
  // a model that is already sorted runs in the order it was written.
  std::vector<size_t> waiting(g.nodes_.size(), 0);
  for (size_t i = 0; i < g.nodes_.size(); ++i)
    for (const auto& in : reads(g.nodes_[i]))
      if (producer.count(in)) ++waiting[i];
  std::priority_queue<size_t, std::vector<size_t>, std::greater<>> ready;
  for (size_t i = 0; i < g.nodes_.size(); ++i)
    if (waiting[i] == 0) ready.push(i);
  while (!ready.empty()) {
    const size_t n = ready.top();
    ready.pop();
    g.order_.push_back(n);
    for (const auto& out : g.nodes_[n].outputs) {
      if (out.empty()) continue;
      for (size_t c : g.values_[g.index_[out]].consumers)
        if (--waiting[c] == 0) ready.push(c);
    }
  }
  if (g.order_.size() != g.nodes_.size()) {
    std::vector<bool> left(g.nodes_.size(), true);
    for (size_t n : g.order_) left[n] = false;
    return Error{"the graph has a cycle: " + describe_cycle(g.nodes_, left, producer), where};
  }
  return g;
}

const Value* Graph::find(const std::string& name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : &values_[it->second];
}

size_t Graph::parameter_count() const {
  size_t n = 0;
  for (const auto& p : parameters_) n += static_cast<size_t>(p.value.numel());
  return n;
}

Graph Graph::clone() const {
  Graph g;
  g.name_ = name_;
  g.source_ = source_;
  g.nodes_ = nodes_;
  g.order_ = order_;
  g.values_ = values_;
  g.index_ = index_;
  g.inputs_ = inputs_;
  g.outputs_ = outputs_;
  g.captures_ = captures_;
  g.input_shapes_bound_ = input_shapes_bound_;
  for (const auto& p : parameters_) g.parameters_.push_back({p.name, p.value.clone()});
  for (const auto& c : constants_) g.constants_.push_back({c.name, c.value.clone()});
  return g;
}

}  // namespace d500::network
