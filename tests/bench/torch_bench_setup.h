// The start of every benchmark that compares d500's torch plugin with bare LibTorch in one
// process: the runner's allocator settings, so that neither side page-faults on every call
// (platform.md), and the torch plugin loaded from the build tree, named with its thread count.
#pragma once

#include <torch/torch.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "d500/plugin/plugin_manager.h"

namespace d500::bench {

// Re-executes this program with the runner's GLIBC_TUNABLES (app/d500/main.cpp) unless they are
// set already; returns only when they are.
inline void use_runner_allocator(char** argv) {
  if (std::getenv("GLIBC_TUNABLES")) return;
  setenv("GLIBC_TUNABLES",
         "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824", 1);
  execv("/proc/self/exe", argv);
}

// Loads the torch plugin into `pm` and prints what it wraps; false (the reason on stderr) when
// it cannot be loaded.
inline bool load_torch_plugin(plugin::PluginManager& pm) {
  pm.discover();
  pm.load({"torch"});
  const auto* rec = pm.find("torch");
  if (!rec || rec->state != plugin::PluginState::Loaded) {
    std::fprintf(stderr, "torch plugin not loadable: %s\n", rec ? rec->error.c_str() : "not found");
    return false;
  }
  std::printf("torch plugin: %s; threads %d\n", rec->wraps.c_str(), at::get_num_threads());
  return true;
}

}  // namespace d500::bench
