// Collective runs' models from the store, and their report.
// GCC 12 warns falsely (-Warray-bounds, inside std::map) on nlohmann::json's object values.
#pragma GCC diagnostic ignored "-Warray-bounds"
#include "d500/scaling/collective_models.h"

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "d500/error.h"
#include "d500/report/format.h"

namespace d500::scaling {

namespace {

using nlohmann::json;

struct OpData {
  std::string implementation;
  int ranks = 0;
  std::map<double, std::vector<double>> by_bytes;  // raw samples per size
};

// The critical-path measurements of a collective run, by operation.
std::map<std::string, OpData> read_run(const store::ResultStore& s, int64_t run_id) {
  const auto run = s.run(run_id);
  if (!run) throw D500Error("no run " + std::to_string(run_id) + " in " + s.path());
  if (run->level != "collective")
    throw D500Error("run " + std::to_string(run_id) + " is not a collective run (level " +
                    run->level + "): the models are fitted on collective sweeps");
  std::map<std::string, OpData> out;
  for (const auto& m : s.measurements(run_id)) {
    if (!m.error.empty() || m.n == 0 || m.subject.find(" [rank ") != std::string::npos) continue;
    const json p = json::parse(m.point_json, nullptr, false);
    if (!p.is_object() || !p.contains("op") || !p.contains("bytes")) continue;
    OpData& d = out[p.value("op", std::string())];
    d.implementation = m.implementation;
    d.ranks = p.value("ranks", 0);
    d.by_bytes[p.value("bytes", 0.0)] = s.samples(m.id);
  }
  return out;
}

std::string us(double ns) {
  return report::format_duration_ns(ns);
}

std::string gbps(const Interval& beta) {  // 1 / (ns per byte) = GB/s; the interval flips
  if (beta.value <= 0) return "no cost per byte measured";
  auto rate = [](double b) { return b > 0 ? report::fixed(1 / b, 2) : std::string("inf"); };
  return rate(beta.value) + " [" + rate(beta.hi) + ", " + rate(beta.lo) + "] GB/s";
}

std::string size_text(double bytes) {
  const char* unit[] = {"B", "KiB", "MiB", "GiB"};
  int u = 0;
  while (bytes >= 1024 && u < 3) bytes /= 1024, ++u;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g %s", bytes, unit[u]);
  return buf;
}

void run_section(report::Document& doc, int64_t run_id,
                 const std::vector<CollectiveModel>& models) {
  doc.heading("run " + std::to_string(run_id) +
              ": latency and bandwidth (T = alpha + n / bandwidth)");
  if (models.empty()) doc.line("no operation was measured at 2 or more sizes");
  report::Rows summary{{"OPERATION", "IMPLEMENTATION", "RANKS", "ALPHA (95% CI)", "BANDWIDTH",
                        "GAMMA", "MEDIAN |ERROR|", "SIZES COVERED"}};
  for (const auto& m : models)
    summary.push_back({m.op, m.implementation, std::to_string(m.ranks),
                       us(m.fit.alpha_ns.value) + " [" + us(m.fit.alpha_ns.lo) + ", " +
                           us(m.fit.alpha_ns.hi) + "]",
                       gbps(m.fit.ns_per_byte),
                       m.has_gamma ? report::fixed(m.gamma_ns_per_byte.value * 1e3, 3) + " ps/B [" +
                                         report::fixed(m.gamma_ns_per_byte.lo * 1e3, 3) + ", " +
                                         report::fixed(m.gamma_ns_per_byte.hi * 1e3, 3) + "]"
                                   : "-",
                       report::fixed(100 * m.fit.median_abs_error, 1) + "%",
                       std::to_string(m.fit.covered) + "/" + std::to_string(m.fit.checks.size())});
  doc.table(summary);
  for (const auto& m : models) {
    report::Rows rows{{"SIZE", "MEASURED", "MODEL (95% BAND)", "ERROR", ""}};
    for (const auto& c : m.fit.checks)
      rows.push_back({size_text(c.bytes), us(c.measured_ns),
                      us(c.predicted_ns) + " [" + us(c.band_lo) + ", " + us(c.band_hi) + "]",
                      report::signed_percent(c.rel_error), c.covered ? "" : "MISS"});
    doc.line(m.op + " on " + std::to_string(m.ranks) + " rank(s):");
    doc.table(rows);
  }
}

// Each operation and size measured at 2 or more rank counts, as a model of the ranks.
void ranks_section(report::Document& doc, const store::ResultStore& s,
                   const std::vector<int64_t>& runs) {
  std::map<std::pair<std::string, double>, std::vector<ScalePoint>> by;
  std::set<int> ranks;
  for (int64_t id : runs)
    for (auto& [op, d] : read_run(s, id)) {
      if (d.ranks < 2) continue;  // one rank communicates with no one: another regime
      ranks.insert(d.ranks);
      for (auto& [bytes, x] : d.by_bytes) by[{op, bytes}].push_back({double(d.ranks), x});
    }
  if (ranks.size() < 2) return;
  doc.heading("over the ranks (f(p) = c0 + c1 * p^i * log2(p)^j, chosen by cross-validation)");
  doc.line(
      "runs on 1 rank are left out (no communication); ranks beyond the cores are "
      "oversubscribed and time the scheduler as much as the network");
  report::Rows rows{{"OPERATION", "SIZE", "RANKS", "MODEL", "CV ERROR", "NOTE"}};
  for (const auto& [key, points] : by) {
    std::string scales;
    for (const auto& p : points) scales += (scales.empty() ? "" : ",") + std::to_string(int(p.x));
    ScalingFit f;
    try {
      f = fit_normal_form(points);
    } catch (const D500Error& e) {
      rows.push_back({key.first, size_text(key.second), scales, "-", "-", e.what()});
      continue;
    }
    rows.push_back({key.first, size_text(key.second), scales,
                    f.refusal.empty() ? f.model.formula() + " ns" : "-",
                    f.checks.empty() ? "-" : report::fixed(100 * f.model.cv_error, 1) + "%",
                    f.refusal});
  }
  doc.table(rows);
}

}  // namespace

std::vector<CollectiveModel> collective_models(const store::ResultStore& s, int64_t run_id) {
  std::vector<CollectiveModel> out;
  for (const auto& [op, d] : read_run(s, run_id)) {
    std::vector<SizePoint> points;
    for (const auto& [bytes, x] : d.by_bytes) points.push_back({bytes, x});
    size_t sizes = 0;
    for (const auto& p : points) sizes += p.samples_ns.empty() ? 0 : 1;
    if (sizes < 2) continue;
    out.push_back({op, d.implementation, d.ranks, fit_linear(points), {}, false});
  }
  const CollectiveModel* gather = nullptr;
  for (const auto& m : out)
    if (m.op == "allgather") gather = &m;
  for (auto& m : out)
    if (gather && m.ranks > 1 && (m.op == "allreduce" || m.op == "reduce")) {
      const auto& a = m.fit.ns_per_byte;
      const auto& g = gather->fit.ns_per_byte;
      m.gamma_ns_per_byte = {a.value - g.value, a.lo - g.hi, a.hi - g.lo};  // conservative
      m.has_gamma = true;
    }
  return out;
}

std::string to_json(const std::vector<CollectiveModel>& models) {
  json out = json::array();
  auto iv = [](const Interval& i) { return json{{"value", i.value}, {"ci", {i.lo, i.hi}}}; };
  for (const auto& m : models) {
    json checks = json::array();
    for (const auto& c : m.fit.checks)
      checks.push_back({{"bytes", c.bytes},
                        {"measured_ns", c.measured_ns},
                        {"predicted_ns", c.predicted_ns},
                        {"band_ns", {c.band_lo, c.band_hi}},
                        {"rel_error", c.rel_error},
                        {"covered", c.covered}});
    json j{{"op", m.op},
           {"implementation", m.implementation},
           {"ranks", m.ranks},
           {"alpha_ns", iv(m.fit.alpha_ns)},
           {"ns_per_byte", iv(m.fit.ns_per_byte)},
           {"median_abs_error", m.fit.median_abs_error},
           {"checks", checks}};
    if (m.has_gamma) j["gamma_ns_per_byte"] = iv(m.gamma_ns_per_byte);
    out.push_back(j);
  }
  return out.dump(2);
}

report::Document scaling_report(const store::ResultStore& s, const std::vector<int64_t>& runs,
                                std::vector<CollectiveModel>* fitted) {
  report::Document doc;
  doc.title = "d500 scaling: " + s.path();
  for (int64_t id : runs) {
    auto models = collective_models(s, id);
    run_section(doc, id, models);
    if (fitted) fitted->insert(fitted->end(), models.begin(), models.end());
  }
  ranks_section(doc, s, runs);
  return doc;
}

}  // namespace d500::scaling
