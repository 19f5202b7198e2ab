// Running one subgraph of a control-flow node, and the slicing and stacking Loop and Scan do
// with their scanned values.
#include <algorithm>
#include <cstring>

#include "control_flow.h"
#include "shape_folding.h"

namespace d500::network {

namespace {

bool shape_like(const Tensor& t) {
  return (t.dtype() == DType::Int64 || t.dtype() == DType::Int32) &&
         t.numel() <= kShapeLikeElements;
}

// The subgraph as a graph of its own, typed by what arrives: its captures are inputs like the
// others, but the values in `baked` are constants. Inferred types of its other values are left
// out: they held for other shapes.
Result<Graph> graph_for(const Graph& body, const std::vector<const Tensor*>& inputs,
                        const std::vector<Tensor>& baked) {
  GraphDesc d;
  d.name = body.name();
  d.nodes = body.nodes();
  for (size_t k = 0; k < inputs.size(); ++k) {
    const std::string& name = body.inputs()[k];
    if (baked[k].dtype() != DType::Invalid)
      d.constants.push_back({name, baked[k].clone()});
    else
      d.inputs.emplace_back(name, TensorType{inputs[k]->dtype(), true, inputs[k]->shape()});
  }
  d.outputs = body.outputs();
  for (const auto& p : body.parameters()) d.parameters.push_back({p.name, p.value.clone()});
  for (const auto& c : body.constants()) d.constants.push_back({c.name, c.value.clone()});
  // What is computed from the built-in values alone (Slice's starts from the iteration number)
  // is folded into constants too, so that the operators reading it get it when they are made.
  if (std::any_of(baked.begin(), baked.end(),
                  [](const Tensor& t) { return t.dtype() != DType::Invalid; }))
    fold_shape_arithmetic(d);
  return Graph::create(std::move(d));
}

bool same_tensor(const Tensor& a, const Tensor& b) {
  return a.dtype() == b.dtype() && a.shape() == b.shape() &&
         (a.nbytes() == 0 || std::memcmp(a.data(), b.data(), a.nbytes()) == 0);
}

// Whether the executor `b` holds was built for these inputs.
bool built_for(const Body& b, const std::vector<const Tensor*>& inputs) {
  if (!b.exec || b.built_for.size() != inputs.size()) return false;
  for (size_t k = 0; k < inputs.size(); ++k) {
    const Tensor& t = *inputs[k];
    if (t.dtype() != b.built_for[k].dtype || t.shape() != b.built_for[k].shape) return false;
    if (b.baked[k].dtype() != DType::Invalid && !same_tensor(t, b.baked[k])) return false;
  }
  return true;
}

Result<std::unique_ptr<AssembledExecutor>> try_build(const ControlFlow& cf, Body& b,
                                                     const std::vector<const Tensor*>& inputs) {
  b.baked.clear();
  for (const Tensor* t : inputs)
    b.baked.push_back(b.bake && shape_like(*t) ? t->clone() : Tensor());
  auto g = graph_for(*b.graph, inputs, b.baked);
  if (!g) return g.error();
  return AssembledExecutor::build(std::move(g).value(), *cf.ops, cf.options);
}

void build_body(const ControlFlow& cf, Body& b, const std::vector<const Tensor*>& inputs) {
  b.exec.reset();
  auto ex = try_build(cf, b, inputs);
  if (!ex && !b.bake) {  // an operator may want a small integer input as a constant
    b.bake = true;
    ex = try_build(cf, b, inputs);
  }
  if (!ex) throw D500Error("subgraph '" + b.attribute + "': " + ex.error().message);
  b.exec = std::move(ex).value();
  b.built_for.clear();
  for (const Tensor* t : inputs) b.built_for.push_back({t->dtype(), t->shape()});
}

}  // namespace

std::vector<Tensor> run_body(const ControlFlow& cf, Body& b, std::vector<const Tensor*> inputs,
                             const std::vector<const Tensor*>& captured) {
  for (size_t c : b.captures) inputs.push_back(captured[c]);
  const auto& names = b.graph->inputs();
  if (inputs.size() != names.size())  // checked when the node was made; a guard
    throw D500Error("subgraph '" + b.attribute + "' takes " + std::to_string(names.size()) +
                    " inputs, got " + std::to_string(inputs.size()));
  if (!built_for(b, inputs)) build_body(cf, b, inputs);
  try {
    for (size_t k = 0; k < inputs.size(); ++k)
      if (b.baked[k].dtype() == DType::Invalid) b.exec->set_input(names[k], *inputs[k]);
    b.exec->forward();
  } catch (const D500Error& e) {
    throw D500Error("subgraph '" + b.attribute + "': " + e.what());
  }
  std::vector<Tensor> out;
  for (const auto& name : b.graph->outputs()) out.push_back(b.exec->output(name).clone());
  return out;
}

namespace {

int64_t product(const Shape& s, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t k = from; k < to; ++k) p *= s[k];
  return p;
}

}  // namespace

Tensor slice_along(const Tensor& t, int64_t axis, int64_t index) {
  const Shape& s = t.shape();
  const size_t a = static_cast<size_t>(axis);
  Shape out_shape = s;
  out_shape.erase(out_shape.begin() + axis);
  Tensor out(t.dtype(), out_shape);
  const int64_t outer = product(s, 0, a), dim = s[a];
  const size_t inner = static_cast<size_t>(product(s, a + 1, s.size())) * dtype_size(t.dtype());
  const auto* src = static_cast<const char*>(t.data());
  auto* dst = static_cast<char*>(out.data());
  for (int64_t o = 0; o < outer && inner > 0; ++o)
    std::memcpy(dst + static_cast<size_t>(o) * inner,
                src + static_cast<size_t>(o * dim + index) * inner, inner);
  return out;
}

Tensor stack_along(const std::vector<Tensor>& parts, int64_t axis, const std::string& what,
                   TensorSpec empty) {
  if (parts.empty()) return Tensor(empty.dtype, empty.shape);
  const Tensor& first = parts.front();
  for (size_t p = 1; p < parts.size(); ++p)
    if (parts[p].dtype() != first.dtype() || parts[p].shape() != first.shape())
      throw D500Error(what + " is " + TensorSpec{first.dtype(), first.shape()}.to_string() +
                      " in iteration 0 and " +
                      TensorSpec{parts[p].dtype(), parts[p].shape()}.to_string() +
                      " in iteration " + std::to_string(p) +
                      "; the iterations' values must agree to be stacked");
  const Shape& s = first.shape();
  const size_t a = static_cast<size_t>(axis);
  Shape out_shape = s;
  const int64_t n = static_cast<int64_t>(parts.size());
  out_shape.insert(out_shape.begin() + axis, n);
  Tensor out(first.dtype(), out_shape);
  const int64_t outer = product(s, 0, a);
  const size_t inner = static_cast<size_t>(product(s, a, s.size())) * dtype_size(first.dtype());
  auto* dst = static_cast<char*>(out.data());
  for (int64_t o = 0; o < outer && inner > 0; ++o)
    for (int64_t p = 0; p < n; ++p)
      std::memcpy(dst + static_cast<size_t>(o * n + p) * inner,
                  static_cast<const char*>(parts[static_cast<size_t>(p)].data()) +
                      static_cast<size_t>(o) * inner,
                  inner);
  return out;
}

}  // namespace d500::network
