// Dataset readers: IDX (gzip or not, through zlib) and the CIFAR-10 binary format.
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "d500/error.h"
#include "d500/training/dataset.h"

namespace d500::training {
namespace {

namespace fs = std::filesystem;

// A file read through zlib, which passes uncompressed files through unchanged.
class ZFile {
 public:
  explicit ZFile(const std::string& path) : path_(path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw D500Error("file not found", path);
    if (fs::is_directory(path, ec)) throw D500Error("is a directory, expected a file", path);
    // A FIFO or a device would block gzopen or never end.
    if (!fs::is_regular_file(path, ec)) throw D500Error("is not a regular file", path);
    f_ = gzopen(path.c_str(), "rb");
    if (!f_) throw D500Error(std::string("cannot open: ") + std::strerror(errno), path);
    gzbuffer(f_, 1 << 17);
  }
  ~ZFile() {
    if (f_) gzclose(f_);
  }
  ZFile(const ZFile&) = delete;
  ZFile& operator=(const ZFile&) = delete;

  // Reads up to n bytes; returns how many were read. Throws on a corrupt stream.
  size_t read_some(void* out, size_t n) {
    size_t done = 0;
    char* p = static_cast<char*>(out);
    while (done < n) {
      const unsigned chunk = static_cast<unsigned>(std::min<size_t>(n - done, 1u << 30));
      const int got = gzread(f_, p + done, chunk);
      if (got < 0) {
        int code = 0;
        const char* msg = gzerror(f_, &code);
        throw D500Error(
            std::string("corrupt or truncated compressed data (zlib: ") + (msg ? msg : "?") + ")",
            path_);
      }
      if (got == 0) {
        int code = 0;
        const char* msg = gzerror(f_, &code);
        if (code != Z_OK && code != Z_STREAM_END)
          throw D500Error(std::string("truncated: compressed data ends early (zlib: ") +
                              (msg ? msg : "?") + ")",
                          path_);
        break;
      }
      done += static_cast<size_t>(got);
    }
    return done;
  }
  // Reads exactly n bytes of `what`; a short read is a truncated file.
  void read_exact(void* out, size_t n, const std::string& what) {
    const size_t got = read_some(out, n);
    if (got != n)
      throw D500Error("truncated: " + what + " needs " + std::to_string(n) +
                          " bytes, the file has " + std::to_string(got),
                      path_);
  }
  bool at_end() {
    char c;
    return read_some(&c, 1) == 0;
  }

 private:
  std::string path_;
  gzFile f_ = nullptr;
};

std::string hex_byte(unsigned char b) {
  char s[8];
  std::snprintf(s, sizeof s, "0x%02X", b);
  return s;
}

constexpr uint64_t kMaxElements = uint64_t(1) << 33;  // 8 GiB of bytes: more is a corrupt header

// Checks the size an IDX header declares against the file before anything that size is
// allocated: a 200 KB file claiming 10 million images must not reserve 8 GB first. A plain file
// must hold exactly header + data; a gzip member states its uncompressed size modulo 2^32 in its
// last four bytes, and deflate cannot compress more than 1032:1.
void check_declared_size(const std::string& path, uint64_t header_bytes, uint64_t data_bytes,
                         const Shape& shape) {
  std::error_code ec;
  const uint64_t file_bytes = fs::file_size(path, ec);
  if (ec) throw D500Error("cannot read its size: " + ec.message(), path);
  const uint64_t want = header_bytes + data_bytes;
  std::FILE* raw = std::fopen(path.c_str(), "rb");
  if (!raw) throw D500Error(std::string("cannot open: ") + std::strerror(errno), path);
  unsigned char head[2] = {0, 0}, tail[4] = {0, 0, 0, 0};
  const bool gz = std::fread(head, 1, 2, raw) == 2 && head[0] == 0x1f && head[1] == 0x8b;
  bool tail_ok = gz && file_bytes >= 18 && std::fseek(raw, -4, SEEK_END) == 0 &&
                 std::fread(tail, 1, 4, raw) == 4;
  std::fclose(raw);
  const std::string declared = "its IDX header declares " + shape_to_string(shape) + " (" +
                               std::to_string(data_bytes) + " bytes of data)";
  if (!gz) {
    if (file_bytes != want)
      throw D500Error(declared + ", but the file holds " + std::to_string(file_bytes) +
                          " bytes, not " + std::to_string(want) + " (truncated or corrupt)",
                      path);
    return;
  }
  const uint64_t isize = uint64_t(tail[0]) | uint64_t(tail[1]) << 8 | uint64_t(tail[2]) << 16 |
                         uint64_t(tail[3]) << 24;
  if (want > file_bytes * 1032 || (tail_ok && isize != (want & 0xffffffffu)))
    throw D500Error(
        declared + ", but the gzip file unpacks to " +
            (tail_ok ? std::to_string(isize) + " bytes (mod 2^32)" : std::string("less")) +
            ", not " + std::to_string(want) + " (truncated or corrupt)",
        path);
}

}  // namespace

Tensor read_idx(const std::string& path) {
  ZFile f(path);
  unsigned char magic[4];
  const size_t got = f.read_some(magic, 4);
  if (got < 4) throw D500Error("truncated: shorter than the 4-byte IDX magic number", path);
  if (magic[0] != 0 || magic[1] != 0)
    throw D500Error("wrong magic number " + hex_byte(magic[0]) + " " + hex_byte(magic[1]) + " " +
                        hex_byte(magic[2]) + " " + hex_byte(magic[3]) +
                        ": not an IDX file (expected 0x00 0x00 <type> <rank>)",
                    path);
  if (magic[2] != 0x08)
    throw D500Error(
        "IDX element type " + hex_byte(magic[2]) + " is not supported (only unsigned bytes, 0x08)",
        path);
  const int rank = magic[3];
  if (rank < 1 || rank > 4)
    throw D500Error("IDX rank " + std::to_string(rank) + " is outside 1..4", path);
  unsigned char dims[16];
  f.read_exact(dims, 4 * static_cast<size_t>(rank), "the IDX header's dimensions");
  Shape shape;
  uint64_t total = 1;
  for (int i = 0; i < rank; ++i) {
    const uint64_t d = (uint64_t(dims[4 * i]) << 24) | (uint64_t(dims[4 * i + 1]) << 16) |
                       (uint64_t(dims[4 * i + 2]) << 8) | dims[4 * i + 3];
    total *= d ? d : 1;
    if (total > kMaxElements)
      throw D500Error("the IDX header declares more than 2^33 elements (corrupt header?)", path);
    shape.push_back(static_cast<int64_t>(d));
  }
  check_declared_size(path, 4 + 4 * static_cast<uint64_t>(rank),
                      static_cast<uint64_t>(element_count(shape)), shape);
  Tensor t(DType::UInt8, shape);
  f.read_exact(t.data(), t.nbytes(),
               "data of shape " + shape_to_string(shape) + " (from the IDX header)");
  if (!f.at_end())
    throw D500Error("has data after the " + std::to_string(t.nbytes()) +
                        " bytes its IDX header declares " + shape_to_string(shape),
                    path);
  return t;
}

Dataset load_idx(const std::string& images_path, const std::string& labels_path,
                 const std::string& name, int64_t num_classes) {
  Tensor images = read_idx(images_path);
  Tensor labels = read_idx(labels_path);
  if (images.shape().size() != 3)
    throw D500Error(
        "IDX images must have rank 3 [N, H, W], this file has " + shape_to_string(images.shape()),
        images_path);
  if (labels.shape().size() != 1)
    throw D500Error(
        "IDX labels must have rank 1 [N], this file has " + shape_to_string(labels.shape()),
        labels_path);
  const int64_t n = images.shape()[0];
  if (labels.shape()[0] != n)
    throw D500Error(std::to_string(n) + " images in " + images_path + " but " +
                        std::to_string(labels.shape()[0]) + " labels in " + labels_path,
                    "dataset " + name);
  if (n == 0) throw D500Error("holds no images", images_path);
  Dataset d;
  d.name = name;
  d.num_classes = num_classes;
  d.images = Tensor(DType::Float32, {n, 1, images.shape()[1], images.shape()[2]});
  d.labels = Tensor(DType::Int64, {n});
  const uint8_t* src = images.data_as<uint8_t>();
  float* dst = d.images.data_as<float>();
  for (int64_t i = 0; i < images.numel(); ++i) dst[i] = static_cast<float>(src[i]) / 255.0f;
  const uint8_t* ls = labels.data_as<uint8_t>();
  int64_t* ld = d.labels.data_as<int64_t>();
  for (int64_t i = 0; i < n; ++i) {
    if (ls[i] >= num_classes)
      throw D500Error("label " + std::to_string(ls[i]) + " of item " + std::to_string(i) +
                          " is outside [0, " + std::to_string(num_classes) + ")",
                      labels_path);
    ld[i] = ls[i];
  }
  return d;
}

std::string default_fashion_mnist_dir() {
  const char* env = std::getenv("D500_FASHION_MNIST_DIR");
  return env && *env ? std::string(env) : std::string("/usr/share/datasets/fashion-mnist");
}

IdxFiles fashion_mnist_files(const std::string& dir) {
  auto pick = [&](const std::string& base) {
    const std::string gz = dir + "/" + base + ".gz", plain = dir + "/" + base;
    std::error_code ec;
    return !fs::exists(gz, ec) && fs::exists(plain, ec) ? plain : gz;
  };
  return {pick("train-images-idx3-ubyte"), pick("train-labels-idx1-ubyte"),
          pick("t10k-images-idx3-ubyte"), pick("t10k-labels-idx1-ubyte")};
}

bool fashion_mnist_available(const std::string& dir) {
  const IdxFiles f = fashion_mnist_files(dir);
  std::error_code ec;
  for (const std::string* p : {&f.train_images, &f.train_labels, &f.test_images, &f.test_labels})
    if (!fs::is_regular_file(*p, ec)) return false;
  return true;
}

DatasetSplit load_fashion_mnist(const std::string& dir) {
  const IdxFiles f = fashion_mnist_files(dir);
  DatasetSplit s;
  s.train = load_idx(f.train_images, f.train_labels, "fashion-mnist/train", 10);
  s.test = load_idx(f.test_images, f.test_labels, "fashion-mnist/test", 10);
  return s;
}

Dataset load_cifar10(const std::vector<std::string>& files, const std::string& name) {
  constexpr int64_t kPixels = 3 * 32 * 32, kRecord = 1 + kPixels;
  if (files.empty()) throw D500Error("no files given", "dataset " + name);
  int64_t n = 0;
  std::vector<int64_t> counts;
  for (const std::string& path : files) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw D500Error("file not found", path);
    const auto bytes = static_cast<int64_t>(fs::file_size(path, ec));
    if (ec) throw D500Error("cannot read its size: " + ec.message(), path);
    if (bytes == 0 || bytes % kRecord != 0)
      throw D500Error("truncated or not CIFAR-10 binary: " + std::to_string(bytes) +
                          " bytes is not a whole number of 3073-byte records",
                      path);
    counts.push_back(bytes / kRecord);
    n += bytes / kRecord;
  }
  Dataset d;
  d.name = name;
  d.num_classes = 10;
  d.images = Tensor(DType::Float32, {n, 3, 32, 32});
  d.labels = Tensor(DType::Int64, {n});
  float* x = d.images.data_as<float>();
  int64_t* y = d.labels.data_as<int64_t>();
  std::vector<unsigned char> record(kRecord);
  int64_t at = 0;
  for (size_t fi = 0; fi < files.size(); ++fi) {
    std::FILE* f = std::fopen(files[fi].c_str(), "rb");
    if (!f) throw D500Error(std::string("cannot open: ") + std::strerror(errno), files[fi]);
    for (int64_t r = 0; r < counts[fi]; ++r, ++at) {
      if (std::fread(record.data(), 1, kRecord, f) != static_cast<size_t>(kRecord)) {
        std::fclose(f);
        throw D500Error("truncated while reading record " + std::to_string(r), files[fi]);
      }
      if (record[0] >= 10) {
        std::fclose(f);
        throw D500Error("label " + std::to_string(record[0]) + " of record " + std::to_string(r) +
                            " is outside [0, 10)",
                        files[fi]);
      }
      y[at] = record[0];
      for (int64_t k = 0; k < kPixels; ++k) x[at * kPixels + k] = record[1 + k] / 255.0f;
    }
    std::fclose(f);
  }
  return d;
}

DatasetSplit load_cifar10_dir(const std::string& dir) {
  std::vector<std::string> train;
  for (int i = 1; i <= 5; ++i) train.push_back(dir + "/data_batch_" + std::to_string(i) + ".bin");
  DatasetSplit s;
  s.train = load_cifar10(train, "cifar10/train");
  s.test = load_cifar10({dir + "/test_batch.bin"}, "cifar10/test");
  return s;
}

}  // namespace d500::training
