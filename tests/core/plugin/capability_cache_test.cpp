// Issue 16, item 4: what a plugin offers is cached by its library's and manifest's identity, so
// listing plugins runs no plugin code when nothing changed; a changed library, a corrupt cache
// file or a plugin that did not load is never served from the cache.
#include "d500/plugin/capability_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "fixture_paths.h"

namespace d500::plugin {
namespace {

namespace fs = std::filesystem;

class CapabilityCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("d500-capcache-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "plugins");
    // A copy of the good fixture plugin, so the test may change its library.
    for (const char* f : {"fixture_good.d500plugin.json", "libd500_fixture_good.so"})
      fs::copy_file(fs::path(test::fixture_plugin_dir()) / f, dir_ / "plugins" / f);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The plugin discovered and loaded as `d500 plugins` does, and its description.
  nlohmann::json describe(PluginRecord* discovered) {
    PluginManager m({(dir_ / "plugins").string()});
    m.discover();
    *discovered = m.plugins().at(0);
    m.load({discovered->name});
    return describe_plugin(m, *m.find(discovered->name));
  }

  std::string cache_file() const { return (dir_ / "cache" / "plugins.json").string(); }
  fs::path dir_;
};

TEST_F(CapabilityCacheTest, AnUnchangedPluginIsServedFromTheCache) {
  PluginRecord rec;
  const nlohmann::json d = describe(&rec);
  ASSERT_EQ(d["state"], "loaded");
  ASSERT_FALSE(d["operators"].empty());
  CapabilityCache cache(cache_file());
  EXPECT_FALSE(cache.find(rec));
  cache.put(rec, d);
  std::string error;
  ASSERT_TRUE(cache.save(&error)) << error;  // creates its folder

  CapabilityCache again(cache_file());
  auto found = again.find(rec);
  ASSERT_TRUE(found);
  EXPECT_EQ(*found, d);
}

TEST_F(CapabilityCacheTest, AChangedLibraryIsProbedAgain) {
  PluginRecord rec;
  const nlohmann::json d = describe(&rec);
  CapabilityCache cache(cache_file());
  cache.put(rec, d);
  ASSERT_TRUE(cache.save(nullptr));
  // A rebuilt library: same path, new modification time.
  const fs::path lib = rec.library_path;
  fs::last_write_time(lib, fs::last_write_time(lib) + std::chrono::seconds(5));
  EXPECT_FALSE(CapabilityCache(cache_file()).find(rec));
  // A changed manifest as well.
  PluginRecord again;
  describe(&again);
  cache.put(again, d);
  EXPECT_TRUE(cache.find(again));
  std::ofstream(again.manifest_path, std::ios::app) << "\n";
  EXPECT_FALSE(cache.find(again));
}

TEST_F(CapabilityCacheTest, OnlyLoadedPluginsAreCachedAndCorruptFilesAreIgnored) {
  PluginRecord rec;
  nlohmann::json d = describe(&rec);
  CapabilityCache cache(cache_file());
  d["state"] = "broken";
  cache.put(rec, d);
  EXPECT_FALSE(cache.find(rec));

  fs::create_directories(dir_ / "cache");
  for (const char* junk : {"{not json", "[]", R"({"d500_plugin_cache": 2, "plugins": {}})",
                           R"({"d500_plugin_cache": 1, "plugins": {"x": 5}})"}) {
    std::ofstream(cache_file(), std::ios::trunc) << junk;
    EXPECT_FALSE(CapabilityCache(cache_file()).find(rec)) << junk;
  }
  // A record that names another plugin at the same library is not served.
  nlohmann::json good = describe(&rec);
  cache.put(rec, good);
  PluginRecord other = rec;
  other.name = "someone_else";
  EXPECT_FALSE(cache.find(other));
}

TEST(CapabilityCacheFile, FollowsTheEnvironment) {
  ::setenv("D500_CACHE_DIR", "/tmp/d500-cache-dir", 1);
  EXPECT_EQ(CapabilityCache::default_file(), "/tmp/d500-cache-dir/plugins.json");
  ::unsetenv("D500_CACHE_DIR");
  ::setenv("XDG_CACHE_HOME", "/tmp/xdg", 1);
  EXPECT_EQ(CapabilityCache::default_file(), "/tmp/xdg/d500/plugins.json");
  ::unsetenv("XDG_CACHE_HOME");
}

}  // namespace
}  // namespace d500::plugin
