// Guards issue #30 item 3 "One reporter interface" at the command line: `d500 show` and
// `d500 compare` write one report in the format asked (--format, or -o's extension), and every
// mistake (an unknown format, --json with --format, an unwritable file) is one clear usage or
// input error with nothing written.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/process.h"

using d500::test::read_file;
using d500::test::run;
using d500::test::TempDir;

namespace {

const std::string kD500 = std::string(D500_TEST_BINARY_DIR) + "/bin/d500";

// `d500 --db DIR/r.d500db args...`.
d500::test::ProcessResult d500(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), {kD500, "--db", dir.file("r.d500db")});
  return run(args, dir.path());
}

// Two runs of a tiny Gemm into the folder's store.
void two_runs(const TempDir& dir) {
  const std::string path = dir.file("tiny.json");
  std::ofstream(path) << R"({"d500": 1, "name": "tiny", "level": "operator", "seed": 1,
    "operator": {"op": "Gemm", "inputs": [[4, 4], [4, 4]]}, "implementations": ["reference"],
    "repetition": {"min_samples": 10, "max_samples": 20, "max_seconds": 0.1}})";
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(d500(dir, {"run", path, "--progress", "none"}).exit_code, 0);
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

TEST(ReportCli, ShowWritesEachFormatAndOutputsExtensionPicksOne) {
  TempDir dir;
  two_runs(dir);
  auto text = d500(dir, {"show", "1"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(contains(text.out, "run 1: tiny (operator)\n  status    succeeded")) << text.out;
  EXPECT_TRUE(contains(text.out, "\nmeasurements:\nPOINT")) << text.out;

  auto json = d500(dir, {"show", "1", "--format", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["title"], "run 1: tiny (operator)");
  EXPECT_EQ(j["sections"][1]["heading"], "measurements");

  auto csv = d500(dir, {"show", "1", "--format", "csv"});
  EXPECT_TRUE(contains(csv.out, "# status: succeeded\n")) << csv.out;
  EXPECT_TRUE(contains(csv.out, "POINT,IMPLEMENTATION,N,MEDIAN")) << csv.out;
  auto md = d500(dir, {"show", "1", "--format", "md"});
  EXPECT_TRUE(contains(md.out, "## measurements\n\n| POINT |")) << md.out;

  auto html = d500(dir, {"show", "1", "-o", dir.file("report.html")});
  ASSERT_EQ(html.exit_code, 0) << html.err;
  EXPECT_EQ(html.out, "") << "the report went to the file";
  const std::string page = read_file(dir.file("report.html"));
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_TRUE(contains(page, "<h2>measurements</h2>"));
  d500(dir, {"show", "1", "-o", dir.file("report.md"), "--format", "text"});
  EXPECT_TRUE(contains(read_file(dir.file("report.md")), "  status    succeeded"))
      << "--format wins over the extension";
}

TEST(ReportCli, CompareWritesItsTableInTheFormatAsked) {
  TempDir dir;
  two_runs(dir);
  auto text = d500(dir, {"compare", "1", "2"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out.rfind("A: run 1 (tiny)   B: run 2 (tiny)\n\nPOINT", 0), 0u) << text.out;
  auto md = d500(dir, {"compare", "1", "2", "--format", "md"});
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_TRUE(contains(md.out, "| POINT | IMPLEMENTATION | A MEDIAN \\[CI\\] |")) << md.out;
  EXPECT_TRUE(contains(md.out, "points differ significantly")) << md.out;
}

TEST(ReportCli, ListWritesItsRankingInTheFormatAskedAndCsvStaysOneTable) {
  TempDir dir;
  two_runs(dir);
  auto md = d500(dir, {"list", "--format", "md"});
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_TRUE(contains(md.out, "## Operator Gemm")) << md.out;
  EXPECT_TRUE(contains(md.out, "| RANK | RUN | IMPLEMENTATION |")) << md.out;
  auto csv = d500(dir, {"list", "--format", "csv"});
  EXPECT_EQ(csv.out, d500(dir, {"list", "--csv"}).out) << "--format csv is --csv";
  EXPECT_EQ(csv.out.rfind("workload,list,rank,tied,ranked,", 0), 0u) << csv.out;
  auto both = d500(dir, {"list", "--csv", "--format", "md"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_TRUE(contains(both.err, "exclude each other")) << both.err;
}

TEST(ReportCli, AnUnknownFormatOrAnUnwritableFileIsRefusedWithNothingWritten) {
  TempDir dir;
  two_runs(dir);
  auto bad = d500(dir, {"show", "1", "--format", "xml"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "--format")) << bad.err;
  EXPECT_EQ(bad.out, "");
  auto both = d500(dir, {"--json", "show", "1", "--format", "csv"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_TRUE(contains(both.err, "--json and --format exclude each other")) << both.err;
  auto nowhere = d500(dir, {"show", "1", "-o", dir.file("no/such/folder/r.html")});
  EXPECT_EQ(nowhere.exit_code, 3);
  EXPECT_TRUE(contains(nowhere.err, "no/such/folder/r.html: cannot write the report"))
      << nowhere.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("no")));
}

}  // namespace
