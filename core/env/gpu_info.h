// GPU provenance for the environment capture (environment.cpp), without linking CUDA.
#pragma once

#include <nlohmann/json.hpp>

namespace d500::env {

// Cached for the life of the process.
// {"available": bool, "reason": why not (when not), "driver_cuda_version", "devices": [{name,
// compute_capability, sm_count, memory_mib, clock_mhz, memory_clock_mhz, memory_bus_bits, pci}],
// "cuda_runtime" / "cudnn" / "cublas": {"version", "library"} or {"error"}}.
nlohmann::json gpu_info();

}  // namespace d500::env
