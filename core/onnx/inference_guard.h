// Shape inference that cannot crash on a hostile model. libonnx 1.12 types some operators by
// reading shape dimensions without checking the rank first (Gemm opset 6 reads dims 0 and 1 of A
// and B; Conv reads X's spatial dims for every kernel dim it takes from W), so a model whose
// ranks disagree read past a shape's end inside InferShapes (tests/fuzz/regressions). These ranks
// are checked here before libonnx's own inference runs, on the types inference has computed so
// far, not only on those the model states.
#pragma once

#include <onnx/defs/schema.h>

#include <string>
#include <vector>

namespace d500::onnx::detail {

// The rank problem of a node of `op_type` whose inputs have `ranks` (-1: not known), or "".
std::string rank_problem(const std::string& op_type, const std::vector<int>& ranks);

// A schema registry over libonnx's own: an operator rank_problem knows gets a copy of its schema
// whose inference checks the ranks first; a node with a problem is left untyped and the problem
// is kept (problems()).
class GuardedRegistry final : public ::onnx::ISchemaRegistry {
 public:
  GuardedRegistry();
  ~GuardedRegistry() override;
  const ::onnx::OpSchema* GetSchema(const std::string& key, int max_inclusive_version,
                                    const std::string& domain) const override;
  const std::vector<std::string>& problems() const { return problems_; }

 private:
  std::vector<std::string> problems_;
};

}  // namespace d500::onnx::detail
