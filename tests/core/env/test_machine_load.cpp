// Guards issue 13 item 6 (noise you can see): the runner's load samples are computed exactly from
// the /proc counters, a busy machine is called busy, and samples round-trip through the store.
// Fake /proc trees make every value known; nothing depends on how busy this machine is.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "d500/env/machine_load.h"
#include "d500/store/result_store.h"

using namespace d500;
using namespace d500::env;

namespace {

const char* kStat = "cpu  100 10 50 1000 20 5 5 40 0 0\ncpu0 50 5 25 500 10 2 3 20 0 0\n";

class FakeProc {
 public:
  FakeProc() {
    root_ = std::filesystem::temp_directory_path() / ("d500-proc-" + std::to_string(::getpid()));
    std::filesystem::create_directories(root_ / "self");
  }
  ~FakeProc() { std::filesystem::remove_all(root_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(root_ / name) << text;
  }
  std::string root() const { return root_.string(); }

 private:
  std::filesystem::path root_;
};

}  // namespace

TEST(MachineLoad, ParsesTheProcFiles) {
  LoadCounters c;
  ASSERT_TRUE(parse_proc_stat(kStat, c));
  EXPECT_EQ(c.total_jiffies, 100u + 10 + 50 + 1000 + 20 + 5 + 5 + 40);
  EXPECT_EQ(c.busy_jiffies, 100u + 10 + 50 + 5 + 5);
  EXPECT_EQ(c.steal_jiffies, 40u);
  ASSERT_TRUE(parse_loadavg("1.75 0.80 0.40 2/300 12345\n", c));
  EXPECT_DOUBLE_EQ(c.load1, 1.75);
  // comm with spaces and a ')' of its own: fields count from the last ')'.
  ASSERT_TRUE(
      parse_self_stat("42 (d500 (x) y) S 1 42 42 0 -1 4194304 10 0 0 0 300 70 0 0 20 0", c));
  EXPECT_EQ(c.self_jiffies, 370u);
  EXPECT_FALSE(parse_proc_stat("intr 1 2 3", c));
  EXPECT_FALSE(parse_self_stat("no parenthesis", c));
}

TEST(MachineLoad, ReadsAFakeProcTreeAndRefusesAnIncompleteOne) {
  FakeProc proc;
  proc.write("stat", kStat);
  proc.write("loadavg", "0.50 0.40 0.30 1/100 7\n");
  EXPECT_FALSE(read_load_counters(proc.root()).has_value());  // self/stat missing
  proc.write("self/stat", "1 (t) R 0 0 0 0 0 0 0 0 0 0 12 3 0 0");
  auto c = read_load_counters(proc.root());
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->self_jiffies, 15u);
  EXPECT_DOUBLE_EQ(c->load1, 0.5);
}

TEST(MachineLoad, OthersCpuIsBusyTimeLessOurOwnOverWallTime) {
  LoadCounters a, b;
  a.wall_s = 10, b.wall_s = 12;                  // 2 s apart
  a.busy_jiffies = 1000, b.busy_jiffies = 1500;  // 500 jiffies of busy CPU ...
  a.self_jiffies = 100, b.self_jiffies = 300;    // ... 200 of them ours
  a.total_jiffies = 5000, b.total_jiffies = 5400;
  a.steal_jiffies = 10, b.steal_jiffies = 30;  // 20 of 400 stolen
  a.involuntary_switches = 5, b.involuntary_switches = 45;
  b.load1 = 2.5;
  LoadSample s = load_between(a, b, 9, 100);  // 100 jiffies per second
  EXPECT_DOUBLE_EQ(s.others_cpu, 1.5);        // 300 jiffies / 100 / 2 s
  EXPECT_DOUBLE_EQ(s.steal, 0.05);
  EXPECT_DOUBLE_EQ(s.involuntary_per_s, 20);
  EXPECT_DOUBLE_EQ(s.wall_s, 3);
  EXPECT_DOUBLE_EQ(s.load1, 2.5);
  // Our own time larger than the machine's busy time (counters sampled at slightly different
  // moments) never reads as negative load.
  b.self_jiffies = 900;
  EXPECT_DOUBLE_EQ(load_between(a, b, 9, 100).others_cpu, 0);
}

TEST(MachineLoad, BusyWhenOthersUseAQuarterCoreOrStealIsHigh) {
  std::vector<LoadSample> quiet(4, LoadSample{0, 1.0, 0.05, 0.0, 30});
  LoadSummary q = summarize_load(quiet, 2);
  EXPECT_FALSE(q.busy);
  EXPECT_NE(q.describe().find("quiet: other processes used 0.05 of 2 cores"), std::string::npos)
      << q.describe();
  std::vector<LoadSample> busy = quiet;
  busy[2].others_cpu = 1.9;  // one interval with another process spinning
  LoadSummary b = summarize_load(busy, 2);
  EXPECT_TRUE(b.busy);
  EXPECT_DOUBLE_EQ(b.max_others_cpu, 1.9);
  EXPECT_NE(b.describe().find("BUSY"), std::string::npos);
  EXPECT_NE(b.describe().find("measure again on an idle machine"), std::string::npos);
  std::vector<LoadSample> stolen(3, LoadSample{0, 1.0, 0.0, 0.2, 0});
  EXPECT_TRUE(summarize_load(stolen, 2).busy);
  EXPECT_EQ(summarize_load({}, 2).samples, 0);
}

TEST(MachineLoad, MonitorTakesSamplesFromItsProcTree) {
  FakeProc proc;
  proc.write("stat", kStat);
  proc.write("loadavg", "0.25 0 0 1/1 1\n");
  proc.write("self/stat", "1 (t) R 0 0 0 0 0 0 0 0 0 0 1 1 0 0");
  LoadMonitor m(3600, proc.root());  // no timed samples: only the start and the stop readings
  m.start();
  auto samples = m.stop();
  ASSERT_EQ(samples.size(), 1u);
  EXPECT_DOUBLE_EQ(samples[0].others_cpu, 0);  // the fake counters did not move
  EXPECT_DOUBLE_EQ(samples[0].load1, 0.25);
}

TEST(MachineLoad, SamplesRoundTripThroughTheStore) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("d500-load-" + std::to_string(::getpid()) + ".d500db"))
                               .string();
  {
    auto s = store::ResultStore::open(path, store::ResultStore::Mode::ReadWrite);
    ASSERT_TRUE(s) << s.error().to_string();
    store::RunInfo r;
    r.name = "r";
    r.level = "operator";
    const int64_t id = (*s)->create_run(r);
    EXPECT_FALSE(stored_load(**s, id).has_value());
    store_load(**s, id, {LoadSample{0.5, 1.0, 0.1, 0, 10}, LoadSample{1.0, 1.5, 0.9, 0, 30}});
    auto load = stored_load(**s, id);
    ASSERT_TRUE(load.has_value());
    EXPECT_EQ(load->samples, 2);
    EXPECT_DOUBLE_EQ(load->mean_others_cpu, 0.5);
    EXPECT_DOUBLE_EQ(load->max_load1, 1.5);
    EXPECT_DOUBLE_EQ(load->involuntary_per_s, 20);
    EXPECT_TRUE(load->busy);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path + "-wal");
  std::filesystem::remove(path + "-shm");
}
