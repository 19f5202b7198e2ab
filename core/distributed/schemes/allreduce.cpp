// Synchronous allreduce SGD (consistent decentralized): before every optimizer step the
// gradients are averaged over all ranks (one allreduce per step); every rank then takes the same
// step, so the replicas stay identical.
#include "builtin_schemes.h"

namespace d500::distributed::builtin {

namespace {

class Allreduce : public SchemeAlgorithm {
 public:
  void before_optimizer(SchemeContext& c, int64_t) override {
    c.pack_gradients();
    c.comm().allreduce(c.buffer(), c.count(), c.dtype(), ReduceOp::Avg);
    c.unpack_gradients();
  }
};

}  // namespace

SchemeDescriptor allreduce() {
  SchemeDescriptor d;
  d.name = "allreduce";
  d.summary = "synchronous SGD: gradients averaged over all ranks before every step";
  d.make = [](SchemeContext&) { return std::make_unique<Allreduce>(); };
  return d;
}

}  // namespace d500::distributed::builtin
