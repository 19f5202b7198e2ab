#include "charts/chart_model.h"

#include <QCursor>
#include <QToolTip>
#include <QtCharts/QAbstractSeries>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QBoxPlotSeries>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <QtCharts/QXYSeries>
#include <algorithm>
#include <cmath>

#include "charts/axis_ticks.h"
#include "charts/axis_titles.h"

namespace d500::studio {

bool ChartModel::readSeries(const store::ResultStore& s, const QList<qint64>& runIds,
                            size_t rowBudget, std::map<qint64, int64_t>& lastId,
                            const std::function<void(qint64, const store::SeriesPoint&)>& row) {
  constexpr size_t kChunk = 50000;  // bounds the transient row vector (~5 MB)
  bool added = false;
  for (qint64 run : runIds) {
    size_t read = 0;
    for (;;) {
      const size_t want = rowBudget ? std::min(kChunk, rowBudget - read) : kChunk;
      if (want == 0) break;
      const auto rows = s.series_after(run, lastId[run], want);
      for (const auto& p : rows) row(run, p);
      if (!rows.empty()) {
        lastId[run] = rows.back().id;
        added = true;
      }
      read += rows.size();
      if (rows.size() < want) break;
    }
  }
  return added;
}

namespace {
// The data bounds an axis was last auto-ranged to. Re-applying the same bounds would move the
// axis to them and back to its nice range, and every range change re-lays out the labels and
// every series (about 15 ms a redraw): skip it when the data bounds did not change.
const char* const kAutoRange = "d500AutoRange";
}  // namespace

const char* const ChartModel::kHiddenFromLegend = "d500HiddenFromLegend";

ChartModel::~ChartModel() = default;

void ChartModel::clearChart(QChart* chart) {
  chart->removeAllSeries();
  for (QAbstractAxis* a : chart->axes()) {
    // Qt Charts hands a removed axis's title, labels and grid to deleteLater() without hiding
    // them: until the event loop runs again they are drawn beside the new axes (a headless
    // screenshot, which runs none, showed two y titles and doubled labels). Hidden first, never.
    a->setVisible(false);
    chart->removeAxis(a);
    delete a;
  }
}

void ChartModel::finishAxes(QChart* chart) {
  bool data = false;
  for (QAbstractSeries* s : chart->series()) {
    if (auto* xy = qobject_cast<QXYSeries*>(s)) data = data || xy->count() > 0;
    if (auto* box = qobject_cast<QBoxPlotSeries*>(s)) data = data || box->count() > 0;
    if (auto* area = qobject_cast<QAreaSeries*>(s)) data = data || area->upperSeries()->count() > 0;
  }
  for (QAbstractAxis* a : chart->axes())
    if (a->isVisible() != data) a->setVisible(data);
  AxisTitles::fit(chart);
}

QAbstractAxis* ChartModel::makeAxis(bool log, const QString& title) {
  QAbstractAxis* axis;
  if (log) {
    auto* l = new QLogValueAxis;
    l->setBase(10);
    l->setLabelFormat(QStringLiteral("%.6g"));
    l->setMinorTickCount(-1);  // minor ticks at 2..9 of each decade
    axis = l;
  } else {
    auto* v = new QValueAxis;
    v->setLabelFormat(QStringLiteral("%.6g"));
    axis = v;
  }
  axis->setTitleText(title);
  axis->setMinorGridLineColor(QColor(236, 236, 236));
  return axis;
}

void ChartModel::setAxisRange(QAbstractAxis* axis, double lo, double hi) {
  if (!axis) return;
  axis->setProperty(kAutoRange, QVariant());  // a range set by hand (zoom) is not the auto one
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) return;
  if (auto* l = qobject_cast<QLogValueAxis*>(axis)) {
    if (lo <= 0) return;
    if (l->min() != lo || l->max() != hi) l->setRange(lo, hi);
  } else if (auto* v = qobject_cast<QValueAxis*>(axis)) {
    if (v->min() != lo || v->max() != hi) v->setRange(lo, hi);
  }
  AxisTicks::applyFormat(axis);
}

void ChartModel::setAutoRange(QAbstractAxis* axis, double lo, double hi) {
  if (!axis) return;
  const QVariant bounds = QPointF(lo, hi);
  if (axis->property(kAutoRange) == bounds) return;
  if (auto* l = qobject_cast<QLogValueAxis*>(axis); l && lo > 0 && hi > lo) {
    // Fitted to the data, with a labelled power of the base near each end.
    const AxisTicks::LogRange r = AxisTicks::fitLog(lo, hi);
    if (l->base() != r.base) {
      l->setBase(r.base);
      l->setMinorTickCount(r.base == 10 ? -1 : 0);  // 2..9 within a decade; none in an octave
    }
    setAxisRange(axis, r.lo, r.hi);
  } else {
    setAxisRange(axis, lo, hi);
    if (auto* v = qobject_cast<QValueAxis*>(axis); v && !qobject_cast<QCategoryAxis*>(axis)) {
      v->applyNiceNumbers();
      AxisTicks::applyFormat(axis);
    }
  }
  axis->setProperty(kAutoRange, bounds);
}

std::pair<double, double> ChartModel::axisRange(const QAbstractAxis* axis) {
  if (auto* l = qobject_cast<const QLogValueAxis*>(axis)) return {l->min(), l->max()};
  if (auto* v = qobject_cast<const QValueAxis*>(axis)) return {v->min(), v->max()};
  return {0, 0};
}

std::pair<double, double> ChartModel::padded(double lo, double hi, bool log) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || lo > hi)
    return log ? std::pair{1.0, 10.0} : std::pair{0.0, 1.0};
  if (log) {
    if (lo <= 0) lo = hi > 0 ? hi / 10 : 1;
    if (hi <= 0) hi = lo * 10;
    if (hi == lo) return {lo / 2, hi * 2};
    const double f = std::pow(hi / lo, 0.04);
    return {lo / f, hi * f};
  }
  if (hi == lo) {
    const double d = lo == 0 ? 1 : std::fabs(lo) * 0.1;
    return {lo - d, hi + d};
  }
  const double d = (hi - lo) * 0.04;
  // Data that never goes below zero (losses, rates) gets no negative axis from the margin.
  return {lo >= 0 ? std::max(0.0, lo - d) : lo - d, hi + d};
}

void ChartModel::hideFromLegend(QChart* chart, QAbstractSeries* series) {
  for (QLegendMarker* m : chart->legend()->markers(series)) m->setVisible(false);
  // A marker's visibility also follows its legend's layout, which may not have run yet: the
  // legend lists read this instead (LegendList::entriesOf).
  series->setProperty(kHiddenFromLegend, true);
}

void ChartModel::showToolTip(const QString& text) {
  if (text.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(QCursor::pos(), text);
}

}  // namespace d500::studio
