// The allreduce step written out, for the benchmarks that weigh the scheme registry against it:
// the gradients packed into one buffer, averaged over the ranks, unpacked.
#pragma once

#include <cstring>
#include <vector>

#include "d500/distributed/communicator.h"
#include "d500/network/executor.h"
#include "d500/training/trainer.h"

namespace d500::bench {

struct BareAllreduce : training::TrainingEvent {
  distributed::Communicator& comm;
  std::vector<DLTensor> grads;
  std::vector<float> buf;

  BareAllreduce(distributed::Communicator& c, network::NetworkExecutor& ex) : comm(c) {
    size_t count = 0;
    for (const auto& name : ex.parameter_names()) {
      grads.push_back(ex.gradient_view(name));
      count += elements(grads.back());
    }
    buf.resize(count);
  }
  static size_t elements(const DLTensor& g) {
    return static_cast<size_t>(g.shape[0]) * (g.ndim > 1 ? g.shape[1] : 1);
  }
  void step() {
    size_t off = 0;
    for (const DLTensor& g : grads) {
      std::memcpy(buf.data() + off, g.data, elements(g) * sizeof(float));
      off += elements(g);
    }
    comm.allreduce(buf.data(), buf.size(), DType::Float32, distributed::ReduceOp::Avg);
    off = 0;
    for (const DLTensor& g : grads) {
      std::memcpy(g.data, buf.data() + off, elements(g) * sizeof(float));
      off += elements(g);
    }
  }
  void before_optimizer(int64_t) override { step(); }
};

}  // namespace d500::bench
