#include "dashboards/run_measurements.h"

#include <algorithm>
#include <cmath>

#include "d500/operators/operator_benchmark.h"

namespace d500::studio {

namespace {
constexpr size_t kSeriesChunk = 100000;
}

bool drawable(const store::MeasurementRow& m) {
  return m.error.empty() && m.n > 0 && std::isfinite(m.median) && m.median > 0;
}

void RunMeasurements::clear() {
  *this = RunMeasurements();
}

bool RunMeasurements::poll(const store::ResultStore& s, int64_t runId, bool live) {
  bool added = false;
  for (auto& m : s.measurements_after(runId, lastMeasurement_)) {
    lastMeasurement_ = m.id;
    Row r;
    r.point = nlohmann::json::parse(m.point_json, nullptr, false);
    if (!r.point.is_object()) r.point = nlohmann::json::object();
    if (r.point.contains("kind") && r.point["kind"].is_string()) r.kind = r.point["kind"];
    // A copy timed once beside an operator (device transfers, an owned output copied out) is a
    // quantity of its own, not another point of the sweep: its own kind keeps it off the charts.
    if (operators::is_transfer_row(m)) r.kind = "transfer";
    r.m = std::move(m);
    rows_.push_back(std::move(r));
    added = true;
  }
  for (;;) {
    const auto points = s.series_after(runId, lastSeries_, kSeriesChunk);
    for (const auto& p : points) {
      series_[p.name][p.step] = p.value;
      lastSeries_ = p.id;
    }
    seriesPoints_ += static_cast<int64_t>(points.size());
    added = added || !points.empty();
    if (points.size() < kSeriesChunk) break;
  }
  if (added || live || !validationsRead_) {
    validations_ = s.validations(runId);
    validationsRead_ = true;
  }
  return added;
}

std::vector<const RunMeasurements::Row*> RunMeasurements::ofKind(const std::string& kind) const {
  std::vector<const Row*> out;
  for (const Row& r : rows_)
    if (r.kind == kind && drawable(r.m)) out.push_back(&r);
  return out;
}

std::vector<std::string> RunMeasurements::implementations() const {
  std::vector<std::string> out;
  for (const Row& r : rows_)
    if (std::find(out.begin(), out.end(), r.m.implementation) == out.end())
      out.push_back(r.m.implementation);
  return out;
}

std::vector<const store::ValidationRow*> RunMeasurements::validationsOf(int64_t id) const {
  std::vector<const store::ValidationRow*> out;
  for (const auto& v : validations_)
    if (v.measurement_id == id) out.push_back(&v);
  return out;
}

const std::map<int64_t, double>& RunMeasurements::series(const std::string& name) const {
  static const std::map<int64_t, double> none;
  auto it = series_.find(name);
  return it == series_.end() ? none : it->second;
}

const std::vector<double>& RunMeasurements::samples(const store::ResultStore& s, int64_t id) const {
  auto it = samples_.find(id);
  if (it == samples_.end()) it = samples_.emplace(id, s.samples(id)).first;
  return it->second;
}

}  // namespace d500::studio
