// The list as a report (headings and tables, any format) and as one flat table (one row per
// entry, for CSV); render_html.cpp writes the linked HTML site.
#include <cstdio>

#include "d500/ranking/ranking.h"
#include "d500/report/reporter.h"
#include "format.h"

namespace d500::ranking {

namespace {

using detail::ns_text;
using detail::num;
using detail::secs;

std::string full(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string rank_text(const Placing& p) {
  return std::to_string(p.rank) + (p.tied ? "=" : "");
}

std::string tta_text(const TrainingEntry& e) {
  if (e.tta.reached == 0) return "not reached";
  std::string s = secs(e.tta.median) + " ";
  s += e.ci_valid ? "[" + secs(e.lo) + ", " + secs(e.hi) + "]"
                  : "(range " + secs(e.lo) + " - " + secs(e.hi) + ", too few seeds for a CI)";
  return s;
}
std::string olympic_text(const TrainingEntry& e) {
  return e.tta.olympic_valid ? secs(e.tta.olympic_mean) : "-";
}
std::string seeds_text(const TrainingEntry& e) {
  return std::to_string(e.tta.reached) + "/" + std::to_string(e.seeds);
}
std::string system_text(const SystemInfo& s) {
  std::string t = s.host.empty() ? "" : s.host + ": ";
  t += s.cpu.empty() ? "unknown CPU" : s.cpu;
  t += s.gpu.empty() ? ", no GPU" : ", " + s.gpu;
  t += ", " + std::to_string(s.cores) + " cores, " + std::to_string(s.ranks) +
       (s.ranks == 1 ? " rank" : " ranks");
  return t;
}
std::string throughput_text(const ThroughputEntry& e) {
  return num(e.throughput, e.throughput >= 100 ? 1 : 3) + " " + e.unit;
}
std::string interval_text(const ThroughputEntry& e) {
  return ns_text(e.m.median) + " [" + ns_text(e.lo) + ", " + ns_text(e.hi) + "]" +
         (e.m.ci_valid ? "" : " (range)");
}

}  // namespace

namespace {

void training_list(report::Document& doc, const TrainingList& l) {
  doc.heading("Recipe " + l.recipe);
  doc.line("time-to-accuracy, lower is better; \"=\" marks ties (overlapping intervals)");
  report::Rows rows{{"RANK", "RUN", "NAME", "TIME-TO-ACCURACY (MEDIAN [95% CI])", "OLYMPIC MEAN",
                     "SEEDS", "SYSTEM", "FRAMEWORKS"}};
  for (const auto& e : l.ranked)
    rows.push_back({rank_text(e.placing), std::to_string(e.run.id), e.run.name, tta_text(e),
                    olympic_text(e), seeds_text(e), system_text(e.system), e.system.frameworks});
  if (l.ranked.empty())
    doc.line("  (no compliant run)");
  else
    doc.table(rows);
  if (l.apart.empty()) return;
  doc.line("Not compliant with " + l.recipe + ":");
  report::Rows ap{{"RUN", "NAME", "SEEDS", "SYSTEM", "FRAMEWORKS", "REASON"}};
  for (const auto& e : l.apart)
    ap.push_back({std::to_string(e.run.id), e.run.name, seeds_text(e), system_text(e.system),
                  e.system.frameworks, e.reason});
  doc.table(ap);
}

void throughput_list(report::Document& doc, const ThroughputList& l,
                     const std::string& problems_name) {
  doc.heading((l.level == "operator" ? "Operator " : "Network ") + l.problem +
              (problems_name.empty() ? "" : " (problem list " + problems_name + ")"));
  doc.line("throughput, higher is better");
  report::Rows rows{
      {"RANK", "RUN", "IMPLEMENTATION", "THROUGHPUT", "MEDIAN [95% CI]", "SYSTEM", "FRAMEWORKS"}};
  for (const auto& e : l.ranked)
    rows.push_back({rank_text(e.placing), std::to_string(e.run.id), e.implementation,
                    throughput_text(e), interval_text(e), system_text(e.system),
                    e.system.frameworks});
  for (const auto& e : l.apart)
    rows.push_back({"-", std::to_string(e.run.id), e.implementation, "-", "-",
                    system_text(e.system), "not ranked: " + e.reason});
  doc.table(rows);
}

}  // namespace

report::Document list_report(const ListPage& page) {
  report::Document doc;
  doc.title = "d500 list: " + page.store;
  if (page.training.empty() && page.throughput.empty())
    doc.line("no ranked runs in " + page.store +
             " (training runs that follow a recipe, operator and network runs)");
  for (const auto& l : page.training) training_list(doc, l);
  for (const auto& l : page.throughput) throughput_list(doc, l, page.problems_name);
  return doc;
}

std::string render_text(const ListPage& page) {
  return report::render(list_report(page), "text");
}

report::Document list_table(const ListPage& page) {
  report::Rows rows{{"workload",
                     "list",
                     "rank",
                     "tied",
                     "ranked",
                     "reason",
                     "run_id",
                     "run_uuid",
                     "run_name",
                     "implementation",
                     "median",
                     "ci_lo",
                     "ci_hi",
                     "ci_valid",
                     "unit",
                     "olympic_mean_s",
                     "seeds_converged",
                     "seeds_total",
                     "throughput",
                     "throughput_unit",
                     "host",
                     "cpu",
                     "gpu",
                     "cores",
                     "ranks",
                     "frameworks"}};
  auto add = [&rows](std::vector<std::string> row, const SystemInfo& s) {
    for (std::string v :
         {s.host, s.cpu, s.gpu, std::to_string(s.cores), std::to_string(s.ranks), s.frameworks})
      row.push_back(v);
    rows.push_back(std::move(row));
  };
  auto placing = [](const Placing& p, bool ranked) {
    return std::vector<std::string>{ranked ? std::to_string(p.rank) : "", p.tied ? "1" : "0",
                                    ranked ? "1" : "0"};
  };
  for (const auto& l : page.training)
    for (const auto* part : {&l.ranked, &l.apart})
      for (const auto& e : *part) {
        std::vector<std::string> row{"training", l.recipe};
        for (auto& v : placing(e.placing, part == &l.ranked)) row.push_back(v);
        for (const std::string& v : std::vector<std::string>{
                 e.reason, std::to_string(e.run.id), e.uuid, e.run.name, e.implementation,
                 full(e.tta.median), full(e.lo), full(e.hi), e.ci_valid ? "1" : "0", "s",
                 e.tta.olympic_valid ? full(e.tta.olympic_mean) : "", std::to_string(e.tta.reached),
                 std::to_string(e.seeds), "", ""})
          row.push_back(v);
        add(std::move(row), e.system);
      }
  for (const auto& l : page.throughput)
    for (const auto* part : {&l.ranked, &l.apart})
      for (const auto& e : *part) {
        std::vector<std::string> row{l.level, l.problem};
        for (auto& v : placing(e.placing, part == &l.ranked)) row.push_back(v);
        for (const std::string& v : std::vector<std::string>{
                 e.reason, std::to_string(e.run.id), std::string(), e.run.name, e.implementation,
                 full(e.m.median), full(e.lo), full(e.hi), e.m.ci_valid ? "1" : "0", "ns", "", "",
                 "", full(e.throughput), e.unit})
          row.push_back(v);
        add(std::move(row), e.system);
      }
  report::Document doc;
  doc.table(std::move(rows));
  return doc;
}

std::string render_csv(const ListPage& page) {
  return report::render(list_table(page), "csv");
}

}  // namespace d500::ranking
