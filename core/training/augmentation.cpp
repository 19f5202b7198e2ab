#include "d500/training/augmentation.h"

#include <cstring>

#include "d500/error.h"
#include "random.h"

namespace d500::training {

std::string Augmentation::describe() const {
  std::string s;
  if (crop_padding > 0) s = "crop(pad " + std::to_string(crop_padding) + ")";
  if (horizontal_flip) s += s.empty() ? "hflip" : "+hflip";
  return s.empty() ? "none" : s;
}

uint64_t augmentation_seed(uint64_t seed, int64_t epoch, int64_t position) {
  return detail::mix(seed, static_cast<uint64_t>(epoch), static_cast<uint64_t>(position));
}

void augment_image(const float* in, float* out, int64_t channels, int64_t height, int64_t width,
                   const Augmentation& aug, uint64_t sample_seed) {
  const int64_t pad = aug.crop_padding;
  if (pad < 0 || pad >= height || pad >= width)
    throw D500Error("crop padding " + std::to_string(pad) + " must be in [0, min(H, W)) for " +
                        std::to_string(height) + "x" + std::to_string(width) + " images",
                    "augmentation");
  detail::Rng rng(sample_seed);
  // The crop's top-left corner in padded coordinates, in [0, 2 * pad]; pad, pad is the identity.
  const int64_t dy = pad ? static_cast<int64_t>(rng.below(2 * pad + 1)) - pad : 0;
  const int64_t dx = pad ? static_cast<int64_t>(rng.below(2 * pad + 1)) - pad : 0;
  const bool flip = aug.horizontal_flip && (rng.next() >> 63) != 0;
  const int64_t plane = height * width;
  for (int64_t c = 0; c < channels; ++c) {
    const float* src = in + c * plane;
    float* dst = out + c * plane;
    for (int64_t y = 0; y < height; ++y) {
      const int64_t sy = y + dy;
      float* row = dst + y * width;
      if (sy < 0 || sy >= height) {
        std::memset(row, 0, sizeof(float) * static_cast<size_t>(width));
        continue;
      }
      for (int64_t x = 0; x < width; ++x) {
        const int64_t ox = flip ? width - 1 - x : x;  // flip the cropped image
        const int64_t sx = ox + dx;
        row[x] = sx < 0 || sx >= width ? 0.0f : src[sy * width + sx];
      }
    }
  }
}

}  // namespace d500::training
