// Fuzz target: IDX files (the MNIST family, gzip or plain) through read_idx, which only takes a
// path. Corrupt input is reported by throwing D500Error; anything else escaping is a finding.
#include <cstddef>
#include <cstdint>

#include "d500/error.h"
#include "d500/training/dataset.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = d500::fuzz::write_input(data, size, "input.idx");
  try {
    d500::Tensor t = d500::training::read_idx(path);
    (void)t.nbytes();
  } catch (const d500::D500Error&) {
  }
  return 0;
}
