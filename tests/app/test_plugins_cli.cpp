// Issue 16, item 4, through the runner: `d500 plugins` serves unchanged plugins from the
// capability cache without loading them (each says "cached": true and is otherwise what a probe
// says), probes again what changed, never caches a broken plugin, and --probe loads everything.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "../support/process.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

namespace fs = std::filesystem;

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kFixtures = std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir";

std::map<std::string, nlohmann::json> listing(const TempDir& dir,
                                              const std::vector<std::string>& extra = {}) {
  std::vector<std::string> argv{kD500, "plugins", "--json", "--plugin-path", dir.file("plugins")};
  argv.insert(argv.end(), extra.begin(), extra.end());
  auto r = run(argv, dir.path(), {"D500_CACHE_DIR=" + dir.file("cache")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::map<std::string, nlohmann::json> by_name;
  const nlohmann::json all = nlohmann::json::parse(r.out);
  for (const auto& p : all["plugins"]) by_name[p["name"].get<std::string>()] = p;
  return by_name;
}

nlohmann::json without_cached(nlohmann::json j) {
  j.erase("cached");
  return j;
}

}  // namespace

TEST(PluginsCli, UnchangedPluginsComeFromTheCache) {
  TempDir dir;
  fs::create_directories(dir.file("plugins"));
  for (const char* f : {"fixture_good.d500plugin.json", "libd500_fixture_good.so",
                        "fixture_init_throws.d500plugin.json", "libd500_fixture_init_throws.so"})
    if (fs::exists(kFixtures + "/" + f))
      fs::copy_file(kFixtures + "/" + f, dir.file("plugins") + "/" + f);

  auto first = listing(dir);
  ASSERT_TRUE(first.count("fixture_good") && first.count("reference"));
  EXPECT_EQ(first["fixture_good"]["cached"], false);
  EXPECT_TRUE(fs::exists(dir.file("cache") + "/plugins.json"));

  auto second = listing(dir);
  for (const auto& [name, p] : second) {
    const bool loaded = p["state"] == "loaded";
    EXPECT_EQ(p["cached"], loaded) << name;  // broken plugins are probed every time
    EXPECT_EQ(without_cached(p), without_cached(first[name])) << name;
  }
  if (second.count("fixture_init_throws"))
    EXPECT_EQ(second["fixture_init_throws"]["state"], "broken");

  // A rebuilt library is probed again; --probe probes everything.
  const std::string lib = dir.file("plugins") + "/libd500_fixture_good.so";
  fs::last_write_time(lib, fs::last_write_time(lib) + std::chrono::seconds(5));
  auto third = listing(dir);
  EXPECT_EQ(third["fixture_good"]["cached"], false);
  EXPECT_EQ(third["reference"]["cached"], true);
  auto probed = listing(dir, {"--probe"});
  for (const auto& [name, p] : probed) EXPECT_EQ(p["cached"], false) << name;
}
