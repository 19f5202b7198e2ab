#include "inference_guard.h"

#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace d500::onnx::detail {

namespace {

using ::onnx::OpSchema;

// Which inputs of an operator are the data and the weights whose ranks libonnx compares.
struct Ranked {
  size_t x, w;
  const char* x_name;
  const char* w_name;
};

const std::map<std::string, Ranked>& convolutions() {
  static const std::map<std::string, Ranked> ops = {{"Conv", {0, 1, "X", "W"}},
                                                    {"ConvInteger", {0, 1, "x", "w"}},
                                                    {"ConvTranspose", {0, 1, "X", "W"}},
                                                    {"QLinearConv", {0, 3, "x", "w"}}};
  return ops;
}

int rank_at(const std::vector<int>& ranks, size_t i) {
  return i < ranks.size() ? ranks[i] : -1;
}

// The problems of the current InferShapes call on this thread (the guarded schemas are shared).
thread_local std::vector<std::string>* t_problems = nullptr;

int input_rank(::onnx::InferenceContext& ctx, size_t i) {
  if (i >= ctx.getNumInputs()) return -1;
  const auto* t = ctx.getInputType(i);
  if (!t || !t->has_tensor_type() || !t->tensor_type().has_shape()) return -1;
  return t->tensor_type().shape().dim_size();
}

// A copy of `base` whose inference checks ranks before running the original.
std::unique_ptr<OpSchema> guarded(const OpSchema& base) {
  auto copy = std::make_unique<OpSchema>(base);
  auto original = base.GetTypeAndShapeInferenceFunction();
  const std::string op = base.Name();
  copy->TypeAndShapeInferenceFunction([original, op](::onnx::InferenceContext& ctx) {
    std::vector<int> ranks;
    for (size_t i = 0; i < ctx.getNumInputs(); ++i) ranks.push_back(input_rank(ctx, i));
    if (auto problem = rank_problem(op, ranks); !problem.empty()) {
      if (t_problems) t_problems->push_back(problem);
      return;  // the node's outputs stay untyped; libonnx's inference would read past the end
    }
    if (original) original(ctx);
  });
  return copy;
}

}  // namespace

std::string rank_problem(const std::string& op_type, const std::vector<int>& ranks) {
  if (op_type == "Gemm") {
    for (size_t i = 0; i < 2; ++i)
      if (int r = rank_at(ranks, i); r >= 0 && r != 2)
        return std::string("Gemm input ") + (i ? "B" : "A") + " has rank " + std::to_string(r) +
               "; Gemm multiplies matrices (rank 2)";
    return "";
  }
  auto it = convolutions().find(op_type);
  if (it == convolutions().end()) return "";
  const Ranked& c = it->second;
  const int x = rank_at(ranks, c.x), w = rank_at(ranks, c.w);
  if (x >= 0 && x < 3)
    return op_type + " input " + c.x_name + " has rank " + std::to_string(x) +
           "; it needs [N, C, spatial...] (rank 3 or more)";
  if (x >= 0 && w >= 0 && w != x)
    return op_type + " input " + c.w_name + " has rank " + std::to_string(w) + " but " + c.x_name +
           " has rank " + std::to_string(x) + "; they must be equal";
  return "";
}

GuardedRegistry::GuardedRegistry() {
  t_problems = &problems_;
}
GuardedRegistry::~GuardedRegistry() {
  t_problems = nullptr;
}

const OpSchema* GuardedRegistry::GetSchema(const std::string& key, int max_inclusive_version,
                                           const std::string& domain) const {
  const OpSchema* base = ::onnx::OpSchemaRegistry::Schema(key, max_inclusive_version, domain);
  if (!base || !(domain.empty() || domain == "ai.onnx")) return base;
  if (key != "Gemm" && !convolutions().count(key)) return base;
  // One guarded copy per libonnx schema, for the life of the process, shared by every thread.
  static std::mutex mutex;
  static std::map<const OpSchema*, std::unique_ptr<OpSchema>> copies;
  std::lock_guard<std::mutex> lock(mutex);
  auto& copy = copies[base];
  if (!copy) copy = guarded(*base);
  return copy.get();
}

}  // namespace d500::onnx::detail
