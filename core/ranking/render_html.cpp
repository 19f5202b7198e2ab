// The list as one self-contained HTML page (no scripts, no outside resources), and each listed
// run's own page, which the list links to.
#include <cstdio>
#include <map>
#include <sstream>

#include "d500/ranking/ranking.h"
#include "d500/store/merge.h"
#include "format.h"

namespace d500::ranking {

namespace {

using detail::num;
using detail::secs;

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&':
        o += "&amp;";
        break;
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  }
  return o;
}
std::string ns_text(double ns) {
  return detail::ns_text(ns, "µs");
}

constexpr const char* kStyle = R"css(
body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1500px}
h1{font-size:24px;margin:0 0 4px} h2{font-size:18px;margin:28px 0 6px} h3{font-size:15px;margin:14px 0 4px;color:#8a2a2a}
p.note{color:#555;margin:2px 0 10px;font-size:13px}
table{border-collapse:collapse;font-size:13px;margin-bottom:6px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#eef1f6} td.num{text-align:right;white-space:nowrap}
tr.tie td.rank{background:#fff4d0} td.rank{font-weight:bold;text-align:center}
table.apart th{background:#f6e9e9} pre{background:#f6f6f6;padding:8px;font-size:12px;overflow:auto}
)css";

std::string head(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title) +
         "</title><style>" + kStyle + "</style></head><body>\n";
}

std::string system_cells(const SystemInfo& s) {
  return "<td>" + esc(s.host) + "</td><td>" + esc(s.cpu.empty() ? "unknown" : s.cpu) + "</td><td>" +
         esc(s.gpu.empty() ? "none" : s.gpu) + "</td><td class=\"num\">" + std::to_string(s.cores) +
         "</td><td class=\"num\">" + std::to_string(s.ranks) + "</td><td>" + esc(s.frameworks) +
         "</td>";
}
constexpr const char* kSystemHeads =
    "<th>Host</th><th>CPU</th><th>GPU</th><th>Cores</th><th>Ranks</th><th>Frameworks</th>";

std::string run_link(const store::RunInfo& r, const std::string& prefix) {
  return "<a href=\"" + esc(prefix + "run-" + std::to_string(r.id) + ".html") + "\">report</a>";
}

void training_section(std::ostringstream& o, const TrainingList& l, const std::string& prefix) {
  o << "<section class=\"recipe\"><h2>Recipe " << esc(l.recipe) << "</h2>\n<p class=\"note\">"
    << "Time-to-accuracy, median over seeds with its 95% CI; lower is better. Rows with the same "
       "rank (shaded, marked =) have overlapping intervals: a tie.</p>\n";
  if (l.ranked.empty())
    o << "<p>No compliant run.</p>\n";
  else {
    o << "<table class=\"ranked\"><tr><th>Rank</th><th>Run</th><th>Name</th><th>Time-to-accuracy"
         "</th><th>95% CI</th><th>Olympic mean</th><th>Seeds converged</th>"
      << kSystemHeads << "<th>Report</th></tr>\n";
    for (const auto& e : l.ranked)
      o << "<tr class=\"" << (e.placing.tied ? "tie" : "alone") << "\"><td class=\"rank\">"
        << e.placing.rank << (e.placing.tied ? "=" : "") << "</td><td class=\"num\">" << e.run.id
        << "</td><td>" << esc(e.run.name) << "<br><small>" << esc(e.implementation)
        << "</small></td><td class=\"num\">" << secs(e.tta.median) << "</td><td class=\"num\">"
        << (e.ci_valid ? "[" + secs(e.lo) + ", " + secs(e.hi) + "]"
                       : "range " + secs(e.lo) + " – " + secs(e.hi) + " (too few seeds)")
        << "</td><td class=\"num\">" << (e.tta.olympic_valid ? secs(e.tta.olympic_mean) : "–")
        << "</td><td class=\"num\">" << e.tta.reached << "/" << e.seeds << "</td>"
        << system_cells(e.system) << "<td>" << run_link(e.run, prefix) << "</td></tr>\n";
    o << "</table>\n";
  }
  if (!l.apart.empty()) {
    o << "<h3>Not compliant</h3>\n<table class=\"apart\"><tr><th>Run</th><th>Name</th>"
         "<th>Reason</th><th>Seeds converged</th>"
      << kSystemHeads << "<th>Report</th></tr>\n";
    for (const auto& e : l.apart)
      o << "<tr><td class=\"num\">" << e.run.id << "</td><td>" << esc(e.run.name) << "</td><td>"
        << esc(e.reason) << "</td><td class=\"num\">" << e.tta.reached << "/" << e.seeds << "</td>"
        << system_cells(e.system) << "<td>" << run_link(e.run, prefix) << "</td></tr>\n";
    o << "</table>\n";
  }
  o << "</section>\n";
}

void throughput_section(std::ostringstream& o, const ThroughputList& l, const std::string& prefix) {
  o << "<section class=\"problem\"><h2>" << (l.level == "operator" ? "Operator " : "Network ")
    << esc(l.problem)
    << "</h2>\n<p class=\"note\">Throughput at the median time; higher is "
       "better. The same rank (marked =) means overlapping 95% CIs of the time.</p>\n"
    << "<table class=\"ranked\"><tr><th>Rank</th><th>Run</th><th>Implementation</th>"
       "<th>Throughput</th><th>Median time [95% CI]</th>"
    << kSystemHeads << "<th>Report</th></tr>\n";
  for (const auto* part : {&l.ranked, &l.apart})
    for (const auto& e : *part) {
      const bool ranked = part == &l.ranked;
      o << "<tr class=\"" << (e.placing.tied ? "tie" : "alone") << "\"><td class=\"rank\">"
        << (ranked ? std::to_string(e.placing.rank) + (e.placing.tied ? "=" : "") : "–")
        << "</td><td class=\"num\">" << e.run.id << "</td><td>" << esc(e.implementation)
        << "</td><td class=\"num\">"
        << (ranked ? num(e.throughput, e.throughput >= 100 ? 1 : 3) + " " + e.unit
                   : "not ranked: " + esc(e.reason))
        << "</td><td class=\"num\">" << ns_text(e.m.median) << " [" << ns_text(e.lo) << ", "
        << ns_text(e.hi) << "]</td>" << system_cells(e.system) << "<td>" << run_link(e.run, prefix)
        << "</td></tr>\n";
    }
  o << "</table></section>\n";
}

}  // namespace

std::string render_html(const ListPage& page, const std::string& report_prefix) {
  std::ostringstream o;
  o << head(page.title) << "<h1>" << esc(page.title) << "</h1>\n<p class=\"note\">Store "
    << esc(page.store)
    << (page.problems_name.empty() ? "" : "; problem list " + esc(page.problems_name)) << "</p>\n";
  if (page.training.empty() && page.throughput.empty())
    o << "<p>No ranked runs: training runs that follow a recipe, operator and network runs.</p>\n";
  for (const auto& l : page.training) training_section(o, l, report_prefix);
  for (const auto& l : page.throughput) throughput_section(o, l, report_prefix);
  o << "</body></html>\n";
  return o.str();
}

std::string render_run_html(const store::ResultStore& s, const store::RunInfo& r) {
  std::ostringstream o;
  o << head("d500 run " + std::to_string(r.id)) << "<h1>Run " << r.id << ": " << esc(r.name)
    << "</h1>\n<p class=\"note\">" << esc(r.level) << ", "
    << esc(std::string(store::run_status_name(r.status)))
    << (r.status_reason.empty() ? "" : ": " + esc(r.status_reason)) << "</p>\n";
  o << "<h2>Validations and verdicts</h2>\n<table><tr><th>Subject</th><th>Metric</th><th>Value</th>"
       "<th>Tolerance</th><th>Passed</th><th>Detail</th></tr>\n";
  for (const auto& v : s.validations(r.id))
    o << "<tr><td>" << esc(v.subject) << "</td><td>" << esc(v.metric) << "</td><td class=\"num\">"
      << num(v.value, 4) << "</td><td class=\"num\">" << num(v.tolerance, 4) << "</td><td>"
      << (v.passed ? "yes" : "no") << "</td><td>" << esc(v.detail) << "</td></tr>\n";
  o << "</table>\n<h2>Measurements</h2>\n<table><tr><th>Subject</th><th>Implementation</th>"
       "<th>n</th><th>Median</th><th>95% CI</th></tr>\n";
  for (const auto& m : s.measurements(r.id))
    o << "<tr><td>" << esc(m.subject) << "</td><td>" << esc(m.implementation)
      << "</td><td class=\"num\">" << m.n << "</td><td class=\"num\">" << ns_text(m.median)
      << "</td><td class=\"num\">"
      << (m.ci_valid ? "[" + ns_text(m.ci_lo) + ", " + ns_text(m.ci_hi) + "]" : "–")
      << "</td></tr>\n";
  o << "</table>\n<h2>Provenance</h2>\n";
  auto prov = store::run_provenance(s.path(), r.id);
  if (!prov || prov.value().empty())
    o << "<p>Recorded in this store.</p>\n";
  else {
    o << "<table><tr><th>Copied out of store</th><th>Its run id</th><th>Merged on</th></tr>\n";
    for (const auto& p : prov.value())
      o << "<tr><td>" << esc(p.store) << "</td><td class=\"num\">" << p.store_run_id << "</td><td>"
        << esc(p.merged_on) << "</td></tr>\n";
    o << "</table>\n";
  }
  auto env = r.environment_id ? s.environment(r.environment_id) : std::nullopt;
  o << "<h2>Environment</h2>\n<pre>"
    << esc(env ? nlohmann::json::parse(env->json, nullptr, false).dump(2) : "not recorded")
    << "</pre>\n<h2>Experiment</h2>\n<pre>"
    << esc(nlohmann::json::parse(r.spec_json, nullptr, false).dump(2))
    << "</pre>\n</body></html>\n";
  return o.str();
}

}  // namespace d500::ranking
