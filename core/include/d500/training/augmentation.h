// Seeded data augmentation of image samples: random crop with zero padding and horizontal flip,
// applied per sample while a batch is assembled (batch_loader.h).
//
// The random choices of a sample depend only on (seed, epoch, position in the epoch), never on
// which thread assembles it or when, so a run is reproducible from its seed.
#pragma once

#include <cstdint>
#include <string>

namespace d500::training {

struct Augmentation {
  int64_t crop_padding = 0;      // pad each side by this many zero pixels, then crop H x W back
  bool horizontal_flip = false;  // mirror left-right with probability 1/2
  bool enabled() const { return crop_padding > 0 || horizontal_flip; }
  std::string describe() const;  // "crop(pad 4)+hflip", "none"
};

// The generator seed of one sample's augmentation (a hash of the three numbers).
uint64_t augmentation_seed(uint64_t seed, int64_t epoch, int64_t position);

// Writes the augmented image of `in` ([C, H, W], float32) to `out` (same shape, not aliasing in).
// Throws D500Error when crop_padding is negative or not smaller than both H and W.
void augment_image(const float* in, float* out, int64_t channels, int64_t height, int64_t width,
                   const Augmentation& aug, uint64_t sample_seed);

}  // namespace d500::training
