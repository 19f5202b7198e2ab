// The torch executor's operator registry (graph_ops.h): every family file registers its
// operators' Compile functions through add<> as the plugin's table is built, which happens
// before any executor exists (the executor is listed in the same table).
#include "graph_ops.h"

#include <map>
#include <mutex>
#include <utility>

namespace d500::torch_plugin {
namespace {

using Key = std::pair<std::string, std::string>;  // domain ("" for ai.onnx), op type

std::string canonical(const std::string& domain) {
  return domain == "ai.onnx" ? "" : domain;
}

struct Registry {
  std::mutex mutex;
  std::map<Key, Compile> ops;
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

void register_graph_op(const char* domain, const char* op_type, Compile compile) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.ops[{canonical(domain ? domain : ""), op_type}] = compile;
}

NodeFn compile_node(const std::string& op, const std::string& domain, const sdk::Attributes& a,
                    const NodeSignature& s) {
  Compile compile = nullptr;
  {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.ops.find({canonical(domain), op});
    if (it != r.ops.end()) compile = it->second;
  }
  if (!compile) {
    if (!canonical(domain).empty())
      throw sdk::unsupported("operator " + op + " of domain " + domain);
    throw sdk::unsupported("operator " + op + " is not implemented by the torch executor");
  }
  return compile(a, s);
}

}  // namespace d500::torch_plugin
