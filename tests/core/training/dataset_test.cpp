// Issue 5 (level 2): datasets. Real Fashion-MNIST when the Debian package is installed, and
// small generated files, correct and corrupt, for the IDX and CIFAR-10 readers.
#include "d500/training/dataset.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <numeric>

#include "d500/error.h"
#include "d500/training/augmentation.h"
#include "training_test_util.h"

namespace d500::training {
namespace {

using test::TempDir;

// The message of the D500Error that f throws (fails the test when it throws none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const D500Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no D500Error thrown";
  return "";
}

TEST(FashionMnist, LoadsTheDebianPackageFiles) {
  if (!fashion_mnist_available())
    GTEST_SKIP() << "Fashion-MNIST not found in " << default_fashion_mnist_dir()
                 << " (install dataset-fashion-mnist or set D500_FASHION_MNIST_DIR)";
  const DatasetSplit s = load_fashion_mnist();
  EXPECT_EQ(s.train.images.shape(), (Shape{60000, 1, 28, 28}));
  EXPECT_EQ(s.test.images.shape(), (Shape{10000, 1, 28, 28}));
  EXPECT_NO_THROW(check_dataset(s.train));
  EXPECT_NO_THROW(check_dataset(s.test));
  // Fashion-MNIST is balanced: 6000 / 1000 per class.
  std::vector<int64_t> train(10), test(10);
  for (int64_t i = 0; i < s.train.size(); ++i) ++train[s.train.labels.data_as<int64_t>()[i]];
  for (int64_t i = 0; i < s.test.size(); ++i) ++test[s.test.labels.data_as<int64_t>()[i]];
  for (int c = 0; c < 10; ++c) EXPECT_EQ(train[c], 6000) << "class " << c;
  for (int c = 0; c < 10; ++c) EXPECT_EQ(test[c], 1000) << "class " << c;
  const float* x = s.train.images.data_as<float>();
  const auto [lo, hi] = std::minmax_element(x, x + s.train.images.numel());
  EXPECT_EQ(*lo, 0.0f);
  EXPECT_EQ(*hi, 1.0f);
  const Normalization n = compute_normalization(s.train);
  EXPECT_NEAR(n.mean[0], 0.286, 0.01);  // the widely quoted figures for Fashion-MNIST
  EXPECT_NEAR(n.stddev[0], 0.353, 0.01);
}

TEST(FashionMnist, DirectoryFromEnvironment) {
  TempDir dir;
  ::setenv("D500_FASHION_MNIST_DIR", dir.file("").c_str(), 1);
  EXPECT_FALSE(fashion_mnist_available());
  EXPECT_NE(error_of([] { load_fashion_mnist(); }).find("file not found"), std::string::npos);
  ::unsetenv("D500_FASHION_MNIST_DIR");
}

class IdxFiles : public ::testing::TestWithParam<bool> {};  // gzip or not

TEST_P(IdxFiles, ReadsImagesAndLabels) {
  TempDir dir;
  const bool gz = GetParam();
  std::vector<uint8_t> pixels(3 * 2 * 2);
  std::iota(pixels.begin(), pixels.end(), 0);
  pixels[11] = 255;
  test::write_bytes(dir.file("img"), test::idx_bytes({3, 2, 2}, pixels), gz);
  test::write_bytes(dir.file("lab"), test::idx_bytes({3}, {2, 0, 1}), gz);
  const Dataset d = load_idx(dir.file("img"), dir.file("lab"), "tiny", 3);
  EXPECT_EQ(d.images.shape(), (Shape{3, 1, 2, 2}));
  EXPECT_FLOAT_EQ(d.images.data_as<float>()[5], 5.0f / 255.0f);
  EXPECT_FLOAT_EQ(d.images.data_as<float>()[11], 1.0f);
  EXPECT_EQ(d.labels.data_as<int64_t>()[0], 2);
  EXPECT_EQ(d.labels.data_as<int64_t>()[2], 1);
  EXPECT_EQ(d.num_classes, 3);
}

TEST_P(IdxFiles, CorruptFilesNameFileAndProblem) {
  TempDir dir;
  const bool gz = GetParam();
  const std::vector<uint8_t> px(2 * 2 * 2, 7);
  test::write_bytes(dir.file("img"), test::idx_bytes({2, 2, 2}, px), gz);
  test::write_bytes(dir.file("lab"), test::idx_bytes({2}, {0, 1}), gz);

  std::string m = error_of([&] { load_idx(dir.file("nope"), dir.file("lab"), "d"); });
  EXPECT_NE(m.find(dir.file("nope")), std::string::npos) << m;
  EXPECT_NE(m.find("file not found"), std::string::npos) << m;

  std::vector<uint8_t> bad = test::idx_bytes({2, 2, 2}, px);
  bad[0] = 0x1f, bad[1] = 0x8c;
  test::write_bytes(dir.file("magic"), bad, gz);
  m = error_of([&] { load_idx(dir.file("magic"), dir.file("lab"), "d"); });
  EXPECT_NE(m.find(dir.file("magic")), std::string::npos) << m;
  EXPECT_NE(m.find("wrong magic"), std::string::npos) << m;

  bad = test::idx_bytes({2, 2, 2}, px);
  bad.resize(bad.size() - 3);
  test::write_bytes(dir.file("short"), bad, gz);
  m = error_of([&] { load_idx(dir.file("short"), dir.file("lab"), "d"); });
  EXPECT_NE(m.find(dir.file("short")), std::string::npos) << m;
  EXPECT_NE(m.find("truncated"), std::string::npos) << m;

  test::write_bytes(dir.file("lab11"), test::idx_bytes({2}, {0, 11}), gz);
  m = error_of([&] { load_idx(dir.file("img"), dir.file("lab11"), "d", 10); });
  EXPECT_NE(m.find(dir.file("lab11")), std::string::npos) << m;
  EXPECT_NE(m.find("label 11 of item 1 is outside [0, 10)"), std::string::npos) << m;

  test::write_bytes(dir.file("lab3"), test::idx_bytes({3}, {0, 1, 2}), gz);
  m = error_of([&] { load_idx(dir.file("img"), dir.file("lab3"), "d"); });
  EXPECT_NE(m.find("2 images in " + dir.file("img") + " but 3 labels in " + dir.file("lab3")),
            std::string::npos)
      << m;
}

INSTANTIATE_TEST_SUITE_P(GzipOrNot, IdxFiles, ::testing::Bool());

TEST(IdxFile, TruncatedGzipStream) {
  TempDir dir;
  test::write_bytes(dir.file("img.gz"), test::idx_bytes({50, 8, 8}, std::vector<uint8_t>(3200, 9)),
                    true);
  // Cut the compressed stream in half: zlib sees the gzip header, then the data ends.
  std::filesystem::resize_file(dir.file("img.gz"),
                               std::filesystem::file_size(dir.file("img.gz")) / 2);
  const std::string m = error_of([&] { read_idx(dir.file("img.gz")); });
  EXPECT_NE(m.find(dir.file("img.gz")), std::string::npos) << m;
  EXPECT_NE(m.find("truncated"), std::string::npos) << m;
}

TEST(Cifar10, ReadsRecordsAndRejectsBadFiles) {
  TempDir dir;
  std::vector<uint8_t> bytes;
  for (int r = 0; r < 3; ++r) {
    bytes.push_back(static_cast<uint8_t>(r * 4));  // labels 0, 4, 8
    for (int k = 0; k < 3072; ++k) bytes.push_back(static_cast<uint8_t>((k + r) % 256));
  }
  test::write_bytes(dir.file("data_batch_1.bin"), bytes, false);
  const Dataset d = load_cifar10({dir.file("data_batch_1.bin")}, "c");
  EXPECT_EQ(d.images.shape(), (Shape{3, 3, 32, 32}));
  EXPECT_EQ(d.labels.data_as<int64_t>()[2], 8);
  EXPECT_FLOAT_EQ(d.images.data_as<float>()[3072 + 1024], ((1024 + 1) % 256) / 255.0f);

  std::vector<uint8_t> cut(bytes.begin(), bytes.end() - 10);
  test::write_bytes(dir.file("cut.bin"), cut, false);
  std::string m = error_of([&] { load_cifar10({dir.file("cut.bin")}, "c"); });
  EXPECT_NE(m.find(dir.file("cut.bin")), std::string::npos) << m;
  EXPECT_NE(m.find("truncated"), std::string::npos) << m;

  bytes[3073] = 10;
  test::write_bytes(dir.file("label.bin"), bytes, false);
  m = error_of([&] { load_cifar10({dir.file("label.bin")}, "c"); });
  EXPECT_NE(m.find("label 10 of record 1"), std::string::npos) << m;

  m = error_of([&] { load_cifar10_dir(dir.file("absent")); });
  EXPECT_NE(m.find("data_batch_1.bin: file not found"), std::string::npos) << m;
}

TEST(Synthetic, AnyShapeSeededAndBalanced) {
  SyntheticSpec spec;
  spec.samples = 120;
  spec.sample_shape = {3, 4, 5};
  spec.num_classes = 7;
  spec.seed = 3;
  const Dataset a = make_synthetic(spec), b = make_synthetic(spec);
  EXPECT_EQ(a.images.shape(), (Shape{120, 3, 4, 5}));
  EXPECT_NO_THROW(check_dataset(a));
  EXPECT_EQ(0, std::memcmp(a.images.data(), b.images.data(), a.images.nbytes()));
  EXPECT_EQ(0, std::memcmp(a.labels.data(), b.labels.data(), a.labels.nbytes()));
  spec.seed = 4;
  const Dataset c = make_synthetic(spec);
  EXPECT_NE(0, std::memcmp(a.images.data(), c.images.data(), a.images.nbytes()));
  std::vector<int64_t> per(7);
  for (int64_t i = 0; i < a.size(); ++i) ++per[a.labels.data_as<int64_t>()[i]];
  for (int64_t n : per) EXPECT_TRUE(n == 17 || n == 18) << n;

  spec.sample_shape = {16};
  EXPECT_EQ(make_synthetic(spec).images.shape(), (Shape{120, 16}));
  spec.sample_shape = {2, 2};
  EXPECT_THROW(make_synthetic(spec), D500Error);
}

TEST(Synthetic, ClassesAreSeparable) {
  // Nearest prototype (estimated from the data) classifies far above chance: a model can learn it.
  SyntheticSpec spec;
  spec.samples = 400;
  spec.sample_shape = {32};
  spec.num_classes = 4;
  spec.noise = 0.5;
  const Dataset d = make_synthetic(spec);
  std::vector<std::vector<double>> mean(4, std::vector<double>(32));
  std::vector<int> count(4);
  for (int64_t i = 0; i < d.size(); ++i) {
    const int64_t y = d.labels.data_as<int64_t>()[i];
    ++count[y];
    for (int k = 0; k < 32; ++k) mean[y][k] += d.sample(i)[k];
  }
  int correct = 0;
  for (int64_t i = 0; i < d.size(); ++i) {
    int best = 0;
    double best_d = 1e300;
    for (int c = 0; c < 4; ++c) {
      double dist = 0;
      for (int k = 0; k < 32; ++k) dist += std::pow(d.sample(i)[k] - mean[c][k] / count[c], 2);
      if (dist < best_d) best_d = dist, best = c;
    }
    correct += best == d.labels.data_as<int64_t>()[i];
  }
  EXPECT_GT(correct, 360);
}

TEST(Normalization, PerChannelMeanAndStd) {
  SyntheticSpec spec;
  spec.samples = 50;
  spec.sample_shape = {2, 3, 3};
  spec.num_classes = 2;
  Dataset d = make_synthetic(spec);
  const Normalization before = compute_normalization(d);
  ASSERT_EQ(before.mean.size(), 2u);
  normalize(d, before);
  const Normalization after = compute_normalization(d);
  for (int c = 0; c < 2; ++c) {
    EXPECT_NEAR(after.mean[c], 0.0, 1e-5);
    EXPECT_NEAR(after.stddev[c], 1.0, 1e-5);
  }
  EXPECT_THROW(normalize(d, Normalization{{0.0}, {1.0}}), D500Error);
  EXPECT_THROW(normalize(d, Normalization{{0.0, 0.0}, {1.0, 0.0}}), D500Error);
}

TEST(CheckDataset, RejectsInconsistentDatasets) {
  Dataset d = make_synthetic({.samples = 10, .sample_shape = {4}, .num_classes = 3});
  d.labels.data_as<int64_t>()[4] = 3;
  EXPECT_NE(error_of([&] { check_dataset(d); }).find("label 3 of sample 4"), std::string::npos);
  d.labels = Tensor(DType::Int64, {9});
  EXPECT_NE(error_of([&] { check_dataset(d); }).find("10 images but 9 labels"), std::string::npos);
}

TEST(Augmentation, FlipAndCropAreSeededAndShiftPixels) {
  // A 1x4x4 image with distinct values.
  std::vector<float> in(16), out(16), again(16);
  std::iota(in.begin(), in.end(), 1.0f);
  Augmentation flip{.crop_padding = 0, .horizontal_flip = true};
  int flipped = 0;
  for (int64_t pos = 0; pos < 64; ++pos) {
    augment_image(in.data(), out.data(), 1, 4, 4, flip, augmentation_seed(1, 0, pos));
    const bool f = out[0] == in[3];
    if (!f)
      EXPECT_EQ(out, in);
    else
      for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) EXPECT_EQ(out[y * 4 + x], in[y * 4 + 3 - x]);
    flipped += f;
  }
  EXPECT_GT(flipped, 16);
  EXPECT_LT(flipped, 48);

  Augmentation crop{.crop_padding = 1, .horizontal_flip = false};
  int shifted = 0;
  for (int64_t pos = 0; pos < 32; ++pos) {
    const uint64_t seed = augmentation_seed(7, 2, pos);
    augment_image(in.data(), out.data(), 1, 4, 4, crop, seed);
    augment_image(in.data(), again.data(), 1, 4, 4, crop, seed);
    EXPECT_EQ(out, again);  // same seed, same crop
    // Every output pixel is zero padding or an input pixel at offset (dy, dx) in [-1, 1]^2.
    bool found = false;
    for (int dy = -1; dy <= 1 && !found; ++dy)
      for (int dx = -1; dx <= 1 && !found; ++dx) {
        bool ok = true;
        for (int y = 0; y < 4; ++y)
          for (int x = 0; x < 4; ++x) {
            const int sy = y + dy, sx = x + dx;
            const float want = sy < 0 || sy > 3 || sx < 0 || sx > 3 ? 0.0f : in[sy * 4 + sx];
            ok = ok && out[y * 4 + x] == want;
          }
        if (ok) found = true, shifted += dy != 0 || dx != 0;
      }
    EXPECT_TRUE(found) << "not a padded crop at position " << pos;
  }
  EXPECT_GT(shifted, 16);
  EXPECT_THROW(augment_image(in.data(), out.data(), 1, 4, 4, Augmentation{.crop_padding = 4}, 0),
               D500Error);
}

// Guards issue 15: a header that claims far more data than the file holds is refused before
// anything of the claimed size is allocated (a 200 KB file once reserved 8.4 GB).
TEST(IdxFile, HeaderClaimingMoreThanTheFileIsRefusedBeforeAllocating) {
  for (bool gz : {false, true}) {
    TempDir dir;
    // 10,956,549 images of 28x28 = 8.6 GB declared; 20 KB present.
    test::write_bytes(dir.file("liar"),
                      test::idx_bytes({10956549, 28, 28}, std::vector<uint8_t>(20000, 1)), gz);
    const std::string m = error_of([&] { read_idx(dir.file("liar")); });
    EXPECT_NE(m.find(dir.file("liar")), std::string::npos) << m;
    EXPECT_NE(m.find("[10956549, 28, 28]"), std::string::npos) << m;
    EXPECT_NE(m.find("truncated or corrupt"), std::string::npos) << m;
    // Data after the declared size is refused too.
    std::vector<uint8_t> longer = test::idx_bytes({2, 2}, {1, 2, 3, 4});
    longer.push_back(5);
    test::write_bytes(dir.file("long"), longer, gz);
    EXPECT_NE(error_of([&] { read_idx(dir.file("long")); }), "");
  }
}

}  // namespace
}  // namespace d500::training
