#include <map>

#include "d500/measure/stats.h"
#include "d500/training/metrics.h"

namespace d500::training {

std::vector<MetricSummary> summarize_metrics(const std::vector<MetricDescriptor>& kinds,
                                             const std::vector<MetricPoint>& points) {
  std::vector<MetricSummary> out;
  for (const MetricDescriptor& k : kinds) {
    MetricSummary m;
    m.kind = k;
    const std::string epoch_series = metric_series(k.name, true);
    std::map<int64_t, std::pair<int64_t, double>> last;  // replica -> (epoch, value)
    std::vector<double> steps;
    for (const MetricPoint& p : points) {
      if (p.series == k.name) steps.push_back(p.value);
      if (p.series != epoch_series) continue;
      auto [it, fresh] = last.try_emplace(p.replica, p.step, p.value);
      if (!fresh && p.step >= it->second.first) it->second = {p.step, p.value};
    }
    std::vector<double> finals;
    for (const auto& [replica, v] : last) finals.push_back(v.second);
    m.replicas = finals.size();
    if (!finals.empty()) m.last_epoch = stats::summarize(finals).median;
    m.step_points = steps.size();
    if (!steps.empty()) m.step_median = stats::summarize(steps).median;
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace d500::training
