// Manifests are data read before any plugin code runs: every way one can be wrong is reported
// with its path, and a second plugin of the same name is shadowed by the first.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "d500/plugin/plugin_manager.h"
#include "fixture_paths.h"

namespace d500::plugin {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the build tree per test, removed afterwards.
class TempPluginDir : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(D500_TEST_BINARY_DIR) / "tests" / "tmp" /
           (std::string(info->test_suite_name()) + "." + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& filename, const std::string& text) {
    std::ofstream(dir_ / filename) << text;
    return (dir_ / filename).string();
  }
  // A manifest with one field replaced (or removed when value is empty).
  static std::string manifest(const std::string& name, const std::string& library,
                              const std::string& extra = "\"abi_major\": 1") {
    return "{\"d500_plugin\": 1, \"name\": \"" + name + "\", \"version\": \"1\", \"library\": \"" +
           library + "\", " + extra + "}";
  }
  PluginRecord only_record() {
    PluginManager m({dir_.string()});
    m.discover();
    EXPECT_EQ(m.plugins().size(), 1u);
    return m.plugins().empty() ? PluginRecord{} : m.plugins()[0];
  }
  PluginRecord record(const std::string& name) {
    PluginManager m({dir_.string()});
    m.discover();
    const PluginRecord* r = m.find(name);
    EXPECT_NE(r, nullptr) << name;
    return r ? *r : PluginRecord{};
  }
  fs::path dir_;
};

TEST_F(TempPluginDir, LaterPluginOfTheSameNameIsShadowed) {
  // A copy of the good fixture in a second folder: the first folder in the path wins.
  const fs::path good = fs::path(test::fixture_plugin_dir());
  fs::copy_file(good / "fixture_good.d500plugin.json", dir_ / "fixture_good.d500plugin.json");
  fs::copy_file(good / "libd500_fixture_good.so", dir_ / "libd500_fixture_good.so");
  PluginManager m({good.string(), dir_.string()});
  m.load_all();
  const PluginRecord* winner = m.find("fixture_good");
  ASSERT_NE(winner, nullptr);
  EXPECT_EQ(winner->state, PluginState::Loaded);
  int seen = 0;
  for (const auto& r : m.plugins()) {
    if (r.name != "fixture_good") continue;
    if (++seen == 2) {
      EXPECT_EQ(r.state, PluginState::Broken);
      EXPECT_EQ(r.error, "shadowed by " + winner->manifest_path);
      EXPECT_EQ(r.manifest_path, (dir_ / "fixture_good.d500plugin.json").string());
    }
  }
  EXPECT_EQ(seen, 2);
}

struct ManifestCase {
  const char* what;
  std::string text;
  std::string error;  // after "manifest <path>: "
};

TEST_F(TempPluginDir, EveryMalformedManifestIsReportedWithItsPath) {
  write("libd500_x.so", "");  // exists, never loaded: the manifests fail first
  const ManifestCase cases[] = {
      {"not JSON", "{\"name\": ", "not valid JSON: "},
      {"not an object", "[1, 2]", "expected a JSON object"},
      {"no format", "{\"name\": \"x\"}",
       "missing \"d500_plugin\" (the manifest format version, an integer)"},
      {"future format", "{\"d500_plugin\": 2}", "manifest format 2 is not one this host reads (1)"},
      {"no name", "{\"d500_plugin\": 1, \"library\": \"libd500_x.so\"}", "missing \"name\""},
      {"bad name", manifest("X Y", "libd500_x.so"), "\"name\" must match [a-z0-9_-]+, got \"X Y\""},
      {"library not a string", "{\"d500_plugin\": 1, \"name\": \"x\", \"library\": 3}",
       "\"library\" must be a string"},
      {"version not a string",
       "{\"d500_plugin\": 1, \"name\": \"x\", \"library\": \"libd500_x.so\", \"version\": 1}",
       "\"version\" must be a string"},
      {"no abi", manifest("x", "libd500_x.so", "\"wraps\": \"\""), "missing integer \"abi_major\""},
      {"missing library", manifest("x", "libd500_gone.so"),
       "library " + (dir_ / "libd500_gone.so").string() + " does not exist"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    const std::string path = write("x.d500plugin.json", c.text);
    // (A manifest that cannot be read names no library, so libd500_x.so is listed as well.)
    PluginRecord r = record("x");
    EXPECT_EQ(r.state, PluginState::Broken);
    EXPECT_EQ(r.name, "x");
    const std::string expected = "manifest " + path + ": " + c.error;
    EXPECT_EQ(r.error.substr(0, expected.size()), expected) << r.error;
  }
}

TEST_F(TempPluginDir, ManifestOfANewerAbiIsRefusedBeforeLoading) {
  write("libd500_x.so", "not even an ELF file: loading it would fail differently");
  write("x.d500plugin.json", manifest("x", "libd500_x.so", "\"abi_major\": 2"));
  PluginManager m({dir_.string()});
  m.load_all();
  ASSERT_EQ(m.plugins().size(), 1u);
  EXPECT_EQ(m.plugins()[0].state, PluginState::Broken);
  EXPECT_EQ(m.plugins()[0].error, "built for ABI 2.x, this host supports 1.x");
}

TEST_F(TempPluginDir, LibraryThatIsNotAnElfFileIsBrokenWithTheLoadersText) {
  write("libd500_x.so", "not an ELF file");
  write("x.d500plugin.json", manifest("x", "libd500_x.so"));
  PluginManager m({dir_.string()});
  m.load_all();
  ASSERT_EQ(m.plugins().size(), 1u);
  EXPECT_EQ(m.plugins()[0].state, PluginState::Broken);
  EXPECT_NE(m.plugins()[0].error.find("libd500_x.so"), std::string::npos) << m.plugins()[0].error;
}

TEST_F(TempPluginDir, VersionedSharedLibraryWithoutManifestIsListed) {
  write("libfoo.so.1", "");
  write("notes.md", "ignored");
  write("data.json", "{}");  // a JSON file that is not a manifest is ignored too
  PluginRecord r = only_record();
  EXPECT_EQ(r.name, "libfoo.so.1");
  EXPECT_EQ(r.error, "no manifest");
}

}  // namespace
}  // namespace d500::plugin
