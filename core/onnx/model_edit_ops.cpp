// ModelDocument's edits (model_edit.h): each is checked against the graph and the op's schema
// before anything changes, and leaves the nodes in topological order.
#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>

#include "model_edit_impl.h"

namespace d500::onnx {

namespace {

using AP = ::onnx::AttributeProto;
using NodeProto = ::onnx::NodeProto;

std::string quoted(const std::string& s) {
  return "\"" + s + "\"";
}

NodeProto* find(::onnx::GraphProto& g, const std::string& name) {
  for (auto& n : *g.mutable_node())
    if (n.name() == name) return &n;
  return nullptr;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string domain_text(const std::string& domain) {
  return domain.empty() ? "ai.onnx" : domain;
}

// The attribute names an op has, for a refusal's "it has: ...".
std::string attribute_list(const OpSchemaInfo& s) {
  if (s.attributes.empty()) return "it has no attributes";
  std::string out = "it has ";
  for (size_t i = 0; i < s.attributes.size(); ++i) out += (i ? ", " : "") + s.attributes[i].name;
  return out;
}

void write_attribute(AP& p, const plugin::Attribute& a) {
  p.Clear();
  p.set_name(a.name);
  std::visit(
      [&p](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, int64_t>) {
          p.set_type(AP::INT);
          p.set_i(v);
        } else if constexpr (std::is_same_v<V, double>) {
          p.set_type(AP::FLOAT);
          p.set_f(static_cast<float>(v));
        } else if constexpr (std::is_same_v<V, std::string>) {
          p.set_type(AP::STRING);
          p.set_s(v);
        } else if constexpr (std::is_same_v<V, std::vector<int64_t>>) {
          p.set_type(AP::INTS);
          for (int64_t x : v) p.add_ints(x);
        } else if constexpr (std::is_same_v<V, std::vector<double>>) {
          p.set_type(AP::FLOATS);
          for (double x : v) p.add_floats(static_cast<float>(x));
        } else if constexpr (std::is_same_v<V, std::vector<std::string>>) {
          p.set_type(AP::STRINGS);
          for (const auto& x : v) p.add_strings(x);
        }
      },
      a.value);
}

// "" when `a` is one of `schema`'s attributes of its type; else why not.
std::string attribute_problem(const OpSchemaInfo& schema, const plugin::Attribute& a) {
  if (std::holds_alternative<std::shared_ptr<const Tensor>>(a.value))
    return "tensor attributes cannot be set in the editor";
  const OpAttributeInfo* info = schema.attribute(a.name);
  if (!info)
    return schema.op_type + " has no attribute " + quoted(a.name) + "; " + attribute_list(schema);
  const std::string type = plugin::attribute_type_name(a);
  if (type != info->type)
    return "attribute " + quoted(a.name) + " of " + schema.op_type + " is " + info->type +
           ", not " + type;
  return "";
}

// Whether `tensor` is `node`'s output or is computed from one (walking producers upstream).
bool reads_output_of(const ::onnx::GraphProto& g, const std::string& tensor,
                     const std::string& node) {
  std::map<std::string, const NodeProto*> producer;
  for (const auto& n : g.node())
    for (const auto& o : n.output()) producer.emplace(o, &n);
  std::set<const NodeProto*> seen;
  std::vector<std::string> todo = {tensor};
  while (!todo.empty()) {
    auto it = producer.find(todo.back());
    todo.pop_back();
    if (it == producer.end() || !seen.insert(it->second).second) continue;
    if (it->second->name() == node) return true;
    for (const auto& in : it->second->input()) todo.push_back(in);
  }
  return false;
}

}  // namespace

Result<std::string> ModelDocument::add_node(const NewNode& spec) {
  auto& g = *impl_->proto.mutable_graph();
  const std::string& where = impl_->source;
  if (spec.op_type.empty()) return Error{"a node needs an op type", where};
  const int64_t version = opset(spec.domain);
  const auto schema = op_schema(spec.op_type, spec.domain, version ? version : 1);
  if (!schema && spec.domain.empty())
    return Error{"ONNX (the linked libonnx) has no operator " + quoted(spec.op_type) +
                     " at opset " + std::to_string(version) + " of ai.onnx",
                 where};
  std::string name = spec.name;
  if (name.empty())
    for (int i = 0; name.empty() || find(g, name); ++i)
      name = lower(spec.op_type) + "_" + std::to_string(i);
  if (find(g, name)) return Error{"there is a node named " + quoted(name) + " already", where};
  const auto defined = detail::defined_tensors(g);
  for (const auto& in : spec.inputs)
    if (!in.empty() && !defined.count(in))
      return Error{"no tensor " + quoted(in) + " to read (node " + quoted(name) + ")", where};
  if (schema && static_cast<int>(spec.inputs.size()) > schema->max_inputs)
    return Error{spec.op_type + " takes at most " + std::to_string(schema->max_inputs) +
                     " inputs, not " + std::to_string(spec.inputs.size()),
                 where};
  std::vector<std::string> outputs = spec.outputs;
  if (outputs.empty()) outputs.push_back(name);
  for (const auto& o : outputs)
    if (defined.count(o))
      return Error{
          "tensor " + quoted(o) + " exists already; node " + quoted(name) + " cannot write it too",
          where};
  if (schema)
    for (const auto& a : spec.attributes)
      if (auto p = attribute_problem(*schema, a); !p.empty()) return Error{p, where};
  if (schema)
    for (const auto& a : schema->attributes) {
      const bool given = std::any_of(spec.attributes.begin(), spec.attributes.end(),
                                     [&](const plugin::Attribute& x) { return x.name == a.name; });
      if (a.required && !given)
        return Error{spec.op_type + " needs the attribute " + quoted(a.name) + " (" + a.type + ")",
                     where};
    }
  if (!spec.domain.empty() && version == 0) {
    auto* o = impl_->proto.add_opset_import();
    o->set_domain(spec.domain);
    o->set_version(1);
  }
  auto* n = g.add_node();
  n->set_name(name);
  n->set_op_type(spec.op_type);
  if (!spec.domain.empty()) n->set_domain(spec.domain);
  for (const auto& in : spec.inputs) n->add_input(in);
  for (const auto& o : outputs) n->add_output(o);
  for (const auto& a : spec.attributes) write_attribute(*n->add_attribute(), a);
  return name;
}

Result<std::string> ModelDocument::remove_node(const std::string& name) {
  auto& g = *impl_->proto.mutable_graph();
  NodeProto* n = find(g, name);
  if (!n) return Error{"no node named " + quoted(name), impl_->source};
  for (const auto& o : g.output())
    for (const auto& out : n->output())
      if (o.name() == out)
        return Error{"node " + quoted(name) + " writes the graph output " + quoted(out) +
                         "; it cannot be removed (replace its op instead)",
                     impl_->source};
  std::string first;
  for (const auto& in : n->input())
    if (!in.empty()) {
      first = in;
      break;
    }
  std::vector<std::string> outs(n->output().begin(), n->output().end());
  for (auto& other : *g.mutable_node()) {
    if (&other == n) continue;
    for (auto& in : *other.mutable_input()) {
      if (std::find(outs.begin(), outs.end(), in) == outs.end() || in.empty()) continue;
      if (first.empty())
        return Error{"node " + quoted(other.name()) + " reads " + quoted(in) + " of node " +
                         quoted(name) + ", which has no input to hand on instead",
                     impl_->source};
    }
  }
  for (auto& other : *g.mutable_node())
    for (auto& in : *other.mutable_input())
      if (!in.empty() && std::find(outs.begin(), outs.end(), in) != outs.end()) in = first;
  const long index = find_node(name);
  g.mutable_node()->DeleteSubrange(static_cast<int>(index), 1);
  return name;
}

Result<std::string> ModelDocument::replace_op(const std::string& name, const std::string& op_type,
                                              const std::string& domain) {
  auto& g = *impl_->proto.mutable_graph();
  NodeProto* n = find(g, name);
  if (!n) return Error{"no node named " + quoted(name), impl_->source};
  if (n->op_type() == op_type && (n->domain() == domain))
    return Error{"node " + quoted(name) + " is a " + op_type + " already", impl_->source};
  const int64_t version = opset(domain);
  const auto schema = op_schema(op_type, domain, version ? version : 1);
  if (!schema && domain.empty())
    return Error{"ONNX (the linked libonnx) has no operator " + quoted(op_type) + " at opset " +
                     std::to_string(version) + " of " + domain_text(domain),
                 impl_->source};
  if (!domain.empty() && version == 0) {
    auto* o = impl_->proto.add_opset_import();
    o->set_domain(domain);
    o->set_version(1);
  }
  n->set_op_type(op_type);
  if (domain.empty())
    n->clear_domain();
  else
    n->set_domain(domain);
  if (!schema) return name;
  auto* attrs = n->mutable_attribute();
  for (int i = attrs->size() - 1; i >= 0; --i)
    if (!schema->attribute(attrs->Get(i).name())) attrs->DeleteSubrange(i, 1);
  while (n->input_size() > schema->max_inputs) n->mutable_input()->RemoveLast();
  while (n->output_size() > schema->max_outputs) n->mutable_output()->RemoveLast();
  return name;
}

Result<std::string> ModelDocument::set_attribute(const std::string& node,
                                                 const plugin::Attribute& a) {
  auto& g = *impl_->proto.mutable_graph();
  NodeProto* n = find(g, node);
  if (!n) return Error{"no node named " + quoted(node), impl_->source};
  const auto schema = op_schema(n->op_type(), n->domain(), opset(n->domain()));
  if (schema)
    if (auto p = attribute_problem(*schema, a); !p.empty())
      return Error{"node " + quoted(node) + ": " + p, impl_->source};
  for (auto& p : *n->mutable_attribute())
    if (p.name() == a.name) {
      write_attribute(p, a);
      return node;
    }
  write_attribute(*n->add_attribute(), a);
  return node;
}

Result<std::string> ModelDocument::remove_attribute(const std::string& node,
                                                    const std::string& attribute) {
  auto& g = *impl_->proto.mutable_graph();
  NodeProto* n = find(g, node);
  if (!n) return Error{"no node named " + quoted(node), impl_->source};
  auto* attrs = n->mutable_attribute();
  for (int i = 0; i < attrs->size(); ++i)
    if (attrs->Get(i).name() == attribute) {
      attrs->DeleteSubrange(i, 1);
      return node;
    }
  return Error{"node " + quoted(node) + " has no attribute " + quoted(attribute), impl_->source};
}

Result<std::string> ModelDocument::connect(const std::string& node, size_t index,
                                           const std::string& tensor) {
  auto& g = *impl_->proto.mutable_graph();
  NodeProto* n = find(g, node);
  const std::string& where = impl_->source;
  if (!n) return Error{"no node named " + quoted(node), where};
  if (index > static_cast<size_t>(n->input_size()))
    return Error{"node " + quoted(node) + " has " + std::to_string(n->input_size()) +
                     " inputs; input " + std::to_string(index) + " would leave a gap",
                 where};
  const auto schema = op_schema(n->op_type(), n->domain(), opset(n->domain()));
  if (schema && static_cast<int>(index) >= schema->max_inputs)
    return Error{n->op_type() + " takes at most " + std::to_string(schema->max_inputs) + " inputs",
                 where};
  if (!detail::defined_tensors(g).count(tensor))
    return Error{"no tensor " + quoted(tensor) + " to connect to node " + quoted(node), where};
  if (reads_output_of(g, tensor, node))
    return Error{"connecting " + quoted(tensor) + " to node " + quoted(node) +
                     " would make a cycle (the tensor is computed from the node's own output)",
                 where};
  if (index == static_cast<size_t>(n->input_size()))
    n->add_input(tensor);
  else
    n->set_input(static_cast<int>(index), tensor);
  detail::sort_nodes(g);
  return node;
}

}  // namespace d500::onnx
