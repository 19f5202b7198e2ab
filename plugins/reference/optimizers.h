// Reference optimizers: the update rules of torch.optim's documentation, computed in double
// precision with state kept in double, over float32 and float64 parameters.
#pragma once

#include <cstddef>

#include "d500/plugin.h"

namespace d500::reference {

// sgd, momentum, nesterov, adam, adamw, adagrad, rmsprop (static storage).
const d500_optimizer* const* reference_optimizers();
size_t reference_optimizer_count();

}  // namespace d500::reference
