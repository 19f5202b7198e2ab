// The loader against deliberately broken fixture plugins: each is listed with an error a user can
// act on, and none takes the host down.
#include "d500/plugin/plugin_manager.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "d500/build_info.h"
#include "d500/error.h"
#include "fixture_paths.h"

namespace d500::plugin {
namespace {

using test::fixture_plugin_dir;

class FixtureDir : public ::testing::Test {
 protected:
  const PluginRecord& record(const PluginManager& m, const std::string& name) {
    const PluginRecord* r = m.find(name);
    if (!r) {
      ADD_FAILURE() << "no record named " << name;
      static PluginRecord none;
      return none;
    }
    return *r;
  }
};

TEST_F(FixtureDir, DiscoverRunsNoPluginCode) {
  PluginManager m({fixture_plugin_dir()});
  m.discover();
  const PluginRecord& good = record(m, "fixture_good");
  EXPECT_EQ(good.state, PluginState::Discovered);
  EXPECT_EQ(good.version, "1.2.3");
  EXPECT_EQ(good.description, "A well-behaved fixture");
  EXPECT_EQ(good.abi_major, 1);
  EXPECT_EQ(good.manifest_path, fixture_plugin_dir() + "/fixture_good.d500plugin.json");
  EXPECT_EQ(good.library_path, fixture_plugin_dir() + "/libd500_fixture_good.so");
  EXPECT_EQ(good.abi_version, 0u);  // nothing has run yet
  EXPECT_TRUE(m.operators().all().empty());
}

TEST_F(FixtureDir, GoodPluginLoadsAndRegistersItsOperator) {
  PluginManager m({fixture_plugin_dir()});
  m.load_all();
  const PluginRecord& good = record(m, "fixture_good");
  EXPECT_EQ(good.state, PluginState::Loaded) << good.error;
  EXPECT_EQ(good.error, "");
  EXPECT_EQ(good.abi_version, D500_ABI_VERSION);
  EXPECT_EQ(good.n_operators, 1u);
  // Only the good plugin contributes operators; broken ones contribute nothing.
  ASSERT_EQ(m.operators().all().size(), 1u);
  EXPECT_EQ(m.operators().all()[0].plugin, "fixture_good");
  EXPECT_EQ(m.operators().all()[0].op_type(), "Scale");
}

struct BrokenCase {
  const char* name;
  const char* error;  // the whole error, or a part of it when partial
  bool partial;
};

TEST_F(FixtureDir, EachBrokenFixtureIsListedWithItsReason) {
  PluginManager m({fixture_plugin_dir()});
  m.load_all();
  const BrokenCase cases[] = {
      {"fixture_no_entry", "no entry point d500_plugin_entry", false},
      {"fixture_abi_too_new", "built for ABI 2.x, this host supports 1.x", false},
      {"fixture_struct_too_small", "d500_plugin_info struct_size 8 is smaller than the", true},
      {"fixture_undefined_symbol", "undefined symbol: d500_fixture_symbol_nobody_defines", true},
      {"fixture_init_throws", "init threw: fixture init failure", false},
      {"fixture_init_fails", "init failed: fixture init refused", false},
      {"fixture_bad_operator", "operator #0 struct_size 4 is smaller than the", true},
      {"fixture_name_mismatch",
       "plugin reports name \"someone_else\" but its manifest says \"fixture_name_mismatch\"",
       false},
      {"libd500_orphan.so", "no manifest", false},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const PluginRecord& r = record(m, c.name);
    EXPECT_EQ(r.state, PluginState::Broken);
    if (c.partial) {
      EXPECT_NE(r.error.find(c.error), std::string::npos) << r.error;
    } else {
      EXPECT_EQ(r.error, c.error);
    }
  }
  // The ABI and struct-size messages give both sides of the comparison.
  EXPECT_NE(record(m, "fixture_struct_too_small").error.find("bytes ABI 1.0 requires"),
            std::string::npos);
  EXPECT_EQ(record(m, "fixture_abi_too_new").abi_version, 2u << 16);
}

TEST_F(FixtureDir, MalformedManifestNamesItsPath) {
  PluginManager m({fixture_plugin_dir()});
  m.load_all();
  const PluginRecord& r = record(m, "malformed");
  EXPECT_EQ(r.state, PluginState::Broken);
  const std::string prefix =
      "manifest " + fixture_plugin_dir() + "/malformed.d500plugin.json: not valid JSON";
  EXPECT_EQ(r.error.rfind(prefix, 0), 0u) << r.error;
}

TEST_F(FixtureDir, JunkFilesAreIgnoredAndTheCrasherIsNotThere) {
  PluginManager m({fixture_plugin_dir()});
  m.discover();
  EXPECT_EQ(m.find("README.txt"), nullptr);
  EXPECT_EQ(m.find("fixture_crash"), nullptr);
  for (const auto& r : m.plugins()) EXPECT_NE(r.state, PluginState::Invalid) << r.name;
}

TEST_F(FixtureDir, LoadByNameLeavesOthersDiscovered) {
  PluginManager m({fixture_plugin_dir()});
  m.load({"fixture_good"});
  EXPECT_EQ(record(m, "fixture_good").state, PluginState::Loaded);
  EXPECT_EQ(record(m, "fixture_init_throws").state, PluginState::Discovered);
  // Loading twice is harmless.
  m.load({"fixture_good"});
  EXPECT_EQ(m.operators().all().size(), 1u);
}

TEST_F(FixtureDir, LoadOfAnUnknownNameThrows) {
  PluginManager m({fixture_plugin_dir()});
  try {
    m.load({"no_such_plugin"});
    FAIL() << "expected D500Error";
  } catch (const D500Error& e) {
    EXPECT_NE(std::string(e.what()).find("no plugin named \"no_such_plugin\""), std::string::npos)
        << e.what();
  }
}

TEST(PluginManager, MissingSearchFolderIsSkipped) {
  PluginManager m({"/nonexistent/d500/plugins", fixture_plugin_dir()});
  m.discover();
  EXPECT_NE(m.find("fixture_good"), nullptr);
  PluginManager empty({"/nonexistent/d500/plugins"});
  empty.load_all();
  EXPECT_TRUE(empty.plugins().empty());
}

TEST(PluginManager, AFolderNamedTwiceIsReadOnce) {
  // D500_PLUGIN_PATH=build/lib/d500/plugins beside the build's own absolute folder: one folder.
  const std::string dir = fixture_plugin_dir();
  const std::string again = dir + "/../" + std::filesystem::path(dir).filename().string() + "/.";
  PluginManager m({dir, again});
  m.discover();
  int good = 0;
  for (const auto& r : m.plugins()) good += r.name == "fixture_good";
  EXPECT_EQ(good, 1) << "listed once, not once more as 'shadowed by' itself";
  EXPECT_EQ(m.find("fixture_good")->state, PluginState::Discovered);
}

TEST(PluginManager, StateNames) {
  EXPECT_STREQ(plugin_state_name(PluginState::Invalid), "invalid");
  EXPECT_STREQ(plugin_state_name(PluginState::Discovered), "discovered");
  EXPECT_STREQ(plugin_state_name(PluginState::Loaded), "loaded");
  EXPECT_STREQ(plugin_state_name(PluginState::Broken), "broken");
  EXPECT_EQ(PluginRecord{}.state, PluginState::Invalid);
}

TEST(PluginManager, DefaultSearchPathPutsTheEnvironmentFirst) {
  ::setenv("D500_PLUGIN_PATH", "/a/b::/c", 1);
  auto path = PluginManager::default_search_path("/opt/d500/bin");
  ::unsetenv("D500_PLUGIN_PATH");
  ASSERT_GE(path.size(), 3u);
  EXPECT_EQ(path[0], "/a/b");
  EXPECT_EQ(path[1], "/c");
  EXPECT_EQ(path[2], std::string("/opt/d500/") + D500_PLUGIN_REL_DIR);
}

TEST(PluginManager, ReferencePluginLoadsFromTheBuildFolder) {
  PluginManager m({D500_TEST_PLUGIN_DIR});
  m.load({"reference"});
  const PluginRecord* r = m.find("reference");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->state, PluginState::Loaded) << r->error;
  EXPECT_GE(r->n_operators, 5u);
}

}  // namespace
}  // namespace d500::plugin
