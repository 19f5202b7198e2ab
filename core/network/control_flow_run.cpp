// Running If, Loop and Scan (control_flow.h): each takes the node's input values (nullptr for an
// omitted one) and the captured ones, and returns the node's outputs.
#include <algorithm>
#include <limits>

#include "control_flow.h"

namespace d500::network {

namespace {

using Kind = ControlFlow::Kind;
using Values = std::vector<const Tensor*>;

bool scalar_true(const Tensor& t, const std::string& what) {
  if (t.numel() != 1)
    throw D500Error(what + " is " + TensorSpec{t.dtype(), t.shape()}.to_string() +
                    "; it must hold one element");
  return t.at(0) != 0;
}

Tensor scalar(DType dtype, double v) {
  Tensor t(dtype, {});
  t.set(0, v);
  return t;
}

// What an output is when a Loop or Scan runs no iteration: empty along the new axis, of the
// body output's declared type where it is complete.
TensorSpec empty_spec(const Body& b, size_t output) {
  const TensorType& t = b.graph->find(b.graph->outputs()[output])->type;
  TensorSpec s{t.dtype == DType::Invalid ? DType::Float32 : t.dtype, {0}};
  if (t.complete()) s.shape.insert(s.shape.end(), t.shape.begin(), t.shape.end());
  return s;
}

std::vector<Tensor> run_if(ControlFlow& cf, const Values& in, const Values& captured) {
  if (!in[0]) throw D500Error("its condition is omitted");
  const bool then = scalar_true(*in[0], "the condition");
  return run_body(cf, cf.bodies[then ? 0 : 1], {}, captured);
}

std::vector<Tensor> run_loop(ControlFlow& cf, const Values& in, const Values& captured) {
  const int64_t trips =
      in[0] ? static_cast<int64_t>(in[0]->at(0)) : std::numeric_limits<int64_t>::max();
  if (in[0] && in[0]->numel() != 1)
    throw D500Error("the trip count M is " +
                    TensorSpec{in[0]->dtype(), in[0]->shape()}.to_string() +
                    "; it must hold one element");
  bool go = in[1] ? scalar_true(*in[1], "the condition") : true;
  std::vector<Tensor> carried;
  for (size_t k = 0; k < cf.carried; ++k) {
    if (!in[2 + k]) throw D500Error("loop-carried value " + std::to_string(k) + " is omitted");
    carried.push_back(in[2 + k]->clone());
  }
  Body& body = cf.bodies[0];
  const size_t scans = body.graph->outputs().size() - 1 - cf.carried;
  std::vector<std::vector<Tensor>> scanned(scans);
  for (int64_t i = 0; i < trips && go; ++i) {
    if (i >= cf.options.max_loop_trips)
      throw D500Error("ran " + std::to_string(i) + " iterations and its condition is still " +
                      "true; the executor stops a Loop there (ExecutorOptions::max_loop_trips): " +
                      "give it a trip count M or a condition that turns false");
    const Tensor iteration = scalar(DType::Int64, static_cast<double>(i));
    const Tensor cond = scalar(DType::Bool, go ? 1 : 0);
    Values args{&iteration, &cond};
    for (const auto& c : carried) args.push_back(&c);
    std::vector<Tensor> out;
    try {
      out = run_body(cf, body, args, captured);
    } catch (const D500Error& e) {
      throw D500Error("iteration " + std::to_string(i) + ": " + e.what());
    }
    go = scalar_true(out[0], "the condition its body returns in iteration " + std::to_string(i));
    for (size_t k = 0; k < cf.carried; ++k) carried[k] = std::move(out[1 + k]);
    for (size_t k = 0; k < scans; ++k) scanned[k].push_back(std::move(out[1 + cf.carried + k]));
  }
  for (size_t k = 0; k < scans; ++k)
    carried.push_back(stack_along(scanned[k], 0, "scan output " + std::to_string(k),
                                  empty_spec(body, 1 + cf.carried + k)));
  return carried;
}

int64_t normalized_axis(int64_t axis, size_t rank, const std::string& what) {
  const int64_t r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r)
    throw D500Error(what + " axis " + std::to_string(axis) + " is outside a rank-" +
                    std::to_string(r) + " value");
  return axis < 0 ? axis + r : axis;
}

// Scan (opset 9 and later) over the states and scanned inputs, `in` without sequence_lens.
std::vector<Tensor> scan(ControlFlow& cf, const Values& in, const Values& captured) {
  std::vector<Tensor> states;
  for (size_t k = 0; k < cf.carried; ++k) states.push_back(in[k]->clone());
  std::vector<int64_t> axes;
  int64_t length = -1;
  for (size_t m = 0; m < cf.scanned; ++m) {
    const Tensor& x = *in[cf.carried + m];
    const std::string what = "scanned input " + std::to_string(m);
    axes.push_back(normalized_axis(cf.in_axes[m], x.shape().size(), what));
    const int64_t n = x.shape()[static_cast<size_t>(axes[m])];
    if (length >= 0 && n != length)
      throw D500Error(what + " has " + std::to_string(n) + " steps along its scan axis, " +
                      "scanned input 0 " + std::to_string(length));
    length = n;
  }
  Body& body = cf.bodies[0];
  const size_t scans = cf.out_axes.size();
  std::vector<std::vector<Tensor>> scanned(scans);
  for (int64_t t = 0; t < length; ++t) {
    std::vector<Tensor> slices;
    for (size_t m = 0; m < cf.scanned; ++m)
      slices.push_back(
          slice_along(*in[cf.carried + m], axes[m], cf.in_dirs[m] ? length - 1 - t : t));
    Values args;
    for (const auto& s : states) args.push_back(&s);
    for (const auto& s : slices) args.push_back(&s);
    std::vector<Tensor> out;
    try {
      out = run_body(cf, body, args, captured);
    } catch (const D500Error& e) {
      throw D500Error("step " + std::to_string(t) + ": " + e.what());
    }
    for (size_t k = 0; k < cf.carried; ++k) states[k] = std::move(out[k]);
    for (size_t k = 0; k < scans; ++k) scanned[k].push_back(std::move(out[cf.carried + k]));
  }
  for (size_t k = 0; k < scans; ++k) {
    auto& parts = scanned[k];
    if (cf.out_dirs[k]) std::reverse(parts.begin(), parts.end());
    const std::string what = "scan output " + std::to_string(k);
    const size_t rank = parts.empty() ? 0 : parts[0].shape().size();
    const int64_t axis = parts.empty() ? 0 : normalized_axis(cf.out_axes[k], rank + 1, what);
    states.push_back(stack_along(parts, axis, what, empty_spec(body, cf.carried + k)));
  }
  return states;
}

// Scan of opset 8: every state and scanned input has a batch axis first (the scan axis is the
// next); each batch entry is scanned on its own and the results stacked again.
std::vector<Tensor> scan_batched(ControlFlow& cf, const Values& in, const Values& captured) {
  if (in[0]) throw D500Error("sequence_lens is given; d500 scans whole sequences only");
  const Values rest(in.begin() + 1, in.end());
  if (rest.empty() || rest[0]->shape().empty()) throw D500Error("its inputs have no batch axis");
  const int64_t batch = rest[0]->shape()[0];
  std::vector<std::vector<Tensor>> per_output;
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<Tensor> slices;
    for (const Tensor* t : rest) {
      if (!t) throw D500Error("a state or scanned input is omitted");
      if (t->shape().empty() || t->shape()[0] != batch)
        throw D500Error("its inputs disagree on the batch size " + std::to_string(batch));
      slices.push_back(slice_along(*t, 0, b));
    }
    Values args;
    for (const auto& s : slices) args.push_back(&s);
    auto out = scan(cf, args, captured);
    per_output.resize(out.size());
    for (size_t k = 0; k < out.size(); ++k) per_output[k].push_back(std::move(out[k]));
  }
  std::vector<Tensor> out;
  for (size_t k = 0; k < per_output.size(); ++k)
    out.push_back(stack_along(per_output[k], 0, "output " + std::to_string(k), {}));
  return out;
}

std::vector<Tensor> run(ControlFlow& cf, const Values& in, const Values& captured) {
  switch (cf.kind) {
    case Kind::If:
      return run_if(cf, in, captured);
    case Kind::Loop:
      return run_loop(cf, in, captured);
    case Kind::Scan:
      break;
  }
  if (cf.batched) return scan_batched(cf, in, captured);
  for (size_t k = 0; k < in.size(); ++k)
    if (!in[k]) throw D500Error("input " + std::to_string(k) + " is omitted");
  return scan(cf, in, captured);
}

}  // namespace

void AssembledExecutor::State::run_control(Step& step) {
  ControlFlow& cf = *step.control;
  Values in, captured;
  for (size_t k = 0; k < step.in.size(); ++k) {
    const Tensor* t = nullptr;
    if (step.in[k] >= 0) {
      Slot& s = *slots[static_cast<size_t>(step.in[k])];
      to_host(s);
      if (s.value.dtype() == DType::Invalid)
        throw D500Error("input \"" + s.name + "\" was not computed");
      t = &s.value;
    }
    (k < cf.node_inputs ? in : captured).push_back(t);
  }
  std::vector<Tensor> out = run(cf, in, captured);
  for (size_t j = 0; j < step.out.size() && j < out.size(); ++j) {
    if (step.out[j] < 0) continue;
    Slot& s = *slots[static_cast<size_t>(step.out[j])];
    s.value = std::move(out[j]);
    s.host_valid = true;
    s.dev_valid = false;
  }
}

}  // namespace d500::network
