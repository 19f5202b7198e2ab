// An example dataset that streams: a folder of 8-bit PGM images, one subfolder per class, as
// torchvision's ImageFolder lays them out:
//   <dataset_dir>/train/<class>/*.pgm   <dataset_dir>/test/<class>/*.pgm
// Opening it lists the file names only; each image is read from disk when the training asks for
// it, so the set never has to fit in memory. Classes are the training folder's subfolders in
// name order; samples are [1, H, W] in [0, 1], every image the size of the first.
#pragma once

#include <d500/sdk/dataset.h>

#include <cstdint>
#include <string>
#include <vector>

namespace examples {

class ImageFolder : public d500::sdk::Dataset<ImageFolder> {
 public:
  ImageFolder(const std::string& path, const d500::sdk::Attributes& hyper);
  d500::sdk::Split describe(int split) const;
  void labels(int split, int64_t* out) const;
  void read(int split, d500::sdk::Span<const int64_t> indices, float* out) const;

 private:
  struct Sample {
    std::string file;
    int64_t label;
  };
  const std::vector<Sample>& samples(int split) const;
  std::vector<Sample> train_, test_;
  std::vector<std::string> classes_;
  int64_t height_ = 0, width_ = 0;
};

}  // namespace examples
