// The networks of d500's model builder written directly against LibTorch, for the benchmarks
// that compare d500's torch executor with a bare LibTorch loop (parameters copied from the
// graph, so both compute the same thing).
#pragma once

#include <torch/torch.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "d500/network/graph.h"

namespace d500::bench {

// The bare network: parameters copied from the graph, a forward written in ATen calls.
struct Bare {
  std::map<std::string, at::Tensor> p;
  std::function<at::Tensor(const at::Tensor&)> logits;
  at::Tensor x, labels;
  at::Tensor step() {
    for (auto& [name, t] : p)
      if (t.requires_grad()) t.mutable_grad().zero_();
    at::Tensor loss = at::nll_loss(at::log_softmax(logits(x), 1), labels);
    loss.backward();
    return loss;
  }
};

inline at::Tensor to_torch(const Tensor& t) {
  return torch::from_blob(const_cast<void*>(t.data()), t.shape(),
                          t.dtype() == DType::Int64 ? torch::kLong : torch::kFloat)
      .clone();
}

inline at::Tensor conv(Bare& b, const at::Tensor& x, const std::string& n, int64_t stride,
                       int64_t pad) {
  auto bias = b.p.count(n + ".bias") ? b.p[n + ".bias"] : at::Tensor();
  return at::conv2d(x, b.p[n + ".weight"], bias, stride, pad);
}
inline at::Tensor bn(Bare& b, const at::Tensor& x, const std::string& n) {
  return at::batch_norm(x, b.p[n + ".scale"], b.p[n + ".bias"], b.p[n + ".mean"], b.p[n + ".var"],
                        false, 0.1, 1e-5, true);
}
inline at::Tensor dense(Bare& b, const at::Tensor& x, const std::string& n) {
  return at::addmm(b.p[n + ".bias"], x, b.p[n + ".weight"].t());
}

inline void lenet(Bare& b) {
  b.logits = [&b](const at::Tensor& in) {
    at::Tensor x = at::max_pool2d(at::relu(conv(b, in, "conv1", 1, 2)), 2, 2);
    x = at::max_pool2d(at::relu(conv(b, x, "conv2", 1, 0)), 2, 2).flatten(1);
    x = at::relu(dense(b, x, "fc1"));
    x = at::relu(dense(b, x, "fc2"));
    return dense(b, x, "fc3");
  };
}

inline void resnet(Bare& b, const std::vector<int64_t>& stages) {
  b.logits = [&b, stages](const at::Tensor& in) {
    at::Tensor x = at::relu(bn(b, conv(b, in, "stem.conv", 1, 1), "stem.bn"));
    int64_t c = stages[0];
    for (size_t s = 0; s < stages.size(); ++s) {
      const std::string n = "stage" + std::to_string(s + 1) + ".block1";
      const int64_t stride = s > 0 ? 2 : 1;
      at::Tensor y = at::relu(bn(b, conv(b, x, n + ".conv1", stride, 1), n + ".bn1"));
      y = bn(b, conv(b, y, n + ".conv2", 1, 1), n + ".bn2");
      at::Tensor shortcut = x;
      if (stride != 1 || stages[s] != c)
        shortcut = bn(b, conv(b, x, n + ".down.conv", stride, 0), n + ".down.bn");
      x = at::relu(y + shortcut);
      c = stages[s];
    }
    return dense(b, at::adaptive_avg_pool2d(x, {1, 1}).flatten(1), "fc");
  };
}

// Parameters of `graph` as leaf tensors with gradients (running statistics stay buffers, as in a
// PyTorch model).
inline void copy_parameters(const network::Graph& graph, Bare& bare) {
  for (const auto& p : graph.parameters()) {
    bare.p[p.name] = to_torch(p.value);
    const bool stat = p.name.size() > 5 && (p.name.rfind(".mean") == p.name.size() - 5 ||
                                            p.name.rfind(".var") == p.name.size() - 4);
    if (stat) continue;
    bare.p[p.name].set_requires_grad(true);
    bare.p[p.name].mutable_grad() = at::zeros_like(bare.p[p.name]);
  }
}

}  // namespace d500::bench
