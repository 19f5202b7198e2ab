// Guards issue #30 "app/d500 holds no level logic" for the ONNX conformance run: the library's
// run::run_conformance records the run and one validation per node test, tells its observer as
// each ends, settles the status from the outcomes, and refuses bad input before the store is
// touched; conformance_summary is the table `d500 conformance` prints.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "d500/report/reporter.h"
#include "d500/run/conformance_run.h"
#include "d500/store/result_store.h"

namespace fs = std::filesystem;
using namespace d500;

namespace {

class ConformanceRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(operators::kDefaultNodeTestDir))
      GTEST_SKIP() << "no ONNX node tests at " << operators::kDefaultNodeTestDir
                   << " (Debian package libonnx-testdata)";
    dir_ = fs::temp_directory_path() / ("d500-conformance-run-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    req_.plugin = "reference";
    req_.db = (dir_ / "c.d500db").string();
    req_.program_dir = std::string(D500_TEST_BINARY_DIR) + "/bin";
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
  run::ConformanceRequest req_;
};

TEST_F(ConformanceRunTest, EachTestIsStoredAsItEndsAndTheSummaryCountsThem) {
  req_.filter = "^test_(relu|add)$";
  std::vector<std::string> heard;
  int64_t started = 0;
  run::ConformanceObserver o;
  o.started = [&](int64_t id, size_t tests) {
    started = id;
    EXPECT_EQ(tests, 2u);
  };
  o.progress = [&](size_t, size_t total, const std::string& test) {
    EXPECT_EQ(total, 2u);
    heard.push_back(test);
  };
  const run::ConformanceRun r = run::run_conformance(req_, o);
  EXPECT_EQ(r.run_id, started);
  EXPECT_EQ(r.status, store::RunStatus::Succeeded) << r.reason;
  EXPECT_EQ(r.code, run::kOk);
  ASSERT_EQ(r.results.size(), 2u);
  EXPECT_EQ(heard.size(), 2u);
  auto s = store::ResultStore::open(req_.db, store::ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value()->run(r.run_id)->level, "conformance");
  EXPECT_EQ(s.value()->validations(r.run_id).size(), 2u);

  const std::string text = report::render(run::conformance_summary("reference", r.results), "text");
  EXPECT_NE(text.find("OPERATOR  TESTS  PASSED"), std::string::npos) << text;
  EXPECT_NE(text.find("total     2      2"), std::string::npos) << text;
}

TEST_F(ConformanceRunTest, BadInputIsAFailureBeforeTheStoreIsTouched) {
  auto code_of = [&](const run::ConformanceRequest& req) -> int {
    try {
      run::run_conformance(req, {});
    } catch (const run::Failure& f) {
      return f.code;
    }
    return run::kOk;
  };
  run::ConformanceRequest bad = req_;
  bad.filter = "test_(add";
  EXPECT_EQ(code_of(bad), run::kUsage);
  bad = req_;
  bad.filter = "^no_such_test$";
  EXPECT_EQ(code_of(bad), run::kBadInput);
  bad = req_;
  bad.plugin = "no_such_plugin";
  EXPECT_EQ(code_of(bad), run::kBadInput);
  bad = req_;
  bad.plugin = "reference/no_such_variant";
  bad.filter = "^test_relu$";
  EXPECT_EQ(code_of(bad), run::kBadInput);
  EXPECT_FALSE(fs::exists(req_.db)) << "no store was created for refused input";
}

}  // namespace
