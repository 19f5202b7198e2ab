// Guards issue #30 item 3 "One reporter interface": every format is one Reporter, chosen by name;
// each writes the same Document's headings, fields, lines and tables, and escapes what came from
// outside (a name with a comma, a quote, a pipe, a tag, a newline, an escape sequence).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "d500/report/reporter.h"

namespace d500::report {
namespace {

const std::string kHostile = "a,\"b\"|<i>x</i>\n\x1b[2J";

Document sample() {
  Document d;
  d.title = "run 7: gemm";
  d.field("status", "succeeded").field("rerun of", "run 3");
  d.heading("metrics");
  d.table({{"METRIC", "VALUE"}, {"ece", "0.031"}, {"µs±", "12.5 ms"}});
  d.line("");
  d.line("2 of 3 points differ");
  d.heading("names");
  d.table({{"NAME"}, {kHostile}});
  return d;
}

TEST(Reporters, EveryFormatIsRegisteredOnceAndUnknownOnesAreRefused) {
  std::vector<std::string> names;
  for (const auto& f : formats()) {
    names.push_back(f.name);
    EXPECT_NE(make_reporter(f.name), nullptr) << f.name;
    EXPECT_EQ(f.extension.front(), '.') << f.name;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"text", "csv", "json", "md", "html"}));
  EXPECT_EQ(make_reporter("xml"), nullptr);
  EXPECT_THROW(render(sample(), "xml"), std::invalid_argument);
  EXPECT_EQ(format_names(), "text, csv, json, md, html");
}

TEST(Reporters, TextAlignsFieldsAndColumnsOnCodePointsAndShowsControlCharacters) {
  const std::string t = render(sample(), "text");
  EXPECT_NE(t.find("  status    succeeded\n  rerun of  run 3\n"), std::string::npos) << t;
  EXPECT_NE(t.find("\nmetrics:\nMETRIC  VALUE\nece     0.031\nµs±     12.5 ms\n\n2 of 3"),
            std::string::npos)
      << t;
  EXPECT_EQ(t.find('\x1b'), std::string::npos) << "an escape sequence reached the terminal";
  EXPECT_NE(t.find("</i>\\n\\x1b[2J"), std::string::npos) << t;
  EXPECT_EQ(t.rfind("run 7: gemm\n  status", 0), 0u) << "the title is the first line";
}

TEST(Reporters, CsvWritesEachTableAsABlockAndTheRestAsComments) {
  const std::string c = render(sample(), "csv");
  EXPECT_EQ(c.rfind("# run 7: gemm\n# status: succeeded\n# rerun of: run 3\n# metrics\n", 0), 0u)
      << c;
  EXPECT_NE(c.find("METRIC,VALUE\nece,0.031\n"), std::string::npos) << c;
  EXPECT_NE(c.find("# 2 of 3 points differ\n\n# names\nNAME\n\"a,\"\"b\"\"|<i>x</i>\n\x1b[2J\"\n"),
            std::string::npos)
      << c;
  Document one;
  one.table({{"a", "b"}, {"1", "2"}});
  EXPECT_EQ(render(one, "csv"), "a,b\n1,2\n") << "one table alone is plain CSV";
  Document spaced;
  spaced.table({{"name"}, {" padded "}});
  EXPECT_EQ(render(spaced, "csv"), "name\n\" padded \"\n") << "edge spaces survive a reader";
}

TEST(Reporters, JsonGroupsBlocksBySectionAndKeepsStringsExact) {
  auto j = nlohmann::json::parse(render(sample(), "json"));
  EXPECT_EQ(j["title"], "run 7: gemm");
  ASSERT_EQ(j["sections"].size(), 3u);
  EXPECT_EQ(j["sections"][0]["heading"], "");
  EXPECT_EQ(j["sections"][0]["fields"]["rerun of"], "run 3");
  const auto& m = j["sections"][1];
  EXPECT_EQ(m["heading"], "metrics");
  EXPECT_EQ(m["tables"][0]["columns"], nlohmann::json({"METRIC", "VALUE"}));
  EXPECT_EQ(m["tables"][0]["rows"][1][0], "µs±");
  EXPECT_EQ(m["lines"], nlohmann::json({"2 of 3 points differ"}));
  EXPECT_EQ(j["sections"][2]["tables"][0]["rows"][0][0], kHostile);
  Document bad;
  bad.field("name", "ok\xff");
  auto b = nlohmann::json::parse(render(bad, "json"));
  EXPECT_EQ(b["sections"][0]["fields"]["name"], "ok\\xff") << "a byte that is not UTF-8 is shown";
}

TEST(Reporters, MarkdownHasHeadingsListsAndPipeTablesWithCellsEscaped) {
  const std::string m = render(sample(), "md");
  EXPECT_EQ(
      m.rfind("# run 7: gemm\n\n- **status:** succeeded\n- **rerun of:** run 3\n\n## metrics\n\n"
              "| METRIC | VALUE |\n| --- | --- |\n| ece | 0.031 |\n",
              0),
      0u)
      << m;
  EXPECT_NE(m.find("| a,\"b\"\\|\\<i\\>x\\</i\\>\\\\n\\\\x1b\\[2J |"), std::string::npos)
      << "a pipe cannot open a cell, a tag cannot open HTML: " << m;
}

TEST(Reporters, HtmlIsOneEscapedPageWithNumbersRightAligned) {
  const std::string h = render(sample(), "html");
  EXPECT_EQ(h.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(h.find("<title>run 7: gemm</title>"), std::string::npos);
  EXPECT_NE(h.find("<table class=\"fields\">\n<tr><th>status</th><td>succeeded</td></tr>"),
            std::string::npos)
      << h;
  EXPECT_NE(h.find("<h2>metrics</h2>"), std::string::npos);
  EXPECT_NE(h.find("<td class=\"num\">0.031</td>"), std::string::npos) << h;
  EXPECT_NE(h.find("<td>ece</td>"), std::string::npos);
  EXPECT_EQ(h.find("<i>"), std::string::npos) << "a name's tag reached the page";
  EXPECT_NE(h.find("a,&quot;b&quot;|&lt;i&gt;x&lt;/i&gt;\\n\\x1b[2J"), std::string::npos) << h;
  EXPECT_EQ(h.find("<script"), std::string::npos);
}

TEST(Reporters, AnEmptyTableIsDroppedAndAppendKeepsOrder) {
  Document a, b;
  a.table({});
  EXPECT_TRUE(a.blocks.empty());
  a.line("one");
  b.title = "ignored";
  b.line("two");
  a.append(b);
  ASSERT_EQ(a.blocks.size(), 2u);
  EXPECT_EQ(a.blocks[1].text, "two");
  EXPECT_EQ(a.title, "");
}

}  // namespace
}  // namespace d500::report
