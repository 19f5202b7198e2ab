#pragma once
#include <d500/sdk/scheme.h>

#include <cstdint>
#include <vector>

namespace examples {

// Top-k gradient sparsification with error feedback, as a distributed scheme: before every
// optimizer step each rank adds its gradient to what it has not sent yet (the residual), sends
// only the `ratio` largest entries of each tensor by magnitude (an allgather of index/value
// pairs, the same count on every rank) and keeps the rest for later; every rank then steps on
// the mean of the ranks' sparse gradients, so the replicas stay equal. Float32 models.
//   "distributed": {"scheme": "examples/topk_sgd", "params": {"ratio": 0.01}}
class TopK : public d500::sdk::Scheme<TopK> {
 public:
  TopK(const d500::sdk::Comm& comm, d500::sdk::SchemeTensors params, d500::sdk::SchemeTensors grads,
       const d500::sdk::Attributes& hyper);
  void before_optimizer(int64_t step);

 private:
  // One entry sent: where in the tensor and what.
  struct Entry {
    uint32_t index;
    float value;
  };
  void sparsify(size_t tensor);

  d500::sdk::Comm comm_;
  d500::sdk::SchemeTensors grads_;
  double ratio_;
  std::vector<std::vector<float>> residual_;
  std::vector<uint32_t> order_;
  std::vector<Entry> send_, recv_;
};

}  // namespace examples
