#include "charts/seed_band_chart_model.h"

#include <QtCharts/QAreaSeries>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <algorithm>

#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/decimate.h"
#include "charts/palette.h"
#include "charts/series_buffer.h"
#include "charts/units.h"

namespace d500::studio {

void SeedBandChartModel::clear() {
  groups_.clear();
  lastId_.clear();
  runIds_.clear();
  names_.clear();
  points_ = 0;
  shapeChanged_ = true;
}

bool SeedBandChartModel::poll(const store::ResultStore& s, const QList<qint64>& runIds,
                              size_t rowBudget) {
  runIds_ = runIds;
  return readSeries(s, runIds, rowBudget, lastId_, [&](qint64 run, const store::SeriesPoint& p) {
    const auto split = splitSeedName(p.name);
    if (!split) return;  // not a per-seed series
    auto key = std::make_tuple(run, p.rank, split->first);
    auto it = groups_.find(key);
    if (it == groups_.end()) {
      Group g;
      g.run = run;
      g.rank = p.rank;
      g.name = QString::fromStdString(split->first);
      if (!names_.contains(g.name)) names_.append(g.name);
      it = groups_.emplace(key, std::move(g)).first;
      shapeChanged_ = true;
    }
    it->second.seeds[split->second].emplace_back(double(p.step), p.value);
    it->second.dirty = true;
    ++points_;
  });
}

void SeedBandChartModel::update(Group& g) const {
  if (!g.dirty) return;
  g.band = seedBand(g.seeds);
  g.dirty = false;
}

std::vector<BandPoint> SeedBandChartModel::band(qint64 run, int rank, const QString& name) const {
  auto it = groups_.find(std::make_tuple(run, rank, name.toStdString()));
  if (it == groups_.end()) return {};
  update(const_cast<Group&>(it->second));
  return it->second.band;
}

QStringList SeedBandChartModel::shownNames(const ChartOptions& o) const {
  QStringList shown;
  for (const QString& n : o.series)
    if (names_.contains(n)) shown.append(n);
  if (!shown.isEmpty()) return shown;
  // By default the convergence measure: test accuracy, else the first series there is.
  for (const char* preferred : {"test_accuracy", "loss"})
    if (names_.contains(QLatin1String(preferred))) return {QLatin1String(preferred)};
  return names_.isEmpty() ? QStringList() : QStringList{names_.first()};
}

QString SeedBandChartModel::note() const {
  if (groups_.empty()) return tr("no per-seed series (a training run with several seeds has them)");
  return tr(
      "band: the median's confidence interval from the seeds' order statistics; 95% needs 6 or "
      "more "
      "seeds, with fewer it is their range (coverage in the tooltip)");
}

// One group's band (its CI of the median across seeds, as an area) and median line, in the
// `colour`-th colour, decimated to `d`'s columns, with the median's hover.
void SeedBandChartModel::addGroup(QChart* chart, Group* g, int colour, const DecimateOptions& d,
                                  QAbstractAxis* ax, QAbstractAxis* ay) {
  std::vector<double> xs, med, lo, hi;
  size_t maxSeeds = 0;
  double minCoverage = 1;
  for (const BandPoint& p : g->band) {
    xs.push_back(p.step);
    med.push_back(p.median);
    lo.push_back(p.lo);
    hi.push_back(p.hi);
    maxSeeds = std::max(maxSeeds, p.seeds);
    if (p.seeds > 1) minCoverage = std::min(minCoverage, p.coverage);
  }
  QString label = g->name;
  if (runIds_.size() > 1) label += QStringLiteral(" · ") + catalog_.label(g->run);
  if (g->rank != 0) label += QLatin1Char(' ') + tr("[rank %1]").arg(g->rank);
  const QColor color = seriesColor(colour);
  auto* upper = new QLineSeries;
  auto* lower = new QLineSeries;
  upper->replace(decimateMinMax(xs, hi, d));
  lower->replace(decimateMinMax(xs, lo, d));
  auto* area = new QAreaSeries(upper, lower);
  area->setName(tr("%1: CI of the median (>= %2% coverage, up to %3 seeds)")
                    .arg(label)
                    .arg(formatNumber(100 * minCoverage, 3))
                    .arg(maxSeeds));
  QColor fill = color;
  fill.setAlpha(60);
  area->setBrush(fill);
  area->setPen(QPen(Qt::NoPen));
  chart->addSeries(area);
  area->attachAxis(ax);
  area->attachAxis(ay);
  auto* median = new QLineSeries;
  median->setName(tr("%1: median across seeds").arg(label));
  median->setPen(QPen(color, 2.0));
  median->replace(decimateMinMax(xs, med, d));
  chart->addSeries(median);
  median->attachAxis(ax);
  median->attachAxis(ay);
  QObject::connect(
      median, &QXYSeries::hovered, median, [this, g, label](const QPointF& at, bool inside) {
        if (!inside || g->band.empty()) return showToolTip({});
        auto it = std::lower_bound(g->band.begin(), g->band.end(), at.x(),
                                   [](const BandPoint& p, double x) { return p.step < x; });
        if (it == g->band.end()) --it;
        showToolTip(tr("%1\nstep %2 · %3 seeds\nmedian %4 · band [%5, %6] (%7% coverage)")
                        .arg(label)
                        .arg(qint64(it->step))
                        .arg(it->seeds)
                        .arg(it->median, 0, 'g', 6)
                        .arg(it->lo, 0, 'g', 6)
                        .arg(it->hi, 0, 'g', 6)
                        .arg(formatNumber(100 * it->coverage, 3)));
      });
}

void SeedBandChartModel::draw(QChart* chart, const ChartOptions& o, int columns, bool /*rebuild*/) {
  // The band's polygons are rebuilt on every draw: a few hundred points per group at most
  // after decimation, and an area series cannot be updated in place.
  clearChart(chart);
  const QStringList shown = shownNames(o);
  QAbstractAxis* ax = makeAxis(o.logX, tr("step"));
  QAbstractAxis* ay =
      makeAxis(o.logY, shown.isEmpty() ? tr("value") : shown.join(QStringLiteral(", ")));
  chart->addAxis(ax, Qt::AlignBottom);
  chart->addAxis(ay, Qt::AlignLeft);
  SeriesBuffer::Bounds xb, yb;
  std::vector<Group*> drawn;
  for (auto& [key, g] : groups_) {
    if (!shown.contains(g.name) || !runIds_.contains(g.run)) continue;
    update(g);
    if (g.band.empty()) continue;
    drawn.push_back(&g);
    for (const BandPoint& p : g.band) {
      xb.add(p.step);
      for (double v : {p.lo, p.hi}) yb.add(v);
    }
  }
  if (o.zoomed) {
    setAxisRange(ax, o.xMin, o.xMax);
    setAxisRange(ay, o.yMin, o.yMax);
  } else {
    auto [x0, x1] = xb.min < xb.max ? std::pair{o.logX ? xb.minPositive : xb.min, xb.max}
                                    : padded(xb.min, xb.max, o.logX);
    setAutoRange(ax, x0, x1);
    auto [y0, y1] = padded(o.logY ? yb.minPositive : yb.min, yb.max, o.logY);
    setAutoRange(ay, y0, y1);
  }
  const auto [x0, x1] = axisRange(ax);
  DecimateOptions d;
  d.xMin = x0;
  d.xMax = x1;
  d.columns = columns;
  d.logX = o.logX;
  d.logY = o.logY;
  d.sortedX = true;
  int colour = 0;
  for (Group* g : drawn) addGroup(chart, g, colour++, d, ax, ay);
  shapeChanged_ = false;
}

void SeedBandChartModel::writeCsv(CsvExport& out, const ChartOptions& o) const {
  out.row(QStringLiteral("run_id,rank,series,step,seeds,median,band_low,band_high,coverage")
              .split(QLatin1Char(',')));
  const QStringList shown = shownNames(o);
  for (const auto& [key, g] : groups_) {
    if (!shown.contains(g.name)) continue;
    for (const BandPoint& p : band(g.run, g.rank, g.name))
      out.row({QString::number(g.run), QString::number(g.rank), g.name,
               csv::number(int64_t(p.step)), QString::number(p.seeds), csv::number(p.median),
               csv::number(p.lo), csv::number(p.hi), csv::number(p.coverage)});
  }
}

QString SeedBandChartModel::csvUnits() const {
  return tr(
      "step: count; median, band_low, band_high: the series' own unit, from the stored per-seed "
      "values; "
      "coverage: probability that the band holds the median");
}

}  // namespace d500::studio
