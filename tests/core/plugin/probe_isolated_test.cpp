// probe_isolated loads a plugin in a child process, so one that crashes while loading is listed
// with its signal and the caller lives on.
#include <gtest/gtest.h>

#include "d500/plugin/plugin_manager.h"
#include "fixture_paths.h"

namespace d500::plugin {
namespace {

PluginRecord discovered(const std::string& dir, const std::string& name) {
  PluginManager m({dir});
  m.discover();
  const PluginRecord* r = m.find(name);
  EXPECT_NE(r, nullptr) << name << " not found in " << dir;
  return r ? *r : PluginRecord{};
}

TEST(ProbeIsolated, CrashWhileLoadingIsReportedWithTheSignal) {
  PluginRecord rec = discovered(test::fixture_crash_dir(), "fixture_crash");
  ASSERT_EQ(rec.state, PluginState::Discovered);
  PluginRecord probed = probe_isolated(rec);
  EXPECT_EQ(probed.state, PluginState::Broken);
  EXPECT_EQ(probed.error, "crashed while loading (SIGSEGV)");
  EXPECT_EQ(probed.name, "fixture_crash");
}

TEST(ProbeIsolated, GoodPluginReportsLoaded) {
  PluginRecord probed = probe_isolated(discovered(test::fixture_plugin_dir(), "fixture_good"));
  EXPECT_EQ(probed.state, PluginState::Loaded) << probed.error;
  EXPECT_EQ(probed.n_operators, 1u);
  EXPECT_EQ(probed.abi_version, D500_ABI_VERSION);
}

TEST(ProbeIsolated, ChildSendsBackTheLoadersError) {
  PluginRecord probed =
      probe_isolated(discovered(test::fixture_plugin_dir(), "fixture_init_throws"));
  EXPECT_EQ(probed.state, PluginState::Broken);
  EXPECT_EQ(probed.error, "init threw: fixture init failure");
  probed = probe_isolated(discovered(test::fixture_plugin_dir(), "fixture_undefined_symbol"));
  EXPECT_EQ(probed.state, PluginState::Broken);
  EXPECT_NE(probed.error.find("undefined symbol"), std::string::npos) << probed.error;
}

TEST(ProbeIsolated, AlreadyBrokenRecordIsReturnedAsIs) {
  PluginRecord rec = discovered(test::fixture_plugin_dir(), "malformed");
  ASSERT_EQ(rec.state, PluginState::Broken);
  PluginRecord probed = probe_isolated(rec);
  EXPECT_EQ(probed.state, PluginState::Broken);
  EXPECT_EQ(probed.error, rec.error);
}

}  // namespace
}  // namespace d500::plugin
