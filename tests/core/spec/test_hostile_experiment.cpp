// Guards issue 15 (hardening): numbers that are not what they seem, unbounded sweeps, deep
// nesting and files that are not files are refused with the file and JSON path.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "d500/spec/experiment.h"

using nlohmann::json;
using namespace d500::spec;

namespace {

json base() {
  return json::parse(R"({"d500": 1, "name": "h", "level": "operator",
    "operator": {"op": "Relu", "dtype": "float32", "inputs": [["N"]]},
    "implementations": ["reference"], "sweep": {"N": [4]}})");
}

std::string error_of(const json& j) {
  auto r = parse_experiment(j, "h.json");
  return r.ok() ? "" : r.error().to_string();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(HostileExperiment, FormatVersionIsNotTruncated) {
  json j = base();
  j["d500"] = 4294967297LL;  // would read as 1 through get<int>()
  std::string e = error_of(j);
  EXPECT_TRUE(has(e, "h.json:$.d500")) << e;
  EXPECT_TRUE(has(e, "newer d500")) << e;
  j["d500"] = 18446744073709551615ULL;
  EXPECT_TRUE(has(error_of(j), "$.d500")) << error_of(j);
  j["d500"] = -4294967295LL;
  EXPECT_TRUE(has(error_of(j), "$.d500")) << error_of(j);
}

TEST(HostileExperiment, RankCountIsRangeCheckedBeforeNarrowing) {
  json j = base();
  j["launcher"] = {{"kind", "mpi"}, {"ranks", 4294967298LL}};  // would read as 2
  std::string e = error_of(j);
  EXPECT_TRUE(has(e, "h.json:$.launcher.ranks")) << e;
  EXPECT_TRUE(has(e, "4294967298")) << e;
  j["launcher"]["ranks"] = 2;
  EXPECT_EQ(error_of(j), "");
}

TEST(HostileExperiment, NonFiniteAndWrongTypesAreNamed) {
  json j = base();
  j["repetition"] = {{"max_seconds", std::numeric_limits<double>::infinity()}};
  EXPECT_TRUE(has(error_of(j), "$.repetition.max_seconds")) << error_of(j);
  j = base();
  j["name"] = 7;
  EXPECT_TRUE(has(error_of(j), "$.name: expected a string")) << error_of(j);
}

TEST(HostileExperiment, HugeSweepsAreRefusedAtParse) {
  json j = base();
  json values = json::array();
  for (int i = 1; i <= 100; ++i) values.push_back(i);
  for (const char* v : {"A", "B", "C", "D", "E", "F", "G", "H"}) j["sweep"][v] = values;  // 10^16
  std::string e = error_of(j);
  EXPECT_TRUE(has(e, "$.sweep")) << e;
  EXPECT_TRUE(has(e, "10000000000000000")) << e;
  // And points() itself refuses, for an Experiment built by code.
  auto small = parse_experiment(base(), "h.json");
  ASSERT_TRUE(small.ok());
  Experiment big = *small;
  std::vector<json> many(1001, json(1));
  big.sweep = {{"A", many}, {"B", many}};
  EXPECT_EQ(big.point_count(), 1001u * 1001u);
  EXPECT_THROW(big.points(), d500::D500Error);
}

TEST(HostileExperiment, FilesThatAreNotFilesDoNotBlock) {
  const std::string fifo = (std::filesystem::temp_directory_path() /
                            ("d500_exp_fifo_" + std::to_string(::getpid()) + ".json"))
                               .string();
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto r = load_experiment(fifo);
  ::unlink(fifo.c_str());
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(has(r.error().to_string(), fifo)) << r.error().to_string();
  EXPECT_TRUE(has(r.error().to_string(), "FIFO")) << r.error().to_string();
}

TEST(HostileExperiment, DeepNestingIsACleanError) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("d500_exp_deep_" + std::to_string(::getpid()) + ".json"))
                               .string();
  {
    std::ofstream out(path);
    out << "{\"d500\": 1, \"x\": " << std::string(100000, '[') << std::string(100000, ']') << "}";
  }
  auto r = load_experiment(path);
  ::unlink(path.c_str());
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(has(r.error().to_string(), "nested deeper than")) << r.error().to_string();
}

TEST(HostileExperiment, IsolationModeIsCheckedAndKept) {
  json j = base();
  j["isolation"] = "process";
  auto r = parse_experiment(j, "h.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->sections["isolation"], "process");
  EXPECT_EQ(to_json(*r)["isolation"], "process");  // a rerun keeps it
  j["isolation"] = "sandbox";
  EXPECT_TRUE(has(error_of(j), "h.json:$.isolation")) << error_of(j);
}
