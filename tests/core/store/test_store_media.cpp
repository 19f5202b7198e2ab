// Guards issue 15 (store details): a full disk is a store error (exit 4, never "bad input"), and a
// WAL store on read-only media can still be read. Both use a small tmpfs of their own, so they
// need the right to mount (root, as in CI); elsewhere they skip with that reason.
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "d500/store/result_store.h"
#include "store_test_util.h"

namespace d500::store {
namespace {

// A tmpfs of `kib` KiB mounted on a fresh folder, unmounted on scope exit.
class SmallDisk {
 public:
  explicit SmallDisk(int kib) {
    std::string opts = "size=" + std::to_string(kib) + "k";
    mounted_ = ::mount("tmpfs", dir_.file("").c_str(), "tmpfs", 0, opts.c_str()) == 0;
    if (!mounted_) why_ = std::strerror(errno);
  }
  ~SmallDisk() {
    if (mounted_) ::umount2(dir_.file("").c_str(), MNT_DETACH);
  }
  bool mounted() const { return mounted_; }
  const std::string& why() const { return why_; }
  std::string file(const std::string& name) const { return dir_.file(name); }
  bool remount_read_only() {
    return ::mount("tmpfs", dir_.file("").c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, nullptr) == 0;
  }
  // Fills the disk with one file until it is full.
  void fill() {
    std::ofstream out(file("filler"), std::ios::binary);
    std::string block(4096, 'x');
    while (out.write(block.data(), static_cast<std::streamsize>(block.size()))) {
    }
  }

 private:
  test::TempDir dir_;
  bool mounted_ = false;
  std::string why_;
};

RunInfo a_run() {
  RunInfo r;
  r.name = "full disk";
  r.level = "operator";
  r.spec_json = "{}";
  return r;
}

}  // namespace

TEST(StoreMedia, AFullDiskIsAStoreErrorAndKeepsWhatWasCommitted) {
  SmallDisk disk(512);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here: " << disk.why();
  const std::string path = disk.file("s.d500db");
  auto s = ResultStore::open(path, ResultStore::Mode::ReadWrite);
  ASSERT_TRUE(s) << s.error().to_string();
  const int64_t id = (*s)->create_run(a_run());
  disk.fill();
  bool store_error = false;
  try {
    for (int i = 0; i < 10000; ++i) (*s)->add_log(id, "info", std::string(2000, 'a' + i % 26));
  } catch (const StoreError& e) {
    store_error = true;
    EXPECT_NE(std::string(e.what()).find("full"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  EXPECT_TRUE(store_error) << "writing to a full disk did not raise a StoreError";
  std::filesystem::remove(disk.file("filler"));
  s->reset();
  auto again = ResultStore::open(path, ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(again) << again.error().to_string();
  ASSERT_EQ((*again)->runs().size(), 1u);
  EXPECT_EQ((*again)->runs()[0].name, "full disk");
}

TEST(StoreMedia, AWalStoreOnReadOnlyMediaCanBeRead) {
  SmallDisk disk(2048);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here: " << disk.why();
  const std::string path = disk.file("ro.d500db");
  {
    auto s = ResultStore::open(path, ResultStore::Mode::ReadWrite);
    ASSERT_TRUE(s) << s.error().to_string();
    (*s)->create_run(a_run());
  }
  ASSERT_FALSE(std::filesystem::exists(path + "-shm"));
  ASSERT_TRUE(disk.remount_read_only()) << std::strerror(errno);
  auto ro = ResultStore::open(path, ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(ro) << ro.error().to_string();
  ASSERT_EQ((*ro)->runs().size(), 1u);
  EXPECT_EQ((*ro)->runs()[0].name, "full disk");
  auto rw = ResultStore::open(path, ResultStore::Mode::ReadWrite);
  EXPECT_FALSE(rw) << "a store on read-only media opened for writing";
}

}  // namespace d500::store
