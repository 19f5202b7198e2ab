#include "charts/series_chart_model.h"

#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <algorithm>

#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/decimate.h"
#include "charts/palette.h"
#include "charts/units.h"

namespace d500::studio {

SeriesChartModel::SeriesChartModel(const RunCatalog& catalog, bool throughput)
    : ChartModel(catalog), throughput_(throughput) {}

SeriesChartModel::~SeriesChartModel() = default;

bool SeriesChartModel::isRateName(const QString& name) {
  const QString n = name.toLower();
  return n.contains(QStringLiteral("throughput")) || n.contains(QStringLiteral("per_s")) ||
         n.contains(QStringLiteral("/s")) || n.endsWith(QStringLiteral("_s")) ||
         n.contains(QStringLiteral("per_sec"));
}

void SeriesChartModel::clear() {
  curves_.clear();
  byKey_.clear();
  lastId_.clear();
  names_.clear();
  points_ = 0;
  shapeChanged_ = true;
}

bool SeriesChartModel::poll(const store::ResultStore& s, const QList<qint64>& runIds,
                            size_t rowBudget) {
  runIds_ = runIds;
  Curve* last = nullptr;  // rows come interleaved by name; most follow one of the same curve
  return readSeries(s, runIds, rowBudget, lastId_, [&](qint64 run, const store::SeriesPoint& p) {
    if (!last || last->run != run || last->rank != p.rank || last->storedName != p.name) {
      auto key = std::make_tuple(run, p.rank, p.name);
      auto it = byKey_.find(key);
      if (it == byKey_.end()) {
        auto c = std::make_unique<Curve>();
        c->run = run;
        c->rank = p.rank;
        c->name = QString::fromStdString(p.name);
        c->storedName = p.name;
        if (!names_.contains(c->name)) names_.append(c->name);
        it = byKey_.emplace(key, c.get()).first;
        curves_.push_back(std::move(c));
        shapeChanged_ = true;
      }
      last = it->second;
    }
    last->buffer.append(p);
    ++points_;
  });
}

QStringList SeriesChartModel::shownNames(const ChartOptions& o) const {
  QStringList shown;
  if (!o.series.isEmpty()) {
    for (const auto& n : o.series)
      if (names_.contains(n)) shown.append(n);
    return shown;
  }
  for (const auto& n : names_)
    if (isRateName(n) == throughput_) shown.append(n);
  return shown.isEmpty() ? names_ : shown;
}

QString SeriesChartModel::label(const Curve& c) const {
  QString l = c.name;
  if (runIds_.size() > 1) l += QStringLiteral(" · ") + catalog_.label(c.run);
  if (c.rank != 0) l += QStringLiteral(" ") + tr("[rank %1]").arg(c.rank);
  return l;
}

void SeriesChartModel::build(QChart* chart, const ChartOptions& o) {
  clearChart(chart);
  for (auto& c : curves_) c->raw = c->smooth = nullptr;
  const bool wall = o.x == ChartOptions::XAxis::WallTime;
  const QStringList shown = shownNames(o);
  QAbstractAxis* ax =
      makeAxis(o.logX, wall ? tr("wall time since the run started (s)") : tr("step"));
  QAbstractAxis* ay =
      makeAxis(o.logY, shown.isEmpty() ? tr("value") : shown.join(QStringLiteral(", ")));
  chart->addAxis(ax, Qt::AlignBottom);
  chart->addAxis(ay, Qt::AlignLeft);
  const bool smoothing = o.smoothing > 0;
  for (auto& cp : curves_) {
    Curve* c = cp.get();
    const int nameIndex = static_cast<int>(shown.indexOf(c->name));
    if (nameIndex < 0) continue;
    const int runIndex = std::max(0, static_cast<int>(runIds_.indexOf(c->run)));
    // One run: a colour per series; one series: a colour per run; else both.
    const int colour = runIds_.size() <= 1 ? nameIndex
                       : shown.size() == 1 ? runIndex
                                           : runIndex * static_cast<int>(shown.size()) + nameIndex;
    const QColor color = seriesColor(colour);
    c->raw = new QLineSeries;
    c->raw->setName(label(*c));
    QColor faint = color;
    if (smoothing) faint.setAlpha(70);
    c->raw->setPen(QPen(faint, smoothing ? 1.0 : 1.6));
    chart->addSeries(c->raw);
    c->raw->attachAxis(ax);
    c->raw->attachAxis(ay);
    QList<QLineSeries*> hoverable{c->raw};
    if (smoothing) {
      c->smooth = new QLineSeries;
      c->smooth->setName(label(*c));
      c->smooth->setPen(QPen(color, 2.0));
      chart->addSeries(c->smooth);
      c->smooth->attachAxis(ax);
      c->smooth->attachAxis(ay);
      hideFromLegend(chart, c->raw);
      hoverable.append(c->smooth);
    }
    const double weight = o.smoothing;
    for (QLineSeries* s : hoverable)
      QObject::connect(
          s, &QXYSeries::hovered, s, [this, c, wall, weight](const QPointF& at, bool inside) {
            if (!inside) return showToolTip({});
            const ptrdiff_t i = c->buffer.nearest(at.x(), wall);
            if (i < 0) return;
            QString text = label(*c) + QLatin1Char('\n') +
                           tr("step %1 · %2 s")
                               .arg(static_cast<qint64>(c->buffer.steps()[i]))
                               .arg(formatNumber(c->buffer.wallTimes()[i], 4)) +
                           QLatin1Char('\n') + tr("value %1").arg(c->buffer.values()[i], 0, 'g', 6);
            if (weight > 0)
              text += QLatin1Char('\n') +
                      tr("smoothed %1").arg(c->buffer.smoothed(weight)[i], 0, 'g', 6);
            showToolTip(text);
          });
  }
  shapeChanged_ = false;
}

void SeriesChartModel::draw(QChart* chart, const ChartOptions& o, int columns, bool rebuild) {
  if (rebuild || shapeChanged_) build(chart, o);
  const bool wall = o.x == ChartOptions::XAxis::WallTime;
  QAbstractAxis* ax = chart->axes(Qt::Horizontal).value(0);
  QAbstractAxis* ay = chart->axes(Qt::Vertical).value(0);
  if (o.zoomed) {
    setAxisRange(ax, o.xMin, o.xMax);
    setAxisRange(ay, o.yMin, o.yMax);
  } else {
    SeriesBuffer::Bounds xb, yb;
    for (const auto& c : curves_) {
      if (!c->raw) continue;
      const auto& cx = wall ? c->buffer.wallTimeBounds() : c->buffer.stepBounds();
      const auto& cy = c->buffer.valueBounds();
      for (double v : {cx.min, cx.max, cx.minPositive}) xb.add(v);
      for (double v : {cy.min, cy.max, cy.minPositive}) yb.add(v);
    }
    const double xlo = o.logX ? xb.minPositive : xb.min;
    auto [x0, x1] = xlo < xb.max ? std::pair{xlo, xb.max} : padded(xlo, xb.max, o.logX);
    setAutoRange(ax, x0, x1);
    auto [y0, y1] = padded(o.logY ? yb.minPositive : yb.min, yb.max, o.logY);
    setAutoRange(ay, y0, y1);
  }
  const auto [x0, x1] = axisRange(ax);
  for (auto& c : curves_) {
    if (!c->raw) continue;
    DecimateOptions d;
    d.xMin = x0;
    d.xMax = x1;
    d.columns = columns;
    d.logX = o.logX;
    d.logY = o.logY;
    d.sortedX = wall ? c->buffer.wallTimesSorted() : c->buffer.stepsSorted();
    const auto xs = wall ? c->buffer.wallTimes() : c->buffer.steps();
    c->raw->replace(decimateMinMax(xs, c->buffer.values(), d));
    if (c->smooth) c->smooth->replace(decimateMinMax(xs, c->buffer.smoothed(o.smoothing), d));
    // A lone point is no line: its marker shows it (the first evaluation of a run).
    for (QLineSeries* s : {c->raw, c->smooth})
      if (s && s->pointsVisible() != (s->count() == 1)) {
        s->setPointsVisible(s->count() == 1);
        s->setMarkerSize(7);
      }
  }
}

void SeriesChartModel::writeCsv(CsvExport& out, const ChartOptions& o) const {
  out.row({QStringLiteral("run_id"), QStringLiteral("rank"), QStringLiteral("series"),
           QStringLiteral("step"), QStringLiteral("wall_time"), QStringLiteral("value")});
  const QStringList shown = shownNames(o);
  for (const auto& c : curves_) {
    if (!shown.contains(c->name)) continue;
    const QString run = QString::number(c->run), rank = QString::number(c->rank);
    const auto steps = c->buffer.steps();
    const auto walls = c->buffer.wallTimes();
    const auto values = c->buffer.values();
    for (size_t i = 0; i < c->buffer.size(); ++i)
      out.row({run, rank, c->name, csv::number(static_cast<int64_t>(steps[i])),
               csv::number(walls[i]), csv::number(values[i])});
  }
}

QString SeriesChartModel::csvUnits() const {
  return tr(
      "step: count; wall_time: s since the run started; value: the series' own unit, as "
      "recorded by the run");
}

}  // namespace d500::studio
