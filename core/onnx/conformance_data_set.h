// One data set of an ONNX node test (conformance.cpp): its inputs read and handed to the plugin
// (on its device), its outputs checked against what the plugin declares and then compared with
// the expected ones. Private to d500_onnx.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "d500/onnx/model.h"
#include "d500/operators/conformance.h"
#include "d500/plugin/plugin_manager.h"

namespace d500::operators::conformance_detail {

// What one data set (or a check before any) came to; Passed carries the errors seen.
struct Step {
  ConformanceOutcome outcome = ConformanceOutcome::Passed;
  std::string reason;
  double max_abs = 0, max_rel = 0;
};

inline Step stop(ConformanceOutcome o, std::string reason) {
  return Step{o, std::move(reason), 0, 0};
}

// Index of `name` among `values`, -1 when absent.
int index_of(const std::vector<onnx::ValueInfo>& values, const std::string& name);
// The graph inputs a test feeds, in order: input_K.pb is the K-th of them. Inputs that also have
// an initializer (older models list those among the inputs) take the initializer's value.
std::vector<onnx::ValueInfo> fed_inputs(const onnx::Model& model);

// Creates an instance for the data set in `dir`, runs it and compares its outputs.
Step run_data_set(const plugin::OperatorImpl& impl, const onnx::Model& model,
                  const onnx::NodeInfo& node, const std::vector<plugin::Attribute>& attrs,
                  const std::filesystem::path& dir, const Tolerance& tol);

}  // namespace d500::operators::conformance_detail
