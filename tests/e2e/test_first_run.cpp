// Issue 19, item 3: the README's main job (packaging/demo.sh) starts with a comparison a newcomer
// understands: one operator on the reference, LibTorch and the two example user kernels, each
// validated against the reference, and an HTML report of it from the studio's headless writer.
// This runs the demo's operator experiment and report as demo.sh does and checks what they hold.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "../support/process.h"
#include "d500/store/result_store.h"

using d500::test::run;
using d500::test::TempDir;
namespace store = d500::store;

namespace {

const std::string kBin = std::string(D500_TEST_BINARY_DIR) + "/bin/";
const std::string kExamples = std::string(D500_TEST_SOURCE_DIR) + "/resources/examples/";

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST(FirstRun, OneOperatorOnFourImplementationsValidatedAndReported) {
  TempDir dir;
  const std::string db = dir.file("demo.d500db");
  auto r =
      run({kBin + "d500", "run", kExamples + "first_run_conv.json", "--db", db, "--progress=none"},
          dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = std::move(store::ResultStore::open(db, store::ResultStore::Mode::ReadOnly).value());
  const auto runs = s->runs();
  ASSERT_EQ(runs.size(), 1u);
  std::set<std::string> impls, points;
  for (const auto& m : s->measurements(runs[0].id)) {
    if (m.subject.find(" copy]") != std::string::npos) continue;  // an owned output copied out
    EXPECT_TRUE(m.error.empty()) << m.subject << " " << m.implementation << ": " << m.error;
    EXPECT_GT(m.median, 0);
    impls.insert(m.implementation);
    points.insert(m.point_json);
  }
  EXPECT_EQ(impls, (std::set<std::string>{"reference/default", "torch/default", "examples/direct",
                                          "examples/im2col"}));
  EXPECT_EQ(points.size(), 3u);
  // Every implementation is checked against the reference at every point, and agrees.
  const auto checks = s->validations(runs[0].id);
  EXPECT_GE(checks.size(), 3u * 4u);
  for (const auto& v : checks) EXPECT_TRUE(v.passed) << v.subject << ": " << v.detail;

  r = run({kBin + "d500", "show", "latest", "--db", db}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* want : {"95% CI", "VS BASELINE", "examples/im2col", "torch/default", "ok"})
    EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;

  const std::string html = dir.file("report.html");
  r = run({kBin + "d500-studio", "--store", db, "--report", "latest", "-o", html}, dir.path(),
          {"QT_QPA_PLATFORM=offscreen"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = read(html);
  for (const char* want :
       {"first run: Conv on four implementations", "examples/direct", "reference/default", "<svg"})
    EXPECT_NE(text.find(want), std::string::npos) << want;
}
