// What the torch executor's network tests share: the plugins (reference and torch), small ONNX
// model-writing helpers, and one model run on the reference and the torch executor and compared
// (outputs, intermediates, parameter gradients).
#pragma once

#include <onnx/onnx_pb.h>

#include <memory>
#include <string>
#include <vector>

#include "d500/network/executor_comparison.h"
#include "d500/network/executor_factory.h"
#include "d500/onnx/model.h"

namespace d500::test::torch_executor {

inline plugin::PluginManager& plugins() {
  static plugin::PluginManager pm({D500_TEST_PLUGIN_DIR});
  static bool loaded = [] {
    pm.load({"reference", "torch"});
    return true;
  }();
  (void)loaded;
  return pm;
}

inline void set_type(::onnx::ValueInfoProto* v, const std::string& name,
                     const std::vector<int64_t>& dims) {
  v->set_name(name);
  auto* t = v->mutable_type()->mutable_tensor_type();
  t->set_elem_type(::onnx::TensorProto::FLOAT);
  auto* shape = t->mutable_shape();
  for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
}

inline ::onnx::NodeProto* add_node(::onnx::GraphProto* g, const std::string& op,
                                   const std::vector<std::string>& in, const std::string& out) {
  auto* n = g->add_node();
  n->set_op_type(op);
  n->set_name(out);
  for (const auto& i : in) n->add_input(i);
  n->add_output(out);
  return n;
}

inline std::unique_ptr<network::NetworkExecutor> build(const std::string& name, network::Graph g) {
  auto ex = network::make_executor(name, std::move(g), plugins());
  if (!ex) throw D500Error(ex.error());
  return std::move(ex).value();
}

// The serialized model on the reference executor and on the torch executor, compared on inputs
// drawn with `seed` (relative 1e-3, absolute 1e-5).
inline network::ExecutorComparison compare_reference_and_torch(const std::string& bytes,
                                                               const std::string& name,
                                                               uint64_t seed) {
  auto model = d500::onnx::Model::parse(bytes, name);
  if (!model) throw D500Error(model.error());
  auto g = network::Graph::from_model(*model);
  if (!g) throw D500Error(g.error());
  auto ref = build("reference", g->clone());
  auto torch = build("torch", g->clone());
  network::ComparisonOptions co;
  co.seed = seed;
  co.tol = {1e-3, 1e-5};
  return network::compare_executors(*g, *ref, *torch, co);
}

}  // namespace d500::test::torch_executor
