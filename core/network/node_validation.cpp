#include "d500/network/node_validation.h"

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "d500/error.h"
#include "d500/network/executor_comparison.h"

namespace d500::network {

namespace {

// The node that produces each value.
std::map<std::string, const Node*> producers(const Graph& g) {
  std::map<std::string, const Node*> out;
  for (const Node& n : g.nodes())
    for (const auto& v : n.outputs)
      if (!v.empty()) out[v] = &n;
  return out;
}

// executor's node measurements of the forward pass at batch 1, by node name.
std::map<std::string, int64_t> node_rows(const store::ResultStore& s, int64_t run_id,
                                         const std::string& executor) {
  std::map<std::string, int64_t> out;
  for (const auto& m : s.measurements(run_id)) {
    if (m.implementation != executor) continue;
    const auto p = nlohmann::json::parse(m.point_json, nullptr, false);
    if (!p.is_object() || p.value("kind", "") != "node" || p.value("pass", "") != "fwd" ||
        p.value("batch", int64_t{0}) != 1)
      continue;
    out.emplace(p.value("node", ""), m.id);
  }
  return out;
}

void store_diffs(store::ResultStore& s, int64_t run_id, const std::string& executor,
                 const ExecutorComparison& c, const Graph& g, const operators::Tolerance& tol,
                 NodeValidationSummary& sum) {
  const auto made_by = producers(g);
  const auto rows = node_rows(s, run_id, executor);
  std::vector<const ValueDiff*> diffs;
  for (const auto& d : c.intermediates) diffs.push_back(&d);
  for (const auto& d : c.outputs) diffs.push_back(&d);
  std::set<std::string> seen;  // a graph output is among the intermediates too
  for (const ValueDiff* d : diffs) {
    auto p = made_by.find(d->value);
    if (p == made_by.end() || !seen.insert(d->value).second) continue;
    store::ValidationRow v;
    v.run_id = run_id;
    if (auto r = rows.find(p->second->name); r != rows.end()) v.measurement_id = r->second;
    v.subject = "node " + p->second->name + " (" + p->second->op_type + ") fwd b=1 [" + executor +
                " vs reference]";
    v.metric = "node_rel_error";
    v.value = d->comparison.max_rel_error;
    v.tolerance = tol.rtol;
    v.passed = d->comparison.passed;
    v.detail = "output " + d->value + ": max abs error " +
               std::to_string(d->comparison.max_abs_error) +
               (d->comparison.message.empty() ? "" : "; " + d->comparison.message);
    s.add_validation(v);
    ++sum.nodes;
    sum.failed += v.passed ? 0 : 1;
  }
}

}  // namespace

NodeValidationSummary validate_nodes(store::ResultStore& store, int64_t run_id,
                                     const std::vector<ExecutorUnderTest>& executors,
                                     const std::vector<bool>& skip, const Graph& graph,
                                     uint64_t seed, const operators::Tolerance& tol) {
  NodeValidationSummary sum;
  const ExecutorUnderTest* reference = nullptr;
  for (const auto& e : executors)
    if (e.name == "reference") reference = &e;
  if (!reference) return sum;
  for (size_t i = 0; i < executors.size(); ++i) {
    const ExecutorUnderTest& e = executors[i];
    if (&e == reference || (i < skip.size() && skip[i])) continue;
    try {
      auto a = e.make(1, false);
      auto b = reference->make(1, false);
      ComparisonOptions o;
      o.seed = seed;
      o.tol = tol;
      o.gradients = false;
      store_diffs(store, run_id, e.name, compare_executors(graph, *a, *b, o), graph, tol, sum);
    } catch (const std::exception& ex) {
      sum.errors.push_back("per-node validation of \"" + e.name +
                           "\" against the reference: " + ex.what());
    }
  }
  return sum;
}

}  // namespace d500::network
