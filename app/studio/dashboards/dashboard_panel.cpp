#include "dashboards/dashboard_panel.h"

#include <QVBoxLayout>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>
#include <map>

#include "charts/chart_model.h"
#include "charts/chart_view.h"
#include "charts/decimate.h"
#include "charts/ema_smoother.h"
#include "charts/legend_list.h"
#include "charts/palette.h"
#include "charts/seed_band.h"
#include "charts/units.h"
#include "dashboards/axis_unit.h"
#include "dashboards/measurement_panel.h"

namespace d500::studio {

namespace {

QValueAxis* valueAxis(const QString& title) {
  return static_cast<QValueAxis*>(panelAxis(title));
}

}  // namespace

DashboardPanel::DashboardPanel(const PanelSpec& spec, QWidget* parent)
    : QWidget(parent), spec_(spec) {
  setObjectName(spec.id);
  const PanelChart pc = makePanelChart(this, spec.title);
  chart_ = pc.chart;
  view_ = pc.view;
  legend_ = pc.legend;
}

DashboardPanel::~DashboardPanel() {
  chart_->removeAllSeries();
}

double DashboardPanel::yMin() const {
  auto* a = qobject_cast<QValueAxis*>(chart_->axes(Qt::Vertical).value(0));
  return a ? a->min() : 0;
}

double DashboardPanel::yMax() const {
  auto* a = qobject_cast<QValueAxis*>(chart_->axes(Qt::Vertical).value(0));
  return a ? a->max() : 0;
}

void DashboardPanel::setXRange(double lo, double hi) {
  const auto [x0, x1] = lo < hi ? std::pair{lo, hi} : paddedRange(lo, hi);
  ChartModel::setAutoRange(chart_->axes(Qt::Horizontal).value(0), x0, x1);
}

QString DashboardPanel::xTitle(RunSeries::XAxis x) const {
  switch (x) {
    case RunSeries::XAxis::Epoch:
      return tr("epoch");
    case RunSeries::XAxis::WallTime:
      return tr("wall time since the training started (s)");
    case RunSeries::XAxis::Step:
      break;
  }
  return tr("step");
}

bool DashboardPanel::drawLine(const RunSeries& series, const View& view, const PanelLine& line,
                              int group, double scale, double (&bounds)[4]) {
  const RunSeries::Curve* c = series.curve(group, line.series);
  if (!c || c->points.empty()) return false;
  std::vector<double> xs, ys, values;
  xs.reserve(c->points.size());
  for (const auto& p : c->points) values.push_back(p.value);
  if (line.draw == PanelLine::Draw::Ema) values = EmaSmoother::smooth(values, view.smoothing);
  for (size_t i = 0; i < c->points.size(); ++i) {
    const double x = series.x(group, *c, c->points[i], view.x);
    const double y = values[i] * scale;
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    xs.push_back(x);
    ys.push_back(y);
    bounds[0] = std::min(bounds[0], x);
    bounds[1] = std::max(bounds[1], x);
    bounds[2] = std::min(bounds[2], y);
    bounds[3] = std::max(bounds[3], y);
  }
  if (xs.empty()) return false;
  DecimateOptions d;
  d.xMin = *std::min_element(xs.begin(), xs.end());
  d.xMax = *std::max_element(xs.begin(), xs.end());
  if (d.xMax <= d.xMin) d.xMax = d.xMin + 1;
  d.columns = std::max(100, static_cast<int>(chart_->plotArea().width()));
  auto* s = new QLineSeries;
  s->setName(line.label);
  s->replace(c->perEpoch ? [&] {
    QList<QPointF> all;
    for (size_t i = 0; i < xs.size(); ++i) all.append(QPointF(xs[i], ys[i]));
    return all;
  }() : decimateMinMax(xs, ys, d));
  const int colour = std::max(0, static_cast<int>(view.allGroups.indexOf(group)));
  QColor color = seriesColor(colour);
  double width = 1.8;
  if (line.draw == PanelLine::Draw::FaintRaw) {
    color.setAlpha(view.smoothing > 0 ? 70 : 255);
    width = 1.0;
  } else if (line.draw == PanelLine::Draw::Ema) {
    width = 2.2;
  }
  s->setPen(QPen(color, width, line.style));
  if (c->perEpoch || s->count() == 1) {  // a lone point is no line: its marker shows it
    s->setPointsVisible(true);
    s->setMarkerSize(7);
  }
  chart_->addSeries(s);
  return true;
}

bool DashboardPanel::drawBand(const RunSeries& series, const View& view, const PanelLine& line,
                              int colour, double scale, double (&bounds)[4], double* coverage) {
  SeedPoints seeds;
  std::map<double, double> xOf;  // stored step -> x on the axis (of the first seed that has it)
  for (int g : view.groups) {
    const RunSeries::Curve* c = series.curve(g, line.series);
    if (!c) continue;
    std::vector<double> values;
    for (const auto& p : c->points) values.push_back(p.value);
    if (line.draw == PanelLine::Draw::Ema) values = EmaSmoother::smooth(values, view.smoothing);
    for (size_t i = 0; i < c->points.size(); ++i) {
      const double x = series.x(g, *c, c->points[i], view.x);
      if (!std::isfinite(x) || !std::isfinite(values[i])) continue;
      seeds[g].push_back({c->points[i].step, values[i]});
      xOf.emplace(c->points[i].step, x);
    }
  }
  const std::vector<BandPoint> band = seedBand(seeds);
  if (band.empty()) return false;
  // At most about two points per pixel column: a long run's band stays cheap to draw.
  const size_t stride = std::max<size_t>(
      1, band.size() / (2 * std::max(100, static_cast<int>(chart_->plotArea().width()))));
  QList<QPointF> med, lo, hi;
  *coverage = 1;
  for (size_t i = 0; i < band.size(); i += stride) {
    const BandPoint& b = band[i];
    const double x = xOf[b.step];
    med.append({x, b.median * scale});
    lo.append({x, b.lo * scale});
    hi.append({x, b.hi * scale});
    if (b.seeds > 1) *coverage = std::min(*coverage, b.coverage);
    bounds[0] = std::min(bounds[0], x);
    bounds[1] = std::max(bounds[1], x);
    bounds[2] = std::min(bounds[2], b.lo * scale);
    bounds[3] = std::max(bounds[3], b.hi * scale);
  }
  const QColor color = seriesColor(colour);
  auto* area = new QAreaSeries;
  auto* upper = new QLineSeries(area);  // the area draws them and keeps them
  auto* lower = new QLineSeries(area);
  upper->replace(hi);
  lower->replace(lo);
  area->setUpperSeries(upper);
  area->setLowerSeries(lower);
  QColor fill = color;
  fill.setAlpha(55);
  area->setBrush(fill);
  area->setPen(QPen(Qt::NoPen));
  chart_->addSeries(area);
  auto* m = new QLineSeries;
  m->setName(line.label);
  m->setPen(QPen(color, 2.0, line.style));
  m->replace(med);
  if (RunSeries::isPerEpoch(line.series) || m->count() == 1) {
    m->setPointsVisible(true);
    m->setMarkerSize(7);
  }
  chart_->addSeries(m);
  return true;
}

bool DashboardPanel::marked(const QString& label) const {
  for (QAbstractSeries* s : chart_->series())
    if (auto* line = qobject_cast<QLineSeries*>(s);
        line && line->name() == label && line->pointsVisible())
      return true;
  return false;
}

void DashboardPanel::draw(const RunSeries& series, const View& view) {
  ChartModel::clearChart(chart_);
  hasData_ = false;
  double maxAbs = 0;
  for (const PanelLine& line : spec_.lines)
    for (int g : view.groups)
      if (const auto* c = series.curve(g, line.series))
        for (const auto& p : c->points)
          if (std::isfinite(p.value)) maxAbs = std::max(maxAbs, std::fabs(p.value));
  const AxisUnit unit = axisUnitFor(spec_.unit, maxAbs);
  double bounds[4] = {INFINITY, -INFINITY, INFINITY, -INFINITY};
  QList<LegendList::Entry> entries;
  const bool band = view.band && view.groups.size() > 1;
  double bandCoverage = 2;  // the lowest of the panel's bands; 2: none drawn
  for (const PanelLine& line : spec_.lines) {
    if (band) {
      // One colour per line, since the seeds are folded into one; the raw loss under its EMA
      // would be a second band of the same seeds: left out.
      const int colour = static_cast<int>(&line - spec_.lines.data());
      double coverage = 1;
      if (line.draw == PanelLine::Draw::FaintRaw ||
          !drawBand(series, view, line, colour, unit.scale, bounds, &coverage))
        continue;
      hasData_ = true;
      bandCoverage = std::min(bandCoverage, coverage);
      entries.append({line.label, seriesColor(colour), line.style, marked(line.label)});
      continue;
    }
    bool drawn = false;
    for (int g : view.groups) drawn = drawLine(series, view, line, g, unit.scale, bounds) || drawn;
    if (drawn) {
      const int colour = view.groups.size() == 1
                             ? std::max(0, static_cast<int>(view.allGroups.indexOf(view.groups[0])))
                             : -1;
      QColor color = colour >= 0 ? seriesColor(colour) : QColor(70, 70, 70);
      if (line.draw == PanelLine::Draw::FaintRaw && view.smoothing > 0) color.setAlpha(110);
      entries.append({line.label, color, line.style, marked(line.label)});
    }
    hasData_ = hasData_ || drawn;
  }
  if (spec_.showsTarget && view.target > 0 && hasData_) {
    // Where time-to-accuracy is measured: the first evaluation at or above this line.
    const double y = view.target * unit.scale;
    auto* t = new QLineSeries;
    t->setName(tr("target"));
    t->setPen(QPen(QColor(46, 125, 50), 1.4, Qt::DashDotLine));
    t->replace({{bounds[0], y}, {bounds[1], y}});
    chart_->addSeries(t);
    bounds[2] = std::min(bounds[2], y);
    bounds[3] = std::max(bounds[3], y);
    entries.append({tr("target %1% (time-to-accuracy)").arg(formatPercent(100 * view.target)),
                    QColor(46, 125, 50), Qt::DashDotLine, false});
  }
  if (bandCoverage <= 1)
    entries.append({tr("shaded: CI of the median (%1%)").arg(formatPercent(100 * bandCoverage)),
                    QColor(150, 170, 200), Qt::SolidLine, false});
  legend_->setEntries(entries);
  QString yTitle = spec_.quantity;
  if (!unit.symbol.isEmpty()) yTitle += QStringLiteral(" (%1)").arg(unit.symbol);
  QValueAxis* ax = valueAxis(xTitle(view.x));
  QValueAxis* ay = valueAxis(yTitle);
  chart_->addAxis(ax, Qt::AlignBottom);
  chart_->addAxis(ay, Qt::AlignLeft);
  for (QAbstractSeries* s : chart_->series()) {
    s->attachAxis(ax);
    s->attachAxis(ay);
  }
  xMin_ = bounds[0];
  xMax_ = bounds[1];
  setXRange(xMin_, xMax_);
  auto [y0, y1] = paddedRange(bounds[2], bounds[3]);
  if (spec_.unit == PanelSpec::Unit::Percent && bounds[3] <= 100) y1 = std::min(y1, 100.0);
  ChartModel::setAutoRange(ay, y0, y1);
  ChartModel::finishAxes(chart_);
}

}  // namespace d500::studio
