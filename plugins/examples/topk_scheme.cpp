#include "topk_scheme.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace examples {

TopK::TopK(const d500::sdk::Comm& comm, d500::sdk::SchemeTensors, d500::sdk::SchemeTensors grads,
           const d500::sdk::Attributes& hyper)
    : comm_(comm), grads_(grads), ratio_(hyper.get_float("ratio", 0.01)) {
  hyper.expect_only({"ratio"});
  if (!(ratio_ > 0 && ratio_ <= 1))
    throw std::invalid_argument("params.ratio must lie in (0, 1], got " + std::to_string(ratio_));
  for (size_t i = 0; i < grads_.size(); ++i) {
    const auto g = grads_[i].as<float>();  // throws for a model that is not float32
    if (g.numel() > int64_t{UINT32_MAX})
      throw std::invalid_argument("tensor " + std::to_string(i) + " is too large to index");
    residual_.emplace_back(static_cast<size_t>(g.numel()), 0.0f);
  }
}

void TopK::before_optimizer(int64_t) {
  for (size_t i = 0; i < grads_.size(); ++i) sparsify(i);
}

void TopK::sparsify(size_t tensor) {
  auto g = grads_[tensor].as<float>();
  std::vector<float>& r = residual_[tensor];
  const size_t n = r.size();
  const size_t k =
      std::max<size_t>(1, static_cast<size_t>(std::ceil(ratio_ * static_cast<double>(n))));
  for (size_t j = 0; j < n; ++j) r[j] += g[static_cast<int64_t>(j)];
  // The k largest by magnitude (any order); what is not sent stays in the residual.
  order_.resize(n);
  for (size_t j = 0; j < n; ++j) order_[j] = static_cast<uint32_t>(j);
  std::nth_element(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(k - 1),
                   order_.end(),
                   [&r](uint32_t a, uint32_t b) { return std::fabs(r[a]) > std::fabs(r[b]); });
  send_.resize(k);
  for (size_t j = 0; j < k; ++j) {
    send_[j] = {order_[j], r[order_[j]]};
    r[order_[j]] = 0.0f;
  }
  recv_.resize(k * static_cast<size_t>(comm_.size()));
  comm_.allgather(send_.data(), k * sizeof(Entry), recv_.data());
  std::fill(g.begin(), g.end(), 0.0f);
  const float share = 1.0f / static_cast<float>(comm_.size());
  for (const Entry& e : recv_) {
    if (e.index >= n) throw std::runtime_error("a rank sent index " + std::to_string(e.index));
    g[static_cast<int64_t>(e.index)] += e.value * share;
  }
}

}  // namespace examples
