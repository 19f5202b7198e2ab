#include "d500/network/graph_conformance.h"

#include "d500/network/model_validation.h"

namespace d500::network {

namespace {

operators::ConformanceOutcome outcome_of(ModelOutcome o) {
  switch (o) {
    case ModelOutcome::Passed:
      return operators::ConformanceOutcome::Passed;
    case ModelOutcome::Failed:
      return operators::ConformanceOutcome::Failed;
    case ModelOutcome::Unsupported:
      return operators::ConformanceOutcome::Unsupported;
    case ModelOutcome::BadInput:
    case ModelOutcome::Invalid:
      break;
  }
  return operators::ConformanceOutcome::Error;
}

}  // namespace

operators::GraphTestRunner graph_conformance(const plugin::OperatorRegistry& ops,
                                             const std::string& plugin,
                                             const operators::Tolerance& tol) {
  AssemblyPolicy policy;
  policy.prefer = {plugin};
  return [&ops, policy, tol](const std::string& dir, operators::ConformanceResult r) {
    const ModelValidation v = validate_model_dir(ops, dir, policy, tol);
    r.outcome = outcome_of(v.outcome);
    r.reason = v.reason;
    r.implementation = v.executor;
    r.data_sets = v.data_sets;
    r.max_abs_error = v.max_abs_error;
    r.max_rel_error = v.max_rel_error;
    return r;
  };
}

}  // namespace d500::network
