// If, Loop and Scan on the assembled executor: the node checked against its subgraphs when the
// executor is built, and run by the executor, its subgraphs on the plugins' operators
// (control_flow_body.cpp). Values they produce are sized at run time.
#include "control_flow.h"

#include <algorithm>
#include <limits>

namespace d500::network {

namespace {

using Kind = ControlFlow::Kind;

const plugin::Attribute* attribute(const Node& n, const std::string& name) {
  for (const auto& a : n.attributes)
    if (a.name == name) return &a;
  return nullptr;
}

std::vector<int64_t> ints_attr(const Node& n, const std::string& name, size_t count,
                               int64_t fallback) {
  const auto* a = attribute(n, name);
  if (a && std::holds_alternative<std::vector<int64_t>>(a->value))
    return std::get<std::vector<int64_t>>(a->value);
  return std::vector<int64_t>(count, fallback);
}

std::string count(size_t n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

// The subgraph `attribute` of the node, with `inputs` formal inputs and `outputs` outputs.
Result<Body> body_of(const Node& node, const std::string& attr, size_t inputs, size_t outputs,
                     std::vector<std::string>& captures) {
  const Graph* g = node.subgraph(attr);
  if (!g) return Error{"node " + node.label() + " has no subgraph '" + attr + "'", ""};
  if (g->formal_inputs() != inputs || g->outputs().size() != outputs)
    return Error{"node " + node.label() + ": its subgraph '" + attr + "' has " +
                     count(g->formal_inputs(), "input") + " and " +
                     count(g->outputs().size(), "output") + ", the node's inputs and outputs " +
                     "call for " + count(inputs, "input") + " and " + count(outputs, "output"),
                 ""};
  Body b;
  b.attribute = attr;
  for (const auto& [name, sub] : node.subgraphs)
    if (name == attr) b.graph = sub;
  for (const auto& c : g->captures()) {
    auto it = std::find(captures.begin(), captures.end(), c);
    b.captures.push_back(static_cast<size_t>(it - captures.begin()));
    if (it == captures.end()) captures.push_back(c);
  }
  return b;
}

// Loop's and Scan's shape of inputs and outputs; "" when the node fits its body.
Result<bool> describe(const Node& node, ControlFlow& cf) {
  const size_t ins = node.inputs.size(), outs = node.outputs.size();
  auto add = [&](const std::string& attr, size_t i, size_t o) -> Result<bool> {
    auto b = body_of(node, attr, i, o, cf.captures);
    if (!b) return b.error();
    cf.bodies.push_back(std::move(b).value());
    return true;
  };
  if (cf.kind == Kind::If) {
    for (const char* attr : {"then_branch", "else_branch"})
      if (auto r = add(attr, 0, outs); !r) return r;
    return true;
  }
  if (cf.kind == Kind::Loop) {
    if (ins < 2)
      return Error{"node " + node.label() + " has " + count(ins, "input") +
                       "; a Loop has M and cond (either may be \"\"), then its "
                       "loop-carried values",
                   ""};
    cf.carried = ins - 2;
    if (outs < cf.carried)
      return Error{"node " + node.label() + " carries " + count(cf.carried, "value") +
                       " but has only " + count(outs, "output"),
                   ""};
    return add("body", 2 + cf.carried, 1 + outs);
  }
  const auto* m = attribute(node, "num_scan_inputs");
  if (!m || !std::holds_alternative<int64_t>(m->value) || std::get<int64_t>(m->value) < 1)
    return Error{"node " + node.label() + " needs the attribute num_scan_inputs (>= 1)", ""};
  cf.scanned = static_cast<size_t>(std::get<int64_t>(m->value));
  cf.batched = node.opset < 9;
  const size_t first = cf.batched ? 1 : 0;  // opset 8: sequence_lens comes first
  if (ins < first + cf.scanned)
    return Error{"node " + node.label() + " scans " + count(cf.scanned, "input") + " but has " +
                     count(ins - std::min(ins, first), "input"),
                 ""};
  cf.carried = ins - first - cf.scanned;
  if (outs < cf.carried)
    return Error{"node " + node.label() + " has " + count(cf.carried, "state") + " but only " +
                     count(outs, "output"),
                 ""};
  const size_t scan_outs = outs - cf.carried;
  cf.in_axes = ints_attr(node, "scan_input_axes", cf.scanned, 0);
  cf.in_dirs = ints_attr(node, cf.batched ? "directions" : "scan_input_directions", cf.scanned, 0);
  cf.out_axes = ints_attr(node, "scan_output_axes", scan_outs, 0);
  cf.out_dirs = ints_attr(node, "scan_output_directions", scan_outs, 0);
  if (cf.in_axes.size() != cf.scanned || cf.in_dirs.size() != cf.scanned ||
      cf.out_axes.size() != scan_outs || cf.out_dirs.size() != scan_outs)
    return Error{"node " + node.label() +
                     ": the scan axes and directions must have one entry "
                     "per scanned input (" +
                     std::to_string(cf.scanned) +
                     ") and per scan "
                     "output (" +
                     std::to_string(scan_outs) + ")",
                 ""};
  return add("body", cf.carried + cf.scanned, outs);
}

}  // namespace

bool is_control_flow(const Node& n) {
  return n.domain.empty() && (n.op_type == "If" || n.op_type == "Loop" || n.op_type == "Scan");
}

Result<std::shared_ptr<ControlFlow>> make_control_flow(const Node& node,
                                                       const plugin::OperatorRegistry& ops,
                                                       const ExecutorOptions& options) {
  auto cf = std::make_shared<ControlFlow>();
  cf->kind = node.op_type == "If" ? Kind::If : node.op_type == "Loop" ? Kind::Loop : Kind::Scan;
  cf->label = node.label();
  cf->ops = &ops;
  cf->options.policy = options.policy;
  cf->options.allocate_gradients = false;
  cf->options.parameters_as_constants = true;
  cf->options.max_loop_trips = options.max_loop_trips;
  cf->node_inputs = node.inputs.size();
  if (auto r = describe(node, *cf); !r) return r.error();
  return cf;
}

}  // namespace d500::network
