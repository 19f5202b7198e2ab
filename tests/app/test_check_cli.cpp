// `d500 check` (issue 13, item 4): the runner's verdict without a run, as text and as JSON, with
// the exit codes of `d500 run`; and `d500 run` refuses what `check` refuses, with the same text.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/process.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kExamples = std::string(D500_TEST_SOURCE_DIR) + "/resources/examples";

std::string write(const TempDir& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir.file(name)) << text;
  return dir.file(name);
}

const char* kUnknownPlugin = R"({"d500": 1, "name": "x", "level": "operator",
  "operator": {"op": "Gemm", "inputs": [[4, 4], [4, 4]]}, "implementations": ["nosuch"]})";

}  // namespace

TEST(CheckCli, AcceptedExperimentSaysSoAndExitsZero) {
  TempDir dir;
  auto r = run({kD500, "check", kExamples + "/gemm_reference.json"}, dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "ok: the runner will accept this experiment\n");
  r = run({kD500, "check", "--json", kExamples + "/allreduce_sweep.json"}, dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j, (nlohmann::json{{"ok", true}, {"problems", nlohmann::json::array()}}));
}

TEST(CheckCli, RefusedExperimentListsFilePathAndMessageAndExitsThree) {
  TempDir dir;
  const std::string exp = write(dir, "bad.json", kUnknownPlugin);
  auto r = run({kD500, "check", exp}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out.rfind(exp + ":$.implementations[0]: unknown plugin \"nosuch\"", 0), 0u) << r.out;
  // `d500 run` refuses it before a run exists, with the same line.
  const std::string first_line = r.out.substr(0, r.out.find('\n'));
  auto ran = run({kD500, "run", exp, "--db", dir.file("s.d500db"), "--progress=none"}, dir.path());
  EXPECT_EQ(ran.exit_code, 3);
  EXPECT_NE(ran.err.find(first_line), std::string::npos) << ran.err;
}

// Issue 35, item 5: a Conv without inputs was "accepted", and its run then failed.
TEST(CheckCli, ConvWithoutInputsIsRefusedAndNotRun) {
  TempDir dir;
  const std::string exp = write(dir, "conv.json", R"({"d500": 1, "name": "x", "level": "operator",
    "operator": {"op": "Conv", "inputs": []}, "implementations": ["reference"]})");
  auto r = run({kD500, "check", "--json", exp}, dir.path());
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["problems"].size(), 1u) << r.out;
  EXPECT_EQ(j["problems"][0]["path"], "$.operator.inputs");
  EXPECT_NE(j["problems"][0]["message"].get<std::string>().find("X, W and optional B"),
            std::string::npos)
      << r.out;
  auto ran = run({kD500, "run", exp, "--db", dir.file("s.d500db"), "--progress=none"}, dir.path());
  EXPECT_EQ(ran.exit_code, 3) << ran.err;
}

TEST(CheckCli, JsonListsEveryProblemWithItsPath) {
  TempDir dir;
  const std::string exp = write(dir, "bad.json", R"({"d500": 1, "name": "x", "level": "collective",
    "collective": {"min_bytes": 3, "dtype": "int8"}})");
  auto r = run({kD500, "check", exp, "--json"}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ok"], false);
  ASSERT_EQ(j["problems"].size(), 2u) << r.out;
  EXPECT_EQ(j["problems"][0]["path"], "$.collective.dtype");
  EXPECT_EQ(j["problems"][1]["path"], "$.collective.min_bytes");
  EXPECT_TRUE(j["problems"][1]["message"].is_string());
}

TEST(CheckCli, MissingFileAndMissingStoreFolderAreProblems) {
  TempDir dir;
  auto r = run({kD500, "check", dir.file("nope.json"), "--json"}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(nlohmann::json::parse(r.out)["problems"][0]["path"], "$");
  // With --db, the store's folder must exist (as `run` needs it); without, it is not asked.
  const std::string ok = kExamples + "/allreduce_sweep.json";
  r = run({kD500, "--db", dir.file("no/such/s.d500db"), "check", ok}, dir.path());
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.out.find("no/such"), std::string::npos) << r.out;
  EXPECT_EQ(run({kD500, "check", ok}, dir.path()).exit_code, 0);
}

TEST(CheckCli, HelpSaysWhatItChecksAndPrints) {
  TempDir dir;
  auto r = run({kD500, "check", "--help"}, dir.path());
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("ok: the runner will accept this experiment"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--json"), std::string::npos) << r.out;
}
