// AssemblyPolicy: parsing the user's preference list and turning it into candidate
// implementations for a node.
#include <algorithm>

#include "executor_state.h"

namespace d500::network {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

}  // namespace

Result<AssemblyPolicy> AssemblyPolicy::parse(const std::string& list) {
  AssemblyPolicy p;
  p.prefer.clear();
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    const std::string entry = trim(list.substr(start, end - start));
    start = end + 1;
    if (entry.empty()) continue;
    const auto eq = entry.find('=');
    if (eq == std::string::npos) {
      p.prefer.push_back(entry);
      continue;
    }
    const std::string op = trim(entry.substr(0, eq)), impl = trim(entry.substr(eq + 1));
    if (op.empty() || impl.empty())
      return Error{"\"" + entry + "\" is not OP=IMPLEMENTATION (e.g. Conv=examples/im2col)",
                   "preference list"};
    p.per_op[op].push_back(impl);
  }
  if (p.prefer.empty() && p.per_op.empty())
    return Error{"the preference list is empty", "preference list"};
  return p;
}

std::string AssemblyPolicy::to_string() const {
  std::string s;
  for (const auto& [op, impls] : per_op) {
    s += op + ": ";
    for (size_t i = 0; i < impls.size(); ++i) s += (i ? ", " : "") + impls[i];
    s += "; ";
  }
  s += per_op.empty() ? "" : "then ";
  for (size_t i = 0; i < prefer.size(); ++i) s += (i ? ", " : "") + prefer[i];
  return s;
}

namespace {

// The implementations `policy` offers for `node`, with or without the check of the node's opset.
std::vector<const plugin::OperatorImpl*> offered(const plugin::OperatorRegistry& ops,
                                                 const Node& node, const AssemblyPolicy& policy,
                                                 bool check_opset) {
  std::vector<std::string> ids;
  if (auto it = policy.per_op.find(node.op_type); it != policy.per_op.end()) ids = it->second;
  ids.insert(ids.end(), policy.prefer.begin(), policy.prefer.end());
  std::vector<const plugin::OperatorImpl*> out;
  auto add = [&](const plugin::OperatorImpl* impl) {
    if (check_opset && !impl->follows_opset(node.opset)) return;
    if (std::find(out.begin(), out.end(), impl) == out.end()) out.push_back(impl);
  };
  for (const auto& id : ids) {
    const auto found = ops.find(node.op_type, node.domain);
    if (id.find('/') != std::string::npos) {
      for (const auto* impl : found)
        if (impl->id() == id) add(impl);
      continue;
    }
    // A bare plugin name: its CPU implementations first (values live on the host), then those
    // on a device (values copied there and back as needed); the "default" variant first in each.
    for (const bool cpu : {true, false}) {
      for (const auto* impl : found)
        if (impl->plugin == id && (impl->device_type() == kDLCPU) == cpu &&
            impl->variant() == "default")
          add(impl);
      for (const auto* impl : found)
        if (impl->plugin == id && (impl->device_type() == kDLCPU) == cpu) add(impl);
    }
  }
  return out;
}

}  // namespace

std::vector<const plugin::OperatorImpl*> candidate_implementations(
    const plugin::OperatorRegistry& ops, const Node& node, const AssemblyPolicy& policy) {
  return offered(ops, node, policy, true);
}

std::vector<std::string> opset_refusals(const plugin::OperatorRegistry& ops, const Node& node,
                                        const AssemblyPolicy& policy) {
  std::vector<std::string> out;
  for (const auto* impl : offered(ops, node, policy, false))
    out.push_back(impl->id() + " follows opsets " + impl->opset_range());
  return out;
}

void add_into(Tensor& dst, const Tensor& src) {
  D500_ASSERT(dst.dtype() == src.dtype() && dst.numel() == src.numel());
  const int64_t n = dst.numel();
  if (dst.dtype() == DType::Float64) {
    double* d = dst.data_as<double>();
    const double* s = src.data_as<double>();
    for (int64_t i = 0; i < n; ++i) d[i] += s[i];
  } else {
    D500_ASSERT(dst.dtype() == DType::Float32);
    float* d = dst.data_as<float>();
    const float* s = src.data_as<float>();
    for (int64_t i = 0; i < n; ++i) d[i] += s[i];
  }
}

}  // namespace d500::network
