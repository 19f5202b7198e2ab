#include "image_folder_dataset.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace examples {

namespace fs = std::filesystem;

namespace {

// An 8-bit binary PGM ("P5"): its size and, when `pixels` is given, its pixels scaled to [0, 1].
void read_pgm(const std::string& file, int64_t* height, int64_t* width, float* pixels) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(file + ": cannot be opened");
  std::string magic;
  int64_t w = 0, h = 0, maxval = 0;
  auto field = [&](int64_t* v) {
    in >> std::ws;
    while (in.peek() == '#') {  // a comment line
      std::string skip;
      std::getline(in, skip);
      in >> std::ws;
    }
    in >> *v;
  };
  in >> magic;
  field(&w);
  field(&h);
  field(&maxval);
  if (!in || magic != "P5" || w < 1 || h < 1 || w > 16384 || h > 16384 || maxval < 1 ||
      maxval > 255)
    throw std::runtime_error(file + ": not an 8-bit binary PGM (P5, maxval <= 255)");
  in.get();  // the one whitespace before the pixels
  *height = h;
  *width = w;
  if (!pixels) return;
  std::vector<unsigned char> raw(static_cast<size_t>(w * h));
  in.read(reinterpret_cast<char*>(raw.data()), static_cast<std::streamsize>(raw.size()));
  if (in.gcount() != static_cast<std::streamsize>(raw.size()))
    throw std::runtime_error(file + ": truncated (" + std::to_string(in.gcount()) + " of " +
                             std::to_string(raw.size()) + " pixel bytes)");
  for (size_t i = 0; i < raw.size(); ++i) pixels[i] = raw[i] / static_cast<float>(maxval);
}

std::vector<std::string> sorted_entries(const fs::path& dir, bool folders) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (folders ? e.is_directory() : (e.is_regular_file() && e.path().extension() == ".pgm"))
      out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

ImageFolder::ImageFolder(const std::string& path, const d500::sdk::Attributes& hyper) {
  hyper.expect_only({});
  if (path.empty()) throw std::invalid_argument("set $.training.dataset_dir to the image folder");
  const fs::path root(path);
  for (const char* split : {"train", "test"})
    if (!fs::is_directory(root / split))
      throw std::invalid_argument((root / split).string() + " is not a folder");
  classes_ = sorted_entries(root / "train", true);
  if (classes_.empty())
    throw std::invalid_argument((root / "train").string() + " has no class folders");
  for (const char* split : {"train", "test"})
    for (size_t c = 0; c < classes_.size(); ++c) {
      const fs::path dir = root / split / classes_[c];
      if (!fs::is_directory(dir)) continue;
      for (const auto& f : sorted_entries(dir, false))
        (split[1] == 'r' ? train_ : test_).push_back({(dir / f).string(), int64_t(c)});
    }
  if (train_.empty() || test_.empty())
    throw std::invalid_argument(path + ": no .pgm images in its train or test class folders");
  read_pgm(train_.front().file, &height_, &width_, nullptr);
}

const std::vector<ImageFolder::Sample>& ImageFolder::samples(int split) const {
  if (split != D500_SPLIT_TRAIN && split != D500_SPLIT_TEST)
    throw std::invalid_argument("unknown split " + std::to_string(split));
  return split == D500_SPLIT_TRAIN ? train_ : test_;
}

d500::sdk::Split ImageFolder::describe(int split) const {
  return {static_cast<int64_t>(samples(split).size()),
          {1, height_, width_},
          static_cast<int64_t>(classes_.size())};
}

void ImageFolder::labels(int split, int64_t* out) const {
  for (const Sample& s : samples(split)) *out++ = s.label;
}

void ImageFolder::read(int split, d500::sdk::Span<const int64_t> indices, float* out) const {
  const auto& all = samples(split);
  for (size_t k = 0; k < indices.size(); ++k) {
    const int64_t i = indices[k];
    if (i < 0 || i >= static_cast<int64_t>(all.size()))
      throw std::invalid_argument("sample " + std::to_string(i) + " does not exist");
    int64_t h = 0, w = 0;
    read_pgm(all[static_cast<size_t>(i)].file, &h, &w, nullptr);
    if (h != height_ || w != width_)
      throw std::runtime_error(all[static_cast<size_t>(i)].file + " is " + std::to_string(w) + "x" +
                               std::to_string(h) + ", the set's images " + std::to_string(width_) +
                               "x" + std::to_string(height_));
    read_pgm(all[static_cast<size_t>(i)].file, &h, &w, out + static_cast<int64_t>(k) * h * w);
  }
}

}  // namespace examples
