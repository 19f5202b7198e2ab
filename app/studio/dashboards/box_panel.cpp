#include "dashboards/box_panel.h"

#include <QCursor>
#include <QToolTip>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBoxPlotSeries>
#include <QtCharts/QBoxSet>
#include <QtCharts/QChart>
#include <QtCharts/QScatterSeries>
#include <algorithm>
#include <cmath>

#include "charts/chart_model.h"
#include "charts/legend_list.h"
#include "charts/palette.h"
#include "charts/units.h"
#include "d500/measure/tail.h"
#include "dashboards/axis_unit.h"

namespace d500::studio {

namespace {

struct Marker {
  const char* name;
  double LatencyBoxPanel::Box::*value;
  QScatterSeries::MarkerShape shape;
  QColor color;
};

const Marker kMarkers[] = {
    {QT_TRANSLATE_NOOP("d500::studio::LatencyBoxPanel", "p50 (median)"), &LatencyBoxPanel::Box::p50,
     QScatterSeries::MarkerShapeCircle, QColor(30, 30, 30)},
    {QT_TRANSLATE_NOOP("d500::studio::LatencyBoxPanel", "p90"), &LatencyBoxPanel::Box::p90,
     QScatterSeries::MarkerShapeTriangle, QColor(230, 120, 0)},
    {QT_TRANSLATE_NOOP("d500::studio::LatencyBoxPanel", "p99"), &LatencyBoxPanel::Box::p99,
     QScatterSeries::MarkerShapeRectangle, QColor(200, 30, 30)},
};

}  // namespace

LatencyBoxPanel::LatencyBoxPanel(const QString& id, const QString& title, std::string kind,
                                 QWidget* parent)
    : MeasurementPanel(id, parent), kind_(std::move(kind)), title_(title) {
  const PanelChart pc = makePanelChart(this, title);
  chart_ = pc.chart;
  view_ = pc.view;
  legend_ = pc.legend;
  draw();
}

LatencyBoxPanel::~LatencyBoxPanel() {
  chart_->removeAllSeries();
}

QAbstractAxis* LatencyBoxPanel::yAxis() const {
  return chart_->axes(Qt::Vertical).value(0);
}

QStringList LatencyBoxPanel::legendTexts() const {
  return legend_->texts();
}

void LatencyBoxPanel::update(const DashboardData& data) {
  boxes_.clear();
  for (const auto* r : data.run.ofKind(kind_)) {
    std::vector<double> sorted = data.run.samples(data.store, r->m.id);
    const auto tail = measure::explain_tail(
        sorted, measure::contexts_from_words(data.store.sample_context_words(r->m.id)));
    std::sort(sorted.begin(), sorted.end());
    Box b;
    b.tail = tail.valid ? QString::fromStdString(measure::describe_tail(tail)) : QString();
    if (!tail.causes.empty())
      b.tailCause = QString::fromUtf8(measure::tail_cause_text(tail.causes.front()));
    else if (tail.contended)
      b.tailCause = tr("CPUs shared for the whole window");
    b.executor = QString::fromStdString(r->m.implementation);
    b.stats = BoxStats::fromSorted(sorted);
    b.p50 = r->m.median;
    b.p90 = r->m.p90;
    b.p99 = r->m.p99;
    b.n = r->m.n;
    boxes_.push_back(b);
  }
  draw();
}

void LatencyBoxPanel::clear() {
  boxes_.clear();
  draw();
}

void LatencyBoxPanel::draw() {
  ChartModel::clearChart(chart_);
  double lo = INFINITY, hi = 0, typical = 0;
  for (const Box& b : boxes_) {  // a percentile the store did not keep reads 0: left out
    lo = std::min({lo, b.stats.lowerWhisker, b.p50 > 0 ? b.p50 : INFINITY});
    hi = std::max({hi, b.stats.upperWhisker, b.p99});
    typical = std::max(typical, b.p50);
  }
  const DurationUnit unit = DurationUnit::forTypical(typical);
  auto* ax = new QBarCategoryAxis;
  ax->setTitleText(tr("executor"));
  auto* ay = panelAxis(tr("time per call (%1)").arg(unit.symbol), true);
  chart_->addAxis(ax, Qt::AlignBottom);
  chart_->addAxis(ay, Qt::AlignLeft);
  auto* boxes = new QBoxPlotSeries;
  QList<LegendList::Entry> entries;
  for (size_t i = 0; i < boxes_.size(); ++i) {
    const Box& b = boxes_[i];
    const double s = 1 / unit.nsPerUnit;
    auto* set = new QBoxSet(b.stats.lowerWhisker * s, b.stats.q1 * s, b.stats.median * s,
                            b.stats.q3 * s, b.stats.upperWhisker * s, b.executor);
    QColor fill = seriesColor(static_cast<int>(i));
    fill.setAlpha(150);
    set->setBrush(fill);
    set->setPen(QPen(seriesColor(static_cast<int>(i)).darker(130), 1.4));
    boxes->append(set);
    ax->append(b.executor);
    const QString label =
        b.tailCause.isEmpty()
            ? tr("%1 (n = %2)").arg(b.executor).arg(b.n)
            : tr("%1 (n = %2; tail: %3)").arg(b.executor).arg(b.n).arg(b.tailCause);
    entries.append({label, seriesColor(static_cast<int>(i)), Qt::SolidLine, false});
  }
  chart_->addSeries(boxes);
  boxes->attachAxis(ax);
  boxes->attachAxis(ay);
  QObject::connect(boxes, &QBoxPlotSeries::hovered, boxes, [this](bool in, QBoxSet* set) {
    if (!in) return QToolTip::hideText();
    for (const Box& b : boxes_)
      if (b.executor == set->label())
        QToolTip::showText(
            QCursor::pos(),
            tr("%1: n %2\np50 %3 · p90 %4 · p99 %5\nquartiles %6 – %7\n%8")
                .arg(b.executor)
                .arg(b.n)
                .arg(formatDuration(b.p50), formatDuration(b.p90), formatDuration(b.p99),
                     formatDuration(b.stats.q1), formatDuration(b.stats.q3), b.tail));
  });
  for (const Marker& m : kMarkers) {
    auto* s = new QScatterSeries;
    s->setName(tr(m.name));
    s->setMarkerShape(m.shape);
    s->setMarkerSize(11);
    s->setColor(m.color);
    s->setBorderColor(Qt::white);
    for (size_t i = 0; i < boxes_.size(); ++i)
      if (boxes_[i].*m.value > 0)  // the y axis is logarithmic
        s->append(static_cast<double>(i), boxes_[i].*m.value / unit.nsPerUnit);
    chart_->addSeries(s);
    s->attachAxis(ax);
    s->attachAxis(ay);
    entries.append({tr(m.name), m.color, Qt::NoPen, true});
  }
  entries.append({tr("box: quartiles, %1").arg(BoxStats::whiskerRule()), QColor(90, 90, 90),
                  Qt::SolidLine, false});
  legend_->setEntries(boxes_.empty() ? QList<LegendList::Entry>{} : entries);
  chart_->setTitle(boxes_.empty() ? tr("%1 — not in this run").arg(title_) : title_);
  ChartModel::finishAxes(chart_);
  if (boxes_.empty()) return;
  ChartModel::setAutoRange(ay, lo / unit.nsPerUnit / 1.3, hi / unit.nsPerUnit * 1.3);
}

}  // namespace d500::studio
