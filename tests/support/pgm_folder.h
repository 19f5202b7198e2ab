// A folder of 8-bit PGM images in class folders (train/<class>/*.pgm, test/<class>/*.pgm), the
// layout the examples plugin's image_folder dataset streams; for the tests of plugin datasets.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace d500::test {

// Writes one image of height x width bytes.
inline void write_pgm(const std::filesystem::path& file, int64_t height, int64_t width,
                      const std::vector<uint8_t>& pixels) {
  std::ofstream out(file, std::ios::binary);
  out << "P5\n# d500 test image\n" << width << " " << height << "\n255\n";
  out.write(reinterpret_cast<const char*>(pixels.data()),
            static_cast<std::streamsize>(pixels.size()));
}

// `per_class` training and test images for each of `classes` classes, image i of class c filled
// with the byte (40 * c + i) % 256 and a gradient, so classes differ and every image is known.
// Returns the pixels of the training images in the order the dataset lists them (class by class,
// file names in order).
inline std::vector<std::vector<uint8_t>> write_pgm_folder(const std::filesystem::path& root,
                                                          int classes, int per_class,
                                                          int64_t height, int64_t width) {
  std::vector<std::vector<uint8_t>> train;
  for (const char* split : {"train", "test"})
    for (int c = 0; c < classes; ++c) {
      const auto dir = root / split / ("class" + std::to_string(c));
      std::filesystem::create_directories(dir);
      for (int i = 0; i < per_class; ++i) {
        std::vector<uint8_t> px(static_cast<size_t>(height * width));
        for (size_t k = 0; k < px.size(); ++k)
          px[k] = static_cast<uint8_t>((40 * c + i + 3 * k) % 256);
        write_pgm(dir / ("img" + std::to_string(i) + ".pgm"), height, width, px);
        if (split[1] == 'r') train.push_back(px);
      }
    }
  return train;
}

}  // namespace d500::test
