#include "d500/distributed/scheme_registry.h"

#include "schemes/builtin_schemes.h"

namespace d500::distributed {

SchemeRegistry& schemes() {
  static SchemeRegistry* reg = [] {
    auto* r = new SchemeRegistry;
    for (auto d : {builtin::allreduce(), builtin::parameter_server(),
                   builtin::async_parameter_server(), builtin::model_averaging(), builtin::dpsgd()})
      r->add(std::move(d));
    return r;
  }();
  return *reg;
}

}  // namespace d500::distributed
