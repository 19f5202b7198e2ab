// Operator conformance: a plugin's operators against the ONNX backend node tests (a one-node
// model.onnx plus test_data_set_N/{input,output}_K.pb per test folder, as Debian's
// libonnx-testdata ships them). Each test ends as passed, failed (wrong numbers or shapes),
// unsupported (the plugin lacks the op, a dtype or an attribute type; or the ABI cannot carry
// the test) or error (the plugin or the test data failed). Failures are recorded, never thrown.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "d500/error.h"
#include "d500/plugin/operator_registry.h"
#include "d500/store/result_store.h"
#include "d500/tensor.h"

namespace d500::operators {

inline constexpr const char* kDefaultNodeTestDir = "/usr/share/libonnx-testdata/data/node";

enum class ConformanceOutcome { Invalid = 0, Passed, Failed, Unsupported, Error };
const char* conformance_outcome_name(ConformanceOutcome o);  // "passed", "failed", ...

// numpy.testing.assert_allclose with ONNX's backend-test tolerances:
// |actual - expected| <= atol + rtol * |expected|, NaN equals NaN, an infinity only itself.
// Integer and bool tensors must match exactly.
struct Tolerance {
  double rtol = 1e-3;
  double atol = 1e-7;
};

struct Comparison {
  bool passed = false;
  double max_abs_error = 0;  // over all elements; infinity for a NaN or infinity mismatch
  double max_rel_error = 0;  // |a - e| / |e|; infinity where e == 0 and a != e
  int64_t n_bad = 0;         // elements outside the tolerance
  int64_t first_bad = -1;    // flat (row-major) index of the first, -1 when none
  double first_bad_actual = 0, first_bad_expected = 0;
  std::string message;  // why it did not pass: dtype, shape, or the first bad element
};

// Compares two tensors. Different dtypes or shapes never pass (and say so in `message`).
Comparison compare_allclose(const Tensor& actual, const Tensor& expected, const Tolerance& tol);

struct ConformanceResult {
  std::string test;            // the test folder's name, "test_add_bcast"
  std::string op_type;         // the node's op; "" when the model could not be read
  std::string domain;          // "" is ai.onnx
  std::string implementation;  // "reference/default"; "" when the plugin has none
  ConformanceOutcome outcome = ConformanceOutcome::Invalid;
  std::string reason;        // empty when passed
  int data_sets = 0;         // data sets compared
  double max_abs_error = 0;  // worst over every output of every data set compared
  double max_rel_error = 0;
  // "passed", "failed: <reason>", "unsupported: <reason>", "error: <reason>".
  std::string detail() const;
};

// Runs a node test whose model has more than one node (the *_expanded tests: an operator's
// function body written out as a graph). The network level provides one
// (network::graph_conformance); without it such tests are unsupported. It gets the test folder
// and the result so far (test name set) and returns the finished result.
// Such tests count under this op type (their model does not name the operator they expand).
inline constexpr const char* kFunctionBody = "(function body)";
using GraphTestRunner =
    std::function<ConformanceResult(const std::string& test_dir, ConformanceResult r)>;

// The test folders under `data_dir` (holding a model.onnx) whose name matches the ECMAScript
// regex `filter` (searched, not anchored; "" matches all), sorted by name. Errors: `data_dir` is
// not a folder, or `filter` is not a valid regex.
Result<std::vector<std::string>> list_node_tests(const std::string& data_dir,
                                                 const std::string& filter = "");

// Runs one test folder against `plugin` ("name", or "name/variant" for one implementation) from
// `ops`. With a bare name the plugin's CPU implementation of the node's op is used (else its
// implementation on another device), its "default" variant when it has several. Each data set
// gets a fresh instance created with the node's attributes plus "_opset", every input's info
// (omitted optional inputs as D500_ABSENT_NDIM) and every input's value as a constant (host
// tensors). An implementation off the CPU runs on copies of the inputs in its device's memory
// (d500/device/device_api.h), its outputs copied back; an unusable device is an error with the
// device's reason ("no usable GPU: ...").
// A model of several nodes goes to `graphs` when given.
ConformanceResult run_node_test(const plugin::OperatorRegistry& ops, const std::string& plugin,
                                const std::string& test_dir, const Tolerance& tol = {},
                                const GraphTestRunner& graphs = {});

// Called after each test with the result and how many of `total` are done.
using ConformanceCallback =
    std::function<void(const ConformanceResult& r, size_t done, size_t total)>;

// Runs `test_dirs` in order; stops early (returning what was done) once `cancel` is set.
std::vector<ConformanceResult> run_conformance(const plugin::OperatorRegistry& ops,
                                               const std::string& plugin,
                                               const std::vector<std::string>& test_dirs,
                                               const Tolerance& tol = {},
                                               const ConformanceCallback& on_result = {},
                                               const std::atomic<bool>* cancel = nullptr,
                                               const GraphTestRunner& graphs = {});

struct ConformanceCounts {
  size_t passed = 0, failed = 0, unsupported = 0, errors = 0;
  size_t total() const { return passed + failed + unsupported + errors; }
};
// Counts per op type ("" for tests whose model could not be read), sorted by name.
std::map<std::string, ConformanceCounts> counts_by_operator(
    const std::vector<ConformanceResult>& results);
ConformanceCounts count_outcomes(const std::vector<ConformanceResult>& results);

// The store's record of one test: subject = test name, metric "onnx_node", value = max abs
// error, tolerance = rtol, detail = r.detail(). A plain struct; no store is opened here.
store::ValidationRow validation_row(const ConformanceResult& r, int64_t run_id,
                                    const Tolerance& tol);

}  // namespace d500::operators
