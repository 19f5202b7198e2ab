#include "dashboards/curve_panel.h"

#include <QCursor>
#include <QToolTip>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <algorithm>
#include <cmath>

#include "charts/chart_model.h"
#include "charts/chart_view.h"
#include "charts/legend_list.h"
#include "charts/palette.h"
#include "dashboards/axis_unit.h"

namespace d500::studio {

namespace {

constexpr double kCapFraction = 0.012;  // error bar caps, of the visible x range

// [lo, hi] padded: by a factor on a log axis (whose values are all positive), else by 5%.
std::pair<double, double> range(double lo, double hi, bool log) {
  if (!log) return paddedRange(lo, hi);
  if (!(lo > 0) || !(hi >= lo)) return {1, 10};
  return {lo / 1.3, hi * 1.3};
}

}  // namespace

CurvePanel::CurvePanel(const QString& id, CurveAxes axes, CurveSource source, QWidget* parent)
    : MeasurementPanel(id, parent), axes_(std::move(axes)), source_(std::move(source)) {
  const PanelChart pc = makePanelChart(this, axes_.title);
  chart_ = pc.chart;
  view_ = pc.view;
  legend_ = pc.legend;
  draw();
}

CurvePanel::~CurvePanel() {
  chart_->removeAllSeries();
}

QAbstractAxis* CurvePanel::xAxis() const {
  return chart_->axes(Qt::Horizontal).value(0);
}

QAbstractAxis* CurvePanel::yAxis() const {
  return chart_->axes(Qt::Vertical).value(0);
}

QStringList CurvePanel::legendTexts() const {
  return legend_->texts();
}

void CurvePanel::update(const DashboardData& data) {
  curves_ = source_(data);
  // Points a log axis cannot show (zero or negative) are left out rather than drawn at a wrong
  // place; a curve left empty is not named in the legend.
  for (Curve& c : curves_)
    c.points.erase(std::remove_if(c.points.begin(), c.points.end(),
                                  [&](const CurvePoint& p) {
                                    return !std::isfinite(p.x) || !std::isfinite(p.y) ||
                                           (axes_.logX && p.x <= 0) || (axes_.logY && p.y <= 0);
                                  }),
                   c.points.end());
  curves_.erase(std::remove_if(curves_.begin(), curves_.end(),
                               [](const Curve& c) { return c.points.empty(); }),
                curves_.end());
  draw();
}

void CurvePanel::clear() {
  curves_.clear();
  sharedX_ = {INFINITY, -INFINITY};
  draw();
}

void CurvePanel::setSharedXRange(double lo, double hi) {
  if (sharedX_ == std::pair{lo, hi}) return;
  sharedX_ = {lo, hi};
  draw();
}

void CurvePanel::shareXRanges(const QList<MeasurementPanel*>& panels) {
  std::vector<CurvePanel*> curves;
  for (MeasurementPanel* p : panels)
    if (auto* c = qobject_cast<CurvePanel*>(p); c && c->hasData()) curves.push_back(c);
  for (CurvePanel* c : curves) {
    double lo = INFINITY, hi = -INFINITY;
    for (CurvePanel* o : curves)
      if (o->axes_.x == c->axes_.x && o->axes_.logX == c->axes_.logX &&
          o->axes_.xBase == c->axes_.xBase) {
        lo = std::min(lo, o->dataX_.first);
        hi = std::max(hi, o->dataX_.second);
      }
    c->setSharedXRange(lo, hi);
  }
}

void CurvePanel::addErrorBar(const Curve& c, const CurvePoint& p, double scale, double x0,
                             double x1) {
  double left, right;
  if (axes_.logX) {
    const double f = std::pow(x1 / x0, kCapFraction);
    left = p.x / f;
    right = p.x * f;
  } else {
    const double w = (x1 - x0) * kCapFraction;
    left = p.x - w;
    right = p.x + w;
  }
  double lo = p.lo * scale, hi = p.hi * scale;
  if (axes_.logY && lo <= 0) lo = p.y * scale;  // a log axis cannot reach down to it
  auto* bar = new QLineSeries;
  QPen pen(seriesColor(c.colour), 1.2);
  if (p.capped) pen.setStyle(Qt::DashLine);
  bar->setPen(pen);
  // One connected polyline traces an "I": bottom cap, up the bar, top cap.
  bar->replace({{left, lo}, {right, lo}, {p.x, lo}, {p.x, hi}, {left, hi}, {right, hi}});
  chart_->addSeries(bar);
  bar->attachAxis(xAxis());
  bar->attachAxis(yAxis());
}

void CurvePanel::draw() {
  ChartModel::clearChart(chart_);
  double maxAbs = 0;
  double b[4] = {INFINITY, -INFINITY, INFINITY, -INFINITY};  // x0, x1, y0, y1 as stored
  for (const Curve& c : curves_)
    for (const CurvePoint& p : c.points) {
      maxAbs = std::max(maxAbs, std::fabs(p.y));
      b[0] = std::min(b[0], p.x);
      b[1] = std::max(b[1], p.x);
      const double lo = p.ci && (!axes_.logY || p.lo > 0) ? p.lo : p.y;
      b[2] = std::min(b[2], std::min(lo, p.y));
      b[3] = std::max(b[3], p.ci ? std::max(p.hi, p.y) : p.y);
    }
  dataX_ = {b[0], b[1]};
  b[0] = std::min(b[0], sharedX_.first);  // the range the dashboard's panels share
  b[1] = std::max(b[1], sharedX_.second);
  const AxisUnit unit = axisUnitFor(axes_.unit, maxAbs);
  QString yTitle = axes_.quantity;
  if (!unit.symbol.isEmpty()) yTitle += QStringLiteral(" (%1)").arg(unit.symbol);
  chart_->addAxis(panelAxis(axes_.x, axes_.logX, axes_.xBase, axes_.xFormat), Qt::AlignBottom);
  chart_->addAxis(panelAxis(yTitle, axes_.logY), Qt::AlignLeft);
  const auto [x0, x1] = range(b[0], b[1], axes_.logX);
  const auto [y0, y1] = range(b[2] * unit.scale, b[3] * unit.scale, axes_.logY);
  if (axes_.logX && axes_.xBase != 10)
    ChartModel::setAxisRange(xAxis(), x0, x1);  // its labels are powers of its base in range
  else
    ChartModel::setAutoRange(xAxis(), x0, x1);
  ChartModel::setAutoRange(yAxis(), y0, y1);
  const auto [vx0, vx1] = ChartModel::axisRange(xAxis());
  QList<LegendList::Entry> entries;
  for (const Curve& c : curves_) {
    auto* s = new QLineSeries;
    s->setName(c.label);
    s->setPen(QPen(seriesColor(c.colour), 1.8, c.style));
    s->setPointsVisible(true);
    s->setMarkerSize(7);
    QList<QPointF> pts;
    for (const CurvePoint& p : c.points) pts.append(QPointF(p.x, p.y * unit.scale));
    s->replace(pts);
    chart_->addSeries(s);
    s->attachAxis(xAxis());
    s->attachAxis(yAxis());
    const Curve* curve = &c;
    QObject::connect(s, &QXYSeries::hovered, s, [curve](QPointF at, bool in) {
      if (!in) return QToolTip::hideText();
      const CurvePoint* best = &curve->points.front();
      for (const CurvePoint& p : curve->points)
        if (std::fabs(p.x - at.x()) < std::fabs(best->x - at.x())) best = &p;
      QToolTip::showText(QCursor::pos(), curve->label + QLatin1Char('\n') + best->tip);
    });
    for (const CurvePoint& p : c.points)
      if (p.ci) addErrorBar(c, p, unit.scale, vx0, vx1);
    entries.append({c.label, seriesColor(c.colour), c.style, true});
  }
  legend_->setEntries(entries);
  ChartModel::finishAxes(chart_);
  chart_->setTitle(curves_.empty() ? tr("%1 — not in this run").arg(axes_.title) : axes_.title);
}

}  // namespace d500::studio
