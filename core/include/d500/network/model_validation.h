// Validating a whole network against ONNX test data: a folder with model.onnx and
// test_data_set_N/{input,output}_K.pb (as libonnx-testdata ships them), run on the assembled
// executor and compared with the stored outputs as the operator conformance tests compare
// (numpy's allclose, rtol 1e-3, atol 1e-7). Failures are results, never thrown.
#pragma once

#include <string>
#include <vector>

#include "d500/network/assembled_executor.h"
#include "d500/operators/conformance.h"
#include "d500/plugin/plugin_manager.h"

namespace d500::network {

// Zero is Invalid. Unsupported: the model needs what no chosen plugin offers (an operator, an
// attribute type, a dtype, an opset), named in the reason. BadInput: the folder, the model or
// its test data are broken (missing, truncated, an input of the wrong shape or an unknown name).
enum class ModelOutcome { Invalid = 0, Passed, Failed, Unsupported, BadInput };
const char* model_outcome_name(ModelOutcome o);  // "passed", "failed", "unsupported", "bad input"

struct OutputCheck {
  std::string data_set;  // "test_data_set_0"
  std::string output;    // the graph output's name
  operators::Comparison comparison;
};

struct ModelValidation {
  std::string test;   // the folder's name, "test_Conv2d"
  std::string model;  // the model file
  ModelOutcome outcome = ModelOutcome::Invalid;
  std::string reason;    // empty when passed
  std::string executor;  // the executor's description, once built
  std::vector<NodeAssignment> assignments;
  int data_sets = 0;  // data sets compared
  std::vector<OutputCheck> checks;
  double max_abs_error = 0, max_rel_error = 0;  // over every output compared
};

// Runs every data set of the test folder `dir` on an AssembledExecutor of `policy`'s
// implementations from `ops`. Data set inputs are matched to the graph's fed inputs by the names
// their protos carry (by position when they carry none); output_K.pb is graph output K.
ModelValidation validate_model_dir(const plugin::OperatorRegistry& ops, const std::string& dir,
                                   const AssemblyPolicy& policy,
                                   const operators::Tolerance& tol = {});

// The same on an executor given by name (executor_factory.h): "reference", "assembled:<list>",
// or a plugin's graph executor such as "torch", built for each data set's input shapes.
ModelValidation validate_model_dir(const plugin::PluginManager& plugins, const std::string& dir,
                                   const std::string& executor,
                                   const operators::Tolerance& tol = {});

}  // namespace d500::network
