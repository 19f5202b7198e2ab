#include "d500/run/metrics_of_run.h"

#include <string>

namespace d500::run {

std::vector<training::MetricDescriptor> metric_kinds_of_run(const store::ResultStore& s,
                                                            int64_t run_id) {
  for (const auto& a : s.artifacts(run_id))
    if (a.name == training::kMetricKindsArtifact)
      return training::parse_metric_kinds(std::string(a.data.begin(), a.data.end()));
  return {};
}

namespace {

// "ece.epoch@seed2" -> ("ece.epoch", 2); a level-3 point ("ece.epoch", rank r) -> its rank.
training::MetricPoint point_of(const store::SeriesPoint& p) {
  training::MetricPoint m;
  m.step = p.step;
  m.value = p.value;
  const auto at = p.name.find("@seed");
  m.series = p.name.substr(0, at);
  m.replica = p.rank;
  if (at != std::string::npos) {
    try {
      m.replica = std::stoll(p.name.substr(at + 5));
    } catch (const std::exception&) {
      m.series.clear();  // not a point of ours
    }
  }
  return m;
}

}  // namespace

std::vector<training::MetricSummary> metrics_of_run(const store::ResultStore& s, int64_t run_id) {
  const auto kinds = metric_kinds_of_run(s, run_id);
  if (kinds.empty()) return {};
  std::vector<training::MetricPoint> points;
  auto ours = [&kinds](const std::string& series) {
    for (const auto& k : kinds)
      if (series == k.name || series == training::metric_series(k.name, true)) return true;
    return false;
  };
  int64_t last = 0;
  while (true) {
    const auto batch = s.series_after(run_id, last, 100000);
    if (batch.empty()) break;
    for (const auto& p : batch) {
      last = p.id;
      training::MetricPoint m = point_of(p);
      if (ours(m.series)) points.push_back(std::move(m));
    }
  }
  return training::summarize_metrics(kinds, points);
}

}  // namespace d500::run
