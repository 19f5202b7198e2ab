// Guards issue #30 (datasets as registered components, plugin ABI 1.4, streamed): a dataset read
// through a SampleReader gathers, normalises and trains exactly as the same samples held in
// memory; the built-in datasets go through the registry; the examples plugin's image folder
// (SDK only) lists files when opened, reads each image when asked, and says which file or
// folder is wrong; a plugin dataset without read is refused at load; the training section takes
// a plugin's dataset with its params and reports an unknown built-in one with the names known.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "../../support/pgm_folder.h"
#include "d500/training/dataset_registry.h"
#include "d500/training/training_setup.h"
#include "trainer_support.h"

using namespace d500;
using namespace d500::training;
using namespace d500::test;

namespace {

// The samples of an in-memory dataset, served one read at a time (and counted).
class MemoryReader : public SampleReader {
 public:
  explicit MemoryReader(const Dataset& d) : shape_(d.sample_shape()), per_(d.sample_numel()) {
    data_.assign(d.images.data_as<float>(), d.images.data_as<float>() + d.size() * per_);
  }
  Shape sample_shape() const override { return shape_; }
  void read(std::span<const int64_t> idx, float* out) const override {
    ++reads;
    for (size_t k = 0; k < idx.size(); ++k)
      std::memcpy(out + k * per_, data_.data() + idx[k] * per_, sizeof(float) * per_);
  }
  mutable std::atomic<int> reads{0};

 private:
  Shape shape_;
  int64_t per_;
  std::vector<float> data_;
};

// `d` again, streamed: its labels held, its samples read through a MemoryReader.
Dataset streamed(const Dataset& d) {
  Dataset s;
  s.name = d.name + "/streamed";
  s.num_classes = d.num_classes;
  s.labels = d.labels.clone();
  s.reader = std::make_shared<MemoryReader>(d);
  return s;
}

TEST(StreamedDatasets, GatherAndNormaliseAsTheSamplesInMemory) {
  SyntheticSpec spec;
  spec.samples = 40;
  spec.sample_shape = {2, 3, 3};
  Dataset mem = make_synthetic(spec);
  Dataset str = streamed(mem);
  check_dataset(str);
  EXPECT_EQ(str.sample_shape(), mem.sample_shape());
  const std::vector<int64_t> idx = {7, 0, 39, 7};
  std::vector<float> a(idx.size() * 18), b(idx.size() * 18);
  mem.gather(idx, a.data());
  str.gather(idx, b.data());
  EXPECT_EQ(a, b);
  const Normalization nm = compute_normalization(mem), ns = compute_normalization(str);
  ASSERT_EQ(nm.mean.size(), 2u);
  for (size_t c = 0; c < 2; ++c) {
    EXPECT_NEAR(nm.mean[c], ns.mean[c], 1e-12);
    EXPECT_NEAR(nm.stddev[c], ns.stddev[c], 1e-12);
  }
  normalize(mem, nm);
  normalize(str, ns);
  EXPECT_TRUE(str.read_normalization.has_value()) << "applied as samples are read";
  mem.gather(idx, a.data());
  str.gather(idx, b.data());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-5) << i;
  str.flat = true;
  EXPECT_EQ(str.sample_shape(), (Shape{18}));
}

TEST(StreamedDatasets, TrainLikeTheSameSamplesInMemory) {
  auto data = synthetic(20, 4);
  DatasetSplit str{streamed(data.train), streamed(data.test)};
  std::vector<TrainResult> results;
  for (const DatasetSplit* d : {&data, &str}) {
    auto ex = mlp(32, 20, 4);
    Optimizer sgd(plugins(), "reference", "sgd", {{"lr", 0.05}});
    TrainerOptions o;
    o.batch = 32;
    o.epochs = 2;
    Trainer t(*ex, sgd, o);
    ShuffledSampler sampler(d->train.size(), 3);
    results.push_back(t.train(d->train, sampler, d->test));
  }
  ASSERT_EQ(results[0].epochs.size(), 2u);
  for (size_t e = 0; e < 2; ++e) {
    EXPECT_EQ(results[0].epochs[e].train_loss, results[1].epochs[e].train_loss) << e;
    EXPECT_EQ(results[0].epochs[e].test_accuracy, results[1].epochs[e].test_accuracy) << e;
  }
  EXPECT_GT(static_cast<const MemoryReader&>(*str.train.reader).reads.load(), 0);
}

TEST(DatasetRegistry, BuiltInsAreRegisteredAndUnknownNamesListThem) {
  const auto all = datasets().all();
  ASSERT_GE(all.size(), 3u);
  EXPECT_EQ(all[0]->name, "fashion-mnist");
  EXPECT_EQ(all[2]->name, "synthetic");
  TrainingSpec t;
  t.dataset = "synthetic";
  t.synthetic_shape = {1, 5, 5};
  t.synthetic_classes = 3;
  const DataShape s = dataset_of(t).shape(t);
  EXPECT_EQ(s.sample, (Shape{1, 5, 5}));
  EXPECT_EQ(s.classes, 3);
  t.dataset = "imagenet";
  try {
    dataset_of(t);
    FAIL() << "an unknown dataset was found";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("known: fashion-mnist, cifar10, synthetic"),
              std::string::npos)
        << e.what();
  }
  auto bad = parse_training(nlohmann::json::parse(R"({"dataset": "imagenet"})"), "x.json", "");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().to_string().find("$.training.dataset: expected fashion-mnist, cifar10"),
            std::string::npos);
}

class ImageFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() /
            ("d500-image-folder-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(root_);
    pixels_ = write_pgm_folder(root_, 3, 4, 5, 6);
    ASSERT_TRUE(register_plugin_datasets(plugins()).empty());
    t_.dataset = "examples/image_folder";
    t_.dataset_dir = root_.string();
    t_.normalize = false;
    t_.network = {{"builder", "lenet"}};
  }
  void TearDown() override { std::filesystem::remove_all(root_); }
  std::filesystem::path root_;
  std::vector<std::vector<uint8_t>> pixels_;
  TrainingSpec t_;
};

TEST_F(ImageFolderTest, ListsTheFilesAndReadsEachImageWhenAsked) {
  EXPECT_EQ(plugins().find("examples")->n_datasets, 1u);
  const auto* d = datasets().find("examples/image_folder");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->origin, "plugin examples");
  const DataShape s = dataset_of(t_).shape(t_);
  EXPECT_EQ(s.sample, (Shape{1, 5, 6}));
  EXPECT_EQ(s.classes, 3);
  const DatasetSplit data = load_training_data(t_, 1);
  ASSERT_TRUE(data.train.streamed());
  EXPECT_EQ(data.train.size(), 12);
  EXPECT_EQ(data.test.size(), 12);
  EXPECT_EQ(data.train.labels.data_as<int64_t>()[5], 1) << "class folders in name order";
  std::vector<float> img(30);
  const std::vector<int64_t> idx = {5};
  data.train.gather(idx, img.data());
  for (size_t k = 0; k < img.size(); ++k) ASSERT_FLOAT_EQ(img[k], pixels_[5][k] / 255.0f) << k;
  // Trained on by the Trainer, from the files.
  TrainingSpec mlp_t = t_;
  mlp_t.network = {{"builder", "mlp"}, {"hidden", {8}}};
  const DatasetSplit flat = load_training_data(mlp_t, 1);
  EXPECT_EQ(flat.train.sample_shape(), (Shape{30}));
}

TEST_F(ImageFolderTest, AMissingFolderOrABrokenImageIsNamed) {
  TrainingSpec missing = t_;
  missing.dataset_dir = (root_ / "nowhere").string();
  try {
    load_training_data(missing, 1);
    FAIL() << "a missing folder was opened";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "dataset \"examples/image_folder\" (plugin examples) open failed: "),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("is not a folder"), std::string::npos) << e.what();
  }
  const auto broken = root_ / "train" / "class1" / "img2.pgm";
  std::ofstream(broken, std::ios::binary) << "P5\n6 5\n255\nabc";  // truncated
  const DatasetSplit data = load_training_data(t_, 1);
  std::vector<float> img(30);
  const std::vector<int64_t> idx = {6};
  try {
    data.train.gather(idx, img.data());
    FAIL() << "a truncated image was read";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("read failed: " + broken.string() + ": truncated"),
              std::string::npos)
        << e.what();
  }
}

TEST(PluginDatasets, ADatasetWithoutReadIsRefusedAtLoad) {
  plugin::PluginManager pm(
      {std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-metrics"});
  pm.load({"fixture_dataset_no_read"});
  const auto* rec = pm.find("fixture_dataset_no_read");
  ASSERT_NE(rec, nullptr);
  EXPECT_EQ(rec->state, plugin::PluginState::Broken);
  EXPECT_NE(rec->error.find("dataset \"broken\" lacks open, close, describe, labels or read"),
            std::string::npos)
      << rec->error;
}

}  // namespace
