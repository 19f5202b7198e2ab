// Local SGD: every rank steps on its own gradients; after every `average_every`-th step the
// parameters are averaged over all ranks.
#include "builtin_schemes.h"

namespace d500::distributed::builtin {

namespace {

class ModelAveraging : public SchemeAlgorithm {
 public:
  void after_optimizer(SchemeContext& c, int64_t step) override {
    if ((step + 1) % c.options().average_every == 0) c.average_parameters();
  }
};

}  // namespace

SchemeDescriptor model_averaging() {
  SchemeDescriptor d;
  d.name = "model_averaging";
  d.summary = "local SGD: each rank steps alone, the models averaged every average_every steps";
  d.replicas_differ = true;
  d.parameters = {"average_every"};
  d.make = [](SchemeContext&) { return std::make_unique<ModelAveraging>(); };
  return d;
}

}  // namespace d500::distributed::builtin
