// Fuzz target: CIFAR-10 binary batches through load_cifar10 (3073-byte records), as a path.
#include <cstddef>
#include <cstdint>

#include "d500/error.h"
#include "d500/training/dataset.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = d500::fuzz::write_input(data, size, "data_batch.bin");
  try {
    d500::training::Dataset d = d500::training::load_cifar10({path}, "fuzz");
    d500::training::check_dataset(d);
  } catch (const d500::D500Error&) {
  }
  return 0;
}
