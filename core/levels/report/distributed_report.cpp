#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "d500/measure/series_kinds.h"
#include "sections.h"

namespace d500::run::reports {

namespace {

std::string bytes_label(double b) {
  if (b >= 1073741824) return fixed(b / 1073741824, 2) + " GiB";
  if (b >= 1048576) return fixed(b / 1048576, 1) + " MiB";
  if (b >= 1024) return fixed(b / 1024, 1) + " KiB";
  return fixed(b, 0) + " B";
}

std::string median_ci(const store::MeasurementRow& m) {
  return format_duration_ns(m.median) +
         (m.ci_valid ? " [" + format_duration_ns(m.ci_lo) + ", " + format_duration_ns(m.ci_hi) + "]"
                     : " (n too small for a CI)");
}

// What `show` reads of a distributed run: per rank the sums of the per-step series and the last
// value of the others, the communicator counters, the server's staleness, and the step-time
// measurements per rank and across ranks.
struct View {
  std::map<int, std::map<std::string, double>> sum, last;
  CommCounters counters;
  std::vector<double> staleness;
  std::vector<store::MeasurementRow> ms;
  std::map<int, const store::MeasurementRow*> by_rank;
  const store::MeasurementRow* critical = nullptr;
  std::string impl;
};

void collect(const store::ResultStore& s, const store::RunInfo& r, View& v) {
  for (const auto& p : s.series_after(r.id, 0, 100000000)) {
    if (v.counters.take(p)) continue;
    if (series::is(p.name, series::kStaleness)) v.staleness.push_back(p.value);
    v.sum[p.rank][p.name] += p.value;
    v.last[p.rank][p.name] = p.value;
  }
  v.ms = s.measurements(r.id);
  for (const auto& m : v.ms) {
    auto p = nlohmann::json::parse(m.point_json, nullptr, false);
    if (!p.is_object()) continue;
    v.impl = m.implementation;
    if (p.contains("rank"))
      v.by_rank[p.value("rank", 0)] = &m;
    else if (p.contains("across_ranks"))
      v.critical = &m;
  }
}

double value_of(const std::map<std::string, double>& m, const series::SeriesKind& k) {
  auto it = m.find(series::stored(k));
  return it == m.end() ? 0.0 : it->second;
}

void print_ranks(LineWriter& out, const View& v) {
  std::vector<std::vector<std::string>> t{{"RANK", "STEPS", "FINAL ACC",
                                           "STEP TIME MEDIAN [95% CI]", "COMM BYTES", "COMM TIME",
                                           "COMPUTE TIME", "COMM %"}};
  for (const auto& [rank, total] : v.sum) {
    const auto& l = v.last.at(rank);
    const double comm = value_of(total, series::kCommTime);
    const double comp = value_of(total, series::kComputeTime);
    const bool acc = l.count(series::stored(series::kFinalTestAccuracy)) > 0;
    t.push_back({std::to_string(rank), fixed(value_of(l, series::kSteps), 0),
                 acc ? fixed(100 * value_of(l, series::kFinalTestAccuracy), 2) + "%" : "-",
                 v.by_rank.count(rank) ? median_ci(*v.by_rank.at(rank)) : "-",
                 bytes_label(value_of(total, series::kCommBytes)), format_duration_ns(comm * 1e9),
                 format_duration_ns(comp * 1e9),
                 comm + comp > 0 ? fixed(100 * comm / (comm + comp), 1) + "%" : "-"});
  }
  out.table(t);
  if (v.critical)
    out << "\ncritical path (per step the slowest rank): " << median_ci(*v.critical) << ", n "
        << v.critical->n << "\n";
}

// The models a scheme delivers besides each rank's: the replicas' average, the server's.
void print_models(LineWriter& out, const View& v) {
  for (const auto& [rank, l] : v.last)
    if (l.count(series::stored(series::kAveragedModelAccuracy)))
      out << "averaged model (rank " << rank << "): test accuracy "
          << fixed(100 * value_of(l, series::kAveragedModelAccuracy), 2) << "%\n";
  for (const auto& [rank, l] : v.last)
    if (l.count(series::stored(series::kServerModelAccuracy)))
      out << "parameter server (rank " << rank << "): final model test accuracy "
          << fixed(100 * value_of(l, series::kServerModelAccuracy), 2) << "%, "
          << fixed(value_of(l, series::kServerAppliedGradients), 0) << " gradients applied\n";
  if (v.staleness.empty()) return;
  std::vector<double> st = v.staleness;
  std::sort(st.begin(), st.end());
  out << "staleness of " << st.size() << " worker gradients: median " << fixed(st[st.size() / 2], 0)
      << ", max " << fixed(st.back(), 0) << " versions\n";
}

void print_scaling(LineWriter& out, const View& v) {
  if (!v.last.count(0) || !v.last.at(0).count("scaling.speedup")) return;
  const auto& l = v.last.at(0);
  const double n = static_cast<double>(std::max<size_t>(v.sum.size(), 1));
  auto at = [&l](const std::string& name) {
    auto it = l.find(name);
    return it == l.end() ? 0.0 : it->second;
  };
  auto ci = [&](const char* name) {
    const std::string lo = std::string(name) + "_ci_lo", hi = std::string(name) + "_ci_hi";
    return l.count(lo) ? " [" + fixed(at(lo), 2) + ", " + fixed(at(hi), 2) + "]"
                       : std::string(" (n too small for a CI)");
  };
  out << "scaling against 1 rank (weak scaling: the same batch per rank; base case alone "
         "on rank 0): throughput "
      << fixed(at("scaling.throughput_n"), 0) << " samples/s on " << fixed(n, 0) << " ranks vs "
      << fixed(at("scaling.throughput_1"), 0) << " on 1; speedup "
      << fixed(at("scaling.speedup"), 2) << ci("scaling.speedup") << ", efficiency "
      << fixed(at("scaling.efficiency"), 2) << ci("scaling.efficiency")
      << " (95%, Bonferroni over the two medians)\n";
}

void print_verdicts(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  bool any = false;
  for (const auto& v : s.validations(r.id)) {
    if (v.metric == "kruskal_wallis_p") {
      out << "step time across ranks: " << printable(v.detail) << "\n";
      any = true;
    } else if (v.metric == "compliance") {
      out << printable(v.subject) << ": "
          << (v.passed ? "compliant" : "NOT compliant: " + printable(v.detail)) << "\n";
    }
  }
  if (!any) out << "step time across ranks: no Kruskal-Wallis test stored\n";
}

}  // namespace

void distributed_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  View v;
  collect(s, r, v);
  out << "\ndistributed training: "
      << (v.impl.empty() ? "(no step times stored)" : printable(v.impl)) << "\n";
  print_ranks(out, v);
  print_models(out, v);
  print_scaling(out, v);
  print_verdicts(out, s, r);
  v.counters.print(out);
  out << "\n";
}

}  // namespace d500::run::reports
