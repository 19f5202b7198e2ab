// The built-in distributed schemes, one file each; scheme_registry.cpp registers them in this
// order (the order `d500 plugins` and the studio list them).
#pragma once

#include "d500/distributed/scheme_registry.h"

namespace d500::distributed::builtin {

SchemeDescriptor allreduce();
SchemeDescriptor parameter_server();
SchemeDescriptor async_parameter_server();
SchemeDescriptor model_averaging();
SchemeDescriptor dpsgd();

}  // namespace d500::distributed::builtin
