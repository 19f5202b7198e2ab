#include "dashboards/run_series.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "charts/seed_band.h"

namespace d500::studio {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr size_t kChunk = 50000;

}  // namespace

void RunSeries::clear() {
  groups_.clear();
  extras_.clear();
  lastId_ = 0;
  points_ = 0;
}

bool RunSeries::isPerEpoch(std::string_view name) {
  for (const char* n : {"train_loss", "train_accuracy", "test_accuracy", "test_loss",
                        "samples_per_s", "data_wait_s_epoch"})
    if (name == n) return true;
  // A metric's per-epoch values (training::metric_series(name, true)).
  constexpr std::string_view kEpoch = ".epoch";
  return name.size() > kEpoch.size() && name.substr(name.size() - kEpoch.size()) == kEpoch;
}

RunSeries::Group* RunSeries::groupOf(const store::SeriesPoint& p, std::string* name) {
  if (by_ == GroupBy::Rank) {
    *name = p.name;
    return &groups_[p.rank];
  }
  const auto split = splitSeedName(p.name);
  if (!split) {  // the run's per-seed summaries ("tta_s"), not a curve
    extras_[p.name][p.step] = p.value;
    return nullptr;
  }
  *name = split->first;
  return &groups_[split->second];
}

bool RunSeries::poll(const store::ResultStore& s, int64_t runId, size_t rowBudget) {
  bool added = false;
  size_t read = 0;
  std::string name;
  for (;;) {
    const size_t want = rowBudget ? std::min(kChunk, rowBudget - read) : kChunk;
    if (want == 0) break;
    const auto rows = s.series_after(runId, lastId_, want);
    for (const auto& p : rows) {
      Group* g = groupOf(p, &name);
      if (!g) continue;
      Curve& c = g->curves[name];
      c.perEpoch = isPerEpoch(name);
      c.points.push_back({static_cast<double>(p.step), p.wall_time, p.value});
      g->epochsDirty = true;
      ++points_;
    }
    if (!rows.empty()) {
      lastId_ = rows.back().id;
      added = true;
    }
    read += rows.size();
    if (rows.size() < want) break;
  }
  return added;
}

std::vector<int> RunSeries::groups() const {
  std::vector<int> out;
  for (const auto& [g, _] : groups_) out.push_back(g);
  return out;
}

const RunSeries::Curve* RunSeries::curve(int group, const std::string& name) const {
  auto g = groups_.find(group);
  if (g == groups_.end()) return nullptr;
  auto c = g->second.curves.find(name);
  return c == g->second.curves.end() ? nullptr : &c->second;
}

std::map<int64_t, double> RunSeries::extras(const std::string& name) const {
  auto it = extras_.find(name);
  return it == extras_.end() ? std::map<int64_t, double>{} : it->second;
}

bool RunSeries::lastValue(int group, const std::string& name, double* value) const {
  const Curve* c = curve(group, name);
  if (!c || c->points.empty()) return false;
  *value = c->points.back().value;
  return true;
}

void RunSeries::updateEpochs(const Group& g) const {
  if (!g.epochsDirty) return;
  auto& ends = const_cast<Group&>(g).epochEnds;
  ends.clear();
  const Curve* epochs = nullptr;
  for (const auto& [name, c] : g.curves)
    if (c.perEpoch && (!epochs || c.points.size() > epochs->points.size())) epochs = &c;
  auto loss = g.curves.find("loss");
  if (epochs && loss != g.curves.end()) {
    const auto& steps = loss->second.points;
    for (const Point& e : epochs->points) {
      double last = kNaN;
      for (const Point& p : steps)  // store order is time order: the epoch's last step
        if (p.wall <= e.wall) last = std::isnan(last) ? p.step : std::max(last, p.step);
      const auto epoch = static_cast<size_t>(std::max(1.0, e.step));
      if (ends.size() < epoch) ends.resize(epoch, kNaN);
      ends[epoch - 1] = last;
    }
  }
  const_cast<Group&>(g).epochsDirty = false;
}

double RunSeries::epochEndStep(int group, int epoch) const {
  auto g = groups_.find(group);
  if (g == groups_.end() || epoch < 1) return kNaN;
  updateEpochs(g->second);
  const auto& ends = g->second.epochEnds;
  return static_cast<size_t>(epoch) <= ends.size() ? ends[epoch - 1] : kNaN;
}

// Linear within each epoch: the step after epoch e-1 ended starts epoch e; the step where epoch e
// ended is e. Past the last finished epoch, epochs are as long as the last one.
double RunSeries::stepToEpoch(const Group& g, double step) const {
  updateEpochs(g);
  double prevEnd = -1, prevLen = kNaN;
  for (size_t e = 0; e < g.epochEnds.size(); ++e) {
    const double end = g.epochEnds[e];
    if (std::isnan(end)) continue;
    const double len = end - prevEnd;
    if (step <= end && len > 0) return static_cast<double>(e) + (step - prevEnd) / len;
    prevEnd = end;
    prevLen = len;
    if (e + 1 == g.epochEnds.size() && prevLen > 0)
      return static_cast<double>(e + 1) + (step - prevEnd) / prevLen;
  }
  return kNaN;
}

double RunSeries::x(int group, const Curve& c, const Point& p, XAxis axis) const {
  if (axis == XAxis::WallTime) return p.wall;
  if (c.perEpoch) {
    if (axis == XAxis::Epoch) return p.step;
    return epochEndStep(group, static_cast<int>(p.step));
  }
  if (axis == XAxis::Step) return p.step;
  auto g = groups_.find(group);
  return g == groups_.end() ? kNaN : stepToEpoch(g->second, p.step);
}

}  // namespace d500::studio
