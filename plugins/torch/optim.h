// The torch plugin's native optimizers (torch::optim), gathered by plugin.cpp. Free of LibTorch
// headers: only optim.cpp pays for including torch/optim.h.
#pragma once

#include <cstddef>

#include "d500/plugin.h"

namespace d500::torch_plugin {

// sgd, momentum, nesterov, adam, adamw, adagrad, rmsprop, variant "native" (static storage).
const d500_optimizer* const* native_optimizers();
size_t native_optimizer_count();

}  // namespace d500::torch_plugin
