// Synchronous parameter server, rank `root` the server: the gradients are reduced (summed) to
// the root, which divides by the number of ranks and steps its optimizer; after the step the
// root broadcasts its parameters and every worker overwrites its own. A worker's optimizer still
// runs on its local gradient, but the broadcast discards its result; the model is the server's.
#include "builtin_schemes.h"

namespace d500::distributed::builtin {

namespace {

class ParameterServer : public SchemeAlgorithm {
 public:
  void before_optimizer(SchemeContext& c, int64_t) override {
    const int root = c.options().root;
    c.pack_gradients();
    c.comm().reduce(c.buffer(), c.count(), c.dtype(), ReduceOp::Sum, root);
    if (c.comm().rank() != root) return;
    c.scale_buffer(1.0 / c.comm().size());
    c.unpack_gradients();
  }
  void after_optimizer(SchemeContext& c, int64_t) override {
    c.pack_parameters();
    c.comm().broadcast(c.buffer(), c.bytes(), c.options().root);
    c.unpack_parameters();
  }
};

}  // namespace

SchemeDescriptor parameter_server() {
  SchemeDescriptor d;
  d.name = "parameter_server";
  d.summary = "synchronous parameter server: gradients summed to the root, its model broadcast";
  d.root_serves = true;
  d.make = [](SchemeContext&) { return std::make_unique<ParameterServer>(); };
  return d;
}

}  // namespace d500::distributed::builtin
