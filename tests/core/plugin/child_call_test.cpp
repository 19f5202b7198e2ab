// Guards issue 15 (isolation of plugin code): call_in_child runs code in a forked child and says
// how the child ended when it did not report: the signal, the exit status, the deadline, a cancel.
// The probe of plugins that are not shipped uses it, so a plugin whose static constructor calls
// exit(0) is listed broken instead of ending the caller.
#include "d500/plugin/child_call.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "d500/plugin/plugin_manager.h"
#include "fixture_paths.h"

namespace d500::plugin {
namespace {

using namespace std::chrono_literals;

ChildOptions within(std::chrono::milliseconds deadline) {
  ChildOptions o;
  o.deadline = deadline;
  return o;
}

TEST(ChildCall, ReplyComesBackWhole) {
  std::string big(1 << 20, 'x');  // more than a pipe holds: the parent must read while it waits
  ChildOutcome c = call_in_child([&] { return big + "!"; }, within(10s));
  ASSERT_TRUE(c.reported) << c.failure;
  EXPECT_EQ(c.reply.size(), big.size() + 1);
  EXPECT_EQ(c.reply.back(), '!');
}

TEST(ChildCall, CrashIsNamedBySignal) {
  ChildOutcome c = call_in_child(
      []() -> std::string {
        raise(SIGSEGV);
        return "unreached";
      },
      within(10s));
  EXPECT_FALSE(c.reported);
  EXPECT_EQ(c.signal, SIGSEGV);
  EXPECT_EQ(c.failure, "killed by SIGSEGV");
  c = call_in_child([]() -> std::string { std::abort(); }, within(10s));
  EXPECT_EQ(c.failure, "killed by SIGABRT");
}

TEST(ChildCall, ExitBeforeReportingIsNamedByStatus) {
  ChildOutcome c = call_in_child([]() -> std::string { std::exit(0); }, within(10s));
  EXPECT_FALSE(c.reported);
  EXPECT_EQ(c.exit_status, 0);
  EXPECT_EQ(c.failure, "exited with status 0 before reporting");
  c = call_in_child([]() -> std::string { _exit(7); }, within(10s));
  EXPECT_EQ(c.failure, "exited with status 7 before reporting");
}

TEST(ChildCall, ExceptionIsReportedWithItsMessage) {
  ChildOutcome c =
      call_in_child([]() -> std::string { throw std::runtime_error("no luck"); }, within(10s));
  EXPECT_FALSE(c.reported);
  EXPECT_EQ(c.failure, "failed: no luck");
}

TEST(ChildCall, HangIgnoringSigtermIsKilledAtTheDeadline) {
  ChildOutcome c = call_in_child(
      []() -> std::string {
        signal(SIGTERM, SIG_IGN);
        for (;;) pause();
      },
      within(300ms));
  EXPECT_FALSE(c.reported);
  EXPECT_TRUE(c.timed_out);
  EXPECT_EQ(c.signal, SIGKILL);
  EXPECT_EQ(c.failure, "no result within 0.3 s: killed");
}

TEST(ChildCall, CancelStopsAChildThatIgnoresSigterm) {
  std::atomic<bool> cancel{false};
  ChildOptions o = within(60s);
  o.cancel = &cancel;
  o.grace = 100ms;
  std::thread canceller([&] {
    std::this_thread::sleep_for(100ms);
    cancel = true;
  });
  ChildOutcome c = call_in_child(
      []() -> std::string {
        signal(SIGTERM, SIG_IGN);
        for (;;) pause();
      },
      o);
  canceller.join();
  EXPECT_TRUE(c.cancelled);
  EXPECT_FALSE(c.timed_out);
  // "cancelled: killed", or "cancelled: killed by SIGTERM" had it come before SIG_IGN.
  EXPECT_EQ(c.failure.rfind("cancelled: killed", 0), 0u) << c.failure;
}

TEST(ChildCall, ChildClosesItsCopiesOfTheFilesToLeaveAlone) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("d500_child_call_" + std::to_string(getpid()) + ".db"))
                               .string();
  const int db = ::open(path.c_str(), O_RDWR | O_CREAT, 0600);
  const int wal = ::open((path + "-wal").c_str(), O_RDWR | O_CREAT, 0600);
  ASSERT_GE(db, 0);
  ChildOptions o = within(10s);
  o.leave_alone = {path};
  ChildOutcome c = call_in_child(
      [&] {
        return std::to_string(::fcntl(db, F_GETFD) < 0) + std::to_string(::fcntl(wal, F_GETFD) < 0);
      },
      o);
  EXPECT_EQ(c.reply, "11") << "the child still had a descriptor of the store";
  EXPECT_GE(::fcntl(db, F_GETFD), 0) << "the parent's own descriptor must stay open";
  ::close(db);
  ::close(wal);
  std::filesystem::remove(path);
  std::filesystem::remove(path + "-wal");
}

std::string exit_dir() {
  return std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-exit";
}

TEST(ProbeIsolated, StaticConstructorThatExitsIsReportedBroken) {
  PluginManager m({exit_dir()});
  m.discover();
  const PluginRecord* rec = m.find("fixture_exit_ctor");
  ASSERT_NE(rec, nullptr);
  PluginRecord probed = probe_isolated(*rec);
  EXPECT_EQ(probed.state, PluginState::Broken);
  EXPECT_EQ(probed.error, "exited with status 0 while loading, before reporting a result");
}

TEST(PluginManager, PluginsThatAreNotShippedAreProbedBeforeLoading) {
  // Were it loaded in this process, the fixture would end the test with exit status 0.
  PluginManager m({exit_dir(), test::fixture_plugin_dir()}, std::vector<std::string>{});
  m.load({"fixture_exit_ctor", "fixture_good"});
  const PluginRecord* bad = m.find("fixture_exit_ctor");
  ASSERT_NE(bad, nullptr);
  EXPECT_FALSE(bad->shipped);
  EXPECT_EQ(bad->state, PluginState::Broken);
  EXPECT_NE(bad->error.find("exited with status 0 while loading"), std::string::npos) << bad->error;
  const PluginRecord* good = m.find("fixture_good");
  ASSERT_NE(good, nullptr);
  EXPECT_EQ(good->state, PluginState::Loaded) << good->error;
  EXPECT_EQ(m.operators().all().size(), 1u);
}

TEST(PluginManager, ShippedFoldersAreMarkedShipped) {
  PluginManager m({test::fixture_plugin_dir(), D500_TEST_PLUGIN_DIR},
                  std::vector<std::string>{D500_TEST_PLUGIN_DIR});
  m.discover();
  ASSERT_NE(m.find("reference"), nullptr);
  EXPECT_TRUE(m.find("reference")->shipped);
  ASSERT_NE(m.find("fixture_good"), nullptr);
  EXPECT_FALSE(m.find("fixture_good")->shipped);
  // Without a list, every folder of the search path is trusted.
  PluginManager trusting({test::fixture_plugin_dir()});
  trusting.discover();
  EXPECT_TRUE(trusting.find("fixture_good")->shipped);
}

}  // namespace
}  // namespace d500::plugin
