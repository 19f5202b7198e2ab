// Guards issue 13 item 6 through the runner: every run stores the machine's load beside its
// measurements, and `show` and `compare` say how loaded the machine was. Whether this machine is
// busy is not asserted: only that the samples exist and are reported.
#include <gtest/gtest.h>

#include <fstream>

#include "../support/process.h"
#include "d500/env/machine_load.h"
#include "d500/store/result_store.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

}  // namespace

TEST(MachineLoadCli, RunsStoreTheirLoadAndShowAndCompareReportIt) {
  TempDir dir;
  std::ofstream(dir.file("e.json")) << R"({"d500": 1, "name": "relu", "level": "operator",
    "operator": {"op": "Relu", "inputs": [[256]]}, "implementations": ["reference"],
    "repetition": {"min_samples": 10, "max_samples": 50, "max_seconds": 0.3}})";
  const std::string db = dir.file("s.d500db");
  for (int i = 0; i < 2; ++i) {
    auto r = run({kD500, "run", dir.file("e.json"), "--db", db, "--progress", "none"}, dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  {
    auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly);
    ASSERT_TRUE(s) << s.error().to_string();
    auto load = d500::env::stored_load(**s, 1);
    ASSERT_TRUE(load.has_value());
    EXPECT_GE(load->samples, 1);
    EXPECT_GE(load->mean_others_cpu, 0);
    EXPECT_GE(load->max_load1, 0);
  }
  auto show = run({kD500, "show", "1", "--db", db}, dir.path());
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_TRUE(contains(show.out, "  load      quiet: ") || contains(show.out, "  load      BUSY: "))
      << show.out;
  EXPECT_TRUE(contains(show.out, "other processes used")) << show.out;
  auto cmp = run({kD500, "compare", "1", "2", "--db", db}, dir.path());
  ASSERT_EQ(cmp.exit_code, 0) << cmp.err;
  EXPECT_TRUE(contains(cmp.out, "machine load:\n  A: ")) << cmp.out;
  EXPECT_TRUE(contains(cmp.out, "\n  B: ")) << cmp.out;
}
