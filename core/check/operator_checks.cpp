// The operator level's checks beyond the names of its implementations (issue 35, item 5): the
// inputs the operator takes, and each implementation asked for an instance at every point, as the
// run will ask. A run whose every measurement fails at creation ("expects inputs X, W") is refused
// here, before it exists.
#include <climits>
#include <optional>

#include "d500/onnx/model_edit.h"
#include "d500/operators/isolation.h"
#include "d500/operators/operator_benchmark.h"
#include "level_checks.h"

namespace d500::check {

namespace {

// Newer than any opset: the operator's latest schema (an experiment names no opset).
constexpr int64_t kLatestOpset = 1 << 20;

// "X, W and optional B"
std::string port_names(const onnx::OpSchemaInfo& s) {
  std::string out;
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    const auto& p = s.inputs[i];
    if (i > 0) out += i + 1 == s.inputs.size() ? " and " : ", ";
    out += (p.optional ? "optional " : "") + p.name + (p.variadic ? "..." : "");
  }
  return out;
}

// "2 inputs", "2 to 3 inputs", "at least 1 input"
std::string input_count(const onnx::OpSchemaInfo& s) {
  const auto n = [](int k) { return std::to_string(k) + (k == 1 ? " input" : " inputs"); };
  if (s.max_inputs == INT_MAX) return "at least " + n(s.min_inputs);
  if (s.min_inputs == s.max_inputs) return n(s.min_inputs);
  return std::to_string(s.min_inputs) + " to " + n(s.max_inputs);
}

// The label of a point in messages: " at N=64", or "" without sweep variables.
std::string at_point(const spec::Point& p) {
  const std::string label = p.label();
  return label.empty() ? "" : " at " + label;
}

// One implementation at one point, created as the run creates it; a problem only when the plugin
// says the request is wrong (D500_ERR_INVALID_ARGUMENT) or the host cannot pass it. A refusal
// (unsupported), a missing device or a runtime failure the run records as that measurement's.
std::optional<spec::Problem> create_at(const plugin::OperatorImpl& impl, const spec::Experiment& e,
                                       const spec::Point& point) {
  try {
    std::vector<d500_tensor_info> infos;
    for (const Shape& s : e.op.shapes_at(point))
      infos.push_back(plugin::tensor_info(e.op.dtype, s));
    plugin::OperatorInstance probe(impl, operators::attributes_from_json(e.op.attributes_at(point)),
                                   infos);
  } catch (const plugin::CallError& err) {
    if (err.status() != D500_ERR_INVALID_ARGUMENT) return std::nullopt;
    return spec::Problem{"$.operator", err.error().to_string() + at_point(point)};
  } catch (const D500Error& err) {
    return spec::Problem{"$.operator", err.error().to_string() + at_point(point)};
  }
  return std::nullopt;
}

}  // namespace

spec::Problems check_operator_inputs(const spec::Experiment& e) {
  if (e.op.op_type.empty()) return {};
  const auto schema = onnx::op_schema(e.op.op_type, e.op.domain, kLatestOpset);
  if (!schema) return {};  // a custom operator: its plugins say what it takes
  const int given = static_cast<int>(e.op.inputs.size());
  if (given >= schema->min_inputs && given <= schema->max_inputs) return {};
  const std::string op = e.op.domain.empty() ? e.op.op_type : e.op.domain + "::" + e.op.op_type;
  return {{"$.operator.inputs", op + " takes " + input_count(*schema) + " (" + port_names(*schema) +
                                    "), the experiment gives " + std::to_string(given)}};
}

spec::Problems check_operator_instances(const spec::Experiment& e,
                                        const std::vector<const plugin::OperatorImpl*>& impls,
                                        const plugin::PluginManager& pm) {
  // What the run measures in a child process (a plugin not shipped with d500) may crash: it is
  // not run in the checking process; nor is what needs a device (the run reports its own).
  const auto isolated = operators::isolation_plan(operators::experiment_isolation(e), impls, pm);
  const std::vector<spec::Point> points = e.points();
  spec::Problems out;
  for (size_t k = 0; k < impls.size(); ++k) {
    if ((k < isolated.size() && isolated[k]) || impls[k]->device_type() != kDLCPU) continue;
    for (const spec::Point& point : points) {
      // The first point an implementation refuses is enough to say what is wrong.
      if (auto p = create_at(*impls[k], e, point)) {
        out.push_back(std::move(*p));
        break;
      }
    }
  }
  return out;
}

}  // namespace d500::check
