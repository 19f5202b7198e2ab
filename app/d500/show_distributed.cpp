#include "show_distributed.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "d500/measure/series_kinds.h"
#include "show_collective.h"

namespace d500::cli {

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

}  // namespace

void print_distributed(const store::ResultStore& s, const store::RunInfo& r) {
  // Per rank: sums of the per-step series, the last value of the others.
  std::map<int, std::map<std::string, double>> sum, last;
  CommCounters counters;
  std::vector<double> staleness;
  for (const auto& p : s.series_after(r.id, 0, 100000000)) {
    if (counters.take(p)) continue;
    if (series::is(p.name, series::kStaleness)) staleness.push_back(p.value);
    sum[p.rank][p.name] += p.value;
    last[p.rank][p.name] = p.value;
  }
  std::map<int, const store::MeasurementRow*> by_rank;
  const store::MeasurementRow* critical = nullptr;
  const auto ms = s.measurements(r.id);
  std::string impl;
  for (const auto& m : ms) {
    auto p = nlohmann::json::parse(m.point_json, nullptr, false);
    if (!p.is_object()) continue;
    impl = m.implementation;
    if (p.contains("rank"))
      by_rank[p.value("rank", 0)] = &m;
    else if (p.contains("across_ranks"))
      critical = &m;
  }
  std::cout << "\ndistributed training: "
            << (impl.empty() ? "(no step times stored)" : printable(impl)) << "\n";
  std::vector<std::vector<std::string>> t{{"RANK", "STEPS", "FINAL ACC",
                                           "STEP TIME MEDIAN [95% CI]", "COMM BYTES", "COMM TIME",
                                           "COMPUTE TIME", "COMM %"}};
  for (const auto& [rank, total] : sum) {
    auto get = [&](const std::map<std::string, double>& m, const series::SeriesKind& k) {
      auto it = m.find(series::stored(k));
      return it == m.end() ? 0.0 : it->second;
    };
    const auto& l = last[rank];
    const double comm = get(total, series::kCommTime), comp = get(total, series::kComputeTime);
    t.push_back({std::to_string(rank), fixed(get(l, series::kSteps), 0),
                 l.count(series::stored(series::kFinalTestAccuracy))
                     ? fixed(100 * l.at(series::stored(series::kFinalTestAccuracy)), 2) + "%"
                     : "-",
                 by_rank.count(rank) ? median_ci(*by_rank[rank]) : "-",
                 bytes_label(get(total, series::kCommBytes)), format_duration_ns(comm * 1e9),
                 format_duration_ns(comp * 1e9),
                 comm + comp > 0 ? fixed(100 * comm / (comm + comp), 1) + "%" : "-"});
  }
  print_table(t);
  if (critical)
    std::cout << "\ncritical path (per step the slowest rank): " << median_ci(*critical) << ", n "
              << critical->n << "\n";
  for (const auto& [rank, l] : last)
    if (l.count(series::stored(series::kAveragedModelAccuracy)))
      std::cout << "averaged model (rank " << rank << "): test accuracy "
                << fixed(100 * l.at(series::stored(series::kAveragedModelAccuracy)), 2) << "%\n";
  for (const auto& [rank, l] : last)
    if (l.count(series::stored(series::kServerModelAccuracy)))
      std::cout << "parameter server (rank " << rank << "): final model test accuracy "
                << fixed(100 * l.at(series::stored(series::kServerModelAccuracy)), 2) << "%, "
                << fixed(l.count(series::stored(series::kServerAppliedGradients))
                             ? l.at(series::stored(series::kServerAppliedGradients))
                             : 0,
                         0)
                << " gradients applied\n";
  if (!staleness.empty()) {
    std::sort(staleness.begin(), staleness.end());
    std::cout << "staleness of " << staleness.size() << " worker gradients: median "
              << fixed(staleness[staleness.size() / 2], 0) << ", max " << fixed(staleness.back(), 0)
              << " versions\n";
  }
  if (last.count(0) && last[0].count("scaling.speedup")) {
    auto& l = last[0];
    const double n = static_cast<double>(std::max<size_t>(sum.size(), 1));
    auto ci = [&](const char* name) {
      const std::string lo = std::string(name) + "_ci_lo", hi = std::string(name) + "_ci_hi";
      return l.count(lo) ? " [" + fixed(l[lo], 2) + ", " + fixed(l[hi], 2) + "]"
                         : std::string(" (n too small for a CI)");
    };
    std::cout << "scaling against 1 rank (weak scaling: the same batch per rank; base case alone "
                 "on rank 0): throughput "
              << fixed(l["scaling.throughput_n"], 0) << " samples/s on " << fixed(n, 0)
              << " ranks vs " << fixed(l["scaling.throughput_1"], 0) << " on 1; speedup "
              << fixed(l["scaling.speedup"], 2) << ci("scaling.speedup") << ", efficiency "
              << fixed(l["scaling.efficiency"], 2) << ci("scaling.efficiency")
              << " (95%, Bonferroni over the two medians)\n";
  }
  bool any = false;
  for (const auto& v : s.validations(r.id)) {
    if (v.metric == "kruskal_wallis_p") {
      std::cout << "step time across ranks: " << printable(v.detail) << "\n";
      any = true;
    } else if (v.metric == "compliance") {
      std::cout << printable(v.subject) << ": "
                << (v.passed ? "compliant" : "NOT compliant: " + printable(v.detail)) << "\n";
    }
  }
  if (!any) std::cout << "step time across ranks: no Kruskal-Wallis test stored\n";
  counters.print();
  std::cout << "\n";
}

}  // namespace d500::cli
