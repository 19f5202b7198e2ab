#include "history/history_chart.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <vector>

#include "charts/chart_model.h"
#include "charts/palette.h"
#include "charts/units.h"
#include "d500/report/format.h"

namespace d500::studio {

namespace {

// Values in the unit that keeps them short: µs for times around microseconds.
struct Scale {
  double div = 1;
  QString unit;
};

Scale scaleOf(const history::Series& ser) {
  if (ser.unit != "ns") return {1, QString::fromStdString(ser.unit)};
  double typical = 0;
  for (const auto& p : ser.points) typical = std::max(typical, p.median);
  const DurationUnit u = DurationUnit::forTypical(typical);
  return {u.nsPerUnit, u.symbol};
}

QLineSeries* segment(QChart* chart, QPointF a, QPointF b, const QPen& pen) {
  auto* s = new QLineSeries;
  s->append(a);
  s->append(b);
  s->setPen(pen);
  chart->addSeries(s);
  chart->legend()->markers(s).value(0)->setVisible(false);
  return s;
}

// The x axis: run 1..n, up to ~8 of them labelled.
QCategoryAxis* xAxis(const history::Series& ser) {
  auto* x = new QCategoryAxis;
  x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  const size_t n = ser.points.size(), step = std::max<size_t>(1, (n + 7) / 8);
  // Run ids along time (the start times are in the table and the CSV); the field's values along a
  // version. Category labels are one line: Qt Charts elides, never wraps, them.
  // A version's label where its runs begin (labels of a category axis are unique).
  for (size_t i = 0; i < n; ++i) {
    const bool label = ser.axis == "started"
                           ? i % step == 0
                           : i == 0 || ser.points[i].axis != ser.points[i - 1].axis;
    if (!label) continue;
    x->append(ser.axis == "started" ? QStringLiteral("#%1").arg(ser.points[i].run_id)
                                    : QString::fromStdString(ser.points[i].axis),
              static_cast<double>(i + 1));
  }
  x->setRange(0.5, static_cast<double>(n) + 0.5);
  x->setTitleText(
      ser.axis == "started"
          ? HistoryChart::tr("run, in the order they started")
          : HistoryChart::tr("run, ordered by %1").arg(QString::fromStdString(ser.axis)));
  return x;
}

}  // namespace

QString HistoryChart::seriesTitle(const history::Series& ser) {
  return QString::fromStdString(ser.experiment + " · " + ser.implementation + " · " + ser.subject);
}

QString HistoryChart::changeLabel(const history::Series& ser, const measure::ChangePoint& c) {
  return tr("%1 (runs %2 → %3)")
      .arg(QString::fromStdString(report::signed_percent(c.change)))
      .arg(ser.points[c.index - 1].run_id)
      .arg(ser.points[c.index].run_id);
}

void HistoryChart::draw(QChart* chart, const history::Series& ser,
                        const history::SeriesChanges& found, const Clicks& clicks) {
  ChartModel::clearChart(chart);
  chart->setTitle(seriesTitle(ser) + QStringLiteral(" — ") + QString::fromStdString(ser.machine));
  if (ser.points.empty()) return;
  const Scale sc = scaleOf(ser);
  const QColor color = seriesColor(0);
  auto* medians = new QScatterSeries;
  medians->setName(tr("median of a run, with its 95% CI"));
  medians->setColor(color);
  medians->setMarkerSize(9);
  double lo = ser.points[0].median, hi = lo;
  std::vector<QPointF> bars;
  for (size_t i = 0; i < ser.points.size(); ++i) {
    const auto& p = ser.points[i];
    const double x = static_cast<double>(i + 1);
    medians->append(x, p.median / sc.div);
    lo = std::min(lo, p.ci_valid ? p.ci_lo : p.median);
    hi = std::max(hi, p.ci_valid ? p.ci_hi : p.median);
    if (p.ci_valid) bars.insert(bars.end(), {{x, p.ci_lo / sc.div}, {x, p.ci_hi / sc.div}});
  }
  QPen barPen(color, 1.5);
  for (size_t i = 0; i + 1 < bars.size(); i += 2) segment(chart, bars[i], bars[i + 1], barPen);
  chart->addSeries(medians);
  // Each stretch between change points at the median of its runs' medians.
  QPen level(QColor(0x55, 0x55, 0x55), 1.5, Qt::DashLine);
  size_t from = 0;
  auto stretch = [&](size_t to) {
    std::vector<double> m;
    for (size_t i = from; i < to; ++i) m.push_back(ser.points[i].median);
    std::nth_element(m.begin(), m.begin() + m.size() / 2, m.end());
    const double y = m[m.size() / 2] / sc.div;
    segment(chart, {from + 0.6, y}, {to + 0.4, y}, level);
    from = to;
  };
  for (const auto& c : found.changes) stretch(c.index);
  stretch(ser.points.size());
  // Each change: a dotted line between its two runs and a marker labelled with the change.
  const QColor red(0xd6, 0x27, 0x28);
  for (size_t i = 0; i < found.changes.size(); ++i) {
    const auto& c = found.changes[i];
    const double x = c.index + 0.5;
    segment(chart, {x, lo / sc.div}, {x, hi / sc.div}, QPen(red, 1.5, Qt::DotLine));
    auto* mark = new QScatterSeries;
    mark->setName(tr("change point (click it for its details)"));
    mark->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    mark->setMarkerSize(15);
    mark->setColor(red);
    mark->append(x, hi / sc.div);
    mark->setPointLabelsFormat(changeLabel(ser, c));  // no placeholder: the text as it is
    mark->setPointLabelsVisible(true);
    mark->setPointLabelsClipping(false);
    chart->addSeries(mark);
    if (i > 0) chart->legend()->markers(mark).value(0)->setVisible(false);
    QObject::connect(mark, &QScatterSeries::clicked, chart, [clicks, i](const QPointF&) {
      if (clicks.change) clicks.change(i);
    });
  }
  auto* y = new QValueAxis;
  y->setTitleText(tr("median (%1)").arg(sc.unit));
  auto* x = xAxis(ser);
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  for (auto* s : chart->series()) {
    s->attachAxis(x);
    s->attachAxis(y);
  }
  // Room above the highest bar for the change labels.
  ChartModel::setAutoRange(y, lo / sc.div, (hi + 0.12 * (hi - lo)) / sc.div);
  ChartModel::finishAxes(chart);
  QObject::connect(medians, &QScatterSeries::clicked, chart, [clicks](const QPointF& p) {
    if (clicks.point && p.x() >= 1) clicks.point(static_cast<size_t>(p.x() + 0.5) - 1);
  });
}

}  // namespace d500::studio
