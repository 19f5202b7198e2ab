// Guards issue #3 through the runner: a sweep with several implementations shows speedups,
// Mann-Whitney verdicts and validation verdicts; faulty kernels are recorded as failed with their
// reason while the rest of the sweep continues; compare and probe work end to end.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../support/process.h"
#include "d500/store/result_store.h"

using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";
const std::string kFaulty = std::string(D500_TEST_BINARY_DIR) + "/tests/fixtures/plugin-dir-faulty";

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

std::string relu_sweep(const TempDir& dir) {
  std::string path = dir.file("relu.json");
  std::ofstream(path) << R"({"d500": 1, "name": "relu-faults", "level": "operator", "seed": 3,
    "operator": {"op": "Relu", "inputs": [["N"]]},
    "implementations": ["reference", "fixture_faulty/wrong_forward", "fixture_faulty/throws",
                        "fixture_faulty/nan"],
    "sweep": {"N": [256, 1024]},
    "repetition": {"min_samples": 10, "max_samples": 200, "max_seconds": 0.1}})";
  return path;
}

}  // namespace

TEST(CliOperators, FaultyKernelsAreRecordedWithReasonsAndTheSweepContinues) {
  TempDir dir;
  std::string db = dir.file("s.d500db");
  auto r =
      run({kD500, "run", relu_sweep(dir), "--db", db, "--progress=none", "--plugin-path", kFaulty},
          dir.path());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "faulty kernel refused to run")) << r.err;
  auto s = d500::store::ResultStore::open(db, d500::store::ResultStore::Mode::ReadOnly).value();
  auto ms = s->measurements(1);
  ASSERT_EQ(ms.size(), 8u);  // every point x implementation, the failing ones included
  int errors = 0, reference_ok = 0;
  for (const auto& m : ms) {
    if (m.implementation == "fixture_faulty/throws") {
      EXPECT_EQ(m.stop_reason, "error");
      EXPECT_TRUE(contains(m.error, "faulty kernel refused to run")) << m.error;
      ++errors;
    }
    if (m.implementation == "reference/default" && m.n >= 10) ++reference_ok;
  }
  EXPECT_EQ(errors, 2);
  EXPECT_EQ(reference_ok, 2);
  bool nan_failed = false, wrong_failed = false;
  for (const auto& v : s->validations(1)) {
    if (contains(v.subject, "fixture_faulty/nan") && !v.passed) nan_failed = true;
    if (contains(v.subject, "fixture_faulty/wrong_forward") && v.metric.rfind("forward", 0) == 0)
      wrong_failed = wrong_failed || !v.passed;
    if (contains(v.subject, "[reference/default]")) EXPECT_TRUE(v.passed) << v.metric << v.detail;
  }
  EXPECT_TRUE(nan_failed);
  EXPECT_TRUE(wrong_failed);
  EXPECT_EQ(s->run(1)->status, d500::store::RunStatus::Failed);

  auto show = run({kD500, "show", "1", "--db", db}, dir.path());
  ASSERT_EQ(show.exit_code, 0) << show.err;
  for (const char* text : {"VS BASELINE", "VALID", "(baseline)", "FAIL",
                           "validation failed:", "error: Relu N=256 [fixture_faulty/throws]"})
    EXPECT_TRUE(contains(show.out, text)) << text << " missing in:\n" << show.out;
}

TEST(CliOperators, CompareTwoRunsAndProbeTheMachine) {
  TempDir dir;
  std::string db = dir.file("s.d500db");
  std::string exp = dir.file("gemm.json");
  std::ofstream(exp) << R"({"d500": 1, "name": "g", "level": "operator", "seed": 1,
    "operator": {"op": "Gemm", "inputs": [["N", "N"], ["N", "N"]]}, "implementations": ["reference"],
    "sweep": {"N": [8, 16]}, "repetition": {"max_seconds": 0.1, "max_samples": 100}})";
  ASSERT_EQ(run({kD500, "run", exp, "--db", db, "--progress=none"}, dir.path()).exit_code, 0);
  ASSERT_EQ(run({kD500, "rerun", "1", "--db", db, "--progress=none"}, dir.path()).exit_code, 0);
  auto cmp = run({kD500, "compare", "1", "2", "--db", db, "--json"}, dir.path());
  ASSERT_EQ(cmp.exit_code, 0) << cmp.err;
  auto j = nlohmann::json::parse(cmp.out);
  ASSERT_EQ(j["comparisons"].size(), 2u);
  for (const auto& c : j["comparisons"]) {
    EXPECT_GT(c["a_median_ns"].get<double>(), 0);
    EXPECT_GT(c["b_median_ns"].get<double>(), 0);
    EXPECT_NEAR(c["speedup"].get<double>(),
                c["a_median_ns"].get<double>() / c["b_median_ns"].get<double>(), 1e-9);
    EXPECT_TRUE(c["p_value"].get<double>() >= 0 && c["p_value"].get<double>() <= 1);
  }
  auto table = run({kD500, "compare", "1", "2", "--db", db}, dir.path());
  EXPECT_TRUE(contains(table.out, "points differ significantly")) << table.out;
  EXPECT_EQ(run({kD500, "compare", "1", "9", "--db", db}, dir.path()).exit_code, 3);

  auto probe = run({kD500, "probe", "--db", db, "--max-seconds", "0.2", "--json"}, dir.path());
  ASSERT_EQ(probe.exit_code, 0) << probe.err;
  auto p = nlohmann::json::parse(probe.out);
  EXPECT_GT(p["peak_gflops"].get<double>(), 0);
  EXPECT_GT(p["bandwidth_gbs"].get<double>(), 0);
  auto show = run({kD500, "show", "1", "--db", db}, dir.path());
  EXPECT_TRUE(contains(show.out, "roofline: peak")) << show.out;
}

// Issue 35, item 23: a copy timed once beside an operator's calls (an owned output copied out for
// validation, a copy between host and device) was a row of its own, "[owned copy]" with n 1,
// "once" and "n too small", which read as a failed measurement. Its cost is a column of the
// operator's row, explained under the table; a quantity timed with every call (reorders) stays a
// row.
TEST(CliOperators, ACopyTimedOnceIsAColumnOfItsOperatorsRowNotARowOfItsOwn) {
  TempDir dir;
  const std::string db = dir.file("s.d500db");
  {
    namespace store = d500::store;
    auto s = store::ResultStore::open(db, store::ResultStore::Mode::ReadWrite).value();
    store::RunInfo info;
    info.name = "owned";
    info.level = "operator";
    info.spec_json = R"({"d500": 1, "name": "owned", "level": "operator", "seed": 1,
      "operator": {"op": "Relu", "inputs": [["N"]]}, "implementations": ["reference"],
      "sweep": {"N": [64, 128]}})";
    const int64_t id = s->create_run(info);
    s->start_run(id);
    for (int n : {64, 128}) {
      store::MeasurementRow m;
      m.run_id = id;
      m.subject = "Relu N=" + std::to_string(n);
      m.implementation = "reference/default";
      m.point_json = R"({"N":)" + std::to_string(n) + "}";
      m.stop_reason = "target_ci";
      m.n = 3;
      m.median = 1000.0 * n, m.ci_lo = 990.0 * n, m.ci_hi = 1010.0 * n;
      m.ci_valid = true;
      s->add_measurement(m, std::vector<double>{990.0 * n, 1000.0 * n, 1010.0 * n});
      store::MeasurementRow copy = m;  // as operators::store_outcome stores a copy beside it
      copy.subject += " [owned copy]";
      copy.point_json = R"({"N":)" + std::to_string(n) + R"(,"transfer":"owned"})";
      copy.stop_reason = "once";
      copy.n = 1;
      copy.median = copy.ci_lo = copy.ci_hi = 2.5 * n;
      copy.ci_valid = false;
      copy.bytes = 4.0 * n;
      s->add_measurement(copy, std::vector<double>{2.5 * n});
    }
    store::MeasurementRow reorder;  // timed with every call: a measurement of its own
    reorder.run_id = id;
    reorder.subject = "Relu N=64 [reorder]";
    reorder.implementation = "reference/default";
    reorder.point_json = R"({"N":64,"transfer":"reorder"})";
    reorder.stop_reason = "with the operator";
    reorder.n = 3;
    reorder.median = 500, reorder.ci_lo = 490, reorder.ci_hi = 510;
    reorder.ci_valid = true;
    s->add_measurement(reorder, std::vector<double>{490, 500, 510});
    s->finish_run(id, store::RunStatus::Succeeded, 0, "");
  }
  auto show = run({kD500, "show", "1", "--db", db}, dir.path());
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_FALSE(contains(show.out, "[owned copy]")) << show.out;
  EXPECT_TRUE(contains(show.out, "[reorder]")) << show.out;
  std::istringstream lines(show.out);
  std::string line, header, row64, row128;
  while (std::getline(lines, line)) {
    if (line.rfind("Relu", 0) == 0) {
      EXPECT_FALSE(contains(line, "n too small")) << show.out;
      EXPECT_FALSE(contains(line, " once ")) << show.out;
    }
    if (contains(line, "IMPLEMENTATION")) header = line;
    if (contains(line, "Relu N=64 ") && !contains(line, "[reorder]")) row64 = line;
    if (contains(line, "Relu N=128 ")) row128 = line;
  }
  EXPECT_TRUE(contains(header, "COPIED ONCE")) << show.out;
  EXPECT_TRUE(contains(row64, "owned 160 ns")) << show.out;
  EXPECT_TRUE(contains(row128, "owned 320 ns")) << show.out;
  // The column says where it comes from, and that it is not in the median.
  EXPECT_TRUE(contains(show.out, "COPIED ONCE: ")) << show.out;
  EXPECT_TRUE(contains(show.out, "not in MEDIAN")) << show.out;
}
