// The "model-validation" level's record in the store (`d500 validate-model --db`): one run with a
// validation row per comparison, written only once the result is known, so an interrupted or
// refused validation leaves nothing half-way. Built from a validation against ONNX test data or
// from an A/B comparison of two executors; front ends print the result and store this.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/network/assembled_executor.h"
#include "d500/network/executor_comparison.h"
#include "d500/network/model_validation.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/store/result_store.h"

namespace d500::run {

struct ModelValidationRecord {
  std::string name;  // the run's: "validate-model <test>", "validate-model <file> A/B"
  nlohmann::json spec;
  std::vector<store::ValidationRow> rows;
  bool passed = false;
  std::string reason;  // why it failed; "" when it passed
};

// A validation against the test data of an ONNX test folder with `policy` and `tol`.
ModelValidationRecord record_of(const network::ModelValidation& r,
                                const network::AssemblyPolicy& policy,
                                const operators::Tolerance& tol);

// An A/B comparison of `model`'s executors `a` and `b` (their names or policies) on inputs
// seeded `seed`: a row per output and per gradient.
ModelValidationRecord record_of(const network::ExecutorComparison& c, const std::string& model,
                                const std::string& a, const std::string& b, uint64_t seed,
                                const operators::Tolerance& tol);

// Stores `record` as a finished run (the machine's environment and the loaded plugins captured);
// returns its id.
int64_t store_model_validation(store::ResultStore& store, const plugin::PluginManager& pm,
                               const ModelValidationRecord& record);

}  // namespace d500::run
